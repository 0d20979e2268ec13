package lanes

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
)

// The Map queries of BAI. Each looks at the items of one grid cell (or of
// the cells within a radius for LanesNear), so its cost does not grow
// with the map.

// Roads returns the number of roads.
func (b *BAI) Roads() int { return len(b.centres) }

// Intersections returns the number of intersections.
func (b *BAI) Intersections() int { return len(b.areas) }

// RoadID returns the road's id as the file stores it.
func (b *BAI) RoadID(road int) int { return b.m.Roads[road].ID }

// IntersectionID returns the intersection's id as the file stores it.
func (b *BAI) IntersectionID(inter int) int { return b.m.Intersections[inter].ID }

// RoadLength returns the length of the road's centre line on the ground.
func (b *BAI) RoadLength(road int) float64 { return b.centres[road].length }

// Area returns an intersection's area on the ground: a convex polygon,
// counter-clockwise seen from above (read-only). The window draws it.
func (b *BAI) Area(inter int) []mgl64.Vec2 { return b.areas[inter].poly }

// Locate says where p is (see Map).
func (b *BAI) Locate(p mgl64.Vec3) Location {
	road, h, ok := b.roadAt(p)
	if !ok {
		if in, ok := b.intersectionAt(p); ok {
			return Location{Place: InIntersection, Road: -1, Intersection: in}
		}
		return Location{Place: OffMap, Road: -1, Intersection: -1}
	}
	loc := Location{Place: OnRoad, Road: road, Along: b.centres[road].alongAt(h), Intersection: -1}
	if c, lh := b.laneNear(road, h, p); c >= 0 {
		loc.Lane, loc.HasLane = b.hit(c, lh), true
	}
	return loc
}

// laneNear returns the road's lane nearest to p and p's projection on
// it (-1 if the road has none); h is p's projection on the road's centre
// line. Lanes with one point per section (lat) are compared by their
// distance from the centre line beside p, and only the nearest is
// projected on, on its segment beside the same section (or the one
// before or after when p is past that segment's ends); other lanes are
// searched whole.
func (b *BAI) laneNear(road int, h segHit, p mgl64.Vec3) (int, segHit) {
	n := len(b.centres[road].pts)
	best, bestDist := -1, math.Inf(1)
	var bestHit segHit
	for _, c := range b.roadLanes[road] {
		l := &b.lanes[c]
		if l.lat == nil {
			if lh, ok := l.nearest(p); ok && lh.dist < bestDist {
				best, bestDist, bestHit = int(c), lh.dist, lh
			}
			continue
		}
		o := l.lat[h.seg] + (l.lat[h.seg+1]-l.lat[h.seg])*h.t
		if d := math.Abs(h.offset - o); d < bestDist {
			best, bestDist = int(c), d
			bestHit.seg = -1 // to be projected
		}
	}
	if best >= 0 && bestHit.seg < 0 {
		l := &b.lanes[best]
		s := h.seg
		if l.ref.Side == SideA {
			s = n - 2 - h.seg
		}
		bestHit = l.project(s, p)
		switch {
		case bestHit.before && s > 0:
			bestHit = nearer(bestHit, l.project(s-1, p))
		case bestHit.after && s < n-2:
			bestHit = nearer(bestHit, l.project(s+1, p))
		}
	}
	return best, bestHit
}

func nearer(a, b segHit) segHit {
	if b.dist < a.dist {
		return b
	}
	return a
}

// roadCand is the nearest centre segment of one road seen so far.
type roadCand struct {
	road, seg           int32
	dist, offset, along float64
}

// roadAt returns the road whose surface holds p: within the road's half
// width of its centre line, between the lines across its two ends, and
// within verticalReach of it; and p's projection on its centre line.
// Where surfaces overlap (the corners where roads meet) the nearest
// centre line wins; of equally near segments, the first.
func (b *BAI) roadAt(p mgl64.Vec3) (int, segHit, bool) {
	var buf [8]roadCand
	cands := buf[:0]
	for _, s := range b.roadGrid.cell(p) {
		ref := b.roadSegs[s]
		d, o, a := b.centres[ref.curve].proj(int(ref.seg), p[0], p[1])
		cands = keepRoad(cands, roadCand{ref.curve, ref.seg, d, o, a})
	}
	best, bestHit := -1, segHit{dist: math.Inf(1)}
	for _, c := range cands {
		if c.dist >= bestHit.dist {
			continue
		}
		ctr := &b.centres[c.road]
		if h := ctr.hitOf(int(c.seg), c.dist, c.offset, c.along); ctr.holds(h, p) {
			best, bestHit = int(c.road), h
		}
	}
	return best, bestHit, best >= 0
}

// nearestInCell returns p's projection on the nearest of the segments
// listed in road grid cell cell, which are all ctr's.
func (b *BAI) nearestInCell(ctr *centre, cell int, p mgl64.Vec3) (segHit, bool) {
	g := b.roadGrid
	items := g.items[g.start[cell]:g.start[cell+1]]
	if len(items) == 0 {
		return segHit{}, false
	}
	bi := b.roadSegs[items[0]].seg
	bd, bo, ba := ctr.proj(int(bi), p[0], p[1])
	for _, s := range items[1:] {
		i := b.roadSegs[s].seg
		if d, o, a := ctr.proj(int(i), p[0], p[1]); d < bd {
			bi, bd, bo, ba = i, d, o, a
		}
	}
	return ctr.hitOf(int(bi), bd, bo, ba), true
}

// holds reports whether p, projected as h on the centre line, is on the
// road's surface.
func (c *centre) holds(h segHit, p mgl64.Vec3) bool {
	last := len(c.pts) - 2
	return h.dist <= c.half && !(h.seg == 0 && h.before) && !(h.seg == last && h.after) &&
		math.Abs(p[2]-c.height(h)) <= verticalReach
}

func keepRoad(cands []roadCand, c roadCand) []roadCand {
	for i := range cands {
		if cands[i].road == c.road {
			if c.dist < cands[i].dist {
				cands[i] = c
			}
			return cands
		}
	}
	return append(cands, c)
}

// intersectionAt returns the intersection whose area holds p (the first
// in the map's order where areas overlap).
func (b *BAI) intersectionAt(p mgl64.Vec3) (int, bool) {
	for _, i := range b.areaGrid.cell(p) {
		if b.areas[i].holds(p) {
			return int(i), true
		}
	}
	return -1, false
}
