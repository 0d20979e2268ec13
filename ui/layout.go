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

// viewport is the 3D view's render viewport.
func (l layout) viewport() render.Viewport {
	return render.Viewport{Width: l.view.w(), Height: l.view.h(), Scale: l.s}
}

// px converts logical pixels to device pixels.
func (l layout) px(v float64) float64 { return v * l.s }
