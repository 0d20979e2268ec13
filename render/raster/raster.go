// Package raster is the software backend of package render: it paints a
// finished render.DrawList into an *image.RGBA with the anti-aliasing
// rasterizer of golang.org/x/image/vector and draws the labels with a
// golang.org/x/image/font face. It lets the viewer write PNG snapshots
// with no display and gives the renderer golden-image tests; its output is
// deterministic for a given draw list.
package raster

import (
	"image"
	"image/color"
	"image/draw"
	"math"

	"github.com/mm2carla/viewer/render"
	"golang.org/x/image/font"
	"golang.org/x/image/math/fixed"
	"golang.org/x/image/vector"
)

// Options control one rasterization.
type Options struct {
	// Background fills the whole destination first; nil keeps its pixels.
	Background color.Color
	// Face draws the labels; it should be the face (or match the metrics
	// of the render.TextMeasurer) the labels were placed with. nil skips
	// text but still fills label backgrounds.
	Face font.Face
}

// Rasterizer paints draw lists, reusing its buffers between calls. It is
// not safe for concurrent use.
type Rasterizer struct {
	z    vector.Rasterizer
	col  color.NRGBA
	src  image.Uniform
	poly []pt  // the current batch's clipped polygons, back to back
	ends []int // end offset in poly of each polygon
	tmp  [2][]pt
}

type pt struct{ x, y float64 }

// Rasterize paints dl into dst with a throwaway Rasterizer.
func Rasterize(dl *render.DrawList, dst *image.RGBA, opt Options) {
	var r Rasterizer
	r.Rasterize(dl, dst, opt)
}

// Rasterize paints dl into dst: background, triangles in the list's order,
// then the placed labels. Device pixel (0, 0) is dst.Bounds().Min.
//
// Each triangle is flat-filled with its first vertex's colour. Runs of
// consecutive triangles of one colour are filled as a single path (with
// their windings made consistent), so the shared edges inside a ribbon or
// a box face leave no anti-aliasing seams, and overlapping parts of a
// translucent run are painted once.
func (r *Rasterizer) Rasterize(dl *render.DrawList, dst *image.RGBA, opt Options) {
	r.src.C = &r.col
	if opt.Background != nil {
		draw.Draw(dst, dst.Bounds(), image.NewUniform(opt.Background), image.Point{}, draw.Src)
	}
	verts, idx := dl.Vertices(), dl.Indices()
	for i := 0; i+2 < len(idx); {
		c := verts[idx[i]].Color
		j := i
		r.poly, r.ends = r.poly[:0], r.ends[:0]
		for ; j+2 < len(idx) && verts[idx[j]].Color == c; j += 3 {
			r.addTriangle(verts[idx[j]], verts[idx[j+1]], verts[idx[j+2]], dst.Bounds())
		}
		r.fill(dst, c)
		i = j
	}
	r.drawLabels(dl.Labels(), dst, opt.Face)
}

// addTriangle clips a triangle to the destination (plus a one-pixel
// margin, so anti-aliased edges at the border stay exact) and queues it.
// Clipping also keeps coordinates small: vector's fixed-point path would
// overflow on the huge values a vertex near the camera plane can have.
func (r *Rasterizer) addTriangle(a, b, c render.Vertex, bounds image.Rectangle) {
	o := bounds.Min
	p := append(r.tmp[0][:0],
		pt{float64(a.X) + float64(o.X), float64(a.Y) + float64(o.Y)},
		pt{float64(b.X) + float64(o.X), float64(b.Y) + float64(o.Y)},
		pt{float64(c.X) + float64(o.X), float64(c.Y) + float64(o.Y)})
	x0, y0 := float64(bounds.Min.X-1), float64(bounds.Min.Y-1)
	x1, y1 := float64(bounds.Max.X+1), float64(bounds.Max.Y+1)
	q := r.tmp[1][:0]
	q = clipEdge(p, q, func(s pt) float64 { return s.x - x0 })
	p = clipEdge(q, p[:0], func(s pt) float64 { return x1 - s.x })
	q = clipEdge(p, q[:0], func(s pt) float64 { return s.y - y0 })
	p = clipEdge(q, p[:0], func(s pt) float64 { return y1 - s.y })
	r.tmp[0], r.tmp[1] = p, q
	if len(p) < 3 || math.Abs(signedArea(p)) < 1e-9 {
		return
	}
	if signedArea(p) < 0 {
		for i, k := 0, len(p)-1; i < k; i, k = i+1, k-1 {
			p[i], p[k] = p[k], p[i]
		}
	}
	r.poly = append(r.poly, p...)
	r.ends = append(r.ends, len(r.poly))
}

