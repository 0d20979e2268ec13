package ui

import (
	"bytes"
	"strings"

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
	f.lineH = float64(int(fontSize*lineSpacing*s + 0.5))
	return true
}

// measurer adapts a text/v2 face to render.TextMeasurer, so the scene's
// labels are placed with the metrics of the face that draws them.
type measurer struct{ face *text.GoTextFace }

func (m measurer) MeasureString(s string) float64 { return text.Advance(s, m.face) }

func (m measurer) LineMetrics() (ascent, descent float64) {
	mt := m.face.Metrics()
	return mt.HAscent, mt.HDescent
}

// slot keeps one line of text as a string that only changes when its
// bytes do: panels are rebuilt into byte buffers every tick, and text/v2
// wants strings, so a line that did not change costs no allocation.
type slot struct {
	src   string  // the text as built
	out   string  // as drawn (elided to fit)
	width float64 // the width it was fitted to
	face  *text.GoTextFace
}

// set updates the slot from b, eliding it with "…" to fit maxW device
// pixels (0: no limit). It returns the string to draw.
func (s *slot) set(b []byte, face *text.GoTextFace, maxW float64) string {
	if s.src == string(b) && s.width == maxW && s.face == face {
		return s.out
	}
	s.src, s.width, s.face = string(b), maxW, face
	s.out = elide(s.src, face, maxW)
	return s.out
}

// setString is set for a string.
func (s *slot) setString(str string, face *text.GoTextFace, maxW float64) string {
	if s.src == str && s.width == maxW && s.face == face {
		return s.out
	}
	s.src, s.width, s.face = str, maxW, face
	s.out = elide(str, face, maxW)
	return s.out
}

// elide shortens s with a trailing "…" until it fits maxW.
func elide(s string, face *text.GoTextFace, maxW float64) string {
	if maxW <= 0 || text.Advance(s, face) <= maxW {
		return s
	}
	r := []rune(s)
	lo, hi := 0, len(r) // the longest prefix that fits, by bisection
	for lo < hi {
		mid := (lo + hi + 1) / 2
		if text.Advance(string(r[:mid])+"…", face) <= maxW {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	return strings.TrimRight(string(r[:lo]), " ") + "…"
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
