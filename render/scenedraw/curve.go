package scenedraw

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/mm2carla/viewer/render"
)

// Curves are smoothed once per map and kept at a few levels of detail, so
// that a frame only picks a level and projects: nothing is resampled per
// frame.

// sampleStep is the longest chord of the smoothed curves, in metres.
const sampleStep = 1.0

// lodTolerance is each level's simplification tolerance in metres: level
// 0 keeps the smoothed shape within 2 cm, the last one keeps a city's
// outline at a glance.
var lodTolerance = [...]float64{0.02, 0.12, 0.6, 3}

const numLOD = len(lodTolerance)

// lodMaxError is how far, in device pixels, a drawn curve may stray from
// the smooth one: the level used is the coarsest whose tolerance projects
// to at most this.
const lodMaxError = 0.35

// curve is a smoothed polyline with its levels of detail. lod[0] is the
// finest; a level that simplifies nothing more shares the previous one's
// storage.
type curve struct {
	lod [numLOD][]mgl64.Vec3
}

// curveBuilder smooths and simplifies curves, reusing its scratch
// buffers from one curve to the next while a map is cached.
type curveBuilder struct {
	fine  []mgl64.Vec3
	keep  []bool
	stack []span
}

type span struct{ a, b int }

// curve smooths pts (a centripetal Catmull–Rom spline through every
// point, so that sections 20 m apart still give round bends) and derives
// the levels of detail.
func (cb *curveBuilder) curve(pts []mgl64.Vec3) curve {
	var c curve
	if len(pts) == 0 {
		return c
	}
	cb.fine = render.SmoothCurve(pts, sampleStep, cb.fine)
	prev := cb.fine
	for i, tol := range lodTolerance {
		s := cb.simplify(prev, tol)
		if len(s) == len(prev) && i > 0 {
			s = prev
		}
		c.lod[i], prev = s, s
	}
	return c
}

// at returns the points of level l (clamped to the levels that exist).
func (c *curve) at(l int) []mgl64.Vec3 { return c.lod[min(max(l, 0), numLOD-1)] }

// fine returns the most detailed level.
func (c *curve) fine() []mgl64.Vec3 { return c.lod[0] }

// empty reports whether the curve has fewer than two points.
func (c *curve) empty() bool { return len(c.lod[0]) < 2 }

// levelFor picks the level of detail for something seen at ppm device
// pixels per metre.
func levelFor(ppm float64) int {
	l := 0
	for i, tol := range lodTolerance {
		if tol*ppm <= lodMaxError {
			l = i
		}
	}
	return l
}

// simplify returns the Douglas–Peucker simplification of pts: every
// dropped point lies within tol metres of the kept polyline. The ends are
// always kept. The result is a new slice of exactly its length.
func (cb *curveBuilder) simplify(pts []mgl64.Vec3, tol float64) []mgl64.Vec3 {
	if len(pts) <= 2 {
		return append([]mgl64.Vec3(nil), pts...)
	}
	cb.keep = append(cb.keep[:0], make([]bool, len(pts))...)
	keep := cb.keep
	keep[0], keep[len(pts)-1] = true, true
	n := 2
	cb.stack = append(cb.stack[:0], span{0, len(pts) - 1})
	for len(cb.stack) > 0 {
		s := cb.stack[len(cb.stack)-1]
		cb.stack = cb.stack[:len(cb.stack)-1]
		worst, at := -1.0, -1
		for i := s.a + 1; i < s.b; i++ {
			if d := segDist(&pts[i], &pts[s.a], &pts[s.b]); d > worst {
				worst, at = d, i
			}
		}
		if at >= 0 && worst > tol {
			keep[at] = true
			n++
			cb.stack = append(cb.stack, span{s.a, at}, span{at, s.b})
		}
	}
	out := make([]mgl64.Vec3, 0, n)
	for i, k := range keep {
		if k {
			out = append(out, pts[i])
		}
	}
	return out
}

// segDist is the distance from p to the segment a–b. It is the inner loop
// of every map load, so it reads the points through pointers into
// scalars: chained mgl64 methods pass [3]float64 arrays by value through
// memory, which made loading a London-sized map four times slower. The
// arithmetic is that of |p - (a + (b-a)t)|, in the same order.
func segDist(p, a, b *mgl64.Vec3) float64 {
	abx, aby, abz := b[0]-a[0], b[1]-a[1], b[2]-a[2]
	pax, pay, paz := p[0]-a[0], p[1]-a[1], p[2]-a[2]
	l2 := abx*abx + aby*aby + abz*abz
	if l2 == 0 {
		return math.Sqrt(pax*pax + pay*pay + paz*paz)
	}
	t := min(max((pax*abx+pay*aby+paz*abz)/l2, 0), 1)
	dx, dy, dz := p[0]-(a[0]+abx*t), p[1]-(a[1]+aby*t), p[2]-(a[2]+abz*t)
	return math.Sqrt(dx*dx + dy*dy + dz*dz)
}

// segDistXY is segDist on the ground plane (Z ignored), and the parameter
// of the nearest point.
func segDistXY(px, py float64, a, b mgl64.Vec3) (float64, float64) {
	abx, aby := b[0]-a[0], b[1]-a[1]
	l2 := abx*abx + aby*aby
	t := 0.0
	if l2 > 0 {
		t = min(max(((px-a[0])*abx+(py-a[1])*aby)/l2, 0), 1)
	}
	return math.Hypot(px-(a[0]+abx*t), py-(a[1]+aby*t)), t
}

// polyDistXY is the ground distance from (px, py) to the polyline pts.
func polyDistXY(px, py float64, pts []mgl64.Vec3) float64 {
	best := math.Inf(1)
	for i := 0; i+1 < len(pts); i++ {
		d, _ := segDistXY(px, py, pts[i], pts[i+1])
		best = min(best, d)
	}
	if len(pts) == 1 {
		best = math.Hypot(px-pts[0][0], py-pts[0][1])
	}
	return best
}

// extend grows b by every point of pts.
func extend(b render.AABB, pts []mgl64.Vec3) render.AABB {
	for _, p := range pts {
		b = b.Extend(p)
	}
	return b
}

// pad grows b by m metres in every direction.
func pad(b render.AABB, m float64) render.AABB {
	b.Min = b.Min.Sub(mgl64.Vec3{m, m, m})
	b.Max = b.Max.Add(mgl64.Vec3{m, m, m})
	return b
}
