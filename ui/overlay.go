package ui

import (
	"image"
	"math"
	"unicode/utf8"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"

	"github.com/mm2carla/viewer/render"
	"github.com/mm2carla/viewer/render/ebitenrender"
)

// overlay is the 2D furniture of one frame (panels, timeline, status,
// notices, help) as a display list: Update fills it, Draw only replays it.
// Its buffers are reused, so once grown a frame allocates nothing.
type overlay struct {
	layers [2]overlayLayer // 0: panels and bars; 1: the help and the prompt, on top
	arena  []byte          // the bytes of the frame's rune-by-rune texts
	// glyphOp is Draw's scratch for the glyphs of those texts.
	glyphOp ebiten.DrawImageOptions
}

type overlayLayer struct {
	verts []ebiten.Vertex
	idx   []uint32
	texts []textItem
}

// textItem is one line of text at a top-left position: a string drawn
// whole, or (rs set) arena[a:b] drawn rune by rune.
type textItem struct {
	s     string
	a, b  int
	rs    *runes
	x, y  float64 // top-left of the line box, device pixels
	w     float64 // its width
	face  *text.GoTextFace
	color render.Color
}

func (o *overlay) reset() {
	o.arena = o.arena[:0]
	for i := range o.layers {
		l := &o.layers[i]
		l.verts, l.idx, l.texts = l.verts[:0], l.idx[:0], l.texts[:0]
	}
}

// rect adds a filled rectangle to layer z.
func (o *overlay) rect(z int, r rect, c render.Color) { o.layers[z].rect(r, c) }

// rect adds a filled rectangle.
func (l *overlayLayer) rect(r rect, c render.Color) {
	if r.x1 <= r.x0 || r.y1 <= r.y0 || c.A == 0 {
		return
	}
	n := uint32(len(l.verts))
	for _, p := range [4][2]float64{{r.x0, r.y0}, {r.x1, r.y0}, {r.x1, r.y1}, {r.x0, r.y1}} {
		l.verts = append(l.verts, ebiten.Vertex{
			DstX: float32(p[0]), DstY: float32(p[1]), SrcX: 1.5, SrcY: 1.5,
			ColorR: c.R, ColorG: c.G, ColorB: c.B, ColorA: c.A,
		})
	}
	l.idx = append(l.idx, n, n+1, n+2, n, n+2, n+3)
}

// frame adds a rectangle's outline of width t.
func (o *overlay) frame(z int, r rect, t float64, c render.Color) {
	o.rect(z, rect{r.x0, r.y0, r.x1, r.y0 + t}, c)
	o.rect(z, rect{r.x0, r.y1 - t, r.x1, r.y1}, c)
	o.rect(z, rect{r.x0, r.y0 + t, r.x0 + t, r.y1 - t}, c)
	o.rect(z, rect{r.x1 - t, r.y0 + t, r.x1, r.y1 - t}, c)
}

// tri adds a filled triangle.
func (o *overlay) tri(z int, ax, ay, bx, by, cx, cy float64, c render.Color) {
	l := &o.layers[z]
	n := uint32(len(l.verts))
	for _, p := range [3][2]float64{{ax, ay}, {bx, by}, {cx, cy}} {
		l.verts = append(l.verts, ebiten.Vertex{
			DstX: float32(p[0]), DstY: float32(p[1]), SrcX: 1.5, SrcY: 1.5,
			ColorR: c.R, ColorG: c.G, ColorB: c.B, ColorA: c.A,
		})
	}
	l.idx = append(l.idx, n, n+1, n+2)
}

// text adds a line whose box's top-left corner is at x, y.
func (o *overlay) text(z int, s string, x, y float64, face *text.GoTextFace, c render.Color) {
	if s == "" {
		return
	}
	o.layers[z].texts = append(o.layers[z].texts, textItem{s: s, x: x, y: y, w: text.Advance(s, face), face: face, color: c})
}

// run adds changing text (bytes built this tick) drawn rune by rune,
// shortened with "…" to fit maxW (0: no limit). It returns its width.
func (o *overlay) run(z int, b []byte, x, y float64, rs *runes, maxW float64, c render.Color) float64 {
	a := len(o.arena)
	o.arena = append(o.arena, b...)
	return o.fitRun(z, a, x, y, rs, maxW, c)
}

