package render

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// colourRuns returns the sequence of distinct colours in painting order.
func colourRuns(dl *DrawList) []Color {
	var runs []Color
	v := dl.Vertices()
	for _, i := range dl.Indices() {
		c := v[i].Color
		if len(runs) == 0 || runs[len(runs)-1] != c {
			runs = append(runs, c)
		}
	}
	return runs
}

func topDownView() View {
	c := TopDownCamera{PixelsPerMetre: 10}
	return c.View(Viewport{Width: 400, Height: 400})
}

// TestDrawOrder checks the painter's order: layers bottom to top whatever
// the order of the calls, boxes back to front, ties in call order.
func TestDrawOrder(t *testing.T) {
	o := OrbitCamera{Distance: 60, Yaw: 90 * deg, Pitch: 30 * deg} // looking along +Y
	v := o.View(vp800)
	dl := NewDrawList()
	dl.Reset(&v)
	// Unshaded colours are recovered from the top faces' shading, so give
	// each box its own colour and compare shaded runs by box.
	near1 := RGB(255, 0, 0)
	far1 := RGB(0, 255, 0)
	mid1 := RGB(0, 0, 255)
	mid2 := RGB(255, 255, 0) // same depth as mid1, added later
	overlay := RGB(1, 2, 3)
	road := RGB(9, 9, 9)
	dl.Rect2D(LayerOverlay, 10, 10, 50, 50, overlay)
	half := mgl64.Vec3{1, 1, 1}
	dl.Box(LayerObjects, mgl64.Vec3{0, -10, 1}, half, mgl64.Ident3(), near1)
	dl.Box(LayerObjects, mgl64.Vec3{0, 20, 1}, half, mgl64.Ident3(), far1)
	dl.Box(LayerObjects, mgl64.Vec3{-4, 5, 1}, half, mgl64.Ident3(), mid1)
	dl.Box(LayerObjects, mgl64.Vec3{4, 5, 1}, half, mgl64.Ident3(), mid2)
	dl.GroundRibbon(LayerRoad, []mgl64.Vec3{{-30, -20, 0}, {-30, 40, 0}}, 4, road)
	dl.Finish(nil)

	var got []string
	names := map[Color]string{road: "road", overlay: "overlay"}
	for _, c := range colourRuns(dl) {
		n, ok := names[c]
		if !ok {
			for base, name := range map[Color]string{near1: "near", far1: "far", mid1: "mid1", mid2: "mid2"} {
				if isShadeOf(c, base) {
					n = name
				}
			}
		}
		if len(got) == 0 || got[len(got)-1] != n {
			got = append(got, n)
		}
	}
	want := []string{"road", "far", "mid1", "mid2", "near", "overlay"}
	if len(got) != len(want) {
		t.Fatalf("painting order %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("painting order %v, want %v", got, want)
		}
	}
}

// isShadeOf reports whether c is base scaled by one factor (a lit face).
func isShadeOf(c, base Color) bool {
	k := float32(-1)
	for _, p := range [][2]float32{{c.R, base.R}, {c.G, base.G}, {c.B, base.B}} {
		if p[1] == 0 {
			if p[0] != 0 {
				return false
			}
			continue
		}
		if k < 0 {
			k = p[0] / p[1]
		} else if math.Abs(float64(p[0]/p[1]-k)) > 1e-5 {
			return false
		}
	}
	return k > 0
}

func TestBoxFaces(t *testing.T) {
	dl := NewDrawList()
	v := topDownView()
	dl.Reset(&v)
	dl.Box(LayerObjects, mgl64.Vec3{}, mgl64.Vec3{2, 1, 0.75}, mgl64.Ident3(), RGB(200, 0, 0))
	if n := dl.TriangleCount(); n != 2 {
		t.Errorf("top-down box: %d triangles, want 2 (only the roof is visible)", n)
	}
	// Seen from a corner, above: three faces.
	o := OrbitCamera{Target: mgl64.Vec3{}, Distance: 20, Yaw: 45 * deg, Pitch: 35 * deg}
	v = o.View(vp800)
	dl.Reset(&v)
	dl.Box(LayerObjects, mgl64.Vec3{}, mgl64.Vec3{1, 1, 1}, Rotation(10*deg, 0, 0), RGB(200, 0, 0))
	if n := dl.TriangleCount(); n != 6 {
		t.Errorf("corner view: %d triangles, want 6", n)
	}
	// Off screen (behind the camera): nothing.
	dl.Reset(&v)
	dl.Box(LayerObjects, o.Eye().Sub(o.Forward().Mul(10)), mgl64.Vec3{1, 1, 1}, mgl64.Ident3(), RGB(200, 0, 0))
	if n := dl.TriangleCount(); n != 0 {
		t.Errorf("box behind the camera: %d triangles", n)
	}
	// A wide slab under the eye extends behind it: its roof must be cut by
	// the near plane, never projected from behind (which would land above
	// the horizon).
	dl.Reset(&v)
	dl.Box(LayerObjects, o.Eye().Sub(mgl64.Vec3{0, 0, 5}), mgl64.Vec3{50, 50, 1}, mgl64.Ident3(), RGB(200, 0, 0))
	dl.Finish(nil)
	if dl.TriangleCount() == 0 {
		t.Error("slab under the camera drew nothing")
	}
	checkFinite(t, dl)
	checkBelowHorizon(t, dl, &v)
}

