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
// AntiAlias the renderer finds that common start, cut at the end of a
// layer (DrawList.LayerEnd), and once it has stayed (calmFrames) draws it
// once, 2x2 supersampled, over the background into an image; from then on
// it copies that image over the frame and draws only the triangles after
// it, at full resolution. So a still frame is supersampled as without
// Cache, but only once, and a replay playing over a calm map keeps the
// map's smooth edges; while the camera moves the list is drawn as it
// comes, at full resolution, which under a software rasteriser costs half
// of supersampling every frame.
//
// Why whole layers: the lights' stop lines (LayerSignal) change colour
// now and then under a replay; a start cut at the first changed triangle
// would shrink with each change and be drawn again after each, a
// supersampled drawing every few seconds, where the layers below the
// signals stay the same for good. Why the kept image is worth it however
// short the start: it holds the background, so copying it costs the pass
// over the screen that filling the background would (docs/PERFORMANCE.md:
// each such pass costs several milliseconds under Xvfb's llvmpipe).

// calmFrames is how many frames in a row the start of a list must stay
// the same before it is kept, supersampled: keeping costs a supersampled
// drawing, a waste for a start that changes every few frames. A list that
// does not change at all is kept at once (a still frame), unless the
// caller says a replay is playing (Options.Playing): then the next step
// will change it.
const calmFrames = 30

// listCache is the kept image and what it holds.
type listCache struct {
	img   *ebiten.Image
	n     int             // indices drawn in img: the first n of the list it was made from
	bg    render.Color    // the background under them (transparent: none)
	verts []render.Vertex // the vertices of those indices, in order (verts[i] for the i-th)
	prevI []uint32        // the list drawn in the frame before
	prevV []render.Vertex
	sub   []render.Vertex // scratch: the vertices of the rest of a list
	subI  []uint32
	remap []int32
	calm  [render.NumLayers]int // frames in a row the list up to each layer's end stayed the same
	wait  [render.NumLayers]int // frames each layer must stay before it is kept (backOff; 0: calmFrames)
	kept  int                   // images drawn (for the frame-rate harness)
}

// cached returns how many leading indices of the list (vs, idx) the cache
// image holds, keeping more of the list first when it has stayed the same
// long enough (see calmFrames). It returns 0 when the list is to be drawn
// as it is. Only supersampled drawing keeps anything: kept at full
// resolution, the start of a list would cost as much to draw as it saves.
func (r *Renderer) cached(dst *ebiten.Image, dl *render.DrawList, aa, playing bool, bg render.Color) int {
	vs, idx := dl.Vertices(), dl.Indices()
	c := &r.cache
	if !aa {
		c.n, c.calm = 0, [render.NumLayers]int{}
		return 0
	}
	b := dst.Bounds()
	held := 0
	if c.img != nil && c.img.Bounds().Dx() == b.Dx() && c.img.Bounds().Dy() == b.Dy() && c.n <= len(idx) && c.bg == bg && holds(c, vs, idx) {
		held = c.n
	}
	if held == len(idx) && held > 0 {
		c.remember(vs, idx)
		return held
	}
	same := commonStart(vs, idx, c.prevV, c.prevI)
	c.remember(vs, idx)
	c.backOff(dl, same, held)
	n := c.calmStart(dl, same)
	// A list drawn again unchanged is a still frame, kept whole at once;
	// while a replay plays it is only a pause between two of its steps
	// (the window ticks faster than a 20 Hz recording), kept when it
	// has stayed calmFrames like any start.
	if same == len(idx) && same > held && !playing {
		r.keep(b, vs, idx, bg)
		return same
	}
	if n > held {
		r.keep(b, vs, idx[:n], bg)
		return n
	}
	return held
}

// backOff makes a layer whose change undid the kept image wait twice as
// long before it is kept again (up to maxCalmFrames): the lights' stop
// lines stay a few seconds, then change, and keeping them each time
// would cost a supersampled drawing every few seconds. A frame where
// everything changed (the camera moved) forgets the waits.
func (c *listCache) backOff(dl *render.DrawList, same, held int) {
	if same == 0 {
		c.wait = [render.NumLayers]int{}
		return
	}
	if c.n == 0 || held > 0 || same >= c.n {
		return // nothing kept, or the kept start still holds
	}
	for l := range render.NumLayers {
		if dl.LayerEnd(l) > same {
			c.wait[l] = min(2*max(c.wait[l], calmFrames), maxCalmFrames)
			return
		}
	}
}

// maxCalmFrames bounds how long a layer that changes now and then waits
// to be kept (backOff): 10 s at 60 frames a second.
const maxCalmFrames = 600

// calmStart counts, for each layer, the frames in a row in which the list
// up to that layer's end stayed the same (the first same indices did),
// and returns the longest such start that has stayed long enough (calmFrames,
// or longer after backOff), or 0.
func (c *listCache) calmStart(dl *render.DrawList, same int) int {
	best, need := 0, calmFrames
	for l := range render.NumLayers {
		need = max(need, c.wait[l]) // a start holds every layer below its end
		end := dl.LayerEnd(l)
		if end == 0 || end > same {
			c.calm[l] = 0
			continue
		}
		c.calm[l]++
		if c.calm[l] >= need {
			best = max(best, end)
		}
	}
	return best
}

// holds reports whether the first c.n indices of the list paint the
// triangles the cache image was drawn from (by their vertices, as
// commonStart compares).
func holds(c *listCache, vs []render.Vertex, idx []uint32) bool {
	for i, k := range idx[:len(c.verts)] {
		if int(k) >= len(vs) || vs[k] != c.verts[i] {
			return false
		}
	}
	return true
}

// commonStart returns how many leading indices (whole triangles) of two
// lists paint the same triangles: the same vertices, whatever their
// numbers. A list numbers its vertices in the order the shapes were
// added, every layer mixed, so a shape whose vertex count changes (a
// trail growing) renumbers the still ground added after it.
func commonStart(vs []render.Vertex, idx []uint32, pv []render.Vertex, pi []uint32) int {
	n := min(len(idx), len(pi))
	i := 0
	for ; i < n; i++ {
		k, pk := idx[i], pi[i]
		if int(k) >= len(vs) || int(pk) >= len(pv) || vs[k] != pv[pk] {
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
func (r *Renderer) keep(b image.Rectangle, vs []render.Vertex, idx []uint32, bg render.Color) {
	c := &r.cache
	if c.img == nil || c.img.Bounds().Dx() != b.Dx() || c.img.Bounds().Dy() != b.Dy() {
		if c.img != nil {
			c.img.Deallocate()
		}
		c.img = ebiten.NewImage(b.Dx(), b.Dy())
	}
	c.img.Clear()
	r.fill(c.img, bg)
	c.bg = bg
	r.drawSupersampled(c.img, vs, idx)
	c.n = len(idx)
	c.kept++
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

// Kept says how many images the cache has drawn since the Renderer was
// made, and how many leading indices of the last list the current one
// holds: for frame-rate harnesses, which tell a kept map from one drawn
// every frame by it.
func (r *Renderer) Kept() (images, held int) { return r.cache.kept, r.cache.n }
