package faults

import (
	"bytes"
	"context"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/mm2carla/viewer/analysis/lanes"
	"github.com/mm2carla/viewer/format/recorder"
	"github.com/mm2carla/viewer/internal/drivetest"
	"github.com/mm2carla/viewer/scene"
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
		data := s.Bytes()
		rec, err := scene.Open(bytes.NewReader(data), int64(len(data)), nil)
		if err != nil {
			t.Fatal(err)
		}
		a, err := lanes.Associate(context.Background(), rec, m, nil)
		if err != nil {
			t.Fatal(err)
		}
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