// checkBelowHorizon fails if a vertex lies above the horizon line, where
// only geometry projected from behind the camera could land when all the
// geometry is below the eye.
func checkBelowHorizon(t *testing.T, dl *DrawList, v *View) {
	t.Helper()
	far := v.Eye.Add(Normalize(mgl64.Vec3{v.Forward[0], v.Forward[1], 0}).Mul(1e7))
	_, horizonY, _, ok := v.WorldToScreen(far)
	if !ok {
		t.Fatal("horizon point not visible")
	}
	for _, vx := range dl.Vertices() {
		if float64(vx.Y) < horizonY-1 {
			t.Fatalf("vertex %v above the horizon (y %g): projected from behind the camera", vx, horizonY)
		}
	}
}

func checkFinite(t *testing.T, dl *DrawList) {
	t.Helper()
	for _, vx := range dl.Vertices() {
		if !finite(float64(vx.X)) || !finite(float64(vx.Y)) {
			t.Fatalf("non-finite vertex %v", vx)
		}
	}
}

// TestRibbonUnderCamera runs a lane from behind the camera to far ahead:
// the part behind must be clipped, the rest drawn, all finite.
func TestRibbonUnderCamera(t *testing.T) {
	o := OrbitCamera{Target: mgl64.Vec3{0, 0, 0}, Distance: 10, Yaw: 90 * deg, Pitch: 20 * deg}
	v := o.View(vp800)
	dl := NewDrawList()
	dl.Reset(&v)
	pts := []mgl64.Vec3{{0, -200, 0}, {0, -50, 0}, {0, -5, 0}, {0, 0, 0}, {0, 30, 0}, {0, 300, 0}}
	dl.GroundRibbon(LayerMarking, pts, 3.5, RGB(200, 200, 200))
	dl.Finish(nil)
	if dl.TriangleCount() == 0 {
		t.Fatal("ribbon under the camera drew nothing")
	}
	checkFinite(t, dl)
	checkBelowHorizon(t, dl, &v)
	// Wholly behind: nothing.
	dl.Reset(&v)
	dl.GroundRibbon(LayerMarking, []mgl64.Vec3{{0, -100, 0}, {0, -50, 0}}, 3.5, RGB(1, 1, 1))
	dl.Polyline3D(LayerPath, []mgl64.Vec3{{0, -100, 1}, {0, -50, 1}}, 2, RGB(1, 1, 1))
	if n := dl.TriangleCount(); n != 0 {
		t.Errorf("geometry behind the camera: %d triangles", n)
	}
}

