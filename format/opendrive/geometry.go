package opendrive

import (
	"math"
	"strconv"
)

// GeometryKind is the shape of one piece of a road's reference line.
type GeometryKind uint8

// Geometry kinds, one per child element of <geometry>.
const (
	GeomLine       GeometryKind = iota // <line>
	GeomArc                            // <arc curvature>
	GeomSpiral                         // <spiral curvStart curvEnd>: a clothoid
	GeomPoly3                          // <poly3 a b c d>: v(u) in a local frame
	GeomParamPoly3                     // <paramPoly3 aU..dV pRange>: u(p), v(p)
)

var geomNames = [...]string{"line", "arc", "spiral", "poly3", "paramPoly3"}

func (k GeometryKind) String() string {
	if int(k) < len(geomNames) {
		return geomNames[k]
	}
	return "geometry kind " + strconv.Itoa(int(k))
}

// Geometry is one <geometry> record of a road's planView: a piece of the
// reference line that starts at S along the road, at (X, Y) with heading
// Hdg, and runs Length metres. The kind's own fields say how it bends;
// the others are zero.
type Geometry struct {
	S, X, Y, Hdg, Length float64
	Kind                 GeometryKind

	Curvature          float64 // arc: 1/radius, positive turning left
	CurvStart, CurvEnd float64 // spiral: curvature at its start and end
	Poly3              Cubic   // poly3: v(u) in the frame at (X, Y, Hdg)
	U, V               Cubic   // paramPoly3: u(p) and v(p) in that frame
	// Normalized is a paramPoly3's pRange: p runs over [0, 1] (p =
	// ds/Length) when set, over [0, Length] (p = ds, "arcLength") when
	// not.
	Normalized bool

	SrcLine int
}

// Pose is a point of the plane with a heading (radians, counter-clockwise
// from x).
type Pose struct{ X, Y, Hdg float64 }

// At returns the point and heading of the reference line ds metres into
// this geometry; ds is clamped to [0, Length].
//
// Lines and arcs are closed forms. A spiral's curvature changes linearly
// with ds, so its heading is quadratic and its position a Fresnel-type
// integral, integrated numerically (see quadrature.go). A poly3's u is
// found from ds by inverting its arc length, since s along a road is
// always arc length. A paramPoly3 is evaluated at p proportional to ds,
// as its pRange defines p; for "arcLength" curves p and ds are the same,
// which is how RoadRunner and CARLA write them.
func (g *Geometry) At(ds float64) Pose {
	ds = g.clamp(ds)
	switch g.Kind {
	case GeomArc:
		return g.arcAt(ds)
	case GeomSpiral:
		dk := g.spiralRate()
		dx, dy := clothoid(g.Hdg, g.CurvStart, dk, ds)
		return Pose{g.X + dx, g.Y + dy, g.Hdg + ds*(g.CurvStart+0.5*dk*ds)}
	case GeomPoly3:
		u := poly3U(g.Poly3, ds)
		return g.local(u, g.Poly3.At(u), math.Atan(g.Poly3.Slope(u)))
	case GeomParamPoly3:
		p := g.param(ds)
		return g.local(g.U.At(p), g.V.At(p), math.Atan2(g.V.Slope(p), g.U.Slope(p)))
	}
	s, c := math.Sincos(g.Hdg)
	return Pose{g.X + ds*c, g.Y + ds*s, g.Hdg}
}

// CurvatureAt returns the signed curvature (1/m, positive turning left)
// of the reference line ds metres into this geometry.
func (g *Geometry) CurvatureAt(ds float64) float64 {
	ds = g.clamp(ds)
	switch g.Kind {
	case GeomArc:
		return g.Curvature
	case GeomSpiral:
		return g.CurvStart + g.spiralRate()*ds
	case GeomPoly3:
		u := poly3U(g.Poly3, ds)
		d := g.Poly3.Slope(u)
		return g.Poly3.bend(u) / math.Pow(1+d*d, 1.5)
	case GeomParamPoly3:
		p := g.param(ds)
		du, dv := g.U.Slope(p), g.V.Slope(p)
		sp := math.Hypot(du, dv)
		if sp == 0 {
			return 0
		}
		return (du*g.V.bend(p) - dv*g.U.bend(p)) / (sp * sp * sp)
	}
	return 0
}

// speed returns |dr/ds|: 1 for every kind but paramPoly3, whose p need
// not be arc length.
func (g *Geometry) speed(ds float64) float64 {
	if g.Kind != GeomParamPoly3 {
		return 1
	}
	p := g.param(g.clamp(ds))
	return g.pScale() * math.Hypot(g.U.Slope(p), g.V.Slope(p))
}

func (g *Geometry) clamp(ds float64) float64 { return min(max(ds, 0), g.Length) }

// spiralRate is the change of a spiral's curvature per metre.
func (g *Geometry) spiralRate() float64 {
	if g.Length <= 0 {
		return 0
	}
	return (g.CurvEnd - g.CurvStart) / g.Length
}

// pScale is dp/ds for a paramPoly3.
func (g *Geometry) pScale() float64 {
	if g.Normalized {
		if g.Length <= 0 {
			return 0
		}
		return 1 / g.Length
	}
	return 1
}

func (g *Geometry) param(ds float64) float64 { return ds * g.pScale() }

// arcAt walks the chord: its length is ds·sinc(k·ds/2) and it points
// half the turn ahead of the start heading, which stays exact as the
// curvature goes to zero.
func (g *Geometry) arcAt(ds float64) Pose {
	half := 0.5 * g.Curvature * ds
	chord := ds
	if a := math.Abs(half); a > 1e-4 {
		chord = ds * math.Sin(half) / half
	} else {
		chord = ds * (1 - half*half/6)
	}
	s, c := math.Sincos(g.Hdg + half)
	return Pose{g.X + chord*c, g.Y + chord*s, g.Hdg + 2*half}
}

// local maps (u, v) of the geometry's own frame, with heading dh in it,
// to the plane.
func (g *Geometry) local(u, v, dh float64) Pose {
	s, c := math.Sincos(g.Hdg)
	return Pose{g.X + u*c - v*s, g.Y + u*s + v*c, g.Hdg + dh}
}

// End returns the point and heading where the geometry ends.
func (g *Geometry) End() Pose { return g.At(g.Length) }
