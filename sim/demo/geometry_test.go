package demo

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/mm2carla/viewer/scene"
)

// Geometry for the checks, written apart from the simulation's so that a
// mistake in one is not repeated in the other.

// corners returns a ground box's four corners.
func corners(b obb) [4][2]float64 {
	fx, fy := b.c*b.hl, b.s*b.hl  // half length along the heading
	lx, ly := -b.s*b.hw, b.c*b.hw // half width to the left
	return [4][2]float64{{b.x + fx + lx, b.y + fy + ly}, {b.x + fx - lx, b.y + fy - ly},
		{b.x - fx - lx, b.y - fy - ly}, {b.x - fx + lx, b.y - fy + ly}}
}

// boxesOverlap reports whether two boxes share more than a sliver of
// tol metres: no edge normal of either separates their corners by more
// than -tol.
func boxesOverlap(a, b obb, tol float64) bool {
	ca, cb := corners(a), corners(b)
	for _, poly := range [2][4][2]float64{ca, cb} {
		for i := range 4 {
			p, q := poly[i], poly[(i+1)%4]
			nx, ny := q[1]-p[1], p[0]-q[0]
			l := math.Hypot(nx, ny)
			nx, ny = nx/l, ny/l
			loA, hiA := project(ca, nx, ny)
			loB, hiB := project(cb, nx, ny)
			if hiA < loB+tol || hiB < loA+tol {
				return false
			}
		}
	}
	return true
}

func project(c [4][2]float64, nx, ny float64) (lo, hi float64) {
	lo, hi = math.Inf(1), math.Inf(-1)
	for _, p := range c {
		d := p[0]*nx + p[1]*ny
		lo, hi = min(lo, d), max(hi, d)
	}
	return lo, hi
}

// boxGap returns the distance between two boxes' outlines (0 when they
// overlap), from corner-to-edge distances.
func boxGap(a, b obb) float64 {
	if boxesOverlap(a, b, 0) {
		return 0
	}
	ca, cb := corners(a), corners(b)
	d := math.Inf(1)
	for _, pair := range [2][2][4][2]float64{{ca, cb}, {cb, ca}} {
		for _, p := range pair[0] {
			for i := range 4 {
				d = min(d, segDist(p, pair[1][i], pair[1][(i+1)%4]))
			}
		}
	}
	return d
}

func segDist(p, a, b [2]float64) float64 {
	dx, dy := b[0]-a[0], b[1]-a[1]
	t := ((p[0]-a[0])*dx + (p[1]-a[1])*dy) / (dx*dx + dy*dy)
	t = min(max(t, 0), 1)
	return math.Hypot(p[0]-a[0]-t*dx, p[1]-a[1]-t*dy)
}

// polyDist returns the distance from q to a polyline in the ground
// plane, the segment index and the parameter of the nearest point.
func polyDist(pts []mgl64.Vec3, q mgl64.Vec3) (d float64, seg int, t float64) {
	d = math.Inf(1)
	for i := 0; i+1 < len(pts); i++ {
		a, b := pts[i], pts[i+1]
		dx, dy := b[0]-a[0], b[1]-a[1]
		l2 := dx*dx + dy*dy
		if l2 == 0 {
			continue
		}
		u := ((q[0]-a[0])*dx + (q[1]-a[1])*dy) / l2
		uc := min(max(u, 0), 1)
		if e := math.Hypot(q[0]-a[0]-uc*dx, q[1]-a[1]-uc*dy); e < d {
			d, seg, t = e, i, u
		}
	}
	return d, seg, t
}

// onRoad reports whether q lies on road r as the map draws it: between
// the road's two end sections (the lines across its outer sidewalk edges
// at section 0 and section n-1), with its nearest centre-line point
// strictly inside the centre line, no farther from it than the road's
// half width. Points past an end section are in the intersection's area
// (or off the map) and on no road.
func onRoad(r *scene.Road, q mgl64.Vec3) bool {
	c := r.Centre
	if len(c) < 2 {
		return false
	}
	d, seg, t := polyDist(c, q)
	if seg == 0 && t <= 0 || seg == len(c)-2 && t >= 1 || d > r.HalfWidth {
		return false
	}
	a, b := r.SideA.SidewalkOuter, r.SideB.SidewalkOuter
	if len(a) < 2 || len(b) < 2 {
		return true
	}
	mid := c[len(c)/2]
	return sameSide(a[0], b[0], mid, q) && sameSide(a[len(a)-1], b[len(b)-1], mid, q)
}

// sameSide reports whether p and q lie on the same side of the line
// through a and b (q on the line counts as outside).
func sameSide(a, b, p, q mgl64.Vec3) bool {
	cross := func(r mgl64.Vec3) float64 { return (b[0]-a[0])*(r[1]-a[1]) - (b[1]-a[1])*(r[0]-a[0]) }
	return cross(p)*cross(q) > 0
}

// roadBox is a road's bounding rectangle grown by its half width, to
// skip roads quickly.
type roadBox struct{ minX, minY, maxX, maxY float64 }

func boxOfRoad(r *scene.Road) roadBox {
	b := roadBox{math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)}
	for _, p := range r.Centre {
		b.minX, b.maxX = min(b.minX, p[0]), max(b.maxX, p[0])
		b.minY, b.maxY = min(b.minY, p[1]), max(b.maxY, p[1])
	}
	h := r.HalfWidth
	return roadBox{b.minX - h, b.minY - h, b.maxX + h, b.maxY + h}
}

func (b roadBox) has(q mgl64.Vec3) bool {
	return q[0] >= b.minX && q[0] <= b.maxX && q[1] >= b.minY && q[1] <= b.maxY
}
