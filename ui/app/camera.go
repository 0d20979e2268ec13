package app

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/mm2carla/viewer/render"
	"github.com/mm2carla/viewer/render/scenedraw"
	"github.com/mm2carla/viewer/scene"
	"github.com/mm2carla/viewer/ui/input"
)

// Mouse feel, per logical pixel of drag or per wheel notch.
const (
	orbitRadPerPixel = 0.006
	zoomPerNotch     = 1.2
)

// camera is the camera part of the app: the active camera and the view
// it gives (the orbit camera, the top-down camera, or, while an actor is
// followed in the perspective view, the chase camera behind it), and the
// actor it follows (follow.go).
type camera struct {
	topDown bool
	chasing bool // following: the chase replaces the orbit camera
	orbit   render.OrbitCamera
	top     render.TopDownCamera
	chase   chaseRig
	vp      render.Viewport
	view    render.View

	framePending bool // frame everything once there is content and a viewport
	// legendTries: everything was framed on load before the legend was
	// drawn as it is now (it lists what the frame drew, so its size is
	// known only after one, and framing changes what is drawn): frame
	// again, at most this many ticks, while the legend drawn differs
	// from legendAt, the one framed around, unless the user moves the
	// camera.
	legendTries int
	legendAt    render.Rect
	follow      uint32 // actor the camera follows, 0: none
	// coverX is the left edge of the list panel over the right of the
	// view (device pixels; 0: none), which reveal keeps points out from
	// under.
	coverX float64
	// followTime is the replay time the following camera last moved to,
	// to tell a seek from playing.
	followTime float64
	followList []uint32 // Tab's order, rebuilt at each press
}

// orbitTarget returns where the orbit camera looks.
func (c *camera) orbitTarget() mgl64.Vec3 { return c.orbit.Target }

// topCenter returns the top-down camera's centre.
func (c *camera) topCenter() mgl64.Vec3 { return c.top.Center }

// scale returns the top-down camera's scale, pixels a metre.
func (c *camera) scale() float64 { return c.top.PixelsPerMetre }

// isChasing reports whether the chase camera rides behind the followed
// actor (the perspective view while following).
func (c *camera) isChasing() bool { return c.chasing }

// framing reports whether everything is still to be framed once there
// is content and a viewport.
func (c *camera) framing() bool { return c.framePending }

func (c *camera) init(topDown bool) {
	c.topDown = topDown
	c.orbit = render.NewOrbitCamera()
	c.top = render.NewTopDownCamera()
	c.chase.reset()
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
	switch {
	case c.topDown:
		c.view = c.top.View(c.vp)
	case c.chasing:
		c.view = c.chase.view(c.vp)
	default:
		c.view = c.orbit.View(c.vp)
	}
}

// tanHalfFov is tan(fovY/2) of the orbit camera.
func tanHalfFov() float64 { return math.Tan(render.DefaultFovY / 2) }

// toggle switches between the perspective and the top-down view keeping
// the point looked at and the scale: the ground visible at the target
// stays about the same size on screen. While chasing, the top-down view
// centres the actor and switching back resumes the chase.
func (c *camera) toggle() {
	c.legendTries = 0
	scale := c.vp.DeviceScale()
	h := max(c.vp.Height, 1) / scale // logical pixels
	switch {
	case c.topDown:
		c.orbit.Target = c.top.Center
		c.orbit.Distance = h / (2 * tanHalfFov() * c.top.PixelsPerMetre)
	case c.chasing:
		c.top.Center, _ = c.chase.cam.Followed()
		// The chase looks at the ground 14 m ahead but sees to the
		// horizon; from above, that scale would show the car and little
		// else.
		c.top.PixelsPerMetre = c.ppmAt(max(c.chase.groundDistance(), chaseTopDistance), h)
	default:
		c.top.Center = c.orbit.Target
		c.top.PixelsPerMetre = c.ppmAt(c.orbit.Distance, h)
	}
	c.topDown = !c.topDown
	c.update()
}

// chaseTopDistance is the least perspective distance whose scale the
// top-down view takes over from a chase, in metres.
const chaseTopDistance = 40

