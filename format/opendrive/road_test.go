package opendrive

import (
	"math"
	"testing"
)

// TestLaneBorders works out by hand the borders of road 1 of the small
// network: lane offset 0.5, then from s = 15 rising 0.1 per metre;
// section 0 has lanes 1 (3.5 m) and 2 (2 m, from sOffset 5 widening
// 0.1 per metre) on the left, -1 (3.5 m) and -2 (1 + 0.001 ds³) on the
// right; section 1 from s = 20 has lane 1 (3 + 0.01 ds²) and -1 (3 m).
func TestLaneBorders(t *testing.T) {
	r := &decodeSmall(t).Roads[0]
	for _, tc := range []struct {
		name          string
		sec           int
		s             float64
		id            int
		inner, outer  float64
		width, offset float64
	}{
		{"lane 1 at the start", 0, 0, 1, 0.5, 4, 3.5, 0.5},
		{"lane 2 before its second width", 0, 3, 2, 4, 6, 2, 0.5},
		{"lane 2 at its second width's start", 0, 5, 2, 4, 6, 2, 0.5},
		{"lane 2 two metres into its second width", 0, 7, 2, 4, 6.2, 2.2, 0.5},
		{"lane -2 with its cubic", 0, 10, -2, -3, -5, 2, 0.5},
		{"centre lane", 0, 10, 0, 0.5, 0.5, 0, 0.5},
		{"lane 2 at the end of section 0 (offset drifting)", 0, 20, 2, 4.5, 8, 3.5, 1},
		{"lane 1 at the start of section 1", 1, 20, 1, 1, 4, 3, 1},
		{"lane 1 five metres into section 1", 1, 25, 1, 1.5, 4.75, 3.25, 1.5},
		{"lane -1 in section 1", 1, 25, -1, 1.5, -1.5, 3, 1.5},
	} {
		t.Run(tc.name, func(t *testing.T) {
			in, out, ok := r.LaneBorders(tc.sec, tc.s, tc.id)
			if !ok || math.Abs(in-tc.inner) > 1e-12 || math.Abs(out-tc.outer) > 1e-12 {
				t.Errorf("LaneBorders = %g, %g, %v; want %g, %g", in, out, ok, tc.inner, tc.outer)
			}
			if w := r.LaneWidth(tc.sec, tc.s, tc.id); math.Abs(w-tc.width) > 1e-12 {
				t.Errorf("LaneWidth = %g, want %g", w, tc.width)
			}
			if o := r.LaneOffsetAt(tc.s); math.Abs(o-tc.offset) > 1e-12 {
				t.Errorf("LaneOffsetAt = %g, want %g", o, tc.offset)
			}
		})
	}
	if _, _, ok := r.LaneBorders(1, 25, 2); ok {
		t.Error("section 1 has no lane 2, but LaneBorders found one")
	}
	if r.SectionAt(19.999) != 0 || r.SectionAt(20) != 1 || r.SectionAt(45) != 1 || r.SectionEnd(0) != 20 || r.SectionEnd(1) != r.Length {
		t.Error("SectionAt or SectionEnd wrong at the boundary")
	}
	for _, tc := range []struct{ s, z float64 }{{0, 0}, {10, 0.1}, {20, 0.2}, {25, 0.225}} {
		if z := r.ElevationAt(tc.s); math.Abs(z-tc.z) > 1e-12 {
			t.Errorf("ElevationAt(%g) = %g, want %g", tc.s, z, tc.z)
		}
	}
}

