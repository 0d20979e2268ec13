package render

import "image/color"

// Color is a straight-alpha (non-premultiplied) RGBA colour with float32
// channels in [0, 1]: the layout Ebitengine's vertex colours use by
// default, so backends copy it without conversion.
type Color struct{ R, G, B, A float32 }

// RGB returns an opaque colour from 8-bit channels.
func RGB(r, g, b uint8) Color { return RGBA(r, g, b, 255) }

// RGBA returns a colour from 8-bit straight-alpha channels.
func RGBA(r, g, b, a uint8) Color {
	return Color{float32(r) / 255, float32(g) / 255, float32(b) / 255, float32(a) / 255}
}

// Shade multiplies the colour channels (not alpha) by k, clamping to 1;
// box faces use it for directional lighting.
func (c Color) Shade(k float32) Color {
	return Color{clamp01(c.R * k), clamp01(c.G * k), clamp01(c.B * k), c.A}
}

// WithAlpha returns c with alpha a.
func (c Color) WithAlpha(a float32) Color { c.A = a; return c }

// NRGBA converts to the standard library's straight-alpha 8-bit colour,
// rounding to nearest.
func (c Color) NRGBA() color.NRGBA {
	return color.NRGBA{to8(c.R), to8(c.G), to8(c.B), to8(c.A)}
}

func to8(v float32) uint8 { return uint8(clamp01(v)*255 + 0.5) }

func clamp01(v float32) float32 {
	switch {
	case v < 0 || v != v:
		return 0
	case v > 1:
		return 1
	}
	return v
}
