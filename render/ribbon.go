package render

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
)

// Polyline3D adds a world-space polyline drawn as a screen-space ribbon
// widthPx LOGICAL pixels wide on layer l: each segment is clipped against
// the near plane before projection, and the visible runs are stroked with
// mitred joins. Use it for paths and thin lines whose width should not
// depend on distance.
func (dl *DrawList) Polyline3D(l Layer, pts []mgl64.Vec3, widthPx float64, col Color) {
	b := boundsOf(pts, 0)
	if len(pts) < 2 || !dl.view.BoxVisible(b) {
		return
	}
	dl.begin(l)
	dl.setOccluder(aabbOccluder(b))
	dl.polyline3D(pts, widthPx*dl.view.Viewport.DeviceScale()/2, col)
	dl.end()
}

// polyline3D projects, clips and strokes pts with half-width hw device
// pixels into the open primitive.
func (dl *DrawList) polyline3D(pts []mgl64.Vec3, hw float64, col Color) {
	v := &dl.view
	dl.hom = dl.hom[:0]
	for i := range pts {
		dl.hom = append(dl.hom, mgl64.Vec4{})
		h := &dl.hom[len(dl.hom)-1]
		v.projectTo(h, &pts[i])
		if h[2] >= v.Near {
			dl.addDepth(h[2])
		}
	}
	dl.pts = dl.pts[:0]
	for i := 0; i+1 < len(dl.hom); i++ {
		a, b, ok := ClipSegmentNear(dl.hom[i], dl.hom[i+1], v.Near)
		if !ok {
			dl.flushRun(hw, col)
			continue
		}
		if len(dl.pts) == 0 || a != dl.hom[i] {
			dl.flushRun(hw, col)
			dl.pts = append(dl.pts, pt2{a[0] / a[3], a[1] / a[3]})
		}
		dl.pts = append(dl.pts, pt2{b[0] / b[3], b[1] / b[3]})
		if b != dl.hom[i+1] {
			dl.flushRun(hw, col)
		}
	}
	dl.flushRun(hw, col)
}

// flushRun strokes the pending run of screen points and empties it.
func (dl *DrawList) flushRun(hw float64, col Color) {
	if len(dl.pts) >= 2 {
		dl.stroke(dl.pts, hw, col)
	}
	dl.pts = dl.pts[:0]
}

// GroundRibbon adds a ribbon widthM metres wide lying flat along the
// world polyline pts (a lane, a road surface, a sidewalk) on layer l. Its
// edges are offset horizontally from the centre line with mitred corners
// (the miter is capped at twice the half-width); each quad is clipped
// against the near plane in homogeneous space, so a ribbon running under
// the camera is drawn correctly.
func (dl *DrawList) GroundRibbon(l Layer, pts []mgl64.Vec3, widthM float64, col Color) {
	hw := widthM / 2
	if len(pts) < 2 || !(hw > 0) || !dl.view.BoxVisible(boundsOf(pts, hw)) {
		return
	}
	dl.world = dedupeXY(append(dl.world[:0], pts...))
	w := dl.world
	if len(w) < 2 {
		return
	}
	v := &dl.view
	dl.begin(l)
	dl.hom = dl.hom[:0]
	for i := range w {
		p := &w[i]
		ox, oy := groundOffset(w, i)
		ox, oy = ox*hw, oy*hw
		// p ± (ox, oy, 0) written per component, as p.Add and p.Sub
		// compute it (+ 0 included), without building the offset vector.
		l := mgl64.Vec3{p[0] + ox, p[1] + oy, p[2] + 0}
		r := mgl64.Vec3{p[0] - ox, p[1] - oy, p[2] - 0}
		n := len(dl.hom)
		dl.hom = append(dl.hom, mgl64.Vec4{}, mgl64.Vec4{})
		v.projectTo(&dl.hom[n], &l)
		v.projectTo(&dl.hom[n+1], &r)
		if d := v.Depth(*p); d >= v.Near {
			dl.addDepth(d)
		}
	}
	dl.ribbonFromHom(col)
	dl.end()
}

// ribbonFromHom draws the strip whose stations are the (left, right)
// pairs in dl.hom. Quads wholly in front of the near plane share vertices
// through the station strip; the others are clipped triangle by triangle.
func (dl *DrawList) ribbonFromHom(col Color) {
	h := dl.hom
	near := dl.view.Near
	prevIn := false
	for i := 0; i+1 < len(h); i += 2 {
		L, R := h[i], h[i+1]
		in := L[2] >= near && R[2] >= near
		connect := in && prevIn
		if in {
			dl.addStation(pt2{L[0] / L[3], L[1] / L[3]}, pt2{R[0] / R[3], R[1] / R[3]}, connect)
		} else {
			dl.addStation(pt2{}, pt2{}, false)
		}
		if i > 0 && !connect {
			pL, pR := &h[i-2], &h[i-1]
			if max(pL[2], pR[2], L[2], R[2]) >= near { // else wholly behind
				dl.triHom(pL, pR, &h[i+1], col)
				dl.triHom(pL, &h[i+1], &h[i], col)
			}
		}
		prevIn = in
	}
	dl.emitStrip(col)
}

