package demo

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/mm2carla/viewer/format/recorder"
)

// TestRogueLaneChange runs the demo on Town05, whose two-lane grid keeps
// a car on right lanes or on left lanes (see townKinds), at the default
// seed: its rogue changes lanes at least once, and the check finds each
// of its lane changes as one (a lane change, by the rogue, beginning
// within the move across), while the rogue commits no fault but the
// staged ones (checkSeed).
func TestRogueLaneChange(t *testing.T) {
	if testing.Short() {
		t.Skip("a two-minute demo on Town05, with its plans")
	}
	sum, _, found := townChecked(t, Options{Seed: DefaultSeed, Minutes: DefaultMinutes, MapName: "Town05"})
	if len(sum.LaneChanges) == 0 {
		t.Fatalf("the rogue changed no lane (plan %d)", sum.RoguePlan)
	}
	for _, at := range sum.LaneChanges {
		n := 0
		for _, f := range found.LaneChanges {
			if f.Actor == sum.Rogue && f.Start >= at-0.1 && f.Start <= at+shiftTime+0.1 {
				n++
			}
		}
		if n != 1 {
			t.Errorf("the lane change begun at %.2f s is found %d times as a lane change", at, n)
		}
	}
	checkSeed(t, seedRun{seed: DefaultSeed, sum: sum, found: found})
	t.Logf("lane changes at %.2f s; staged %d kinds with plan %d", sum.LaneChanges, len(sum.Staged), sum.RoguePlan)
}

// TestProjectOn maps points onto a path: the length along it of the
// nearest point and the offset, + left.
func TestProjectOn(t *testing.T) {
	p := newPath([]mgl64.Vec3{{0, 0, 0}, {10, 0, 0}, {10, 10, 0}})
	for _, c := range []struct {
		pt      mgl64.Vec3
		at, lat float64
	}{
		{mgl64.Vec3{5, 2, 0}, 5, 2},
		{mgl64.Vec3{5, -3, 1}, 5, -3},
		{mgl64.Vec3{12, 4, 0}, 14, -2},
		{mgl64.Vec3{8, 5, 0}, 15, 2},
	} {
		at, lat := projectOn(&p, c.pt)
		if math.Abs(at-c.at) > 1e-9 || math.Abs(lat-c.lat) > 1e-9 {
			t.Errorf("projectOn(%v) = %.3f, %.3f; want %.3f, %.3f", c.pt, at, lat, c.at, c.lat)
		}
	}
}

// TestAdjacentLane: on Town05 every lane beside another is on its road
// and side, a rank apart, between the same junctions, and the relation
// goes both ways.
func TestAdjacentLane(t *testing.T) {
	n := newODRNetwork(townNet(t, "Town05"))
	s := &sim{net: n}
	pairs := 0
	for l := range n.lanes {
		for _, d := range []int{-1, 1} {
			o := s.adjacentLane(l, d)
			if o < 0 {
				continue
			}
			pairs++
			a, b := &n.lanes[l], &n.lanes[o]
			if a.road != b.road || a.sideB != b.sideB || b.rank != a.rank+d || a.from != b.from || a.to != b.to {
				t.Errorf("lane %d: %d is not beside it", l, o)
			}
			if s.adjacentLane(o, -d) != l {
				t.Errorf("lane %d is beside %d, not back", o, l)
			}
		}
	}
	if pairs == 0 {
		t.Error("no lane of Town05 is beside another")
	}
}

// TestRogueShiftMotion drives a rogue alone on a long straight lane of
// Town05 (60 m or more) with a lane beside it to the right, wanting that lane: it
// signals right and moves across without a jump, within shiftTime, and
// ends on the new lane's centre, a lane's width from where it drove.
func TestRogueShiftMotion(t *testing.T) {
	n := newODRNetwork(townNet(t, "Town05"))
	s := newSim(n, DefaultSeed, true, 0)
	l, o := -1, -1
	for i := range n.lanes {
		ln := &n.lanes[i]
		if j := s.adjacentLane(i, 1); j >= 0 && !ln.entry && !ln.trap && ln.path.length() >= 60 && ln.path.minRadius() >= straightRadius {
			l, o = i, j
			break
		}
	}
	if l < 0 {
		t.Fatal("Town05 has no straight 60 m lane with a lane to its right")
	}
	r := &s.rogue
	for a := range r.done {
		r.done[a] = true // no act: only the lane change
	}
	r.vi = s.addVehicle(l, 5, 6, &vehicleBlueprints[rogueVehicle], rogueColor, roleRogue)
	s.index()
	r.shift.lane, r.shift.to = l, o // as shiftWish would on entering l
	v := &s.veh[r.vi]
	s.pose(r.vi)
	prev, start := v.pos, v.pos
	began, blinked := -1.0, true
	for range 4 * frameRate {
		s.steps++
		s.t = float64(s.steps) / frameRate
		s.rogueLook()
		s.plan(r.vi)
		s.move(r.vi)
		s.index()
		s.rogueAfter()
		s.pose(r.vi)
		if d := flat(v.pos.Sub(prev)).Len(); d > v.v*s.dt+0.15 {
			t.Fatalf("at %.2f s the rogue jumped %.2f m (speed %.2f m/s)", s.t, d, v.v)
		}
		prev = v.pos
		if began < 0 && len(r.shifts) > 0 {
			began = r.shifts[0]
		}
		if r.shift.on && v.bits&recorder.LightRightBlinker == 0 {
			blinked = false
		}
	}
	if began < 0 || len(r.shifts) != 1 {
		t.Fatalf("lane changes %v, want one", r.shifts)
	}
	if !blinked {
		t.Error("no right blinker while moving across")
	}
	if v.onMove || v.seg != o || r.shift.on || v.lat != 0 {
		t.Fatalf("after 4 s: on move %v, seg %d (want lane %d), shifting %v, lat %.2f", v.onMove, v.seg, o, r.shift.on, v.lat)
	}
	if _, lat := projectOn(&n.lanes[o].path, v.pos); math.Abs(lat) > 0.01 {
		t.Errorf("%.3f m off the new lane's centre", lat)
	}
	_, was := projectOn(&n.lanes[l].path, v.pos)
	if _, w := projectOn(&n.lanes[o].path, start); math.Abs(was+w) > 0.01 || was > -2.5 {
		t.Errorf("ends %.2f m left of its old lane (it began %.2f m left of the new one), want a lane's width to the right", was, w)
	}
}
