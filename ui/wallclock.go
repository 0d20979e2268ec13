package ui

import (
	"time"

	"github.com/mm2carla/viewer/ui/app"
)

// wallClock measures the wall time between Updates: the one place the
// window reads a clock for the replay (app.App.Advance takes what it
// measures). Ebitengine calls Update TPS times a second only while frames
// keep up; under load it calls it less often, and a replay advanced by a
// fixed 1/TPS a tick then ran slow (7.8 s of recording in 10.4 s at 7
// frames a second). Measuring keeps 1x real time at any frame rate.
type wallClock struct {
	last time.Time
}

// elapsed returns the seconds since the previous call (one tick, 1/TPS,
// for the first), never negative: a clock set back plays nothing.
func (w *wallClock) elapsed(now time.Time) float64 {
	prev := w.last
	w.last = now
	if prev.IsZero() {
		return 1.0 / app.TPS
	}
	return max(now.Sub(prev).Seconds(), 0)
}
