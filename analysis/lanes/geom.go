package lanes

import (
	"cmp"
	"math"
	"slices"

	"github.com/go-gl/mathgl/mgl64"
)

// Geometry on the ground: every distance and direction here ignores Z,
// because a vehicle's origin and a map's curve need not be at the same
// height (CARLA puts an actor's origin under its box, maps store the road
// surface) and what matters for a lane is where on the ground one is.

// polyline is a curve with a value measured along something else (a
// road's Along) at each vertex, and its segments ready for projecting.
type polyline struct {
	pts   []mgl64.Vec3
	along []float64 // Along of each vertex
	segs  []seg
}

// seg is one segment of a polyline on the ground: its start, unit
// direction and length. Projecting on it then takes no division and one
// square root at most.
type seg struct {
	ax, ay, ux, uy, l float64
	deg               float64 // the direction, degrees counter-clockwise from +X
}

// prepare computes the segments of pl's points.
func (pl *polyline) prepare() {
	pl.segs = make([]seg, max(len(pl.pts)-1, 0))
	for i := range pl.segs {
		a, b := pl.pts[i], pl.pts[i+1]
		dx, dy := b[0]-a[0], b[1]-a[1]
		l := math.Sqrt(dx*dx + dy*dy)
		s := seg{ax: a[0], ay: a[1], ux: 1, l: l}
		if l > 0 {
			s.ux, s.uy = dx/l, dy/l
			s.deg = math.Atan2(s.uy, s.ux) * 180 / math.Pi
		}
		pl.segs[i] = s
	}
}

// segHit is a point's projection on one segment of a polyline.
type segHit struct {
	seg    int
	t      float64 // 0..1 along the segment (clamped)
	before bool    // the point lies before the segment's start (t < 0 unclamped)
	after  bool    // ... or past its end
	dist   float64 // ground distance to the projection
	offset float64 // signed distance from the segment's line, + to the left
}

// proj projects (x, y) on segment i of pl: the ground distance to the
// segment, the signed distance from its line (+ to the left) and how far
// along the segment from its start (not clamped). The searches compare
// distances with it and make a segHit of the winner only: returning the
// whole segHit from every projection made them five times slower.
func (pl *polyline) proj(i int, x, y float64) (dist, offset, along float64) {
	s := &pl.segs[i]
	dx, dy := x-s.ax, y-s.ay
	along = dx*s.ux + dy*s.uy
	offset = s.ux*dy - s.uy*dx
	switch {
	case along < 0 || s.l == 0:
		return math.Sqrt(dx*dx + dy*dy), offset, along
	case along > s.l:
		ex, ey := dx-s.ux*s.l, dy-s.uy*s.l
		return math.Sqrt(ex*ex + ey*ey), offset, along
	}
	return math.Abs(offset), offset, along
}

// hitOf makes the segHit of a projection proj made on segment i.
func (pl *polyline) hitOf(i int, dist, offset, along float64) segHit {
	h := segHit{seg: i, dist: dist, offset: offset, before: along < 0}
	if l := pl.segs[i].l; l > 0 {
		h.t, h.after = min(max(along/l, 0), 1), along > l
	}
	return h
}

// project projects p onto segment i of pl on the ground.
func (pl *polyline) project(i int, p mgl64.Vec3) segHit {
	d, o, a := pl.proj(i, p[0], p[1])
	return pl.hitOf(i, d, o, a)
}

// point returns the point of a projection (Z interpolated).
func (pl *polyline) point(h segHit) mgl64.Vec3 {
	a, b := &pl.pts[h.seg], &pl.pts[h.seg+1]
	t := h.t
	return mgl64.Vec3{a[0] + (b[0]-a[0])*t, a[1] + (b[1]-a[1])*t, a[2] + (b[2]-a[2])*t}
}

// height returns the Z of a projection's point.
func (pl *polyline) height(h segHit) float64 {
	a, b := pl.pts[h.seg][2], pl.pts[h.seg+1][2]
	return a + (b-a)*h.t
}

