package render

import "math"

// Screen-space strokes: polylines expanded into quads of a given pixel
// width, with mitred joins that fall back to a bevel at sharp corners
// (the miter would otherwise spike far beyond the line).

// miterLimit is the longest miter allowed, in half-widths. 2 keeps joins
// of up to 120° mitred and bevels sharper ones.
const miterLimit = 2

// pt2 is a screen point in device pixels.
type pt2 struct{ x, y float64 }

// station is one cross-section of a strip: its left and right edge points.
// connect asks for a quad from the previous station to this one. The
// vertex indices are filled lazily, so an off-screen part of a strip
// costs no vertices.
type station struct {
	lx, ly, rx, ry float64
	connect        bool
	li, ri         int64
}

// addStation appends a station with no emitted vertices yet.
func (dl *DrawList) addStation(l, r pt2, connect bool) {
	dl.stations = append(dl.stations, station{l.x, l.y, r.x, r.y, connect, -1, -1})
}

// emitStrip turns the stations into triangles: every connected pair makes
// a quad, skipped when its bounding box misses the viewport.
func (dl *DrawList) emitStrip(col Color) {
	st := dl.stations
	vp := dl.view.Viewport
	for i := 1; i < len(st); i++ {
		b := &st[i]
		if !b.connect {
			continue
		}
		a := &st[i-1]
		minX, maxX := min(a.lx, a.rx, b.lx, b.rx), max(a.lx, a.rx, b.lx, b.rx)
		minY, maxY := min(a.ly, a.ry, b.ly, b.ry), max(a.ly, a.ry, b.ly, b.ry)
		if !vp.RectVisible(minX, minY, maxX, maxY) || !finite(minX+maxX+minY+maxY) {
			continue
		}
		dl.stationVerts(a, col)
		dl.stationVerts(b, col)
		dl.tri(uint32(a.li), uint32(a.ri), uint32(b.ri))
		dl.tri(uint32(a.li), uint32(b.ri), uint32(b.li))
	}
	dl.stations = dl.stations[:0]
}

func (dl *DrawList) stationVerts(s *station, col Color) {
	if s.li < 0 {
		s.li = int64(dl.vtx(s.lx, s.ly, col))
		s.ri = int64(dl.vtx(s.rx, s.ry, col))
	}
}

// leftNormal returns the unit normal to the left of a→b (in screen space
// with y down, "left" is the side reached by turning a→b by -90°) and the
// segment length.
func leftNormal(a, b pt2) (nx, ny, l float64) {
	dx, dy := b.x-a.x, b.y-a.y
	l = math.Sqrt(dx*dx + dy*dy)
	if l == 0 {
		return 0, 0, 0
	}
	return dy / l, -dx / l, l
}

// dedupe2 removes consecutive (nearly) equal points in place: they have no
// direction and would make the join maths divide by zero.
func dedupe2(p []pt2) []pt2 {
	if len(p) == 0 {
		return p
	}
	n := 1
	for i := 1; i < len(p); i++ {
		dx, dy := p[i].x-p[n-1].x, p[i].y-p[n-1].y
		if dx*dx+dy*dy > 1e-12 {
			p[n] = p[i]
			n++
		}
	}
	return p[:n]
}

// stroke expands a screen polyline into a strip of half-width hw on the
// open primitive. pts is modified (deduplicated).
func (dl *DrawList) stroke(pts []pt2, hw float64, col Color) {
	pts = dedupe2(pts)
	if len(pts) < 2 || !(hw > 0) {
		return
	}
	if !dl.polyVisible(pts, hw) {
		return
	}
	off := func(p pt2, nx, ny, s float64) (pt2, pt2) {
		return pt2{p.x + nx*s, p.y + ny*s}, pt2{p.x - nx*s, p.y - ny*s}
	}
	nx, ny, _ := leftNormal(pts[0], pts[1])
	l, r := off(pts[0], nx, ny, hw)
	dl.addStation(l, r, false)
	for i := 1; i < len(pts)-1; i++ {
		p := pts[i]
		mx, my, _ := leftNormal(pts[i], pts[i+1])
		sx, sy := nx+mx, ny+my
		sl := math.Sqrt(sx*sx + sy*sy)
		cosHalf := sl / 2 // cosine of half the turning angle
		if cosHalf*miterLimit >= 1 {
			s := hw / cosHalf
			l, r = off(p, sx/sl, sy/sl, s)
			dl.addStation(l, r, true)
		} else {
			// Bevel: end this segment square, start the next square, and
			// fill the wedge on the outer side of the turn.
			l, r = off(p, nx, ny, hw)
			dl.addStation(l, r, true)
			l2, r2 := off(p, mx, my, hw)
			dl.addStation(l2, r2, false)
			d0x, d0y := pts[i].x-pts[i-1].x, pts[i].y-pts[i-1].y
			d1x, d1y := pts[i+1].x-pts[i].x, pts[i+1].y-pts[i].y
			if d0x*d1y-d0y*d1x > 0 { // clockwise on screen: the outer side is the left
				dl.triScreen(p.x, p.y, l.x, l.y, l2.x, l2.y, col)
			} else {
				dl.triScreen(p.x, p.y, r.x, r.y, r2.x, r2.y, col)
			}
		}
		nx, ny = mx, my
	}
	l, r = off(pts[len(pts)-1], nx, ny, hw)
	dl.addStation(l, r, true)
	dl.emitStrip(col)
}

// polyVisible is the whole-polyline 2D cull: false when the bounding box
// grown by the half-width misses the viewport.
func (dl *DrawList) polyVisible(pts []pt2, hw float64) bool {
	minX, minY := math.Inf(1), math.Inf(1)
	maxX, maxY := math.Inf(-1), math.Inf(-1)
	for _, p := range pts {
		minX, maxX = min(minX, p.x), max(maxX, p.x)
		minY, maxY = min(minY, p.y), max(maxY, p.y)
	}
	m := hw * miterLimit
	return dl.view.Viewport.RectVisible(minX-m, minY-m, maxX+m, maxY+m)
}

// Line2D adds a screen-space segment (device pixels) of the given width in
// LOGICAL pixels on layer l.
func (dl *DrawList) Line2D(l Layer, x0, y0, x1, y1, widthPx float64, col Color) {
	dl.begin(l)
	dl.pts = append(dl.pts[:0], pt2{x0, y0}, pt2{x1, y1})
	dl.stroke(dl.pts, widthPx*dl.view.Viewport.DeviceScale()/2, col)
	dl.end()
}

// Polyline2D adds a screen-space polyline given as interleaved x, y device
// pixel coordinates, stroked widthPx LOGICAL pixels wide on layer l.
func (dl *DrawList) Polyline2D(l Layer, xy []float64, widthPx float64, col Color) {
	dl.begin(l)
	dl.pts = dl.pts[:0]
	for i := 0; i+1 < len(xy); i += 2 {
		dl.pts = append(dl.pts, pt2{xy[i], xy[i+1]})
	}
	dl.stroke(dl.pts, widthPx*dl.view.Viewport.DeviceScale()/2, col)
	dl.end()
}
