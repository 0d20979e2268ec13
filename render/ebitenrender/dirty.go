package ebitenrender

import (
	"image"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/mm2carla/viewer/render"
)

// Restoring only what was painted over. When the kept image (cache.go)
// covers the frame, the frame before was that same image with the rest of
// its list, its labels and the caller's panels painted over it. A window
// that keeps its screen between frames (Ebitengine's
// SetScreenClearedEveryFrame(false)) then needs the kept image copied
// back only where those were painted: under a software rasteriser every
// pass over the screen costs milliseconds, and a replay's actors, lights,
// legend and panels cover less than half of it. The screen is cut into
// tiles of tileSize pixels; each frame marks the tiles it paints over the
// kept image (the rest's triangles and the labels here, the caller's
// panels through Over), and the next frame copies back just those, in
// one draw, before painting its own.

// tileSize is the side of a tile in device pixels: small enough that
// scattered actors mark little more than they cover, big enough that a
// frame's tiles are a few hundred quads.
const tileSize = 32

// tileMargin widens every mark, in pixels: a triangle's edge pixels,
// and glyphs that reach past a label's box, must be copied back too.
const tileMargin = 2

// dirtyTiles is what the frame before painted over the kept image.
type dirtyTiles struct {
	nx, ny int
	marked []bool // this frame's marks (the next frame copies these back)
	dst    *ebiten.Image
	bounds image.Rectangle
	kept   int  // the kept image (cache.kept) the marks were painted over
	ok     bool // dst holds that kept image but for the marked tiles

	verts   []ebiten.Vertex // scratch: the quads that copy tiles back
	idx     []uint32
	copyOpt ebiten.DrawTrianglesOptions
}

// restore makes dst the kept image again, by the marked tiles alone when
// dst is the image the frame before painted on over the same kept image,
// else whole; and starts this frame's marks.
func (r *Renderer) restore(dst *ebiten.Image) {
	d, img := &r.dirty, r.cache.img
	b := dst.Bounds()
	if d.ok && d.dst == dst && d.bounds == b && d.kept == r.cache.kept {
		d.copyBack(dst, img)
	} else {
		r.copyKept(dst, ebiten.BlendCopy)
		d.nx, d.ny = (b.Dx()+tileSize-1)/tileSize, (b.Dy()+tileSize-1)/tileSize
		if n := d.nx * d.ny; cap(d.marked) < n {
			d.marked = make([]bool, n)
		} else {
			d.marked = d.marked[:n]
		}
	}
	clear(d.marked)
	d.dst, d.bounds, d.kept, d.ok = dst, b, r.cache.kept, true
}

// copyBack copies the marked tiles of img onto dst, in one draw.
func (d *dirtyTiles) copyBack(dst, img *ebiten.Image) {
	d.verts, d.idx = d.verts[:0], d.idx[:0]
	o := d.bounds.Min
	for i, m := range d.marked {
		if !m {
			continue
		}
		x0, y0 := float32((i%d.nx)*tileSize), float32((i/d.nx)*tileSize)
		x1 := min(x0+tileSize, float32(d.bounds.Dx()))
		y1 := min(y0+tileSize, float32(d.bounds.Dy()))
		n := uint32(len(d.verts))
		for _, p := range [4][2]float32{{x0, y0}, {x1, y0}, {x1, y1}, {x0, y1}} {
			d.verts = append(d.verts, ebiten.Vertex{DstX: p[0] + float32(o.X), DstY: p[1] + float32(o.Y),
				SrcX: p[0], SrcY: p[1], ColorR: 1, ColorG: 1, ColorB: 1, ColorA: 1})
		}
		d.idx = append(d.idx, n, n+1, n+2, n, n+2, n+3)
	}
	if len(d.idx) > 0 {
		d.copyOpt.Blend = ebiten.BlendCopy
		dst.DrawTriangles32(d.verts, d.idx, img, &d.copyOpt)
	}
}

// Over marks a rectangle of dst (in its coordinates) that the caller
// paints after Draw, over the scene, so that the next Draw copies the
// kept image back there. A caller that paints dst in any other way must
// call Invalidate.
func (r *Renderer) Over(rect image.Rectangle) {
	d := &r.dirty
	if !d.ok {
		return
	}
	d.mark(float64(rect.Min.X-d.bounds.Min.X), float64(rect.Min.Y-d.bounds.Min.Y),
		float64(rect.Max.X-d.bounds.Min.X), float64(rect.Max.Y-d.bounds.Min.Y))
}

// Invalidate tells the Renderer that dst was painted outside Draw and
// Over (a plain fill, another picture): the next Draw copies the kept
// image whole.
func (r *Renderer) Invalidate() { r.dirty.ok = false }

// mark marks the tiles under a box given relative to dst's origin.
func (d *dirtyTiles) mark(x0, y0, x1, y1 float64) {
	if !(x1 >= x0 && y1 >= y0) || d.nx == 0 || d.ny == 0 { // NaN too; an empty dst
		return
	}
	tx0 := clampTile(math.Floor((x0-tileMargin)/tileSize), d.nx)
	tx1 := clampTile(math.Floor((x1+tileMargin)/tileSize), d.nx)
	ty0 := clampTile(math.Floor((y0-tileMargin)/tileSize), d.ny)
	ty1 := clampTile(math.Floor((y1+tileMargin)/tileSize), d.ny)
	for ty := ty0; ty <= ty1; ty++ {
		row := d.marked[ty*d.nx : (ty+1)*d.nx]
		for tx := tx0; tx <= tx1; tx++ {
			row[tx] = true
		}
	}
}

func clampTile(t float64, n int) int { return int(min(max(t, 0), float64(n-1))) }

// markTriangles marks the tiles under each triangle's bounding box.
func (d *dirtyTiles) markTriangles(vs []render.Vertex, idx []uint32) {
	for i := 0; i+2 < len(idx); i += 3 {
		a, b, c := vs[idx[i]], vs[idx[i+1]], vs[idx[i+2]]
		d.mark(float64(min(a.X, b.X, c.X)), float64(min(a.Y, b.Y, c.Y)),
			float64(max(a.X, b.X, c.X)), float64(max(a.Y, b.Y, c.Y)))
	}
}

// markLabels marks the tiles under the placed labels' boxes.
func (d *dirtyTiles) markLabels(labels []render.Label) {
	for i := range labels {
		if l := &labels[i]; l.Placed {
			d.mark(l.Box.MinX, l.Box.MinY, l.Box.MaxX, l.Box.MaxY)
		}
	}
}
