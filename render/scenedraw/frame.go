package scenedraw

import (
	"github.com/go-gl/mathgl/mgl64"
	"github.com/mm2carla/viewer/render"
)

// frameFill is how much of the viewport's half-size the framed box may
// reach from the centre: a 4% margin on each side.
const frameFill = 0.92

// FrameOrbit points cam at b and brings it as close as it can while every
// corner of b stays inside the viewport. render.OrbitCamera.FrameAll fits
// b's bounding sphere, which leaves a flat city small in the frame; this
// starts from that distance and moves in by bisection, keeping the
// camera's yaw and pitch. An empty box leaves cam unchanged.
func FrameOrbit(cam *render.OrbitCamera, b render.AABB, vp render.Viewport) {
	if b.IsEmpty() {
		return
	}
	cam.FrameAll(b, vp)
	far := cam.Distance
	if !fits(cam, b, vp) {
		return
	}
	lo, hi := far*0.05, far
	for range 30 {
		mid := (lo + hi) / 2
		cam.Distance = mid
		if fits(cam, b, vp) {
			hi = mid
		} else {
			lo = mid
		}
	}
	cam.Distance = hi
}

// fits reports whether every corner of b projects inside the viewport's
// central frameFill part, in front of the camera.
func fits(cam *render.OrbitCamera, b render.AABB, vp render.Viewport) bool {
	v := cam.View(vp)
	hw, hh := vp.Width/2, vp.Height/2
	for i := range 8 {
		x, y, _, ok := v.WorldToScreen(b.Corner(i))
		if !ok || x < hw-hw*frameFill || x > hw+hw*frameFill || y < hh-hh*frameFill || y > hh+hh*frameFill {
			return false
		}
	}
	return true
}

// legendGap is the space, in logical pixels, FrameTop leaves between the
// framed scene and the legend.
const legendGap = 8

// FrameTop frames b with a top-down camera in vp, clear of the legend
// when one is drawn (legend is LegendRect's result): where b framed on
// the whole viewport would run under the legend, it is framed beside or
// below it instead, whichever band shows it larger, as long as that is at
// least bandMinScale of the whole-viewport scale (a map squeezed into a
// strip reads worse than one under a corner of the panel).
func FrameTop(cam *render.TopDownCamera, b render.AABB, vp render.Viewport, legend render.Rect, hasLegend bool) {
	cam.FrameAll(b, vp)
	if !hasLegend || b.IsEmpty() {
		return
	}
	v := cam.View(vp)
	x0, y0, _, _ := v.WorldToScreen(mgl64.Vec3{b.Min[0], b.Max[1], b.Min[2]})
	x1, y1, _, _ := v.WorldToScreen(mgl64.Vec3{b.Max[0], b.Min[1], b.Min[2]})
	if !(render.Rect{MinX: x0, MinY: y0, MaxX: x1, MaxY: y1}).Overlaps(legend) {
		return
	}
	full := *cam
	g := legendGap * vp.DeviceScale()
	best, bestPPM := full, 0.0
	for _, area := range []render.Rect{
		{MinX: 0, MinY: 0, MaxX: legend.MinX - g, MaxY: vp.Height},        // beside
		{MinX: 0, MinY: legend.MaxY + g, MaxX: vp.Width, MaxY: vp.Height}, // below
	} {
		c := full
		c.FrameIn(b, vp, area)
		if area.MaxX > area.MinX && area.MaxY > area.MinY && c.PixelsPerMetre > bestPPM {
			best, bestPPM = c, c.PixelsPerMetre
		}
	}
	if bestPPM >= bandMinScale*full.PixelsPerMetre {
		*cam = best
	}
}

// bandMinScale: FrameTop moves the scene clear of the legend only when
// that keeps at least this share of its scale.
const bandMinScale = 0.8
