package fleet

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"

	"github.com/mm2carla/viewer/analysis/faults"
	"github.com/mm2carla/viewer/analysis/lanes"
	"github.com/mm2carla/viewer/analysis/leaderboard"
	"github.com/mm2carla/viewer/analysis/pipeline"
	"github.com/mm2carla/viewer/analysis/towns"
	"github.com/mm2carla/viewer/scene"
)

// Options say how every recording of a fleet is checked.
type Options struct {
	Thresholds faults.Thresholds
	// Map is the map given for every recording (nil: each finds its own,
	// FindMap), and MapName what to call it.
	Map     *pipeline.File
	MapName string
	// MapsDir is the maps folder of the town search (towns.MapsOff: off).
	MapsDir string
	// Actors, when not nil, returns the actors whose faults alone are
	// kept in a recording (`--actor hero`); an error fails the run.
	Actors func(rec *scene.Recording, name string) ([]uint32, error)
	// Jobs is how many recordings are checked at once (0: GOMAXPROCS).
	Jobs int
	// Ordered delivers the runs in the order given instead of as they
	// finish.
	Ordered bool
	// Leaderboard is the edition whose penalty a run's hero is predicted
	// with (0: 2.0), and Route the route every run followed (nil: none
	// known, no route completion or driving score).
	Leaderboard leaderboard.Version
	Route       *leaderboard.Route
}

// Run is one recording's check: what a line of text, a JSON object and a
// row of runs.parquet say.
type Run struct {
	Recording string  // the path as given or walked
	Town      string  // the town or place the header names ("" none)
	Map       string  // the map file used ("" none)
	Duration  float64 // seconds of whole frames
	Vehicles  int     // vehicle tracks checked
	LaneRules bool    // false without a map: only collisions and blocked spans
	Only      []uint32
	Faults    []Fault
	// Err says why the recording could not be read whole, naming the
	// file and the byte offset: Faults are then those of its whole
	// frames. Failed says the run counts as unread (exit status 1): a
	// cut file, a file that is no recording, a damaged map, an --actor
	// that is not there.
	Err    error
	Failed bool
	// Leaderboard is what CARLA's leaderboard would record of the run's
	// hero (the one actor whose role_name is hero): its infractions, the
	// penalty and, with Options.Route, the scores. nil when the run has
	// no hero, or several, or its hero is no vehicle. It costs a few
	// milliseconds over the association the faults were found on.
	Leaderboard *leaderboard.Result
}

// Count returns the number of faults of kind k.
func (r *Run) Count(k faults.Kind) int {
	n, s := 0, k.String()
	for i := range r.Faults {
		if r.Faults[i].Kind == s {
			n++
		}
	}
	return n
}

// Fault is one fault as the reports give it: in the file's units
// (centimetres, Unreal axes) and the map's own road numbers, rounded as
// `viewer check --json` prints them. Pointers are nil where a field does
// not apply.
type Fault struct {
	Kind           string
	Actor          uint32
	Blueprint      string
	Hero           bool // the actor's role_name is hero
	Other          *uint32
	OtherBlueprint *string
	Start, End     float64
	Road           *int
	Side           *string
	Lane           *int
	Intersection   *int
	Worst          float64
	Unit           string
	X, Y, Z        float64
}

