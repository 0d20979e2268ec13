package lanes

import "github.com/go-gl/mathgl/mgl64"

// laneIndex is what BAI and OpenDRIVE have in common: lane curves with
// their segments bucketed in a grid, and the ends of the roads. Both
// embed it, so that End and LanesNear (and the hits Locate and Follow
// return) have one implementation whatever the map was read from.
//
// Several curves may be one lane: OpenDRIVE makes a curve for each lane
// section a lane runs through, all with the same LaneRef. LanesNear
// keeps one hit per LaneRef, not per curve, so such a lane counts once;
// BAI's curves are one lane each, for which the two are the same.
type laneIndex struct {
	lanes    []laneCurve
	laneSegs []segRef // every segment of every lane curve, as laneGrid's items
	laneGrid *grid
	ends     [][2]RoadEnd    // [start, end] of each road
	profiles [][]laneProfile // each road's lanes' lengths by Along (ToEndOnLane)
}

// indexLanes lists every segment of the lane curves in laneSegs and
// buckets them in laneGrid, and makes each lane's profile (ToEndOnLane).
// It is called once all curves are in lanes.
func (ix *laneIndex) indexLanes() {
	var boxes []box
	for i := range ix.lanes {
		l := &ix.lanes[i]
		for s := 0; s+1 < len(l.pts); s++ {
			ix.laneSegs = append(ix.laneSegs, segRef{int32(i), int32(s)})
			boxes = append(boxes, pointBox(l.pts[s]).add(l.pts[s+1]))
		}
	}
	ix.laneGrid = newGrid(boxes, cellSize)
	ix.indexProfiles()
}

// End returns one end of a road.
func (ix *laneIndex) End(road int, atStart bool) RoadEnd {
	if atStart {
		return ix.ends[road][0]
	}
	return ix.ends[road][1]
}

// hit is the LaneHit of h, a projection on lane curve curve.
func (ix *laneIndex) hit(curve int, h segHit) LaneHit {
	l := &ix.lanes[curve]
	return LaneHit{Lane: l.ref, Point: l.point(h), Dir: l.dir(h.seg), Offset: h.offset, Dist: h.dist, Along: l.alongAt(h)}
}

// LanesNear appends every lane within radius of p, each once with its
// nearest point. A lane made of several curves (an OpenDRIVE lane over
// several lane sections) is one lane.
func (ix *laneIndex) LanesNear(p mgl64.Vec3, radius float64, dst []LaneHit) []LaneHit {
	x0, x1, y0, y1, ok := ix.laneGrid.cells(p, radius)
	if !ok {
		return dst
	}
	first := len(dst)
	for y := y0; y <= y1; y++ {
		for x := x0; x <= x1; x++ {
			for _, s := range ix.laneGrid.at(x, y) {
				ref := ix.laneSegs[s]
				l := &ix.lanes[ref.curve]
				d, o, a := l.proj(int(ref.seg), p[0], p[1])
				if !(d <= radius) {
					continue
				}
				dst = ix.keepNearest(dst, first, int(ref.curve), l.hitOf(int(ref.seg), d, o, a))
			}
		}
	}
	return dst
}

// keepNearest puts the hit on curve into dst[first:], replacing the hit
// of the curve's lane (its LaneRef, whichever curve it was on) if this
// one is nearer.
func (ix *laneIndex) keepNearest(dst []LaneHit, first, curve int, h segHit) []LaneHit {
	ref := ix.lanes[curve].ref
	for i := first; i < len(dst); i++ {
		if dst[i].Lane == ref {
			if h.dist < dst[i].Dist {
				dst[i] = ix.hit(curve, h)
			}
			return dst
		}
	}
	return append(dst, ix.hit(curve, h))
}
