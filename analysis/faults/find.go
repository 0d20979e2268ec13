package faults

import (
	"cmp"
	"runtime"
	"slices"
	"sync"

	"github.com/mm2carla/viewer/analysis/lanes"
	"github.com/mm2carla/viewer/scene"
)

// Result is what Find found.
type Result struct {
	// Faults are sorted by start, then actor, then kind.
	Faults []Fault
	// LaneChanges are the lane changes (Kind LaneChange), sorted the same
	// way: events for the timeline, not faults.
	LaneChanges []Fault
	// Vehicles is the number of vehicle tracks checked.
	Vehicles int
	// LaneRules is false when the association has no map: then only
	// collisions and blocked spans are listed.
	LaneRules bool
}

// Count returns how many faults of kind k there are.
func (r *Result) Count(k Kind) int {
	n := 0
	for i := range r.Faults {
		if r.Faults[i].Kind == k {
			n++
		}
	}
	return n
}

// Find applies every rule to an association and lists the recorded
// collisions and blocked spans of events (the recording's Events, which
// a's Spots follow). It reads a only, so the window may run it again
// with other thresholds on the same association. The close calls, which
// look at every frame across vehicles, and the rules that follow one
// vehicle, in shares of the tracks, run on all cores at once.
func Find(a *lanes.Association, events []scene.Event, th Thresholds) *Result {
	r := &Result{Vehicles: len(a.Tracks), LaneRules: a.Map != nil}
	if a.Map != nil {
		ends := newEndLights(a)
		n := max(runtime.GOMAXPROCS(0)-1, 1)
		parts := make([]Result, n)
		var close []Fault
		var wg sync.WaitGroup
		wg.Go(func() { close = closeCalls(a, events, th) })
		for k := range parts {
			wg.Go(func() {
				for i := k; i < len(a.Tracks); i += n {
					scanTrack(a.Map, ends, &a.Tracks[i], th, &parts[k])
				}
			})
		}
		wg.Wait()
		for k := range parts {
			r.Faults = append(r.Faults, parts[k].Faults...)
			r.LaneChanges = append(r.LaneChanges, parts[k].LaneChanges...)
		}
		r.Faults = append(r.Faults, close...)
	}
	r.Faults = append(r.Faults, recorded(a, events, th)...)
	sortFaults(r.Faults)
	sortFaults(r.LaneChanges)
	return r
}

func sortFaults(fs []Fault) {
	slices.SortStableFunc(fs, func(x, y Fault) int {
		if c := cmp.Compare(x.Start, y.Start); c != 0 {
			return c
		}
		if c := cmp.Compare(x.Actor, y.Actor); c != 0 {
			return c
		}
		if c := cmp.Compare(x.Kind, y.Kind); c != 0 {
			return c
		}
		if c := cmp.Compare(x.End, y.End); c != 0 {
			return c
		}
		return cmp.Compare(x.Other, y.Other)
	})
}

// at makes a fault of the track placed where sample i is.
func at(k Kind, tr *lanes.Track, i int) Fault {
	s := tr.At(i)
	f := Fault{Kind: k, Actor: tr.ID, Blueprint: tr.Blueprint, Start: s.Time, End: s.Time,
		Place: s.Place, Road: s.Road, Intersection: s.Intersection, Location: s.Pos}
	if s.Place == lanes.OnRoad && s.HasLane {
		f.Lane, f.HasLane = s.Lane, true
	}
	return f
}

// endTime is the time a span that began at sample i and held until
// sample j (exclusive; j may be the track's length) lasted to: the time
// of sample j, or of the last sample when the track ends.
func endTime(tr *lanes.Track, j int) float64 {
	return tr.Time(min(j, tr.Len()-1))
}
