package render

import "math"

// screenGrid buckets screen rectangles into square cells, so that finding
// the rectangles a new one overlaps looks at a few cells instead of at
// every rectangle. Both the label placer and the occlusion pass use it.
// Rectangles reaching beyond the viewport go into its edge cells. Its
// storage is reused from frame to frame.
type screenGrid struct {
	cells      [][]int32
	cols, rows int
}

// gridCell is the side of a cell in device pixels.
const gridCell = 64

// reset sizes the grid to the viewport and empties every cell.
func (g *screenGrid) reset(vp Viewport) {
	g.cols = max(1, int(min(max(vp.Width, 0), 1<<20))/gridCell+1)
	g.rows = max(1, int(min(max(vp.Height, 0), 1<<20))/gridCell+1)
	n := g.cols * g.rows
	if n > len(g.cells) {
		g.cells = append(g.cells, make([][]int32, n-len(g.cells))...)
	}
	for i := range g.cells {
		g.cells[i] = g.cells[i][:0]
	}
}

// span returns the inclusive range of cells r covers.
func (g *screenGrid) span(r Rect) (c0, r0, c1, r1 int) {
	return cellIndex(r.MinX, g.cols), cellIndex(r.MinY, g.rows), cellIndex(r.MaxX, g.cols), cellIndex(r.MaxY, g.rows)
}

// at returns cell (c, r).
func (g *screenGrid) at(c, r int) *[]int32 { return &g.cells[r*g.cols+c] }

// cellIndex is the cell of coordinate v among n, clamped (NaN to 0).
func cellIndex(v float64, n int) int {
	c := math.Floor(v / gridCell)
	switch {
	case !(c > 0):
		return 0
	case c >= float64(n-1):
		return n - 1
	}
	return int(c)
}