// Check checks the recording at path: its map (opt.Map, else FindMap),
// the lane association and the fault rules, then closes it. It never
// fails as a whole: what went wrong is in the Run.
func Check(ctx context.Context, path string, opt *Options) *Run {
	r := &Run{Recording: path}
	src := pipeline.Source{Name: path, Path: path}
	f, err := pipeline.Load(ctx, src, nil)
	if err != nil {
		r.Err, r.Failed = err, true
		return r
	}
	defer f.Close()
	rec := f.Recording
	r.Town = towns.TownName(rec.Header().Map)
	r.Duration = rec.Duration()
	m, mapName := opt.Map, opt.MapName
	if m == nil {
		if m, mapName, err = FindMap(ctx, src, rec, opt.MapsDir); err != nil {
			r.Err, r.Failed = err, true
			return r
		}
	}
	if m != nil {
		r.Map = mapName
	}
	var only []uint32
	if opt.Actors != nil {
		if only, err = opt.Actors(rec, path); err != nil {
			r.Err, r.Failed = err, true
			return r
		}
		r.Only = only
	}
	lm := pipeline.LaneMapOf(m)
	an, err := pipeline.Analyze(ctx, rec, lm, pipeline.Options{Thresholds: opt.Thresholds})
	if err != nil {
		r.Err, r.Failed = fmt.Errorf("%s: %w", path, err), true
		return r
	}
	r.Vehicles, r.LaneRules = an.Faults.Vehicles, an.Faults.LaneRules
	if hero, ok := leaderboard.Hero(rec); ok {
		// An error is a hero that is no vehicle (a walker): nothing the
		// leaderboard judges, so no prediction.
		r.Leaderboard, _ = leaderboard.JudgeRecording(rec, an.Assoc,
			leaderboard.Options{Hero: hero, Version: opt.Leaderboard, Route: opt.Route})
	}
	heroes := map[uint32]bool{}
	for _, l := range rec.Lives() {
		if l.Hero {
			heroes[l.ID] = true
		}
	}
	for i := range an.Faults.Faults {
		ft := &an.Faults.Faults[i]
		if only != nil && !slices.Contains(only, ft.Actor) && (ft.Other == 0 || !slices.Contains(only, ft.Other)) {
			continue
		}
		r.Faults = append(r.Faults, newFault(ft, lm, heroes[ft.Actor]))
	}
	if err := rec.Err(); err != nil {
		r.Err, r.Failed = fmt.Errorf("%s: %w", path, err), true
	}
	return r
}

// FindMap finds and loads the map of a recording given none, as a single
// recording's is found (pipeline.LoadTown: beside it, in the maps
// folder, in a CARLA installation, built in, then a map beside it that
// is the place by its content, such as the demo's city.bai beside its
// traffic.log), a damaged file giving way to the next source. It
// returns nil and no error when there is none, or when mapsDir is
// towns.MapsOff; an error, the search's notice naming the files passed
// over, when every map found was damaged: the run then fails rather
// than pass as checked without lanes. The name is the map's as loaded
// (a file's path, a built-in town's file name).
func FindMap(ctx context.Context, src pipeline.Source, rec *scene.Recording, mapsDir string) (*pipeline.File, string, error) {
	f, t := pipeline.LoadTown(ctx, src, rec, towns.OptionsFromEnv(mapsDir))
	switch {
	case f != nil:
		return f, f.Source.Name, nil
	case len(t.Passed) > 0:
		return nil, "", errors.New(t.Notice())
	}
	return nil, "", nil
}

func newFault(f *faults.Fault, lm lanes.Map, hero bool) Fault {
	loc := scene.ToUnreal(f.Location)
	out := Fault{Kind: f.Kind.String(), Actor: f.Actor, Blueprint: f.Blueprint, Hero: hero,
		Start: Round(f.Start, 3), End: Round(f.End, 3), Worst: Round(f.Worst, 3), Unit: f.Kind.Unit(),
		X: Round(loc.X, 1), Y: Round(loc.Y, 1), Z: Round(loc.Z, 1)}
	if f.Kind == faults.Collision || f.Kind == faults.CloseCall {
		o := f.Other
		out.Other = &o
		if f.OtherBlueprint != "" {
			b := f.OtherBlueprint
			out.OtherBlueprint = &b
		}
	}
	n := f.Numbers(lm)
	out.Road, out.Side, out.Lane, out.Intersection = n.Road, n.Side, n.Lane, n.Intersection
	return out
}

// Round rounds x to decimals places as it prints, with no "-0": the
// numbers of the reports, the same in JSON and Parquet.
func Round(x float64, decimals int) float64 {
	r, _ := strconv.ParseFloat(strconv.FormatFloat(x, 'f', decimals, 64), 64)
	if r == 0 {
		return 0
	}
	return r
}
