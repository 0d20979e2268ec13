package demo

import (
	"math"
	"sort"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/mm2carla/viewer/scene"
)

// path is a polyline in world coordinates (metres, Z up) that an actor's
// centre follows exactly: positions are interpolated linearly between the
// vertices, so a vehicle on a lane is always on the map's lane curve. Only
// the heading is smoothed (between per-vertex tangents) so that bodies do
// not snap round at every vertex of a bending road.
type path struct {
	pts []mgl64.Vec3
	cum []float64 // cumulative length; cum[0] = 0
	tan []float64 // per-vertex heading, radians counter-clockwise from +X
}

// minStep is the shortest segment kept: repeated points carry no direction.
const minStep = 1e-3

// newPath builds a path from points, dropping repeated and non-finite ones.
// It may return a path with fewer than two points (length 0). The heading
// at each vertex is the mean of its two segments' directions (one
// segment's at the ends).
func newPath(pts []mgl64.Vec3) path {
	return newCurve(pts, nil)
}

// newCurve is newPath for points sampled from a curve whose direction at
// each point is known (dirs, parallel to pts): the headings are those
// directions, so a vehicle's heading is the curve's own, also at the
// ends, where it meets the lanes the curve joins.
func newCurve(pts, dirs []mgl64.Vec3) path {
	var p path
	for i, q := range pts {
		if !sane(q) {
			continue
		}
		if n := len(p.pts); n > 0 && q.Sub(p.pts[n-1]).Len() < minStep {
			continue
		}
		p.pts = append(p.pts, q)
		if dirs != nil {
			p.tan = append(p.tan, math.Atan2(dirs[i][1], dirs[i][0]))
		}
	}
	p.cum = make([]float64, len(p.pts))
	for i := 1; i < len(p.pts); i++ {
		p.cum[i] = p.cum[i-1] + p.pts[i].Sub(p.pts[i-1]).Len()
	}
	if dirs != nil {
		return p
	}
	p.tan = make([]float64, len(p.pts))
	for i := range p.pts {
		a, b := max(i-1, 0), min(i+1, len(p.pts)-1)
		var d mgl64.Vec3
		if a < i {
			d = d.Add(unit(p.pts[i].Sub(p.pts[a])))
		}
		if b > i {
			d = d.Add(unit(p.pts[b].Sub(p.pts[i])))
		}
		p.tan[i] = math.Atan2(d[1], d[0])
	}
	return p
}

// length is the path's length in metres.
func (p *path) length() float64 {
	if len(p.cum) == 0 {
		return 0
	}
	return p.cum[len(p.cum)-1]
}

// ok reports whether the path can carry an actor.
func (p *path) ok() bool { return len(p.pts) >= 2 }

// seg returns the index i of the segment [i, i+1] holding distance s.
func (p *path) seg(s float64) int {
	i := sort.SearchFloat64s(p.cum, s) - 1
	return min(max(i, 0), len(p.pts)-2)
}

// at returns the point at distance s (clamped to the path) and the
// smoothed heading there.
func (p *path) at(s float64) (mgl64.Vec3, float64) {
	if len(p.pts) == 1 {
		return p.pts[0], 0
	}
	i := p.seg(s)
	l := p.cum[i+1] - p.cum[i]
	f := min(max((s-p.cum[i])/l, 0), 1)
	pos := scene.Lerp(p.pts[i], p.pts[i+1], f)
	h := p.tan[i] + wrapRad(p.tan[i+1]-p.tan[i])*f
	return pos, h
}

// pitchAt returns the slope angle (radians, nose up positive) of the
// segment holding s.
func (p *path) pitchAt(s float64) float64 {
	if len(p.pts) < 2 {
		return 0
	}
	i := p.seg(s)
	d := p.pts[i+1].Sub(p.pts[i])
	return math.Atan2(d[2], math.Hypot(d[0], d[1]))
}

// minRadius returns the tightest turning radius along the path (+Inf for
// a straight one).
func (p *path) minRadius() float64 {
	r := math.Inf(1)
	for i := 0; i+1 < len(p.pts); i++ {
		l := p.cum[i+1] - p.cum[i]
		if k := math.Abs(wrapRad(p.tan[i+1]-p.tan[i])) / l; k > 0 {
			r = min(r, 1/k)
		}
	}
	return r
}

