package render

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
)

// The chase camera's resting place. High enough to see the followed car's
// roof over a van queued right behind it (a 2.6 m roof 5 cm away), which
// CARLA's lower follow view cannot; the pitch puts the actor a little
// below the middle of the screen, showing the road ahead.
const (
	DefaultChaseBehind = 9.0
	DefaultChaseAbove  = 6.5
	DefaultChasePitch  = 28 * math.Pi / 180
)

// ChaseCamera follows an actor from behind and above, like CARLA's
// spectator follow mode, but smoothed: the followed position and heading
// each move toward the actor's through a critically damped spring, which
// approaches without overshoot. The spring is advanced by the caller's
// fixed time step (Update's dt), never by reading a clock, so replays and
// tests are deterministic.
type ChaseCamera struct {
	// Behind and Above place the eye relative to the actor, in metres
	// (0: DefaultChaseBehind, DefaultChaseAbove).
	Behind, Above float64
	// Pitch is how far below the horizon the camera looks (0:
	// DefaultChasePitch).
	Pitch float64
	// FovY, Near, Far: as for OrbitCamera (0: defaults).
	FovY, Near, Far float64
	// SmoothTime is the spring's time scale in seconds: after one
	// SmoothTime a step change is about 60% absorbed, after three about
	// 95%. 0 means 0.3 s; a negative value disables smoothing.
	SmoothTime float64
	// SnapDistance: a jump of the actor farther than this (metres)
	// between two updates snaps the camera instead of flying there, e.g.
	// after a timeline seek (0: 50 m). The jump is measured from the
	// actor's previous position, not from the lagging camera, so a fast
	// actor played fast is followed smoothly, never snapped every tick.
	SnapDistance float64

	pos, vel    mgl64.Vec3
	yaw, yawVel float64
	last        mgl64.Vec3 // the actor's position at the previous update
	started     bool
}

// Snap places the camera at its resting spot for an actor at pos heading
// yaw, with no motion left in the springs.
func (c *ChaseCamera) Snap(pos mgl64.Vec3, yaw float64) {
	c.pos, c.vel, c.last = pos, mgl64.Vec3{}, pos
	c.yaw, c.yawVel = wrapAngle(yaw), 0
	c.started = true
}

// Update advances the camera by dt seconds toward an actor at pos heading
// yaw (radians, counter-clockwise from +X). The heading is unwrapped
// against the camera's: going from 179° to -179° is a 2° turn, never a
// 358° spin. The first call, a non-positive dt with no history, or a jump
// beyond SnapDistance snaps. A non-finite pos or yaw is ignored, so one bad
// sample cannot poison the springs.
func (c *ChaseCamera) Update(pos mgl64.Vec3, yaw, dt float64) {
	if !Finite(pos) || !finite(yaw) {
		return
	}
	if !c.started || pos.Sub(c.last).Len() > orDefault(c.SnapDistance, 50) {
		c.Snap(pos, yaw)
		return
	}
	if !(dt > 0) || math.IsInf(dt, 0) {
		return
	}
	c.last = pos
	st := c.SmoothTime
	if st == 0 {
		st = 0.3
	}
	if st < 0 {
		c.Snap(pos, yaw)
		return
	}
	w := 2 / st
	c.pos[0], c.vel[0] = springStep(c.pos[0], c.vel[0], pos[0], w, dt)
	c.pos[1], c.vel[1] = springStep(c.pos[1], c.vel[1], pos[1], w, dt)
	c.pos[2], c.vel[2] = springStep(c.pos[2], c.vel[2], pos[2], w, dt)
	target := c.yaw + wrapAngle(yaw-c.yaw) // the nearest equivalent heading
	c.yaw, c.yawVel = springStep(c.yaw, c.yawVel, target, w, dt)
	c.yaw = wrapAngle(c.yaw)
}

// springStep advances a critically damped spring, whose acceleration is
// -w²·(x-target) - 2w·v, by dt using its exact solution (target held
// constant over the step), so it is stable for any dt.
func springStep(x, v, target, w, dt float64) (float64, float64) {
	y := x - target
	e := math.Exp(-w * dt)
	k := v + w*y
	return target + (y+k*dt)*e, (v - w*k*dt) * e
}

// Followed returns the smoothed actor position and heading the camera is
// currently framing.
func (c *ChaseCamera) Followed() (pos mgl64.Vec3, yaw float64) { return c.pos, c.yaw }

// Eye returns the camera position.
func (c *ChaseCamera) Eye() mgl64.Vec3 {
	back := mgl64.Vec3{math.Cos(c.yaw), math.Sin(c.yaw), 0}.Mul(-orDefault(c.Behind, DefaultChaseBehind))
	return c.pos.Add(back).Add(mgl64.Vec3{0, 0, orDefault(c.Above, DefaultChaseAbove)})
}

// View implements Camera.
func (c *ChaseCamera) View(vp Viewport) View {
	pitch := min(orDefault(c.Pitch, DefaultChasePitch), MaxPitch)
	return NewPerspectiveView(c.Eye(), lookDir(c.yaw, pitch), orDefault(c.FovY, DefaultFovY),
		orDefault(c.Near, DefaultNear), orDefault(c.Far, DefaultFar), vp)
}
