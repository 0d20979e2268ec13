package render

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

const testNear = 0.5

func h(x, y, z float64) mgl64.Vec4 { return mgl64.Vec4{x, y, z, z} } // perspective: W = depth

func TestClipTriangleNear(t *testing.T) {
	for _, tc := range []struct {
		name    string
		a, b, c mgl64.Vec4
		tris    int
	}{
		{"in front", h(0, 0, 1), h(1, 0, 2), h(0, 1, 3), 1},
		{"behind", h(0, 0, -1), h(1, 0, -2), h(0, 1, 0.1), 0},
		{"one behind", h(0, 0, -1), h(1, 0, 2), h(0, 1, 3), 2},
		{"two behind", h(0, 0, -1), h(1, 0, -2), h(0, 1, 3), 1},
		{"touching the plane", h(0, 0, testNear), h(1, 0, 2), h(0, 1, 3), 1},
	} {
		var out [2][3]mgl64.Vec4
		n := ClipTriangleNear(tc.a, tc.b, tc.c, testNear, &out)
		if n != tc.tris {
			t.Errorf("%s: %d triangles, want %d", tc.name, n, tc.tris)
		}
		for i := range n {
			for _, p := range out[i] {
				if p[2] < testNear || p[3] < testNear*(1-1e-12) {
					t.Errorf("%s: output vertex %v behind the near plane", tc.name, p)
				}
			}
		}
	}
}

func TestClipSegmentNear(t *testing.T) {
	for _, tc := range []struct {
		name   string
		a, b   mgl64.Vec4
		ok     bool
		wa, wb mgl64.Vec4
	}{
		{"in front", h(0, 0, 1), h(2, 2, 3), true, h(0, 0, 1), h(2, 2, 3)},
		{"behind", h(0, 0, -1), h(2, 2, 0.2), false, mgl64.Vec4{}, mgl64.Vec4{}},
		{"a behind", h(0, 0, 0), h(4, 8, 2), true, h(1, 2, 0.5), h(4, 8, 2)},
		{"b behind", h(4, 8, 2), h(0, 0, 0), true, h(4, 8, 2), h(1, 2, 0.5)},
	} {
		a, b, ok := ClipSegmentNear(tc.a, tc.b, testNear)
		if ok != tc.ok || (ok && (a != tc.wa || b != tc.wb)) {
			t.Errorf("%s: got %v %v %v, want %v %v %v", tc.name, a, b, ok, tc.wa, tc.wb, tc.ok)
		}
	}
}

// TestClipPolygonNearProperty feeds random polygons straddling the camera
// and checks that nothing behind the near plane survives, that vertices in
// front are kept, and that the vertex count stays within n+1.
func TestClipPolygonNearProperty(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	var out []mgl64.Vec4
	for iter := range 20000 {
		n := 3 + rng.IntN(3)
		poly := randomConvex(rng, n)
		inFront := 0
		for _, p := range poly {
			if p[2] >= testNear {
				inFront++
			}
		}
		out = ClipPolygonNear(poly, testNear, out[:0])
		if len(out) > n+1 || (len(out) > 0 && len(out) < 3) {
			t.Fatalf("iter %d: %d-gon clipped to %d vertices", iter, n, len(out))
		}
		for _, p := range out {
			if p[2] < testNear || p[3] < testNear*(1-1e-12) {
				t.Fatalf("iter %d: vertex %v behind the near plane", iter, p)
			}
		}
		kept := 0
		for _, p := range poly {
			if p[2] < testNear {
				continue
			}
			for _, q := range out {
				if q == p {
					kept++
					break
				}
			}
		}
		if kept != inFront {
			t.Fatalf("iter %d: %d vertices in front, %d kept", iter, inFront, kept)
		}
		if n == 3 {
			var tris [2][3]mgl64.Vec4
			k := ClipTriangleNear(poly[0], poly[1], poly[2], testNear, &tris)
			if want := max(len(out)-2, 0); k != want {
				t.Fatalf("iter %d: ClipTriangleNear gave %d triangles, polygon clip %d vertices", iter, k, len(out))
			}
		}
	}
}

// TestClipMatchesWorldClip checks that clipping in homogeneous space, then
// dividing, lands exactly where the world-space intersection of the edge
// with the near plane projects: the point of clipping before the divide.
func TestClipMatchesWorldClip(t *testing.T) {
	v := NewPerspectiveView(mgl64.Vec3{0, 0, 2}, mgl64.Vec3{1, 0.3, -0.2}, 70*deg, 1, 1000, vp800)
	rng := rand.New(rand.NewPCG(9, 10))
	for range 2000 {
		a := mgl64.Vec3{rng.Float64()*40 - 20, rng.Float64()*40 - 20, rng.Float64() * 4}
		b := mgl64.Vec3{rng.Float64()*40 - 20, rng.Float64()*40 - 20, rng.Float64() * 4}
		da, db := v.Depth(a), v.Depth(b)
		if (da >= v.Near) == (db >= v.Near) {
			continue
		}
		ha, hb, ok := ClipSegmentNear(v.Project(a), v.Project(b), v.Near)
		if !ok {
			t.Fatal("straddling segment fully clipped")
		}
		w := Lerp(a, b, (v.Near-da)/(db-da)) // world point on the near plane
		hw := v.Project(w)                   // on the plane: WorldToScreen may round it behind
		x, y := hw[0]/hw[3], hw[1]/hw[3]
		c := ha
		if da >= v.Near {
			c = hb
		}
		if !near(c[0]/c[3], x, 1e-6) || !near(c[1]/c[3], y, 1e-6) {
			t.Fatalf("clipped vertex at (%g, %g), world clip projects to (%g, %g)", c[0]/c[3], c[1]/c[3], x, y)
		}
	}
}

// randomConvex returns a convex planar n-gon: points at increasing angles
// on a circle in a random plane through a random centre near the camera.
func randomConvex(rng *rand.Rand, n int) []mgl64.Vec4 {
	c := mgl64.Vec3{rng.Float64()*10 - 5, rng.Float64()*10 - 5, rng.Float64()*4 - 2}
	u := Normalize(mgl64.Vec3{rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64()})
	w := Normalize(u.Cross(mgl64.Vec3{rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64()}))
	r := 0.5 + rng.Float64()*4
	angles := make([]float64, n)
	for i := range angles {
		angles[i] = rng.Float64() * 2 * math.Pi
	}
	slices.Sort(angles)
	poly := make([]mgl64.Vec4, n)
	for i, a := range angles {
		p := c.Add(u.Mul(r * math.Cos(a))).Add(w.Mul(r * math.Sin(a)))
		poly[i] = mgl64.Vec4{p[0], p[1], p[2], p[2]}
	}
	return poly
}