// ppmAt is the top-down scale that shows the ground as big as a
// perspective camera d metres from it does, in a view h logical pixels
// high.
func (c *camera) ppmAt(d, h float64) float64 {
	return min(max(h/(2*tanHalfFov()*d), render.MinPixelsPerMetre), render.MaxPixelsPerMetre)
}

// startChase follows an actor at pos heading yaw: the eye cuts to its
// place behind the actor. fresh puts it back at the default place (a new
// follow); otherwise the user's turn and distance stay (Tab to the next
// actor).
func (c *camera) startChase(pos mgl64.Vec3, yaw float64, fresh bool) {
	if fresh {
		c.chase.reset()
	}
	c.chase.snap(pos, yaw)
	c.chasing = true
	c.top.Center = pos
	c.update()
}

// stopChase leaves the chase for the orbit camera, which then shows what
// the chase showed and turns around the ground point it looked at.
func (c *camera) stopChase() {
	if !c.chasing {
		return
	}
	c.chasing = false
	c.orbit = c.chase.orbitHere(c.orbit)
	c.update()
}

// drag turns the orbit camera, swings the chase around the followed
// actor, or pans the map in the top-down view (a left drag there has
// nothing to orbit).
func (c *camera) drag(dx, dy float64) {
	c.legendTries = 0
	k := orbitRadPerPixel / c.vp.DeviceScale()
	switch {
	case c.topDown:
		c.top.Pan(dx, dy, c.vp)
	case c.chasing:
		c.chase.drag(dx, dy, k)
	default:
		c.orbit.Orbit(-dx*k, dy*k)
	}
	c.update()
}

func (c *camera) pan(dx, dy float64) {
	c.legendTries = 0
	if c.topDown {
		c.top.Pan(dx, dy, c.vp)
	} else {
		c.orbit.Pan(dx, dy, c.vp)
	}
	c.update()
}

// revealMargin is how far inside the uncovered part of the view a point
// reveal moves must be, logical pixels.
const revealMargin = 40

// reveal moves the camera, unless it follows an actor, so that world
// point p shows in the part of the view the list panel does not cover:
// to the middle of that part, at the same zoom and angle, when it was
// off it or under the panel. It reports whether the camera moved.
func (c *camera) reveal(p mgl64.Vec3) bool {
	if c.follow != 0 || c.chasing || !c.vp.Usable() {
		return false
	}
	x1 := c.vp.Width
	if c.coverX > 0 && c.coverX < x1 {
		x1 = c.coverX
	}
	m := revealMargin * c.vp.DeviceScale()
	if x, y, _, ok := c.view.WorldToScreen(p); ok && x >= m && x <= x1-m && y >= m && y <= c.vp.Height-m {
		return false
	}
	c.legendTries = 0
	dx := x1/2 - c.vp.Width/2 // from the view's middle to the uncovered part's
	if c.topDown {
		c.top.Center[0], c.top.Center[1] = p[0], p[1]
		c.top.Pan(dx, 0, c.vp)
	} else {
		c.orbit.Target = p
		c.orbit.Pan(dx, 0, c.vp)
	}
	c.update()
	return true
}

// zoom zooms by wheel notches toward pixel x, y (the chase zooms toward
// its actor).
func (c *camera) zoom(steps, x, y float64) {
	c.legendTries = 0
	f := math.Pow(zoomPerNotch, steps)
	switch {
	case c.topDown:
		c.top.Zoom(f, x, y, c.vp)
	case c.chasing:
		c.chase.zoom(f)
	default:
		c.orbit.Zoom(f, x, y, c.vp)
	}
	c.update()
}

// frame fits the box in view with the active camera, and aims the other
// one at the same place, as `viewer shot` frames. The orbit camera comes
// as close as it can with every corner of b on screen
// (scenedraw.FrameOrbit): fitting the box's bounding sphere would leave a
// flat city small in the middle of the view. The top-down camera keeps
// the scene clear of the legend (legend, when hasLegend) where that costs
// little scale (scenedraw.FrameTop).
func (c *camera) frame(b render.AABB, legend render.Rect, hasLegend bool) {
	if b.IsEmpty() || c.vp.Width <= 0 || c.vp.Height <= 0 {
		return
	}
	scenedraw.FrameTop(&c.top, b, c.vp, legend, hasLegend)
	scenedraw.FrameOrbit(&c.orbit, b, c.vp)
	c.update()
}

