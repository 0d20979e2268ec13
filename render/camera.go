package render

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
)

// Camera is anything that yields a View for a viewport: the orbit, top-down
// and chase cameras.
type Camera interface {
	View(vp Viewport) View
}

// Pitch limits of the orbit camera, in radians below the horizon. The
// camera stays above its target's ground plane and never looks exactly
// straight down, where the basis (derived from world up) would flip.
const (
	MinPitch = 1 * math.Pi / 180
	MaxPitch = 89 * math.Pi / 180
)

// Defaults used when a camera field is zero.
const (
	DefaultFovY        = 60 * math.Pi / 180
	DefaultNear        = 0.1
	DefaultFar         = 1e6
	DefaultMinDistance = 0.5
	DefaultMaxDistance = 1e5
)

// OrbitCamera is the free perspective camera: it looks at Target from
// Distance metres away along the direction given by Yaw and Pitch (see the
// package doc for their meaning). Input methods take device pixels.
type OrbitCamera struct {
	Target     mgl64.Vec3
	Distance   float64
	Yaw, Pitch float64
	// FovY is the vertical field of view in radians (0: DefaultFovY).
	FovY float64
	// Near and Far bound depth (0: DefaultNear, DefaultFar).
	Near, Far float64
	// MinDistance and MaxDistance bound zooming (0: the defaults).
	MinDistance, MaxDistance float64
}

// NewOrbitCamera returns a camera 100 m from the origin, looking north
// (+Y, so +X is to the right as in the top-down view), 50° down.
func NewOrbitCamera() OrbitCamera {
	return OrbitCamera{Distance: 100, Yaw: math.Pi / 2, Pitch: 50 * math.Pi / 180}
}

// Forward returns the unit viewing direction.
func (c *OrbitCamera) Forward() mgl64.Vec3 { return lookDir(c.Yaw, c.clampedPitch()) }

// Eye returns the camera position.
func (c *OrbitCamera) Eye() mgl64.Vec3 { return c.Target.Sub(c.Forward().Mul(c.Distance)) }

// View implements Camera.
func (c *OrbitCamera) View(vp Viewport) View {
	return NewPerspectiveView(c.Eye(), c.Forward(), orDefault(c.FovY, DefaultFovY),
		orDefault(c.Near, DefaultNear), orDefault(c.Far, DefaultFar), vp)
}

// Orbit turns the camera around its target by dYaw and dPitch radians;
// pitch is clamped to [MinPitch, MaxPitch]. Non-finite input is ignored.
func (c *OrbitCamera) Orbit(dYaw, dPitch float64) {
	if !finite(dYaw) || !finite(dPitch) {
		return
	}
	c.Yaw = wrapAngle(c.Yaw + dYaw)
	c.Pitch = c.clampedPitch() + dPitch
	c.Pitch = c.clampedPitch()
}

// Pan moves the target in the ground plane by a mouse drag of (dx, dy)
// device pixels, scaled by distance so the ground near the target follows
// the cursor at any zoom: dragging right moves the world right.
func (c *OrbitCamera) Pan(dx, dy float64, vp Viewport) {
	if !vp.Usable() || !finite(dx) || !finite(dy) {
		return
	}
	v := c.View(vp)
	mpp := 1 / v.PixelsPerMetreAt(c.Target)
	right := mgl64.Vec3{math.Sin(c.Yaw), -math.Cos(c.Yaw), 0}
	ahead := mgl64.Vec3{math.Cos(c.Yaw), math.Sin(c.Yaw), 0}
	// Ground foreshortening: a screen pixel covers 1/sin(pitch) metres
	// along the view direction (capped near grazing angles).
	along := 1 / max(math.Sin(c.clampedPitch()), 0.1)
	c.Target = c.Target.Sub(right.Mul(dx * mpp)).Add(ahead.Mul(dy * mpp * along))
}

// PanGround is the exact "grab the ground" drag: the ground point under
// (x0, y0) ends up under (x1, y1). It reports false, and does nothing, when
// either pixel is above the horizon; callers then fall back to Pan.
func (c *OrbitCamera) PanGround(x0, y0, x1, y1 float64, vp Viewport) bool {
	if !vp.Usable() {
		return false
	}
	v := c.View(vp)
	g0, ok0 := v.GroundPoint(x0, y0, c.Target[2])
	g1, ok1 := v.GroundPoint(x1, y1, c.Target[2])
	if !ok0 || !ok1 {
		return false
	}
	c.Target = c.Target.Add(g0.Sub(g1))
	return true
}

// Zoom divides the distance by factor (> 1 zooms in) while keeping the
// ground point under the cursor (x, y) fixed on screen: the whole camera is
// scaled about that point, which preserves its direction through the
// cursor. When the cursor is above the horizon it zooms toward the target.
func (c *OrbitCamera) Zoom(factor, x, y float64, vp Viewport) {
	if !(factor > 0) || math.IsInf(factor, 0) || !vp.Usable() {
		return
	}
	lo, hi := orDefault(c.MinDistance, DefaultMinDistance), orDefault(c.MaxDistance, DefaultMaxDistance)
	d := min(max(c.Distance/factor, lo), hi)
	f := c.Distance / d
	v := c.View(vp)
	if g, ok := v.GroundPoint(x, y, c.Target[2]); ok && Finite(g) {
		c.Target = g.Add(c.Target.Sub(g).Mul(1 / f))
	}
	c.Distance = d
}

func (c *OrbitCamera) clampedPitch() float64 {
	if math.IsNaN(c.Pitch) {
		return MaxPitch
	}
	return min(max(c.Pitch, MinPitch), MaxPitch)
}

// lookDir is the unit direction for a yaw (counter-clockwise from +X) and a
// pitch below the horizon.
func lookDir(yaw, pitch float64) mgl64.Vec3 {
	cp := math.Cos(pitch)
	return mgl64.Vec3{cp * math.Cos(yaw), cp * math.Sin(yaw), -math.Sin(pitch)}
}

// orDefault returns v, or def when v is zero, negative or not finite.
func orDefault(v, def float64) float64 {
	if v > 0 && !math.IsInf(v, 0) {
		return v
	}
	return def
}
