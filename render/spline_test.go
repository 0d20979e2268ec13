package render

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

func TestSmoothCurvePassesThroughPoints(t *testing.T) {
	pts := []mgl64.Vec3{{0, 0, 0}, {20, 0, 0}, {35, 15, 1}, {35, 40, 2}, {10, 45, 2}}
	out := SmoothCurve(pts, 2, nil)
	j := 0
	for _, p := range out {
		if j < len(pts) && p == pts[j] {
			j++
		}
	}
	if j != len(pts) {
		t.Fatalf("only %d of %d input points appear, in order, in the curve", j, len(pts))
	}
	for i := 1; i < len(out); i++ {
		if d := out[i].Sub(out[i-1]).Len(); d > 2*1.5 || d == 0 {
			t.Errorf("sample %d is %g m from the previous one (max segment 2 m)", i, d)
		}
	}
	// The curve is smooth: consecutive segments turn by small angles.
	for i := 2; i < len(out); i++ {
		a, b := Normalize(out[i-1].Sub(out[i-2])), Normalize(out[i].Sub(out[i-1]))
		if ang := math.Acos(min(1, a.Dot(b))); ang > 20*deg {
			t.Errorf("turn of %g° at sample %d", ang/deg, i-1)
		}
	}
}

func TestSmoothCurveCollinearStaysStraight(t *testing.T) {
	pts := []mgl64.Vec3{{0, 0, 0}, {3, 3, 0}, {20, 20, 0}, {21, 21, 0}}
	for _, p := range SmoothCurve(pts, 0.5, nil) {
		if !near(p[0], p[1], 1e-9) || p[0] < -1e-9 || p[0] > 21+1e-9 {
			t.Fatalf("sample %v left the straight segment", p)
		}
	}
}

// TestSmoothCurveNoLoops uses an input on which uniform Catmull-Rom forms
// a loop (a short span between two long ones, turning sharply; checked
// when writing this test by making the knots uniform): the centripetal
// curve must not cross itself.
func TestSmoothCurveNoLoops(t *testing.T) {
	pts := []mgl64.Vec3{{0, 0, 0}, {10, 10, 0}, {11, 10, 0}, {21, 0, 0}}
	out := SmoothCurve(pts, 0.1, nil)
	for i := 1; i < len(out); i++ {
		for j := i + 2; j < len(out); j++ {
			if segmentsCross(out[i-1], out[i], out[j-1], out[j]) {
				t.Fatalf("curve crosses itself: segment %d and %d", i, j)
			}
		}
	}
}

func segmentsCross(a, b, c, d mgl64.Vec3) bool {
	orient := func(p, q, r mgl64.Vec3) float64 { return (q[0]-p[0])*(r[1]-p[1]) - (q[1]-p[1])*(r[0]-p[0]) }
	o1, o2 := orient(a, b, c), orient(a, b, d)
	o3, o4 := orient(c, d, a), orient(c, d, b)
	return o1*o2 < 0 && o3*o4 < 0
}

func TestSmoothCurveEdgeCases(t *testing.T) {
	if got := SmoothCurve(nil, 1, nil); len(got) != 0 {
		t.Errorf("empty input gave %v", got)
	}
	if got := SmoothCurve([]mgl64.Vec3{{1, 2, 3}}, 1, nil); len(got) != 1 || got[0] != (mgl64.Vec3{1, 2, 3}) {
		t.Errorf("one point gave %v", got)
	}
	dup := []mgl64.Vec3{{0, 0, 0}, {0, 0, 0}, {10, 0, 0}, {10, 0, 0}, {10, 0, 0}, {10, 10, 0}}
	out := SmoothCurve(dup, 1, nil)
	for _, p := range out {
		if !finite(p[0] + p[1] + p[2]) {
			t.Fatalf("duplicates produced %v", p)
		}
	}
	if out[len(out)-1] != (mgl64.Vec3{10, 10, 0}) {
		t.Errorf("curve ends at %v", out[len(out)-1])
	}
	// A hostile segment length is bounded.
	if n := len(SmoothCurve([]mgl64.Vec3{{0, 0, 0}, {1e6, 0, 0}}, 1e-9, nil)); n != maxSamplesPerSegment+1 {
		t.Errorf("%d samples for one span, want the cap %d", n, maxSamplesPerSegment+1)
	}
	if n := len(SmoothCurve([]mgl64.Vec3{{0, 0, 0}, {5, 0, 0}}, math.NaN(), nil)); n != 2 {
		t.Errorf("NaN segment length gave %d samples, want 2", n)
	}
}

func TestSmoothCurveReusesOut(t *testing.T) {
	pts := []mgl64.Vec3{{0, 0, 0}, {20, 0, 0}, {35, 15, 1}, {35, 40, 2}}
	out := SmoothCurve(pts, 1, nil)
	if a := testing.AllocsPerRun(100, func() { out = SmoothCurve(pts, 1, out) }); a != 0 {
		t.Errorf("%g allocations per call with a warm out slice", a)
	}
}

func FuzzSmoothCurve(f *testing.F) {
	f.Add(0.0, 0.0, 10.0, 0.0, 10.0, 10.0, 0.0, 10.0, 1.0)
	f.Add(0.0, 0.0, 0.0, 0.0, 1e300, -1e300, 5.0, 5.0, 0.0)
	f.Fuzz(func(t *testing.T, x0, y0, x1, y1, x2, y2, x3, y3, seg float64) {
		pts := []mgl64.Vec3{{x0, y0, 0}, {x1, y1, 0}, {x2, y2, 0}, {x3, y3, 0}}
		out := SmoothCurve(pts, seg, nil)
		if len(out) > 1+len(pts)*maxSamplesPerSegment {
			t.Fatalf("%d samples", len(out))
		}
		if len(out) == 0 {
			t.Fatal("no samples")
		}
	})
}
