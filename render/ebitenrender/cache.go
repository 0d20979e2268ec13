package ebitenrender

import (
	"image"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/mm2carla/viewer/render"
)

// Keeping what did not change. A DrawList paints its layers in order, the
// map's first, so while only actors move (a replay playing under a still
// camera) each frame's list starts with the very triangles of the frame
// before; when nothing moves, it is the same list. With Options.Cache the
// renderer finds that common start, draws it once into an image (2x2
// supersampled if AntiAlias) and from then on draws that image and only
// the triangles after it. Under a software rasteriser the fill is the cost
// of a frame: the map's overlapping roads, sidewalks and lanes become one
// image drawn once a frame, and the map keeps supersampled edges while
// actors move; a still frame is supersampled whole, as without Cache. A
// moving camera changes every vertex, so nothing is kept and the list is
// drawn at full resolution, without supersampling: the frame rate holds
// while dragging.

// calmFrames is how many frames in a row the kept image must serve before
// it is drawn again supersampled. A list whose start changes often (the
// map's traffic lights, under a replay with many of them) is kept at full
// resolution, so that each change costs about one ordinary frame; once it
// has stayed a while, one supersampled frame makes it smooth. A list that
// does not change at all is supersampled at once: a still frame.
const calmFrames = 30

// minCached is the least share of a list's indices worth keeping in an
// image: keeping costs a supersampled frame, and a short common start
// (the grid under a moving camera, say) would be kept and dropped again
// and again.
const minCached = 4

// listCache is the kept image and what it holds.
type listCache struct {
	img    *ebiten.Image
	smooth bool            // img is supersampled
	n      int             // indices drawn in img: the first n of the list it was made from
	idx    []uint32        // those indices,
	verts  []render.Vertex // and the vertices they name (verts[i] for idx[i])
	prevI  []uint32        // the list drawn in the frame before
	prevV  []render.Vertex
	sub    []render.Vertex // scratch: the vertices of the rest of a list
	subI   []uint32
	remap  []int32
	calm   int // frames in a row the image has served
	kept   int // images drawn (for the frame-rate harness)
}

// cached returns how many leading indices of the list (vs, idx) the cache
// image holds, updating it first when more of the list is unchanged since
// the frame before than it holds. It returns 0 when the image is not to be
// used.
func (r *Renderer) cached(dst *ebiten.Image, vs []render.Vertex, idx []uint32, aa bool) int {
	c := &r.cache
	b := dst.Bounds()
	fits := c.img != nil && (aa || !c.smooth) && c.img.Bounds().Dx() == b.Dx() && c.img.Bounds().Dy() == b.Dy()
	held := 0
	if fits && c.n <= len(idx) && holds(c, vs, idx) {
		held = c.n
	}
	if held == 0 {
		c.calm = 0
	} else {
		c.calm++
	}
	if held == len(idx) && held > 0 {
		c.remember(vs, idx)
		return held
	}
	same := commonStart(vs, idx, c.prevV, c.prevI)
	c.remember(vs, idx)
	smooth := aa && (same == len(idx) || c.calm >= calmFrames)
	switch {
	case same > held && (same == len(idx) || same*minCached >= len(idx)):
		r.keep(b, vs, idx[:same], smooth)
		return same
	case held > 0 && smooth && !c.smooth:
		r.keep(b, vs, idx[:held], true)
	}
	return held
}

// holds reports whether the first c.n indices of the list are those the
// cache image was drawn from.
func holds(c *listCache, vs []render.Vertex, idx []uint32) bool {
	for i, k := range c.idx {
		if idx[i] != k || int(k) >= len(vs) || vs[k] != c.verts[i] {
			return false
		}
	}
	return true
}

// commonStart returns how many leading indices (whole triangles) of two
// lists name the same vertices.
func commonStart(vs []render.Vertex, idx []uint32, pv []render.Vertex, pi []uint32) int {
	n := min(len(idx), len(pi))
	i := 0
	for ; i < n; i++ {
		k := idx[i]
		if k != pi[i] || int(k) >= len(vs) || int(k) >= len(pv) || vs[k] != pv[k] {
			break
		}
	}
	return i - i%3
}

// remember copies the list drawn this frame, for the next one.
func (c *listCache) remember(vs []render.Vertex, idx []uint32) {
	c.prevI = append(c.prevI[:0], idx...)
	c.prevV = append(c.prevV[:0], vs...)
}

// keep draws the triangles idx of vs into the cache image (the size of
// bounds b), supersampled if smooth.
func (r *Renderer) keep(b image.Rectangle, vs []render.Vertex, idx []uint32, smooth bool) {
	c := &r.cache
	if c.img == nil || c.img.Bounds().Dx() != b.Dx() || c.img.Bounds().Dy() != b.Dy() {
		if c.img != nil {
			c.img.Deallocate()
		}
		c.img = ebiten.NewImage(b.Dx(), b.Dy())
	}
	c.img.Clear()
	if smooth {
		r.drawSupersampled(c.img, vs, idx)
	} else {
		r.drawTriangles(c.img, vs, idx, 1, image.Point{})
	}
	c.smooth, c.n = smooth, len(idx)
	if !smooth {
		c.calm = 0
	}
	c.kept++
	c.idx = append(c.idx[:0], idx...)
	c.verts = c.verts[:0]
	for _, k := range idx {
		c.verts = append(c.verts, vs[k])
	}
}

// drawRest draws the triangles idx of vs, taking only the vertices they
// name: the rest of a list is small (the actors), the list's vertices
// many.
func (r *Renderer) drawRest(dst *ebiten.Image, vs []render.Vertex, idx []uint32) {
	c := &r.cache
	if len(c.remap) < len(vs) {
		c.remap = make([]int32, len(vs), len(vs)+len(vs)/4)
	}
	c.sub, c.subI = c.sub[:0], c.subI[:0]
	for _, k := range idx {
		if c.remap[k] == 0 {
			c.sub = append(c.sub, vs[k])
			c.remap[k] = int32(len(c.sub))
		}
		c.subI = append(c.subI, uint32(c.remap[k]-1))
	}
	for _, k := range idx {
		c.remap[k] = 0
	}
	r.drawTriangles(dst, c.sub, c.subI, 1, dst.Bounds().Min)
}
