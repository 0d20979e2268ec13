package offscreen

import (
	"image"
	"image/color"
	"slices"

	"github.com/mm2carla/viewer/render/scenedraw"
)

// MaxColors is a GIF's palette size.
const MaxColors = 256

// SceneColors is the scene's own palette: every flat colour scenedraw
// paints, opaque and without repeats.
func SceneColors() color.Palette {
	var p color.Palette
	seen := map[color.RGBA]bool{}
	for _, c := range scenedraw.FlatColors() {
		n := c.NRGBA()
		rgba := color.RGBA{n.R, n.G, n.B, 255}
		if !seen[rgba] {
			seen[rgba] = true
			p = append(p, rgba)
		}
	}
	return p
}

// maxSamplePixels bounds the pixels the median cut looks at, whatever the
// clip's size: spread evenly over the samples, they represent it well.
const maxSamplePixels = 1 << 20

// Palette chooses a clip's palette of at most MaxColors: fixed first,
// exactly (the scene's colours), then a median cut of the other colours
// of the sample frames. Flat areas of a fixed colour stay exact; the
// anti-aliased edges, shading and recorded vehicle colours get the rest.
func Palette(fixed color.Palette, samples []*image.RGBA) color.Palette {
	pal := append(color.Palette(nil), fixed[:min(len(fixed), MaxColors)]...)
	exact := make(map[color.RGBA]bool, len(pal))
	for _, c := range pal {
		exact[rgbaOf(c)] = true
	}
	boxes := medianCut(histogram(samples, exact), MaxColors-len(pal))
	for _, b := range boxes {
		c := b.mean()
		if !exact[c] {
			exact[c] = true
			pal = append(pal, c)
		}
	}
	return pal
}

func rgbaOf(c color.Color) color.RGBA {
	r, g, b, _ := c.RGBA()
	return color.RGBA{uint8(r >> 8), uint8(g >> 8), uint8(b >> 8), 255}
}

// cell is one colour of the histogram, at 5 bits a channel, with the sums
// of the exact colours that fell in it (for the mean).
type cell struct {
	rgb     [3]uint8 // 5-bit channels, for splitting
	n       int
	r, g, b int
}

// histogram counts the colours of the samples not in exact, at 5 bits a
// channel.
func histogram(samples []*image.RGBA, exact map[color.RGBA]bool) []cell {
	total := 0
	for _, s := range samples {
		total += len(s.Pix) / 4
	}
	step := max(total/maxSamplePixels, 1)
	var bins [1 << 15]cell
	for _, s := range samples {
		for i := 0; i+3 < len(s.Pix); i += 4 * step {
			c := color.RGBA{s.Pix[i], s.Pix[i+1], s.Pix[i+2], 255}
			if exact[c] {
				continue
			}
			k := int(c.R>>3)<<10 | int(c.G>>3)<<5 | int(c.B>>3)
			b := &bins[k]
			b.n++
			b.r += int(c.R)
			b.g += int(c.G)
			b.b += int(c.B)
		}
	}
	var out []cell
	for k := range bins {
		if b := bins[k]; b.n > 0 {
			b.rgb = [3]uint8{uint8(k >> 10), uint8(k >> 5 & 31), uint8(k & 31)}
			out = append(out, b)
		}
	}
	return out
}

// box is a run of histogram cells that will become one palette colour.
type box []cell

func (b box) count() int {
	n := 0
	for _, c := range b {
		n += c.n
	}
	return n
}

func (b box) mean() color.RGBA {
	var n, r, g, bl int
	for _, c := range b {
		n, r, g, bl = n+c.n, r+c.r, g+c.g, bl+c.b
	}
	return color.RGBA{uint8(r / n), uint8(g / n), uint8(bl / n), 255}
}

// widest is the channel along which the box spreads most, and how far.
func (b box) widest() (axis, spread int) {
	for a := range 3 {
		lo, hi := uint8(31), uint8(0)
		for _, c := range b {
			lo, hi = min(lo, c.rgb[a]), max(hi, c.rgb[a])
		}
		if s := int(hi) - int(lo); s > spread || a == 0 {
			axis, spread = a, s
		}
	}
	return axis, spread
}

// medianCut splits the cells into at most k boxes: each time the box with
// the most pixels times spread is cut at its median along its widest
// channel, so busy colour ranges get more palette entries.
func medianCut(cells []cell, k int) []box {
	if len(cells) == 0 || k <= 0 {
		return nil
	}
	boxes := []box{cells}
	for len(boxes) < k {
		best, score := -1, 0
		for i, b := range boxes {
			if len(b) < 2 {
				continue
			}
			_, s := b.widest()
			if v := b.count() * (s + 1); v > score {
				best, score = i, v
			}
		}
		if best < 0 {
			break
		}
		lo, hi := split(boxes[best])
		boxes[best] = lo
		boxes = append(boxes, hi)
	}
	return boxes
}

// split cuts a box of at least two cells in two at its pixel median.
func split(b box) (box, box) {
	axis, _ := b.widest()
	slices.SortFunc(b, func(x, y cell) int { return int(x.rgb[axis]) - int(y.rgb[axis]) })
	half, acc := b.count()/2, 0
	for i := range len(b) - 1 {
		acc += b[i].n
		if acc >= half {
			return b[:i+1], b[i+1:]
		}
	}
	return b[:len(b)-1], b[len(b)-1:]
}
