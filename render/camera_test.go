package render

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

const deg = math.Pi / 180

func near(a, b, eps float64) bool { return math.Abs(a-b) <= eps }

var vp800 = Viewport{Width: 800, Height: 600, Scale: 1}

func TestTargetProjectsToCentre(t *testing.T) {
	for _, tc := range []struct {
		name       string
		target     mgl64.Vec3
		dist       float64
		yaw, pitch float64
		vp         Viewport
	}{
		{"default", mgl64.Vec3{}, 100, 90 * deg, 50 * deg, vp800},
		{"yaw0", mgl64.Vec3{10, -20, 3}, 30, 0, 45 * deg, vp800},
		{"steep", mgl64.Vec3{-500, 250, 0}, 2000, -135 * deg, 89 * deg, Viewport{Width: 1920, Height: 1080, Scale: 2}},
		{"grazing", mgl64.Vec3{1, 2, 3}, 5, 200 * deg, 1 * deg, Viewport{Width: 333, Height: 777}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := OrbitCamera{Target: tc.target, Distance: tc.dist, Yaw: tc.yaw, Pitch: tc.pitch}
			v := c.View(tc.vp)
			x, y, d, ok := v.WorldToScreen(tc.target)
			if !ok || !near(x, tc.vp.Width/2, 1e-6) || !near(y, tc.vp.Height/2, 1e-6) || !near(d, tc.dist, 1e-6) {
				t.Fatalf("target -> (%g, %g) depth %g ok %v; want centre (%g, %g) depth %g",
					x, y, d, ok, tc.vp.Width/2, tc.vp.Height/2, tc.dist)
			}
			// Every point on the forward axis lands on the centre too.
			for _, k := range []float64{-0.5 * tc.dist, 0.5 * tc.dist, 10 * tc.dist} {
				p := tc.target.Add(c.Forward().Mul(k))
				x, y, _, ok := v.WorldToScreen(p)
				if !ok || !near(x, tc.vp.Width/2, 1e-6) || !near(y, tc.vp.Height/2, 1e-6) {
					t.Errorf("forward axis point %v -> (%g, %g) ok %v", p, x, y, ok)
				}
			}
		})
	}
}

// TestKnownPixels pins the projection: with a 90° vertical field of view
// on a 200x200 viewport the focal length is 100 px, so a point at depth 10
// and 10 m to the camera's right lands on the right edge.
func TestKnownPixels(t *testing.T) {
	vp := Viewport{Width: 200, Height: 200}
	// Eye at the origin looking along +X: right is -Y, up is +Z.
	v := NewPerspectiveView(mgl64.Vec3{}, mgl64.Vec3{1, 0, 0}, 90*deg, 0.1, 1000, vp)
	for _, tc := range []struct {
		p        mgl64.Vec3
		x, y, dp float64
	}{
		{mgl64.Vec3{10, 0, 0}, 100, 100, 10},
		{mgl64.Vec3{10, -10, 0}, 200, 100, 10},
		{mgl64.Vec3{10, 10, 0}, 0, 100, 10},
		{mgl64.Vec3{10, 0, 10}, 100, 0, 10},
		{mgl64.Vec3{20, -5, -5}, 125, 125, 20},
	} {
		x, y, d, ok := v.WorldToScreen(tc.p)
		if !ok || !near(x, tc.x, 1e-9) || !near(y, tc.y, 1e-9) || !near(d, tc.dp, 1e-9) {
			t.Errorf("%v -> (%g, %g, %g, %v), want (%g, %g, %g)", tc.p, x, y, d, ok, tc.x, tc.y, tc.dp)
		}
	}
	for _, p := range []mgl64.Vec3{{-1, 0, 0}, {0.05, 0, 0}, {0, 3, 0}} {
		if _, _, _, ok := v.WorldToScreen(p); ok {
			t.Errorf("%v is behind the near plane but projected", p)
		}
	}
}

func TestTopDownScale(t *testing.T) {
	for _, tc := range []struct {
		ppm, scale float64
	}{{1, 1}, {2, 1}, {7.5, 1}, {2, 2}, {0.01, 1.5}} {
		c := TopDownCamera{Center: mgl64.Vec3{100, -50, 0}, PixelsPerMetre: tc.ppm}
		vp := Viewport{Width: 640, Height: 480, Scale: tc.scale}
		v := c.View(vp)
		s := tc.ppm * tc.scale
		for _, q := range []struct {
			p    mgl64.Vec3
			x, y float64
		}{
			{mgl64.Vec3{100, -50, 0}, 320, 240},
			{mgl64.Vec3{101, -50, 0}, 320 + s, 240}, // +X: right
			{mgl64.Vec3{100, -49, 0}, 320, 240 - s}, // +Y: up the screen
			{mgl64.Vec3{90, -60, 7}, 320 - 10*s, 240 + 10*s},
		} {
			x, y, _, ok := v.WorldToScreen(q.p)
			if !ok || !near(x, q.x, 1e-9) || !near(y, q.y, 1e-9) {
				t.Errorf("ppm %g scale %g: %v -> (%g, %g, %v), want (%g, %g)", tc.ppm, tc.scale, q.p, x, y, ok, q.x, q.y)
			}
		}
	}
}