// bends returns, per segment, the highest speed at its start from which
// a vehicle can slow down (at decel) to take every bend from there on
// with no more than latAcc sideways: the speed for a segment's own bend
// (never below floor), or less where a sharper one follows soon. A
// vehicle on a lane keeps to bendLimit, so it slows before a bend the way
// it slows before a turn at an intersection.
func (p *path) bends(latAcc, decel, floor float64) []float64 {
	n := len(p.pts) - 1
	if n < 1 {
		return nil
	}
	out := make([]float64, n)
	next := math.Inf(1)
	for i := n - 1; i >= 0; i-- {
		l := p.cum[i+1] - p.cum[i]
		own := math.Inf(1)
		if k := math.Abs(wrapRad(p.tan[i+1]-p.tan[i])) / l; k > 0 {
			own = max(math.Sqrt(latAcc/k), floor)
		}
		out[i] = min(own, math.Sqrt(next*next+2*decel*l))
		next = out[i]
	}
	return out
}

// bendLimit returns the speed a vehicle at s may drive, given the bends
// from bends with the same decel.
func (p *path) bendLimit(bends []float64, s, decel float64) float64 {
	if len(bends) == 0 {
		return math.Inf(1)
	}
	i := p.seg(s)
	lim := bends[i] // covers this segment's own bend
	if i+1 < len(bends) {
		ahead := bends[i+1]
		lim = min(lim, math.Sqrt(ahead*ahead+2*decel*max(p.cum[i+1]-s, 0)))
	}
	return lim
}

// heading returns the direction of the path at its start (end false) or
// its end (end true) as a unit vector in the ground plane.
func (p *path) heading(end bool) mgl64.Vec3 {
	if len(p.pts) < 2 {
		return mgl64.Vec3{1, 0, 0}
	}
	i := 0
	if end {
		i = len(p.pts) - 1
	}
	return mgl64.Vec3{math.Cos(p.tan[i]), math.Sin(p.tan[i]), 0}
}

// first and last are the path's end points.
func (p *path) first() mgl64.Vec3 { return p.pts[0] }
func (p *path) last() mgl64.Vec3  { return p.pts[len(p.pts)-1] }

// bezier samples the cubic Bezier p0, p1, p2, p3 at n+1 evenly spaced
// parameters: the points and the curve's direction at each.
func bezier(p0, p1, p2, p3 mgl64.Vec3, n int) (pts, dirs []mgl64.Vec3) {
	pts, dirs = make([]mgl64.Vec3, n+1), make([]mgl64.Vec3, n+1)
	for i := range pts {
		t := float64(i) / float64(n)
		u := 1 - t
		pts[i] = p0.Mul(u * u * u).Add(p1.Mul(3 * u * u * t)).Add(p2.Mul(3 * u * t * t)).Add(p3.Mul(t * t * t))
		dirs[i] = p1.Sub(p0).Mul(u * u).Add(p2.Sub(p1).Mul(2 * u * t)).Add(p3.Sub(p2).Mul(t * t))
	}
	return pts, dirs
}

// dirAt returns the unit direction (pitch included) of the segment
// holding s: the way a vehicle there is moving.
func (p *path) dirAt(s float64) mgl64.Vec3 {
	if len(p.pts) < 2 {
		return mgl64.Vec3{1, 0, 0}
	}
	i := p.seg(s)
	return unit(p.pts[i+1].Sub(p.pts[i]))
}

// unit returns v scaled to length 1 (v itself if it is too short).
func unit(v mgl64.Vec3) mgl64.Vec3 {
	l := v.Len()
	if l < 1e-12 {
		return v
	}
	return v.Mul(1 / l)
}

// flat returns v with its Z dropped.
func flat(v mgl64.Vec3) mgl64.Vec3 { return mgl64.Vec3{v[0], v[1], 0} }

// rightOf returns the right-hand side of a ground direction (forward x up).
func rightOf(d mgl64.Vec3) mgl64.Vec3 { return unit(mgl64.Vec3{d[1], -d[0], 0}) }

// wrapRad maps an angle to [-pi, pi).
func wrapRad(a float64) float64 {
	if a >= -math.Pi && a < math.Pi {
		return a
	}
	a = math.Mod(a+math.Pi, 2*math.Pi)
	if a < 0 {
		a += 2 * math.Pi
	}
	return a - math.Pi
}

func finite(x float64) bool { return !math.IsNaN(x) && !math.IsInf(x, 0) }

// maxCoord bounds the coordinates the simulation accepts (1000 km): points
// beyond it, or not finite, come only from broken maps and are dropped.
const maxCoord = 1e6

func sane(v mgl64.Vec3) bool {
	return math.Abs(v[0]) < maxCoord && math.Abs(v[1]) < maxCoord && math.Abs(v[2]) < maxCoord
}
