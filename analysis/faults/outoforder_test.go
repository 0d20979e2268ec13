package faults

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/mm2carla/viewer/analysis/lanes"
	"github.com/mm2carla/viewer/format/recorder"
	"github.com/mm2carla/viewer/internal/drivetest"
)

// TestStopSignAtLightsOutOfOrder is stop-sign at a lit entry of Town01
// (every junction entry of which has a light in the file) whose light
// is out of order, with a temporary stop sign (a traffic.stop actor) on
// its kerb 2 m before the line, as the demo stands one on a town where
// every junction is lit (sim/demo darkjunction.go). While the recorded
// light blinks yellow and off all run, or is switched off, the sign
// rules the entry: a car that drives through at 8 m/s runs it (one
// stop-sign fault, no red-light), one that stops first does not. With
// the light working, the sign governs nothing: the car that drives
// through on green commits no fault, and one that drives through on red
// runs the red, not the sign.
func TestStopSignAtLightsOutOfOrder(t *testing.T) {
	_, m := carlaTown(t, "Town01.xodr")
	ent, ok := straightEntry(m)
	if !ok {
		t.Fatal("Town01: no single-lane entry with a straight approach")
	}
	e := placeEntry{ent}
	end := m.End(e.Key.Road, e.Key.AtStart)
	if !end.HasLight {
		t.Fatalf("Town01 road %d: entry without a light", e.Key.Road)
	}
	dir, right, centre, heading := e.frame()
	sign := drivetest.Sign{ID: 950, Blueprint: lanes.StopBlueprint, Pos: e.Outer.Add(dir.Mul(-2)).Add(right.Mul(1.5)), Yaw: heading - 90}
	through := func(t float64) float64 { return -40 + 8*t } // at the line at 5 s
	blink := func(t float64) recorder.LightState {
		if math.Mod(t, 1) < 0.5 {
			return recorder.LightYellow
		}
		return recorder.LightOff
	}
	steady := func(s recorder.LightState) func(float64) recorder.LightState {
		return func(float64) recorder.LightState { return s }
	}
	// greenThenRed is a working light: green for the first 8 s, red after.
	greenThenRed := func(t float64) recorder.LightState {
		if t < 8 {
			return recorder.LightGreen
		}
		return recorder.LightRed
	}
	redThenGreen := func(t float64) recorder.LightState {
		if t < 8 {
			return recorder.LightRed
		}
		return recorder.LightGreen
	}
	for _, tt := range []struct {
		name      string
		light     func(float64) recorder.LightState
		along     func(float64) float64
		tied      bool
		stop, red int
	}{
		{"blinking, drives through", blink, through, true, 1, 0},
		{"blinking, stops first", blink, stopper, true, 0, 0},
		{"switched off, drives through", steady(recorder.LightOff), through, true, 1, 0},
		{"working, through on green", greenThenRed, through, false, 0, 0},
		{"working, through on red", redThenGreen, through, false, 0, 1},
	} {
		s := drivetest.Script{Hz: 20, Seconds: 12, Signs: []drivetest.Sign{sign},
			Lights: []drivetest.Light{{ID: 800, Pos: end.Light, State: tt.light}},
			Vehicles: []drivetest.Vehicle{{ID: 7, Blueprint: "vehicle.tesla.model3", Pose: func(t float64) (mgl64.Vec3, float64, bool) {
				return centre.Add(dir.Mul(tt.along(t))), heading, true
			}}}}
		rec, a := associate(t, s.Bytes(), m)
		if _, tied := a.EndSigns()[e.Key]; tied != tt.tied {
			t.Errorf("%s: the sign rules the entry: %v, want %v", tt.name, tied, tt.tied)
		}
		r := Find(a, rec.Events(), Defaults())
		if got := r.Count(StopSign); got != tt.stop {
			t.Errorf("%s: %d stop-sign faults, want %d (%+v)", tt.name, got, tt.stop, r.Faults)
		}
		if got := r.Count(RedLight); got != tt.red {
			t.Errorf("%s: %d red-light faults, want %d (%+v)", tt.name, got, tt.red, r.Faults)
		}
	}
}