// TestAxisDirections documents the yaw convention on screen.
func TestAxisDirections(t *testing.T) {
	type dir struct{ dx, dy int } // sign of the screen displacement
	for _, tc := range []struct {
		yaw        float64
		px, py, pz dir
	}{
		// Yaw 0 looks along +X: +X goes up the screen, +Y left, +Z up.
		{0, dir{0, -1}, dir{-1, 0}, dir{0, -1}},
		// Yaw 90° looks along +Y: +X right, +Y up the screen, +Z up.
		{90 * deg, dir{1, 0}, dir{0, -1}, dir{0, -1}},
		{180 * deg, dir{0, 1}, dir{1, 0}, dir{0, -1}},
	} {
		c := OrbitCamera{Distance: 50, Yaw: tc.yaw, Pitch: 45 * deg}
		v := c.View(vp800)
		cx, cy, _, _ := v.WorldToScreen(mgl64.Vec3{})
		for i, want := range []dir{tc.px, tc.py, tc.pz} {
			var u mgl64.Vec3
			switch i {
			case 0:
				u[0] = 1
			case 1:
				u[1] = 1
			case 2:
				u[2] = 1
			}
			x, y, _, _ := v.WorldToScreen(u)
			got := dir{sign(x - cx), sign(y - cy)}
			if got != want {
				t.Errorf("yaw %g°: axis %d moves (%+g, %+g) on screen, want signs %v", tc.yaw/deg, i, x-cx, y-cy, want)
			}
		}
	}
}

func sign(v float64) int {
	switch {
	case v > 1e-9:
		return 1
	case v < -1e-9:
		return -1
	}
	return 0
}

func TestOrbitPitchClamp(t *testing.T) {
	c := NewOrbitCamera()
	c.Orbit(0, 10)
	if c.Pitch != MaxPitch {
		t.Errorf("pitch %g after looking far down, want MaxPitch", c.Pitch)
	}
	c.Orbit(0, -10)
	if c.Pitch != MinPitch {
		t.Errorf("pitch %g after looking far up, want MinPitch", c.Pitch)
	}
	c.Orbit(7*math.Pi, 0)
	if c.Yaw <= -math.Pi || c.Yaw > math.Pi {
		t.Errorf("yaw %g not wrapped", c.Yaw)
	}
	// At the clamp the basis is still orthonormal.
	c.Pitch = 10
	v := c.View(vp800)
	if !near(v.Up.Len(), 1, 1e-9) || !near(v.Up.Dot(v.Forward), 0, 1e-9) {
		t.Errorf("degenerate basis at max pitch: up %v forward %v", v.Up, v.Forward)
	}
}

// TestZoomKeepsCursorPoint checks zoom-to-cursor: the ground point under
// the cursor stays under it, in both projections.
func TestZoomKeepsCursorPoint(t *testing.T) {
	cursors := [][2]float64{{400, 300}, {100, 500}, {700, 250}, {20, 590}}
	for _, f := range []float64{1.25, 0.8, 3, 1 / 3.0} {
		for _, cur := range cursors {
			o := OrbitCamera{Target: mgl64.Vec3{5, 5, 0}, Distance: 80, Yaw: 30 * deg, Pitch: 40 * deg}
			g, ok := ptr(o.View(vp800)).GroundPoint(cur[0], cur[1], 0)
			if !ok {
				t.Fatalf("cursor %v misses the ground", cur)
			}
			o.Zoom(f, cur[0], cur[1], vp800)
			if !near(o.Distance, 80/f, 1e-9) {
				t.Errorf("distance %g, want %g", o.Distance, 80/f)
			}
			x, y, _, _ := ptr(o.View(vp800)).WorldToScreen(g)
			if !near(x, cur[0], 1e-6) || !near(y, cur[1], 1e-6) {
				t.Errorf("orbit zoom %g at %v: ground point now at (%g, %g)", f, cur, x, y)
			}

			td := TopDownCamera{Center: mgl64.Vec3{-3, 8, 0}, PixelsPerMetre: 4}
			vp := Viewport{Width: 800, Height: 600, Scale: 2}
			g, _ = ptr(td.View(vp)).GroundPoint(cur[0], cur[1], 0)
			td.Zoom(f, cur[0], cur[1], vp)
			x, y, _, _ = ptr(td.View(vp)).WorldToScreen(g)
			if !near(x, cur[0], 1e-6) || !near(y, cur[1], 1e-6) || !near(td.PixelsPerMetre, 4*f, 1e-9) {
				t.Errorf("top-down zoom %g at %v: ground point now at (%g, %g), ppm %g", f, cur, x, y, td.PixelsPerMetre)
			}
		}
	}
}

