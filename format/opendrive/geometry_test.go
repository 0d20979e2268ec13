package opendrive

import (
	"math"
	"testing"
)

// near reports whether two poses agree within tol metres and radians
// (headings compared modulo a full turn).
func near(a, b Pose, tol float64) bool {
	dh := math.Remainder(a.Hdg-b.Hdg, 2*math.Pi)
	return math.Hypot(a.X-b.X, a.Y-b.Y) <= tol && math.Abs(dh) <= tol
}

// TestLineAndArc checks lines and arcs against closed-form points: a
// quarter circle of radius 10 ends 10 m ahead and 10 m to the side,
// turned by a right angle, to the left for positive curvature.
func TestLineAndArc(t *testing.T) {
	q := math.Pi / 2
	for _, tc := range []struct {
		name string
		g    Geometry
		ds   float64
		want Pose
	}{
		{"line start", Geometry{X: 1, Y: 2, Hdg: q, Length: 5}, 0, Pose{1, 2, q}},
		{"line end", Geometry{X: 1, Y: 2, Hdg: q, Length: 5}, 5, Pose{1, 7, q}},
		{"line clamped past its end", Geometry{X: 1, Y: 2, Hdg: q, Length: 5}, 9, Pose{1, 7, q}},
		{"left quarter circle", Geometry{Kind: GeomArc, Curvature: 0.1, Length: 10 * q}, 10 * q, Pose{10, 10, q}},
		{"right quarter circle", Geometry{Kind: GeomArc, Curvature: -0.1, Length: 10 * q}, 10 * q, Pose{10, -10, -q}},
		{"half of a left quarter", Geometry{Kind: GeomArc, Curvature: 0.1, Length: 10 * q}, 5 * q,
			Pose{10 * math.Sin(q/2), 10 - 10*math.Cos(q/2), q / 2}},
		{"quarter circle from (3,4) heading north", Geometry{X: 3, Y: 4, Hdg: q, Kind: GeomArc, Curvature: 0.1, Length: 10 * q}, 10 * q,
			Pose{-7, 14, math.Pi}},
		{"full circle", Geometry{Kind: GeomArc, Curvature: 0.5, Length: 4 * math.Pi}, 4 * math.Pi, Pose{0, 0, 2 * math.Pi}},
		{"arc of vanishing curvature is a line", Geometry{Kind: GeomArc, Curvature: 1e-15, Length: 100}, 100, Pose{100, 5e-12, 1e-13}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.g.At(tc.ds); !near(got, tc.want, 1e-12) {
				t.Errorf("At(%g) = %+v, want %+v", tc.ds, got, tc.want)
			}
		})
	}
}

// TestSpiral checks clothoids against the Fresnel series (fresnel_test.go)
// at several points along each: the error must stay far below a
// millimetre; in fact it is at the level of float64 rounding.
func TestSpiral(t *testing.T) {
	for _, tc := range []struct {
		name   string
		g      Geometry
		maxErr float64
	}{
		// Town-sized: a transition from straight into a 40 m radius
		// curve over 60 m, as CARLA's highway towns have.
		{"into a curve", Geometry{X: 10, Y: -5, Hdg: 0.3, Length: 60, CurvStart: 0, CurvEnd: 0.025}, 1e-9},
		{"out of a right curve", Geometry{Hdg: -1, Length: 45, CurvStart: -0.05, CurvEnd: 0}, 1e-9},
		{"through an inflection", Geometry{X: -3, Y: 7, Hdg: 2, Length: 80, CurvStart: 0.02, CurvEnd: -0.03}, 1e-9},
		{"tightening", Geometry{Hdg: 0, Length: 30, CurvStart: 0.05, CurvEnd: 0.2}, 1e-9},
		// Five full turns: the quadrature's panels must follow the phase.
		{"long and tight", Geometry{Length: 200, CurvStart: 0.1, CurvEnd: 0.2}, 1e-8},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := tc.g
			g.Kind = GeomSpiral
			dk := (g.CurvEnd - g.CurvStart) / g.Length
			for _, f := range []float64{0, 0.1, 0.25, 0.5, 0.77, 1} {
				ds := f * g.Length
				got, want := g.At(ds), refSpiral(g.X, g.Y, g.Hdg, g.CurvStart, dk, ds)
				if !near(got, want, tc.maxErr) {
					t.Errorf("At(%g) = %+v, want %+v (off by %.3g m)", ds, got, want, math.Hypot(got.X-want.X, got.Y-want.Y))
				}
				if k := g.CurvatureAt(ds); math.Abs(k-(g.CurvStart+dk*ds)) > 1e-15 {
					t.Errorf("CurvatureAt(%g) = %g", ds, k)
				}
			}
		})
	}
}

