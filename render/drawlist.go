package render

import (
	"cmp"
	"math"
	"slices"

	"github.com/go-gl/mathgl/mgl64"
)

// Vertex is one screen-space vertex: a device-pixel position and a
// straight-alpha colour. A backend copies it into its own vertex type (for
// Ebitengine: DstX, DstY and ColorR..ColorA, with SrcX/SrcY on a white
// pixel).
type Vertex struct {
	X, Y float32
	Color
}

// Layer orders what is drawn: layers are painted in increasing order.
// Every layer keeps the order in which its primitives were added, except
// LayerObjects, whose primitives are sorted back to front (painter's
// algorithm: by depth, then so that none is painted before a primitive it
// hides, judged by separating planes between their bounding boxes; see
// occlusion.go). The ground layers come first so that roads never
// hide a car; labels are drawn after every layer.
type Layer uint8

// The layers, bottom to top.
const (
	LayerGrid    Layer = iota // the metric ground grid
	LayerGround               // large ground areas (terrain, sidewalks)
	LayerRoad                 // road surfaces and intersection discs
	LayerMarking              // lane ribbons, lane lines, direction arrows
	LayerSignal               // markings that follow the replay: stop lines in their light's colour
	LayerPath                 // AI paths and other debug lines near the ground
	LayerObjects              // 3D objects: boxes, poles (depth-sorted)
	LayerOverlay              // screen-space overlays: selection, scale bar
	NumLayers
)

// DepthSorted reports whether the layer's primitives are sorted back to
// front rather than kept in insertion order.
func (l Layer) DepthSorted() bool { return l == LayerObjects }

// prim is one depth-sorted unit (a box, a pole...): a range of the layer's
// index buffer and its depth. seq breaks ties so the sort is stable, and
// indexes the primitive's primMeta. It is kept small because it is what
// the depth sort moves.
type prim struct {
	depth        float64
	seq          uint32
	first, count uint32
}

// primMeta is what orders a primitive against its neighbours beyond its
// depth (occlusion.go): its screen rectangle and its occluder (an index
// into DrawList.occ, or -1).
type primMeta struct {
	occ  int32
	rect Rect
}

type layerData struct {
	idx   []uint32
	prims []prim
}

// DrawList is the backend-neutral output of one frame: screen-space
// triangles ready for one DrawTriangles32 call (Vertices plus Indices,
// already in painting order) and text labels to draw on top.
//
// Use: Reset with the frame's View, add shapes (Box, GroundRibbon,
// Polyline3D, Label3D...), then Finish, then hand Vertices, Indices and
// Labels to a backend. All buffers are reused: once their capacity has
// grown to the scene's size, building a frame allocates nothing. A
// DrawList is not safe for concurrent use.
type DrawList struct {
	view   View
	verts  []Vertex
	layers [NumLayers]layerData
	out    []uint32
	ends   [NumLayers]int // len(out) after each layer, once finished
	labels []Label
	seq    uint32

	// The primitive being built.
	cur      Layer
	curStart int // the primitive's first index in its layer
	curVert  int // and its first vertex: its vertices follow contiguously
	depthSum float64
	depthN   int
	curOcc   int32

	meta    []primMeta // by prim.seq
	occ     []occluder
	orderer orderer

	// Scratch buffers reused by the shape helpers.
	hom      []mgl64.Vec4
	world    []mgl64.Vec3
	pts      []pt2
	stations []station
	poly     []mgl64.Vec4
	placer   labelPlacer
}

// NewDrawList returns an empty draw list. The zero value is also usable.
func NewDrawList() *DrawList { return &DrawList{} }

// Reset empties the list, keeping its buffers, and sets the view the next
// frame is projected with.
func (dl *DrawList) Reset(v *View) {
	dl.view = *v
	dl.verts = dl.verts[:0]
	for i := range dl.layers {
		dl.layers[i].idx = dl.layers[i].idx[:0]
		dl.layers[i].prims = dl.layers[i].prims[:0]
	}
	dl.out = dl.out[:0]
	dl.ends = [NumLayers]int{}
	dl.labels = dl.labels[:0]
	dl.occ = dl.occ[:0]
	dl.meta = dl.meta[:0]
	dl.seq = 0
}

// View returns the view the list is being built with.
func (dl *DrawList) View() *View { return &dl.view }