// Border-defined lanes (road 2): lane 1's border is at t = 3, then from
// sOffset 10 rises 0.1 per metre; lane -2's border is at t = -6.5 whatever
// the lane inside it does.
func TestLaneBordersFromBorderRecords(t *testing.T) {
	r := &decodeSmall(t).Roads[1]
	for _, tc := range []struct {
		s            float64
		id           int
		inner, outer float64
	}{
		{5, 1, 0, 3}, {15, 1, 0, 3.5}, {15, -1, 0, -3}, {15, -2, -3, -6.5},
	} {
		in, out, ok := r.LaneBorders(0, tc.s, tc.id)
		if !ok || math.Abs(in-tc.inner) > 1e-12 || math.Abs(out-tc.outer) > 1e-12 {
			t.Errorf("lane %d at %g: %g, %g; want %g, %g", tc.id, tc.s, in, out, tc.inner, tc.outer)
		}
	}
	if w := r.LaneWidth(0, 15, -2); math.Abs(w-3.5) > 1e-12 {
		t.Errorf("lane -2 width %g, want 3.5", w)
	}
}

// PointAt on the line and on the quarter circle of road 1 (centre
// (10, 10), radius 10): a point 2 m left of the reference line at the
// arc's middle is 8 m from the centre.
func TestPointAt(t *testing.T) {
	r := &decodeSmall(t).Roads[0]
	p, h := r.PointAt(5, 2)
	if dist(p, Vec3{5, 2, 0.05}) > 1e-12 || h != 0 {
		t.Errorf("PointAt(5, 2) = %+v, %g", p, h)
	}
	q := math.Pi / 4
	p, h = r.PointAt(10+10*q, 2)
	want := Vec3{10 + 8*math.Sin(q), 10 - 8*math.Cos(q), r.ElevationAt(10 + 10*q)}
	if dist(p, want) > 1e-12 || math.Abs(h-q) > 1e-12 {
		t.Errorf("PointAt on the arc = %+v, %g; want %+v, %g", p, h, want, q)
	}
}

// TestLaneCenterHeading checks the heading LaneCenter gives against the
// direction of a finite difference of its points, on every geometry kind
// and where lanes widen and the offset drifts. The difference is taken
// forward, since at a record's start (s = 5, 10, 15 here) the line may
// kink and the heading there is the new record's.
func TestLaneCenterHeading(t *testing.T) {
	m := decodeSmall(t)
	const h = 1e-7
	for ri := range m.Roads[:2] {
		r := &m.Roads[ri]
		for si := range r.Sections {
			a, b := r.Sections[si].S, r.SectionEnd(si)
			for _, id := range []int{2, 1, -1, -2} {
				for k := 1; k < 20; k++ {
					s := a + (b-a)*float64(k)/20
					p, hdg, ok := r.LaneCenter(si, s, id)
					if !ok {
						continue
					}
					p0 := p
					p1, _, _ := r.LaneCenter(si, s+h, id)
					if dist(p, exact(r, si, s, id, 1)) > 1e-12 {
						t.Errorf("road %s lane %d at %g: centre %+v is not halfway across", r.ID, id, s, p)
					}
					fd := math.Atan2(p1.Y-p0.Y, p1.X-p0.X)
					if d := math.Remainder(hdg-fd, 2*math.Pi); math.Abs(d) > 1e-5 {
						t.Errorf("road %s lane %d at %g: heading %g, the points go %g", r.ID, id, s, hdg, fd)
					}
				}
			}
		}
	}
}

// SignalPose: the signal of road 1 stands at s = 9, t = -6 on the
// straight part, 0.5 m above the road, turned by its hOffset of 0.1 from
// the reference line (its orientation does not turn it); the reference
// at s = 1, t = 3 lies on the road, along the reference line.
func TestSignalPose(t *testing.T) {
	r := &decodeSmall(t).Roads[0]
	p, h := r.SignalPose(&r.Signals[0])
	if dist(p, Vec3{9, -6, 0.09 + 0.5}) > 1e-12 || math.Abs(h-0.1) > 1e-12 {
		t.Errorf("signal at %+v heading %g", p, h)
	}
	p, h = r.SignalReferencePose(&r.SignalReferences[0])
	if dist(p, Vec3{1, 3, 0.01}) > 1e-12 || h != 0 {
		t.Errorf("signal reference at %+v heading %g", p, h)
	}
}
