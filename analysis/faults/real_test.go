package faults

import (
	"context"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/mm2carla/viewer/analysis/lanes"
	"github.com/mm2carla/viewer/internal/drivetest"
)

// The faults of issue 25 that real agent runs showed false: close calls
// of a pair still in the wreck of their collision, the same impact
// listed twice, and parked vehicles or cyclists in their own lanes
// called off their lane.

// findIn records the script and finds its faults on m, with the default
// thresholds.
func findIn(t *testing.T, m lanes.Map, s drivetest.Script) *Result {
	t.Helper()
	return findWith(t, m, s, Defaults())
}

func findWith(t *testing.T, m lanes.Map, s drivetest.Script, th Thresholds) *Result {
	t.Helper()
	rec := open(t, s.Bytes())
	a, err := lanes.Associate(context.Background(), rec, m, nil)
	if err != nil {
		t.Fatal(err)
	}
	return Find(a, rec.Events(), th)
}

// closingAfter is closing's pair with the follower keeping the leader's
// 4 m/s for d seconds before it speeds up: the close call comes at
// d + 0.95 to d + 1.15 s.
func closingAfter(w *world, d float64) []drivetest.Vehicle {
	const brakeAt = (20 - 4.5 - 6) / 8.0
	return []drivetest.Vehicle{
		car(1, w.b0, steady(20, 4), false),
		car(2, w.b0, func(t float64) (float64, float64) {
			switch {
			case t < d:
				return 4 * t, 0
			case t < d+brakeAt:
				return 4*d + 12*(t-d), 0
			}
			return 4*d + 12*brakeAt + 4*(t-d-brakeAt), 0
		}, false),
	}
}

func TestCloseCallAfterCollision(t *testing.T) {
	w := newWorld(t)
	for _, tt := range []struct {
		name   string
		d      float64
		colls  []drivetest.Collision
		faults []want
	}{
		{"no collision", 3, nil, []want{{CloseCall, 2, 3.95, 4.15, 0.8375, 0.001}}},
		{"2.5 s after the collision", 3, []drivetest.Collision{{Time: 1.45, A: 2, B: 1}},
			[]want{{Collision, 2, 1.45, 1.45, 4, 0.01}}},
		{"4 s after the collision", 6, []drivetest.Collision{{Time: 2.95, A: 2, B: 1}},
			[]want{{Collision, 2, 2.95, 2.95, 4, 0.01}, {CloseCall, 2, 6.95, 7.15, 0.8375, 0.001}}},
		// 5 s after the impact, but 2.5 s after the pair stopped touching.
		{"2.5 s after a contact of 2.5 s", 5, []drivetest.Collision{{Time: 1, Until: 3.5, A: 2, B: 1}},
			[]want{{Collision, 2, 1, 1, 4, 0.01}}},
		{"4 s after a contact of 1 s", 6, []drivetest.Collision{{Time: 2, Until: 2.95, A: 2, B: 1}},
			[]want{{Collision, 2, 2, 2, 4, 0.01}, {CloseCall, 2, 6.95, 7.15, 0.8375, 0.001}}},
		{"a collision with another car", 3, []drivetest.Collision{{Time: 2.5, A: 2, B: 7}},
			[]want{{Collision, 2, 2.5, 2.5, 4, 0.01}, {CloseCall, 2, 3.95, 4.15, 0.8375, 0.001}}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			r := findIn(t, w.m, drivetest.Script{Hz: 20, Seconds: tt.d + 2, Vehicles: closingAfter(w, tt.d), Collisions: tt.colls})
			check(t, r.Faults, tt.faults)
			for _, f := range r.Faults {
				if f.Kind == CloseCall && (f.Other != 1 || f.OtherBlueprint != "vehicle.tesla.model3") {
					t.Errorf("close call's other: %d %q, want 1 vehicle.tesla.model3", f.Other, f.OtherBlueprint)
				}
			}
		})
	}
}