// A spiral whose curvature does not change is an arc, and one of zero
// curvature a line.
func TestSpiralDegenerate(t *testing.T) {
	arc := Geometry{X: 1, Y: 1, Hdg: 0.4, Kind: GeomArc, Curvature: 0.07, Length: 30}
	sp := arc
	sp.Kind, sp.CurvStart, sp.CurvEnd = GeomSpiral, 0.07, 0.07
	line := Geometry{X: 1, Y: 1, Hdg: 0.4, Length: 30}
	flat := line
	flat.Kind = GeomSpiral
	for _, ds := range []float64{0, 7, 30} {
		if a, s := arc.At(ds), sp.At(ds); !near(a, s, 1e-12) {
			t.Errorf("constant spiral At(%g) = %+v, arc %+v", ds, s, a)
		}
		if a, s := line.At(ds), flat.At(ds); !near(a, s, 1e-12) {
			t.Errorf("flat spiral At(%g) = %+v, line %+v", ds, s, a)
		}
	}
}

// TestParamPoly3 checks paramPoly3 in both pRange forms: a curve and its
// normalized rewriting (each coefficient of p^n times Length^n) are the
// same curve, and both agree with the polynomials evaluated by hand.
func TestParamPoly3(t *testing.T) {
	const L = 20.0
	arcLen := Geometry{X: 5, Y: 6, Hdg: 0.5, Length: L, Kind: GeomParamPoly3,
		U: Cubic{0, 1, -0.002, 0.00005}, V: Cubic{0, 0, 0.01, -0.0003}}
	norm := arcLen
	norm.Normalized = true
	norm.U = Cubic{0, L, -0.002 * L * L, 0.00005 * L * L * L}
	norm.V = Cubic{0, 0, 0.01 * L * L, -0.0003 * L * L * L}
	for _, ds := range []float64{0, 3, 10, 17.5, L} {
		u, v := arcLen.U.At(ds), arcLen.V.At(ds)
		du, dv := arcLen.U.Slope(ds), arcLen.V.Slope(ds)
		sin, cos := math.Sincos(0.5)
		want := Pose{5 + u*cos - v*sin, 6 + u*sin + v*cos, 0.5 + math.Atan2(dv, du)}
		if got := arcLen.At(ds); !near(got, want, 1e-12) {
			t.Errorf("arcLength At(%g) = %+v, want %+v", ds, got, want)
		}
		if got := norm.At(ds); !near(got, want, 1e-12) {
			t.Errorf("normalized At(%g) = %+v, want %+v", ds, got, want)
		}
		if a, b := arcLen.CurvatureAt(ds), norm.CurvatureAt(ds); math.Abs(a-b) > 1e-12 {
			t.Errorf("curvature at %g: %g arcLength, %g normalized", ds, a, b)
		}
	}
	// A quarter circle of radius 10 drawn as a paramPoly3 is not exact,
	// but a straight one is: u = p, v = 0 along heading 1.
	line := Geometry{X: 2, Y: 3, Hdg: 1, Length: 8, Kind: GeomParamPoly3, U: Cubic{B: 1}}
	if got, want := line.At(8), (Pose{2 + 8*math.Cos(1), 3 + 8*math.Sin(1), 1}); !near(got, want, 1e-12) {
		t.Errorf("straight paramPoly3 ends at %+v, want %+v", got, want)
	}
}

