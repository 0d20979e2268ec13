package ui

import (
	"bytes"
	"strings"
	"unicode/utf8"

	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
)

// fonts are the window's text faces at the current device scale: Go
// Regular for panels and labels, Go Bold for titles, a smaller regular for
// the timeline's tick labels. Sizes are device pixels, so text is drawn
// 1:1 and stays sharp on high-DPI screens.
type fonts struct {
	regSrc, boldSrc *text.GoTextFaceSource
	scale           float64
	regular         *text.GoTextFace
	bold            *text.GoTextFace
	small           *text.GoTextFace
	rRegular        *runes
	rBold           *runes
	rSmall          *runes
	lineH           float64 // line height of regular, device pixels
}

func newFonts() (*fonts, error) {
	reg, err := text.NewGoTextFaceSource(bytes.NewReader(goregular.TTF))
	if err != nil {
		return nil, err
	}
	bold, err := text.NewGoTextFaceSource(bytes.NewReader(gobold.TTF))
	if err != nil {
		return nil, err
	}
	f := &fonts{regSrc: reg, boldSrc: bold}
	f.setScale(1)
	return f, nil
}

// setScale rebuilds the faces for a device scale factor; it reports
// whether anything changed.
func (f *fonts) setScale(s float64) bool {
	if s == f.scale {
		return false
	}
	f.scale = s
	f.regular = &text.GoTextFace{Source: f.regSrc, Size: fontSize * s}
	f.bold = &text.GoTextFace{Source: f.boldSrc, Size: fontSize * s}
	f.small = &text.GoTextFace{Source: f.regSrc, Size: smallFontSize * s}
	f.rRegular, f.rBold, f.rSmall = newRunes(f.regular), newRunes(f.bold), newRunes(f.small)
	f.lineH = float64(int(fontSize*lineSpacing*s + 0.5))
	return true
}

// runes draws and measures text one rune at a time, each rune a string
// made once. A panel value that changes every tick (a time, a speed)
// then costs no new string and no new shaping: text/v2 caches shaping
// per string, so drawing changing text whole would allocate every frame.
// Kerning is lost, which a UI of labels and numbers does not miss.
//
// Each rune also keeps its rasterized glyphs (text.AppendGlyphs, made
// once), which Draw draws as images: text.Draw lays a string out again at
// every call and allocates doing so, a thousand times a frame for the
// window's panels.
type runes struct {
	face     *text.GoTextFace
	str      [128]string
	adv      [128]float64
	gl       [128][]text.Glyph
	more     map[rune]int // other runes: index in extra
	extra    []runeGlyph
	ellipsis float64 // advance of "…"
}

type runeGlyph struct {
	s   string
	adv float64
	gl  []text.Glyph
}

func newRunes(face *text.GoTextFace) *runes {
	r := &runes{face: face, more: map[rune]int{}}
	for c := rune(32); c < 127; c++ {
		r.str[c] = string(c)
		r.adv[c] = text.Advance(r.str[c], face)
		r.gl[c] = text.AppendGlyphs(nil, r.str[c], face, nil)
	}
	_, r.ellipsis = r.glyph('…')
	return r
}

// glyph returns the string and advance of c, making them the first time
// c is seen (in Update; Draw uses lookup). Controls, tabs included, are
// spaces.
func (r *runes) glyph(c rune) (string, float64) {
	if s, a, ok := r.known(c); ok {
		return s, a
	}
	g := runeGlyph{s: string(c)}
	g.adv = text.Advance(g.s, r.face)
	g.gl = text.AppendGlyphs(nil, g.s, r.face, nil)
	r.more[c] = len(r.extra)
	r.extra = append(r.extra, g)
	return g.s, g.adv
}

// lookup is glyph without making anything, for Draw: a rune never
// measured draws as nothing. It gives the rune's rasterized glyphs, placed
// from the top-left of its line box.
func (r *runes) lookup(c rune) ([]text.Glyph, float64) {
	if c < 32 || c == 127 {
		c = ' '
	}
	if c < 127 {
		return r.gl[c], r.adv[c]
	}
	if i, ok := r.more[c]; ok {
		return r.extra[i].gl, r.extra[i].adv
	}
	return nil, 0
}

func (r *runes) known(c rune) (string, float64, bool) {
	if c < 32 || c == 127 {
		c = ' '
	}
	if c < 127 {
		return r.str[c], r.adv[c], true
	}
	if i, ok := r.more[c]; ok {
		return r.extra[i].s, r.extra[i].adv, true
	}
	return "", 0, false
}

// widthBytes measures b.
func (r *runes) widthBytes(b []byte) float64 {
	w := 0.0
	for i := 0; i < len(b); {
		c, n := utf8.DecodeRune(b[i:])
		_, a := r.glyph(c)
		w += a
		i += n
	}
	return w
}

// drawnWidth measures b as Draw draws it, making nothing: a rune never
// measured counts as nothing (lookup).
func (r *runes) drawnWidth(b []byte) float64 {
	w := 0.0
	for i := 0; i < len(b); {
		c, n := utf8.DecodeRune(b[i:])
		_, a := r.lookup(c)
		w += a
		i += n
	}
	return w
}

// width measures s.
func (r *runes) width(s string) float64 {
	w := 0.0
	for _, c := range s {
		_, a := r.glyph(c)
		w += a
	}
	return w
}

// wrap breaks s into lines no wider than maxW, at spaces when it can.
func wrap(s string, face *text.GoTextFace, maxW float64) []string {
	var out []string
	for _, para := range strings.Split(s, "\n") {
		words := strings.Fields(para)
		line := ""
		for _, w := range words {
			try := w
			if line != "" {
				try = line + " " + w
			}
			if line != "" && text.Advance(try, face) > maxW {
				out = append(out, line)
				try = w
			}
			for text.Advance(try, face) > maxW && len(try) > 1 { // one long word: cut it
				cut := fitPrefix(try, face, maxW)
				out = append(out, try[:cut])
				try = try[cut:]
			}
			line = try
		}
		out = append(out, line)
	}
	return out
}

// fitPrefix is the length in bytes of the longest prefix of s (at least
// one rune) that fits maxW.
func fitPrefix(s string, face *text.GoTextFace, maxW float64) int {
	best := 0
	for i := range s {
		if i > 0 && text.Advance(s[:i], face) > maxW {
			break
		}
		best = i
	}
	if best == 0 {
		for i := range s {
			if i > 0 {
				return i
			}
		}
		return len(s)
	}
	return best
}
