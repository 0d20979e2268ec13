package scene

import (
	"math"
	"testing"

	"github.com/mm2carla/viewer/format/recorder"
)

// TestStoreIDs: ids from 0 to the largest uint32, in any order, some in
// the dense index and some (from maxDense on, which CARLA never uses but
// a hostile file may) in the map; added, replaced, removed and reused.
func TestStoreIDs(t *testing.T) {
	ids := []uint32{math.MaxUint32, 7, maxDense, 0, maxDense - 1, 3_000_000, 12}
	w := NewWorld()
	var adds []recorder.ActorAdd
	for _, id := range ids {
		adds = append(adds, addActor(id, 1, "vehicle.a.b", recorder.Vec3{X: float64(id % 1000)}, recorder.Vec3{}))
	}
	applyFrame(w, 1, 0, &recorder.EventAdd{Actors: adds})
	var s State
	w.State(&s)
	want := []uint32{0, 7, 12, maxDense - 1, maxDense, 3_000_000, math.MaxUint32}
	if len(s.Actors) != len(want) {
		t.Fatalf("%d actors, want %d", len(s.Actors), len(want))
	}
	for i, id := range want {
		if s.Actors[i].ID != id || s.Actor(id) == nil || s.Actor(id).World.Location[0] != float64(id%1000)/100 {
			t.Fatalf("actor %d: %+v", i, s.Actors[i])
		}
	}
	// Spawning an id again replaces it; removing frees its slot for the
	// next spawn, which finds no trace of the removed actor.
	applyFrame(w, 2, 0.1,
		&recorder.EventAdd{Actors: []recorder.ActorAdd{addActor(maxDense, 2, "walker.x", recorder.Vec3{}, recorder.Vec3{})}},
		&recorder.EventDel{IDs: []uint32{math.MaxUint32, 7, 999}})
	applyFrame(w, 3, 0.2, &recorder.EventAdd{Actors: []recorder.ActorAdd{addActor(8, 1, "vehicle.new.one", recorder.Vec3{}, recorder.Vec3{})}})
	w.State(&s)
	if len(s.Actors) != 6 || s.Actor(math.MaxUint32) != nil || s.Actor(7) != nil {
		t.Fatalf("after removing: %d actors", len(s.Actors))
	}
	if a := s.Actor(maxDense); a == nil || a.Kind != KindWalker {
		t.Fatalf("respawned %d: %+v", maxDense, a)
	}
	if a := s.Actor(8); a == nil || a.Blueprint != "vehicle.new.one" || a.Distance != 0 {
		t.Fatalf("actor in a reused slot: %+v", a)
	}
	for i := 1; i < len(s.Actors); i++ {
		if s.Actors[i-1].ID >= s.Actors[i].ID {
			t.Fatalf("not sorted: %d before %d", s.Actors[i-1].ID, s.Actors[i].ID)
		}
	}
	if got := len(w.slots); got > len(ids)+1 {
		t.Errorf("%d slots for at most %d live actors: freed slots not reused", got, len(ids)+1)
	}
}

// TestSearchTimes: frame times that go back or are not numbers are made
// non-decreasing for the binary search, and a first NaN counts as 0.
func TestSearchTimes(t *testing.T) {
	nan := math.NaN()
	for _, tt := range []struct{ in, want []float64 }{
		{[]float64{0, 0.1, 0.2}, []float64{0, 0.1, 0.2}},
		{[]float64{0, 0.1, 0.05, 0.3}, []float64{0, 0.1, 0.1, 0.3}},
		{[]float64{0, nan, 0.2}, []float64{0, 0, 0.2}},
		{[]float64{nan, 1}, []float64{0, 1}},
		{[]float64{math.Inf(1), 1}, []float64{0, 1}},
		{[]float64{2, 2, 1, 3}, []float64{2, 2, 2, 3}},
	} {
		frames := make([]recorder.FrameInfo, len(tt.in))
		for i, e := range tt.in {
			frames[i].Elapsed = e
		}
		got := searchTimes(frames)
		for i := range got {
			if got[i] != tt.want[i] {
				t.Errorf("%v: %v, want %v", tt.in, got, tt.want)
				break
			}
		}
	}
}
