// Package ebitenrender draws a finished render.DrawList on an Ebitengine
// image: the triangles with one DrawTriangles32 call sampling a white
// pixel (so each vertex's colour is the colour drawn), then the placed
// labels, their background boxes and their text with Ebitengine's text/v2.
//
// It is the viewer's only 3D-to-Ebitengine code and deliberately thin:
// everything about what is drawn and in which order lives in package
// render (and render/scenedraw), which tests it without a display; the
// software backend render/raster draws the same lists into PNGs.
//
// Coordinates are device pixels, as in the DrawList: give Draw an image
// the size of the Viewport the list was built for (for the screen, lay
// the game out at device resolution, e.g. with ebiten.Game's LayoutF).
package ebitenrender

import (
	"image"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"github.com/mm2carla/viewer/render"
)

// Options control how a list is drawn.
type Options struct {
	// AntiAlias smooths triangle edges by drawing them at twice the
	// resolution into an offscreen image and scaling that down with
	// bilinear filtering (2x2 supersampling). Labels are drawn afterwards
	// at full resolution, so text stays crisp. With Cache, only the
	// triangles kept in the cache image are supersampled.
	AntiAlias bool
	// Cache, with AntiAlias, supersamples only what stays: a list drawn
	// again unchanged is supersampled once and kept in an image, a start
	// of it that stays while the rest changes (a calm map under moving
	// actors) is kept once it has stayed a while, and the rest is drawn at
	// full resolution (see cache.go). A window drawing a replay should set
	// it: a still frame looks as without it, a moving one costs half as
	// much under a software rasteriser.
	Cache bool
	// Playing tells Cache that the list changes soon, whether or not it
	// changed since the frame before (a replay playing: the window ticks
	// faster than a recording's frames come): a list drawn again unchanged
	// is then not kept whole, which the next step would undo at the cost
	// of a supersampled drawing; its calm layers are kept as they stay.
	Playing bool
	// Background, when opaque, is painted under the list first, over the
	// whole of dst: by the kept image itself when Cache keeps one (it
	// holds the background under its triangles and is copied over dst),
	// else by a fill. Under a software rasteriser every pass over the
	// screen costs several milliseconds, so a kept frame then costs one
	// pass instead of two. A transparent Background leaves dst as it is.
	Background render.Color
}

// Renderer draws DrawLists. It keeps its vertex buffers and images
// between frames, so a steady scene allocates nothing per frame on the
// Go side. It must be used from the game's goroutine (Update/Draw).
type Renderer struct {
	white *ebiten.Image // a 3x3 white image: the source of every triangle
	src   *ebiten.Image // its centre pixel
	face  *text.GoXFace
	asc   float64 // the face's ascent: text/v2 positions by the line's top
	verts []ebiten.Vertex
	idx   []uint32 // label background quads
	ss    *ebiten.Image
	cache listCache
	dirty dirtyTiles
	tri   ebiten.DrawTrianglesOptions
	down  ebiten.DrawImageOptions
	blit  ebiten.DrawImageOptions
	// glyphs are the label texts laid out (labelGlyphs), glyphOp their
	// drawing's scratch.
	glyphs  map[string][]text.Glyph
	glyphOp ebiten.DrawImageOptions
}

// whiteSrc is where every vertex samples the white source: the middle of
// its centre pixel, far from edges a filter could blend with.
const whiteSrc = 1.5

// New returns a Renderer drawing label text with face, which must be the
// face (or have the metrics of the render.TextMeasurer) the labels were
// placed with: scenedraw.LabelFace gives it. A nil face draws the label
// boxes without text. Do not use face from another goroutine meanwhile.
func New(face *render.FontFace) *Renderer {
	r := &Renderer{}
	r.SetFace(face)
	return r
}

// SetFace changes the label face (after a change of device scale, say).
func (r *Renderer) SetFace(face *render.FontFace) {
	r.face, r.glyphs = nil, nil
	if face != nil {
		r.face = text.NewGoXFace(face.Face())
		r.asc, _ = face.LineMetrics()
	}
}

