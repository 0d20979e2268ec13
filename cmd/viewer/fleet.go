package main

import (
	"context"
	"encoding/json"
	"flag"
	"io"
	"os"

	"github.com/mm2carla/viewer/analysis/faults"
	"github.com/mm2carla/viewer/analysis/fleet"
	"github.com/mm2carla/viewer/analysis/leaderboard"
	"github.com/mm2carla/viewer/analysis/pipeline"
)

// fleetHelp is the part of `viewer check`'s help about fleets.
const fleetHelp = `
Fleets: given several recordings, or folders (searched recursively, the
recordings in them told apart by content), each recording is checked
with its own map: the map given, else its town found as for a single
recording, else a map beside it named as its header names the place (an
OpenDRIVE map whose <header name> it is; for a place that is not a CARLA
town, the one AI map in its folder). They are checked --jobs at a time
(default: every core) with memory bounded whatever their number. The
text gives one line per run, in the order given (its name, town,
duration, vehicles and faults by kind; with --actor hero, the hero's
only; and for a run with a hero, the infraction penalty CARLA's
leaderboard would give it, score_penalty), a line for each file that
could not be read whole (naming it and the byte offset; a cut
recording's line has the faults of its whole frames), then the totals
by kind and the heroes' mean penalty.

--jsonl writes one JSON object a line per recording as each finishes:
the --json document plus "duration" (s), "town", for a file not read
whole "error", and "leaderboard": for a run with a hero (the one actor
whose role_name is hero; null otherwise) what --rules leaderboard --json
says of it alone: "version", "hero", "lights", "route_id", "status",
"infractions" (the messages by the leaderboard's keys) and "scores"
(score_penalty; score_route and score_composed with a route). Outputs of
many machines concatenate. --parquet DIR writes DIR/runs.parquet (a row
per recording, with the hero's leaderboard, score_penalty, score_route
and score_composed) and DIR/faults.parquet (a row per fault: recording,
town, kind, actor, blueprint, hero, other, start, end, road, side, lane,
intersection, worst, x, y, z).

The hero's penalty is always predicted (edition 2.0; it costs a few
milliseconds a run). --rules leaderboard with --leaderboard 1.0 and
--route F --route-id N (one route every run followed) chooses the
edition and the route, and makes the exit status follow the heroes'
infractions instead of the faults.

Exit status of a fleet: 1 when any input could not be read whole, else 3
when any fault (with --rules leaderboard: any infraction of a hero) was
found, else 0.
`

// fleetFlags are the flags of a fleet check.
type fleetFlags struct {
	jobs    *int
	jsonl   *bool
	parquet *string
}

func addFleetFlags(fs *flag.FlagSet) *fleetFlags {
	return &fleetFlags{
		jobs:    fs.Int("jobs", 0, "recordings checked at once (0: one per core)"),
		jsonl:   fs.Bool("jsonl", false, "write one JSON object a line per recording, as each finishes"),
		parquet: fs.String("parquet", "", "write runs.parquet and faults.parquet into this folder"),
	}
}

// wanted reports whether the positional arguments make a fleet: a
// folder, more than one recording, or a fleet output asked for. One
// recording (and a map) keeps the single check's output.
func (ff *fleetFlags) wanted(pos []string) bool {
	if *ff.jsonl || *ff.parquet != "" || *ff.jobs != 0 {
		return true
	}
	recs := 0
	for _, p := range pos {
		if st, err := os.Stat(p); err == nil && st.IsDir() {
			return true
		}
		if in, err := pipeline.Open(pipeline.Source{Name: p, Path: p}); err == nil {
			if in.Kind() == pipeline.KindRecording {
				recs++
			}
			in.Close()
		}
	}
	return recs > 1
}

// runFleet is `viewer check` over a fleet (package fleet does the work).
// With --rules leaderboard (lbOn) the exit status follows the heroes'
// leaderboard infractions instead of the faults.
func runFleet(env *Env, ff *fleetFlags, pos []string, th faults.Thresholds, asJSON bool, mapsDir string, filter *actorFilter,
	lb *leaderboardFlags, lbOn bool) error {
	if asJSON {
		return Usagef("--json is one document for one recording; a fleet takes --jsonl")
	}
	if *ff.jobs < 0 {
		return Usagef("--jobs %d: want 0 (every core) or more", *ff.jobs)
	}
	in, err := fleet.Walk(pos)
	if err != nil {
		return Usagef("%v", err)
	}
	v, route, err := lb.options()
	if err != nil {
		return err
	}
	opt := &fleet.Options{Thresholds: th, MapsDir: mapsDir, Jobs: *ff.jobs, Ordered: !*ff.jsonl, Leaderboard: v, Route: route}
	if filter != nil {
		opt.Actors = filter.resolve
	}
	if in.Map != "" {
		m, err := pipeline.Load(context.Background(), pipeline.Source{Name: in.Map, Path: in.Map}, nil)
		if err != nil {
			return err
		}
		opt.Map, opt.MapName = m, in.Map
	}
	var pq *fleet.Parquet
	if *ff.parquet != "" {
		if pq, err = fleet.NewParquet(*ff.parquet); err != nil {
			return err
		}
	}
	tot := newFleetTotals(v, lbOn)
	var werr error
	fleet.CheckAll(context.Background(), in.Items, opt, func(r *fleet.Run) {
		tot.add(r)
		if werr != nil {
			return
		}
		if *ff.jsonl {
			werr = writeRunJSON(env.Stdout, r)
		} else {
			werr = writeRunText(env.Stdout, r)
		}
		if werr == nil && pq != nil {
			werr = pq.Write(r)
		}
	})
	if pq != nil {
		if err := pq.Close(); werr == nil {
			werr = err
		}
	}
	if werr != nil {
		return werr
	}
	if !*ff.jsonl {
		if err := tot.write(env.Stdout); err != nil {
			return err
		}
	}
	return tot.status()
}

