package faults

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/mm2carla/viewer/analysis/lanes"
	"github.com/mm2carla/viewer/format/recorder"
	"github.com/mm2carla/viewer/internal/drivetest"
)

// TestRedLightByPlace is red-light on a map without signals, as on the
// 2019 Town03 and Town05: drivetest's crossing names no light, so the
// recorded light actor is tied to the entry it governs by where it
// stands and which way it faces. A car drives east through the entry at
// 10 m/s; the light stands on the kerb at its right 3 m before the stop
// line, facing it (yaw -90: heading east, the traffic's way). Red gives
// one red-light fault; green none; the same light turned to govern the
// westbound traffic none; and so does a light across the road, on the
// westbound traffic's right.
func TestRedLightByPlace(t *testing.T) {
	m := lanes.NewOpenDRIVE(drivetest.Crossing())
	red := func(float64) recorder.LightState { return recorder.LightRed }
	green := func(float64) recorder.LightState { return recorder.LightGreen }
	x := drivetest.CrossingEntryX
	for _, tt := range []struct {
		name  string
		light drivetest.Light
		want  int
	}{
		{"red, facing the car", drivetest.Light{ID: 900, Pos: mgl64.Vec3{x - 3, -6, 0}, Yaw: -90, State: red}, 1},
		{"green, facing the car", drivetest.Light{ID: 900, Pos: mgl64.Vec3{x - 3, -6, 0}, Yaw: -90, State: green}, 0},
		{"red, turned to the other way", drivetest.Light{ID: 900, Pos: mgl64.Vec3{x - 3, -6, 0}, Yaw: 90, State: red}, 0},
		{"red, across the road", drivetest.Light{ID: 900, Pos: mgl64.Vec3{x + 23, 6, 0}, Yaw: 90, State: red}, 0},
	} {
		s := drivetest.Script{Hz: 20, Seconds: 12, Lights: []drivetest.Light{tt.light},
			Vehicles: []drivetest.Vehicle{{ID: 7, Blueprint: "vehicle.tesla.model3", Pose: func(t float64) (mgl64.Vec3, float64, bool) {
				return mgl64.Vec3{40 + 10*t, -1.75, 0}, 0, true
			}}}}
		rec, a := associate(t, s.Bytes(), m)
		r := Find(a, rec.Events(), Defaults())
		if got := r.Count(RedLight); got != tt.want {
			t.Errorf("%s: %d red-light faults, want %d (%+v)", tt.name, got, tt.want, r.Faults)
		}
		for _, f := range r.Faults {
			if f.Kind == RedLight && (f.Actor != 7 || f.Location[0] > x || f.Location[0] < x-5) {
				t.Errorf("%s: red-light fault %+v, want actor 7 as its front reaches x = %g", tt.name, f, x)
			}
		}
	}
}

// TestRedLightByPlaceTown05 is red-light on CARLA's 2019 Town05, whose
// file has no signals: at the first single-lane entry with a straight
// 40 m approach, a light stands on the kerb at its right 3 m before the
// stop line, facing the traffic, and a car drives through at 8 m/s.
// Red gives one red-light fault at that entry; green none.
func TestRedLightByPlaceTown05(t *testing.T) {
	m, e := town05Entry(t)
	dir, right, centre, heading := e.frame()
	pole := e.Outer.Add(dir.Mul(-3)).Add(right.Mul(3))
	for _, tt := range []struct {
		state recorder.LightState
		want  int
	}{{recorder.LightRed, 1}, {recorder.LightGreen, 0}} {
		s := drivetest.Script{Hz: 20, Seconds: 8,
			Lights: []drivetest.Light{{ID: 900, Pos: pole, Yaw: heading - 90,
				State: func(float64) recorder.LightState { return tt.state }}},
			Vehicles: []drivetest.Vehicle{{ID: 7, Blueprint: "vehicle.tesla.model3", Pose: func(t float64) (mgl64.Vec3, float64, bool) {
				return centre.Add(dir.Mul(-40 + 8*t)), heading, true
			}}}}
		rec, a := associate(t, s.Bytes(), m)
		if i, ok := a.EndLights()[e.Key]; !ok || a.Lights[i].ID != 900 {
			t.Fatalf("%v: the entry (road %d start %v) has no light by place", tt.state, e.Key.Road, e.Key.AtStart)
		}
		r := Find(a, rec.Events(), Defaults())
		if got := r.Count(RedLight); got != tt.want {
			t.Errorf("%v: %d red-light faults, want %d (%+v)", tt.state, got, tt.want, r.Faults)
		}
	}
}

// town05Entry reads CARLA's 2019 Town05, which has no signals, and
// returns its lane map and the first single-lane entry with a straight
// 40 m approach (straightEntry): the place of the by-place tests.
func town05Entry(t *testing.T) (*lanes.OpenDRIVE, placeEntry) {
	t.Helper()
	rn, m := carlaTown(t, "towns/Town05.xodr")
	if len(rn.Signals) != 0 {
		t.Fatalf("Town05 (2019) has %d signals, want none", len(rn.Signals))
	}
	e, ok := straightEntry(m)
	if !ok {
		t.Fatal("no single-lane entry with a straight approach")
	}
	return m, placeEntry{e}
}

// placeEntry is an entry with the frame the by-place tests stand their
// poles and drive their cars in.
type placeEntry struct{ lanes.Entry }

// frame returns the entry's direction of travel and its right on the
// ground, the middle of its stop line, and its heading in degrees.
func (e placeEntry) frame() (dir, right, centre mgl64.Vec3, heading float64) {
	dir = mgl64.Vec3{e.Dir[0], e.Dir[1], 0}
	right = mgl64.Vec3{e.Dir[1], -e.Dir[0], 0}
	centre = e.Inner.Add(e.Outer).Mul(0.5)
	return dir, right, centre, math.Atan2(e.Dir[1], e.Dir[0]) * 180 / math.Pi
}

// straightEntry returns the first single-lane junction entry of m whose
// lane runs straight for 40 m before it (every point back along the
// direction of travel on the entry's road, within 0.3 m of its lane's
// centre) and whose junction lies straight ahead.
func straightEntry(m *lanes.OpenDRIVE) (lanes.Entry, bool) {
	for _, e := range m.Entries() {
		if w := e.Outer.Sub(e.Inner).Len(); w < 3 || w > 4 {
			continue
		}
		dir := mgl64.Vec3{e.Dir[0], e.Dir[1], 0}
		centre := e.Inner.Add(e.Outer).Mul(0.5)
		ok := m.Locate(centre.Add(dir.Mul(6))).Place == lanes.InIntersection
		for back := 2.0; ok && back <= 40; back += 2 {
			loc := m.Locate(centre.Add(dir.Mul(-back)))
			ok = loc.Place == lanes.OnRoad && loc.Road == e.Key.Road && loc.HasLane && loc.Lane.Dist < 0.3
		}
		if ok {
			return e, true
		}
	}
	return lanes.Entry{}, false
}
