package opendrive

import (
	"math"
	"sort"
)

// Cubic is the polynomial A + B x + C x² + D x³ that OpenDRIVE uses for
// elevations, lane offsets, widths, borders and poly3 geometry; x is the
// distance from the start of the record that holds it.
type Cubic struct{ A, B, C, D float64 }

// At returns the value at x.
func (c Cubic) At(x float64) float64 { return ((c.D*x+c.C)*x+c.B)*x + c.A }

// Slope returns the first derivative at x.
func (c Cubic) Slope(x float64) float64 { return (3*c.D*x+2*c.C)*x + c.B }

// bend returns the second derivative at x.
func (c Cubic) bend(x float64) float64 { return 6*c.D*x + 2*c.C }

// shift returns the same polynomial measured from dx on: q(x) = c(x + dx).
// Sums of records that start at different places become one cubic over
// an interval this way, so that bounds over the interval are exact.
func (c Cubic) shift(dx float64) Cubic {
	return Cubic{A: c.At(dx), B: c.Slope(dx), C: c.C + 3*c.D*dx, D: c.D}
}

func (c Cubic) add(o Cubic) Cubic { return Cubic{c.A + o.A, c.B + o.B, c.C + o.C, c.D + o.D} }

func (c Cubic) neg() Cubic { return Cubic{-c.A, -c.B, -c.C, -c.D} }

// bounds returns the largest magnitudes of the value, the first and the
// second derivative over [0, h], found where they peak: at the ends or
// where the next derivative is zero.
func (c Cubic) bounds(h float64) (v, d1, d2 float64) {
	v = max(math.Abs(c.A), math.Abs(c.At(h)))
	// Value extremes: roots of B + 2C x + 3D x² inside (0, h).
	for _, x := range quadRoots(3*c.D, 2*c.C, c.B) {
		if x > 0 && x < h {
			v = max(v, math.Abs(c.At(x)))
		}
	}
	d1 = max(math.Abs(c.B), math.Abs(c.Slope(h)))
	if c.D != 0 {
		if x := -c.C / (3 * c.D); x > 0 && x < h {
			d1 = max(d1, math.Abs(c.Slope(x)))
		}
	}
	d2 = max(math.Abs(c.bend(0)), math.Abs(c.bend(h)))
	return v, d1, d2
}

// quadRoots returns the real roots of a x² + b x + c (none, one or two);
// a degenerate equation with no unknown has none.
func quadRoots(a, b, c float64) []float64 {
	if a == 0 {
		if b == 0 {
			return nil
		}
		return []float64{-c / b}
	}
	disc := b*b - 4*a*c
	if disc < 0 {
		return nil
	}
	// The form that avoids cancellation between -b and the root.
	q := -0.5 * (b + math.Copysign(math.Sqrt(disc), b))
	if q == 0 {
		return []float64{0}
	}
	return []float64{q / a, c / q}
}

// polyIndex returns the index of the record in effect at s: the last one
// starting at or before s, or 0 when s is before them all.
func polyIndex(recs []Poly, s float64) int {
	i := sort.Search(len(recs), func(i int) bool { return recs[i].S > s }) - 1
	return max(i, 0)
}

// polyAt evaluates records at s. With no records the value is 0; before
// the first record it is that record's starting value, so that a curve is
// never extrapolated backward.
func polyAt(recs []Poly, s float64) float64 {
	if len(recs) == 0 {
		return 0
	}
	p := &recs[polyIndex(recs, s)]
	return p.At(max(s-p.S, 0))
}

// widthIndex is polyIndex for width, border and road mark records, whose
// start is ds from the section's start.
func widthIndex(recs []Width, ds float64) int {
	i := sort.Search(len(recs), func(i int) bool { return recs[i].SOffset > ds }) - 1
	return max(i, 0)
}

// widthAt evaluates width or border records ds from the section's start,
// as polyAt does.
func widthAt(recs []Width, ds float64) float64 {
	if len(recs) == 0 {
		return 0
	}
	w := &recs[widthIndex(recs, ds)]
	return w.At(max(ds-w.SOffset, 0))
}
