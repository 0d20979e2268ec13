package opendrive

import (
	"math"
	"sort"
)

// Vec3 is a point in the file's frame: metres, x east, y north, z up.
type Vec3 struct{ X, Y, Z float64 }

// GeometryAt returns the index of the geometry record in effect at s: the
// last one starting at or before s (the first when s is before them all).
// The road must have geometry, as every decoded road does.
func (r *Road) GeometryAt(s float64) int {
	i := sort.Search(len(r.Geometry), func(i int) bool { return r.Geometry[i].S > s }) - 1
	return max(i, 0)
}

// RefAt returns the point and heading of the reference line at s. Past a
// geometry's end (at a gap, or past the road's end) the geometry's end
// point is returned: the reference line is never extrapolated.
func (r *Road) RefAt(s float64) Pose {
	g := &r.Geometry[r.GeometryAt(s)]
	return g.At(s - g.S)
}

// ElevationAt returns the height of the reference line at s (0 for a
// road with no elevation records).
func (r *Road) ElevationAt(s float64) float64 { return polyAt(r.Elevation, s) }

// LaneOffsetAt returns the lateral shift of the centre lane from the
// reference line at s (0 for a road with no laneOffset records).
func (r *Road) LaneOffsetAt(s float64) float64 { return polyAt(r.LaneOffsets, s) }

// SectionAt returns the index of the lane section in effect at s: the
// last one starting at or before s. At a section boundary that is the
// section starting there; pass the previous index to the functions below
// to evaluate the end of the previous section.
func (r *Road) SectionAt(s float64) int {
	i := sort.Search(len(r.Sections), func(i int) bool { return r.Sections[i].S > s }) - 1
	return max(i, 0)
}

// SectionEnd returns the s where section i ends: the next section's start,
// or the road's length for the last.
func (r *Road) SectionEnd(i int) float64 {
	if i+1 < len(r.Sections) {
		return r.Sections[i+1].S
	}
	return max(r.Length, r.Sections[i].S)
}

// LaneBorders returns the lateral offsets t of lane id's inner border
// (towards the centre lane) and outer border at s, in section sec. For a
// left lane inner < outer, for a right lane inner > outer; the centre lane
// (id 0) has both at the lane offset. ok is false when the section has no
// such lane.
//
// Borders are built outward from the centre lane, at the lane offset: a
// lane with width records adds its width (sOffset from the section's
// start) to the border inside it; a lane with border records only has its
// outer border at the t they give.
func (r *Road) LaneBorders(sec int, s float64, id int) (inner, outer float64, ok bool) {
	in, out, _, _, ok := r.borders(sec, s, id)
	return in, out, ok
}

// LaneWidth returns the width of lane id at s in section sec, or 0 when
// there is no such lane.
func (r *Road) LaneWidth(sec int, s float64, id int) float64 {
	in, out, ok := r.LaneBorders(sec, s, id)
	if !ok {
		return 0
	}
	return math.Abs(out - in)
}

// borders returns a lane's inner and outer t and their rates of change
// along s.
func (r *Road) borders(sec int, s float64, id int) (in, out, din, dout float64, ok bool) {
	if sec < 0 || sec >= len(r.Sections) {
		return 0, 0, 0, 0, false
	}
	ls := &r.Sections[sec]
	t, dt := polyEval(r.LaneOffsets, s)
	lanes, sign := ls.Left, 1.0
	if id < 0 {
		lanes, sign = ls.Right, -1
	}
	n := abs(id)
	if n > len(lanes) {
		return 0, 0, 0, 0, false
	}
	ds := s - ls.S
	in, din = t, dt
	for i := range n {
		in, din = t, dt
		l := &lanes[i]
		switch {
		case len(l.Widths) > 0:
			w, dw := widthEval(l.Widths, ds)
			t, dt = t+sign*w, dt+sign*dw
		case len(l.Borders) > 0:
			t, dt = widthEval(l.Borders, ds)
		}
	}
	return in, t, din, dt, true
}

// polyEval returns the value and slope of cubic records at s, as polyAt.
func polyEval(recs []Poly, s float64) (v, d float64) {
	if len(recs) == 0 {
		return 0, 0
	}
	p := &recs[polyIndex(recs, s)]
	if s < p.S {
		return p.A, 0
	}
	return p.At(s - p.S), p.Slope(s - p.S)
}

// widthEval returns the value and slope of width or border records ds
// from the section's start, as widthAt.
func widthEval(recs []Width, ds float64) (v, d float64) {
	w := &recs[widthIndex(recs, ds)]
	if ds < w.SOffset {
		return w.A, 0
	}
	return w.At(ds - w.SOffset), w.Slope(ds - w.SOffset)
}

// PointAt returns the point at (s, t) with its height, and the heading of
// the reference line at s (t is measured square to it, positive left).
// The height is the reference line's elevation: superelevation and lane
// heights are not applied.
func (r *Road) PointAt(s, t float64) (Vec3, float64) {
	p := r.RefAt(s)
	sin, cos := math.Sincos(p.Hdg)
	return Vec3{p.X - t*sin, p.Y + t*cos, r.ElevationAt(s)}, p.Hdg
}

// LaneCenter returns the point halfway across lane id at s, in section
// sec, and the heading of the lane's centre line there in the direction
// of increasing s. The heading differs from the reference line's where
// the lane's offset changes along s or the road curves (an offset curve
// of a curve turns by the same angle over a different length). ok is
// false when the section has no such lane.
func (r *Road) LaneCenter(sec int, s float64, id int) (p Vec3, hdg float64, ok bool) {
	in, out, din, dout, ok := r.borders(sec, s, id)
	if !ok {
		return Vec3{}, 0, false
	}
	t, dt := 0.5*(in+out), 0.5*(din+dout)
	p, ref := r.PointAt(s, t)
	g := &r.Geometry[r.GeometryAt(s)]
	ds := s - g.S
	sp := g.speed(ds)
	return p, ref + math.Atan2(dt, sp*(1-t*g.CurvatureAt(ds))), true
}

// SignalPose returns where a signal stands and its heading: its point at
// (S, T), ZOffset above the road, and the reference line's heading at S
// turned by HOffset.
//
// The standard measures hOffset from the signal's orientation ("+" along
// s, "-" against it), but RoadRunner writes it, and CARLA reads it, from
// the reference line whatever the orientation: Town01's "+" lights have
// an hOffset of ±π and its "-" lights 0, and each of the 36 traffic-light
// actors CARLA records for them stands within 0.35 m of the point here
// with its yaw 90° clockwise of this heading (in OpenDRIVE's axes; the
// Town01 test pins this). Orientation still says which traffic the signal
// is for.
func (r *Road) SignalPose(sg *Signal) (Vec3, float64) {
	p, hdg := r.PointAt(sg.S, sg.T)
	p.Z += sg.ZOffset
	return p, hdg + sg.HOffset
}

// SignalReferencePose returns where a signal reference lies on this road
// and the reference line's heading there; its Orientation says which
// traffic the referenced signal is for on this road.
func (r *Road) SignalReferencePose(ref *SignalReference) (Vec3, float64) {
	return r.PointAt(ref.S, ref.T)
}