// TestCloseCallWithinMergedCollision: with the windows around a
// collision shortened (1 s after it, 0.5 s before), a close call between
// two impacts of one collision (0.4 s and 5.1 s: merged) is part of it;
// between two collisions (0.4 s and 6.4 s) it is not. With the default
// windows no close call can fall between merged impacts.
func TestCloseCallWithinMergedCollision(t *testing.T) {
	w := newWorld(t)
	th := Defaults()
	th.AfterCollision, th.CollisionWindow = 1, 0.5
	for _, tt := range []struct {
		second float64
		want   []want
	}{
		{5.1, []want{{Collision, 2, 0.4, 5.1, 4, 0.01}}},
		{6.4, []want{{Collision, 2, 0.4, 0.4, 4, 0.01}, {CloseCall, 2, 3.95, 4.15, 0.8375, 0.001}, {Collision, 1, 6.4, 6.4, 4, 0.01}}},
	} {
		s := drivetest.Script{Hz: 20, Seconds: 7, Vehicles: closingAfter(w, 3),
			Collisions: []drivetest.Collision{{Time: 0.4, A: 2, B: 1}, {Time: tt.second, A: 1, B: 2}}}
		check(t, findWith(t, w.m, s, th).Faults, tt.want)
	}
}

// TestCollisionsMerged: impacts of one pair within 5 s of the first are
// one collision spanning them, as CollisionTest counts them; the other
// side is named, and the world has no blueprint.
func TestCollisionsMerged(t *testing.T) {
	w := newWorld(t)
	bike := car(3, w.a0, steady(10, 4), false)
	bike.Blueprint = "vehicle.diamondback.century"
	vehicles := []drivetest.Vehicle{car(1, w.b0, steady(10, 4), false), bike}
	type got struct {
		other      uint32
		bp         string
		start, end float64
	}
	for _, tt := range []struct {
		name  string
		colls []drivetest.Collision
		want  []got
	}{
		{"4 s apart", []drivetest.Collision{{Time: 1, A: 1, B: 3}, {Time: 5, A: 3, B: 1}},
			[]got{{3, "vehicle.diamondback.century", 1, 5}}},
		{"three within 5 s of the first", []drivetest.Collision{{Time: 1, A: 1, B: 3}, {Time: 1.15, A: 1, B: 3}, {Time: 5.95, A: 1, B: 3}},
			[]got{{3, "vehicle.diamondback.century", 1, 5.95}}},
		{"6 s apart", []drivetest.Collision{{Time: 1, A: 1, B: 3}, {Time: 7, A: 1, B: 3}},
			[]got{{3, "vehicle.diamondback.century", 1, 1}, {3, "vehicle.diamondback.century", 7, 7}}},
		{"another actor between", []drivetest.Collision{{Time: 1, A: 1, B: 3}, {Time: 2, A: 1, B: World}, {Time: 4, A: 1, B: 3}},
			[]got{{3, "vehicle.diamondback.century", 1, 4}, {World, "", 2, 2}}},
		{"an id never spawned", []drivetest.Collision{{Time: 1, A: 1, B: 55}}, []got{{55, "", 1, 1}}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			r := findIn(t, w.m, drivetest.Script{Hz: 20, Seconds: 8, Vehicles: vehicles, Collisions: tt.colls})
			var cs []got
			for _, f := range r.Faults {
				if f.Kind == Collision {
					cs = append(cs, got{f.Other, f.OtherBlueprint, f.Start, f.End})
				}
			}
			if len(cs) != len(tt.want) {
				t.Fatalf("collisions %+v, want %+v", cs, tt.want)
			}
			for i := range cs {
				g, wn := cs[i], tt.want[i]
				if g.other != wn.other || g.bp != wn.bp || !near(g.start, wn.start) || !near(g.end, wn.end) {
					t.Errorf("collision %d: %+v, want %+v", i, g, wn)
				}
			}
		})
	}
}

func near(a, b float64) bool { return a-b < 1e-6 && b-a < 1e-6 }

// TestParked: time below the moving speed neither starts nor lengthens
// a stretch off the lane.
func TestParked(t *testing.T) {
	w := newWorld(t)
	for _, tt := range []struct {
		name   string
		m      motion
		faults []want
	}{
		{"standing 2 m off its lane", func(t float64) (float64, float64) { return 20, -2 }, nil},
		// The cyclist of issue 25: waits off the lane, then crosses back
		// into it in 0.4 s.
		{"standing off its lane, then back in it", func(t float64) (float64, float64) {
			if t < 4 {
				return 20, -2
			}
			return 20 + 5*(t-4), -2 + 2*min((t-4)/0.4, 1)
		}, nil},
		{"driving 2 m off its lane for 1 s, then standing there", func(t float64) (float64, float64) {
			switch {
			case t < 1:
				return 10 + 5*t, 0
			case t < 2:
				return 10 + 5*t, -2
			}
			return 20, -2
		}, []want{{OffLane, 1, 1, 2, 2, 1e-3}}},
		{"driving 2 m off its lane for 0.4 s, then standing there", func(t float64) (float64, float64) {
			switch {
			case t < 1:
				return 10 + 5*t, 0
			case t < 1.4:
				return 10 + 5*t, -2
			}
			return 17, -2
		}, nil},
	} {
		t.Run(tt.name, func(t *testing.T) {
			r := findIn(t, w.m, drivetest.Script{Hz: 20, Seconds: 6, Vehicles: []drivetest.Vehicle{car(1, w.b1, tt.m, false)}})
			check(t, r.Faults, tt.faults)
		})
	}
}