func TestZoomClampsDistance(t *testing.T) {
	o := NewOrbitCamera()
	o.Zoom(1e9, 400, 300, vp800)
	if o.Distance != DefaultMinDistance {
		t.Errorf("distance %g, want the minimum", o.Distance)
	}
	o.Zoom(1e-12, 400, 300, vp800)
	if o.Distance != DefaultMaxDistance {
		t.Errorf("distance %g, want the maximum", o.Distance)
	}
	before := o
	o.Zoom(math.NaN(), 400, 300, vp800)
	o.Zoom(0, 400, 300, vp800)
	if o != before {
		t.Errorf("invalid factors changed the camera")
	}
}

func TestPan(t *testing.T) {
	o := OrbitCamera{Target: mgl64.Vec3{}, Distance: 100, Yaw: 20 * deg, Pitch: 60 * deg}
	o.Pan(50, 0, vp800)
	x, y, _, _ := ptr(o.View(vp800)).WorldToScreen(mgl64.Vec3{})
	if !near(x, 450, 1e-6) || !near(y, 300, 1e-6) {
		t.Errorf("after a 50 px drag right the old target is at (%g, %g), want (450, 300)", x, y)
	}
	o = OrbitCamera{Target: mgl64.Vec3{}, Distance: 100, Yaw: 20 * deg, Pitch: 60 * deg}
	o.Pan(0, 40, vp800)
	_, y, _, _ = ptr(o.View(vp800)).WorldToScreen(mgl64.Vec3{})
	if y < 300+40*0.8 || y > 300+40*1.25 {
		t.Errorf("after a 40 px drag down the old target is at y %g, want about 340", y)
	}

	o = OrbitCamera{Target: mgl64.Vec3{}, Distance: 100, Yaw: 20 * deg, Pitch: 35 * deg}
	g, _ := ptr(o.View(vp800)).GroundPoint(300, 400, 0)
	if !o.PanGround(300, 400, 420, 330, vp800) {
		t.Fatal("PanGround failed below the horizon")
	}
	x, y, _, _ = ptr(o.View(vp800)).WorldToScreen(g)
	if !near(x, 420, 1e-6) || !near(y, 330, 1e-6) {
		t.Errorf("grabbed point at (%g, %g), want (420, 330)", x, y)
	}
	o.Pitch = 5 * deg
	if o.PanGround(400, 1, 400, 2, vp800) {
		t.Error("PanGround succeeded from above the horizon")
	}

	td := TopDownCamera{PixelsPerMetre: 10}
	td.Pan(30, -20, Viewport{Width: 100, Height: 100, Scale: 2})
	if !near(td.Center[0], -1.5, 1e-12) || !near(td.Center[1], -1, 1e-12) {
		t.Errorf("top-down pan moved the centre to %v", td.Center)
	}
}

func ptr[T any](v T) *T { return &v }

// TestCamerasIgnoreBadInput: a minimised window (0x0 viewport) or a NaN
// from an input device must never poison a camera's state.
func TestCamerasIgnoreBadInput(t *testing.T) {
	zero := Viewport{}
	nan := math.NaN()
	o := NewOrbitCamera()
	before := o
	o.Pan(10, 10, zero)
	o.Zoom(2, 10, 10, zero)
	o.PanGround(1, 2, 3, 4, zero)
	o.Orbit(nan, 0)
	o.Pan(nan, 1, vp800)
	o.Zoom(2, nan, nan, vp800) // cursor unknown: zooms toward the target
	o.Distance = before.Distance
	if o != before {
		t.Errorf("orbit camera changed to %+v", o)
	}
	td := NewTopDownCamera()
	tdBefore := td
	td.Pan(10, 10, zero)
	td.Zoom(2, 1, 1, zero)
	td.Zoom(2, nan, 1, vp800)
	td.FrameAll(AABB{mgl64.Vec3{0, 0, 0}, mgl64.Vec3{1, 1, 1}}, zero)
	td.FrameAll(AABB{mgl64.Vec3{nan, 0, 0}, mgl64.Vec3{1, 1, 1}}, vp800)
	if td != tdBefore {
		t.Errorf("top-down camera changed to %+v", td)
	}
	var c ChaseCamera
	c.Snap(mgl64.Vec3{1, 2, 3}, 0.5)
	c.Update(mgl64.Vec3{nan, 0, 0}, 0, tick)
	c.Update(mgl64.Vec3{1, 2, 3}, math.Inf(1), tick)
	if p, yaw := c.Followed(); p != (mgl64.Vec3{1, 2, 3}) || yaw != 0.5 {
		t.Errorf("chase camera moved to %v %g", p, yaw)
	}
}