// TestStroke checks the screen-space line expansion: a horizontal line is
// a 2-pixel-high rectangle, a right angle gets a miter, a hairpin a bevel.
func TestStroke(t *testing.T) {
	v := topDownView()
	dl := NewDrawList()
	dl.Reset(&v)
	dl.Line2D(LayerOverlay, 10, 50, 90, 50, 2, RGB(0, 0, 0))
	minX, minY, maxX, maxY := bounds(dl.Vertices())
	if minX != 10 || maxX != 90 || minY != 49 || maxY != 51 {
		t.Errorf("line bounds [%g,%g]x[%g,%g], want [10,90]x[49,51]", minX, maxX, minY, maxY)
	}
	if n := dl.TriangleCount(); n != 2 {
		t.Errorf("line: %d triangles, want 2", n)
	}

	dl.Reset(&v)
	dl.Polyline2D(LayerOverlay, []float64{10, 10, 100, 10, 100, 100}, 4, RGB(0, 0, 0))
	minX, minY, maxX, maxY = bounds(dl.Vertices())
	if minX != 10 || minY != 8 || maxX != 102 || maxY != 100 {
		t.Errorf("mitred corner bounds [%g,%g]x[%g,%g], want [10,102]x[8,100]", minX, maxX, minY, maxY)
	}
	if n := dl.TriangleCount(); n != 4 {
		t.Errorf("mitred corner: %d triangles, want 4", n)
	}

	dl.Reset(&v)
	dl.Polyline2D(LayerOverlay, []float64{10, 10, 100, 10, 10, 14}, 4, RGB(0, 0, 0))
	if n := dl.TriangleCount(); n != 5 {
		t.Errorf("hairpin: %d triangles, want 5 (two quads and a bevel)", n)
	}
	_, _, maxX, _ = bounds(dl.Vertices())
	if maxX > 103 {
		t.Errorf("hairpin spikes to x %g: the miter was not limited", maxX)
	}

	// Widths are logical pixels: doubled on a 2x display.
	v2 := TopDownCamera{PixelsPerMetre: 1}
	vw := v2.View(Viewport{Width: 200, Height: 200, Scale: 2})
	dl.Reset(&vw)
	dl.Line2D(LayerOverlay, 10, 50, 90, 50, 2, RGB(0, 0, 0))
	if _, minY, _, maxY := bounds(dl.Vertices()); maxY-minY != 4 {
		t.Errorf("2 px line on a 2x display is %g device px wide, want 4", maxY-minY)
	}
}

func bounds(vs []Vertex) (minX, minY, maxX, maxY float64) {
	minX, minY = math.Inf(1), math.Inf(1)
	maxX, maxY = math.Inf(-1), math.Inf(-1)
	for _, v := range vs {
		minX, maxX = min(minX, float64(v.X)), max(maxX, float64(v.X))
		minY, maxY = min(minY, float64(v.Y)), max(maxY, float64(v.Y))
	}
	return
}

// TestCull2D: triangles wholly outside the viewport are dropped.
func TestCull2D(t *testing.T) {
	v := topDownView()
	dl := NewDrawList()
	dl.Reset(&v)
	dl.Triangle2D(LayerOverlay, -50, -50, -10, -50, -10, -10, RGB(1, 1, 1))
	dl.Triangle2D(LayerOverlay, 500, 10, 600, 10, 550, 90, RGB(1, 1, 1))
	dl.Triangle2D(LayerOverlay, math.NaN(), 10, 20, 10, 20, 20, RGB(1, 1, 1))
	if n := dl.TriangleCount(); n != 0 {
		t.Errorf("%d off-screen or invalid triangles kept", n)
	}
	dl.Triangle2D(LayerOverlay, -50, -50, 10, -50, 10, 10, RGB(1, 1, 1)) // partly visible
	dl.GroundRibbon(LayerRoad, []mgl64.Vec3{{1000, 0, 0}, {1100, 0, 0}}, 5, RGB(1, 1, 1))
	if n := dl.TriangleCount(); n != 1 {
		t.Errorf("%d triangles, want only the partly visible one", n)
	}
}

func TestShapes(t *testing.T) {
	v := topDownView() // 10 px per metre, origin at (200, 200)
	dl := NewDrawList()
	dl.Reset(&v)
	dl.Disc(LayerRoad, mgl64.Vec3{}, 5, RGB(1, 1, 1))
	minX, minY, maxX, maxY := bounds(dl.Vertices())
	if !near(minX, 150, 0.01) || !near(maxX, 250, 0.01) || !near(minY, 150, 2) || !near(maxY, 250, 2) {
		t.Errorf("disc of 5 m at 10 px/m spans [%g,%g]x[%g,%g]", minX, maxX, minY, maxY)
	}

	dl.Reset(&v)
	dl.Arrow(LayerMarking, mgl64.Vec3{}, mgl64.Vec3{1, 0, 5}, 6, 1.5, RGB(1, 1, 1))
	minX, minY, maxX, maxY = bounds(dl.Vertices())
	if !near(minX, 200, 1e-4) || !near(maxX, 260, 1e-4) || !near(minY, 192.5, 1e-4) || !near(maxY, 207.5, 1e-4) {
		t.Errorf("arrow spans [%g,%g]x[%g,%g], want [200,260]x[192.5,207.5]", minX, maxX, minY, maxY)
	}

	dl.Reset(&v)
	dl.Pole(LayerObjects, mgl64.Vec3{2, 0, 0}, 4, 2, RGB(1, 1, 1), 0.5, RGB(0, 1, 0))
	dl.Finish(nil)
	// Seen from above the pole is a dot; the head is a 5 px disc.
	minX, minY, maxX, maxY = bounds(dl.Vertices())
	if !near(minX, 215, 0.01) || !near(maxX, 225, 0.01) || !near(minY, 195, 0.1) || !near(maxY, 205, 0.1) {
		t.Errorf("pole head spans [%g,%g]x[%g,%g], want a 5 px disc at (220, 200)", minX, maxX, minY, maxY)
	}
}

