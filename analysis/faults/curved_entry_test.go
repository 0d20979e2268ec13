package faults

import (
	"slices"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/mm2carla/viewer/analysis/lanes"
	"github.com/mm2carla/viewer/format/recorder"
	"github.com/mm2carla/viewer/internal/drivetest"
)

// curvedEntry is Town04 road 38's start, where four lanes enter junction
// 26 out of a bend: the rightmost lane (id 6) is 1.8 m longer than the
// road's reference line over its last 6.5 m. Town04's file gives the
// entry no rule, so a recorded sign or light actor governs it by place.
type curvedEntry struct {
	m    *lanes.OpenDRIVE
	e    placeEntry
	lane drivetest.Path // the rightmost lane's centre, in its direction of travel, ending at the line
}

func town04CurvedEntry(t *testing.T) curvedEntry {
	t.Helper()
	rn, m := carlaTown(t, "towns/Town04.xodr")
	for _, e := range m.Entries() {
		if r := e.Key.Road; m.RoadID(r) != 38 || !e.Key.AtStart {
			continue
		}
		if end := m.End(e.Key.Road, true); end.Rule != lanes.RuleNone || end.HasLight {
			t.Fatalf("Town04 road 38's start has a rule of its own: %+v", end)
		}
		var p drivetest.Path
		for _, li := range rn.Roads[e.Key.Road].Lanes {
			if l := &rn.Lanes[li]; l.ID == 6 {
				for _, c := range l.Center {
					if len(p) == 0 || p[len(p)-1] != c {
						p = append(p, c)
					}
				}
			}
		}
		slices.Reverse(p) // a left lane drives against s
		return curvedEntry{m: m, e: placeEntry{e}, lane: p}
	}
	t.Fatal("Town04 has no entry at road 38's start")
	return curvedEntry{}
}

// pose drives a car along the rightmost lane: its centre x metres from
// the line along the lane (+ past it, where the lane's last segment goes
// on straight).
func (c curvedEntry) pose(x func(float64) float64) func(float64) (mgl64.Vec3, float64, bool) {
	return func(t float64) (mgl64.Vec3, float64, bool) {
		p, yaw := c.lane.At(c.lane.Length()+x(t), 0)
		return p, yaw, true
	}
}

// find records the script on the entry's map and runs the fault rules.
func (c curvedEntry) find(t *testing.T, s drivetest.Script) (*lanes.Association, *Result) {
	t.Helper()
	rec, a := associate(t, s.Bytes(), c.m)
	return a, Find(a, rec.Events(), Defaults())
}

// halfCar is half a scripted car's length (m): 4.5 m, unless it is
// given its own box.
var halfCar = drivetest.CarExtent.X / 100

// curvedCar is a vehicle of the curved-entry tests: half its length (m)
// and where its centre stands from the line (m, + past it).
type curvedCar struct {
	blueprint string
	half      float64
}

var (
	car45 = curvedCar{"vehicle.tesla.model3", halfCar}
	car48 = curvedCar{"vehicle.tesla.model3", 2.4} // about CARLA's own Model 3
	bus   = curvedCar{"vehicle.mitsubishi.fusorosa", 5.1}
)

// vehicle is the car driving the rightmost lane by x (see pose).
func (c curvedEntry) vehicle(v curvedCar, x func(float64) float64) drivetest.Vehicle {
	return drivetest.Vehicle{ID: 7, Blueprint: v.blueprint, Pose: c.pose(x),
		Extent: recorder.Vec3{X: v.half * 100, Y: drivetest.CarExtent.Y, Z: drivetest.CarExtent.Z}}
}

