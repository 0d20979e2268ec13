package lanes

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
)

// A point in an intersection is in road grid cells that also list road
// segments (their boxes reach into the junction), so Follow's short way
// for an intersection never holds there, and each answer searched the
// roads of the cell to find none. The clearance lets Follow prove that
// none holds the point without searching: roadAt checks holds on one
// segment of the cell per road, so if every segment of the cell fails
// holds at every point within a distance of the last one searched, no
// road can hold a point that moved less than that in the same cell.

// offRoads reports whether no road can hold p, in road grid cell cell,
// by c's clearance: p is in the cell of c's last full search and nearer
// than the clearance to where it was made.
func (b *BAI) offRoads(c *Cursor, cell int, p mgl64.Vec3) bool {
	if !(c.clear > 0) || int32(cell) != c.cell {
		return false
	}
	dx, dy := p[0]-c.ax, p[1]-c.ay
	return dx*dx+dy*dy < c.clear*c.clear
}

// clearance returns how far p may move on the ground and every segment
// listed in road grid cell cell still fail holds: the least, over the
// segments, of the largest margin by which p fails one of holds' ground
// tests (farther than the half width, before the first segment's start
// line, past the last one's end line); each of those distances changes
// no faster than the point moves. A segment that fails by height only,
// or holds, gives 0: height follows the projection, so no margin is
// kept for it. The result is made smaller by a rounding allowance, so
// that the computed distances of a point within it cannot err the other
// way; +Inf for a cell with no segments.
func (b *BAI) clearance(cell int, p mgl64.Vec3) float64 {
	g := b.roadGrid
	clear := math.Inf(1)
	for _, s := range g.items[g.start[cell]:g.start[cell+1]] {
		ref := b.roadSegs[s]
		clear = min(clear, b.centres[ref.curve].failsBy(int(ref.seg), p))
		if !(clear > 0) {
			return 0
		}
	}
	return clear - b.roundingSlack()
}

// failsBy returns the margin by which p fails holds' ground tests on
// segment i of c, 0 if it passes them (or a margin is not a number).
func (c *centre) failsBy(i int, p mgl64.Vec3) float64 {
	d, _, a := c.proj(i, p[0], p[1])
	m := d - c.half
	if i == 0 {
		m = max(m, -a)
	}
	if l := c.segs[i].l; i == len(c.pts)-2 && l > 0 {
		m = max(m, a-l)
	}
	if !(m > 0) {
		return 0
	}
	return m
}

// roundingSlack is an allowance for the rounding of distances computed
// anywhere on the road grid: a billionth of its coordinates' size, some
// ten million times the error of the few operations that compute them.
func (b *BAI) roundingSlack() float64 {
	g := b.roadGrid
	size := math.Abs(g.minX) + math.Abs(g.minY) + float64(g.nx+g.ny)*g.size
	return 1e-9 * (1 + size)
}
