package opendrive

import (
	"fmt"
	"math"
	"slices"
	"sort"
)

// DefaultTolerance is the chord error the sampler keeps under, in metres,
// when given a tolerance of 0: 2 cm, well under what a viewer can show.
const DefaultTolerance = 0.02

// MaxSamplePoints bounds the points Sample makes for one call. A real
// town needs a few hundred thousand; a corrupt file with absurd lengths
// or curvatures gets an error rather than gigabytes of points.
const MaxSamplePoints = 1 << 22

// Network is a road network sampled for drawing: every lane of every lane
// section as polylines, and the road marks.
type Network struct {
	Lanes []LaneStrip
	Marks []MarkLine
	// Points counts every point made (shared polylines count once).
	Points int
}

// LaneStrip is one lane of one lane section, sampled at the positions S
// along its road. Inner is the border toward the centre lane, Outer the
// far one; Center is halfway between. All three have one point per S,
// so that a strip of triangles joins Inner and Outer directly.
//
// Heights are the reference line's elevation at each S. The lanes of a
// section share S, and neighbouring lanes share the border between them
// (one lane's Outer is the next one's Inner): treat them as read-only.
type LaneStrip struct {
	Road    int // index in Map.Roads
	Section int // index in the road's Sections
	Lane    int // lane id
	Type    string
	// Forward says traffic in this lane moves toward increasing s. Under
	// right-hand traffic (OpenDRIVE's default) that is every right lane
	// (negative id), and left lanes (positive id) drive against s; a road
	// with rule="LHT" is the mirror image. Lanes that carry no traffic
	// (sidewalks, shoulders) get the same value by their side.
	Forward              bool
	S                    []float64
	Center, Inner, Outer []Vec3
}

// MarkLine is one road mark record drawn along its lane's outer border
// (the centre lane's along the centre line), from the mark's start to the
// next mark's start or the section's end. Marks of type "none" are left
// out. Points share storage with the lane's border.
type MarkLine struct {
	Road, Section, Lane int
	Mark                RoadMark
	Points              []Vec3
}

// Sample samples every lane section of every road of m, keeping the
// chord error of every polyline under tol metres (DefaultTolerance when
// tol is 0 or less). Sections of zero length are left out. It fails,
// having made nothing, when the network would need more than
// MaxSamplePoints points.
func Sample(m *Map, tol float64) (*Network, error) {
	sp := newSampler(tol)
	net := &Network{}
	for i := range m.Roads {
		if err := sp.road(&m.Roads[i], i, net); err != nil {
			return nil, err
		}
	}
	return net, nil
}

// SampleRoad samples one road as Sample does; index is the road's index
// to put in the results.
func SampleRoad(r *Road, index int, tol float64) (*Network, error) {
	net := &Network{}
	if err := newSampler(tol).road(r, index, net); err != nil {
		return nil, err
	}
	return net, nil
}

type sampler struct {
	tol  float64
	left int // points still allowed
	walk walker
}

func newSampler(tol float64) *sampler {
	if !(tol > 0) {
		tol = DefaultTolerance
	}
	return &sampler{tol: tol, left: MaxSamplePoints}
}

// road samples each of a road's sections.
func (sp *sampler) road(r *Road, ri int, net *Network) error {
	if len(r.Geometry) == 0 {
		return nil
	}
	for si := range r.Sections {
		if err := sp.section(r, ri, si, net); err != nil {
			return err
		}
	}
	return nil
}

