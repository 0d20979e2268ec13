package opendrive

import (
	"math"
	"reflect"
	"strings"
	"testing"
)

// exact returns the exact point of a lane's inner (0), centre (1) or outer
// (2) line at s, from the public evaluation functions.
func exact(r *Road, sec int, s float64, id, which int) Vec3 {
	in, out, _ := r.LaneBorders(sec, s, id)
	t := []float64{in, 0.5 * (in + out), out}[which]
	p, _ := r.PointAt(s, t)
	return p
}

// segDist is the distance from p to the segment a-b in 3D.
func segDist(p, a, b Vec3) float64 {
	ab := Vec3{b.X - a.X, b.Y - a.Y, b.Z - a.Z}
	ap := Vec3{p.X - a.X, p.Y - a.Y, p.Z - a.Z}
	l2 := ab.X*ab.X + ab.Y*ab.Y + ab.Z*ab.Z
	f := 0.0
	if l2 > 0 {
		f = min(max((ap.X*ab.X+ap.Y*ab.Y+ap.Z*ab.Z)/l2, 0), 1)
	}
	return math.Sqrt(sq(ap.X-f*ab.X) + sq(ap.Y-f*ab.Y) + sq(ap.Z-f*ab.Z))
}

func sq(x float64) float64 { return x * x }

func dist(a, b Vec3) float64 { return math.Sqrt(sq(a.X-b.X) + sq(a.Y-b.Y) + sq(a.Z-b.Z)) }

// chordError measures how far the exact lines of the network's lanes
// stray from their polylines, probing 15 points inside every segment;
// atSamples is the largest distance of a sample from its exact point.
func chordError(t *testing.T, m *Map, net *Network) (worst, atSamples float64) {
	t.Helper()
	for _, l := range net.Lanes {
		r := &m.Roads[l.Road]
		for which, line := range [][]Vec3{l.Inner, l.Center, l.Outer} {
			if len(line) != len(l.S) {
				t.Fatalf("road %s lane %d: %d points for %d positions", r.ID, l.Lane, len(line), len(l.S))
			}
			for i := range line {
				atSamples = max(atSamples, dist(line[i], exact(r, l.Section, l.S[i], l.Lane, which)))
				if i == 0 {
					continue
				}
				a, b := l.S[i-1], l.S[i]
				for k := 1; k < 16; k++ {
					p := exact(r, l.Section, a+(b-a)*float64(k)/16, l.Lane, which)
					worst = max(worst, segDist(p, line[i-1], line[i]))
				}
			}
		}
	}
	return worst, atSamples
}

// lanesOf makes lanes of constant widths (a width of 0 a zero-width lane).
func lanesOf(sign int, widths ...float64) []Lane {
	ls := make([]Lane, len(widths))
	for i, w := range widths {
		ls[i] = Lane{ID: sign * (i + 1), Type: "driving", Widths: []Width{{Cubic: Cubic{A: w}}}}
	}
	return ls
}

// roadOf makes a road of one section over the given geometry.
func roadOf(length float64, gs []Geometry, left, right []Lane) Road {
	return Road{ID: "t", Length: length, Junction: "-1", Geometry: gs,
		Sections: []LaneSection{{Left: left, Right: right}}}
}

// TestSampleChordError samples roads of every geometry kind, with lanes
// that widen, an offset that drifts and elevation that curves, and checks
// that no exact point strays more than the tolerance from its polyline.
// On the plain arc, whose bound is exact, the error must also come close
// to the tolerance: a sampler that wastes points fails there.
func TestSampleChordError(t *testing.T) {
	const tol = DefaultTolerance
	widening := Lane{ID: 2, Type: "sidewalk", Widths: []Width{{Cubic: Cubic{A: 2}}, {SOffset: 10, Cubic: Cubic{A: 2, B: 0.05, C: 0.004, D: -0.0001}}}}
	arc := roadOf(60, []Geometry{{Kind: GeomArc, Curvature: 0.05, Length: 60}}, lanesOf(1, 3.5, 2), lanesOf(-1, 3.5, 3.5, 4))
	spiral := roadOf(50, []Geometry{{Hdg: 1, Kind: GeomSpiral, CurvStart: 0, CurvEnd: 0.08, Length: 50}},
		append(lanesOf(1, 3.5), widening), lanesOf(-1, 3, 1.5))
	spiral.LaneOffsets = []Poly{{Cubic: Cubic{A: 0.2}}, {S: 20, Cubic: Cubic{A: 0.2, B: 0.02, C: 0.001}}}
	spiral.Elevation = []Poly{{Cubic: Cubic{B: 0.02, C: 0.002, D: -0.00004}}}
	sharp := roadOf(20, []Geometry{{Kind: GeomArc, Curvature: -0.25, Length: 20}}, lanesOf(1, 3), lanesOf(-1, 3, 0))
	small := decodeSmall(t)
	for _, tc := range []struct {
		name    string
		m       *Map
		atLeast float64
	}{
		{"arc", &Map{Roads: []Road{arc}}, 0.9 * tol},
		{"spiral, widening, drifting, climbing", &Map{Roads: []Road{spiral}}, 0},
		{"sharp right arc, 4 m radius", &Map{Roads: []Road{sharp}}, 0},
		{"small.xodr: line, arc, spiral, paramPoly3, poly3, borders", small, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			net, err := Sample(tc.m, tol)
			if err != nil {
				t.Fatal(err)
			}
			worst, at := chordError(t, tc.m, net)
			t.Logf("%d points, chord error %.4f m, samples within %.2g m", net.Points, worst, at)
			if worst > tol || worst < tc.atLeast {
				t.Errorf("chord error %.4f m, want within [%g, %g]", worst, tc.atLeast, tol)
			}
			if at > 1e-9 {
				t.Errorf("a sample lies %.3g m from its exact point", at)
			}
		})
	}
}

