package scene

import (
	"bytes"
	"math/rand/v2"
	"testing"

	"github.com/mm2carla/viewer/sim/synth"
)

// TestPlayForwardAllocatesNothing: once warm, stepping the time forward as
// the window does (60 steps a second through a 20 Hz recording) decodes
// each next frame into reused buffers and allocates nothing.
func TestPlayForwardAllocatesNothing(t *testing.T) {
	var b bytes.Buffer
	if err := synth.Write(&b, synth.Config{Vehicles: 60, Walkers: 10, TrafficLights: 8, Hz: 20, Frames: 400, Seed: 8}); err != nil {
		t.Fatal(err)
	}
	rec := openBytes(t, b.Bytes())
	var s State
	tm := 1.0
	for range 30 { // warm up: buffers reach their size
		tm += 1.0 / 60
		rec.StateAt(tm, &s)
	}
	frame := s.Frame
	allocs := testing.AllocsPerRun(300, func() {
		tm += 1.0 / 60
		if err := rec.StateAt(tm, &s); err != nil {
			t.Fatal(err)
		}
	})
	if s.Frame < frame+90 {
		t.Fatalf("played from frame %d to %d only", frame, s.Frame)
	}
	if allocs != 0 {
		t.Errorf("%v allocations per step, want 0", allocs)
	}
	// Seeking within the frame only interpolates: no allocation either.
	allocs = testing.AllocsPerRun(100, func() { rec.StateAt(tm+0.001, &s) })
	if allocs != 0 {
		t.Errorf("%v allocations per interpolation, want 0", allocs)
	}
}

// TestSeekAllocatesNothing: once warm, jumping to random times, forward
// and backward, restores keyframes and decodes into reused buffers (the
// frame reader is Reset, not made anew) and allocates nothing.
func TestSeekAllocatesNothing(t *testing.T) {
	var b bytes.Buffer
	if err := synth.Write(&b, synth.Config{Vehicles: 60, Walkers: 10, TrafficLights: 8, Hz: 20, Frames: 600, Churn: true, Seed: 9}); err != nil {
		t.Fatal(err)
	}
	rec := openBytes(t, b.Bytes())
	if rec.Keyframes() < 4 {
		t.Fatalf("%d keyframes: seeking would not restore any", rec.Keyframes())
	}
	rng := rand.New(rand.NewPCG(3, 4))
	var s State
	seek := func() {
		if err := rec.StateAt(rng.Float64()*rec.Duration(), &s); err != nil {
			t.Fatal(err)
		}
	}
	for range 200 { // warm up: every buffer reaches its size
		seek()
	}
	if allocs := testing.AllocsPerRun(200, seek); allocs != 0 {
		t.Errorf("%v allocations per random seek, want 0", allocs)
	}
}