// Finish orders the triangles for painting (layers in order, LayerObjects
// back to front: by depth, corrected so that no primitive is painted
// before one it hides) and places the labels with m (see PlaceLabels).
// With a nil m no label is placed. Call it once, after the last shape.
func (dl *DrawList) Finish(m TextMeasurer) {
	dl.out = dl.out[:0]
	for l := range dl.layers {
		ld := &dl.layers[l]
		if !Layer(l).DepthSorted() {
			dl.out = append(dl.out, ld.idx...)
			dl.ends[l] = len(dl.out)
			continue
		}
		slices.SortFunc(ld.prims, backToFront)
		dl.orderer.order(ld.prims, dl.meta, dl.occ, dl.view.Eye, dl.view.Viewport)
		for _, p := range ld.prims {
			dl.out = append(dl.out, ld.idx[p.first:p.first+p.count]...)
		}
		dl.ends[l] = len(dl.out)
	}
	dl.placer.place(dl.labels, m, dl.view.Viewport)
}

// backToFront orders farther primitives first, ties in insertion order.
func backToFront(a, b prim) int {
	if c := cmp.Compare(b.depth, a.depth); c != 0 {
		return c
	}
	return cmp.Compare(a.seq, b.seq)
}

// Vertices returns the frame's vertices (valid until the next Reset).
func (dl *DrawList) Vertices() []Vertex { return dl.verts }

// Indices returns the triangle indices in painting order, three per
// triangle, valid after Finish and until the next Reset.
func (dl *DrawList) Indices() []uint32 { return dl.out }

// LayerEnd returns how many of Indices paint the layers up to and
// including l, after Finish: where a backend may cut the list between
// layers (keeping the still ground layers drawn once, say).
func (dl *DrawList) LayerEnd(l Layer) int {
	if l >= NumLayers {
		return len(dl.out)
	}
	return dl.ends[l]
}

// Labels returns the labels; after Finish each has Placed and its box set.
func (dl *DrawList) Labels() []Label { return dl.labels }

// TriangleCount returns the number of triangles added so far.
func (dl *DrawList) TriangleCount() int {
	n := 0
	for i := range dl.layers {
		n += len(dl.layers[i].idx)
	}
	return n / 3
}

// begin opens a primitive on layer l; every triangle until end belongs to
// it and sorts with it.
func (dl *DrawList) begin(l Layer) {
	if l >= NumLayers {
		l = LayerOverlay
	}
	dl.cur = l
	dl.curStart = len(dl.layers[l].idx)
	dl.curVert = len(dl.verts)
	dl.depthSum, dl.depthN, dl.curOcc = 0, 0, -1
}

// addDepth feeds one sample into the open primitive's mean depth.
func (dl *DrawList) addDepth(d float64) {
	dl.depthSum += d
	dl.depthN++
}

// setDepth fixes the open primitive's depth (boxes use their centre).
func (dl *DrawList) setDepth(d float64) { dl.depthSum, dl.depthN = d, 1 }

// setOccluder gives the open primitive an oriented box that contains it,
// for the occlusion pass of Finish. Only depth-sorted layers keep it.
func (dl *DrawList) setOccluder(o occluder) {
	if !dl.cur.DepthSorted() {
		return
	}
	dl.curOcc = int32(len(dl.occ))
	dl.occ = append(dl.occ, o)
}

// end closes the primitive; on a depth-sorted layer it records the range.
func (dl *DrawList) end() {
	ld := &dl.layers[dl.cur]
	n := len(ld.idx) - dl.curStart
	if n == 0 || !dl.cur.DepthSorted() {
		return
	}
	d := 0.0
	if dl.depthN > 0 {
		d = dl.depthSum / float64(dl.depthN)
	}
	ld.prims = append(ld.prims, prim{depth: d, seq: dl.seq, first: uint32(dl.curStart), count: uint32(n)})
	m := primMeta{occ: dl.curOcc}
	if m.occ >= 0 {
		m.rect = screenRect(dl.verts[dl.curVert:])
	}
	dl.meta = append(dl.meta, m)
	dl.seq++
}

// screenRect bounds vertices.
func screenRect(vs []Vertex) Rect {
	r := Rect{math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)}
	for i := range vs {
		x, y := float64(vs[i].X), float64(vs[i].Y)
		r.MinX, r.MinY = min(r.MinX, x), min(r.MinY, y)
		r.MaxX, r.MaxY = max(r.MaxX, x), max(r.MaxY, y)
	}
	return r
}