// framedKind reports whether actors of kind k count when framing the
// scene: the spectator and sensors are often far from the action or
// attached to something already counted.
func framedKind(k scene.Kind) bool {
	return k != scene.KindSpectator && k != scene.KindSensor && k != scene.KindOther
}

// bounds returns the box holding the map (BAI or OpenDRIVE) and the framed actors now.
func (a *App) bounds() render.AABB {
	b := render.EmptyAABB()
	if m := a.Map(); m != nil && (len(m.Roads) > 0 || len(m.Intersections) > 0) {
		lo, hi := m.Bounds()
		b = b.Extend(lo).Extend(hi)
	}
	if rn := a.Roads(); rn != nil && len(rn.Roads) > 0 {
		lo, hi := rn.Bounds()
		b = b.Extend(lo).Extend(hi)
	}
	if st := a.State(); st != nil {
		for i := range st.Actors {
			if framedKind(st.Actors[i].Kind) {
				b = b.Extend(st.Actors[i].World.Location)
			}
		}
	}
	if !b.IsEmpty() {
		// Keep flat scenes from framing as a line, and give boxes air.
		pad := mgl64.Vec3{5, 5, 2}
		b = render.AABB{Min: b.Min.Sub(pad), Max: b.Max.Add(pad)}
	}
	return b
}

// frameAll frames the map and the actors (a chase in progress goes on;
// the other cameras are aimed).
func (a *App) frameAll() {
	legend, ok := a.legendRect()
	a.cam.frame(a.bounds(), legend, ok)
}

// legendReframes is how many ticks after load the framing follows the
// legend as the frames list what they drew (one or two suffice).
const legendReframes = 4

// frameOnLoad frames everything once there is content and a viewport,
// and again on the next ticks while the legend drawn changes (before the
// first frame it is not known at all): the framing on load leaves the
// legend's corner free as F does later.
func (a *App) frameOnLoad() {
	c := &a.cam
	switch {
	case c.framePending && c.vp.Width > 0 && (a.mapRes != nil || a.rp.stateOK):
		a.frameAll()
		c.framePending = false
		c.legendAt, _ = a.legendRect()
		c.legendTries = 0
		if a.lay.on[input.LayerLegend] {
			c.legendTries = legendReframes
		}
	case c.legendTries > 0 && c.follow != 0: // the followed actor is what is looked at now
		c.legendTries = 0
	case c.legendTries > 0:
		c.legendTries--
		r, ok := a.legendRect()
		if ok && r != c.legendAt {
			c.legendAt = r
			a.frameAll()
		}
	}
}

// legendRect is where the window draws the colour legend over the view,
// when the Legend layer is on and the picker knows (LegendPlacer).
func (a *App) legendRect() (render.Rect, bool) {
	lp, ok := a.sel.picker.(LegendPlacer)
	if !ok || !a.lay.on[input.LayerLegend] {
		return render.Rect{}, false
	}
	return lp.LegendRect(a.cam.vp, a.Map(), a.State())
}

// LegendBox returns where the window's scene draws the colour legend,
// device pixels, for the panels to go under it; false with none.
func (a *App) LegendBox() (x0, y0, x1, y1 float64, ok bool) {
	r, ok := a.legendRect()
	return r.MinX, r.MinY, r.MaxX, r.MaxY, ok
}

// LegendPlacer is implemented by a Picker that also draws the colour
// legend over the view: the app then frames the top-down view clear of
// it. LegendRect returns the legend's rectangle in device pixels for the
// viewport, the map and the state, or false when none is drawn.
type LegendPlacer interface {
	LegendRect(vp render.Viewport, m *scene.Map, st *scene.State) (render.Rect, bool)
}