// section samples the lanes and marks of one section.
func (sp *sampler) section(r *Road, ri, si int, net *Network) error {
	sec := &r.Sections[si]
	s0, s1 := sec.S, r.SectionEnd(si)
	if !(s1 > s0) {
		return nil
	}
	nl, nr := len(sec.Left), len(sec.Right)
	perSample := 1 + 2*(nl+nr) // borders (centre line, left, right), then centres
	ss, err := sp.positions(r, sec, s0, s1, perSample)
	if err != nil {
		return fmt.Errorf("opendrive: road %s, lane section %d: %w", r.ID, si, err)
	}
	if len(ss) < 2 { // shorter than the breaks' resolution
		return nil
	}
	// borders[0] is the centre lane's line, 1..nl the left lanes' outer
	// borders, nl+1..nl+nr the right lanes'.
	borders := make([][]Vec3, 1+nl+nr)
	flat := make([]Vec3, len(ss)*len(borders))
	for j := range borders {
		borders[j] = flat[j*len(ss) : (j+1)*len(ss) : (j+1)*len(ss)]
	}
	sp.fill(r, sec, ss, borders)
	net.Points += len(flat)
	for id := 1; id <= nl; id++ {
		net.Lanes = append(net.Lanes, strip(r, ri, si, id, ss, borders[id-1], borders[id]))
	}
	for id := -1; id >= -nr; id-- {
		inner := borders[nl-id-1]
		if id == -1 {
			inner = borders[0]
		}
		net.Lanes = append(net.Lanes, strip(r, ri, si, id, ss, inner, borders[nl-id]))
	}
	for _, l := range net.Lanes[len(net.Lanes)-nl-nr:] {
		net.Points += len(l.Center)
	}
	sp.marks(ri, si, sec, ss, borders, net)
	return nil
}

func strip(r *Road, ri, si, id int, ss []float64, inner, outer []Vec3) LaneStrip {
	l := r.Sections[si].Lane(id)
	c := make([]Vec3, len(ss))
	for i := range c {
		c[i] = Vec3{0.5 * (inner[i].X + outer[i].X), 0.5 * (inner[i].Y + outer[i].Y), 0.5 * (inner[i].Z + outer[i].Z)}
	}
	return LaneStrip{Road: ri, Section: si, Lane: id, Type: l.Type, Forward: (id < 0) != r.LeftHand,
		S: ss, Center: c, Inner: inner, Outer: outer}
}

// breaks returns, in order, the places in [s0, s1] where some record of
// the section starts: the section's ends and every geometry, elevation,
// lane offset, width, border and road mark start in between. Between two
// of them every curve is one smooth piece.
func breaks(r *Road, sec *LaneSection, s0, s1 float64) []float64 {
	bs := []float64{s0, s1}
	add := func(s float64) {
		if s > s0 && s < s1 {
			bs = append(bs, s)
		}
	}
	for i := range r.Geometry {
		add(r.Geometry[i].S)
	}
	for _, p := range r.Elevation {
		add(p.S)
	}
	for _, p := range r.LaneOffsets {
		add(p.S)
	}
	lanes := func(ls []Lane) {
		for i := range ls {
			for _, w := range ls[i].Widths {
				add(s0 + w.SOffset)
			}
			for _, w := range ls[i].Borders {
				add(s0 + w.SOffset)
			}
			for _, m := range ls[i].RoadMarks {
				add(s0 + m.SOffset)
			}
		}
	}
	lanes(sec.Left)
	lanes(sec.Right)
	lanes([]Lane{sec.Center})
	slices.Sort(bs)
	// Drop breaks closer than a micrometre: their intervals hold nothing.
	out := bs[:1]
	for _, b := range bs[1:] {
		if b-out[len(out)-1] > 1e-6 {
			out = append(out, b)
		}
	}
	if len(out) > 1 {
		out[len(out)-1] = s1
	}
	return out
}

// positions returns the s of every sample of a section: each interval
// between breaks is cut into equal steps short enough for the tolerance.
// Each sample costs perSample points of the budget.
func (sp *sampler) positions(r *Road, sec *LaneSection, s0, s1 float64, perSample int) ([]float64, error) {
	bs := breaks(r, sec, s0, s1)
	ss := make([]float64, 0, 2*len(bs))
	for k := 0; k+1 < len(bs); k++ {
		a, b := bs[k], bs[k+1]
		n := steps(b-a, sp.bend(r, sec, a, b), sp.tol)
		if n*perSample > sp.left {
			return nil, fmt.Errorf("sampling needs more than the %d points allowed (MaxSamplePoints)", MaxSamplePoints)
		}
		sp.left -= n * perSample
		for i := range n {
			ss = append(ss, a+(b-a)*float64(i)/float64(n))
		}
	}
	if len(bs) > 1 {
		sp.left -= perSample
		if sp.left < 0 {
			return nil, fmt.Errorf("sampling needs more than the %d points allowed (MaxSamplePoints)", MaxSamplePoints)
		}
		ss = append(ss, s1)
	}
	return ss, nil
}

