package ui

import (
	"testing"
	"time"

	"github.com/mm2carla/viewer/ui/app"
)

func TestWallClockElapsed(t *testing.T) {
	var w wallClock
	t0 := time.Date(2026, 11, 28, 3, 0, 0, 0, time.UTC)
	for _, step := range []struct {
		at   time.Duration
		want float64
	}{
		{0, 1.0 / app.TPS},              // the first Update: one tick
		{143 * time.Millisecond, 0.143}, // 7 frames a second
		{143 * time.Millisecond, 0},     // a second Update in the same frame (Ebitengine catching up)
		{100 * time.Millisecond, 0},     // the clock set back
		{600 * time.Millisecond, 0.5},
	} {
		if got := w.elapsed(t0.Add(step.at)); got < step.want-1e-9 || got > step.want+1e-9 {
			t.Errorf("at %v: elapsed %v, want %v", step.at, got, step.want)
		}
	}
}
