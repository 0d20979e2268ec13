package lanes

import (
	"fmt"
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/mm2carla/viewer/format/bai"
	"github.com/mm2carla/viewer/scene"
)

// Sizes of the BAI map's search structures.
const (
	cellSize = 8.0 // m, the grids' cell side
	// verticalReach is how far above or below a road or intersection
	// surface a point may be and still be on it: enough for a vehicle's
	// origin and the map's surface to disagree, not enough to take a
	// bridge for the street under it.
	verticalReach = 4.0
	// edgeSlack widens intersection areas so that a point exactly on the
	// line where a road ends is inside, not lost between the two.
	edgeSlack = 0.1
	// bendSlack lengthens each centre segment's box beyond what a bend
	// needs, against rounding.
	bendSlack = 0.25
)

// BAI is a Map over a Midtown Madness 2 AI map (scene.Map): its lane
// curves, its roads' surfaces between their end lines, and its
// intersections' areas, each bucketed in a grid for constant-time
// queries.
//
// An intersection's area is the convex hull of its centre and of the
// corners of every road end that leads into it (the end's centre point
// plus and minus the road's half width across it). Roads end where their
// intersection begins in both citygen's cities and the retail maps, so
// the hull covers the junction's whole surface, turning paths included,
// without reaching into the roads; it needs no intersection outline,
// which the format does not store.
type BAI struct {
	laneIndex // lane curves (one per lane), their grid, road ends
	m         *scene.Map
	roadLanes [][]int32 // lanes of each road
	centres   []centre
	roadSegs  []segRef
	roadGrid  *grid
	cellRoad  []int32 // per road grid cell: its one road, cellEmpty or cellMixed
	areas     []area2
	areaGrid  *grid
}

type laneCurve struct {
	polyline
	ref LaneRef
	// lat is the lane's signed distance from its road's centre line at
	// each section (+ left of the centre's start-to-end direction), when
	// the lane has one point per section as the format stores it; nil
	// otherwise.
	lat []float64
}

type centre struct {
	polyline
	half, length float64
}

// segRef is segment seg of curve curve.
type segRef struct{ curve, seg int32 }

// area2 is an intersection's area on the ground and its height.
type area2 struct {
	poly []mgl64.Vec2 // nil: none
	lim  []float64    // edgeLimits of poly, for edgeSlack
	z    float64
}

func newArea2(poly []mgl64.Vec2, z float64) area2 {
	return area2{poly: poly, lim: edgeLimits(poly, edgeSlack), z: z}
}

// holds reports whether p is on the area (within its slack and
// verticalReach).
func (a *area2) holds(p mgl64.Vec3) bool {
	return math.Abs(p[2]-a.z) <= verticalReach && inConvex(a.poly, a.lim, p.Vec2())
}

// NewBAI builds the lane map of m. It never fails: roads without lanes
// have no lanes to find, curves with fewer than two points are left out.
func NewBAI(m *scene.Map) *BAI {
	b := &BAI{m: m, roadLanes: make([][]int32, len(m.Roads)), centres: make([]centre, len(m.Roads)),
		laneIndex: laneIndex{ends: make([][2]RoadEnd, len(m.Roads))}}
	for r := range m.Roads {
		b.addRoad(r, &m.Roads[r])
	}
	b.buildGrids()
	corners, half := b.endCorners(len(m.Intersections))
	b.areas = make([]area2, len(m.Intersections))
	boxes := make([]box, len(m.Intersections))
	for i := range m.Intersections {
		b.areas[i] = intersectionArea(m.Intersections[i].Center, corners[i], half[i])
		boxes[i] = polyBox(b.areas[i].poly)
	}
	b.areaGrid = newGrid(boxes, cellSize)
	return b
}

