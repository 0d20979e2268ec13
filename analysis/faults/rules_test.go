package faults

import (
	"bytes"
	"context"
	"math"
	"slices"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/mm2carla/viewer/analysis/lanes"
	"github.com/mm2carla/viewer/format/bai"
	"github.com/mm2carla/viewer/format/recorder"
	"github.com/mm2carla/viewer/internal/drivetest"
	"github.com/mm2carla/viewer/scene"
)

// The test world: drivetest's city, whose through road's side B drives
// into a traffic light at the road's end and side A into a stop sign at
// its start. Lanes B0 and B1 are 3.5 m apart, B1 by the kerb.
type world struct {
	sm     *scene.Map
	m      *lanes.BAI
	road   int
	b0, b1 drivetest.Path
	a0     drivetest.Path
	light  mgl64.Vec3 // where the light actor stands
}

func newWorld(t testing.TB) *world {
	t.Helper()
	bm := drivetest.City()
	r := drivetest.Through(scene.NewMap(bm))
	drivetest.SetEnd(bm, r, false, bai.RuleTrafficLight, true)
	drivetest.SetEnd(bm, r, true, bai.RuleStopSign, false)
	sm := scene.NewMap(bm)
	w := &world{sm: sm, m: lanes.NewBAI(sm), road: r, b0: drivetest.Lane(sm, r, true, 0),
		b1: drivetest.Lane(sm, r, true, 1), a0: drivetest.Lane(sm, r, false, 0)}
	w.light = sm.Roads[r].End.LightOrigin.Sub(mgl64.Vec3{0, 0, 2.5})
	return w
}

// motion is a vehicle's distance along its path and lateral offset at
// time t.
type motion func(t float64) (s, lateral float64)

// car is a vehicle following path by m; wrong faces against the path.
func car(id uint32, path drivetest.Path, m motion, wrong bool) drivetest.Vehicle {
	return drivetest.Vehicle{ID: id, Blueprint: "vehicle.tesla.model3", Pose: func(t float64) (mgl64.Vec3, float64, bool) {
		s, lat := m(t)
		p, yaw := path.At(s, lat)
		if wrong {
			yaw += 180
		}
		return p, yaw, true
	}}
}

// steady is speed v from s0, in the lane's middle.
func steady(s0, v float64) motion { return func(t float64) (float64, float64) { return s0 + v*t, 0 } }

// reversed is the path driven the other way.
func reversed(p drivetest.Path) drivetest.Path {
	out := slices.Clone(p)
	slices.Reverse(out)
	return out
}

// stopAt drives at v from s0, brakes at decel to stand at stop for wait
// seconds, then goes on at v.
func stopAt(s0, v, decel, stop, wait float64) motion {
	brake := stop - v*v/(2*decel) // where braking begins
	t1 := (brake - s0) / v
	t2 := t1 + v/decel
	return func(t float64) (float64, float64) {
		switch {
		case t < t1:
			return s0 + v*t, 0
		case t < t2:
			d := t - t1
			return brake + v*d - decel*d*d/2, 0
		case t < t2+wait:
			return stop, 0
		}
		return stop + v*(t-t2-wait), 0
	}
}

type want struct {
	kind         Kind
	actor        uint32
	start, end   float64 // checked to a frame (the first sample after); < 0: not checked
	worst, slack float64
}

