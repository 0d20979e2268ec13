package lanes

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
)

// grid buckets items (segments, polygons) by the square cells of the
// ground their boxes touch, so that a query at a point looks at the few
// items of one cell instead of the whole map. Cells are stored densely
// over the map's bounds with one flat list of entries (compressed rows):
// on a London-size map (about 2 km square at 8 m) that is some 60,000
// cells and no hashing per query.
type grid struct {
	minX, minY float64
	size       float64 // cell side, m
	nx, ny     int
	start      []int32 // entries of cell c: items[start[c]:start[c+1]]
	items      []int32
}

// box is an item's extent on the ground.
type box struct{ x0, y0, x1, y1 float64 }

func (b box) grow(m float64) box { return box{b.x0 - m, b.y0 - m, b.x1 + m, b.y1 + m} }

func (b box) add(p mgl64.Vec3) box {
	return box{min(b.x0, p[0]), min(b.y0, p[1]), max(b.x1, p[0]), max(b.y1, p[1])}
}

func pointBox(p mgl64.Vec3) box { return box{p[0], p[1], p[0], p[1]} }

// maxCells and maxEntries bound a grid whatever the map holds, so that
// segments kilometres long cannot make a huge grid: the cells grow
// instead. (A stray far-away item is left out, gridbulk.go.)
const (
	maxCells   = 1 << 20
	maxEntries = 1 << 24
)

// maxWorld bounds the coordinates (m) a grid indexes: 10,000 km from
// the origin, beyond any city a map describes. A box reaching past it (a
// hostile map's road 10^30 m away) is in no cell, like one that is not a
// number: else the cells would grow to span it, every lookup would scan
// the whole map, and a pass over a 20-minute recording would take hours.
const maxWorld = 1e7

// finite reports whether b's corners are numbers within maxWorld.
func (b box) finite() bool {
	return math.Abs(b.x0) <= maxWorld && math.Abs(b.y0) <= maxWorld &&
		math.Abs(b.x1) <= maxWorld && math.Abs(b.y1) <= maxWorld
}

// newGrid puts item i in every cell its box touches. Boxes that are not
// finite, and strays far from the rest (gridbulk.go), are in no cell.
func newGrid(boxes []box, size float64) *grid {
	g := &grid{size: size, nx: 1, ny: 1}
	in := indexable(boxes)
	all, any := box{math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)}, false
	for i, b := range boxes {
		if in[i] {
			all = box{min(all.x0, b.x0), min(all.y0, b.y0), max(all.x1, b.x1), max(all.y1, b.y1)}
			any = true
		}
	}
	if !any {
		g.start = []int32{0, 0}
		return g
	}
	g.minX, g.minY = all.x0, all.y0
	w, h := all.x1-all.x0, all.y1-all.y0
	for (w/g.size+1)*(h/g.size+1) > maxCells || g.entries(boxes, in, w, h) > maxEntries {
		g.size *= 2
	}
	g.nx, g.ny = int(w/g.size)+1, int(h/g.size)+1
	count := make([]int32, g.nx*g.ny+1)
	for i, b := range boxes {
		if in[i] {
			g.each(b, func(c int) { count[c+1]++ })
		}
	}
	for c := 1; c < len(count); c++ {
		count[c] += count[c-1]
	}
	g.start = count
	g.items = make([]int32, count[len(count)-1])
	fill := make([]int32, g.nx*g.ny)
	copy(fill, count)
	for i, b := range boxes {
		if in[i] {
			g.each(b, func(c int) {
				g.items[fill[c]] = int32(i)
				fill[c]++
			})
		}
	}
	return g
}

// entries counts the cells the indexed boxes would touch with g's cell
// size over a w x h extent, without visiting them.
func (g *grid) entries(boxes []box, in []bool, w, h float64) float64 {
	nx, ny := int(w/g.size)+1, int(h/g.size)+1
	n := 0.0
	for i, b := range boxes {
		if !in[i] {
			continue
		}
		x0, x1 := g.span(b.x0, b.x1, g.minX, nx)
		y0, y1 := g.span(b.y0, b.y1, g.minY, ny)
		n += float64(x1-x0+1) * float64(y1-y0+1)
	}
	return n
}

// span returns the cell range [lo, hi] covering coordinates v0..v1 on an
// axis with n cells from origin o.
func (g *grid) span(v0, v1, o float64, n int) (int, int) {
	lo := int(math.Floor((v0 - o) / g.size))
	hi := int(math.Floor((v1 - o) / g.size))
	return max(lo, 0), min(hi, n-1)
}

// each calls f with every cell b touches.
func (g *grid) each(b box, f func(c int)) {
	if !(b.x0 <= b.x1 && b.y0 <= b.y1) || !b.finite() {
		return
	}
	x0, x1 := g.span(b.x0, b.x1, g.minX, g.nx)
	y0, y1 := g.span(b.y0, b.y1, g.minY, g.ny)
	for y := y0; y <= y1; y++ {
		for x := x0; x <= x1; x++ {
			f(y*g.nx + x)
		}
	}
}

// index returns the cell holding p; false outside the grid.
func (g *grid) index(p mgl64.Vec3) (int, bool) {
	x := math.Floor((p[0] - g.minX) / g.size)
	y := math.Floor((p[1] - g.minY) / g.size)
	if !(x >= 0 && y >= 0 && x < float64(g.nx) && y < float64(g.ny)) {
		return 0, false
	}
	return int(y)*g.nx + int(x), true
}

// cell returns the items of the cell holding p (none outside the grid).
func (g *grid) cell(p mgl64.Vec3) []int32 {
	c, ok := g.index(p)
	if !ok {
		return nil
	}
	return g.items[g.start[c]:g.start[c+1]]
}

// cells returns the range of cells within r of p, for a caller to visit
// with rowItems; ok is false when they miss the grid.
func (g *grid) cells(p mgl64.Vec3, r float64) (x0, x1, y0, y1 int, ok bool) {
	b := pointBox(p).grow(r)
	if !(b.x0 <= b.x1 && b.y0 <= b.y1) {
		return 0, 0, 0, 0, false
	}
	x0, x1 = g.span(b.x0, b.x1, g.minX, g.nx)
	y0, y1 = g.span(b.y0, b.y1, g.minY, g.ny)
	return x0, x1, y0, y1, x0 <= x1 && y0 <= y1
}

// at returns the items of cell (x, y).
func (g *grid) at(x, y int) []int32 {
	c := y*g.nx + x
	return g.items[g.start[c]:g.start[c+1]]
}