// TestKerbLanes: on a road with a biking, a parking and a shoulder lane
// (drivetest.KerbXODR), a bike in the biking lane or on the shoulder is
// in a lane and a car in the parking lane is parked; a car in the
// biking lane and a bike on the sidewalk are off their lanes.
func TestKerbLanes(t *testing.T) {
	m := lanes.NewOpenDRIVE(drivetest.KerbNet())
	along := func(id uint32, bp string, y, v float64) drivetest.Vehicle {
		return drivetest.Vehicle{ID: id, Blueprint: bp, Pose: func(t float64) (mgl64.Vec3, float64, bool) {
			return mgl64.Vec3{20 + v*t, y, 0}, 0, true
		}}
	}
	const bike, car = "vehicle.diamondback.century", "vehicle.tesla.model3"
	for _, tt := range []struct {
		name string
		v    drivetest.Vehicle
		off  bool
	}{
		{"a bike in the biking lane", along(1, bike, -4.25, 5), false},
		{"a motorbike on the shoulder", along(1, "vehicle.yamaha.yzf", -8, 8), false},
		{"a car in the parking lane", along(1, car, -6.25, 2), false},
		{"a car in the biking lane", along(1, car, -4.25, 5), true},
		{"a bike on the sidewalk", along(1, bike, -9.5, 5), true},
		{"a car in its lane", along(1, car, -1.75, 10), false},
		// Off its lane from 1 m off (1.44 s) across the biking lane; in
		// the parking lane (2.44 s) it is parked.
		{"a car crossing the biking lane into the parking lane", drivetest.Vehicle{ID: 1, Blueprint: car,
			Pose: func(t float64) (mgl64.Vec3, float64, bool) {
				return mgl64.Vec3{20 + 4*min(t, 3), -1.75 - 4.5*min(max(t-1, 0)/2, 1), 0}, 0, true
			}}, true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			r := findIn(t, m, drivetest.Script{Hz: 20, Seconds: 5, Vehicles: []drivetest.Vehicle{tt.v}})
			if got := r.Count(OffLane) > 0; got != tt.off {
				t.Errorf("off-lane faults %+v, want some: %v", r.Faults, tt.off)
			}
			for _, f := range r.Faults {
				if f.Kind == OffLane && f.End-f.Start > 1.05 && f.End < 5 {
					t.Errorf("off-lane %.2f-%.2f: longer than its 1 s out of every lane", f.Start, f.End)
				}
			}
		})
	}
}

// TestCloseCallBridgesAGap: a follower closing in on its leader, that
// keeps the leader's speed for a moment and closes in again, makes one
// close call when the pause is shorter than closeCallBridge, and two
// when it is longer (the near miss).
func TestCloseCallBridgesAGap(t *testing.T) {
	w := newWorld(t)
	for _, tt := range []struct {
		name  string
		pause float64
		calls int
	}{
		{"pause of 0.1 s", 0.1, 1},
		{"pause of 1 s", 1, 2},
	} {
		t.Run(tt.name, func(t *testing.T) {
			const d, first, second = 3.0, 1.0, 0.15
			p := tt.pause
			follower := func(t float64) (float64, float64) {
				x := 4 * t
				x += 8 * min(max(t-d, 0), first)          // closes in at 12 m/s
				x += 8 * min(max(t-d-first-p, 0), second) // and again after the pause
				return x, 0
			}
			vs := []drivetest.Vehicle{car(1, w.b0, steady(20, 4), false), car(2, w.b0, follower, false)}
			r := findIn(t, w.m, drivetest.Script{Hz: 20, Seconds: d + 4, Vehicles: vs})
			calls := 0
			for _, f := range r.Faults {
				if f.Kind == CloseCall {
					calls++
					t.Logf("%.2f-%.2f worst %.3f", f.Start, f.End, f.Worst)
				}
			}
			if calls != tt.calls {
				t.Errorf("%d close calls, want %d", calls, tt.calls)
			}
		})
	}
}
