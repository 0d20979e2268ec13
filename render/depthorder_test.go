package render

import (
	"fmt"
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// The painter's order of boxes is checked against ray casting: for every
// pixel, the box a ray through the pixel centre meets first (RayBox) must
// be the box whose triangle is painted last over that pixel centre. The
// scenes are the cases a sort by centre depth alone gets wrong: a long
// truck beside or across a short car, whose centres are far apart while
// their near faces are not.

// depthBox is one box of a depth-order scene.
type depthBox struct {
	c, half mgl64.Vec3
	yaw     float64
}

// depthColors are told apart by hue, which face shading keeps: the
// channels that are zero stay zero.
var depthColors = []Color{
	RGB(255, 0, 0), RGB(0, 255, 0), RGB(0, 0, 255),
	RGB(255, 255, 0), RGB(255, 0, 255), RGB(0, 255, 255), RGB(255, 255, 255),
}

// colorBox returns the index of the depth colour c is a shade of, or -1.
func colorBox(c Color) int {
	key := func(c Color) [3]bool { return [3]bool{c.R > 0, c.G > 0, c.B > 0} }
	for i, d := range depthColors {
		if key(c) == key(d) {
			return i
		}
	}
	return -1
}

var depthScenes = map[string][]depthBox{
	// A 16 m truck with a car beside its front end, 1 m apart.
	"truck beside car": {
		{mgl64.Vec3{0, 0, 2}, mgl64.Vec3{8, 1.25, 2}, 0},
		{mgl64.Vec3{5.75, 3.2, 0.75}, mgl64.Vec3{2.25, 0.95, 0.75}, 0},
	},
	// A car waiting across the front of a bus (a T).
	"car across bus end": {
		{mgl64.Vec3{0, 0, 1.6}, mgl64.Vec3{6, 1.3, 1.6}, 0},
		{mgl64.Vec3{8.5, 0.5, 0.75}, mgl64.Vec3{2.25, 0.95, 0.75}, math.Pi / 2},
	},
	// A queue at a light: car, truck, car, with a walker on the kerb.
	"queue": {
		{mgl64.Vec3{-9, 0, 0.75}, mgl64.Vec3{2.25, 0.95, 0.75}, 0.05},
		{mgl64.Vec3{0, 0, 1.75}, mgl64.Vec3{5.5, 1.25, 1.75}, 0},
		{mgl64.Vec3{9, 0.3, 0.75}, mgl64.Vec3{2.25, 0.95, 0.75}, -0.05},
		{mgl64.Vec3{2, 3, 0.9}, mgl64.Vec3{0.25, 0.25, 0.9}, 0},
	},
	// A turning articulated bus beside two cars in the next lane.
	"turning bus": {
		{mgl64.Vec3{0, 0, 1.6}, mgl64.Vec3{9, 1.3, 1.6}, 0.4},
		{mgl64.Vec3{-2, 4.5, 0.75}, mgl64.Vec3{2.25, 0.95, 0.75}, 0.4},
		{mgl64.Vec3{5, 7.3, 0.75}, mgl64.Vec3{2.25, 0.95, 0.75}, 0.4},
	},
	// A tram stop: a long low platform (a prop) with walkers on it.
	"platform": {
		{mgl64.Vec3{0, 0, 0.15}, mgl64.Vec3{12, 1.5, 0.15}, 0},
		{mgl64.Vec3{-6, 0, 1.2}, mgl64.Vec3{0.25, 0.25, 0.9}, 0},
		{mgl64.Vec3{7, 0.5, 1.2}, mgl64.Vec3{0.25, 0.25, 0.9}, 0},
		{mgl64.Vec3{0, 3.5, 1.5}, mgl64.Vec3{10, 1.3, 1.5}, 0},
	},
}

// paintedBox returns the box painted last over the pixel centre (x, y),
// or -1.
func paintedBox(dl *DrawList, x, y float64) int {
	vs, idx := dl.Vertices(), dl.Indices()
	for i := len(idx) - 3; i >= 0; i -= 3 {
		a, b, c := vs[idx[i]], vs[idx[i+1]], vs[idx[i+2]]
		if inTriangle(x, y, a, b, c) {
			return colorBox(a.Color)
		}
	}
	return -1
}

func inTriangle(x, y float64, a, b, c Vertex) bool {
	edge := func(p, q Vertex) float64 {
		return (float64(q.X)-float64(p.X))*(y-float64(p.Y)) - (float64(q.Y)-float64(p.Y))*(x-float64(p.X))
	}
	e0, e1, e2 := edge(a, b), edge(b, c), edge(c, a)
	return (e0 >= 0 && e1 >= 0 && e2 >= 0) || (e0 <= 0 && e1 <= 0 && e2 <= 0)
}

// castBox returns the box the ray through (x, y) meets first, or -1.
func castBox(v *View, boxes []depthBox, x, y float64) int {
	o, d := v.ScreenRay(x, y)
	best, bt := -1, math.Inf(1)
	for i, b := range boxes {
		if t, ok := RayBox(o, d, b.c, b.half, Rotation(b.yaw, 0, 0)); ok && t < bt {
			best, bt = i, t
		}
	}
	return best
}

// depthMismatches counts the pixels of v where painting and ray casting
// disagree, leaving out pixels within a pixel of an outline (where the
// two may round differently).
func depthMismatches(dl *DrawList, v *View, boxes []depthBox) (bad, covered int) {
	w, h := int(v.Viewport.Width), int(v.Viewport.Height)
	for py := 1; py < h-1; py++ {
		for px := 1; px < w-1; px++ {
			x, y := float64(px)+0.5, float64(py)+0.5
			want := castBox(v, boxes, x, y)
			if want < 0 {
				continue
			}
			stable := true
			for _, o := range [4][2]float64{{-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
				if castBox(v, boxes, x+o[0], y+o[1]) != want {
					stable = false
					break
				}
			}
			if !stable {
				continue
			}
			covered++
			if paintedBox(dl, x, y) != want {
				bad++
			}
		}
	}
	return bad, covered
}

// TestDepthOrderMatchesRayCast renders each scene from many directions,
// distances and heights, perspective and top-down, and requires the
// painted image to match ray casting at every interior pixel.
func TestDepthOrderMatchesRayCast(t *testing.T) {
	vp := Viewport{Width: 160, Height: 120, Scale: 1}
	dl := NewDrawList()
	for name, boxes := range depthScenes {
		centre := EmptyAABB()
		for _, b := range boxes {
			centre = centre.Extend(b.c)
		}
		views := map[string]View{}
		td := TopDownCamera{Center: centre.Center(), PixelsPerMetre: 5}
		views["top"] = td.View(vp)
		for yaw := 0; yaw < 360; yaw += 30 {
			for _, pitch := range []float64{8, 30, 60} {
				for _, dist := range []float64{14, 40} {
					c := OrbitCamera{Target: centre.Center(), Distance: dist, Yaw: float64(yaw) * deg, Pitch: pitch * deg}
					views[fmt.Sprintf("yaw%d/pitch%g/dist%g", yaw, pitch, dist)] = c.View(vp)
				}
			}
		}
		failed := 0
		for vname, v := range views {
			dl.Reset(&v)
			for i, b := range boxes {
				dl.Box(LayerObjects, b.c, b.half, Rotation(b.yaw, 0, 0), depthColors[i])
			}
			dl.Finish(nil)
			bad, covered := depthMismatches(dl, &v, boxes)
			if bad > 0 {
				failed++
				if failed <= 3 {
					t.Errorf("%s, %s: %d of %d covered pixels show a box that is hidden", name, vname, bad, covered)
				}
			}
		}
		if failed > 3 {
			t.Errorf("%s: %d of %d views wrong in all", name, failed, len(views))
		}
	}
}

func boxOccluder(c, half mgl64.Vec3, yaw float64) occluder {
	r := Rotation(yaw, 0, 0)
	return occluder{c: c, half: [3]float64{half[0], half[1], half[2]}, axes: [3]mgl64.Vec3{r.Col(0), r.Col(1), r.Col(2)}}
}

// TestInFront pins the separating-plane rule on cases with known answers.
func TestInFront(t *testing.T) {
	unit := mgl64.Vec3{1, 1, 1}
	a := boxOccluder(mgl64.Vec3{}, unit, 0)
	for _, tc := range []struct {
		name string
		b    occluder
		eye  mgl64.Vec3
		want int
	}{
		{"eye on a's side", boxOccluder(mgl64.Vec3{5, 0, 0}, unit, 0), mgl64.Vec3{-20, 3, 2}, 1},
		{"eye on b's side", boxOccluder(mgl64.Vec3{5, 0, 0}, unit, 0), mgl64.Vec3{30, -3, 2}, -1},
		{"eye between them", boxOccluder(mgl64.Vec3{5, 0, 0}, unit, 0), mgl64.Vec3{2.5, 0, 20}, 0},
		{"interpenetrating", boxOccluder(mgl64.Vec3{1.5, 0.5, 0}, unit, 0.3), mgl64.Vec3{-20, 0, 5}, 0},
		// A lamp touching the rear face: separated by that face.
		{"touching lamp, seen from behind", boxOccluder(mgl64.Vec3{-1.05, 0, 0}, mgl64.Vec3{0.05, 0.2, 0.1}, 0), mgl64.Vec3{-10, 1, 3}, -1},
		{"touching lamp, seen from ahead", boxOccluder(mgl64.Vec3{-1.05, 0, 0}, mgl64.Vec3{0.05, 0.2, 0.1}, 0), mgl64.Vec3{10, 1, 3}, 1},
		// Rotated 45°: only b's own axes separate them.
		{"diamond beside", boxOccluder(mgl64.Vec3{0, 2.6, 0}, unit, math.Pi/4), mgl64.Vec3{0, 30, 1}, -1},
		// Above: separated along Z; a camera overhead sees the upper one in front.
		{"stacked, eye above", boxOccluder(mgl64.Vec3{0, 0, 3}, unit, 0.7), mgl64.Vec3{1, 1, 40}, -1},
		// Tilted boxes need an edge-edge axis.
		{"tilted edges", occluder{c: mgl64.Vec3{2.2, 2.2, 0}, half: [3]float64{1, 1, 1},
			axes: [3]mgl64.Vec3{Normalize(mgl64.Vec3{1, -1, 0}), Normalize(mgl64.Vec3{1, 1, 1}), Normalize(mgl64.Vec3{1, 1, -2})}},
			mgl64.Vec3{-10, -10, 0}, 1},
	} {
		if got := inFront(&a, &tc.b, tc.eye); got != tc.want {
			t.Errorf("%s: inFront = %d, want %d", tc.name, got, tc.want)
		}
		if got := inFront(&tc.b, &a, tc.eye); got != -tc.want {
			t.Errorf("%s, swapped: inFront = %d, want %d", tc.name, got, -tc.want)
		}
	}
}

// TestOrderBreaksCycles: three long boxes arranged in a pinwheel can hide
// one another in a cycle; every primitive still comes out exactly once.
func TestOrderBreaksCycles(t *testing.T) {
	var o orderer
	prims := make([]prim, 5)
	for i := range prims {
		prims[i] = prim{seq: uint32(i)}
	}
	o.edges = append(o.edges[:0], [2]int32{0, 1}, [2]int32{1, 2}, [2]int32{2, 0}, [2]int32{4, 3})
	o.buildGraph(len(prims))
	o.sort(prims)
	seen := map[uint32]int{}
	for i, p := range prims {
		seen[p.seq] = i
	}
	if len(seen) != 5 {
		t.Fatalf("order %v lost or repeated a primitive", prims)
	}
	if seen[4] > seen[3] {
		t.Errorf("4 must be painted before 3: %v", seen)
	}
	if seen[0] > seen[1] || seen[1] > seen[2] {
		t.Errorf("the cycle 0>1>2>0 is broken at 0, the earliest, so 0, 1, 2 stay in order: %v", seen)
	}
}

// TestOcclusionBudget: a jam of cars stays well within the pass's budget
// (so every street scene is ordered in full), while 2,000 boxes in one
// place, whose every pair overlaps on screen, stop the pass at its
// budget instead of costing seconds a frame, and still paint every
// triangle once.
func TestOcclusionBudget(t *testing.T) {
	vp := Viewport{Width: 1920, Height: 1080, Scale: 1}
	jc := OrbitCamera{Distance: 120, Yaw: 20 * deg, Pitch: 12 * deg}
	jam := jc.View(vp)
	dl := NewDrawList()
	dl.Reset(&jam)
	for i := range 1000 {
		x, y := float64(i%50)*6-150, float64(i/50)*3.5-35
		dl.Box(LayerObjects, mgl64.Vec3{x, y, 0.75}, mgl64.Vec3{2.25, 0.95, 0.75}, Rotation(float64(i%7)*0.05, 0, 0), depthColors[i%len(depthColors)])
	}
	dl.Finish(nil)
	if o := &dl.orderer; o.visits > maxPairVisits/4 || o.tests > maxPairTests/4 || len(o.edges) == 0 {
		t.Errorf("the jam visited %d pairs and tested %d (budget %d, %d), %d edges", o.visits, o.tests, maxPairVisits, maxPairTests, len(o.edges))
	}

	pc := OrbitCamera{Distance: 12, Yaw: 20 * deg, Pitch: 30 * deg}
	pile := pc.View(vp)
	dl.Reset(&pile)
	const n = 2000
	for i := range n {
		dl.Box(LayerObjects, mgl64.Vec3{0, 0, 0.75}, mgl64.Vec3{2.25, 0.95, 0.75}, Rotation(0, 0, 0), depthColors[i%len(depthColors)])
	}
	tris := dl.TriangleCount()
	dl.Finish(nil)
	o := &dl.orderer
	perPrim := n * o.grid.cols * o.grid.rows // the most one primitive can visit past the check
	if o.visits > maxPairVisits+perPrim || o.tests > maxPairTests+n {
		t.Errorf("the pile visited %d pairs and tested %d, past the budget (%d, %d)", o.visits, o.tests, maxPairVisits, maxPairTests)
	}
	if o.visits < maxPairVisits && o.tests < maxPairTests {
		t.Errorf("the pile stayed within the budget (%d visits, %d tests): it tests nothing", o.visits, o.tests)
	}
	if got := len(dl.Indices()); got != 3*tris {
		t.Errorf("%d indices painted for %d triangles", got, tris)
	}
}

// BenchmarkOcclusionJam is the occlusion pass's worst case: 1,000 cars
// packed in a jam seen from low down, where most rectangles overlap.
func BenchmarkOcclusionJam(b *testing.B) {
	vp := Viewport{Width: 1920, Height: 1080, Scale: 1}
	c := OrbitCamera{Target: mgl64.Vec3{0, 0, 0}, Distance: 120, Yaw: 20 * deg, Pitch: 12 * deg}
	v := c.View(vp)
	dl := NewDrawList()
	build := func() {
		dl.Reset(&v)
		for i := range 1000 {
			x, y := float64(i%50)*6-150, float64(i/50)*3.5-35
			dl.Box(LayerObjects, mgl64.Vec3{x, y, 0.75}, mgl64.Vec3{2.25, 0.95, 0.75}, Rotation(float64(i%7)*0.05, 0, 0), depthColors[i%len(depthColors)])
		}
		dl.Finish(nil)
	}
	build()
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		build()
	}
	b.ReportMetric(float64(len(dl.orderer.edges)), "edges")
}

// FuzzOcclusionOrder builds boxes and a camera from arbitrary numbers:
// whatever they are (touching, nested, interpenetrating, behind the
// camera), the occlusion pass of Finish must neither hang nor panic and
// must paint every triangle exactly once.
func FuzzOcclusionOrder(f *testing.F) {
	f.Add([]byte{10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 110, 120, 130, 140, 150, 160, 170, 180, 190, 200}, 30.0, 0.5)
	f.Add([]byte{0, 0, 0, 255, 255, 255, 0, 0, 0, 255, 255, 255}, 5.0, 1.5)
	f.Fuzz(func(t *testing.T, data []byte, dist, pitch float64) {
		if !(dist > 1 && dist < 1e4) || !finite(pitch) {
			return
		}
		c := OrbitCamera{Distance: dist, Yaw: float64(len(data)) * 0.7, Pitch: pitch}
		v := c.View(Viewport{Width: 200, Height: 150, Scale: 1})
		dl := NewDrawList()
		dl.Reset(&v)
		for i := 0; i+6 <= len(data) && i < 6*16; i += 6 {
			b := data[i : i+6]
			ctr := mgl64.Vec3{float64(b[0]) - 128, float64(b[1]) - 128, float64(b[2]) / 16}.Mul(0.25)
			half := mgl64.Vec3{float64(b[3]%64)/8 + 0.05, float64(b[4]%64)/8 + 0.05, float64(b[5]%32)/8 + 0.05}
			dl.Box(LayerObjects, ctr, half, Rotation(float64(b[5]), 0, 0), depthColors[(i/6)%len(depthColors)])
		}
		before := map[[3]uint32]int{}
		for _, ld := range dl.layers {
			for k := 0; k+2 < len(ld.idx); k += 3 {
				before[[3]uint32{ld.idx[k], ld.idx[k+1], ld.idx[k+2]}]++
			}
		}
		dl.Finish(nil)
		after := map[[3]uint32]int{}
		idx := dl.Indices()
		for k := 0; k+2 < len(idx); k += 3 {
			after[[3]uint32{idx[k], idx[k+1], idx[k+2]}]++
		}
		if len(idx) != 3*dl.TriangleCount() || len(before) != len(after) {
			t.Fatalf("%d indices for %d triangles; %d distinct triangles before Finish, %d after", len(idx), dl.TriangleCount(), len(before), len(after))
		}
		for k, n := range before {
			if after[k] != n {
				t.Fatalf("triangle %v added %d times, painted %d times", k, n, after[k])
			}
		}
	})
}
