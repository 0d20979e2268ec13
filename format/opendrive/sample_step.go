package opendrive

import "math"

// The sampler places points along s so that every polyline it draws stays
// within the tolerance of the exact curve. A chord of length h across a
// curve whose second derivative (in s) is at most B strays from it by at
// most h²B/8 (for an arc, B is the curvature k and h²k/8 the sagitta), so
// the step is h = sqrt(8·tol/B). B is bounded over each interval between
// breakpoints, where every record (geometry, elevation, lane offset,
// width) is one smooth piece, for each lane border P(s) = r(s) + t(s)n(s):
//
//	|P''| <= |r''| + |t''| + 2|t'||θ'| + |t|(|θ''| + θ'²)
//
// with θ the reference line's heading and n its left normal, plus |z''|
// for the elevation. Lines with constant widths need only their ends.

// maxIntervalSteps caps the points of one interval. Only absurd
// curvatures reach it; the sampler's budget bounds the total.
const maxIntervalSteps = 1 << 16

// steps returns how many equal steps an interval of the given length
// needs when its curves bend by at most bend (the bound B above).
func steps(length, bend, tol float64) int {
	if !(bend > 0) || length <= 0 {
		return 1
	}
	n := math.Ceil(length / math.Sqrt(8*tol/bend))
	if !(n < maxIntervalSteps) {
		return maxIntervalSteps
	}
	return max(int(n), 1)
}

// bendBounds bounds, for ds in [da, db] of the geometry, |d²r/ds²| (acc),
// the heading's rate of change per unit s (turn) and that rate's own rate
// of change (dturn). Lines, arcs and spirals are exact; for poly3 and
// paramPoly3 acc is exact and the turn bounds come from probing the
// curve at close intervals, with a margin.
func (g *Geometry) bendBounds(da, db float64) (acc, turn, dturn float64) {
	da, db = g.clamp(da), g.clamp(db)
	switch g.Kind {
	case GeomArc:
		k := math.Abs(g.Curvature)
		return k, k, 0
	case GeomSpiral:
		rate := g.spiralRate()
		k := max(math.Abs(g.CurvStart+rate*da), math.Abs(g.CurvStart+rate*db))
		return k, k, math.Abs(rate)
	case GeomPoly3:
		// Along arc length |r''| is the curvature, at most |v''|; u
		// lies in [0, ds] since a poly3 is at least as long as its u.
		acc = max(math.Abs(g.Poly3.bend(0)), math.Abs(g.Poly3.bend(db)))
	case GeomParamPoly3:
		pa, pb, k := g.param(da), g.param(db), g.pScale()
		acc = k * k * (max(math.Abs(g.U.bend(pa)), math.Abs(g.U.bend(pb))) +
			max(math.Abs(g.V.bend(pa)), math.Abs(g.V.bend(pb))))
	default:
		return 0, 0, 0
	}
	turn, dturn = g.probeTurn(da, db)
	return acc, turn, dturn
}

// probeTurn estimates the largest heading rate and its rate of change over
// [da, db] from 33 probes, with margins of 1.5 and 2: the cubics involved
// change slowly at the scale of a probe step.
func (g *Geometry) probeTurn(da, db float64) (turn, dturn float64) {
	const probes = 32
	h := (db - da) / probes
	prev := 0.0
	var wk walker
	for i := 0; i <= probes; i++ {
		w := wk.turnRate(g, da+float64(i)*h)
		turn = max(turn, math.Abs(w))
		if i > 0 && h > 0 {
			dturn = max(dturn, math.Abs(w-prev)/h)
		}
		prev = w
	}
	return 1.5 * turn, 2 * dturn
}

// borderBend is the bound B for a border whose t is the cubic c over an
// interval of length h, on a reference line with the given bounds.
func borderBend(c Cubic, h, acc, turn, dturn float64) float64 {
	v, d1, d2 := c.bounds(h)
	return acc + d2 + 2*d1*turn + v*(dturn+turn*turn)
}

// polyPiece returns the cubic records in effect over an interval that
// starts at a and contains mid, as a cubic in x = s - a. The record is
// chosen at mid so that an interval starting exactly at a record's start
// gets that record whatever the rounding of a. Before the first record
// the value is that record's start value, as in polyAt.
func polyPiece(recs []Poly, a, mid float64) Cubic {
	if len(recs) == 0 {
		return Cubic{}
	}
	p := &recs[polyIndex(recs, mid)]
	if mid < p.S {
		return Cubic{A: p.A}
	}
	return p.shift(a - p.S)
}

// widthPiece is polyPiece for width and border records; a and mid are
// measured from the section's start.
func widthPiece(recs []Width, a, mid float64) Cubic {
	if len(recs) == 0 {
		return Cubic{}
	}
	w := &recs[widthIndex(recs, mid)]
	if mid < w.SOffset {
		return Cubic{A: w.A}
	}
	return w.shift(a - w.SOffset)
}

// walker evaluates a spiral or a poly3 at increasing ds by integrating
// from the previous point instead of from the start, so that sampling a
// long one costs in proportion to its length, not its length squared.
// Other kinds are closed forms and evaluated directly.
type walker struct {
	g    *Geometry
	ds   float64
	pose Pose
	u    float64 // poly3: u at ds
}

func (w *walker) at(g *Geometry, ds float64) Pose {
	if g.Kind != GeomSpiral && g.Kind != GeomPoly3 {
		return g.At(ds)
	}
	ds = g.clamp(ds)
	if w.g != g || ds < w.ds {
		w.g, w.ds, w.u = g, 0, 0
		w.pose = Pose{g.X, g.Y, g.Hdg}
		if g.Kind == GeomPoly3 {
			w.pose = g.local(0, g.Poly3.A, math.Atan(g.Poly3.B))
		}
	}
	if g.Kind == GeomPoly3 {
		w.u = poly3Advance(g.Poly3, w.u, ds-w.ds)
		w.ds = ds
		w.pose = g.local(w.u, g.Poly3.At(w.u), math.Atan(g.Poly3.Slope(w.u)))
		return w.pose
	}
	rate := g.spiralRate()
	dx, dy := clothoid(w.pose.Hdg, g.CurvStart+rate*w.ds, rate, ds-w.ds)
	w.ds = ds
	w.pose = Pose{w.pose.X + dx, w.pose.Y + dy, g.Hdg + ds*(g.CurvStart+0.5*rate*ds)}
	return w.pose
}

// turnRate returns the heading's rate of change per unit s at ds, using
// the walker for a poly3's u.
func (w *walker) turnRate(g *Geometry, ds float64) float64 {
	if g.Kind != GeomPoly3 {
		return g.CurvatureAt(ds) * g.speed(ds)
	}
	w.at(g, ds)
	d := g.Poly3.Slope(w.u)
	return g.Poly3.bend(w.u) / math.Pow(1+d*d, 1.5)
}
