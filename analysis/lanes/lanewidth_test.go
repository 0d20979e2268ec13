package lanes_test

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/mm2carla/viewer/analysis/lanes"
	"github.com/mm2carla/viewer/internal/drivetest"
)

// TestEntryLanes: the crossing's road 1 has one lane entering the
// junction at its end (the eastbound lane -1, 3.5 m wide, centred on
// y = -1.75, ending at x = 100) and none at its start, which leads
// nowhere; the junction's own road has none.
func TestEntryLanes(t *testing.T) {
	m := lanes.NewOpenDRIVE(drivetest.Crossing())
	got := m.EntryLanes(lanes.EndKey{Road: 0, AtStart: false})
	if len(got) != 1 {
		t.Fatalf("%d entry lanes at road 1's end, want 1: %+v", len(got), got)
	}
	l := got[0]
	if l.Lane.Side != lanes.SideB || l.Lane.Lane != 0 || math.Abs(l.Width-3.5) > 1e-6 ||
		l.Point.Sub(mgl64.Vec3{drivetest.CrossingEntryX, -1.75, 0}).Len() > 1e-6 || l.Dir.Sub(mgl64.Vec3{1, 0, 0}).Len() > 1e-9 {
		t.Errorf("entry lane %+v, want side B lane 0, 3.5 m wide, at (100, -1.75) heading +X", l)
	}
	for _, k := range []lanes.EndKey{{Road: 0, AtStart: true}, {Road: 1, AtStart: true}, {Road: 9, AtStart: true}} {
		if got := m.EntryLanes(k); len(got) != 0 {
			t.Errorf("%+v: %d entry lanes, want none", k, len(got))
		}
	}
}

// TestNearestCentre measures from the nearest driving lane's centre, with
// its width, and finds no lane far from the roads.
func TestNearestCentre(t *testing.T) {
	m := lanes.NewOpenDRIVE(drivetest.Crossing())
	for _, tt := range []struct {
		p    mgl64.Vec3
		dist float64
		ok   bool
	}{
		{mgl64.Vec3{50, -1.75, 0}, 0, true},
		{mgl64.Vec3{50, -4.5, 0}, 2.75, true}, // on the sidewalk beside the eastbound lane
		{mgl64.Vec3{50, 2.75, 0}, 1, true},    // in the westbound lane
		{mgl64.Vec3{50, 60, 0}, math.Inf(1), false},
	} {
		d, w, ok := m.NearestCentre(tt.p, 10, "driving", "parking")
		if ok != tt.ok || ok && (math.Abs(d-tt.dist) > 1e-6 || math.Abs(w-3.5) > 1e-6) {
			t.Errorf("at %v: %.3f m from a %.2f m lane (%v), want %.3f from a 3.5 m lane (%v)", tt.p, d, w, ok, tt.dist, tt.ok)
		}
	}
}