// A straight road of constant or linearly changing widths needs only its
// ends and the places where a record starts.
func TestSampleStraight(t *testing.T) {
	r := roadOf(10, []Geometry{{Length: 10}}, lanesOf(1, 3), lanesOf(-1, 3))
	r.Sections[0].Right[0].Widths = append(r.Sections[0].Right[0].Widths, Width{SOffset: 4, Cubic: Cubic{A: 3, B: 0.1}})
	r.Sections = append(r.Sections, LaneSection{S: 7, Left: lanesOf(1, 3), Right: lanesOf(-1, 3.6)})
	net, err := SampleRoad(&r, 0, 0)
	if err != nil {
		t.Fatal(err)
	}
	if len(net.Lanes) != 4 {
		t.Fatalf("%d lanes", len(net.Lanes))
	}
	if got := net.Lanes[0].S; !reflect.DeepEqual(got, []float64{0, 4, 7}) {
		t.Errorf("section 0 sampled at %v, want [0 4 7]", got)
	}
	if got := net.Lanes[2].S; !reflect.DeepEqual(got, []float64{7, 10}) {
		t.Errorf("section 1 sampled at %v, want [7 10]", got)
	}
	// Right lane of section 0 at its end: 3 + 0.1*3 wide.
	if p := net.Lanes[1].Outer[2]; math.Abs(p.Y+3.3) > 1e-12 || p.X != 7 {
		t.Errorf("right border at s=7 is %+v, want (7, -3.3)", p)
	}
}

// TestSampleLanesAndMarks checks what comes with the points: lane
// identity, direction of travel, shared storage, and road marks over the
// right stretches of the right borders.
func TestSampleLanesAndMarks(t *testing.T) {
	m := decodeSmall(t)
	net, err := Sample(m, 0)
	if err != nil {
		t.Fatal(err)
	}
	type key struct{ road, sec, lane int }
	forward := map[key]bool{}
	for i, l := range net.Lanes {
		forward[key{l.Road, l.Section, l.Lane}] = l.Forward
		if l.Type != m.Roads[l.Road].Sections[l.Section].Lane(l.Lane).Type {
			t.Errorf("lane %d: type %q", i, l.Type)
		}
	}
	want := map[key]bool{
		{0, 0, 1}: false, {0, 0, 2}: false, {0, 0, -1}: true, {0, 0, -2}: true,
		{0, 1, 1}: false, {0, 1, -1}: true,
		{1, 0, 1}: true, {1, 0, -1}: false, {1, 0, -2}: false, // rule="LHT"
		{2, 0, -1}: true,
	}
	if !reflect.DeepEqual(forward, want) {
		t.Errorf("lanes and directions %v, want %v", forward, want)
	}
	// Lane 1's outer border is lane 2's inner one, the same storage.
	if &net.Lanes[0].Outer[0] != &net.Lanes[1].Inner[0] {
		t.Error("neighbouring lanes do not share their border")
	}

	r := &m.Roads[0]
	type mark struct {
		lane       int
		typ        string
		start, end float64
	}
	var got []mark
	for _, ml := range net.Marks {
		if ml.Road != 0 {
			continue
		}
		ls := net.Lanes[0].S // section 0's positions
		// Find the stretch of s the points cover on the lane's outer line.
		start, end := -1.0, -1.0
		for i, s := range ls {
			p := exact(r, ml.Section, s, ml.Lane, 2)
			if dist(p, ml.Points[0]) < 1e-9 && start < 0 {
				start = s
			}
			if dist(p, ml.Points[len(ml.Points)-1]) < 1e-9 {
				end = ls[i]
			}
		}
		got = append(got, mark{ml.Lane, ml.Mark.Type, start, end})
	}
	wantMarks := []mark{{0, "solid", 0, 12}, {0, "broken", 12, 20}, {2, "curb", 0, 20}, {-1, "broken", 0, 20}, {-2, "solid", 0, 20}}
	if !reflect.DeepEqual(got, wantMarks) {
		t.Errorf("road 1's marks %v, want %v", got, wantMarks)
	}
}

// A corrupt network whose curves would need billions of points is refused
// quickly, with nothing made.
func TestSampleBudget(t *testing.T) {
	r := roadOf(1e5, []Geometry{{Kind: GeomArc, Curvature: 100, Length: 1e5}},
		lanesOf(1, make([]float64, 100)...), lanesOf(-1, make([]float64, 100)...))
	net, err := Sample(&Map{Roads: []Road{r}}, 0)
	if err == nil || net != nil || !strings.Contains(err.Error(), "MaxSamplePoints") {
		t.Fatalf("Sample = %v, %v; want an error naming MaxSamplePoints", net, err)
	}
	t.Log(err)
}
