package playback

// Apply carries out one command. Commands that move the time clamp it to
// the recording; commands with a NaN or infinite operand, and unknown
// operations, change nothing.
//
// Which commands pause: StepForward, StepBack, NextEvent and PrevEvent
// pause, because they land on one moment the user wants to look at (and a
// second PrevEvent must go further back, not bounce to the event the clock
// just played past). Jump, GoTo, ToStart and ToEnd keep the play state,
// as scrubbing in a video player does.
func (c *Clock) Apply(cmd Command) {
	switch cmd.Op {
	case OpPlay:
		c.play()
	case OpPause:
		c.playing = false
	case OpTogglePlay:
		if c.playing {
			c.playing = false
		} else {
			c.play()
		}
	case OpReverse:
		c.reversed = !c.reversed
	case OpStepForward:
		c.playing = false
		c.t = c.nextFrameTime()
	case OpStepBack:
		c.playing = false
		c.t = c.prevFrameTime()
	case OpJump:
		if finite(cmd.A) {
			c.t = c.clamp(c.t + cmd.A)
		}
	case OpGoTo:
		if finite(cmd.A) {
			c.t = c.clamp(cmd.A)
		}
	case OpToStart:
		c.t = c.start
	case OpToEnd:
		c.t = c.end
	case OpSpeedUp:
		c.speed = speedUp(c.speed)
	case OpSpeedDown:
		c.speed = speedDown(c.speed)
	case OpSetSpeed:
		if finite(cmd.A) && cmd.A > 0 {
			c.speed = min(max(cmd.A, MinSpeed), MaxSpeed)
		}
	case OpToggleLoop:
		c.loop = !c.loop
	case OpSetLoopRange:
		c.setLoopRange(cmd.A, cmd.B)
	case OpClearLoopRange:
		c.ranged, c.loopA, c.loopB = false, 0, 0
	case OpNextEvent:
		if t, ok := c.nextEvent(); ok {
			c.playing = false
			c.t = t
		}
	case OpPrevEvent:
		if t, ok := c.prevEvent(); ok {
			c.playing = false
			c.t = t
		}
	}
}

// play starts playing. At the end it first rewinds to the start (at the
// start when reversed, to the end), so pressing Play on a recording that
// ran out replays it instead of stopping again on the next tick.
func (c *Clock) play() {
	if !c.reversed && c.t >= c.end {
		c.t = c.start
	} else if c.reversed && c.t <= c.start {
		c.t = c.end
	}
	c.playing = true
}

// nextFrameTime is the start of the first frame after the current time,
// or the end when the last frame is shown.
func (c *Clock) nextFrameTime() float64 {
	i := c.firstAfter(c.t)
	if i == len(c.elapsed) {
		return c.end
	}
	return c.elapsed[i]
}

// prevFrameTime is the start of the frame before the shown one. It steps
// relative to the shown frame, not to the time, because landing on the
// start of the frame already on screen would look like no step at all.
// Frames that share a start time count as one.
func (c *Clock) prevFrameTime() float64 {
	i := count(c.elapsed, c.elapsed[c.Frame()], false)
	if i == 0 {
		return c.start
	}
	return c.elapsed[i-1]
}

// setLoopRange stores [a, b] in order and clamped to the recording. A
// range of zero length (or a NaN bound) clears the range instead: there is
// nothing to loop and the wrap arithmetic needs a positive length.
func (c *Clock) setLoopRange(a, b float64) {
	if !finite(a) || !finite(b) {
		return
	}
	a, b = c.clamp(a), c.clamp(b)
	if a > b {
		a, b = b, a
	}
	if a == b {
		c.ranged, c.loopA, c.loopB = false, 0, 0
		return
	}
	c.ranged, c.loopA, c.loopB = true, a, b
}

// nextEvent is the first event strictly after now.
func (c *Clock) nextEvent() (float64, bool) {
	i := count(c.events, c.t, true)
	if i == len(c.events) {
		return 0, false
	}
	return c.events[i], true
}

// prevEvent is the last event strictly before now.
func (c *Clock) prevEvent() (float64, bool) {
	i := count(c.events, c.t, false)
	if i == 0 {
		return 0, false
	}
	return c.events[i-1], true
}
