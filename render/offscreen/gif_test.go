package offscreen

import (
	"bytes"
	"image"
	"image/color"
	"image/gif"
	"testing"
)

// solid is a w x h image of one colour.
func solid(w, h int, c color.RGBA) *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for i := 0; i < len(img.Pix); i += 4 {
		img.Pix[i], img.Pix[i+1], img.Pix[i+2], img.Pix[i+3] = c.R, c.G, c.B, 255
	}
	return img
}

func TestQuantizerNearest(t *testing.T) {
	pal := color.Palette{color.RGBA{0, 0, 0, 255}, color.RGBA{255, 0, 0, 255}, color.RGBA{0, 0, 255, 255}}
	q := NewQuantizer(pal)
	for _, tc := range []struct {
		r, g, b uint8
		want    uint8
	}{
		{0, 0, 0, 0}, {255, 0, 0, 1}, {200, 30, 30, 1}, {10, 10, 200, 2}, {40, 40, 40, 0},
	} {
		for range 2 { // the second answer comes from the cache
			if got := q.Index(tc.r, tc.g, tc.b); got != tc.want {
				t.Errorf("Index(%d,%d,%d) = %d, want %d", tc.r, tc.g, tc.b, got, tc.want)
			}
		}
	}
}

// TestGIFFrames: the first frame is whole, a change is stored as its
// rectangle alone, an unchanged frame lengthens the one before, and the
// delays at 15 fps add up to the clip's length.
func TestGIFFrames(t *testing.T) {
	black, red := color.RGBA{0, 0, 0, 255}, color.RGBA{255, 0, 0, 255}
	e := NewGIF(color.Palette{black, red}, 15, false)
	a := solid(40, 30, black)
	b := solid(40, 30, black)
	for y := 10; y < 14; y++ {
		for x := 5; x < 9; x++ {
			b.SetRGBA(x, y, red)
		}
	}
	for _, img := range []*image.RGBA{a, a, b, b, a} {
		e.Add(img)
	}
	if e.Frames() != 5 {
		t.Errorf("Frames() = %d, want 5", e.Frames())
	}
	var buf bytes.Buffer
	if err := e.Encode(&buf); err != nil {
		t.Fatal(err)
	}
	g, err := gif.DecodeAll(&buf)
	if err != nil {
		t.Fatal(err)
	}
	wantRects := []image.Rectangle{image.Rect(0, 0, 40, 30), image.Rect(5, 10, 9, 14), image.Rect(5, 10, 9, 14)}
	if len(g.Image) != len(wantRects) {
		t.Fatalf("%d GIF frames, want %d", len(g.Image), len(wantRects))
	}
	for i, r := range wantRects {
		if g.Image[i].Bounds() != r {
			t.Errorf("frame %d bounds %v, want %v", i, g.Image[i].Bounds(), r)
		}
	}
	// 5 frames at 15 fps start at 0, 7, 13, 20, 27 and end at 33
	// hundredths: 7+6 (merged), 7+7 (merged), 6.
	if got := g.Delay; len(got) != 3 || got[0] != 13 || got[1] != 14 || got[2] != 6 {
		t.Errorf("delays %v, want [13 14 6]", got)
	}
	if got := g.Image[2].ColorIndexAt(6, 11); got != 0 {
		t.Errorf("the last frame's pixel is index %d, want 0 (black again)", got)
	}
}

// TestPaletteKeepsFixed: the fixed colours come first and exactly; the
// median cut adds the samples' other colours up to 256, and a sample
// colour that is fixed is not repeated.
func TestPaletteKeepsFixed(t *testing.T) {
	fixed := SceneColors()
	img := image.NewRGBA(image.Rect(0, 0, 64, 64))
	for y := range 64 {
		for x := range 64 {
			img.SetRGBA(x, y, color.RGBA{uint8(x * 4), uint8(y * 4), uint8(x * y), 255})
		}
	}
	bg := fixed[0].(color.RGBA)
	img.SetRGBA(0, 0, bg)
	pal := Palette(fixed, []*image.RGBA{img})
	if len(pal) != MaxColors {
		t.Errorf("%d colours, want %d (4096 sample colours)", len(pal), MaxColors)
	}
	for i, c := range fixed {
		if pal[i] != c {
			t.Errorf("palette[%d] = %v, want the fixed %v", i, pal[i], c)
		}
	}
	seen := map[color.Color]bool{}
	for _, c := range pal {
		if seen[c] {
			t.Errorf("%v twice", c)
		}
		seen[c] = true
	}
	// A gradient's colours are spread over the cut: the worst error of
	// the nearest entry stays small.
	q := NewQuantizer(pal)
	worst := 0
	for i := 0; i < len(img.Pix); i += 4 {
		p := pal[q.Index(img.Pix[i], img.Pix[i+1], img.Pix[i+2])].(color.RGBA)
		d := max(absDiff(p.R, img.Pix[i]), absDiff(p.G, img.Pix[i+1]), absDiff(p.B, img.Pix[i+2]))
		worst = max(worst, d)
	}
	if worst > 40 {
		t.Errorf("worst channel error %d, want at most 40", worst)
	}
}

func absDiff(a, b uint8) int {
	if a > b {
		return int(a - b)
	}
	return int(b - a)
}

func TestPaletteFewColours(t *testing.T) {
	img := solid(8, 8, color.RGBA{1, 2, 3, 255})
	pal := Palette(nil, []*image.RGBA{img})
	if len(pal) != 1 || pal[0] != (color.RGBA{1, 2, 3, 255}) {
		t.Errorf("palette %v, want the one colour", pal)
	}
}
