package lanes

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/mm2carla/viewer/format/bai"
	"github.com/mm2carla/viewer/internal/drivetest"
	"github.com/mm2carla/viewer/scene"
	"github.com/mm2carla/viewer/sim/citygen"
)

// testCity is drivetest's city with its through road's end given a
// traffic light and its start a stop sign.
func testCity(t testing.TB) (*scene.Map, *BAI, int) {
	t.Helper()
	bm := drivetest.City()
	r := drivetest.Through(scene.NewMap(bm))
	drivetest.SetEnd(bm, r, false, bai.RuleTrafficLight, true)
	drivetest.SetEnd(bm, r, true, bai.RuleStopSign, false)
	m := scene.NewMap(bm)
	return m, NewBAI(m), r
}

func TestLocateOnLanes(t *testing.T) {
	sm, m, r := testCity(t)
	b0, a0 := drivetest.Lane(sm, r, true, 0), drivetest.Lane(sm, r, false, 0)
	b1 := drivetest.Lane(sm, r, true, 1)
	length := m.RoadLength(r)
	for _, tt := range []struct {
		name         string
		path         drivetest.Path
		s, lateral   float64
		lane         LaneRef
		offset, alng float64
	}{
		{"on B0", b0, 20, 0, LaneRef{int32(r), SideB, 0}, 0, 20},
		{"0.9 m left of B0", b0, 20, 0.9, LaneRef{int32(r), SideB, 0}, 0.9, 20},
		{"0.9 m right of B0", b0, 30, -0.9, LaneRef{int32(r), SideB, 0}, -0.9, 30},
		{"on B1", b1, 25, 0, LaneRef{int32(r), SideB, 1}, 0, 25},
		{"2 m right of B1, on the sidewalk side", b1, 25, -2, LaneRef{int32(r), SideB, 1}, -2, 25},
		{"1.5 m right of B0 is nearer B0", b0, 25, -1.5, LaneRef{int32(r), SideB, 0}, -1.5, 25},
		{"2 m right of B0 is nearer B1", b0, 25, -2, LaneRef{int32(r), SideB, 1}, 1.5, 25},
		{"0.9 m left of A0", a0, 20, 0.9, LaneRef{int32(r), SideA, 0}, 0.9, length - 20},
		{"0.5 m right of A0", a0, 40, -0.5, LaneRef{int32(r), SideA, 0}, -0.5, length - 40},
	} {
		t.Run(tt.name, func(t *testing.T) {
			p, _ := tt.path.At(tt.s, tt.lateral)
			loc := m.Locate(p)
			if loc.Place != OnRoad || loc.Road != r || !loc.HasLane || loc.Lane.Lane != tt.lane {
				t.Fatalf("Locate = %+v, want %v", loc, tt.lane)
			}
			if math.Abs(loc.Lane.Offset-tt.offset) > 1e-3 || math.Abs(loc.Along-tt.alng) > 1e-3 {
				t.Errorf("offset %.4f along %.4f, want %g and %g", loc.Lane.Offset, loc.Along, tt.offset, tt.alng)
			}
			_, yaw := tt.path.At(tt.s, 0)
			if d := math.Atan2(loc.Lane.Dir[1], loc.Lane.Dir[0]) * 180 / math.Pi; math.Abs(scene.WrapDegrees(d-yaw)) > 1e-6 {
				t.Errorf("lane direction %g deg, the lane is driven at %g", d, yaw)
			}
		})
	}
}

func TestLocatePlaces(t *testing.T) {
	sm, m, r := testCity(t)
	road := &sm.Roads[r]
	b0 := drivetest.Lane(sm, r, true, 0)
	end := road.Centre[len(road.Centre)-1]
	inter := road.End.Intersection
	for _, tt := range []struct {
		name  string
		p     mgl64.Vec3
		place Place
		inter int
	}{
		{"intersection centre", sm.Intersections[inter].Center, InIntersection, inter},
		{"2 m past the road's end", pt(b0, b0.Length()+2, 0), InIntersection, inter},
		{"past the end, by the kerb", end.Add(mgl64.Vec3{0.5, -road.HalfWidth + 0.5, 0}), InIntersection, inter},
		{"on the sidewalk", end.Add(mgl64.Vec3{-20, -road.HalfWidth + 0.5, 0}), OnRoad, -1},
		{"beyond the sidewalk", end.Add(mgl64.Vec3{-20, -road.HalfWidth - 2, 0}), OffMap, -1},
		{"a kilometre away", end.Add(mgl64.Vec3{1000, 1000, 0}), OffMap, -1},
		{"above the road", pt(b0, 20, 0).Add(mgl64.Vec3{0, 0, 10}), OffMap, -1},
		{"above the intersection", sm.Intersections[inter].Center.Add(mgl64.Vec3{0, 0, 10}), OffMap, -1},
	} {
		loc := m.Locate(tt.p)
		if loc.Place != tt.place || loc.Intersection != tt.inter {
			t.Errorf("%s: %+v, want %v %d", tt.name, loc, tt.place, tt.inter)
		}
		if (loc.Place == OnRoad) != (loc.Road >= 0) {
			t.Errorf("%s: road %d for %v", tt.name, loc.Road, loc.Place)
		}
	}
}

