package app

import (
	"math"

	"github.com/mm2carla/viewer/render"
	"github.com/mm2carla/viewer/render/scenedraw"
	"github.com/mm2carla/viewer/scene"
)

// Mouse feel, per logical pixel of drag or per wheel notch.
const (
	orbitRadPerPixel = 0.006
	zoomPerNotch     = 1.2
)

// camera is the active camera (orbit or top-down) and the view it gives.
type camera struct {
	topDown bool
	orbit   render.OrbitCamera
	top     render.TopDownCamera
	vp      render.Viewport
	view    render.View
}

func (c *camera) init(topDown bool) {
	c.topDown = topDown
	c.orbit = render.NewOrbitCamera()
	c.top = render.NewTopDownCamera()
	c.update()
}

func (c *camera) setViewport(vp render.Viewport) {
	if vp != c.vp {
		c.vp = vp
		c.update()
	}
}

// update recomputes the view after any change.
func (c *camera) update() {
	if c.topDown {
		c.view = c.top.View(c.vp)
	} else {
		c.view = c.orbit.View(c.vp)
	}
}

// tanHalfFov is tan(fovY/2) of the orbit camera.
func tanHalfFov() float64 { return math.Tan(render.DefaultFovY / 2) }

// toggle switches camera keeping the point looked at and the scale: the
// ground visible at the target stays about the same size on screen.
func (c *camera) toggle() {
	scale := c.vp.DeviceScale()
	h := max(c.vp.Height, 1) / scale // logical pixels
	if c.topDown {
		c.orbit.Target = c.top.Center
		c.orbit.Distance = h / (2 * tanHalfFov() * c.top.PixelsPerMetre)
	} else {
		c.top.Center = c.orbit.Target
		c.top.PixelsPerMetre = h / (2 * tanHalfFov() * c.orbit.Distance)
		c.top.PixelsPerMetre = min(max(c.top.PixelsPerMetre, render.MinPixelsPerMetre), render.MaxPixelsPerMetre)
	}
	c.topDown = !c.topDown
	c.update()
}

// drag turns the orbit camera, or pans the map in the top-down view (a
// left drag there has nothing to orbit).
func (c *camera) drag(dx, dy float64) {
	if c.topDown {
		c.top.Pan(dx, dy, c.vp)
	} else {
		k := orbitRadPerPixel / c.vp.DeviceScale()
		c.orbit.Orbit(-dx*k, dy*k)
	}
	c.update()
}

func (c *camera) pan(dx, dy float64) {
	if c.topDown {
		c.top.Pan(dx, dy, c.vp)
	} else {
		c.orbit.Pan(dx, dy, c.vp)
	}
	c.update()
}

// zoom zooms by wheel notches toward pixel x, y.
func (c *camera) zoom(steps, x, y float64) {
	f := math.Pow(zoomPerNotch, steps)
	if c.topDown {
		c.top.Zoom(f, x, y, c.vp)
	} else {
		c.orbit.Zoom(f, x, y, c.vp)
	}
	c.update()
}

// Follow distances: starting to follow from far away comes this close,
// so the actor is more than a dot.
const (
	followDistance = 45  // metres, orbit camera
	followPPM      = 6.0 // logical pixels per metre, top-down camera
)

// approach brings the camera near enough to watch one actor.
func (c *camera) approach() {
	c.orbit.Distance = min(c.orbit.Distance, followDistance)
	c.top.PixelsPerMetre = max(c.top.PixelsPerMetre, followPPM)
	c.update()
}

// centre moves the point looked at to p (following an actor).
func (c *camera) centre(p render.Vec3) {
	c.orbit.Target = p
	c.top.Center = p
	c.update()
}

// frame fits the box in view with the active camera, and aims the other
// one at the same place. The orbit camera comes as close as it can with
// every corner of b on screen (scenedraw.FrameOrbit, as `viewer shot`
// frames): fitting the box's bounding sphere would leave a flat city small
// in the middle of the view.
func (c *camera) frame(b render.AABB) {
	if b.IsEmpty() || c.vp.Width <= 0 || c.vp.Height <= 0 {
		return
	}
	c.top.FrameAll(b, c.vp)
	scenedraw.FrameOrbit(&c.orbit, b, c.vp)
	c.update()
}

// rv is a scene point as a render point: both are metres, Z up, so this
// changes only the Go type.
func rv(v scene.Vec3) render.Vec3 { return render.Vec3{X: v.X, Y: v.Y, Z: v.Z} }

// framedKind reports whether actors of kind k count when framing the
// scene: the spectator and sensors are often far from the action or
// attached to something already counted.
func framedKind(k scene.Kind) bool {
	return k != scene.KindSpectator && k != scene.KindSensor && k != scene.KindOther
}

// bounds returns the box holding the map and the framed actors now.
func (a *App) bounds() render.AABB {
	b := render.EmptyAABB()
	if m := a.Map(); m != nil && (len(m.Roads) > 0 || len(m.Intersections) > 0) {
		lo, hi := m.Bounds()
		b = b.Extend(rv(lo)).Extend(rv(hi))
	}
	if st := a.State(); st != nil {
		for i := range st.Actors {
			if framedKind(st.Actors[i].Kind) {
				b = b.Extend(rv(st.Actors[i].World.Location))
			}
		}
	}
	if !b.IsEmpty() {
		// Keep flat scenes from framing as a line, and give boxes air.
		pad := render.Vec3{X: 5, Y: 5, Z: 2}
		b = render.AABB{Min: b.Min.Sub(pad), Max: b.Max.Add(pad)}
	}
	return b
}

func (a *App) frameAll() { a.cam.frame(a.bounds()) }

// updateFollow keeps the followed actor in the middle of the view.
func (a *App) updateFollow() {
	if a.follow == 0 {
		return
	}
	st := a.State()
	if st == nil {
		return
	}
	if act := st.Actor(a.follow); act != nil {
		a.cam.centre(rv(act.World.Location))
	}
}
