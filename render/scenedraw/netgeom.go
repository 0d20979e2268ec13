package scenedraw

import (
	"strings"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/mm2carla/viewer/render"
	"github.com/mm2carla/viewer/scene"
)

// The OpenDRIVE map's static geometry, made once by SetRoads as a BAI
// map's is by SetMap (mapCache): what a frame used to work out again for
// each of a town's thousands of lanes and marks. Each lane and mark keeps
// its bounding box, so a frame skips what lies outside the view (the box
// test is the one GroundRibbon and Polyline3D make, so nothing that was
// drawn is lost); the broken marks keep their dashes and the double marks
// their two offset lines, and the driving lanes their arrows, all in world
// space. What a frame still computes is what depends on the view: the
// projection, the marks' widths in pixels, and the light-coloured stop
// lines (entrylines.go).

// netGeom is the kept geometry, parallel to the RoadNet it was made from.
type netGeom struct {
	laneBox []render.AABB // per rn.Lanes: its surface's box (empty: nothing to draw)
	marks   []netMark
	lines   [][2]int32   // each mark line's span of markPts
	markPts []mgl64.Vec3 // every mark line's points, back to back
	arrows  []netArrow
	// The legend's rows the network shows whatever the view (as when
	// every mark and lane was walked each frame).
	white, yellow, arrowed bool
}

// netMark is one road mark ready to draw: its lines (spans of markPts),
// its colour and width, and where its scale is taken.
type netMark struct {
	box        render.AABB
	mid        mgl64.Vec3 // the scale (pixels per metre) is taken here
	width      float64    // metres
	col        render.Color
	first, end int32 // its lines: lines[first:end]
}

// netArrow is a driving lane's arrow: one ground triangle.
type netArrow struct {
	box           render.AABB
	tip, lft, rgt mgl64.Vec3
}

// newNetGeom makes rn's static geometry.
func newNetGeom(rn *scene.RoadNet) (g netGeom) {
	var lines [][2]int32
	g.laneBox = make([]render.AABB, len(rn.Lanes))
	for i := range rn.Lanes {
		l := &rn.Lanes[i]
		b := render.EmptyAABB()
		n := min(len(l.Inner), len(l.Outer))
		for k := range n {
			b = b.Extend(l.Inner[k]).Extend(l.Outer[k])
		}
		if n < 2 {
			b = render.EmptyAABB()
		}
		g.laneBox[i] = b
		if l.Type == "driving" && rn.Roads[l.Road].Junction < 0 {
			g.arrowed = true
			if a, ok := laneArrowTri(l); ok {
				a.box = render.EmptyAABB().Extend(a.tip).Extend(a.lft).Extend(a.rgt)
				g.arrows = append(g.arrows, a)
			}
		}
	}
	var buf, off []mgl64.Vec3
	for i := range rn.Marks {
		m := &rn.Marks[i]
		if m.Type == "curb" || len(m.Points) < 2 {
			continue
		}
		nm := netMark{mid: m.Points[len(m.Points)/2], width: m.Width, col: colMarkWhite, first: int32(len(lines))}
		if m.Color == "yellow" || m.Color == "orange" {
			nm.col = colMarkYellow
			g.yellow = true
		} else {
			g.white = true
		}
		if !(nm.width > 0) {
			nm.width = 0.12
		}
		add := func(kind string, pts []mgl64.Vec3) {
			if kind != "broken" {
				lines, g.markPts = appendLine(lines, g.markPts, pts)
				return
			}
			buf = dashes(buf[:0], pts, func(d []mgl64.Vec3) { lines, g.markPts = appendLine(lines, g.markPts, d) })
		}
		first, second, double := strings.Cut(m.Type, " ")
		if !double {
			add(first, m.Points)
		} else {
			// Two lines ("solid broken", ...), the first on the left of
			// the border's direction, a line's width apart.
			off = render.OffsetGround(m.Points, nm.width, off)
			add(first, off)
			off = render.OffsetGround(m.Points, -nm.width, off)
			add(second, off)
		}
		nm.end = int32(len(lines))
		nm.box = render.EmptyAABB()
		for _, sp := range lines[nm.first:nm.end] {
			for _, p := range g.markPts[sp[0]:sp[1]] {
				nm.box = nm.box.Extend(p)
			}
		}
		g.marks = append(g.marks, nm)
	}
	g.lines = lines
	return g
}

// appendLine appends a copy of pts to all and its span to lines.
func appendLine(lines [][2]int32, all, pts []mgl64.Vec3) ([][2]int32, []mgl64.Vec3) {
	s := int32(len(all))
	all = append(all, pts...)
	return append(lines, [2]int32{s, int32(len(all))}), all
}

// laneArrowTri is the ground arrow at the middle of a driving lane, in
// its direction of travel (false: the lane has no direction to show).
func laneArrowTri(l *scene.NetLane) (netArrow, bool) {
	n := len(l.Center)
	if n < 2 { // sampling gives two points or more
		return netArrow{}, false
	}
	k := (n - 1) / 2
	a, b := l.Center[k], l.Center[k+1]
	d := b.Sub(a)
	d[2] = 0
	if d.Len() == 0 {
		return netArrow{}, false
	}
	d = d.Normalize()
	if !l.Forward {
		d = d.Mul(-1)
	}
	mid := a.Add(b).Mul(0.5)
	side := mgl64.Vec3{-d[1], d[0], 0}
	tip := mid.Add(d.Mul(1.5))
	tail := mid.Sub(d.Mul(1.5))
	return netArrow{tip: tip, lft: tail.Add(side.Mul(0.7)), rgt: tail.Sub(side.Mul(0.7))}, true
}

// drawNetLanes draws the visible lane surfaces, each as one strip.
func (r *Renderer) drawNetLanes(dl *render.DrawList, v *render.View, opt Options) {
	c := r.net
	rn := c.rn
	for i := range rn.Lanes {
		l := &rn.Lanes[i]
		col, layer := colRoad, render.LayerRoad
		switch l.Type {
		case "driving":
		case "sidewalk":
			if !opt.Layers.Has(Sidewalks) {
				continue
			}
			col, layer = colSidewalk, render.LayerGround
		default:
			col, layer = colShoulder, render.LayerGround
		}
		if b := c.geom.laneBox[i]; b.IsEmpty() || !v.BoxVisible(b) {
			continue
		}
		if opt.Element.Kind == ElementNetRoad && opt.Element.Index == l.Road {
			col = colHighlightArea
		}
		dl.Strip3D(layer, l.Inner, l.Outer, col)
	}
}

// drawNetMarks draws the visible road marks and the driving lanes' arrows.
func (r *Renderer) drawNetMarks(dl *render.DrawList, v *render.View) {
	g := &r.net.geom
	if g.white {
		r.seen.on(legendMarkWhite)
	}
	if g.yellow {
		r.seen.on(legendMarkYellow)
	}
	if g.arrowed {
		r.seen.on(legendArrow)
	}
	for i := range g.marks {
		m := &g.marks[i]
		if !v.BoxVisible(m.box) {
			continue
		}
		px := lineWidth(v.PixelsPerMetreAt(m.mid), m.width, 1, 6)
		for _, sp := range g.lines[m.first:m.end] {
			dl.Polyline3D(render.LayerMarking, g.markPts[sp[0]:sp[1]], px, m.col)
		}
	}
	for i := range g.arrows {
		a := &g.arrows[i]
		if !v.BoxVisible(a.box) {
			continue
		}
		dl.Triangle3D(render.LayerMarking, a.tip, a.lft, a.rgt, colArrow)
	}
}