func (b *BAI) addRoad(r int, road *scene.Road) {
	c := centre{half: road.HalfWidth}
	c.pts = make([]mgl64.Vec3, len(road.Centre))
	c.along = make([]float64, len(road.Centre))
	for i, p := range road.Centre {
		c.pts[i] = p
		if i > 0 {
			d := c.pts[i].Sub(c.pts[i-1])
			c.along[i] = c.along[i-1] + math.Hypot(d[0], d[1])
		}
	}
	if n := len(c.along); n > 0 {
		c.length = c.along[n-1]
	}
	c.prepare()
	b.centres[r] = c
	for _, sd := range []struct {
		side Side
		s    *scene.Side
	}{{SideA, &road.SideA}, {SideB, &road.SideB}} {
		for k, l := range sd.s.Lanes {
			if len(l) < 2 || k > math.MaxUint8 {
				continue
			}
			lc := laneCurve{ref: LaneRef{Road: int32(r), Side: sd.side, Lane: uint8(k)}}
			lc.pts = make([]mgl64.Vec3, len(l))
			for i, p := range l {
				lc.pts[i] = p
			}
			lc.along = c.alongs(lc.pts, sd.side)
			lc.prepare()
			lc.lat = c.lateral(lc.pts, sd.side)
			b.roadLanes[r] = append(b.roadLanes[r], int32(len(b.lanes)))
			b.lanes = append(b.lanes, lc)
		}
	}
	for k, e := range []*scene.RoadEnd{&road.Start, &road.End} {
		b.ends[r][k] = RoadEnd{Road: r, AtStart: k == 0, Intersection: e.Intersection, Rule: ruleOf(e.Rule),
			HasLight: e.HasLight, Light: e.LightOrigin}
	}
}

// alongs returns the Along of each point of a lane of the road. A lane
// with one point per section, as the format stores them, has its
// section's (in reverse for side A); another is projected on the centre
// line, point by point when that is cheap, else spread evenly along the
// road (a hostile file may have roads of thousands of points).
func (c *centre) alongs(pts []mgl64.Vec3, side Side) []float64 {
	out := make([]float64, len(pts))
	n := len(c.pts)
	switch {
	case len(pts) == n:
		for i := range pts {
			k := i
			if side == SideA {
				k = n - 1 - i
			}
			out[i] = c.along[k]
		}
	case n >= 2 && len(pts)*n <= 1<<20:
		for i, p := range pts {
			h, _ := c.nearest(p)
			out[i] = c.alongAt(h)
		}
	case len(pts) > 1:
		for i := range pts {
			f := float64(i) / float64(len(pts)-1)
			if side == SideA {
				f = 1 - f
			}
			out[i] = f * c.length
		}
	}
	return out
}

// lateral returns the signed distance of each point of a lane from the
// centre line, by section, or nil when the lane's points are not one a
// section (side A's lanes run from the road's end to its start).
func (c *centre) lateral(pts []mgl64.Vec3, side Side) []float64 {
	n := len(c.pts)
	if len(pts) != n || n < 2 {
		return nil
	}
	lat := make([]float64, n)
	for i, p := range pts {
		k := i
		if side == SideA {
			k = n - 1 - i
		}
		lat[k] = c.project(min(k, n-2), p).offset
	}
	return lat
}

func ruleOf(r bai.Rule) Rule {
	switch r {
	case bai.RuleStopSign:
		return RuleStopSign
	case bai.RuleTrafficLight:
		return RuleTrafficLight
	case bai.RuleAlwaysStop:
		return RuleAlwaysStop
	case bai.RuleNeverStop:
		return RuleNeverStop
	}
	return RuleNone
}

// String returns the rule in words: "none", or the name format/bai
// gives the same rule ("stop sign", ...), so that an OpenDRIVE map's
// ends read as a BAI map's do and the names live in one place.
func (r Rule) String() string {
	if b, ok := r.bai(); ok {
		return b.String()
	}
	if r == RuleNone {
		return "none"
	}
	return fmt.Sprintf("Rule(%d)", uint8(r))
}

// bai returns the BAI rule r is (ruleOf's inverse), false for RuleNone
// and unknown values.
func (r Rule) bai() (bai.Rule, bool) {
	switch r {
	case RuleStopSign:
		return bai.RuleStopSign, true
	case RuleTrafficLight:
		return bai.RuleTrafficLight, true
	case RuleAlwaysStop:
		return bai.RuleAlwaysStop, true
	case RuleNeverStop:
		return bai.RuleNeverStop, true
	}
	return 0, false
}