func TestEnds(t *testing.T) {
	sm, m, r := testCity(t)
	light := EndAhead(m, LaneRef{Road: int32(r), Side: SideB})
	stop := EndAhead(m, LaneRef{Road: int32(r), Side: SideA})
	if light.AtStart || light.Rule != RuleTrafficLight || !light.HasLight || light.Intersection != sm.Roads[r].End.Intersection {
		t.Errorf("side B drives into %+v", light)
	}
	if !stop.AtStart || stop.Rule != RuleStopSign || stop.HasLight || !stop.Rule.Stops() || light.Rule.Stops() {
		t.Errorf("side A drives into %+v", stop)
	}
	if d := ToEnd(m, light, 10); math.Abs(d-(m.RoadLength(r)-10)) > 1e-9 {
		t.Errorf("ToEnd %g", d)
	}
	if m.Roads() != len(sm.Roads) || m.Intersections() != len(sm.Intersections) || m.RoadID(r) != sm.Roads[r].ID {
		t.Error("counts or ids differ from the scene map")
	}
}

func TestLanesNear(t *testing.T) {
	sm, m, r := testCity(t)
	b0 := drivetest.Lane(sm, r, true, 0)
	p := pt(b0, 30, -0.5)
	hits := m.LanesNear(p, 4.2, nil)
	got := map[LaneRef]float64{}
	for _, h := range hits {
		if _, dup := got[h.Lane]; dup {
			t.Errorf("lane %v twice", h.Lane)
		}
		got[h.Lane] = h.Offset
	}
	// A0 drives the other way: the point is on its left.
	want := map[LaneRef]float64{{int32(r), SideB, 0}: -0.5, {int32(r), SideB, 1}: 3, {int32(r), SideA, 0}: 4}
	for l, off := range want {
		if o, ok := got[l]; !ok || math.Abs(o-off) > 1e-3 {
			t.Errorf("lane %v offset %g (found %v), want %g", l, o, ok, off)
		}
	}
	if len(got) != len(want) {
		t.Errorf("lanes within 4.2 m: %v", got)
	}
	if hits := m.LanesNear(p.Add(mgl64.Vec3{5000, 0, 0}), 4, hits[:0]); len(hits) != 0 {
		t.Errorf("lanes far away: %v", hits)
	}
}

// followCities calls fn with the generated cities the Follow tests walk:
// one with bends and one-way roads, and the default.
func followCities(t *testing.T, fn func(name string, sm *scene.Map, m *BAI)) {
	t.Helper()
	for _, cfg := range []citygen.Config{
		{Name: "bendy", BlocksX: 3, BlocksY: 2, BlockSize: 80, Seed: 4, Curvy: 1, OneWayFraction: 0.3},
		citygen.Default(),
	} {
		bm, err := citygen.Generate(cfg)
		if err != nil {
			t.Fatal(err)
		}
		sm := scene.NewMap(bm)
		fn(cfg.Name, sm, NewBAI(sm))
	}
}

// TestFollowerAgrees walks points along and across every lane of a
// generated city with bends, into and out of intersections, and checks
// that Follow answers exactly as Locate.
func TestFollowerAgrees(t *testing.T) {
	followCities(t, func(name string, sm *scene.Map, m *BAI) {
		rng := rand.New(rand.NewPCG(1, 2))
		n, fast := 0, 0
		for r := range sm.Roads {
			for _, sideB := range []bool{false, true} {
				sd := &sm.Roads[r].SideA
				if sideB {
					sd = &sm.Roads[r].SideB
				}
				for k := range sd.Lanes {
					path := drivetest.Lane(sm, r, sideB, k)
					var c Cursor
					lat := rng.Float64()*12 - 6
					for s := -8.0; s < path.Length()+8; s += 0.37 {
						lat += rng.Float64()*0.4 - 0.2
						p, _ := path.At(s, lat)
						var got Fix
						if m.shortWay(c, p) == byCursor {
							fast++
						}
						m.Follow(&c, p, &got)
						loc := m.Locate(p)
						if want := loc.Fix(); got != want {
							t.Fatalf("%s road %d: at %v Follow %+v, Locate %+v", name, r, p, got, want)
						}
						n++
					}
				}
			}
		}
		if fast < n/2 {
			t.Errorf("%s: the cursor helped %d of %d times", name, fast, n)
		}
	})
}

// pt is the point s metres along path, lateral metres to its left.
func pt(path drivetest.Path, s, lateral float64) mgl64.Vec3 {
	p, _ := path.At(s, lateral)
	return p
}

// TestRuleNames: a lane map's road-end rules read as format/bai names
// them, and ruleOf and bai are each other's inverse.
func TestRuleNames(t *testing.T) {
	for _, tc := range []struct {
		r    Rule
		want string
	}{
		{RuleNone, "none"}, {RuleStopSign, "stop sign"}, {RuleTrafficLight, "traffic light"},
		{RuleAlwaysStop, "always stop"}, {RuleNeverStop, "never stop"}, {Rule(9), "Rule(9)"},
	} {
		if got := tc.r.String(); got != tc.want {
			t.Errorf("Rule %d: %q, want %q", tc.r, got, tc.want)
		}
		if b, ok := tc.r.bai(); ok && (ruleOf(b) != tc.r || b.String() != tc.want) {
			t.Errorf("Rule %d: BAI rule %v, back %v", tc.r, b, ruleOf(b))
		}
	}
}
