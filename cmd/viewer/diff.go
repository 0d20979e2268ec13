package main

import (
	"cmp"
	"context"
	"fmt"
	"io"
	"math"
	"slices"
	"strings"

	"github.com/mm2carla/viewer/analysis/compare"
	"github.com/mm2carla/viewer/analysis/faults"
	"github.com/mm2carla/viewer/analysis/pipeline"
)

const diffHelp = `
Compares two runs of one scenario: the reference A and the candidate B,
two CARLA recordings, and optionally a road map (a Midtown Madness 2 AI
map or an OpenDRIVE map), told apart by content; the first recording
given is A. Given no map, the town A names (TOWN.xodr) is looked for
beside it and in --maps DIR, and standard error says which map was
loaded or that none was found.

Both runs play on one clock, aligned at their first frames; --offset S
shifts B: the moment at A's time t is B's time t + S (each time since
its recording began). The vehicles and walkers of the two runs are
matched: by id when both have the id with the same blueprint, else by
role_name and blueprint when that names one actor in each, else by the
nearest spawn with the same blueprint (within 20 m, a second of spawn
time counting as 10 m). Each matched actor's divergence is the distance
between its two positions at a moment, measured at A's frames while it
lives in both runs.

The text lists every matched actor whose divergence exceeds --threshold
metres: when it first did, its largest divergence and when, and where it
was in each run at that moment; then the actors of one run only, and
the events of one run only: collisions, and with a map the faults that
'viewer check' finds (with their kind and actor, within 1 s on the one
clock; an event of an actor of one run only is in that run only).
--json gives one document:

  {"a":"..","b":"..","threshold":1.0,
   "actors":[{"a_id":96,"b_id":96,"blueprint":"..","first_diverges":2.0,
              "max_divergence":1.6,"max_at":2.35,"a_location":[x,y,z],
              "b_location":[x,y,z]}],
   "only_in_a":[ids],"only_in_b":[ids],
   "events_only_in_a":[{"kind":"collision","time":..,"actors":[ids]}],
   "events_only_in_b":[..]}

with the actors' times on A's clock, each event's time on its own run's
clock, and locations in the file's centimetres and Unreal axes, as
'viewer state' prints them.

Exit status: 0 when the runs agree within the threshold, 3 when they
differ (an actor diverges, an actor or an event is in one run only), 1
when a file cannot be read (the message names the file and the byte
offset), 2 for bad usage.
`

// ExitDiffer is `viewer diff`'s exit status when the runs differ.
const ExitDiffer = 3

// cmdDiff is `viewer diff`: where a candidate run of a scenario started
// doing something different from the reference, for people and for test
// pipelines.
func cmdDiff() *Command {
	c := &Command{
		Name:    "diff",
		Summary: "compare two runs of a scenario: where actors diverge, what is in one run only",
		Usage:   "A.log B.log [MAP] [--json] [--threshold M] [--offset S]",
	}
	c.Run = func(env *Env, args []string) error {
		fs := newQueryFlags(env, c, diffHelp)
		asJSON := fs.Bool("json", false, "print one JSON document")
		threshold := fs.Float64("threshold", 1, "list actors whose divergence exceeds this many metres")
		offset := fs.Float64("offset", 0, "seconds B is shifted by: A's time t is B's time t + S")
		maps := mapsFlag(fs)
		pos, err := Parse(fs, args)
		if err != nil {
			return err
		}
		if !(*threshold >= 0 && !math.IsInf(*threshold, 1)) {
			return Usagef("--threshold %v: want a number of 0 or more", *threshold)
		}
		if math.IsNaN(*offset) || math.IsInf(*offset, 0) {
			return Usagef("--offset %v: want a number of seconds", *offset)
		}
		if err := fileCount(pos, 2); err != nil {
			return err
		}
		return runDiff(env, pos, *threshold, *offset, *asJSON, *maps)
	}
	return c
}

func runDiff(env *Env, files []string, threshold, offset float64, asJSON bool, mapsDir string) error {
	a, b, err := openDiffFiles(env.Stderr, files, mapsDir)
	if err != nil {
		return err
	}
	defer a.close()
	defer b.close()
	ra, rb, errA, errB := compare.ReadPair(context.Background(), a.rec, b.rec)
	if errA != nil {
		return fileErr(a.recName, errA)
	}
	if errB != nil {
		return fileErr(b.recName, errB)
	}
	m := compare.MatchRuns(ra, rb)
	evA, evB, err := diffEvents(a, b)
	if err != nil {
		return err
	}
	rep := newDiffReport(a.recName, b.recName, compare.Diverge(m, offset), threshold, evA, evB)
	if asJSON {
		err = rep.writeJSON(env.Stdout)
	} else {
		err = rep.writeText(env.Stdout, offset)
	}
	if err != nil {
		return err
	}
	if rep.differ() {
		return &ExitStatus{Code: ExitDiffer}
	}
	return nil
}

// openDiffFiles loads the two recordings and the map, told apart by
// content: the first recording is A, and the map (given, or A's town
// found) goes with A.
func openDiffFiles(stderr io.Writer, files []string, mapsDir string) (*shotScene, *shotScene, error) {
	scs, err := openScenes(files, 2, 0, false)
	if err != nil {
		return nil, nil, err
	}
	a, b := scs[0], scs[1]
	ok := false
	defer func() {
		if !ok {
			a.close()
			b.close()
		}
	}()
	if a.rec == nil || b.rec == nil {
		return nil, nil, Usagef("want two recordings, got %s", strings.Join(files, ", "))
	}
	if err := a.findTownMap(stderr, "viewer diff", mapsDir); err != nil {
		return nil, nil, err
	}
	b.useMapOf(a)
	for _, w := range append(a.warnings, b.warnings...) {
		fmt.Fprintf(stderr, "viewer diff: %s\n", w)
	}
	ok = true
	return a, b, nil
}

// diffEvents lists each run's collisions and, with a map, its faults.
func diffEvents(a, b *shotScene) (evA, evB []compare.Event, err error) {
	lm := a.laneMap()
	for _, sc := range []*shotScene{a, b} {
		ev := compare.Collisions(sc.rec)
		if lm != nil && !sc.pathless {
			an, err := pipeline.Analyze(context.Background(), sc.rec, lm, pipeline.Options{Thresholds: faults.Defaults()})
			if err != nil {
				return nil, nil, fileErr(sc.recName, err)
			}
			sc.judgeRoads(an.Assoc, nil, nil)
			ev = append(ev, compare.Faults(an.Faults)...)
			slices.SortStableFunc(ev, func(x, y compare.Event) int { return cmp.Compare(x.Time, y.Time) })
		}
		if sc == a {
			evA = ev
		} else {
			evB = ev
		}
	}
	return evA, evB, nil
}
