package lanes

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
)

// The Map queries of OpenDRIVE, each looking at one grid cell (or the
// cells within a radius for LanesNear), as BAI's do.

// Roads returns the number of roads, connecting roads included.
func (o *OpenDRIVE) Roads() int { return len(o.net.Roads) }

// Intersections returns the number of junctions.
func (o *OpenDRIVE) Intersections() int { return len(o.areas) }

// RoadID returns the road's id in the file (its index when the id is not
// a number).
func (o *OpenDRIVE) RoadID(road int) int { return o.roadIDs[road] }

// IntersectionID returns the junction's id in the file (its index when
// the id is not a number).
func (o *OpenDRIVE) IntersectionID(inter int) int { return o.interIDs[inter] }

// RoadLength returns the length of the road's reference line.
func (o *OpenDRIVE) RoadLength(road int) float64 { return o.net.Roads[road].Length }

// Area returns a junction's area on the ground: a convex polygon,
// counter-clockwise seen from above, or nil when its connecting roads
// make none (read-only).
func (o *OpenDRIVE) Area(inter int) []mgl64.Vec2 { return o.areas[inter].poly }

// Locate says where p is (see Map).
func (o *OpenDRIVE) Locate(p mgl64.Vec3) Location {
	qi, along, ok := o.surfaceAt(p)
	if !ok {
		if in, ok := o.intersectionAt(p); ok {
			return Location{Place: InIntersection, Road: -1, Intersection: in}
		}
		return Location{Place: OffMap, Road: -1, Intersection: -1}
	}
	q := &o.quads[qi]
	if len(o.groups[q.group]) == 0 || o.loose[q.road] {
		// A road with no driving lanes here (Town03's car park mouths),
		// or one that touches a junction without being joined to it,
		// whose surface a junction's ways cross: the car is in the
		// junction, not off a lane.
		if in, ok := o.intersectionAt(p); ok {
			return Location{Place: InIntersection, Road: -1, Intersection: in}
		}
	}
	loc := Location{Place: OnRoad, Road: int(q.road), Along: along, Intersection: -1}
	if c, h := o.laneNear(q, p); c >= 0 {
		loc.Lane, loc.HasLane = o.hit(c, h), true
	}
	if !loc.HasLane || loc.Lane.Dist > TypeReach {
		loc.Type = o.typeAt(q, p)
	}
	return loc
}

// typeAt returns the type of the lane of q's section that holds p.
// The network lists a section's lanes on each side from the centre
// outward, so it is the first lane on p's side of the centre line whose
// outer border, between q's two samples, p is inside of; past the
// outermost border (within edgeSlack of the road's edge) the outermost
// lane. A lane of no width holds nothing: p inside its outer border was
// inside the lane before it.
func (o *OpenDRIVE) typeAt(q *quad, p mgl64.Vec3) LaneType {
	sec := o.sections[q.group]
	s, p2 := int(q.seg), p.Vec2()
	left := cross2(q.c0.Vec2(), q.c1.Vec2(), p2) > 0 // the side of lanes with ids > 0
	t := Driving
	for i := sec[0]; i < sec[1]; i++ {
		l := &o.net.Lanes[i]
		if l.ID > 0 != left || s+1 >= len(l.Outer) {
			continue
		}
		t = laneTypeOf(l.Type)
		if c := cross2(l.Outer[s].Vec2(), l.Outer[s+1].Vec2(), p2); left && c <= 0 || !left && c >= 0 {
			break
		}
	}
	return t
}

// surfaceAt returns the quad of road surface holding p, and p's s on
// its road. Where quads overlap (roads meeting without a junction, the
// inside of tight bends) the one whose centre segment is nearest wins.
func (o *OpenDRIVE) surfaceAt(p mgl64.Vec3) (int, float64, bool) {
	best, bestD, bestAlong := -1, math.Inf(1), 0.0
	q2 := p.Vec2()
	for _, i := range o.quadGrid.cell(p) {
		q := &o.quads[i]
		if !inQuad(q.poly, q2) {
			continue
		}
		d, t := segDist(q.c0.Vec2(), q.c1.Vec2(), q2)
		if z := q.c0[2] + (q.c1[2]-q.c0[2])*t; math.Abs(p[2]-z) > verticalReach || d >= bestD {
			continue
		}
		best, bestD, bestAlong = int(i), d, q.s0+(q.s1-q.s0)*t
	}
	return best, bestAlong, best >= 0
}

// inQuad reports whether p is inside the quad (either winding) or within
// edgeSlack of it. The quads of a road are convex but for the inside of
// a bend tighter than the road is wide, where the test errs toward in.
func inQuad(poly [4]mgl64.Vec2, p mgl64.Vec2) bool {
	sign := 0.0
	for i := range poly {
		a, b := poly[i], poly[(i+1)%4]
		l := b.Sub(a).Len()
		if l == 0 {
			continue
		}
		c := cross2(a, b, p) / l
		switch {
		case c > edgeSlack:
			if sign < 0 {
				return false
			}
			sign = 1
		case c < -edgeSlack:
			if sign > 0 {
				return false
			}
			sign = -1
		}
	}
	return true
}

// segDist returns the distance from p to segment ab and where along it
// (0..1) the nearest point is.
func segDist(a, b, p mgl64.Vec2) (float64, float64) {
	d := b.Sub(a)
	l2 := d.Dot(d)
	t := 0.0
	if l2 > 0 {
		t = min(max(p.Sub(a).Dot(d)/l2, 0), 1)
	}
	return p.Sub(a.Add(d.Mul(t))).Len(), t
}

// laneNear returns the driving lane of q's section nearest to p and p's
// projection on it (-1 when the section has none). Lanes share their
// section's samples, so only the segment beside q (and its neighbours,
// when p is past its ends) is projected on.
func (o *OpenDRIVE) laneNear(q *quad, p mgl64.Vec3) (int, segHit) {
	best := -1
	bestHit := segHit{dist: math.Inf(1)}
	for _, c := range o.groups[q.group] {
		l := &o.lanes[c]
		n := len(l.pts)
		s := int(q.seg)
		if l.ref.Side == SideA {
			s = n - 2 - s
		}
		if s < 0 || s > n-2 {
			continue
		}
		h := l.nearestIn(p, max(s-1, 0), min(s+1, n-2))
		if h.dist < bestHit.dist {
			best, bestHit = int(c), h
		}
	}
	return best, bestHit
}

// intersectionAt returns the junction whose area holds p (the first in
// the file's order where areas overlap).
func (o *OpenDRIVE) intersectionAt(p mgl64.Vec3) (int, bool) {
	for _, i := range o.areaGrid.cell(p) {
		if o.areas[i].holds(p) {
			return int(i), true
		}
	}
	return -1, false
}