// str is run for a string.
func (o *overlay) str(z int, s string, x, y float64, rs *runes, maxW float64, c render.Color) float64 {
	a := len(o.arena)
	o.arena = append(o.arena, s...)
	return o.fitRun(z, a, x, y, rs, maxW, c)
}

// fitRun measures arena[a:], cuts it to fit maxW and adds the item.
func (o *overlay) fitRun(z, a int, x, y float64, rs *runes, maxW float64, c render.Color) float64 {
	w, cut, cutW := 0.0, -1, 0.0
	for i := a; i < len(o.arena); {
		r, n := utf8.DecodeRune(o.arena[i:])
		_, adv := rs.glyph(r)
		if maxW > 0 && cut < 0 && w+adv+rs.ellipsis > maxW {
			cut, cutW = i, w // where "…" goes if the rest does not fit
		}
		w += adv
		if maxW > 0 && w > maxW {
			o.arena = append(o.arena[:cut], "…"...)
			w = cutW + rs.ellipsis
			break
		}
		i += n
	}
	if end := len(o.arena); end > a {
		o.layers[z].texts = append(o.layers[z].texts, textItem{a: a, b: end, rs: rs, x: x, y: y, w: w, face: rs.face, color: c})
	}
	return w
}

// draw replays the overlay onto dst: per layer, the shapes in one batch,
// then the text. over, when not nil, is told every rectangle painted (the
// scene's renderer copies its kept image back there next frame).
func (o *overlay) draw(dst *ebiten.Image, white *ebiten.Image, opts *text.DrawOptions, over func(image.Rectangle)) {
	gop := &o.glyphOp
	if over != nil {
		o.paints(over)
	}
	for i := range o.layers {
		l := &o.layers[i]
		if len(l.idx) > 0 {
			dst.DrawTriangles32(l.verts, l.idx, white, nil)
		}
		for j := range l.texts {
			t := &l.texts[j]
			opts.GeoM.Reset()
			opts.GeoM.Translate(t.x, t.y)
			opts.ColorScale.Reset()
			opts.ColorScale.Scale(t.color.R*t.color.A, t.color.G*t.color.A, t.color.B*t.color.A, t.color.A)
			if t.rs == nil {
				text.Draw(dst, t.s, t.face, opts)
				continue
			}
			gop.ColorScale = opts.ColorScale
			x := t.x
			for i := t.a; i < t.b; {
				r, n := utf8.DecodeRune(o.arena[i:t.b])
				i += n
				gl, adv := t.rs.lookup(r)
				ebitenrender.DrawGlyphs(dst, gl, x, t.y, gop)
				x += adv
			}
		}
	}
}

// paints tells over the bounds of every triangle and line of text.
func (o *overlay) paints(over func(image.Rectangle)) {
	for i := range o.layers {
		l := &o.layers[i]
		for k := 0; k+2 < len(l.idx); k += 3 {
			a, b, c := &l.verts[l.idx[k]], &l.verts[l.idx[k+1]], &l.verts[l.idx[k+2]]
			over(outward(float64(min(a.DstX, b.DstX, c.DstX)), float64(min(a.DstY, b.DstY, c.DstY)),
				float64(max(a.DstX, b.DstX, c.DstX)), float64(max(a.DstY, b.DstY, c.DstY))))
		}
		for j := range l.texts {
			t := &l.texts[j]
			m := t.face.Metrics()
			over(outward(t.x, t.y, t.x+t.w, t.y+m.HLineGap+m.HAscent+m.HDescent))
		}
	}
}

// outward is the smallest integer rectangle holding the box.
func outward(x0, y0, x1, y1 float64) image.Rectangle {
	return image.Rect(int(math.Floor(x0)), int(math.Floor(y0)), int(math.Ceil(x1)), int(math.Ceil(y1)))
}

// newWhite returns the 3x3 white image shapes are drawn with (sampling its
// centre pixel, so filtering never reaches an edge).
func newWhite() *ebiten.Image {
	img := ebiten.NewImage(3, 3)
	img.Fill(colorWhite)
	return img
}
