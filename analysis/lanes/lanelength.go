package lanes

import (
	"cmp"
	"math"
	"slices"

	"github.com/go-gl/mathgl/mgl64"
)

// Distances along a lane. A sample's Along is measured on its road's
// reference line (OpenDRIVE's s, a BAI road's centre line), but a car
// drives its lane: where a road bends, an outer lane is longer than the
// reference line and an inner one shorter, by the lane's offset times
// the angle turned. On Town04 road 38's start the rightmost of four
// lanes is 1.8 m longer than the reference line over its last 6.5 m, so
// by ToEnd a 4.8 m car standing with its front 0.5 m before the stop
// line was taken to be past it (analysis/faults TestStopSignCurvedEntry).
// ToEndOnLane measures on the lane, and AlongOnLane gives the same
// measure from the road's start, for the gap between two cars in one
// lane (the close-call rule, analysis/faults TestCloseCallAlongLane).
//
// Over every junction entry of CARLA's eight built-in towns, 0.5 m to
// 6 m before the end on each entering lane, the reference line's measure
// differs from the lane's by up to 2.41 m (Town04 road 37's end, lane 4:
// the reference line longer, so a car that rolled through could pass for
// one that stopped); the lane is longer by up to 1.35 m (Town04 road
// 38's start, lane 5), 1.00 m on Town07, 0.68 m on Town03, 0.66 m on
// Town10HD, 0.50 m on Town06; Town01 and Town02 have no such bends
// (TestLaneToEndTowns logs them). On BAI maps a road's lanes are drawn
// beside its centre line section by section, so the two differ where a
// road bends (citygen's cities by up to 0.46 m at a lane's middle).

// laneProfile is one lane's length as a function of its road's Along:
// at the breakpoint xs[i] (ascending) the length of the lane's centre
// from where it begins at its smallest Along is fs[i], and it is linear
// between breakpoints. A breakpoint listed twice is a step, a piece of
// the lane that advances no Along; the second of the two counts there.
type laneProfile struct {
	ref    LaneRef
	xs, fs []float64
	curves []int32 // the lane's curves, for placing a point on it (laneAlong)
}

// laneStep is the Along span (lo, hi) under which a piece of a lane is
// taken for a step (its whole length at lo), against dividing by nearly
// nothing.
const laneStep = 1e-6

// profileEvent is where a lane segment begins or ends along the road: the
// lane's length grows by slope per metre of Along from there (less when
// the segment ends), or by jump at once.
type profileEvent struct{ x, slope, jump float64 }

// indexProfiles makes each lane's profile, from every curve it is made of
// (an OpenDRIVE lane has one per lane section). It is called once all
// curves are in lanes. The profiles share three arrays, so that a map
// of thousands of lanes costs a few allocations.
func (ix *laneIndex) indexProfiles() {
	nr := len(ix.ends)
	// The curves of each road: order[start[r]:start[r+1]].
	start := make([]int32, nr+1)
	for i := range ix.lanes {
		if r := int(ix.lanes[i].ref.Road); r >= 0 && r < nr {
			start[r+1]++
		}
	}
	for r := range nr {
		start[r+1] += start[r]
	}
	order, next := make([]int32, start[nr]), slices.Clone(start[:nr])
	for i := range ix.lanes {
		if r := int(ix.lanes[i].ref.Road); r >= 0 && r < nr {
			order[next[r]], next[r] = int32(i), next[r]+1
		}
	}
	points := 0
	for i := range ix.lanes {
		points += len(ix.lanes[i].pts)
	}
	type span struct{ x0, x1, c0, c1 int }
	var (
		// Enough for every lane whose pieces abut and have no steps.
		xs, fs = make([]float64, 0, points), make([]float64, 0, points)
		curves = make([]int32, 0, len(ix.lanes))
		all    = make([]laneProfile, 0, len(ix.lanes))
		spans  = make([]span, 0, len(ix.lanes))
		evs    []profileEvent
	)
	roadEnd := make([]int, nr) // all[roadEnd[r-1]:roadEnd[r]] are road r's
	for r := range nr {
		rc := order[start[r]:start[r+1]]
		for k, c := range rc {
			ref := ix.lanes[c].ref
			if slices.ContainsFunc(rc[:k], func(d int32) bool { return ix.lanes[d].ref == ref }) {
				continue // its profile is made
			}
			evs = evs[:0]
			sp := span{x0: len(xs), c0: len(curves)}
			for _, d := range rc[k:] {
				if ix.lanes[d].ref == ref {
					evs, curves = ix.lanes[d].profileEvents(evs), append(curves, d)
				}
			}
			xs, fs = sumEvents(evs, xs, fs)
			sp.x1, sp.c1 = len(xs), len(curves)
			all, spans = append(all, laneProfile{ref: ref}), append(spans, sp)
		}
		roadEnd[r] = len(all)
	}
	for i, sp := range spans {
		p := &all[i]
		p.xs, p.fs, p.curves = xs[sp.x0:sp.x1:sp.x1], fs[sp.x0:sp.x1:sp.x1], curves[sp.c0:sp.c1:sp.c1]
	}
	ix.profiles = make([][]laneProfile, nr)
	from := 0
	for r := range nr {
		ix.profiles[r] = all[from:roadEnd[r]:roadEnd[r]]
		from = roadEnd[r]
	}
}

