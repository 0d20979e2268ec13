package playback

import "math"

// Tick advances the time by dt (seconds of wall time, 1/60 in the game
// loop) times the speed, backwards when reversed. It does nothing while
// paused or for a dt that is not a positive finite number.
//
// At the ends of the recording the clock pauses on the end it reached,
// unless the whole recording loops, in which case it wraps to the other
// end carrying the overshoot. A loop range wraps the same way when the
// time crosses its far bound (forward: the time was at or before B and
// reaches B; reversed: it was at or after A and reaches A), so a range
// can be set while the time is elsewhere and takes hold once playback
// runs into it. The range wins over the ends when both apply.
//
// Note: because the end of a finished recording is the last frame's start
// (see New), looping shows the last frame only when a tick lands exactly
// on the end; it is on screen whenever playback stops there.
func (c *Clock) Tick(dt float64) {
	if !c.playing || !(dt > 0) || math.IsInf(dt, 1) {
		return
	}
	// The explicit conversion forbids fusing the multiply into the add
	// (the Go spec allows that on some CPUs), so every platform rounds
	// the same way and replays give identical times.
	d := float64(dt * c.speed)
	if c.reversed {
		c.tickBack(d)
	} else {
		c.tickForward(d)
	}
}

func (c *Clock) tickForward(d float64) {
	nt := c.t + d
	switch {
	case c.ranged && c.t <= c.loopB && nt >= c.loopB:
		c.t = c.loopA + wrapOffset(nt-c.loopB, c.loopB-c.loopA)
	case nt < c.end:
		c.t = nt
	case c.loop:
		c.t = c.start + wrapOffset(nt-c.end, c.end-c.start)
	default:
		c.t = c.end
		c.playing = false
	}
}

func (c *Clock) tickBack(d float64) {
	nt := c.t - d
	switch {
	case c.ranged && c.t >= c.loopA && nt <= c.loopA:
		c.t = c.loopB - wrapOffset(c.loopA-nt, c.loopB-c.loopA)
	case nt > c.start:
		c.t = nt
	case c.loop:
		c.t = c.end - wrapOffset(c.start-nt, c.end-c.start)
	default:
		c.t = c.start
		c.playing = false
	}
}

// wrapOffset is how far past the wrap point an overshoot lands in a loop
// of the given length: the overshoot modulo the length, in [0, length).
// A fast speed on a short loop can overshoot by several lengths. A loop of
// zero length (a one-frame recording) keeps the time on its bound.
func wrapOffset(overshoot, length float64) float64 {
	if !(length > 0) {
		return 0
	}
	return math.Mod(overshoot, length)
}
