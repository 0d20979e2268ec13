package lanes

import (
	"bytes"
	"context"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/mm2carla/viewer/internal/drivetest"
	"github.com/mm2carla/viewer/scene"
	"github.com/mm2carla/viewer/sim/citygen"
)

// londonMap is citygen's London-size city (540 roads).
func londonMap(b *testing.B) *scene.Map {
	bm, err := citygen.Generate(citygen.London())
	if err != nil {
		b.Fatal(err)
	}
	return scene.NewMap(bm)
}

// BenchmarkNewBAI builds the grids of a London-size map: the window
// does it when a map opens.
func BenchmarkNewBAI(b *testing.B) {
	m := londonMap(b)
	b.ReportAllocs()
	for b.Loop() {
		NewBAI(m)
	}
}

// lanePoints are points 0.3 m left of every lane of m, every 0.5 m: a
// vehicle at 10 m/s and 20 Hz, drifting a little.
func lanePoints(m *scene.Map) [][]mgl64.Vec3 {
	var out [][]mgl64.Vec3
	for r := range m.Roads {
		for _, sideB := range []bool{false, true} {
			sd := &m.Roads[r].SideA
			if sideB {
				sd = &m.Roads[r].SideB
			}
			for k := range sd.Lanes {
				path := drivetest.Lane(m, r, sideB, k)
				var ps []mgl64.Vec3
				for s := 0.0; s < path.Length(); s += 0.5 {
					p, _ := path.At(s, 0.3)
					ps = append(ps, p)
				}
				out = append(out, ps)
			}
		}
	}
	return out
}

// BenchmarkFollow places points moving along every lane of a London-size
// map with a cursor each, as the association does (ns/op is a point).
func BenchmarkFollow(b *testing.B) {
	sm := londonMap(b)
	m, lanes := NewBAI(sm), lanePoints(sm)
	var f Fix
	b.ReportAllocs()
	n := 0
	for b.Loop() {
		l := lanes[n%len(lanes)]
		var c Cursor
		for _, p := range l {
			m.Follow(&c, p, &f)
		}
		n++
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(pointsIn(lanes, n)), "ns/point")
}

// BenchmarkLocate places the same points without a cursor.
func BenchmarkLocate(b *testing.B) {
	sm := londonMap(b)
	m, lanes := NewBAI(sm), lanePoints(sm)
	b.ReportAllocs()
	n := 0
	for b.Loop() {
		for _, p := range lanes[n%len(lanes)] {
			m.Locate(p)
		}
		n++
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(pointsIn(lanes, n)), "ns/point")
}

func pointsIn(lanes [][]mgl64.Vec3, n int) int {
	k := 0
	for i := range n {
		k += len(lanes[i%len(lanes)])
	}
	return max(k, 1)
}

// BenchmarkAssociateDemo associates the built-in demo's two minutes of
// traffic (164 vehicles, 2,401 frames) with its city; BenchmarkOpenDemo
// opens the same recording, for comparison.
func BenchmarkAssociateDemo(b *testing.B) {
	rec, m := demoScene(b)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Associate(context.Background(), rec, m, nil); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkOpenDemo(b *testing.B) {
	_, lb, err := demoBuild(2)
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(lb)))
	for b.Loop() {
		if _, err := scene.Open(bytes.NewReader(lb), int64(len(lb)), nil); err != nil {
			b.Fatal(err)
		}
	}
}

func demoScene(b testing.TB) (*scene.Recording, *BAI) {
	b.Helper()
	bm, lb, err := demoBuild(2)
	if err != nil {
		b.Fatal(err)
	}
	rec, err := scene.Open(bytes.NewReader(lb), int64(len(lb)), nil)
	if err != nil {
		b.Fatal(err)
	}
	if bb, ok := b.(*testing.B); ok {
		bb.SetBytes(int64(len(lb)))
	}
	return rec, NewBAI(scene.NewMap(bm))
}