// init creates the white source on first use: images are made inside the
// game loop, where Ebitengine is ready for them.
func (r *Renderer) init() {
	if r.white != nil {
		return
	}
	r.white = ebiten.NewImage(3, 3)
	r.white.Fill(whiteColor{})
	r.src = r.white.SubImage(image.Rect(1, 1, 2, 2)).(*ebiten.Image)
	r.down.Filter = ebiten.FilterLinear
}

// Draw paints dl onto dst: the triangles in the list's order, then the
// placed labels. dl must be finished (DrawList.Finish).
func (r *Renderer) Draw(dst *ebiten.Image, dl *render.DrawList, opt Options) {
	r.init()
	vs, idx := dl.Vertices(), dl.Indices()
	switch {
	case opt.Cache:
		n := r.cached(dst, dl, opt.AntiAlias, opt.Playing, opt.Background)
		switch {
		case n > 0 && opaque(r.cache.bg):
			// The kept image holds the background: it replaces what
			// dst held, copied back only where the frame before
			// painted over it (dirty.go).
			r.restore(dst)
		case n > 0:
			r.dirty.ok = false
			r.copyKept(dst, ebiten.BlendSourceOver)
		default:
			r.dirty.ok = false
			r.fill(dst, opt.Background)
		}
		if n < len(idx) {
			r.drawRest(dst, vs, idx[n:])
		}
		if r.dirty.ok {
			r.dirty.markTriangles(vs, idx[n:])
			r.dirty.markLabels(dl.Labels())
		}
	case opt.AntiAlias:
		r.dirty.ok = false
		r.fill(dst, opt.Background)
		r.drawSupersampled(dst, vs, idx)
	default:
		r.dirty.ok = false
		r.fill(dst, opt.Background)
		r.drawTriangles(dst, vs, idx, 1, dst.Bounds().Min)
	}
	r.drawLabels(dst, dl.Labels())
}

// copyKept draws the kept image over dst 1:1: nearest filtering is exact
// there and, in software, cheaper than bilinear.
func (r *Renderer) copyKept(dst *ebiten.Image, blend ebiten.Blend) {
	r.blit.GeoM.Reset()
	r.blit.GeoM.Translate(float64(dst.Bounds().Min.X), float64(dst.Bounds().Min.Y))
	r.blit.Blend = blend
	dst.DrawImage(r.cache.img, &r.blit)
}

// opaque reports whether c covers what is under it.
func opaque(c render.Color) bool { return c.A >= 1 }

// fill paints dst with an opaque bg; it leaves dst alone otherwise.
func (r *Renderer) fill(dst *ebiten.Image, bg render.Color) {
	if opaque(bg) {
		dst.Fill(bg.NRGBA())
	}
}

// drawTriangles copies the vertices, scaled by s and moved to dst's
// origin, and draws the indexed triangles.
func (r *Renderer) drawTriangles(dst *ebiten.Image, vs []render.Vertex, idx []uint32, s float32, o image.Point) {
	if len(idx) == 0 {
		return
	}
	r.verts = r.verts[:0]
	ox, oy := float32(o.X), float32(o.Y)
	for _, v := range vs {
		r.verts = append(r.verts, ebiten.Vertex{
			DstX: v.X*s + ox, DstY: v.Y*s + oy,
			SrcX: whiteSrc, SrcY: whiteSrc,
			ColorR: v.R, ColorG: v.G, ColorB: v.B, ColorA: v.A,
		})
	}
	dst.DrawTriangles32(r.verts, idx, r.src, &r.tri)
}

// drawSupersampled draws the triangles at twice the size offscreen and
// scales the result down onto dst.
func (r *Renderer) drawSupersampled(dst *ebiten.Image, vs []render.Vertex, idx []uint32) {
	b := dst.Bounds()
	w, h := 2*b.Dx(), 2*b.Dy()
	if w == 0 || h == 0 {
		return
	}
	if r.ss == nil || r.ss.Bounds().Dx() != w || r.ss.Bounds().Dy() != h {
		if r.ss != nil {
			r.ss.Deallocate()
		}
		r.ss = ebiten.NewImage(w, h)
	}
	r.ss.Clear()
	r.drawTriangles(r.ss, vs, idx, 2, image.Point{})
	r.down.GeoM.Reset()
	r.down.GeoM.Scale(0.5, 0.5)
	r.down.GeoM.Translate(float64(b.Min.X), float64(b.Min.Y))
	dst.DrawImage(r.ss, &r.down)
}

