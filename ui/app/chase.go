package app

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/mm2carla/viewer/render"
)

// The chase view's reach. A drag swings the eye around the followed actor
// between these elevations, and the wheel moves it between these
// distances; the defaults are render's (9 m behind, 6.5 m above).
const (
	chaseMinElev = 8 * math.Pi / 180
	chaseMaxElev = 80 * math.Pi / 180
	chaseMinDist = 3.0
	chaseMaxDist = 400.0
)

// chaseRig is the camera that follows an actor in the perspective view:
// render.ChaseCamera, which smooths the actor's position and heading with
// springs advanced by the tick's fixed dt, plus what the user changed by
// hand. A horizontal drag turns the eye around the actor (yawOff, added
// to the smoothed heading so the drag answers at once rather than
// through the spring), a vertical drag raises or lowers it (elev), the
// wheel brings it nearer or farther (dist). The eye keeps following.
type chaseRig struct {
	cam    render.ChaseCamera
	yawOff float64 // radians added to the actor's heading
	elev   float64 // the eye's angle above the actor, seen from it
	dist   float64 // metres from the actor to the eye
}

// defaultChaseElev is the elevation of render's default eye, and
// chasePitchBias how much less the camera looks down than that, which
// puts the actor a little below the middle of the screen.
var (
	defaultChaseElev = math.Atan2(render.DefaultChaseAbove, render.DefaultChaseBehind)
	chasePitchBias   = defaultChaseElev - render.DefaultChasePitch
)

// reset puts the eye back at its default place behind the actor.
func (r *chaseRig) reset() {
	r.yawOff = 0
	r.elev = defaultChaseElev
	r.dist = math.Hypot(render.DefaultChaseBehind, render.DefaultChaseAbove)
	r.apply()
}

// apply sets the chase camera's offsets from elev and dist.
func (r *chaseRig) apply() {
	r.cam.Behind = r.dist * math.Cos(r.elev)
	r.cam.Above = r.dist * math.Sin(r.elev)
	r.cam.Pitch = max(r.elev-chasePitchBias, render.MinPitch)
}

// snap places the eye behind an actor at pos heading yaw, without motion:
// a cut, for a new actor or a seek.
func (r *chaseRig) snap(pos mgl64.Vec3, yaw float64) { r.cam.Snap(pos, yaw) }

// update moves the eye toward an actor at pos heading yaw by one tick.
func (r *chaseRig) update(pos mgl64.Vec3, yaw float64) { r.cam.Update(pos, yaw, 1.0/TPS) }

// shown is the chase camera as it is seen: the smoothed actor with the
// user's turn added to its heading. It is a copy; nothing is allocated.
func (r *chaseRig) shown() render.ChaseCamera {
	c := r.cam
	pos, yaw := r.cam.Followed()
	c.Snap(pos, yaw+r.yawOff)
	return c
}

func (r *chaseRig) view(vp render.Viewport) render.View {
	c := r.shown()
	return c.View(vp)
}

// drag turns the eye around the actor like the orbit camera's drag turns
// it around its target: right turns the view the same way, down looks
// more steeply down.
func (r *chaseRig) drag(dx, dy, k float64) {
	if !finite(dx) || !finite(dy) {
		return
	}
	r.yawOff = math.Remainder(r.yawOff-dx*k, 2*math.Pi)
	r.elev = min(max(r.elev+dy*k, chaseMinElev), chaseMaxElev)
	r.apply()
}

// zoom moves the eye nearer (f > 1) or farther.
func (r *chaseRig) zoom(f float64) {
	if !(f > 0) || math.IsInf(f, 0) {
		return
	}
	r.dist = min(max(r.dist/f, chaseMinDist), chaseMaxDist)
	r.apply()
}

// orbitHere returns an orbit camera that sees exactly what the chase shows
// now, turning around the ground point it looks at (level with the
// actor): leaving the chase leaves the view where it is.
func (r *chaseRig) orbitHere(o render.OrbitCamera) render.OrbitCamera {
	c := r.shown()
	_, yaw := c.Followed()
	pitch := min(max(c.Pitch, render.MinPitch), render.MaxPitch)
	o.Yaw, o.Pitch = yaw, pitch
	o.Distance = c.Above / math.Sin(pitch)
	o.Target = c.Eye().Add(o.Forward().Mul(o.Distance))
	return o
}

// groundDistance is how far the chase's eye is from the ground point it
// looks at, for switching to the top-down view at a similar scale.
func (r *chaseRig) groundDistance() float64 {
	return r.cam.Above / math.Sin(min(max(r.cam.Pitch, render.MinPitch), render.MaxPitch))
}

func finite(x float64) bool { return !math.IsNaN(x) && !math.IsInf(x, 0) }