// dir returns the unit ground direction of segment i ((1,0,0) if it has
// no length).
func (pl *polyline) dir(i int) mgl64.Vec3 {
	s := &pl.segs[i]
	return mgl64.Vec3{s.ux, s.uy, 0}
}

// alongAt returns the Along of a projection, interpolated.
func (pl *polyline) alongAt(h segHit) float64 {
	a, b := pl.along[h.seg], pl.along[h.seg+1]
	return a + (b-a)*h.t
}

// nearest returns the projection of p on the nearest segment of pl;
// false when pl has no segment.
func (pl *polyline) nearest(p mgl64.Vec3) (segHit, bool) {
	if len(pl.pts) < 2 {
		return segHit{dist: math.Inf(1)}, false
	}
	return pl.nearestIn(p, 0, len(pl.pts)-2), true
}

// nearestIn returns the projection of p on the nearest of segments
// first..last (first <= last, both valid).
func (pl *polyline) nearestIn(p mgl64.Vec3, first, last int) segHit {
	bi := first
	bd, bo, ba := pl.proj(first, p[0], p[1])
	for i := first + 1; i <= last; i++ {
		if d, o, a := pl.proj(i, p[0], p[1]); d < bd {
			bi, bd, bo, ba = i, d, o, a
		}
	}
	return pl.hitOf(bi, bd, bo, ba)
}

// convexHull returns the convex hull of pts on the ground, counter-
// clockwise seen from above, without collinear points (Andrew's monotone
// chain). pts is reordered.
func convexHull(pts []mgl64.Vec2) []mgl64.Vec2 {
	slices.SortFunc(pts, func(a, b mgl64.Vec2) int {
		if a[0] != b[0] {
			return cmp.Compare(a[0], b[0])
		}
		return cmp.Compare(a[1], b[1])
	})
	pts = slices.Compact(pts)
	if len(pts) < 3 {
		return pts
	}
	hull := make([]mgl64.Vec2, 0, 2*len(pts))
	for pass := 0; pass < 2; pass++ {
		start := len(hull)
		for _, p := range pts {
			for len(hull) >= start+2 && cross2(hull[len(hull)-2], hull[len(hull)-1], p) <= 0 {
				hull = hull[:len(hull)-1]
			}
			hull = append(hull, p)
		}
		hull = hull[:len(hull)-1] // the last point starts the other chain
		slices.Reverse(pts)
	}
	return hull
}

// cross2 is the z of (b-a) x (c-a): > 0 when a, b, c turn left.
func cross2(a, b, c mgl64.Vec2) float64 {
	return (b[0]-a[0])*(c[1]-a[1]) - (b[1]-a[1])*(c[0]-a[0])
}

// edgeLimits returns, for each edge of a convex polygon, how far outside
// it (as cross2 measures, in metres times the edge's length) a point may
// lie and still be within slack metres of it. inConvex compares with
// them: a square root an edge at every vehicle sample in an intersection
// was half the cost of finding its intersection.
func edgeLimits(poly []mgl64.Vec2, slack float64) []float64 {
	lim := make([]float64, len(poly))
	for i := range poly {
		a, b := poly[i], poly[(i+1)%len(poly)]
		lim[i] = -slack * b.Sub(a).Len()
	}
	return lim
}

// inConvex reports whether p is inside the convex polygon poly
// (counter-clockwise) or within the slack of one of its edges that lim
// (edgeLimits) was made for.
func inConvex(poly []mgl64.Vec2, lim []float64, p mgl64.Vec2) bool {
	if len(poly) < 3 {
		return false
	}
	for i := range poly {
		if cross2(poly[i], poly[(i+1)%len(poly)], p) < lim[i] {
			return false
		}
	}
	return true
}

// area returns the area of a polygon (positive when counter-clockwise).
func area(poly []mgl64.Vec2) float64 {
	s := 0.0
	for i := range poly {
		a, b := poly[i], poly[(i+1)%len(poly)]
		s += a[0]*b[1] - b[0]*a[1]
	}
	return s / 2
}
