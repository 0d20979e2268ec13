package ui

import "github.com/mm2carla/viewer/render"

// Sizes of the window's furniture in logical pixels; multiplied by the
// device scale factor so the layout keeps its proportions on any screen.
const (
	statusHeight   = 24
	timelineHeight = 66
	timelineLeft   = 212 // play icon and time text
	timelineRight  = 176 // frame, speed and state
	barHeight      = 20
	barTop         = 12 // from the top of the timeline area
	panelWidth     = 380
	panelMargin    = 10
	panelPad       = 10
	labelColumn    = 104
	fontSize       = 13.5
	smallFontSize  = 11.5
	lineSpacing    = 1.38 // line height as a multiple of the font size
)

// The window's furniture grows with a window larger than bigW x bigH
// logical pixels, in proportion to the smaller of its two ratios, up to
// maxGrow: on a large monitor the panels, plots and text do not stay
// the size made for a laptop's window.
const (
	bigW, bigH = 1600, 1000
	maxGrow    = 1.5
)

// uiScale is the scale the window's furniture is laid out and its text
// drawn at, for a screen of w x h device pixels at device scale s.
func uiScale(w, h, s float64) float64 {
	if !(s > 0) {
		s = 1
	}
	return s * min(max(min(w/s/bigW, h/s/bigH), 1), maxGrow)
}

// rect is a screen rectangle in device pixels.
type rect struct{ x0, y0, x1, y1 float64 }

func (r rect) w() float64 { return r.x1 - r.x0 }
func (r rect) h() float64 { return r.y1 - r.y0 }

func (r rect) contains(x, y float64) bool { return x >= r.x0 && x < r.x1 && y >= r.y0 && y < r.y1 }

// layout is where everything goes for a screen of w x h device pixels at
// scale s. It is a pure function of those three numbers.
type layout struct {
	w, h, s  float64
	view     rect // the 3D view
	timeline rect // the timeline area
	bar      rect // the scrub bar inside it
	status   rect // the status line
	// While comparing (withCompare): the rows under the tick labels,
	// the divergence strip and run B's faults; zero otherwise.
	strip, faultsB rect
}

func newLayout(w, h, s float64) layout {
	if !(s > 0) {
		s = 1
	}
	l := layout{w: w, h: h, s: s}
	sh := statusHeight * s
	th := timelineHeight * s
	l.status = rect{0, h - sh, w, h}
	l.timeline = rect{0, h - sh - th, w, h - sh}
	l.view = rect{0, 0, w, max(l.timeline.y0, 1)}
	x0 := timelineLeft * s
	x1 := max(w-timelineRight*s, x0+1)
	top := l.timeline.y0 + barTop*s
	l.bar = rect{x0, top, x1, top + barHeight*s}
	return l
}

// Compare rows, logical pixels: the strip and B's fault row under the
// tick labels, and what they add to the timeline's height.
const (
	stripTop     = 56 // from the top of the timeline area
	stripHeight  = 18
	faultBHeight = 7
	compareExtra = 30
)

// withCompare returns the layout with the timeline grown upward by the
// compare rows.
func (l layout) withCompare() layout {
	s, dy := l.s, compareExtra*l.s
	l.timeline.y0 -= dy
	l.view.y1 = max(l.timeline.y0, 1)
	l.bar.y0 -= dy
	l.bar.y1 -= dy
	top := l.timeline.y0 + stripTop*s
	l.strip = rect{l.bar.x0, top, l.bar.x1, top + stripHeight*s}
	l.faultsB = rect{l.bar.x0, l.strip.y1 + 2*s, l.bar.x1, l.strip.y1 + (2+faultBHeight)*s}
	return l
}

// viewport is the 3D view's render viewport.
func (l layout) viewport() render.Viewport {
	return render.Viewport{Width: l.view.w(), Height: l.view.h(), Scale: l.s}
}

// px converts logical pixels to device pixels.
func (l layout) px(v float64) float64 { return v * l.s }
