package lanes

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
)

// Follower is a Map that follows a moving point cheaply: Follow answers
// as Locate does, starting from where the last answer for the same
// Cursor was, and gives only what the association keeps of the answer
// (a Fix). A vehicle moves a few centimetres a frame, so most answers
// need only the road segment it was beside.
type Follower interface {
	Map
	Follow(c *Cursor, p mgl64.Vec3, f *Fix)
}

// Fix is what the association keeps of a Location.
type Fix struct {
	Place              Place
	Road, Intersection int // -1 when not on a road, in an intersection
	Along              float64
	HasLane            bool
	Lane               LaneRef
	Offset             float64
	// Heading is the lane's direction of travel, degrees counter-
	// clockwise from +X.
	Heading float64
	Type    LaneType // see Location
}

// Fix returns what the association keeps of l.
func (l *Location) Fix() Fix {
	f := Fix{Place: l.Place, Road: l.Road, Intersection: l.Intersection, Along: l.Along, HasLane: l.HasLane, Type: l.Type}
	if l.HasLane {
		f.Lane, f.Offset = l.Lane.Lane, l.Lane.Offset
		f.Heading = math.Atan2(l.Lane.Dir[1], l.Lane.Dir[0]) * 180 / math.Pi
	}
	return f
}

// Cursor is a Follower's memory of one moving point. The zero Cursor
// knows nothing; a Cursor belongs to one goroutine.
type Cursor struct {
	valid bool
	road  int32 // -1: not on a road
	inter int32 // -1: not in an intersection
	// clear is how far (m) p may move on the ground from (ax, ay), the
	// point of the last full search, and stay in road grid cell cell
	// with no road holding it; 0 when unknown (see clearance).
	clear  float64
	ax, ay float64
	cell   int32
}

// Follow is Locate for a point that was near c's last answer.
//
// It gives Locate's answer, taking the short way only where that answer
// cannot differ: when the road grid cell of p lists segments of the
// cursor's road alone (then no other road can hold p, and the nearest of
// those segments is the one), or none at all and the intersection grid
// cell lists only the cursor's intersection; or, in a cell that lists
// segments of roads whose surfaces do not reach p (an intersection's
// cells do), when p is within the clearance the last full search kept
// (offRoads): then only the intersection test is made, as Locate makes it.
func (b *BAI) Follow(c *Cursor, p mgl64.Vec3, f *Fix) {
	cell, inGrid := b.roadGrid.index(p)
	if c.valid && inGrid {
		if b.follow(c, cell, p, f) {
			return
		}
		if b.offRoads(c, cell, p) {
			b.fixOffRoad(p, f)
			c.road, c.inter = -1, int32(f.Intersection)
			return
		}
	}
	road, h, ok := b.roadAt(p)
	if ok {
		b.fixOnRoad(road, h, p, f)
		*c = Cursor{valid: true, road: int32(road), inter: -1}
		return
	}
	b.fixOffRoad(p, f)
	*c = Cursor{valid: true, road: -1, inter: int32(f.Intersection)}
	if inGrid {
		c.clear, c.ax, c.ay, c.cell = b.clearance(cell, p), p[0], p[1], int32(cell)
	}
}

// fixOffRoad is the Fix of p where no road holds it: in the first
// intersection whose area holds it, as Locate says, or off the map.
func (b *BAI) fixOffRoad(p mgl64.Vec3, f *Fix) {
	*f = Fix{Place: OffMap, Road: -1, Intersection: -1}
	if in, ok := b.intersectionAt(p); ok {
		f.Place, f.Intersection = InIntersection, in
	}
}

// fixOnRoad is the Fix of p on the road, h its projection on the road's
// centre line.
func (b *BAI) fixOnRoad(road int, h segHit, p mgl64.Vec3, f *Fix) {
	*f = Fix{Place: OnRoad, Road: road, Intersection: -1, Along: b.centres[road].alongAt(h)}
	if c, lh := b.laneNear(road, h, p); c >= 0 {
		l := &b.lanes[c]
		f.HasLane, f.Lane, f.Offset, f.Heading = true, l.ref, lh.offset, l.segs[lh.seg].deg
	}
}

// follow tries the short way for p in road grid cell cell.
func (b *BAI) follow(c *Cursor, cell int, p mgl64.Vec3, f *Fix) bool {
	switch {
	case c.road >= 0 && b.cellRoad[cell] == c.road:
		ctr := &b.centres[c.road]
		h, ok := b.nearestInCell(ctr, cell, p)
		if !ok || !ctr.holds(h, p) {
			return false
		}
		b.fixOnRoad(int(c.road), h, p, f)
		return true
	case c.inter >= 0 && b.cellRoad[cell] == cellEmpty:
		in := b.areaGrid.cell(p)
		if len(in) != 1 || in[0] != c.inter {
			return false
		}
		if !b.areas[c.inter].holds(p) {
			return false
		}
		*f = Fix{Place: InIntersection, Road: -1, Intersection: int(c.inter)}
		return true
	}
	return false
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
