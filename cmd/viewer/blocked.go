package main

import (
	"math"

	"github.com/mm2carla/viewer/analysis/query"
)

const blockedHelp = `
Prints what CARLA's client.show_recorder_actors_blocked prints: the actors
that moved less than --distance centimetres for at least --time seconds,
longest first, with the time the stop began and how long it lasted.
CARLA's bugs (forgetting the wrong actor when one is destroyed, the last
frame counting -1 s) are fixed: see docs/CARLA-DIFFERENCES.md. --json
gives the rows as one JSON document, with where each actor stood and how
the stop ended (moved, destroyed or end).
`

// cmdBlocked is `viewer blocked`: CARLA's show_recorder_actors_blocked.
func cmdBlocked() *Command {
	c := &Command{
		Name:    "blocked",
		Summary: "list actors that stood still, as CARLA's show_recorder_actors_blocked",
		Usage:   "FILE [--time S] [--distance CM] [--json]",
	}
	c.Run = func(env *Env, args []string) error {
		fs := newQueryFlags(env, c, blockedHelp)
		minTime := fs.Float64("time", query.DefaultBlockedTime, "minimum time standing still, in seconds")
		minDist := fs.Float64("distance", query.DefaultBlockedDistance, "distance under which an actor stands still, in centimetres")
		asJSON := fs.Bool("json", false, "print one JSON document instead of CARLA's text")
		pos, err := Parse(fs, args)
		if err != nil {
			return err
		}
		if len(pos) != 1 {
			return Usagef("want one FILE, got %d arguments", len(pos))
		}
		for _, v := range []struct {
			name string
			v    float64
		}{{"--time", *minTime}, {"--distance", *minDist}} {
			if !(v.v >= 0) || math.IsInf(v.v, 0) {
				return Usagef("%s %g: want a finite number, not negative", v.name, v.v)
			}
		}
		return runReport(env, pos[0], *asJSON, func(src query.Source) (tableReport, error) {
			rep, err := query.Blocked(src, *minTime, *minDist)
			if rep == nil {
				return nil, err
			}
			return rep, err
		})
	}
	return c
}
