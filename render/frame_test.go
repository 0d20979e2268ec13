package render

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

func TestFrameAll(t *testing.T) {
	boxes := []AABB{
		{mgl64.Vec3{-1000, -800, -5}, mgl64.Vec3{1200, 900, 30}}, // a town
		{mgl64.Vec3{10, 10, 0}, mgl64.Vec3{12, 11, 2}},           // one car
		{mgl64.Vec3{0, 0, 0}, mgl64.Vec3{5000, 10, 0}},           // a long straight road
		{mgl64.Vec3{-3, -3, 0}, mgl64.Vec3{-3, -3, 0}},           // a point
	}
	vps := []Viewport{vp800, {Width: 300, Height: 1000, Scale: 2}, {Width: 1920, Height: 1080, Scale: 1.25}}
	for bi, b := range boxes {
		for _, vp := range vps {
			for _, yaw := range []float64{0, 37 * deg, 90 * deg, -150 * deg} {
				for _, pitch := range []float64{MinPitch, 30 * deg, MaxPitch} {
					c := OrbitCamera{Yaw: yaw, Pitch: pitch}
					c.FrameAll(b, vp)
					checkCornersInside(t, "orbit", bi, c.View(vp), b)
				}
			}
			td := TopDownCamera{}
			td.FrameAll(b, vp)
			v := td.View(vp)
			checkCornersInside(t, "topdown", bi, v, b)
			// The top-down fit is tight: one dimension nearly fills.
			w, h := (b.Max[0]-b.Min[0])*v.Focal, (b.Max[1]-b.Min[1])*v.Focal
			if b.Max[0] > b.Min[0] && math.Max(w/vp.Width, h/vp.Height) < 0.9 {
				t.Errorf("topdown box %d fills only %.0f%% of the viewport", bi, 100*math.Max(w/vp.Width, h/vp.Height))
			}
		}
	}
	// An empty box changes nothing.
	c := NewOrbitCamera()
	before := c
	c.FrameAll(EmptyAABB(), vp800)
	if c != before {
		t.Error("framing an empty box moved the camera")
	}
}

func checkCornersInside(t *testing.T, name string, bi int, v View, b AABB) {
	t.Helper()
	for i := range 8 {
		x, y, _, ok := v.WorldToScreen(b.Corner(i))
		if !ok || x < 0 || y < 0 || x > v.Viewport.Width || y > v.Viewport.Height {
			t.Errorf("%s: box %d corner %v projects to (%g, %g, ok %v) outside %gx%g",
				name, bi, b.Corner(i), x, y, ok, v.Viewport.Width, v.Viewport.Height)
		}
	}
}

// TestFrameIn: a top-down camera framed into part of the viewport puts
// every corner of the box inside that part, nearly filling one of its
// sides; the whole viewport gives FrameAll's result.
func TestFrameIn(t *testing.T) {
	b := AABB{mgl64.Vec3{-300, -250, 0}, mgl64.Vec3{400, 450, 20}}
	vp := Viewport{Width: 1280, Height: 720, Scale: 2}
	for _, area := range []Rect{{0, 0, 1280, 720}, {0, 0, 880, 720}, {0, 200, 1280, 720}, {100, 50, 300, 650}} {
		var c TopDownCamera
		c.FrameIn(b, vp, area)
		v := c.View(vp)
		for i := range 8 {
			x, y, _, ok := v.WorldToScreen(b.Corner(i))
			if !ok || x < area.MinX-1e-6 || x > area.MaxX+1e-6 || y < area.MinY-1e-6 || y > area.MaxY+1e-6 {
				t.Errorf("area %v: corner %d at (%.1f, %.1f), outside", area, i, x, y)
			}
		}
		w, h := (b.Max[0]-b.Min[0])*v.Focal, (b.Max[1]-b.Min[1])*v.Focal
		if fill := math.Max(w/(area.MaxX-area.MinX), h/(area.MaxY-area.MinY)); fill < 0.9 {
			t.Errorf("area %v: the box fills only %.0f%% of it", area, 100*fill)
		}
	}
	var a, f TopDownCamera
	a.FrameAll(b, vp)
	f.FrameIn(b, vp, Rect{0, 0, vp.Width, vp.Height})
	if a != f {
		t.Errorf("FrameAll %+v, FrameIn over the whole viewport %+v", a, f)
	}
	before := f
	f.FrameIn(b, vp, Rect{10, 10, 10, 500})
	if f != before {
		t.Error("an empty area moved the camera")
	}
}
