package lanes

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

func TestConvexHull(t *testing.T) {
	for _, tt := range []struct {
		name string
		in   []mgl64.Vec2
		area float64
		n    int
	}{
		{"square with inner and edge points", []mgl64.Vec2{{0, 0}, {2, 0}, {2, 2}, {0, 2}, {1, 1}, {1, 0}, {0, 0}}, 4, 4},
		{"triangle", []mgl64.Vec2{{0, 0}, {4, 0}, {0, 3}}, 6, 3},
		{"collinear", []mgl64.Vec2{{0, 0}, {1, 1}, {2, 2}}, 0, 2},
		{"one point twice", []mgl64.Vec2{{1, 1}, {1, 1}}, 0, 1},
	} {
		h := convexHull(append([]mgl64.Vec2(nil), tt.in...))
		if len(h) != tt.n {
			t.Errorf("%s: hull %v", tt.name, h)
			continue
		}
		if len(h) >= 3 && math.Abs(area(h)-tt.area) > 1e-12 {
			t.Errorf("%s: area %g, want %g (counter-clockwise is positive)", tt.name, area(h), tt.area)
		}
	}
}

func TestInConvexSlack(t *testing.T) {
	sq := []mgl64.Vec2{{0, 0}, {2, 0}, {2, 2}, {0, 2}}
	for _, tt := range []struct {
		p    mgl64.Vec2
		want bool
	}{
		{mgl64.Vec2{1, 1}, true},
		{mgl64.Vec2{2, 1}, true},     // on an edge
		{mgl64.Vec2{2.09, 1}, true},  // within the slack
		{mgl64.Vec2{2.11, 1}, false}, // beyond it
		{mgl64.Vec2{-0.2, -0.2}, false},
	} {
		if got := inConvex(sq, edgeLimits(sq, 0.1), tt.p); got != tt.want {
			t.Errorf("%v: %v", tt.p, got)
		}
	}
	if inConvex(sq[:2], edgeLimits(sq[:2], 1), mgl64.Vec2{1, 0}) {
		t.Error("a segment holds a point")
	}
}

func TestProject(t *testing.T) {
	pl := polyline{pts: []mgl64.Vec3{{0, 0, 0}, {10, 0, 2}, {10, 0, 2}, {10, 10, 2}}}
	pl.prepare()
	for _, tt := range []struct {
		seg             int
		p               mgl64.Vec3
		t, dist, offset float64
		before, after   bool
	}{
		{0, mgl64.Vec3{5, 3, 9}, 0.5, 3, 3, false, false},   // left of +X, height ignored
		{0, mgl64.Vec3{5, -2, 0}, 0.5, 2, -2, false, false}, // right
		{0, mgl64.Vec3{-3, 4, 0}, 0, 5, 4, true, false},     // before the start
		{0, mgl64.Vec3{13, -4, 0}, 1, 5, -4, false, true},   // past the end
		{1, mgl64.Vec3{13, 4, 0}, 0, 5, 4, false, false},    // a segment of no length
		{2, mgl64.Vec3{11, 5, 0}, 0.5, 1, -1, false, false}, // along +Y, +X is right
	} {
		h := pl.project(tt.seg, tt.p)
		if math.Abs(h.t-tt.t) > 1e-12 || math.Abs(h.dist-tt.dist) > 1e-12 || math.Abs(h.offset-tt.offset) > 1e-12 ||
			h.before != tt.before || h.after != tt.after {
			t.Errorf("segment %d, %v: %+v", tt.seg, tt.p, h)
		}
	}
	if p := pl.point(segHit{seg: 0, t: 0.5}); p != (mgl64.Vec3{5, 0, 1}) {
		t.Errorf("point %v", p)
	}
	if h, _ := pl.nearest(mgl64.Vec3{11, 9, 0}); h.seg != 2 || math.Abs(h.dist-1) > 1e-12 {
		t.Errorf("nearest %+v", h)
	}
}
