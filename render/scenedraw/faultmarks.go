package scenedraw

import (
	"math"

	"github.com/mm2carla/viewer/analysis/faults"
	"github.com/mm2carla/viewer/render"
)

// Fault marks: a small screen-space shape where each path fault began,
// one shape and one colour per kind, the same size at every zoom so that
// a city seen whole still shows where things went wrong.

// Shape is a fault mark's outline.
type Shape uint8

// The mark shapes.
const (
	ShapeSquare   Shape = iota // off-lane
	ShapeTriangle              // wrong-way (pointing down, against the flow)
	ShapeDisc                  // red-light
	ShapeOctagon               // stop-sign
	ShapeDiamond               // close-call
	ShapeStar                  // collision
	ShapeBar                   // blocked
)

// faultStyles are the shape and colour of each fault kind, by Kind.
var faultStyles = [...]struct {
	shape Shape
	color render.Color
}{
	faults.OffLane:    {ShapeSquare, render.RGB(0xff, 0x9f, 0x43)},
	faults.WrongWay:   {ShapeTriangle, render.RGB(0xff, 0x4d, 0xd2)},
	faults.RedLight:   {ShapeDisc, render.RGB(0xff, 0x30, 0x30)},
	faults.StopSign:   {ShapeOctagon, render.RGB(0xe0, 0x20, 0x60)},
	faults.CloseCall:  {ShapeDiamond, render.RGB(0xff, 0xe0, 0x40)},
	faults.Collision:  {ShapeStar, render.RGB(0xff, 0x60, 0x20)},
	faults.Blocked:    {ShapeBar, render.RGB(0x9a, 0xa8, 0xff)},
	faults.LaneChange: {ShapeDiamond, render.RGB(0x80, 0x90, 0xa0)},
}

// FaultColor is the colour of a fault kind's mark (the timeline and the
// fault list use it too).
func FaultColor(k faults.Kind) render.Color {
	if int(k) < len(faultStyles) {
		return faultStyles[k].color
	}
	return colLabel
}

// FaultShape is the shape of a fault kind's mark.
func FaultShape(k faults.Kind) Shape {
	if int(k) < len(faultStyles) {
		return faultStyles[k].shape
	}
	return ShapeDisc
}

// MarkRadius is a fault mark's radius in logical pixels.
const MarkRadius = markRadius

// Mark sizes, logical pixels: the radius and the dark outline.
const (
	markRadius  = 7
	markOutline = 1.5
	markPicked  = 1.6 // how much larger the picked fault's mark is
)

var (
	colMarkEdge = render.RGBA(0x10, 0x12, 0x16, 0xe0)
	colMarkRing = render.RGB(0xff, 0xff, 0xff)
)

// drawFaultMarks marks every fault of p at its location, the picked one
// last (on top), larger and ringed.
func (r *Renderer) drawFaultMarks(dl *render.DrawList, v *render.View, p *Paths) {
	s := v.Viewport.DeviceScale()
	for i := range p.Faults {
		if i != p.Current {
			r.faultMark(dl, v, &p.Faults[i], markRadius*s)
		}
	}
	if p.Current >= 0 && p.Current < len(p.Faults) {
		f := &p.Faults[p.Current]
		if x, y, _, ok := v.WorldToScreen(f.Location); ok {
			DrawShape(dl, ShapeDisc, x, y, (markRadius*markPicked+2.5)*s, colMarkRing)
		}
		r.faultMark(dl, v, f, markRadius*markPicked*s)
	}
}

func (r *Renderer) faultMark(dl *render.DrawList, v *render.View, f *faults.Fault, rad float64) {
	x, y, _, ok := v.WorldToScreen(f.Location)
	if !ok || !v.Viewport.RectVisible(x-rad, y-rad, x+rad, y+rad) {
		return
	}
	sh := FaultShape(f.Kind)
	r.seen.fault(f.Kind)
	DrawShape(dl, sh, x, y, rad+markOutline*v.Viewport.DeviceScale(), colMarkEdge)
	DrawShape(dl, sh, x, y, rad, FaultColor(f.Kind))
}

// DrawShape draws a mark shape of radius rad (device pixels) centred on
// x, y on the overlay layer, for the map and the legend alike.
func DrawShape(dl *render.DrawList, sh Shape, x, y, rad float64, col render.Color) {
	switch sh {
	case ShapeSquare:
		k := rad * 0.82
		dl.Rect2D(render.LayerOverlay, x-k, y-k, x+k, y+k, col)
	case ShapeBar:
		dl.Rect2D(render.LayerOverlay, x-rad, y-rad*0.45, x+rad, y+rad*0.45, col)
	case ShapeTriangle:
		dl.Triangle2D(render.LayerOverlay, x-rad, y-rad*0.75, x+rad, y-rad*0.75, x, y+rad, col)
	case ShapeDiamond:
		polygon(dl, x, y, rad, 4, 0, col)
	case ShapeOctagon:
		polygon(dl, x, y, rad, 8, math.Pi/8, col)
	case ShapeStar:
		dl.Triangle2D(render.LayerOverlay, x, y-rad, x+rad*0.87, y+rad*0.5, x-rad*0.87, y+rad*0.5, col)
		dl.Triangle2D(render.LayerOverlay, x, y+rad, x-rad*0.87, y-rad*0.5, x+rad*0.87, y-rad*0.5, col)
	default:
		polygon(dl, x, y, rad, 16, 0, col)
	}
}

// polygon draws a regular n-gon as a fan.
func polygon(dl *render.DrawList, x, y, rad float64, n int, phase float64, col render.Color) {
	px, py := x+rad*math.Sin(phase), y-rad*math.Cos(phase)
	for i := 1; i <= n; i++ {
		a := phase + 2*math.Pi*float64(i)/float64(n)
		qx, qy := x+rad*math.Sin(a), y-rad*math.Cos(a)
		dl.Triangle2D(render.LayerOverlay, x, y, px, py, qx, qy, col)
		px, py = qx, qy
	}
}

// PickFaultMark returns the index in fs of the fault whose mark is under
// pixel x, y (device pixels) of view v, as drawFaultMarks draws them: the
// current one (-1: none) on top and larger, then later ones over earlier
// ones; false when no mark is there. A mark is hit within its radius and
// outline, whatever its shape, so that a small triangle is as easy to
// click as a disc.
func PickFaultMark(v *render.View, fs []faults.Fault, current int, x, y float64) (int, bool) {
	s := v.Viewport.DeviceScale()
	hit := func(i int, rad float64) bool {
		px, py, _, ok := v.WorldToScreen(fs[i].Location)
		dx, dy := px-x, py-y
		return ok && dx*dx+dy*dy <= rad*rad
	}
	if current >= 0 && current < len(fs) && hit(current, (markRadius*markPicked+markOutline)*s) {
		return current, true
	}
	for i := len(fs) - 1; i >= 0; i-- {
		if i != current && hit(i, (markRadius+markOutline)*s) {
			return i, true
		}
	}
	return 0, false
}