// profileEvents appends the events of every segment of the curve whose
// Along is a number, in the order of Along when the curve runs against
// it (side A's lanes), so that a lane's events are mostly in order
// already and sumEvents need not sort them.
func (l *laneCurve) profileEvents(evs []profileEvent) []profileEvent {
	n := len(l.segs)
	falling := n > 0 && l.along[n] < l.along[0]
	for i := range n {
		k := i
		if falling {
			k = n - 1 - i
		}
		lo, hi := l.along[k], l.along[k+1]
		if lo > hi {
			lo, hi = hi, lo
		}
		switch length := l.segs[k].l; {
		case !(hi-lo >= 0) || math.IsInf(hi-lo, 0) || math.IsInf(length, 0):
		case hi-lo < laneStep:
			evs = append(evs, profileEvent{x: lo, jump: length})
		default:
			s := length / (hi - lo)
			evs = append(evs, profileEvent{x: lo, slope: s}, profileEvent{x: hi, slope: -s})
		}
	}
	return evs
}

// sumEvents appends to xs and fs the breakpoints of the profile the
// events make (evs is reordered).
func sumEvents(evs []profileEvent, xs, fs []float64) ([]float64, []float64) {
	byX := func(a, b profileEvent) int { return cmp.Compare(a.x, b.x) }
	if !slices.IsSortedFunc(evs, byX) {
		slices.SortFunc(evs, byX)
	}
	first := len(xs)
	slope, f, open := 0.0, 0.0, 0
	for i := 0; i < len(evs); {
		x := evs[i].x
		if n := len(xs); n > first {
			f += slope * (x - xs[n-1])
		}
		xs, fs = append(xs, x), append(fs, f)
		jump := 0.0
		for ; i < len(evs) && evs[i].x == x; i++ {
			e := &evs[i]
			slope, jump = slope+e.slope, jump+e.jump
			switch {
			case e.slope > 0:
				open++
			case e.slope < 0:
				open--
			}
		}
		if open == 0 {
			slope = 0 // no segment spans what follows: no rounding carried over
		}
		if jump > 0 {
			f += jump
			xs, fs = append(xs, x), append(fs, f)
		}
	}
	return xs, fs
}

// at returns the lane's length from its smallest Along up to along,
// which must be within xs[0] and the last breakpoint.
func (p *laneProfile) at(along float64) float64 {
	// the first breakpoint past along (binary search), then back one
	lo, hi := 0, len(p.xs)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if p.xs[m] <= along {
			lo = m + 1
		} else {
			hi = m
		}
	}
	if lo >= len(p.xs) {
		return p.fs[len(p.fs)-1]
	}
	i := max(lo-1, 0)
	x0, x1 := p.xs[i], p.xs[lo]
	if x1 <= x0 {
		return p.fs[lo]
	}
	return p.fs[i] + (p.fs[lo]-p.fs[i])*(along-x0)/(x1-x0)
}

// profile returns lane l's profile; nil when the map has no curve of it.
func (ix *laneIndex) profile(l LaneRef) *laneProfile {
	if int(l.Road) < 0 || int(l.Road) >= len(ix.profiles) {
		return nil
	}
	ps := ix.profiles[l.Road]
	for i := range ps {
		if ps[i].ref == l && len(ps[i].xs) > 0 {
			return &ps[i]
		}
	}
	return nil
}

// laneAlongSlack is how far (m of Along) from a point's Along a lane
// curve may begin or end and still be searched for the point: more than
// a sample's Along strays from its lane's on a bend (laneAlong).
const laneAlongSlack = 2.0

// laneAlong returns the Along of p's projection on the curves of lane pr,
// searching the segments beside along. A sample's Along is its
// projection on the road's centre line segment beside it; on a bend the
// segments of an outer lane are longer than the centre line's, and the
// projection of a point on the lane strays from the lane's own Along by
// up to half the difference (0.4 m on Town04 road 38's start), to and
// fro between the map's points. The lane's Along of the point is where
// its length is to be read. A point beyond the ends of every curve
// keeps along: the lane is not drawn there.
func (ix *laneIndex) laneAlong(pr *laneProfile, along float64, p mgl64.Vec3) float64 {
	best, bestD := along, math.Inf(1)
	for _, c := range pr.curves {
		l := &ix.lanes[c]
		n := len(l.along)
		if n < 2 || along < min(l.along[0], l.along[n-1])-laneAlongSlack || along > max(l.along[0], l.along[n-1])+laneAlongSlack {
			continue
		}
		k := l.segAt(along)
		h := l.nearestIn(p, max(k-2, 0), min(k+2, n-2))
		if beyond := h.seg == 0 && h.before || h.seg == n-2 && h.after; !beyond && h.dist < bestD {
			best, bestD = l.alongAt(h), h.dist
		}
	}
	return best
}

