package citygen

import (
	"math"

	"github.com/mm2carla/viewer/format/bai"
)

// sideLayout is where a side's curves lie, as lateral offsets from the
// centre line towards that side's own right-hand side.
type sideLayout struct {
	lanes             []float64
	kerb, walk, outer float64 // sidewalk inner edge, centre and outer edge
}

// layouts returns the layouts of sides A and B of a road. See the package
// comment for the rules; the road is symmetric about its centre line.
func layouts(e *edge) (a, b sideLayout) {
	oneWay := e.lanesA == 0 || e.lanesB == 0
	kerb := float64(max(e.lanesA, e.lanesB)) * LaneWidth
	if oneWay {
		kerb /= 2
	}
	side := func(n int) sideLayout {
		s := sideLayout{kerb: kerb, walk: kerb + SidewalkWidth/2, outer: kerb + SidewalkWidth}
		for k := range n {
			off := (float64(k) + 0.5) * LaneWidth
			if oneWay {
				off -= kerb
			}
			s.lanes = append(s.lanes, off)
		}
		return s
	}
	return side(e.lanesA), side(e.lanesB)
}

// halfWidth is the distance from the centre line to the outer sidewalk
// edge, the same on both sides.
func halfWidth(e *edge) float64 {
	_, b := layouts(e)
	return b.outer
}

// builder turns a plan into bai roads and intersections.
type builder struct {
	*plan
	radius []float64 // per node: the intersection disc
}

func newBuilder(p *plan) *builder {
	b := &builder{plan: p, radius: make([]float64, len(p.nodes))}
	for k := range p.edges {
		hw := halfWidth(&p.edges[k])
		for _, n := range [2]int{p.edges[k].from, p.edges[k].to} {
			if n >= 0 {
				b.radius[n] = max(b.radius[n], hw)
			}
		}
	}
	return b
}

// endPoints returns where the road's centre line starts and ends: just
// outside each intersection disc, or at the free end.
func (b *builder) endPoints(e *edge) (ps, pe vec) {
	ps, pe = e.fromPos, e.toPos
	dir := pe.sub(ps).unit()
	if e.from >= 0 {
		ps = ps.add(dir.scale(b.radius[e.from] + IntersectionGap))
	}
	if e.to >= 0 {
		pe = pe.sub(dir.scale(b.radius[e.to] + IntersectionGap))
	}
	return ps, pe
}

// road builds the geometry of edge k: a straight chord, or a chord with a
// sin² bow so that the road still meets both intersections head-on.
func (b *builder) road(k int) bai.Road {
	e := &b.edges[k]
	ps, pe := b.endPoints(e)
	chord := pe.sub(ps)
	length := chord.length()
	nrm := rightOf(chord)
	hw := halfWidth(e)
	// Bow amplitude, limited so the tightest bend (radius L²/(2π²A)) stays
	// well wider than the road and offset lanes never fold over.
	amp := e.bow * length
	if lim := length * length / (2 * math.Pi * math.Pi * (2*hw + 5)); math.Abs(amp) > lim {
		amp = math.Copysign(lim, amp)
	}
	// The centre line moves at most |chord|·√(1+(πA/L)²) per unit of t, so
	// this many equal steps in t keep each step under MaxSpacing.
	// A bend gets steps of at most BendSpacing so that it looks smooth.
	steepest := math.Hypot(length, math.Pi*amp)
	spacing := MaxSpacing
	if amp != 0 {
		spacing = BendSpacing
	}
	n := max(b.cfg.SectionsMin, int(math.Ceil(steepest/spacing))+1)
	if b.cfg.SectionsMax > b.cfg.SectionsMin {
		n = max(n, b.cfg.SectionsMin+b.rng.IntN(b.cfg.SectionsMax-b.cfg.SectionsMin+1))
	}
	n = min(n, maxSections)

	r := bai.Road{
		ID:        uint16(k),
		HalfWidth: float32(hw),
		BaseSpeed: BaseSpeed,
		Origin:    make([]bai.Vec3, n),
		XAxis:     make([]bai.Vec3, n),
		YAxis:     make([]bai.Vec3, n),
		ZAxis:     make([]bai.Vec3, n),
		Tangent:   make([]bai.Vec3, n),
	}
	if e.lanesA == 3 && e.lanesB == 3 {
		r.Flags |= bai.FlagDivided
	}
	origin := make([]vec, n)
	right := make([]vec, n)
	for s := range n {
		t := float64(s) / float64(n-1)
		sin := math.Sin(math.Pi * t)
		origin[s] = ps.add(chord.scale(t)).add(nrm.scale(amp * sin * sin))
		tan := chord.add(nrm.scale(amp * math.Pi * math.Sin(2*math.Pi*t))).unit()
		right[s] = rightOf(tan)
		r.Origin[s] = origin[s].f32()
		r.Tangent[s] = tan.f32()
		r.XAxis[s] = right[s].f32()
		r.YAxis[s] = up.f32()
		r.ZAxis[s] = tan.scale(-1).f32()
	}
	r.Distance = polylineLengths(r.Origin)
	la, lb := layouts(e)
	r.SideA = buildSide(e, la, origin, right, -1, e.lanesB > 0)
	r.SideB = buildSide(e, lb, origin, right, +1, e.lanesA > 0)
	return r
}

// buildSide lays a side's curves at its offsets. sign is +1 for side B
// (its right is +XAxis, curves stored start -> end) and -1 for side A
// (right is -XAxis, curves stored end -> start). other tells whether the
// opposite side carries traffic: a side with no lanes of its own is then
// kept for pedestrians.
func buildSide(e *edge, l sideLayout, origin, right []vec, sign float64, other bool) bai.Side {
	n := len(origin)
	// at returns the curve at a lateral offset, in this side's stored order.
	at := func(off, dy float64, stored bool) []bai.Vec3 {
		c := make([]bai.Vec3, n)
		for s := range n {
			src := s
			if stored && sign < 0 {
				src = n - 1 - s
			}
			p := origin[src].add(right[src].scale(sign * off))
			p.y += dy
			c[s] = p.f32()
		}
		return c
	}
	sd := bai.Side{NumLanes: uint16(len(l.lanes)), NumSidewalks: 1}
	if len(l.lanes) == 0 && other {
		sd.AmbientTypes = bai.AmbientPedsOnly
	}
	offsets := append(append([]float64(nil), l.lanes...), l.walk)
	for _, off := range offsets {
		c := at(off, 0, true)
		sd.Curves = append(sd.Curves, c)
		sd.CurveDistances = append(sd.CurveDistances, polylineLengths(c))
		sd.EdgeDistances = append(sd.EdgeDistances, float32(off))
	}
	if e.tram && len(l.lanes) > 0 {
		sd.Trams = [][]bai.Vec3{at(l.lanes[0], 0, true)}
	}
	if e.train {
		sd.Trains = [][]bai.Vec3{at(TrainOffset, -TrainDepth, true)}
	}
	sd.SidewalkInner = at(l.kerb, 0, false)
	sd.SidewalkOuter = at(l.outer, 0, false)
	return sd
}
