package render

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

func testViews() map[string]View {
	o := OrbitCamera{Target: mgl64.Vec3{10, 20, 0}, Distance: 60, Yaw: 33 * deg, Pitch: 38 * deg}
	td := TopDownCamera{Center: mgl64.Vec3{-40, 7, 0}, PixelsPerMetre: 3}
	ch := ChaseCamera{}
	ch.Snap(mgl64.Vec3{100, 100, 0}, -2)
	return map[string]View{
		"orbit":   o.View(vp800),
		"topdown": td.View(Viewport{Width: 640, Height: 480, Scale: 1.5}),
		"chase":   ch.View(Viewport{Width: 300, Height: 900}),
	}
}

// distToRay is the distance from p to the ray origin + t·dir.
func distToRay(p, origin, dir mgl64.Vec3) float64 {
	w := p.Sub(origin)
	return w.Sub(dir.Mul(w.Dot(dir))).Len()
}

func TestScreenRayThroughProjectedPoint(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for name, v := range testViews() {
		hits := 0
		for range 2000 {
			p := mgl64.Vec3{rng.Float64()*400 - 200, rng.Float64()*400 - 200, rng.Float64()*40 - 5}
			x, y, d, ok := v.WorldToScreen(p)
			if !ok {
				continue
			}
			hits++
			o, dir := v.ScreenRay(x, y)
			if !near(dir.Len(), 1, 1e-12) {
				t.Fatalf("%s: ray direction not unit: %v", name, dir)
			}
			if e := distToRay(p, o, dir); e > 1e-9*(1+d) {
				t.Fatalf("%s: ray through (%g, %g) misses %v by %g m", name, x, y, p, e)
			}
			if w := p.Sub(o).Dot(dir); w < 0 {
				t.Fatalf("%s: point %v is behind the ray origin", name, p)
			}
		}
		if hits < 100 {
			t.Errorf("%s: only %d random points in front; test is not exercising anything", name, hits)
		}
	}
}

func TestGroundPointInvertsWorldToScreen(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for name, v := range testViews() {
		for _, gz := range []float64{0, 2.5, -1} {
			for range 500 {
				p := mgl64.Vec3{rng.Float64()*300 - 150, rng.Float64()*300 - 150, gz}
				x, y, _, ok := v.WorldToScreen(p)
				if !ok {
					continue
				}
				g, ok := v.GroundPoint(x, y, gz)
				if !ok || g.Sub(p).Len() > 1e-6*(1+p.Sub(v.Eye).Len()) {
					t.Fatalf("%s: GroundPoint(WorldToScreen(%v)) = %v, %v", name, p, g, ok)
				}
			}
		}
	}
	// Above the horizon there is no ground point.
	o := OrbitCamera{Distance: 10, Pitch: 2 * deg}
	v := o.View(vp800)
	if _, ok := v.GroundPoint(400, 0, 0); ok {
		t.Error("the top row of a nearly level camera hit the ground")
	}
}

func TestRayBox(t *testing.T) {
	rot45 := Rotation(45*deg, 0, 0)
	for _, tc := range []struct {
		name         string
		origin, dir  mgl64.Vec3
		center, half mgl64.Vec3
		rot          mgl64.Mat3
		hit          bool
		t            float64
	}{
		{"straight", mgl64.Vec3{-10, 0, 0}, mgl64.Vec3{1, 0, 0}, mgl64.Vec3{}, mgl64.Vec3{2, 1, 1}, mgl64.Ident3(), true, 8},
		{"miss above", mgl64.Vec3{-10, 0, 1.5}, mgl64.Vec3{1, 0, 0}, mgl64.Vec3{}, mgl64.Vec3{2, 1, 1}, mgl64.Ident3(), false, 0},
		{"pointing away", mgl64.Vec3{-10, 0, 0}, mgl64.Vec3{-1, 0, 0}, mgl64.Vec3{}, mgl64.Vec3{2, 1, 1}, mgl64.Ident3(), false, 0},
		{"inside", mgl64.Vec3{0.5, 0, 0}, mgl64.Vec3{0, 1, 0}, mgl64.Vec3{}, mgl64.Vec3{2, 1, 1}, mgl64.Ident3(), true, 0},
		{"from above", mgl64.Vec3{5, 5, 50}, mgl64.Vec3{0, 0, -1}, mgl64.Vec3{5, 5, 1}, mgl64.Vec3{2, 1, 1}, mgl64.Ident3(), true, 48},
		{"parallel outside", mgl64.Vec3{-10, 3, 0}, mgl64.Vec3{1, 0, 0}, mgl64.Vec3{}, mgl64.Vec3{2, 1, 1}, mgl64.Ident3(), false, 0},
		// Rotated 45°, the long axis lies along x = y: a ray along the
		// diagonal enters through the end face, 2 m before the centre, and
		// the line x = 1.9, which crosses the unrotated box, misses it.
		{"rotated hit", mgl64.Vec3{-10, -10, 0}, Normalize(mgl64.Vec3{1, 1, 0}), mgl64.Vec3{}, mgl64.Vec3{2, 1, 1}, rot45, true, math.Sqrt(200) - 2},
		{"rotated miss", mgl64.Vec3{1.9, -10, 0}, mgl64.Vec3{0, 1, 0}, mgl64.Vec3{}, mgl64.Vec3{2, 0.2, 1}, rot45, false, 0},
	} {
		got, ok := RayBox(tc.origin, tc.dir, tc.center, tc.half, tc.rot)
		if ok != tc.hit || (ok && !near(got, tc.t, 1e-9)) {
			t.Errorf("%s: RayBox = %g, %v; want %g, %v", tc.name, got, ok, tc.t, tc.hit)
		}
	}
}

// TestPickProjectedBox closes the loop used by the UI: the ray through the
// pixel where a box's centre is drawn hits that box.
func TestPickProjectedBox(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for name, v := range testViews() {
		for range 300 {
			c := mgl64.Vec3{rng.Float64()*200 - 100, rng.Float64()*200 - 100, 1}
			rot := Rotation(rng.Float64()*2*math.Pi, 0, 0)
			x, y, _, ok := v.WorldToScreen(c)
			if !ok {
				continue
			}
			o, d := v.ScreenRay(x, y)
			if _, hit := RayBox(o, d, c, mgl64.Vec3{2.3, 1, 0.8}, rot); !hit {
				t.Fatalf("%s: ray through the projected centre of the box at %v misses it", name, c)
			}
		}
	}
}
