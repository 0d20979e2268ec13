package opendrive

import "testing"

// BenchmarkTown01 reads and samples Town01 (973 KB, 122 roads) from
// memory: the work of opening CARLA's smallest town in the viewer.
// Target: under 50 ms an operation.
func BenchmarkTown01(b *testing.B) {
	data := readReal(b, "Town01.xodr")
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		m, err := DecodeBytes(data)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := Sample(m, 0); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkDecodeTown01 is the reading alone.
func BenchmarkDecodeTown01(b *testing.B) {
	data := readReal(b, "Town01.xodr")
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := DecodeBytes(data); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkSampleTown01 is the sampling alone.
func BenchmarkSampleTown01(b *testing.B) {
	m, err := DecodeBytes(readReal(b, "Town01.xodr"))
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	var points int
	for b.Loop() {
		net, err := Sample(m, 0)
		if err != nil {
			b.Fatal(err)
		}
		points = net.Points
	}
	b.ReportMetric(float64(points), "points")
}

// BenchmarkSampleSpirals samples a road of long spirals and widening
// lanes, the costly case for the sampler (Town01 has no spirals).
func BenchmarkSampleSpirals(b *testing.B) {
	var gs []Geometry
	s, x, y, h := 0.0, 0.0, 0.0, 0.0
	for i := range 20 {
		k := 0.02 * float64(1+i%3)
		g := Geometry{S: s, X: x, Y: y, Hdg: h, Length: 80, Kind: GeomSpiral, CurvStart: k, CurvEnd: -k}
		end := g.End()
		gs = append(gs, g)
		s, x, y, h = s+80, end.X, end.Y, end.Hdg
	}
	r := roadOf(s, gs, lanesOf(1, 3.5, 3.5, 2), lanesOf(-1, 3.5, 3.5, 2))
	r.Sections[0].Left[2].Widths = append(r.Sections[0].Left[2].Widths, Width{SOffset: 100, Cubic: Cubic{A: 2, C: 0.0001}})
	m := &Map{Roads: []Road{r}}
	b.ReportAllocs()
	var points int
	for b.Loop() {
		net, err := Sample(m, 0)
		if err != nil {
			b.Fatal(err)
		}
		points = net.Points
	}
	b.ReportMetric(float64(points), "points")
}