func TestRules(t *testing.T) {
	w := newWorld(t)
	endB := w.b0.Length()
	endA := w.a0.Length()
	red := func(float64) recorder.LightState { return recorder.LightRed }
	green := func(float64) recorder.LightState { return recorder.LightGreen }
	for _, tt := range []struct {
		name     string
		vehicles []drivetest.Vehicle
		light    func(float64) recorder.LightState
		colls    []drivetest.Collision
		seconds  float64
		faults   []want
		changes  int
	}{
		{name: "2 m off its lane for 1 s", vehicles: []drivetest.Vehicle{car(1, w.b1, func(t float64) (float64, float64) {
			if t >= 2 && t < 3 {
				return 10 + 5*t, -2
			}
			return 10 + 5*t, 0
		}, false)}, faults: []want{{OffLane, 1, 2, 3, 2, 1e-3}}},
		{name: "0.9 m off for 3 s", vehicles: []drivetest.Vehicle{car(1, w.b1, func(t float64) (float64, float64) {
			return 10 + 5*t, -0.9
		}, false)}},
		{name: "2 m off for 0.4 s", vehicles: []drivetest.Vehicle{car(1, w.b1, func(t float64) (float64, float64) {
			if t >= 2 && t < 2.4 {
				return 10 + 5*t, -2
			}
			return 10 + 5*t, 0
		}, false)}},
		{name: "a lane change in 2 s", changes: 1, vehicles: []drivetest.Vehicle{car(1, w.b0, func(t float64) (float64, float64) {
			return 10 + 8*t, -3.5 * min(max(t-1, 0)/2, 1)
		}, false)}},
		{name: "a lane change over 12 s", seconds: 14, vehicles: []drivetest.Vehicle{car(1, w.b0, func(t float64) (float64, float64) {
			return 5 + 3*t, -3.5 * min(max(t-1, 0)/12, 1)
		}, false)}, faults: []want{{OffLane, 1, 1 + 12.0/3.5, 1 + 12*2.5/3.5, 1.75, 0.01}}},
		{name: "wrong way for 3 s", vehicles: []drivetest.Vehicle{car(1, reversed(w.b0), func(t float64) (float64, float64) {
			if t < 1 {
				return 20, 0
			}
			return 20 + 8*(min(t, 4)-1), 0
		}, false)}, faults: []want{{WrongWay, 1, 1, 4, 180, 0.01}}},
		{name: "wrong way for 0.8 s", vehicles: []drivetest.Vehicle{car(1, reversed(w.b0), func(t float64) (float64, float64) {
			return 20 + 8*min(max(t-1, 0), 0.8), 0
		}, false)}},
		{name: "backing up for 3 s", vehicles: []drivetest.Vehicle{car(1, w.b0, func(t float64) (float64, float64) {
			return 40 - 3*min(t, 3), 0
		}, false)}},
		{name: "through a red light", light: red, vehicles: []drivetest.Vehicle{car(1, w.b0, steady(endB-20, 8), false)},
			faults: []want{{RedLight, 1, 2.25, 2.25, 8, 1e-3}}}, // when its front reaches the end
		{name: "through a green light", light: green, vehicles: []drivetest.Vehicle{car(1, w.b0, steady(endB-20, 8), false)}},
		{name: "stopping at a red light", light: red, vehicles: []drivetest.Vehicle{car(1, w.b0, stopAt(endB-30, 8, 4, endB-3, 60), false)}},
		{name: "pulling out on yellow, in the intersection on red", vehicles: []drivetest.Vehicle{car(1, w.b0, steady(endB-3, 2), false)},
			light: func(t float64) recorder.LightState {
				if t < 0.5 {
					return recorder.LightYellow
				}
				return recorder.LightRed
			}},
		{name: "through a stop sign", vehicles: []drivetest.Vehicle{car(1, w.a0, steady(endA-30, 8), false)},
			faults: []want{{StopSign, 1, 17.75 / 8, 27.75 / 8, 8, 1e-3}}}, // from 10 m to 0 m before its front
		{name: "a full stop 9 m before the stop sign", seconds: 8, // its front 9 m before
			vehicles: []drivetest.Vehicle{car(1, w.a0, stopAt(endA-40, 8, 4, endA-9-2.25, 1), false)}},
		{name: "a stop 12 m before the stop sign, then on", seconds: 10,
			vehicles: []drivetest.Vehicle{car(1, w.a0, stopAt(endA-40, 8, 4, endA-12-2.25, 1), false)},
			faults:   []want{{StopSign, 1, -1, -1, 8, 1e-3}}}, // it went on at 8 m/s 12 m before
		{name: "closing in on the car ahead", vehicles: closing(w, 0), faults: []want{{CloseCall, 2, 0.95, 1.15, 0.8375, 0.001}}},
		{name: "closing in and hitting it", vehicles: closing(w, 0), colls: []drivetest.Collision{{Time: 1.3, A: 2, B: 1}},
			faults: []want{{Collision, 2, 1.3, 1.3, 4, 0.01}}},
		{name: "a car 2 s behind at the same speed", vehicles: []drivetest.Vehicle{car(1, w.b0, steady(0, 10), false),
			car(2, w.b0, steady(20, 10), false)}},
		{name: "standing 31 s", seconds: 33, vehicles: []drivetest.Vehicle{car(1, w.b0, steady(30, 0), false)},
			faults: []want{{Blocked, 1, 0.05, -1, 32.95, 0.01}}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			s := drivetest.Script{Hz: 20, Seconds: 6, Vehicles: tt.vehicles, Collisions: tt.colls}
			if tt.seconds > 0 {
				s.Seconds = tt.seconds
			}
			if tt.light != nil {
				s.Lights = []drivetest.Light{{ID: 90, Pos: w.light, State: tt.light}}
			}
			rec := open(t, s.Bytes())
			a, err := lanes.Associate(context.Background(), rec, w.m, nil)
			if err != nil {
				t.Fatal(err)
			}
			r := Find(a, rec.Events(), Defaults())
			check(t, r.Faults, tt.faults)
			if len(r.LaneChanges) != tt.changes {
				t.Errorf("lane changes %+v, want %d", r.LaneChanges, tt.changes)
			}
		})
	}
}

