package leaderboard

import (
	"bytes"
	"context"
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/mm2carla/viewer/analysis/lanes"
	"github.com/mm2carla/viewer/format/recorder"
	"github.com/mm2carla/viewer/internal/drivetest"
	"github.com/mm2carla/viewer/scene"
)

// BenchmarkJudge judges a 10-minute hero run at 20 Hz (12,000 samples)
// on the crossing, through its red light every 20 s (no route: the
// hero's jumps back would end it as a deviation): the cost of --rules
// leaderboard after the association.
func BenchmarkJudge(b *testing.B) {
	m := lanes.NewOpenDRIVE(drivetest.Crossing())
	v := driver(func(t float64) float64 { return 10 + 10*math.Mod(t, 20) })
	s := drivetest.Script{Hz: 20, Seconds: 600, Vehicles: []drivetest.Vehicle{v},
		Lights: []drivetest.Light{{ID: 900, Pos: mgl64.Vec3{drivetest.CrossingEntryX - 3, -6, 0}, Yaw: -90,
			State: func(float64) recorder.LightState { return recorder.LightRed }}}}
	data := s.Bytes()
	rec, err := scene.Open(bytes.NewReader(data), int64(len(data)), nil)
	if err != nil {
		b.Fatal(err)
	}
	a, err := lanes.Associate(context.Background(), rec, m, nil)
	if err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for b.Loop() {
		if _, err := Judge(a, rec.Events(), Options{Hero: hero}); err != nil {
			b.Fatal(err)
		}
	}
}
