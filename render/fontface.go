package render

import (
	"unicode/utf8"

	"golang.org/x/image/font"
	"golang.org/x/image/font/basicfont"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"
)

// TextMeasurer measures single-line text in device pixels. It is all the
// label placer needs from a font, kept this small so the Ebitengine text
// layer and the software backend can share one placement.
type TextMeasurer interface {
	// MeasureString returns the advance width of s.
	MeasureString(s string) float64
	// LineMetrics returns the ascent and descent of a line (both >= 0).
	LineMetrics() (ascent, descent float64)
}

// FixedMeasurer is a monospace TextMeasurer with fixed metrics: every rune
// advances Advance pixels. It needs no font, which makes it handy in tests
// and as a fallback.
type FixedMeasurer struct{ Advance, Ascent, Descent float64 }

// MeasureString implements TextMeasurer.
func (f FixedMeasurer) MeasureString(s string) float64 {
	return float64(utf8.RuneCountInString(s)) * f.Advance
}

// LineMetrics implements TextMeasurer.
func (f FixedMeasurer) LineMetrics() (ascent, descent float64) { return f.Ascent, f.Descent }

// FontFace adapts a golang.org/x/image/font.Face to TextMeasurer. The same
// Face draws the text in the software backend, and Ebitengine's
// text/v2.NewGoXFace accepts it too. Like font.Face it is not safe for
// concurrent use.
type FontFace struct {
	face            font.Face
	ascent, descent float64
}

// NewFontFace wraps face.
func NewFontFace(face font.Face) *FontFace {
	m := face.Metrics()
	return &FontFace{face: face, ascent: fix2f(m.Ascent), descent: fix2f(m.Descent)}
}

// NewBasicFace returns the 7x13 bitmap face of golang.org/x/image/font/
// basicfont: always available, crisp at 1:1 and byte-for-byte
// deterministic. It does not scale with the device factor, so it serves
// tests; the viewer draws with NewGoFace.
func NewBasicFace() *FontFace { return NewFontFace(basicfont.Face7x13) }

// NewGoFace returns Go Regular at sizePx device pixels (pass the logical
// size times the device scale factor, so text stays sharp on high-DPI
// screens). Hinting is full so that small labels snap to whole pixels.
func NewGoFace(sizePx float64) (*FontFace, error) {
	f, err := opentype.Parse(goregular.TTF)
	if err != nil {
		return nil, err
	}
	face, err := opentype.NewFace(f, &opentype.FaceOptions{Size: sizePx, DPI: 72, Hinting: font.HintingFull})
	if err != nil {
		return nil, err
	}
	return NewFontFace(face), nil
}

// Face returns the wrapped face, for drawing.
func (f *FontFace) Face() font.Face { return f.face }

// MeasureString implements TextMeasurer.
func (f *FontFace) MeasureString(s string) float64 {
	return fix2f(font.MeasureString(f.face, s))
}

// LineMetrics implements TextMeasurer.
func (f *FontFace) LineMetrics() (ascent, descent float64) { return f.ascent, f.descent }

func fix2f(v fixed.Int26_6) float64 { return float64(v) / 64 }