// TestOffsetGround: a parallel line keeps its distance along straight
// parts, mitres a right angle at √2 times the distance, caps a hairpin's
// mitre, keeps heights and reuses out.
func TestOffsetGround(t *testing.T) {
	for _, tc := range []struct {
		name string
		pts  []mgl64.Vec3
		d    float64
		want []mgl64.Vec3
	}{
		{"straight, left", []mgl64.Vec3{{0, 0, 1}, {10, 0, 2}}, 2, []mgl64.Vec3{{0, 2, 1}, {10, 2, 2}}},
		{"straight, right", []mgl64.Vec3{{0, 0, 0}, {0, 10, 0}}, -1, []mgl64.Vec3{{1, 0, 0}, {1, 10, 0}}},
		{"right angle, inside", []mgl64.Vec3{{0, 0, 0}, {10, 0, 0}, {10, 10, 0}}, 1, []mgl64.Vec3{{0, 1, 0}, {9, 1, 0}, {9, 10, 0}}},
		{"right angle, outside", []mgl64.Vec3{{0, 0, 0}, {10, 0, 0}, {10, 10, 0}}, -1, []mgl64.Vec3{{0, -1, 0}, {11, -1, 0}, {11, 10, 0}}},
		// A hairpin's mitre would run to infinity: capped at twice d
		// (inward here: the left side is inside a left turn).
		{"hairpin", []mgl64.Vec3{{0, 0, 0}, {10, 0, 0}, {0, 0.001, 0}}, 1, []mgl64.Vec3{{0, 1, 0}, {8, 0, 0}, {0, -0.999, 0}}},
	} {
		buf := make([]mgl64.Vec3, 0, 8)
		got := OffsetGround(tc.pts, tc.d, buf)
		if len(got) != len(tc.want) || &got[:1][0] != &buf[:1][0] {
			t.Fatalf("%s: %v (len %d), want %v in the given buffer", tc.name, got, len(got), tc.want)
		}
		for i := range got {
			if got[i].Sub(tc.want[i]).Len() > 2e-3 {
				t.Errorf("%s: point %d = %v, want %v", tc.name, i, got[i], tc.want[i])
			}
		}
	}
}

// TestLayerEnd: after Finish, LayerEnd(l) is where the indices of the
// layers up to l end, whatever the order the shapes were added in.
func TestLayerEnd(t *testing.T) {
	v := topDownView()
	dl := NewDrawList()
	dl.Reset(&v)
	dl.Rect2D(LayerOverlay, 0, 0, 10, 10, RGB(1, 1, 1))          // 2 triangles
	dl.Triangle2D(LayerGround, 0, 0, 10, 0, 0, 10, RGB(2, 2, 2)) // 1
	dl.Rect2D(LayerSignal, 0, 0, 10, 10, RGB(3, 3, 3))           // 2
	dl.Triangle2D(LayerGround, 5, 0, 10, 0, 0, 10, RGB(4, 4, 4)) // 1
	dl.Finish(nil)
	want := map[Layer]int{LayerGrid: 0, LayerGround: 6, LayerRoad: 6, LayerMarking: 6, LayerSignal: 12,
		LayerPath: 12, LayerObjects: 12, LayerOverlay: 18, NumLayers: 18}
	for l, n := range want {
		if got := dl.LayerEnd(l); got != n {
			t.Errorf("LayerEnd(%d) = %d, want %d", l, got, n)
		}
	}
	if got := dl.Vertices()[dl.Indices()[dl.LayerEnd(LayerMarking)]].R; got != RGB(3, 3, 3).R {
		t.Errorf("the first index after LayerMarking names a vertex of colour %v, want the signal's", got)
	}
	dl.Reset(&v)
	if got := dl.LayerEnd(LayerOverlay); got != 0 {
		t.Errorf("after Reset, LayerEnd = %d", got)
	}
}
