package lanes

import "slices"

// Which boxes a grid indexes.
//
// A grid's cells grow until the grid fits its budget (maxCells,
// maxEntries), so one stray item far from the rest (a hostile map's road
// 9,000 km away) used to make the cells as large as the whole city: every
// lookup then scanned every segment, and a pass over a 20-minute London
// recording ran for hours. So the grid indexes the bulk of the map: the
// boxes within strayMargin of where the middle 98% of the box centres lie
// (or, with few boxes, all of them). A box beyond is a stray: it is in no
// cell, and a point there is off the map. No real map has strays: its
// roads are one town, a few kilometres across, and the margin is at least
// strayMin (and twice the bulk's size).

const (
	strayMinBoxes = 100  // fewer boxes are all indexed
	strayTrim     = 0.01 // the share of centres cut at each end
	strayMin      = 10e3 // m: the least margin around the bulk
)

// indexable reports, for each box, whether a grid indexes it: finite
// (box.finite) and not a stray.
func indexable(boxes []box) []bool {
	in := make([]bool, len(boxes))
	var xs, ys []float64
	for i, b := range boxes {
		if in[i] = b.finite(); in[i] {
			xs = append(xs, (b.x0+b.x1)/2)
			ys = append(ys, (b.y0+b.y1)/2)
		}
	}
	if len(xs) < strayMinBoxes {
		return in
	}
	x0, x1 := trimmed(xs)
	y0, y1 := trimmed(ys)
	m := max(strayMin, 2*(x1-x0), 2*(y1-y0))
	bulk := box{x0, y0, x1, y1}.grow(m)
	for i, b := range boxes {
		in[i] = in[i] && b.x0 >= bulk.x0 && b.y0 >= bulk.y0 && b.x1 <= bulk.x1 && b.y1 <= bulk.y1
	}
	return in
}

// trimmed returns the values at strayTrim and 1-strayTrim of the way
// through v, sorted (v is reordered).
func trimmed(v []float64) (lo, hi float64) {
	slices.Sort(v)
	k := int(float64(len(v)) * strayTrim)
	return v[k], v[len(v)-1-k]
}
