package compare

import (
	"math"
	"slices"
	"sort"

	"github.com/mm2carla/viewer/analysis/faults"
	"github.com/mm2carla/viewer/scene"
)

// EventTolerance is how far apart in time (s, on the one clock) the same
// event may be in the two runs. A second is twenty frames at CARLA's
// usual rate: a candidate that brakes a little later still has "the same"
// collision, while a planner change that moves a collision by more is
// worth a line of its own.
const EventTolerance = 1.0

// Event is something that happened at a moment of one run.
type Event struct {
	Kind   string   // "collision", or a fault's kind ("off-lane", "red-light", ...)
	Time   float64  // s since the run began, on the run's own clock
	Actors []uint32 // the run's ids: the actor, and the other one of a collision or close call
}

// Collisions lists the collisions a recording holds, each when it began.
func Collisions(rec *scene.Recording) []Event {
	var out []Event
	for _, e := range rec.Events() {
		if e.Kind == scene.EventCollision {
			out = append(out, Event{Kind: "collision", Time: e.Time, Actors: []uint32{e.Actor, e.Other}})
		}
	}
	return out
}

// Faults lists the faults of r as Events, by start, leaving out the
// recorded collisions (Collisions lists them, map or not) and lane
// changes (not faults).
func Faults(r *faults.Result) []Event {
	var out []Event
	for _, f := range r.Faults {
		if f.Kind == faults.Collision || f.Kind == faults.LaneChange {
			continue
		}
		e := Event{Kind: f.Kind.String(), Time: f.Start, Actors: []uint32{f.Actor}}
		if f.Other != 0 {
			e.Actors = append(e.Actors, f.Other)
		}
		out = append(out, e)
	}
	return out
}

// OnlyInOne returns the events of A (a) and of B (b) that have no match
// in the other run, in the order given. An event of A matches one of B of
// the same kind whose actors are the matched partners of its own within EventTolerance of it on the one clock (offset as
// Diverge takes it); each is matched once, to the nearest in time. An
// actor that is not a moving actor (a prop, a pole, a light) keeps its
// id; an event of an actor matched with none is in one run only.
func OnlyInOne(m *Matching, offset float64, a, b []Event) (onlyA, onlyB []Event) {
	used := make([]bool, len(b))
	for _, e := range a {
		want, ok := m.partners(e)
		best := -1
		for j := range b {
			if !ok || used[j] || b[j].Kind != e.Kind || !sameActors(b[j].Actors, want) {
				continue
			}
			dt := math.Abs(b[j].Time - m.bTime(e.Time, offset))
			if dt <= EventTolerance && (best < 0 || dt < math.Abs(b[best].Time-m.bTime(e.Time, offset))) {
				best = j
			}
		}
		if best < 0 {
			onlyA = append(onlyA, e)
			continue
		}
		used[best] = true
	}
	for j, e := range b {
		if !used[j] {
			onlyB = append(onlyB, e)
		}
	}
	return onlyA, onlyB
}

// sameActors reports whether two events name the same actors, in any
// order (CARLA writes a collision's two actors in either).
func sameActors(x, y []uint32) bool {
	x, y = slices.Clone(x), slices.Clone(y)
	slices.Sort(x)
	slices.Sort(y)
	return slices.Equal(x, y)
}

// bTime is the time in B of the moment at A's time t.
func (m *Matching) bTime(t, offset float64) float64 {
	return m.B.Start() + (t - m.A.Start()) + offset
}

// partners returns the B ids of e's actors, and false when one of them
// is a moving actor of A matched with none.
func (m *Matching) partners(e Event) ([]uint32, bool) {
	f := frameAt(m.A.Times, e.Time)
	out := make([]uint32, len(e.Actors))
	for k, id := range e.Actors {
		i := m.A.Alive(id, f)
		switch {
		case i < 0:
			out[k] = id
		case m.bOf[i] < 0:
			return nil, false
		default:
			out[k] = m.B.Actors[m.bOf[i]].ID
		}
	}
	return out, true
}

// frameAt returns the last frame at or before t (the first before the start).
func frameAt(times []float64, t float64) int {
	return max(sort.Search(len(times), func(i int) bool { return times[i] > t })-1, 0)
}
