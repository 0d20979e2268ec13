package render

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
)

// Ground discs, poles with heads, and direction arrows: the small shapes a
// road map needs besides ribbons and boxes.

// circleSegments picks a polygon side count for a circle of radius rpx
// device pixels: enough that the polygon stays within about half a pixel
// of the true circle, bounded to keep tiny and huge circles cheap.
func circleSegments(rpx float64) int {
	if !(rpx > 0) {
		return 12
	}
	return int(min(max(math.Ceil(3*math.Sqrt(rpx)), 12), 64))
}

// Disc adds a flat disc of the given radius (metres) lying on the ground
// at center, e.g. an intersection, on layer l.
func (dl *DrawList) Disc(l Layer, center mgl64.Vec3, radius float64, col Color) {
	v := &dl.view
	if !(radius > 0) || !v.SphereVisible(center, radius) {
		return
	}
	n := circleSegments(radius * v.PixelsPerMetreAt(center))
	dl.begin(l)
	dl.addDepth(v.Depth(center))
	c := v.Project(center)
	dl.hom = dl.hom[:0]
	for i := range n {
		s, co := math.Sincos(2 * math.Pi * float64(i) / float64(n))
		// center.Add((co·radius, s·radius, 0)) per component, projected
		// in place (see View.projectTo).
		p := mgl64.Vec3{center[0] + co*radius, center[1] + s*radius, center[2] + 0}
		dl.hom = append(dl.hom, mgl64.Vec4{})
		v.projectTo(&dl.hom[len(dl.hom)-1], &p)
	}
	for i := range n {
		dl.triHom(&c, &dl.hom[i], &dl.hom[(i+1)%n], col)
	}
	dl.end()
}

// Pole adds a vertical pole from base up height metres, drawn widthPx
// LOGICAL pixels wide in poleCol, topped by a round head of headRadius
// metres (at least 2 logical pixels on screen) in headCol: a traffic light
// or a sign. Pole and head are one primitive, so on LayerObjects they sort
// together.
func (dl *DrawList) Pole(l Layer, base mgl64.Vec3, height, widthPx float64, poleCol Color, headRadius float64, headCol Color) {
	v := &dl.view
	top := base.Add(mgl64.Vec3{0, 0, height})
	if !v.SphereVisible(Lerp(base, top, 0.5), math.Abs(height)/2+headRadius) {
		return
	}
	dl.begin(l)
	dl.addDepth(v.Depth(Lerp(base, top, 0.5)))
	r := max(headRadius, 0.05)
	dl.setOccluder(aabbOccluder(AABB{base.Sub(mgl64.Vec3{r, r, 0}), top.Add(mgl64.Vec3{r, r, r})}))
	pts := [2]mgl64.Vec3{base, top}
	dl.polyline3D(pts[:], widthPx*v.Viewport.DeviceScale()/2, poleCol)
	if x, y, _, ok := v.WorldToScreen(top); ok && headRadius > 0 {
		r := max(headRadius*v.PixelsPerMetreAt(top), 2*v.Viewport.DeviceScale())
		dl.circleScreen(x, y, r, headCol)
	}
	dl.end()
}

// circleScreen emits a filled screen-space circle as a fan sharing its
// centre vertex, culled as a whole.
func (dl *DrawList) circleScreen(x, y, r float64, col Color) {
	if !dl.view.Viewport.RectVisible(x-r, y-r, x+r, y+r) || !finite(x+y+r) {
		return
	}
	n := circleSegments(r)
	c := dl.vtx(x, y, col)
	for i := range n {
		s, co := math.Sincos(2 * math.Pi * float64(i) / float64(n))
		dl.vtx(x+co*r, y+s*r, col)
	}
	for i := range uint32(n) {
		dl.tri(c, c+1+i, c+1+(i+1)%uint32(n))
	}
}

// Arrow adds a flat arrow lying on the ground on layer l: it starts at
// tail, points along the horizontal part of dir and is length metres long
// and width metres wide at the head (the shaft is a third as wide). Lanes
// use it to show their direction of travel.
func (dl *DrawList) Arrow(l Layer, tail, dir mgl64.Vec3, length, width float64, col Color) {
	v := &dl.view
	d := Normalize(mgl64.Vec3{dir[0], dir[1], 0})
	if d == (mgl64.Vec3{}) || !(length > 0) || !(width > 0) {
		return
	}
	tip := tail.Add(d.Mul(length))
	if !v.SphereVisible(Lerp(tail, tip, 0.5), length/2+width) {
		return
	}
	n := mgl64.Vec3{-d[1], d[0], 0}
	headLen := min(length*0.5, width)
	neck := tip.Sub(d.Mul(headLen))
	sw := n.Mul(width / 6)
	hw := n.Mul(width / 2)
	dl.begin(l)
	dl.addDepth(v.Depth(Lerp(tail, tip, 0.5)))
	shaft := [4]mgl64.Vec4{v.Project(tail.Sub(sw)), v.Project(neck.Sub(sw)), v.Project(neck.Add(sw)), v.Project(tail.Add(sw))}
	dl.quadHom(&shaft, col)
	h0, h1, h2 := v.Project(neck.Sub(hw)), v.Project(tip), v.Project(neck.Add(hw))
	dl.triHom(&h0, &h1, &h2, col)
	dl.end()
}