// closing is a car (1) at 4 m/s with another (2) behind it at 12 m/s
// that slows to 4 m/s when 6 m are left between their bumpers.
func closing(w *world, _ int) []drivetest.Vehicle {
	const brakeAt = (20 - 4.5 - 6) / 8.0
	return []drivetest.Vehicle{
		car(1, w.b0, steady(20, 4), false),
		car(2, w.b0, func(t float64) (float64, float64) {
			if t < brakeAt {
				return 12 * t, 0
			}
			return 12*brakeAt + 4*(t-brakeAt), 0
		}, false),
	}
}

func open(t testing.TB, data []byte) *scene.Recording {
	t.Helper()
	rec, err := scene.Open(bytes.NewReader(data), int64(len(data)), nil)
	if err != nil {
		t.Fatal(err)
	}
	return rec
}

// associate opens a recording's bytes and ties its actors to the lane
// map m, as the fault pass's input.
func associate(t testing.TB, data []byte, m lanes.Map) (*scene.Recording, *lanes.Association) {
	t.Helper()
	rec := open(t, data)
	a, err := lanes.Associate(context.Background(), rec, m, nil)
	if err != nil {
		t.Fatal(err)
	}
	return rec, a
}

// check compares faults with the wanted ones, in order.
func check(t *testing.T, got []Fault, ws []want) {
	t.Helper()
	if len(got) != len(ws) {
		t.Fatalf("faults %+v, want %d", got, len(ws))
	}
	for i, w := range ws {
		f := got[i]
		ok := f.Kind == w.kind && f.Actor == w.actor && math.Abs(f.Worst-w.worst) <= w.slack
		if w.start >= 0 && math.Abs(f.Start-w.start) > 0.051 || w.end >= 0 && math.Abs(f.End-w.end) > 0.051 {
			ok = false
		}
		if !ok {
			t.Errorf("fault %d: %+v, want %+v", i, f, w)
		}
	}
}

// TestAlongLane: skipping the cosine of 0 changes no bit of the speed
// along the lane.
func TestAlongLane(t *testing.T) {
	for _, speed := range []float64{0, 0.31, 8.333333, 27.5} {
		for c := -18004; c <= 18004; c += 7 { // 0 among them
			herr := float64(c) / 100
			if got, want := alongLane(speed, herr), speed*math.Cos(herr*math.Pi/180); got != want {
				t.Fatalf("speed %g at %g degrees: %g, the cosine gives %g", speed, herr, got, want)
			}
		}
	}
}