// buildGrids lists every lane segment and every centre-line segment
// (with the surface beside it, segBox) in grids.
func (b *BAI) buildGrids() {
	b.indexLanes()
	var boxes []box
	for r := range b.centres {
		c := &b.centres[r]
		for s := 0; s+1 < len(c.pts); s++ {
			b.roadSegs = append(b.roadSegs, segRef{int32(r), int32(s)})
			boxes = append(boxes, c.segBox(s))
		}
	}
	b.roadGrid = newGrid(boxes, cellSize)
	b.cellRoad = b.roadsOfCells()
}

// segBox returns the box around the part of the road's surface nearest
// to centre segment s: the segment widened by the half width on both
// sides, lengthened where it meets the next segment at an angle by the
// part of the outer wedge of the bend that is nearer to it, and by the
// whole half width at the road's ends (so that the end segment is found
// for a point past the end, which RoadAt must then turn down). Growing
// the box by the half width all round would list some eight segments of
// a road in each cell, each to be projected on.
func (c *centre) segBox(s int) box {
	sg := &c.segs[s]
	ext := func(other int) float64 {
		if other < 0 || other >= len(c.segs) {
			return c.half
		}
		o := &c.segs[other]
		cos := min(max(sg.ux*o.ux+sg.uy*o.uy, -1), 1)
		return c.half*math.Sqrt((1-cos)/2) + bendSlack // half * sin(angle/2)
	}
	e0, e1 := ext(s-1), ext(s+1)
	ux, uy := sg.ux, sg.uy
	nx, ny := -uy*c.half, ux*c.half
	x0, y0 := sg.ax-ux*e0, sg.ay-uy*e0
	x1, y1 := sg.ax+ux*(sg.l+e1), sg.ay+uy*(sg.l+e1)
	b := box{math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)}
	for _, q := range [4][2]float64{{x0 + nx, y0 + ny}, {x0 - nx, y0 - ny}, {x1 + nx, y1 + ny}, {x1 - nx, y1 - ny}} {
		b = b.add(mgl64.Vec3{q[0], q[1], 0})
	}
	return b
}

// endCorners lists, for each intersection, the corners of the road ends
// that lead into it (the end's centre point plus and minus the road's
// half width across it), and the widest half width among them.
func (b *BAI) endCorners(n int) ([][]mgl64.Vec2, []float64) {
	corners, half := make([][]mgl64.Vec2, n), make([]float64, n)
	for r := range b.centres {
		c := &b.centres[r]
		k := len(c.pts)
		if k < 2 {
			continue
		}
		for end, e := range b.ends[r] {
			i := e.Intersection
			if i < 0 || i >= n {
				continue
			}
			p, d := c.pts[0], c.dir(0)
			if end == 1 {
				p, d = c.pts[k-1], c.dir(k-2)
			}
			across := mgl64.Vec2{-d[1], d[0]}.Mul(c.half)
			corners[i] = append(corners[i], p.Vec2().Add(across), p.Vec2().Sub(across))
			half[i] = max(half[i], c.half)
		}
	}
	return corners, half
}

// intersectionArea is the hull described on BAI, of the intersection's
// centre and its road ends' corners.
func intersectionArea(ctr mgl64.Vec3, corners []mgl64.Vec2, half float64) area2 {
	hull := convexHull(append(corners, mgl64.Vec2{ctr[0], ctr[1]}))
	if len(hull) < 3 || !(area(hull) >= 1) {
		// No road reaches it, or they make no area: a square of the
		// widest road's half width (5 m at least) around the centre.
		s := max(half, 5)
		hull = []mgl64.Vec2{{ctr[0] - s, ctr[1] - s}, {ctr[0] + s, ctr[1] - s}, {ctr[0] + s, ctr[1] + s}, {ctr[0] - s, ctr[1] + s}}
	}
	return newArea2(hull, ctr[2])
}

func polyBox(poly []mgl64.Vec2) box {
	b := box{math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)}
	for _, p := range poly {
		b = b.add(mgl64.Vec3{p[0], p[1], 0})
	}
	return b.grow(edgeSlack)
}
