package lanes

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
)

// Follower is a Map that follows a moving point cheaply: LocateFrom
// answers as Locate does, starting from where the last answer for the
// same Cursor was. A vehicle moves a few centimetres a frame, so most
// answers need only the road segment it was beside.
type Follower interface {
	Map
	LocateFrom(c *Cursor, p mgl64.Vec3) Location
}

// Cursor is a Follower's memory of one moving point. The zero Cursor
// knows nothing; a Cursor belongs to one goroutine.
type Cursor struct {
	valid bool
	road  int32 // -1: not on a road
	seg   int32
	inter int32 // -1: not in an intersection
}

// LocateFrom is Locate for a point that was near c's last answer.
//
// It gives Locate's answer: it takes the short way only where that
// answer cannot differ, when the road grid cell of p lists segments of
// the cursor's road alone (then no other road can hold p), or none at
// all and the intersection grid cell lists only the cursor's
// intersection. The one exception is a road that bends back on itself
// within its own width, where the nearest segment is found by walking
// from the last one rather than among all.
func (b *BAI) LocateFrom(c *Cursor, p mgl64.Vec3) Location {
	if c.valid {
		if loc, ok := b.follow(c, p); ok {
			return loc
		}
	}
	loc, seg := b.locate(p)
	*c = Cursor{valid: true, road: int32(loc.Road), seg: int32(seg), inter: int32(loc.Intersection)}
	return loc
}

// follow tries the short way.
func (b *BAI) follow(c *Cursor, p mgl64.Vec3) (Location, bool) {
	cell, ok := b.roadGrid.index(p)
	if !ok {
		return Location{}, false
	}
	switch {
	case c.road >= 0 && b.cellRoad[cell] == c.road:
		ctr := &b.centres[c.road]
		h := ctr.walk(int(c.seg), p)
		if !ctr.holds(h, p) {
			return Location{}, false
		}
		c.seg = int32(h.seg)
		return b.onRoad(int(c.road), h, p), true
	case c.inter >= 0 && b.cellRoad[cell] == cellEmpty:
		in := b.areaGrid.cell(p)
		if len(in) != 1 || in[0] != c.inter {
			return Location{}, false
		}
		a := &b.areas[c.inter]
		if math.Abs(p[2]-a.z) > verticalReach || !inConvexSlack(a.poly, p.Vec2(), edgeSlack) {
			return Location{}, false
		}
		return Location{Place: InIntersection, Road: -1, Intersection: int(c.inter)}, true
	}
	return Location{}, false
}

// walk returns the projection of p on the segment of pl nearest to it,
// walking from segment i to its neighbours while they are nearer. Of
// equally near segments it takes the first, as a search of them all in
// order does.
func (pl *polyline) walk(i int, p mgl64.Vec3) segHit {
	i = min(max(i, 0), len(pl.segs)-1)
	best := pl.project(i, p)
	for j := i - 1; j >= 0; j-- {
		h := pl.project(j, p)
		if h.dist > best.dist {
			break
		}
		best = h
	}
	for j := best.seg + 1; j < len(pl.segs); j++ {
		h := pl.project(j, p)
		if h.dist >= best.dist {
			break
		}
		best = h
	}
	return best
}

// Cell contents of the road grid, beside a road index.
const (
	cellEmpty = -1
	cellMixed = -2
)

// roadsOfCells says, for each road grid cell, which road its segments
// belong to: one road's index, cellEmpty or cellMixed.
func (b *BAI) roadsOfCells() []int32 {
	g := b.roadGrid
	out := make([]int32, g.nx*g.ny)
	for c := range out {
		out[c] = cellEmpty
		for _, s := range g.items[g.start[c]:g.start[c+1]] {
			r := b.roadSegs[s].curve
			switch out[c] {
			case cellEmpty:
				out[c] = r
			case r:
			default:
				out[c] = cellMixed
			}
		}
	}
	return out
}
