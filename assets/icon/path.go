package icon

import (
	"image"
	"image/draw"
	"math"

	"golang.org/x/image/vector"
)

// The geometry the design is built from: a pen that draws paths in a local
// frame (so a car box can be drawn upright and turned onto the lane), a
// curve flattened into a polyline measured by arc length (so dashes and
// the car are placed by distance along the lane, not by the curve's
// parameter, which bunches up in the bends), and masks that hold one
// layer's coverage so it can be clipped to the tile before it is painted.

// frame maps local coordinates to pixels: origin o, unit x axis u, y axis
// v = u turned a quarter clockwise (pixels have y down).
type frame struct{ ox, oy, ux, uy float64 }

// identity is the pixel frame itself.
var identity = frame{0, 0, 1, 0}

// at is the frame at (x, y) whose x axis points along (dx, dy).
func at(x, y, dx, dy float64) frame {
	n := math.Hypot(dx, dy)
	return frame{x, y, dx / n, dy / n}
}

func (f frame) apply(x, y float64) (float32, float32) {
	return float32(f.ox + x*f.ux - y*f.uy), float32(f.oy + x*f.uy + y*f.ux)
}

// pen draws on a rasterizer through a frame.
type pen struct {
	z *vector.Rasterizer
	f frame
}

func (p pen) moveTo(x, y float64) { p.z.MoveTo(p.f.apply(x, y)) }
func (p pen) lineTo(x, y float64) { p.z.LineTo(p.f.apply(x, y)) }
func (p pen) cubeTo(ax, ay, bx, by, x, y float64) {
	x1, y1 := p.f.apply(ax, ay)
	x2, y2 := p.f.apply(bx, by)
	x3, y3 := p.f.apply(x, y)
	p.z.CubeTo(x1, y1, x2, y2, x3, y3)
}

// kappa places a cubic's control points so that it follows a quarter
// circle to within 0.03% of the radius.
const kappa = 0.5522847498

// roundRect adds the rectangle x0,y0-x1,y1 with corners of radius r.
func (p pen) roundRect(x0, y0, x1, y1, r float64) {
	r = min(r, (x1-x0)/2, (y1-y0)/2)
	k := r * (1 - kappa)
	p.moveTo(x0+r, y0)
	p.lineTo(x1-r, y0)
	p.cubeTo(x1-k, y0, x1, y0+k, x1, y0+r)
	p.lineTo(x1, y1-r)
	p.cubeTo(x1, y1-k, x1-k, y1, x1-r, y1)
	p.lineTo(x0+r, y1)
	p.cubeTo(x0+k, y1, x0, y1-k, x0, y1-r)
	p.lineTo(x0, y0+r)
	p.cubeTo(x0, y0+k, x0+k, y0, x0+r, y0)
	p.z.ClosePath()
}

// circle adds the circle of radius r around (x, y).
func (p pen) circle(x, y, r float64) { p.roundRect(x-r, y-r, x+r, y+r, r) }

// polyline is a curve flattened to points with their distance along it.
type polyline struct {
	x, y, s []float64
}

// cubic flattens the Bézier curve a-b-c-d (pixels) into n segments.
func cubic(a, b, c, d [2]float64, n int) polyline {
	var pl polyline
	for i := 0; i <= n; i++ {
		t := float64(i) / float64(n)
		u := 1 - t
		w0, w1, w2, w3 := u*u*u, 3*u*u*t, 3*u*t*t, t*t*t
		x := w0*a[0] + w1*b[0] + w2*c[0] + w3*d[0]
		y := w0*a[1] + w1*b[1] + w2*c[1] + w3*d[1]
		s := 0.0
		if i > 0 {
			s = pl.s[i-1] + math.Hypot(x-pl.x[i-1], y-pl.y[i-1])
		}
		pl.x, pl.y, pl.s = append(pl.x, x), append(pl.y, y), append(pl.s, s)
	}
	return pl
}

// length is the curve's length in pixels.
func (pl polyline) length() float64 { return pl.s[len(pl.s)-1] }

// point is the point at distance s along the curve and the unit direction
// of travel there.
func (pl polyline) point(s float64) (x, y, dx, dy float64) {
	i := 1
	for i < len(pl.s)-1 && pl.s[i] < s {
		i++
	}
	seg := pl.s[i] - pl.s[i-1]
	t := (s - pl.s[i-1]) / seg
	dx, dy = (pl.x[i]-pl.x[i-1])/seg, (pl.y[i]-pl.y[i-1])/seg
	return pl.x[i-1] + t*(pl.x[i]-pl.x[i-1]), pl.y[i-1] + t*(pl.y[i]-pl.y[i-1]), dx, dy
}

// strip adds the part of the curve from distance a to b, widened to the
// offsets lo..hi across it (positive to the right of the direction of
// travel): the whole road, one edge line, one dash.
func (pl polyline) strip(p pen, a, b, lo, hi float64) {
	const step = 1.5 // pixels between samples: smooth at 1024 px, cheap at 16
	n := max(int((b-a)/step), 1)
	side := func(off float64, i int) (float64, float64) {
		x, y, dx, dy := pl.point(a + (b-a)*float64(i)/float64(n))
		return x - dy*off, y + dx*off
	}
	p.moveTo(side(lo, 0))
	for i := 1; i <= n; i++ {
		p.lineTo(side(lo, i))
	}
	for i := n; i >= 0; i-- {
		p.lineTo(side(hi, i))
	}
	p.z.ClosePath()
}

// mask rasterises what add draws into a coverage mask of size×size.
func mask(size int, add func(p pen)) *image.Alpha {
	z := vector.NewRasterizer(size, size)
	z.DrawOp = draw.Src
	add(pen{z, identity})
	m := image.NewAlpha(image.Rect(0, 0, size, size))
	z.Draw(m, m.Bounds(), image.Opaque, image.Point{})
	return m
}

// clip keeps m only where the clip mask covers: m *= clip.
func clip(m, by *image.Alpha) {
	for i, a := range by.Pix {
		m.Pix[i] = uint8((uint32(m.Pix[i])*uint32(a) + 127) / 255)
	}
}

// paint lays src over dst where m covers.
func paint(dst *image.RGBA, m *image.Alpha, src image.Image) {
	draw.DrawMask(dst, dst.Bounds(), src, image.Point{}, m, image.Point{}, draw.Over)
}