// runJSON is a run's JSON object: the --json document, plus the
// duration, the town, the error and the leaderboard's prediction for
// the hero (null: no hero).
type runJSON struct {
	checkReport
	Duration    float64    `json:"duration"`
	Town        *string    `json:"town"`
	Error       *string    `json:"error,omitempty"`
	Leaderboard *lbRunJSON `json:"leaderboard"`
}

// lbRunJSON is a run's "leaderboard" object: the edition and the route
// record of `check --rules leaderboard --json`, in the leaderboard's
// keys (infractions: messages by key; scores: score_penalty, and with
// --route score_route and score_composed).
type lbRunJSON struct {
	Version string `json:"version"`
	lbRecord
}

func writeRunJSON(w io.Writer, r *fleet.Run) error {
	o := runJSON{checkReport: checkReport{Recording: r.Recording, Vehicles: r.Vehicles, Faults: []checkFault{}},
		Duration: fleet.Round(r.Duration, 3)}
	if r.Map != "" {
		o.Map = &r.Map
	}
	if r.Town != "" {
		o.Town = &r.Town
	}
	if r.Err != nil {
		s := r.Err.Error()
		o.Error = &s
	}
	if lr := r.Leaderboard; lr != nil {
		o.Leaderboard = &lbRunJSON{Version: lr.Version.String(), lbRecord: newLBRecord(lr)}
	}
	for _, f := range r.Faults {
		cf := checkFault{Kind: f.Kind, Actor: f.Actor, Blueprint: f.Blueprint, Start: f.Start, End: f.End,
			Road: f.Road, Side: f.Side, Lane: f.Lane, Intersection: f.Intersection, Worst: f.Worst,
			Location: [3]float64{f.X, f.Y, f.Z}}
		if f.Other != nil {
			cf.Other = &checkOther{ID: *f.Other, Blueprint: f.OtherBlueprint}
		}
		o.Faults = append(o.Faults, cf)
	}
	b, err := json.Marshal(o)
	if err != nil {
		return err
	}
	_, err = w.Write(append(b, '\n'))
	return err
}

// writeRunText writes a run's line, and the line of its error.
func writeRunText(w io.Writer, r *fleet.Run) error {
	bw := &errWriter{w: w}
	if r.Vehicles > 0 || r.Err == nil {
		town := r.Town
		if town == "" {
			town = "-"
		}
		bw.printf("%s  %s  %.1f s  %d vehicles ", r.Recording, town, r.Duration, r.Vehicles)
		total := 0
		for _, k := range faults.Kinds {
			n := r.Count(k)
			total += n
			if n > 0 || r.LaneRules || k == faults.Collision || k == faults.Blocked {
				bw.printf(" %s %d", k, n)
			}
		}
		bw.printf("  total %d", total)
		if lr := r.Leaderboard; lr != nil {
			bw.printf("  score_penalty %.3g", lr.Penalty)
			if rt := lr.Route; rt != nil {
				bw.printf("  score_route %.1f  score_composed %.1f", rt.Completion, rt.Score.Composed)
			}
		}
		bw.printf("\n")
	}
	if r.Err != nil {
		bw.printf("%s\n", r.Err)
	}
	return bw.err
}

// fleetTotals are the fleet's counts, kept as runs go by.
type fleetTotals struct {
	runs, unread, withFaults int
	seconds                  float64
	kinds                    map[faults.Kind]int
	faults                   int
	// The leaderboard's predictions: the edition, the runs with a hero,
	// the sum of their penalties and their infractions; lbOn: the exit
	// status follows the infractions (--rules leaderboard).
	version     leaderboard.Version
	lbOn        bool
	heroes      int
	penalty     float64
	infractions int
}

func newFleetTotals(v leaderboard.Version, lbOn bool) *fleetTotals {
	return &fleetTotals{kinds: map[faults.Kind]int{}, version: v, lbOn: lbOn}
}

func (t *fleetTotals) add(r *fleet.Run) {
	t.runs++
	if r.Failed {
		t.unread++
	}
	if len(r.Faults) > 0 {
		t.withFaults++
	}
	t.seconds += r.Duration
	for _, k := range faults.Kinds {
		n := r.Count(k)
		t.kinds[k] += n
		t.faults += n
	}
	if lr := r.Leaderboard; lr != nil {
		t.heroes++
		t.penalty += lr.Penalty
		t.infractions += len(lr.Infractions)
	}
}

func (t *fleetTotals) write(w io.Writer) error {
	bw := &errWriter{w: w}
	bw.printf("\n%d runs, %.2f recording hours, %d with faults, %d not read whole\n", t.runs, t.seconds/3600, t.withFaults, t.unread)
	for _, k := range faults.Kinds {
		bw.printf("%-12s %d\n", k, t.kinds[k])
	}
	bw.printf("%-12s %d\n", "total", t.faults)
	if t.heroes > 0 {
		bw.printf("leaderboard %s: %d runs with a hero, %d infractions, mean score_penalty %.3g\n",
			t.version, t.heroes, t.infractions, t.penalty/float64(t.heroes))
	}
	return bw.err
}

// status is the fleet's exit status: 1 when any input could not be read
// whole, else 3 when any fault (with --rules leaderboard: any
// infraction of a hero) was found, else 0.
func (t *fleetTotals) status() error {
	found := t.faults
	if t.lbOn {
		found = t.infractions
	}
	switch {
	case t.unread > 0:
		return &ExitStatus{Code: 1}
	case found > 0:
		return errFaults
	}
	return nil
}
