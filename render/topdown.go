package render

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
)

// Defaults of the top-down camera.
const (
	DefaultTopDownHeight = 1000 // metres of eye height above Center
	MinPixelsPerMetre    = 1e-3
	MaxPixelsPerMetre    = 1e4
)

// TopDownCamera is the orthographic map view: it looks straight down on
// Center with +X to the right and +Y up the screen, at PixelsPerMetre
// LOGICAL pixels per metre.
type TopDownCamera struct {
	// Center is the world point at the middle of the viewport; its Z is
	// the ground level used for picking.
	Center         mgl64.Vec3
	PixelsPerMetre float64
	// Height is how far above Center.Z the eye is (0: the default);
	// anything higher is clipped away.
	Height float64
}

// NewTopDownCamera returns a view of the origin at 2 pixels per metre.
func NewTopDownCamera() TopDownCamera { return TopDownCamera{PixelsPerMetre: 2} }

// View implements Camera.
func (c *TopDownCamera) View(vp Viewport) View {
	return NewOrthoView(c.Center, c.ppm(), orDefault(c.Height, DefaultTopDownHeight), vp)
}

// Pan moves the map by a drag of (dx, dy) device pixels; the world follows
// the cursor exactly.
func (c *TopDownCamera) Pan(dx, dy float64, vp Viewport) {
	if !vp.Usable() || !finite(dx) || !finite(dy) {
		return
	}
	s := c.ppm() * vp.DeviceScale()
	c.Center[0] -= dx / s
	c.Center[1] += dy / s
}

// Zoom multiplies the scale by factor (> 1 zooms in), keeping the world
// point under the cursor (x, y) fixed on screen.
func (c *TopDownCamera) Zoom(factor, x, y float64, vp Viewport) {
	if !(factor > 0) || math.IsInf(factor, 0) || !vp.Usable() || !finite(x) || !finite(y) {
		return
	}
	old := c.ppm()
	nw := min(max(old*factor, MinPixelsPerMetre), MaxPixelsPerMetre)
	v := c.View(vp)
	g, _ := v.GroundPoint(x, y, c.Center[2]) // always hits: the rays are vertical
	f := nw / old
	c.Center[0] = g[0] + (c.Center[0]-g[0])/f
	c.Center[1] = g[1] + (c.Center[1]-g[1])/f
	c.PixelsPerMetre = nw
}

func (c *TopDownCamera) ppm() float64 {
	return min(max(orDefault(c.PixelsPerMetre, 1), MinPixelsPerMetre), MaxPixelsPerMetre)
}
