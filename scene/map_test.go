package scene

import (
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/mm2carla/viewer/format/bai"
)

// line returns n BAI points from x0 to x1 along X at height y, depth z.
func line(n int, x0, x1, y, z float32) []bai.Vec3 {
	ps := make([]bai.Vec3, n)
	for i := range ps {
		ps[i] = bai.Vec3{X: x0 + (x1-x0)*float32(i)/float32(n-1), Y: y, Z: z}
	}
	return ps
}

func testMap() *bai.Map {
	const n = 3
	// Centre line along BAI +X from 0 to 20 m; BAI +Z is world -Y.
	road := bai.Road{
		ID: 0, HalfWidth: 8, BaseSpeed: 15,
		Distance: []float32{0, 10, 20},
		Origin:   line(n, 0, 20, 0, 0),
		YAxis:    line(n, 0, 0, 1, 0),
		SideA: bai.Side{ // stored end -> start as the format says
			NumLanes: 1, NumSidewalks: 1,
			Curves:         [][]bai.Vec3{line(n, 20, 0, 0, -2), line(n, 20, 0, 0, -6)},
			EdgeDistances:  []float32{2, 6},
			SidewalkInner:  line(n, 0, 20, 0, -5),
			SidewalkOuter:  line(n, 0, 20, 0, -8),
			CurveDistances: [][]float32{{0, 10, 20}, {0, 10, 20}},
		},
		SideB: bai.Side{ // lane stored the wrong way round: orient must fix it
			NumLanes: 1, NumSidewalks: 1,
			Curves:        [][]bai.Vec3{line(n, 20, 0, 0, 2), line(n, 0, 20, 0, 6)},
			Trams:         [][]bai.Vec3{line(n, 0, 20, 0, 1)},
			SidewalkInner: line(n, 20, 0, 0, 5),
			SidewalkOuter: line(n, 0, 20, 0, 8),
		},
		Start: bai.RoadEnd{Intersection: 0, Rule: bai.RuleTrafficLight, RoadIndex: 0,
			LightOrigin: bai.Vec3{X: 1, Y: 5, Z: 3}, LightTarget: bai.Vec3{X: 2, Y: 5, Z: 3}},
		End: bai.RoadEnd{Intersection: bai.NotConnected, RoadIndex: bai.NotConnected, Rule: bai.RuleNeverStop},
	}
	return &bai.Map{
		Roads: []bai.Road{road},
		Intersections: []bai.Intersection{
			{ID: 0, Center: bai.Vec3{X: -3, Y: 0, Z: 0}, Roads: []uint32{0, 7}},
		},
	}
}

func TestNewMapDirections(t *testing.T) {
	m := NewMap(testMap())
	r := &m.Roads[0]
	start, end := mgl64.Vec3{0, 0, 0}, mgl64.Vec3{20, 0, 0}
	if r.Centre[0] != start || r.Centre[2] != end {
		t.Fatalf("centre %v", r.Centre)
	}
	// Side A drives End -> Start; its lane is on BAI -Z = world +Y.
	a := r.SideA.Lanes[0]
	if a[0] != (mgl64.Vec3{20, 2, 0}) || a[2] != (mgl64.Vec3{0, 2, 0}) {
		t.Errorf("side A lane %v, want from (20,2,0) to (0,2,0)", a)
	}
	// Side B drives Start -> End even though the file stored it reversed.
	b := r.SideB.Lanes[0]
	if b[0] != (mgl64.Vec3{0, -2, 0}) || b[2] != (mgl64.Vec3{20, -2, 0}) {
		t.Errorf("side B lane %v, want from (0,-2,0) to (20,-2,0)", b)
	}
	if tr := r.SideB.Trams[0]; tr[0][0] != 0 || tr[2][0] != 20 {
		t.Errorf("tram %v not start -> end", tr)
	}
	// Sidewalks run Start -> End on both sides.
	for name, c := range map[string][]mgl64.Vec3{
		"A centre": r.SideA.Sidewalks[0], "A inner": r.SideA.SidewalkInner, "A outer": r.SideA.SidewalkOuter,
		"B centre": r.SideB.Sidewalks[0], "B inner": r.SideB.SidewalkInner, "B outer": r.SideB.SidewalkOuter,
	} {
		if c[0][0] != 0 || c[len(c)-1][0] != 20 {
			t.Errorf("%s sidewalk %v not start -> end", name, c)
		}
	}
	if r.Up[1] != (mgl64.Vec3{0, 0, 1}) {
		t.Errorf("up %v, want world +Z", r.Up[1])
	}
	if r.Start.Intersection != 0 || !r.Start.HasLight || r.Start.LightOrigin != (mgl64.Vec3{1, -3, 5}) {
		t.Errorf("start end %+v", r.Start)
	}
	if r.End.Intersection != -1 || r.End.HasLight || r.End.Rule != bai.RuleNeverStop {
		t.Errorf("end %+v", r.End)
	}
	in := m.Intersections[0]
	if in.Center != (mgl64.Vec3{-3, 0, 0}) || len(in.Roads) != 2 || in.Roads[0] != 0 || in.Roads[1] != -1 {
		t.Errorf("intersection %+v", in)
	}
	lo, hi := m.Bounds()
	if lo != (mgl64.Vec3{-3, -8, 0}) || hi != (mgl64.Vec3{20, 8, 0}) {
		t.Errorf("bounds %v %v", lo, hi)
	}
}

func TestNewMapEmpty(t *testing.T) {
	m := NewMap(&bai.Map{})
	lo, hi := m.Bounds()
	if lo != (mgl64.Vec3{}) || hi != (mgl64.Vec3{}) || len(m.Roads) != 0 {
		t.Errorf("empty map: %v %v %d", lo, hi, len(m.Roads))
	}
}
