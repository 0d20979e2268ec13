package ebitenrender

import (
	"image"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/mm2carla/viewer/render"
)

// Keeping what did not change. A DrawList paints its layers in order, the
// map's first, so while only actors move (a replay playing under a still
// camera) each frame's list starts with the very triangles of the frame
// before; when nothing moves, it is the same list. With Options.Cache and
// AntiAlias the renderer finds that common start and, once it has stayed
// (calmFrames), draws it once, 2x2 supersampled, into an image; from then
// on it draws that image and only the triangles after it, at full
// resolution. So a still frame is supersampled as without Cache, but only
// once, and a replay playing over a calm map keeps the map's smooth edges;
// while things change (the camera moves, the actors and the lights of a
// busy map) the list is drawn as it comes, at full resolution, which under
// a software rasteriser costs half of supersampling every frame.

// calmFrames is how many frames in a row the start of a list must stay
// the same before it is kept, supersampled. Keeping costs a supersampled
// frame, and drawing the kept image over the whole screen costs about
// what drawing the map's triangles does under a software rasteriser: a
// start that changes often (a map with many traffic lights, under a
// replay) is better drawn as it comes. A list that does not change at all
// is kept at once: a still frame.
const calmFrames = 30

// A start of a list is worth keeping while the rest changes only if it
// is most of the list (cachedShare of it): drawing the kept image costs
// about what drawing a map's triangles does, so only the smoothness would
// be gained, and the list is drawn faster as it comes.
const cachedShare = 0.75

// listCache is the kept image and what it holds.
type listCache struct {
	img   *ebiten.Image
	n     int             // indices drawn in img: the first n of the list it was made from
	idx   []uint32        // those indices,
	verts []render.Vertex // and the vertices they name (verts[i] for idx[i])
	prevI []uint32        // the list drawn in the frame before
	prevV []render.Vertex
	sub   []render.Vertex // scratch: the vertices of the rest of a list
	subI  []uint32
	remap []int32
	calm  int // frames in a row whose start of length calmN stayed the same
	calmN int
	kept  int // images drawn (for the frame-rate harness)
}

// cached returns how many leading indices of the list (vs, idx) the cache
// image holds, keeping more of the list first when it has stayed the same
// long enough (see calmFrames). It returns 0 when the list is to be drawn
// as it is. Only supersampled drawing keeps anything: kept at full
// resolution, the start of a list would cost as much to draw as it saves.
func (r *Renderer) cached(dst *ebiten.Image, vs []render.Vertex, idx []uint32, aa bool) int {
	c := &r.cache
	if !aa {
		c.n, c.calm = 0, 0
		return 0
	}
	b := dst.Bounds()
	held := 0
	if c.img != nil && c.img.Bounds().Dx() == b.Dx() && c.img.Bounds().Dy() == b.Dy() && c.n <= len(idx) && holds(c, vs, idx) {
		held = c.n
	}
	if held == len(idx) && held > 0 {
		c.remember(vs, idx)
		return held
	}
	same := commonStart(vs, idx, c.prevV, c.prevI)
	c.remember(vs, idx)
	switch {
	case c.calmN > 0 && same >= c.calmN:
		c.calm++
	case float64(same) >= cachedShare*float64(len(idx)):
		c.calm, c.calmN = 1, same
	default:
		c.calm, c.calmN = 0, 0
	}
	switch {
	case same == len(idx) && same > held:
		r.keep(b, vs, idx)
		return same
	case c.calm >= calmFrames && c.calmN > held:
		r.keep(b, vs, idx[:c.calmN])
		return c.calmN
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
// bounds b), supersampled.
func (r *Renderer) keep(b image.Rectangle, vs []render.Vertex, idx []uint32) {
	c := &r.cache
	if c.img == nil || c.img.Bounds().Dx() != b.Dx() || c.img.Bounds().Dy() != b.Dy() {
		if c.img != nil {
			c.img.Deallocate()
		}
		c.img = ebiten.NewImage(b.Dx(), b.Dy())
	}
	c.img.Clear()
	r.drawSupersampled(c.img, vs, idx)
	c.n = len(idx)
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