// pieces is what is in effect over one interval [a, b] of a section.
type pieces struct {
	g      *Geometry
	z, off Cubic
	left   []Cubic // t of each left lane's outer border, in x = s - a
	right  []Cubic
}

func (pc *pieces) set(r *Road, sec *LaneSection, a, b float64) {
	mid := 0.5 * (a + b)
	pc.g = &r.Geometry[r.GeometryAt(mid)]
	pc.z = polyPiece(r.Elevation, a, mid)
	pc.off = polyPiece(r.LaneOffsets, a, mid)
	pc.left = sidePieces(pc.left[:0], sec.Left, pc.off, a-sec.S, mid-sec.S, 1)
	pc.right = sidePieces(pc.right[:0], sec.Right, pc.off, a-sec.S, mid-sec.S, -1)
}

// sidePieces builds the outer border of each lane of a side from the
// centre outward, as Road.LaneBorders does.
func sidePieces(dst []Cubic, lanes []Lane, t Cubic, a, mid, sign float64) []Cubic {
	for i := range lanes {
		l := &lanes[i]
		switch {
		case len(l.Widths) > 0:
			w := widthPiece(l.Widths, a, mid)
			if sign < 0 {
				w = w.neg()
			}
			t = t.add(w)
		case len(l.Borders) > 0:
			t = widthPiece(l.Borders, a, mid)
		}
		dst = append(dst, t)
	}
	return dst
}

// bend bounds the second derivative of every border over [a, b].
func (sp *sampler) bend(r *Road, sec *LaneSection, a, b float64) float64 {
	var pc pieces
	pc.set(r, sec, a, b)
	h := b - a
	acc, turn, dturn := pc.g.bendBounds(a-pc.g.S, b-pc.g.S)
	worst := borderBend(pc.off, h, acc, turn, dturn)
	for _, c := range pc.left {
		worst = max(worst, borderBend(c, h, acc, turn, dturn))
	}
	for _, c := range pc.right {
		worst = max(worst, borderBend(c, h, acc, turn, dturn))
	}
	_, _, z2 := pc.z.bounds(h)
	return worst + z2
}

// fill computes every border's point at every sample position.
func (sp *sampler) fill(r *Road, sec *LaneSection, ss []float64, borders [][]Vec3) {
	bs := breaks(r, sec, ss[0], ss[len(ss)-1])
	var pc pieces
	k := -1 // index of the interval [bs[k], bs[k+1]] in effect
	for i, s := range ss {
		for k+2 < len(bs) && s >= bs[k+1] {
			k++
			pc.set(r, sec, bs[k], bs[k+1])
		}
		x := s - bs[k]
		p := sp.walk.at(pc.g, s-pc.g.S)
		sin, cos := math.Sincos(p.Hdg)
		z := pc.z.At(x)
		put := func(j int, t float64) { borders[j][i] = Vec3{p.X - t*sin, p.Y + t*cos, z} }
		put(0, pc.off.At(x))
		for j, c := range pc.left {
			put(1+j, c.At(x))
		}
		for j, c := range pc.right {
			put(1+len(pc.left)+j, c.At(x))
		}
	}
}

// marks adds a MarkLine for every road mark of the section but those of
// type "none", along the border it belongs to.
func (sp *sampler) marks(ri, si int, sec *LaneSection, ss []float64, borders [][]Vec3, net *Network) {
	nl := len(sec.Left)
	add := func(l *Lane, border []Vec3) {
		for k, m := range l.RoadMarks {
			if m.Type == "none" || m.Type == "" {
				continue
			}
			end := math.Inf(1)
			if k+1 < len(l.RoadMarks) {
				end = l.RoadMarks[k+1].SOffset
			}
			i0 := sort.SearchFloat64s(ss, sec.S+m.SOffset-1e-6)
			i1 := sort.SearchFloat64s(ss, sec.S+end+1e-6)
			if i1-i0 < 2 {
				continue
			}
			net.Marks = append(net.Marks, MarkLine{Road: ri, Section: si, Lane: l.ID, Mark: m, Points: border[i0:i1:i1]})
		}
	}
	add(&sec.Center, borders[0])
	for i := range sec.Left {
		add(&sec.Left[i], borders[1+i])
	}
	for i := range sec.Right {
		add(&sec.Right[i], borders[1+nl+i])
	}
}