// TestPoly3 checks poly3, whose s is arc length along v(u): a sloped line
// (v = a + b u) reaches u = ds/√(1+b²), and a cubic agrees with an
// independent Simpson integration of its arc length.
func TestPoly3(t *testing.T) {
	sloped := Geometry{X: 1, Y: 2, Hdg: 0.3, Length: 10, Kind: GeomPoly3, Poly3: Cubic{A: 0.5, B: 0.75}}
	u := 8 / math.Sqrt(1+0.75*0.75)
	sin, cos := math.Sincos(0.3)
	v := 0.5 + 0.75*u
	want := Pose{1 + u*cos - v*sin, 2 + u*sin + v*cos, 0.3 + math.Atan(0.75)}
	if got := sloped.At(8); !near(got, want, 1e-12) {
		t.Errorf("sloped poly3 At(8) = %+v, want %+v", got, want)
	}

	c := Cubic{0, 0.1, 0.02, -0.0008}
	g := Geometry{Hdg: -0.2, Length: 25, Kind: GeomPoly3, Poly3: c}
	for _, ds := range []float64{2, 12.5, 25} {
		u := simpsonU(c, ds)
		sin, cos := math.Sincos(-0.2)
		v := c.At(u)
		want := Pose{u*cos - v*sin, u*sin + v*cos, -0.2 + math.Atan(c.Slope(u))}
		if got := g.At(ds); !near(got, want, 1e-7) {
			t.Errorf("poly3 At(%g) = %+v, want %+v", ds, got, want)
		}
	}
}

// simpsonU finds the u where v = c(u) has arc length ds by stepping a
// fine Simpson's rule along u until the length is reached, then
// interpolating: slow and simple, unlike the package's method.
func simpsonU(c Cubic, ds float64) float64 {
	const h = 1e-4
	f := func(u float64) float64 { d := c.Slope(u); return math.Sqrt(1 + d*d) }
	length, u := 0.0, 0.0
	for {
		step := h / 6 * (f(u) + 4*f(u+h/2) + f(u+h))
		if length+step >= ds {
			return u + h*(ds-length)/step
		}
		length += step
		u += h
	}
}

// The quadrature rule itself: ten nodes integrate polynomials up to
// degree 19 exactly.
func TestGaussLegendre(t *testing.T) {
	for deg := 0; deg <= 19; deg++ {
		sum := 0.0
		for i, x := range glNodes {
			sum += glWeights[i] * math.Pow(x, float64(deg))
		}
		want := 0.0
		if deg%2 == 0 {
			want = 2 / float64(deg+1)
		}
		if math.Abs(sum-want) > 1e-14 {
			t.Errorf("∫x^%d over [-1,1] = %.17g, want %.17g", deg, sum, want)
		}
	}
}

func TestCubic(t *testing.T) {
	c := Cubic{1, -2, 0.5, 0.25}
	for _, dx := range []float64{-3, 0, 2.5} {
		s := c.shift(dx)
		for _, x := range []float64{-1, 0, 1.5, 4} {
			if math.Abs(s.At(x)-c.At(x+dx)) > 1e-12 || math.Abs(s.Slope(x)-c.Slope(x+dx)) > 1e-12 {
				t.Errorf("shift(%g) at %g: %g, want %g", dx, x, s.At(x), c.At(x+dx))
			}
		}
	}
	// bounds against a dense scan.
	for _, c := range []Cubic{{1, -2, 0.5, 0.25}, {0, 3, -4, 1}, {-2, 0, 0, 0}, {0, 0, 1, 0}} {
		h := 3.0
		v, d1, d2 := c.bounds(h)
		var sv, s1, s2 float64
		for i := 0; i <= 30000; i++ {
			x := h * float64(i) / 30000
			sv, s1, s2 = max(sv, math.Abs(c.At(x))), max(s1, math.Abs(c.Slope(x))), max(s2, math.Abs(c.bend(x)))
		}
		if v < sv-1e-12 || v > sv+1e-6 || d1 < s1-1e-12 || d1 > s1+1e-6 || d2 < s2-1e-12 || d2 > s2+1e-6 {
			t.Errorf("%+v bounds %g %g %g, scan %g %g %g", c, v, d1, d2, sv, s1, s2)
		}
	}
}