// segAt returns the segment of the curve whose Along span holds along
// (binary search, its Along rising or falling along the curve); the
// first or last segment beyond them.
func (l *laneCurve) segAt(along float64) int {
	n := len(l.along)
	rising := l.along[n-1] >= l.along[0]
	lo, hi := 0, n
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if rising && l.along[m] <= along || !rising && l.along[m] >= along {
			lo = m + 1
		} else {
			hi = m
		}
	}
	return min(max(lo-1, 0), n-2)
}

// laneToEnd is ToEndOnLane on this index.
func (ix *laneIndex) laneToEnd(e RoadEnd, l LaneRef, along float64, p mgl64.Vec3, length float64) float64 {
	pr := ix.profile(l)
	if pr == nil || int(l.Road) != e.Road {
		return refToEnd(e, along, length)
	}
	from := pr.fromStart(ix.laneAlong(pr, along, p))
	if e.AtStart {
		return from
	}
	return pr.xs[0] + pr.fs[len(pr.fs)-1] + (length - pr.xs[len(pr.xs)-1]) - from
}

// alongOnLane is AlongOnLane on this index.
func (ix *laneIndex) alongOnLane(l LaneRef, along float64, p mgl64.Vec3) float64 {
	pr := ix.profile(l)
	if pr == nil {
		return along
	}
	return pr.fromStart(ix.laneAlong(pr, along, p))
}

// fromStart returns how far the point at the lane's Along along is from
// its road's start: on the reference line up to where the lane is first
// drawn, on the lane from there, and on the reference line again beyond
// where it is last drawn (so it is along where the lane is not drawn
// before it, and rises with along everywhere).
func (p *laneProfile) fromStart(along float64) float64 {
	lo, hi := p.xs[0], p.xs[len(p.xs)-1]
	switch {
	case along < lo:
		return along
	case along > hi:
		return lo + p.fs[len(p.fs)-1] + (along - hi)
	}
	return lo + p.at(along)
}

// laneMeasurer is a Map that measures along its lanes: both of this
// package's, through the laneIndex they embed.
type laneMeasurer interface {
	laneToEnd(e RoadEnd, l LaneRef, along float64, p mgl64.Vec3, length float64) float64
	alongOnLane(l LaneRef, along float64, p mgl64.Vec3) float64
}

// ToEndOnLane returns how far a point p in lane l, at along (its road's
// Along, as Locate gives it), is from the road's end e, measured along
// the lane's centre from p's projection on it: the distance a car in
// the lane still drives to the stop line, where ToEnd measures on the
// road's reference line (see the top of lanelength.go). Where the lane is
// not drawn (before its first lane section, or beyond its last) it
// counts the reference line. A lane of another road than e's, or one the
// map has no curve of, is measured as ToEnd does. It projects p on a few
// of the lane's segments found by along (binary search) and allocates
// nothing.
func ToEndOnLane(m Map, e RoadEnd, l LaneRef, along float64, p mgl64.Vec3) float64 {
	if lm, ok := m.(laneMeasurer); ok {
		return lm.laneToEnd(e, l, along, p, m.RoadLength(e.Road))
	}
	return ToEnd(m, e, along)
}

// refToEnd is ToEnd with the road's length given.
func refToEnd(e RoadEnd, along, length float64) float64 {
	if e.AtStart {
		return along
	}
	return length - along
}

// AlongOnLane returns how far a point p in lane l, at along (its road's
// Along, as Locate gives it), is from its road's start, measured along
// the lane's centre up to p's projection on it: for two cars in one lane
// the difference of theirs is the distance the one behind drives to
// where the other is, where the difference of their Along is the
// reference line's (see the top of lanelength.go; on Town05 road 24's
// bend the outer lane is 1.31 times the reference line's length, the
// inner 0.69). Where the lane is not drawn it counts the reference line,
// so it rises with along on the whole road. A map that does not measure
// its lanes, or has no curve of l, gives along. Like ToEndOnLane it
// allocates nothing.
func AlongOnLane(m Map, l LaneRef, along float64, p mgl64.Vec3) float64 {
	if lm, ok := m.(laneMeasurer); ok {
		return lm.alongOnLane(l, along, p)
	}
	return along
}