// TestStopSignCurvedEntry is stop-sign where the lane is longer than the
// reference line: on Town04 road 38's start, a recorded stop sign on
// the kerb, and a vehicle in the rightmost lane that stands 2 s with its
// front 0.5 m before the line gets no fault, whether 4.5 m or 4.8 m
// long, or a 10.2 m bus; and so does a 4.5 m car whose front stands
// 0.1 m before it. Measured on the reference line, the 4.8 m car's, the
// bus's and the close car's fronts were past the line while they stood
// (by 0.08 m, 0.45 m and 0.18 m: the line 0.58 m, 0.95 m and 0.28 m
// nearer than on the lane), so only the frames before they stood were looked at and they
// were taken for vehicles that rolled through. The 4.5 m car 0.5 m back
// was not: there Locate's Along falls on one of the map's points and the
// reference line is only 0.43 m nearer. The same car standing with its
// front 0.3 m past the line, or rolling through at 3 m/s, gets one.
func TestStopSignCurvedEntry(t *testing.T) {
	c := town04CurvedEntry(t)
	dir, right, _, heading := c.e.frame()
	kerb := c.e.Outer.Add(dir.Mul(-2)).Add(right.Mul(1.5))
	for _, tt := range []struct {
		name string
		car  curvedCar
		x    func(float64) float64
		want int
	}{
		{"4.5 m car, its front 0.5 m before the line", car45, stopperAt(-car45.half - 0.5), 0},
		{"4.8 m car, its front 0.5 m before the line", car48, stopperAt(-car48.half - 0.5), 0},
		{"bus, its front 0.5 m before the line", bus, stopperAt(-bus.half - 0.5), 0},
		{"4.5 m car, its front 0.1 m before the line", car45, stopperAt(-car45.half - 0.1), 0},
		{"4.5 m car, its front 0.3 m past the line", car45, stopperAt(-car45.half + 0.3), 1},
		{"4.5 m car rolling through at 3 m/s", car45, func(t float64) float64 { return -30 + 3*t }, 1},
	} {
		a, r := c.find(t, drivetest.Script{Hz: 20, Seconds: 16,
			Signs:    []drivetest.Sign{{ID: 950, Blueprint: lanes.StopBlueprint, Pos: kerb, Yaw: heading - 90}},
			Vehicles: []drivetest.Vehicle{c.vehicle(tt.car, tt.x)}})
		if i, ok := a.EndSigns()[c.e.Key]; !ok || a.Signs[i].ID != 950 {
			t.Fatalf("%s: the sign governs %v, not the entry", tt.name, a.EndSigns())
		}
		if got := r.Count(StopSign); got != tt.want {
			t.Errorf("%s: %d stop-sign faults, want %d (%+v)", tt.name, got, tt.want, r.Faults)
		}
	}
}

// TestRedLightCurvedEntry is red-light where the lane is longer than the
// reference line: on Town04 road 38's start, a recorded light on the
// kerb, red for the first 9 s, then green. The vehicles of
// TestStopSignCurvedEntry standing before the line through the red and
// going on green get no fault (measured on the reference line the 4.8 m
// car's, the bus's and the close car's fronts were past the line while
// they stood, so they were taken to have crossed on red); a car that
// stands with its front 0.3 m past the line, or drives through at 8 m/s
// on red, gets one.
func TestRedLightCurvedEntry(t *testing.T) {
	c := town04CurvedEntry(t)
	dir, right, _, heading := c.e.frame()
	pole := c.e.Outer.Add(dir.Mul(-3)).Add(right.Mul(3))
	state := func(t float64) recorder.LightState {
		if t < 9 {
			return recorder.LightRed
		}
		return recorder.LightGreen
	}
	for _, tt := range []struct {
		name string
		car  curvedCar
		x    func(float64) float64
		want int
	}{
		{"4.5 m car, its front 0.5 m before the line", car45, waiter(-car45.half-0.5, 9), 0},
		{"4.8 m car, its front 0.5 m before the line", car48, waiter(-car48.half-0.5, 9), 0},
		{"bus, its front 0.5 m before the line", bus, waiter(-bus.half-0.5, 9), 0},
		{"4.5 m car, its front 0.1 m before the line", car45, waiter(-car45.half-0.1, 9), 0},
		{"4.5 m car, its front 0.3 m past the line", car45, waiter(-car45.half+0.3, 9), 1},
		{"4.5 m car driving through on red", car45, func(t float64) float64 { return -40 + 8*t }, 1},
	} {
		a, r := c.find(t, drivetest.Script{Hz: 20, Seconds: 14,
			Lights:   []drivetest.Light{{ID: 900, Pos: pole, Yaw: heading - 90, State: state}},
			Vehicles: []drivetest.Vehicle{c.vehicle(tt.car, tt.x)}})
		if i, ok := a.EndLights()[c.e.Key]; !ok || a.Lights[i].ID != 900 {
			t.Fatalf("%s: the entry has no light by place (%v)", tt.name, a.EndLights())
		}
		if got := r.Count(RedLight); got != tt.want {
			t.Errorf("%s: %d red-light faults, want %d (%+v)", tt.name, got, tt.want, r.Faults)
		}
	}
}

// waiter is where a car is at time t that brakes from 8 m/s at 4 m/s² to
// stand with its centre at stand (m from the line, + past it) from 3 s
// until time until, then pulls away at 3 m/s².
func waiter(stand, until float64) func(float64) float64 {
	const v, brake, pull = 8.0, 4.0, 3.0
	stopAt := 3.0
	return func(t float64) float64 {
		switch {
		case t < stopAt-v/brake:
			return stand - v*v/(2*brake) - v*(stopAt-v/brake-t)
		case t < stopAt:
			d := stopAt - t
			return stand - brake*d*d/2
		case t < until:
			return stand
		}
		d := t - until
		return stand + pull*d*d/2
	}
}
