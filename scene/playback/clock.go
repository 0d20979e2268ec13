// Package playback is the replay clock of the viewer: the current time in a
// recording, whether it plays, how fast and which way, and the looping
// rules at its ends. It exists apart from the scene engine and from the
// window so that every keyboard-driven time change can be tested without
// a window, a GPU or a wall clock.
//
// The clock never reads the wall clock. The game loop calls Apply for each
// command and then Tick once per update with a fixed dt (1/60 s), so the
// same sequence of commands and ticks always yields the same time; a bug
// report that lists its key presses replays exactly.
//
// Time is in recording seconds, the recorder's "elapsed" value of each
// frame. Frame n covers [elapsed[n], elapsed[n+1]).
package playback

import (
	"errors"
	"fmt"
	"math"
	"slices"
)

// Clock is the playback position of one recording. Its zero value is not
// usable; build it with New. A Clock is not safe for concurrent use: the
// game loop owns it.
type Clock struct {
	elapsed    []float64 // start time of each frame, non-decreasing
	start, end float64   // time is always within [start, end]
	t          float64
	speed      float64 // always within [MinSpeed, MaxSpeed]
	playing    bool
	reversed   bool
	loop       bool    // loop the whole recording
	ranged     bool    // loop [loopA, loopB]
	loopA      float64 // loopA < loopB when ranged
	loopB      float64
	events     []float64 // sorted, all within [start, end]
}

// New builds a paused clock at the first frame, playing forward at speed 1.
//
// elapsed holds each frame's start time in order (the recorder's FrameStart
// Elapsed); lastDuration is the last frame's recorded Duration. CARLA
// writes -1 there when the recording was closed cleanly, and then the
// recording ends at elapsed[last]: that is the "Duration" CARLA's own
// show_recorder_file_info reports, and its replayer stops on that frame.
// A non-negative lastDuration (a recording cut off after the next frame's
// header patched it) extends the end to elapsed[last]+lastDuration.
//
// New copies elapsed. It fails on an empty list, a non-finite time or a
// time that goes backwards, because Frame's binary search needs order.
func New(elapsed []float64, lastDuration float64) (*Clock, error) {
	if len(elapsed) == 0 {
		return nil, errors.New("playback: recording has no frames")
	}
	for i, e := range elapsed {
		if !finite(e) {
			return nil, fmt.Errorf("playback: frame %d: elapsed %v is not a finite time", i, e)
		}
		if i > 0 && e < elapsed[i-1] {
			return nil, fmt.Errorf("playback: frame %d: elapsed %v is before frame %d's %v", i, e, i-1, elapsed[i-1])
		}
	}
	last := elapsed[len(elapsed)-1]
	end := last
	if lastDuration >= 0 && finite(lastDuration) {
		end = last + lastDuration
	}
	return &Clock{
		elapsed: slices.Clone(elapsed),
		start:   elapsed[0],
		end:     end,
		t:       elapsed[0],
		speed:   1,
	}, nil
}

// SetEvents gives the times NextEvent and PrevEvent navigate between, such
// as collisions or an actor's spawn. The clock keeps its own sorted copy;
// times outside the recording or not finite are dropped, since a jump
// there would only clamp to an end.
func (c *Clock) SetEvents(times []float64) {
	ev := make([]float64, 0, len(times))
	for _, t := range times {
		if finite(t) && t >= c.start && t <= c.end {
			ev = append(ev, t)
		}
	}
	slices.Sort(ev)
	c.events = slices.Compact(ev)
}

// Time returns the current time in recording seconds.
func (c *Clock) Time() float64 { return c.t }

// Start returns the first frame's time, the earliest Time.
func (c *Clock) Start() float64 { return c.start }

// End returns the end of the recording, the latest Time (see New).
func (c *Clock) End() float64 { return c.end }

// Frames returns the number of frames.
func (c *Clock) Frames() int { return len(c.elapsed) }

// Playing reports whether Tick advances the time.
func (c *Clock) Playing() bool { return c.playing }

// Speed returns the speed factor, within [MinSpeed, MaxSpeed].
func (c *Clock) Speed() float64 { return c.speed }

// Reversed reports whether playing runs backwards.
func (c *Clock) Reversed() bool { return c.reversed }

// Looping reports whether the whole recording loops.
func (c *Clock) Looping() bool { return c.loop }

// LoopRange returns the looped range, if one is set.
func (c *Clock) LoopRange() (a, b float64, ok bool) {
	return c.loopA, c.loopB, c.ranged
}

// Frame returns the index of the frame shown at the current time: the last
// frame whose start is at or before it.
func (c *Clock) Frame() int { return c.frameAt(c.t) }

// frameAt is the last index whose elapsed is <= t, or 0 when t precedes
// every frame.
func (c *Clock) frameAt(t float64) int { return max(count(c.elapsed, t, true)-1, 0) }

// firstAfter is the index of the first frame starting strictly after t, or
// len(elapsed) when none does.
func (c *Clock) firstAfter(t float64) int { return count(c.elapsed, t, true) }

// count returns how many leading elements of the sorted s are below t (or
// at or below it when orEqual). It is a hand-written binary search so the
// per-tick Frame call allocates nothing and needs no closure.
func count(s []float64, t float64, orEqual bool) int {
	lo, hi := 0, len(s) // invariant: s[:lo] are counted, s[hi:] are not
	for lo < hi {
		mid := int(uint(lo+hi) >> 1)
		if s[mid] < t || orEqual && s[mid] == t {
			lo = mid + 1
		} else {
			hi = mid
		}
	}
	return lo
}

// clamp limits t to the recording; NaN becomes the current time.
func (c *Clock) clamp(t float64) float64 {
	if math.IsNaN(t) {
		return c.t
	}
	return min(max(t, c.start), c.end)
}

func finite(f float64) bool { return !math.IsNaN(f) && !math.IsInf(f, 0) }

// EventBefore is the last event strictly before the clock's time, the
// one PrevEvent goes to (false: none).
func (c *Clock) EventBefore() (float64, bool) { return c.prevEvent() }

// EventAfter is the first event strictly after the clock's time, the one
// NextEvent goes to (false: none).
func (c *Clock) EventAfter() (float64, bool) { return c.nextEvent() }