// OffsetGround appends to out[:0], and returns, pts moved d metres to
// their left on the ground (to the right for a negative d), with mitred
// corners as GroundRibbon's edges: a line parallel to pts, e.g. a rail
// beside a track's middle. Heights are kept.
func OffsetGround(pts []mgl64.Vec3, d float64, out []mgl64.Vec3) []mgl64.Vec3 {
	out = out[:0]
	for i, p := range pts {
		x, y := groundOffset(pts, i)
		out = append(out, mgl64.Vec3{p[0] + x*d, p[1] + y*d, p[2]})
	}
	return out
}

// groundOffset returns the horizontal offset direction to the left of the
// centre line at w[i]: unit length at the ends, 1/cos(half the turn) at a
// mitred corner (capped at miterLimit), so the edges stay parallel.
func groundOffset(w []mgl64.Vec3, i int) (x, y float64) {
	var n0x, n0y, n1x, n1y float64
	if i > 0 {
		n0x, n0y = leftXY(&w[i-1], &w[i])
	}
	if i+1 < len(w) {
		n1x, n1y = leftXY(&w[i], &w[i+1])
	}
	if i == 0 {
		return n1x, n1y
	}
	if i+1 == len(w) {
		return n0x, n0y
	}
	sx, sy := n0x+n1x, n0y+n1y
	sl := math.Sqrt(sx*sx + sy*sy)
	if sl < 1e-9 {
		return n0x, n0y // a U-turn: no meaningful miter
	}
	cosHalf := max(sl/2, 1.0/miterLimit)
	return sx / sl / cosHalf, sy / sl / cosHalf
}

// leftXY is the horizontal unit normal to the left of a→b (counter-
// clockwise seen from above).
func leftXY(a, b *mgl64.Vec3) (x, y float64) {
	dx, dy := b[0]-a[0], b[1]-a[1]
	l := math.Sqrt(dx*dx + dy*dy)
	if l == 0 {
		return 0, 0
	}
	return -dy / l, dx / l
}

// dedupeXY removes consecutive points at the same horizontal position
// (within a millimetre), which have no direction on the ground.
func dedupeXY(p []mgl64.Vec3) []mgl64.Vec3 {
	if len(p) == 0 {
		return p
	}
	n := 1
	for i := 1; i < len(p); i++ {
		if dx, dy := p[i][0]-p[n-1][0], p[i][1]-p[n-1][1]; dx*dx+dy*dy > 1e-6 {
			p[n] = p[i]
			n++
		}
	}
	return p[:n]
}

// boundsOf returns the bounding box of pts grown by pad metres.
func boundsOf(pts []mgl64.Vec3, pad float64) AABB {
	b := EmptyAABB()
	for i := range pts {
		b.grow(&pts[i])
	}
	b.Min = b.Min.Sub(mgl64.Vec3{pad, pad, pad})
	b.Max = b.Max.Add(mgl64.Vec3{pad, pad, pad})
	return b
}

// Strip3D adds the world-space strip between two polylines of equal
// length (a lane's inner and outer border) on layer l: quad k is the
// triangles (left[k], right[k], right[k+1]) and (left[k], right[k+1],
// left[k+1]), as Triangle3D would draw them one by one. Each point is
// projected once and the quads in front of the near plane share their
// vertices (those crossing it are clipped triangle by triangle), which
// makes a map's lane surfaces several times cheaper than Triangle3D
// pairs. For the ground layers: on a depth-sorted layer the strip sorts
// as one primitive at its mean depth.
func (dl *DrawList) Strip3D(l Layer, left, right []mgl64.Vec3, col Color) {
	n := min(len(left), len(right))
	if n < 2 {
		return
	}
	v := &dl.view
	dl.begin(l)
	dl.hom = dl.hom[:0]
	for i := range n {
		k := len(dl.hom)
		dl.hom = append(dl.hom, mgl64.Vec4{}, mgl64.Vec4{})
		v.projectTo(&dl.hom[k], &left[i])
		v.projectTo(&dl.hom[k+1], &right[i])
		if d := dl.hom[k][2]; d >= v.Near {
			dl.addDepth(d)
		}
	}
	dl.ribbonFromHom(col)
	dl.end()
}
