package scenedraw

import (
	"math"
	"sync"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/mm2carla/viewer/render"
	"github.com/mm2carla/viewer/render/scenedraw/scenetest"
	"github.com/mm2carla/viewer/scene"
)

var testScene = sync.OnceValues(scenetest.New)

// fixture is the test city and its recording, opened.
type fixture struct {
	sc  *scenetest.Scene
	rec *scene.Recording
}

func newFixture(t testing.TB) *fixture {
	t.Helper()
	sc, err := testScene()
	if err != nil {
		t.Fatal(err)
	}
	rec, err := sc.Open()
	if err != nil {
		t.Fatal(err)
	}
	return &fixture{sc: sc, rec: rec}
}

// state returns the recording's state at t.
func (f *fixture) state(t testing.TB, at float64) *scene.State {
	t.Helper()
	st := new(scene.State)
	if err := f.rec.StateAt(at, st); err != nil {
		t.Fatal(err)
	}
	return st
}

// renderer returns a Renderer on the fixture's map with a fixed-width
// measurer, so label layout does not depend on a font.
func (f *fixture) renderer() *Renderer {
	r := New()
	r.SetMap(f.sc.Map)
	r.SetMeasurer(render.FixedMeasurer{Advance: 7, Ascent: 10, Descent: 3})
	return r
}

var testVP = render.Viewport{Width: 640, Height: 480, Scale: 1}

// topView looks straight down on c at ppm pixels per metre.
func topView(c mgl64.Vec3, ppm float64) render.View {
	cam := render.TopDownCamera{Center: c, PixelsPerMetre: ppm}
	return cam.View(testVP)
}

// orbitView looks at c from dist metres, from the south-west, 45° down.
func orbitView(c mgl64.Vec3, dist float64) render.View {
	cam := render.OrbitCamera{Target: c, Distance: dist, Yaw: math.Pi / 4, Pitch: math.Pi / 4}
	return cam.View(testVP)
}

// build draws one frame.
func build(r *Renderer, v render.View, st *scene.State, opt Options) *render.DrawList {
	dl := render.NewDrawList()
	r.Build(dl, &v, st, opt)
	return dl
}

// countColor counts the vertices of exactly colour c.
func countColor(dl *render.DrawList, c render.Color) int {
	n := 0
	for _, v := range dl.Vertices() {
		if v.Color == c {
			n++
		}
	}
	return n
}

// isShadeOf reports whether c is base shaded by one factor (box faces are
// lit): the same alpha and every channel base's times one k.
func isShadeOf(c, base render.Color) bool {
	if c.A != base.A {
		return false
	}
	k := float64(c.R+c.G+c.B) / float64(base.R+base.G+base.B)
	if k < 0.3 || k > 1.01 {
		return false
	}
	near := func(a, b float32) bool { return math.Abs(float64(a)-float64(b)*k) < 0.01 }
	return near(c.R, base.R) && near(c.G, base.G) && near(c.B, base.B)
}

// colorsNear returns the colours of the vertices within px of (x, y).
func colorsNear(dl *render.DrawList, x, y, px float64) []render.Color {
	var out []render.Color
	for _, v := range dl.Vertices() {
		if math.Hypot(float64(v.X)-x, float64(v.Y)-y) <= px {
			out = append(out, v.Color)
		}
	}
	return out
}

// firstIndexOf returns the position in the painting order of the first
// and last triangle using a vertex that satisfies pred, or -1.
func paintRange(dl *render.DrawList, pred func(render.Color) bool) (first, last int) {
	first, last = -1, -1
	vs := dl.Vertices()
	for i, ix := range dl.Indices() {
		if pred(vs[ix].Color) {
			if first < 0 {
				first = i / 3
			}
			last = i / 3
		}
	}
	return first, last
}

func eqColor(c render.Color) func(render.Color) bool {
	return func(x render.Color) bool { return x == c }
}