// drawLabels draws every placed label's background box (one batch; the
// placer never overlaps labels) and then its text.
func (r *Renderer) drawLabels(dst *ebiten.Image, labels []render.Label) {
	r.verts, r.idx = r.verts[:0], r.idx[:0]
	o := dst.Bounds().Min
	ox, oy := float32(o.X), float32(o.Y)
	for i := range labels {
		l := &labels[i]
		if !l.Placed || l.Background.A <= 0 {
			continue
		}
		x0, y0 := float32(math.Round(l.Box.MinX))+ox, float32(math.Round(l.Box.MinY))+oy
		x1, y1 := float32(math.Round(l.Box.MaxX))+ox, float32(math.Round(l.Box.MaxY))+oy
		n := uint32(len(r.verts))
		c := l.Background
		for _, p := range [4][2]float32{{x0, y0}, {x1, y0}, {x1, y1}, {x0, y1}} {
			r.verts = append(r.verts, ebiten.Vertex{DstX: p[0], DstY: p[1], SrcX: whiteSrc, SrcY: whiteSrc,
				ColorR: c.R, ColorG: c.G, ColorB: c.B, ColorA: c.A})
		}
		r.idx = append(r.idx, n, n+1, n+2, n, n+2, n+3)
	}
	if len(r.idx) > 0 {
		dst.DrawTriangles32(r.verts, r.idx, r.src, &r.tri)
	}
	if r.face == nil {
		return
	}
	for i := range labels {
		l := &labels[i]
		if !l.Placed || l.Text == "" {
			continue
		}
		// The baseline on a whole pixel, as render/raster draws it, so
		// hinted glyphs stay sharp and both backends agree.
		c := l.Color
		r.glyphOp.ColorScale.Reset()
		r.glyphOp.ColorScale.Scale(c.R*c.A, c.G*c.A, c.B*c.A, c.A)
		DrawGlyphs(dst, r.labelGlyphs(l.Text), math.Round(l.TextX)+float64(o.X), math.Round(l.Baseline)-r.asc+float64(o.Y), &r.glyphOp)
	}
}

// maxGlyphRuns bounds the label texts whose glyphs are kept: a scene's
// labels are a few hundred names and ids.
const maxGlyphRuns = 4096

// labelGlyphs returns s laid out with the label face, once per text:
// text.Draw lays the string out again at every call and allocates doing
// so.
func (r *Renderer) labelGlyphs(s string) []text.Glyph {
	gl, ok := r.glyphs[s]
	if !ok {
		if r.glyphs == nil || len(r.glyphs) >= maxGlyphRuns {
			r.glyphs = map[string][]text.Glyph{}
		}
		gl = text.AppendGlyphs(nil, s, r.face, nil)
		r.glyphs[s] = gl
	}
	return gl
}

// DrawGlyphs draws glyphs laid out by text.AppendGlyphs with their origin
// (the top-left of the line box) at x, y, in op's colour scale (op's
// GeoM is overwritten): text.Draw without laying the text out again.
func DrawGlyphs(dst *ebiten.Image, glyphs []text.Glyph, x, y float64, op *ebiten.DrawImageOptions) {
	for i := range glyphs {
		if g := &glyphs[i]; g.Image != nil {
			op.GeoM.Reset()
			op.GeoM.Translate(x+g.X, y+g.Y)
			dst.DrawImage(g.Image, op)
		}
	}
}

// whiteColor is opaque white without an allocation per use.
type whiteColor struct{}

func (whiteColor) RGBA() (r, g, b, a uint32) { return 0xffff, 0xffff, 0xffff, 0xffff }
