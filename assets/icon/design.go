package icon

import (
	"image"
	"image/color"
	"math"
)

// The design, in fractions of the icon's side (y down). A lane comes in at
// the lower left, bends up and leaves at the right; a car box sits on it
// halfway, turned along it; a red dot in the free upper-left corner says
// "recording". Widths have floors in pixels so that at 16 px the road and
// the car stay whole pixels wide instead of fading to grey.
var (
	// The lane's centre line: a cubic Bézier, running past the tile's
	// edges so that its ends are cut square by the tile.
	laneA = [2]float64{-0.15, 0.86}
	laneB = [2]float64{0.42, 0.98}
	laneC = [2]float64{0.50, 0.26}
	laneD = [2]float64{1.15, 0.30}
)

const (
	tileMargin = 0.04 // around the tile, from 48 px up (smaller sizes use every pixel)
	tileRadius = 0.19 // the tile's corners

	roadWidth   = 0.34 // across the lane
	roadMinPx   = 5
	edgeWidth   = 0.022 // the road's white edge lines, from 48 px
	dashWidth   = 0.025 // the centre dashes, from 48 px (at 32 px they are a dotted blur)
	dashLength  = 0.09
	dashPeriod  = 0.16
	carAt       = 0.52 // where the car sits, as a fraction of the lane's length
	carLength   = 0.36
	carWidth    = 0.22
	carMinPx    = 4 // across, at least
	carRadius   = 0.035
	glassAt     = 0.08  // the windscreen's distance ahead of the car's centre
	glassLength = 0.075 // along the car
	recX, recY  = 0.25, 0.25
	recRadius   = 0.105
	recMinPx    = 2
)

var (
	tileTop    = color.RGBA{0x33, 0x41, 0x55, 0xff}
	tileBottom = color.RGBA{0x16, 0x1b, 0x23, 0xff}
	roadColor  = color.RGBA{0x6a, 0x72, 0x80, 0xff}
	edgeColor  = color.RGBA{0xd8, 0xdc, 0xe2, 0xff}
	dashColor  = color.RGBA{0xf0, 0xc8, 0x3c, 0xff}
	carColor   = color.RGBA{0x6f, 0xd3, 0xff, 0xff} // the window's accent colour
	carShadow  = color.RGBA{0x0c, 0x0f, 0x14, 0xc0}
	glassColor = color.RGBA{0x1b, 0x3a, 0x4d, 0xff}
	recColor   = color.RGBA{0xff, 0x45, 0x3a, 0xff}
)

// render draws the design at one size.
func render(size int) *image.RGBA {
	s := float64(size)
	dst := image.NewRGBA(image.Rect(0, 0, size, size))

	m := 0.0
	if size >= 48 {
		m = math.Round(tileMargin * s)
	}
	tile := mask(size, func(p pen) { p.roundRect(m, m, s-m, s-m, tileRadius*(s-2*m)) })
	paint(dst, tile, gradient(size, m, s-m))

	lane := cubic(scale(laneA, s), scale(laneB, s), scale(laneC, s), scale(laneD, s), 256)
	L := lane.length()
	rw := max(roadWidth*s, roadMinPx)
	layer := func(c color.Color, add func(p pen)) {
		l := mask(size, add)
		clip(l, tile)
		paint(dst, l, image.NewUniform(c))
	}
	layer(roadColor, func(p pen) { lane.strip(p, 0, L, -rw/2, rw/2) })
	if size >= 48 {
		e := edgeWidth * s
		in := rw/2 - 1.6*e // the edge lines sit just inside the road's edge
		layer(edgeColor, func(p pen) {
			lane.strip(p, 0, L, -in-e, -in)
			lane.strip(p, 0, L, in, in+e)
		})
	}
	if size >= 48 {
		dw := dashWidth * s
		layer(dashColor, func(p pen) {
			for a := 0.0; a < L; a += dashPeriod * s {
				lane.strip(p, a, min(a+dashLength*s, L), -dw/2, dw/2)
			}
		})
	}
	drawCar(dst, size, lane, layer)

	rr := max(recRadius*s, recMinPx)
	layer(recColor, func(p pen) { p.circle(recX*s, recY*s, rr) })
	return dst
}

// drawCar puts the car box on the lane, turned along it, with a shadow
// that lifts it off the road from 32 px and a windscreen from 48 px.
func drawCar(dst *image.RGBA, size int, lane polyline, layer func(color.Color, func(pen))) {
	s := float64(size)
	x, y, dx, dy := lane.point(carAt * lane.length())
	f := at(x, y, dx, dy)
	hl := carLength * s / 2
	hw := max(carWidth*s, carMinPx) / 2
	r := carRadius * s
	if size >= 32 {
		o := 0.02 * s
		sf := frame{f.ox + o*0.6, f.oy + o, f.ux, f.uy}
		layer(carShadow, func(p pen) { pen{p.z, sf}.roundRect(-hl, -hw, hl, hw, r) })
	}
	layer(carColor, func(p pen) { pen{p.z, f}.roundRect(-hl, -hw, hl, hw, r) })
	if size >= 48 {
		g0 := glassAt * s
		inset := 0.035 * s
		layer(glassColor, func(p pen) {
			pen{p.z, f}.roundRect(g0, -hw+inset, g0+glassLength*s, hw-inset, r/2)
		})
	}
}

func scale(p [2]float64, s float64) [2]float64 { return [2]float64{p[0] * s, p[1] * s} }

// gradient is the tile's vertical shading, lighter at the top, between
// pixel rows y0 and y1, as a picture of its own: the painter reads an
// *image.RGBA source without a call per pixel.
func gradient(size int, y0, y1 float64) *image.RGBA {
	g := image.NewRGBA(image.Rect(0, 0, size, size))
	mix := func(a, b uint8, t float64) uint8 { return uint8(float64(a) + t*(float64(b)-float64(a)) + 0.5) }
	for y := range size {
		t := min(max((float64(y)+0.5-y0)/(y1-y0), 0), 1)
		c := [4]uint8{mix(tileTop.R, tileBottom.R, t), mix(tileTop.G, tileBottom.G, t), mix(tileTop.B, tileBottom.B, t), 0xff}
		row := g.Pix[y*g.Stride : y*g.Stride+4*size]
		for x := 0; x < len(row); x += 4 {
			copy(row[x:x+4], c[:])
		}
	}
	return g
}
