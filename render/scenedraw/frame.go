package scenedraw

import "github.com/mm2carla/viewer/render"

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