// vtx appends a vertex and returns its index.
func (dl *DrawList) vtx(x, y float64, c Color) uint32 {
	dl.verts = append(dl.verts, Vertex{float32(x), float32(y), c})
	return uint32(len(dl.verts) - 1)
}

// tri appends one triangle of existing vertices to the open primitive.
func (dl *DrawList) tri(a, b, c uint32) {
	ld := &dl.layers[dl.cur]
	ld.idx = append(ld.idx, a, b, c)
}

// triScreen emits a screen-space triangle unless it lies entirely outside
// the viewport (the 2D cull) or contains a non-finite coordinate.
func (dl *DrawList) triScreen(ax, ay, bx, by, cx, cy float64, c Color) {
	minX, maxX := min(ax, bx, cx), max(ax, bx, cx)
	minY, maxY := min(ay, by, cy), max(ay, by, cy)
	if !dl.view.Viewport.RectVisible(minX, minY, maxX, maxY) || !finite(minX+maxX+minY+maxY) {
		return
	}
	i := dl.vtx(ax, ay, c)
	dl.vtx(bx, by, c)
	dl.vtx(cx, cy, c)
	dl.tri(i, i+1, i+2)
}

// triHom emits a homogeneous triangle: near-clipped, divided, 2D-culled.
func (dl *DrawList) triHom(a, b, c *mgl64.Vec4, col Color) {
	near := dl.view.Near
	if a[2] >= near && b[2] >= near && c[2] >= near {
		// The common case, read in place: copying three Vec4 arrays per
		// triangle was a measurable part of the frame.
		dl.triScreen(a[0]/a[3], a[1]/a[3], b[0]/b[3], b[1]/b[3], c[0]/c[3], c[1]/c[3], col)
		return
	}
	var out [2][3]mgl64.Vec4
	n := ClipTriangleNear(*a, *b, *c, near, &out)
	for i := range n {
		t := &out[i]
		dl.triScreen(t[0][0]/t[0][3], t[0][1]/t[0][3], t[1][0]/t[1][3], t[1][1]/t[1][3], t[2][0]/t[2][3], t[2][1]/t[2][3], col)
	}
}

// polyHom emits a convex homogeneous polygon as a clipped triangle fan.
func (dl *DrawList) polyHom(poly []mgl64.Vec4, col Color) {
	dl.poly = ClipPolygonNear(poly, dl.view.Near, dl.poly[:0])
	p := dl.poly
	for i := 2; i < len(p); i++ {
		dl.triScreen(p[0][0]/p[0][3], p[0][1]/p[0][3], p[i-1][0]/p[i-1][3], p[i-1][1]/p[i-1][3], p[i][0]/p[i][3], p[i][1]/p[i][3], col)
	}
}

// Triangle3D adds a world-space triangle on layer l (near-clipped; on a
// depth-sorted layer it sorts by its centroid's depth).
func (dl *DrawList) Triangle3D(l Layer, a, b, c mgl64.Vec3, col Color) {
	dl.begin(l)
	v := &dl.view
	ha, hb, hc := v.Project(a), v.Project(b), v.Project(c)
	dl.addDepth((ha[2] + hb[2] + hc[2]) / 3)
	if l.DepthSorted() { // only sorted layers keep an occluder: skip building it
		dl.setOccluder(aabbOccluder(EmptyAABB().Extend(a).Extend(b).Extend(c)))
	}
	dl.triHom(&ha, &hb, &hc, col)
	dl.end()
}

// Triangle2D adds a screen-space triangle (device pixels) on layer l.
// On a depth-sorted layer it sorts at depth 0, i.e. in front.
func (dl *DrawList) Triangle2D(l Layer, ax, ay, bx, by, cx, cy float64, col Color) {
	dl.begin(l)
	dl.triScreen(ax, ay, bx, by, cx, cy, col)
	dl.end()
}

// Rect2D adds an axis-aligned screen rectangle (device pixels) on layer l.
func (dl *DrawList) Rect2D(l Layer, x0, y0, x1, y1 float64, col Color) {
	dl.begin(l)
	dl.triScreen(x0, y0, x1, y0, x1, y1, col)
	dl.triScreen(x0, y0, x1, y1, x0, y1, col)
	dl.end()
}

func finite(f float64) bool { return f-f == 0 }