// clipEdge is one Sutherland–Hodgman pass keeping points with inside(p) >= 0.
func clipEdge(in, out []pt, inside func(pt) float64) []pt {
	if len(in) == 0 {
		return out
	}
	prev := in[len(in)-1]
	dp := inside(prev)
	for _, cur := range in {
		dc := inside(cur)
		if (dc >= 0) != (dp >= 0) {
			t := dp / (dp - dc)
			out = append(out, pt{prev.x + (cur.x-prev.x)*t, prev.y + (cur.y-prev.y)*t})
		}
		if dc >= 0 {
			out = append(out, cur)
		}
		prev, dp = cur, dc
	}
	return out
}

func signedArea(p []pt) float64 {
	a := 0.0
	for i := range p {
		q := p[(i+1)%len(p)]
		a += p[i].x*q.y - q.x*p[i].y
	}
	return a / 2
}

// fill rasterizes the queued polygons in colour c over their bounding box.
func (r *Rasterizer) fill(dst *image.RGBA, c render.Color) {
	if len(r.ends) == 0 || c.A <= 0 {
		return
	}
	minX, minY := math.Inf(1), math.Inf(1)
	maxX, maxY := math.Inf(-1), math.Inf(-1)
	for _, p := range r.poly {
		minX, maxX = min(minX, p.x), max(maxX, p.x)
		minY, maxY = min(minY, p.y), max(maxY, p.y)
	}
	rect := image.Rect(int(math.Floor(minX)), int(math.Floor(minY)), int(math.Ceil(maxX)), int(math.Ceil(maxY))).
		Intersect(dst.Bounds())
	if rect.Empty() {
		return
	}
	r.z.Reset(rect.Dx(), rect.Dy())
	ox, oy := float64(rect.Min.X), float64(rect.Min.Y)
	start := 0
	for _, end := range r.ends {
		p := r.poly[start:end]
		r.z.MoveTo(float32(p[0].x-ox), float32(p[0].y-oy))
		for _, q := range p[1:] {
			r.z.LineTo(float32(q.x-ox), float32(q.y-oy))
		}
		r.z.ClosePath()
		start = end
	}
	r.col = c.NRGBA()
	r.z.Draw(dst, rect, &r.src, image.Point{})
}

// drawLabels paints each placed label: its background box, then its text
// on the baseline computed by the placer (rounded to whole pixels so
// bitmap and hinted faces stay crisp).
func (r *Rasterizer) drawLabels(labels []render.Label, dst *image.RGBA, face font.Face) {
	o := dst.Bounds().Min
	for i := range labels {
		l := &labels[i]
		if !l.Placed {
			continue
		}
		if l.Background.A > 0 {
			box := image.Rect(int(math.Round(l.Box.MinX)), int(math.Round(l.Box.MinY)),
				int(math.Round(l.Box.MaxX)), int(math.Round(l.Box.MaxY))).Add(o)
			r.col = l.Background.NRGBA()
			draw.Draw(dst, box, &r.src, image.Point{}, draw.Over)
		}
		if face == nil {
			continue
		}
		r.col = l.Color.NRGBA()
		d := font.Drawer{Dst: dst, Src: &r.src, Face: face,
			Dot: fixed.P(int(math.Round(l.TextX))+o.X, int(math.Round(l.Baseline))+o.Y)}
		d.DrawString(l.Text)
	}
}
