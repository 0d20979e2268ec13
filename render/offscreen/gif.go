package offscreen

import (
	"image"
	"image/color"
	"image/draw"
	"image/gif"
	"io"
	"math"
)

// Quantizer maps pixels to their nearest palette entry, remembering the
// answer per colour: a frame of the scene has few distinct colours (flat
// fills and their anti-aliased edges), so after the first frames nearly
// every pixel is a lookup.
type Quantizer struct {
	pal   color.Palette
	rgb   [][3]int32
	cache map[uint32]uint8
}

// NewQuantizer maps to pal (at most MaxColors entries).
func NewQuantizer(pal color.Palette) *Quantizer {
	q := &Quantizer{pal: pal, cache: make(map[uint32]uint8, 4096)}
	for _, c := range pal {
		r, g, b, _ := c.RGBA()
		q.rgb = append(q.rgb, [3]int32{int32(r >> 8), int32(g >> 8), int32(b >> 8)})
	}
	return q
}

// Index is the palette index nearest to the opaque colour r, g, b.
func (q *Quantizer) Index(r, g, b uint8) uint8 {
	key := uint32(r)<<16 | uint32(g)<<8 | uint32(b)
	if i, ok := q.cache[key]; ok {
		return i
	}
	best, bestD := 0, int32(math.MaxInt32)
	for i, p := range q.rgb {
		dr, dg, db := p[0]-int32(r), p[1]-int32(g), p[2]-int32(b)
		if d := dr*dr + dg*dg + db*db; d < bestD {
			best, bestD = i, d
		}
	}
	q.cache[key] = uint8(best)
	return uint8(best)
}

// Map writes img's pixels as palette indices into dst (same size).
func (q *Quantizer) Map(dst *image.Paletted, img *image.RGBA) {
	w, h := img.Rect.Dx(), img.Rect.Dy()
	for y := range h {
		src := img.Pix[y*img.Stride : y*img.Stride+4*w]
		out := dst.Pix[y*dst.Stride : y*dst.Stride+w]
		for x := range w {
			out[x] = q.Index(src[4*x], src[4*x+1], src[4*x+2])
		}
	}
}

// GIF collects a clip's frames as an animated GIF. The first frame is
// stored whole; each later one only as the rectangle that changed (the
// frames stay on screen, GIF disposal "none"), and an unchanged frame
// lengthens the one before: a still map under moving cars costs little.
type GIF struct {
	q       *Quantizer
	dither  bool
	fps     float64
	n       int // frames added
	g       gif.GIF
	cur     *image.Paletted // the whole picture as it now stands
	scratch *image.Paletted
}

// NewGIF starts a GIF of frames fps a second, mapped to pal; with dither,
// Floyd-Steinberg error diffusion replaces nearest-colour mapping.
func NewGIF(pal color.Palette, fps float64, dither bool) *GIF {
	return &GIF{q: NewQuantizer(pal), dither: dither, fps: fps}
}

// Add appends a frame; img may be reused after the call.
func (e *GIF) Add(img *image.RGBA) {
	r := image.Rect(0, 0, img.Rect.Dx(), img.Rect.Dy())
	if e.scratch == nil || e.scratch.Rect != r {
		e.scratch = image.NewPaletted(r, e.q.pal)
	}
	if e.dither {
		draw.FloydSteinberg.Draw(e.scratch, r, img, img.Rect.Min)
	} else {
		e.q.Map(e.scratch, img)
	}
	delay := e.delay(e.n)
	e.n++
	if e.cur == nil || e.cur.Rect != r {
		e.cur, e.scratch = e.scratch, nil
		// One global colour table: no frame repeats the palette.
		e.g.Config = image.Config{ColorModel: e.q.pal, Width: r.Dx(), Height: r.Dy()}
		e.g.Image = append(e.g.Image, e.cur)
		e.g.Delay = append(e.g.Delay, delay)
		e.g.Disposal = append(e.g.Disposal, gif.DisposalNone)
		return
	}
	ch := changed(e.cur, e.scratch)
	if ch.Empty() {
		e.g.Delay[len(e.g.Delay)-1] += delay
		return
	}
	part := image.NewPaletted(ch, e.q.pal)
	for y := ch.Min.Y; y < ch.Max.Y; y++ {
		copy(part.Pix[part.PixOffset(ch.Min.X, y):part.PixOffset(ch.Max.X, y)], e.scratch.Pix[e.scratch.PixOffset(ch.Min.X, y):e.scratch.PixOffset(ch.Max.X, y)])
		copy(e.cur.Pix[e.cur.PixOffset(ch.Min.X, y):e.cur.PixOffset(ch.Max.X, y)], part.Pix[part.PixOffset(ch.Min.X, y):part.PixOffset(ch.Max.X, y)])
	}
	e.g.Image = append(e.g.Image, part)
	e.g.Delay = append(e.g.Delay, delay)
	e.g.Disposal = append(e.g.Disposal, gif.DisposalNone)
}

// delay is frame i's delay in hundredths of a second, rounded so that the
// frames' start times never drift from i/fps (at 15 fps: 7, 6, 7, ...).
func (e *GIF) delay(i int) int {
	at := func(k int) int { return int(math.Round(float64(k) * 100 / e.fps)) }
	return max(at(i+1)-at(i), 1)
}

// changed is the smallest rectangle holding every pixel that differs
// between a and b (same bounds).
func changed(a, b *image.Paletted) image.Rectangle {
	var ch image.Rectangle
	w := a.Rect.Dx()
	for y := a.Rect.Min.Y; y < a.Rect.Max.Y; y++ {
		ra, rb := a.Pix[a.PixOffset(0, y):][:w], b.Pix[b.PixOffset(0, y):][:w]
		x0 := 0
		for x0 < w && ra[x0] == rb[x0] {
			x0++
		}
		if x0 == w {
			continue
		}
		x1 := w
		for ra[x1-1] == rb[x1-1] {
			x1--
		}
		ch = ch.Union(image.Rect(x0, y, x1, y+1))
	}
	return ch
}

// Frames is the number of frames added.
func (e *GIF) Frames() int { return e.n }

// Encode writes the GIF, looping forever.
func (e *GIF) Encode(w io.Writer) error {
	return gif.EncodeAll(w, &e.g)
}
