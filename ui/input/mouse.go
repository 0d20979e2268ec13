package input

// ClickSlop is how far, in pixels, the cursor may move between press and
// release for the press to count as a click rather than a drag.
const ClickSlop = 4

// gesture is what a held mouse button is doing.
type gesture uint8

const (
	gestureNone    gesture = iota // button up
	gesturePending                // pressed, not yet moved beyond ClickSlop
	gestureDrag                   // moved beyond ClickSlop: orbit or pan
	gestureScrub                  // pressed on the timeline: scrub
)

// button follows one mouse button from press to release.
type button struct {
	gesture        gesture
	pressX, pressY float64 // where it went down
	lastX, lastY   float64 // where the last drag or scrub command left off
	plot           bool    // the scrub is on the plots, not the timeline
}

// scrubTime is the time at x on what the scrub started on.
func (b *button) scrubTime(s *Snapshot, x float64) float64 {
	if b.plot {
		return s.Plot.TimeAt(x)
	}
	return s.Timeline.TimeAt(x)
}

// scrub is the command a scrub at x makes: on the plots, a PlotScrub.
func (b *button) scrub(s *Snapshot, x float64) Command {
	if b.plot {
		return PlotScrub(b.scrubTime(s, x))
	}
	return Scrub(b.scrubTime(s, x))
}

// buttonRole is what a button's gestures produce.
type buttonRole struct {
	drag  func(dx, dy float64) Command // Orbit or Pan
	click bool                         // a click selects
	scrub bool                         // a press on the timeline scrubs
}

// update advances the button by one tick, appending what it produced.
func (b *button) update(down bool, s *Snapshot, role buttonRole, dst []Command) []Command {
	x, y := s.Mouse.X, s.Mouse.Y
	switch b.gesture {
	case gestureNone:
		if !down {
			return dst
		}
		*b = button{gesture: gesturePending, pressX: x, pressY: y, lastX: x, lastY: y}
		if role.scrub && (s.onTimeline(x, y) || s.onPlot(x, y)) {
			b.gesture, b.plot = gestureScrub, !s.onTimeline(x, y)
			return append(dst, b.scrub(s, x))
		}
	case gesturePending:
		if dx, dy := x-b.pressX, y-b.pressY; dx*dx+dy*dy > ClickSlop*ClickSlop {
			// The drag starts from the press point, so the slop is not lost.
			b.gesture, b.lastX, b.lastY = gestureDrag, x, y
			dst = append(dst, role.drag(dx, dy))
		} else if !down && role.click {
			dst = append(dst, Select(b.pressX, b.pressY))
		}
	case gestureDrag:
		if x != b.lastX || y != b.lastY {
			dst = append(dst, role.drag(x-b.lastX, y-b.lastY))
			b.lastX, b.lastY = x, y
		}
	case gestureScrub:
		// Only x matters; the scrub follows the cursor even off the bar,
		// clamped to its ends by TimeAt.
		if x != b.lastX {
			dst = append(dst, b.scrub(s, x))
			b.lastX = x
		}
	}
	if !down {
		b.gesture = gestureNone
	}
	return dst
}
