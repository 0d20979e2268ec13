package bai

import (
	"math"
	"strings"
	"testing"
)

func TestValidateAcceptsGoodMaps(t *testing.T) {
	mini, err := DecodeBytes(minimalFile().b)
	if err != nil {
		t.Fatal(err)
	}
	for name, m := range map[string]*Map{"minimal": mini, "small city": smallCity(), "london sized": londonSized(), "empty": {}} {
		if ps := Validate(m); len(ps) != 0 {
			t.Errorf("%s: %d problems, first: %v", name, len(ps), ps[0])
		}
	}
}

func TestValidateFindsEachProblem(t *testing.T) {
	nan := float32(math.NaN())
	for _, tc := range []struct {
		name   string
		mutate func(m *Map)
		want   Problem // Msg is a substring
	}{
		{"end names a missing intersection", func(m *Map) { m.Roads[2].End.Intersection = 99 },
			Problem{Error, "road 2 end", "names intersection 99, but the map has 6"}},
		{"road index does not point back", func(m *Map) { m.Roads[0].End.RoadIndex = 1 },
			Problem{Error, "road 0 end", "road index 1 of intersection 1 points at road 1, not back"}},
		{"road index beyond the list", func(m *Map) { m.Roads[0].End.RoadIndex = 3 },
			Problem{Error, "road 0 end", "road index 3 is beyond intersection 1's 3 roads"}},
		{"connected without road index", func(m *Map) { m.Roads[0].Start.RoadIndex = NotConnected },
			Problem{Error, "road 0 start", "names intersection 0 but has no road index"}},
		{"unconnected with road index", func(m *Map) { m.Roads[0].Start.Intersection = NotConnected },
			Problem{Warning, "road 0 start", "not connected to an intersection, yet has road index 0"}},
		{"intersection lists a road that does not name it", func(m *Map) { m.Intersections[0].Roads = append(m.Intersections[0].Roads, 6) },
			Problem{Error, "intersection 0", "lists road 6, whose ends name intersections 2 and 5"}},
		{"intersection lists a road twice", func(m *Map) { m.Intersections[0].Roads = append(m.Intersections[0].Roads, 0) },
			Problem{Error, "intersection 0", "lists road 0 at position 2, but no end of that road has road index 2"}},
		{"intersection lists a missing road", func(m *Map) { m.Intersections[3].Roads[0] = 70 },
			Problem{Error, "intersection 3", "lists road 70, but the map has 7 roads"}},
		{"road id", func(m *Map) { m.Roads[3].ID = 9 }, Problem{Error, "road 3", "id 9 differs from its index"}},
		{"intersection id", func(m *Map) { m.Intersections[2].ID = 0 }, Problem{Error, "intersection 2", "id 0 differs from its index"}},
		{"culling road out of range", func(m *Map) { m.Culling.Cars[2] = append(m.Culling.Cars[2], 7) },
			Problem{Error, "culling room 2", "cars list names road 7, but the map has 7 roads"}},
		{"culling room 0 not empty", func(m *Map) { m.Culling.Peds[0] = []uint16{1} },
			Problem{Warning, "culling room 0", "pedestrians list has 1 roads; room 0 is no room"}},
		{"culling lists differ", func(m *Map) { m.Culling.Peds = m.Culling.Peds[:3] },
			Problem{Error, "culling", "4 car lists but 3 pedestrian lists"}},
		{"road room beyond the culling lists", func(m *Map) { m.Roads[2].Rooms = append(m.Roads[2].Rooms, 9, 4) },
			Problem{Error, "road 2", "room 9, 4 beyond the culling lists, which cover rooms 1-3"}},
		{"intersection room beyond the culling lists", func(m *Map) { m.Intersections[1].Room = 4 },
			Problem{Error, "intersection 1", "room 4 beyond the culling lists, which cover rooms 1-3"}},
		{"room 0", func(m *Map) { m.Roads[1].Rooms[0] = 0 },
			Problem{Warning, "road 1", "room 0 is no room"}},
		{"centre distance stalls", func(m *Map) { m.Roads[1].Distance[2] = m.Roads[1].Distance[1] },
			Problem{Warning, "road 1", "centre-line distance stays at 40 from section 1 to 2"}},
		{"curve distance stalls", func(m *Map) { m.Roads[2].SideA.CurveDistances[0][1] = 0 },
			Problem{Warning, "road 2 side A", "curve 0 distance stays at 0 from section 0 to 1"}},
		{"NaN lane point", func(m *Map) { m.Roads[1].SideB.Curves[0][1].Y = nan },
			Problem{Error, "road 1 side B", "lane 0 point 1 is not finite"}},
		{"infinite origin", func(m *Map) { m.Roads[1].Origin[2].Z = float32(math.Inf(-1)) },
			Problem{Error, "road 1", "origin point 2 is not finite"}},
		{"absurd origin", func(m *Map) { m.Roads[1].Origin[0].X = 2e6 },
			Problem{Warning, "road 1", "origin point 0 (2e+06, 1.1, 0) is more than 1e+06 m out"}},
		{"NaN light", func(m *Map) { m.Roads[0].End.LightOrigin.X = nan },
			Problem{Error, "road 0 end", "light origin (NaN, 5, 5) is not finite"}},
		{"NaN intersection centre", func(m *Map) { m.Intersections[4].Center.Y = nan },
			Problem{Error, "intersection 4", "centre (100, NaN, 100) is not finite"}},
		{"no sidewalk centre", func(m *Map) {
			s := &m.Roads[0].SideA
			s.NumSidewalks, s.Curves, s.CurveDistances, s.EdgeDistances = 0, s.Curves[:2], s.CurveDistances[:2], s.EdgeDistances[:2]
		}, Problem{Warning, "road 0 side A", "0 sidewalk centre curves"}},
		{"two sidewalk centres", func(m *Map) {
			s := &m.Roads[0].SideB
			s.NumSidewalks = 2
			s.Curves = append(s.Curves, s.Curves[3])
			s.CurveDistances = append(s.CurveDistances, s.CurveDistances[3])
			s.EdgeDistances = append(s.EdgeDistances, s.EdgeDistances[3])
		}, Problem{Warning, "road 0 side B", "2 sidewalk centre curves"}},
		{"side A lane stored start -> end", func(m *Map) { m.Roads[4].SideA.Curves[1] = reversed(m.Roads[4].SideA.Curves[1]) },
			Problem{Error, "road 4 side A", "lane 1 is stored backwards; it should run end -> start"}},
		{"side B lane stored end -> start", func(m *Map) { m.Roads[4].SideB.Curves[0] = reversed(m.Roads[4].SideB.Curves[0]) },
			Problem{Error, "road 4 side B", "lane 0 is stored backwards; it should run start -> end"}},
		{"side B sidewalk centre backwards", func(m *Map) { m.Roads[4].SideB.Curves[3] = reversed(m.Roads[4].SideB.Curves[3]) },
			Problem{Warning, "road 4 side B", "sidewalk centre 0 is stored backwards"}},
		{"tram backwards", func(m *Map) { m.Roads[3].SideB.Trams[0] = reversed(m.Roads[3].SideB.Trams[0]) },
			Problem{Warning, "road 3 side B", "tram rail 0 is stored backwards"}},
		{"side A outer edge end -> start", func(m *Map) { m.Roads[4].SideA.SidewalkOuter = reversed(m.Roads[4].SideA.SidewalkOuter) },
			Problem{Warning, "road 4 side A", "sidewalk outer edge is stored backwards; it should run start -> end on both sides"}},
		{"centre distance falls", func(m *Map) { m.Roads[1].Distance[2] = 1 },
			Problem{Error, "road 1", "centre-line distance falls from 40 to 1 at section 2"}},
		{"centre distance not from 0", func(m *Map) {
			for k := range m.Roads[1].Distance {
				m.Roads[1].Distance[k] += 3
			}
		}, Problem{Warning, "road 1", "centre-line distance starts at 3, not 0"}},
		{"curve distance falls", func(m *Map) { m.Roads[1].SideB.CurveDistances[0][1] = -5 },
			Problem{Error, "road 1 side B", "curve 0 distance falls from 0 to -5 at section 1"}},
		{"NaN curve distance", func(m *Map) { m.Roads[1].SideA.CurveDistances[1][0] = nan },
			Problem{Error, "road 1 side A", "curve 1 distance at section 0 is NaN"}},
		{"tram of wrong length", func(m *Map) { m.Roads[0].SideA.Trams = [][]Vec3{{}} },
			Problem{Error, "road 0 side A", "tram rail 0 has 0 points for 2 sections"}},
		{"curve count", func(m *Map) { m.Roads[0].SideA.NumLanes = 3 },
			Problem{Error, "road 0 side A", "3 curves for 3 lanes + 1 sidewalks"}},
		{"one section", func(m *Map) { m.Roads[0].Origin = m.Roads[0].Origin[:1] },
			Problem{Error, "road 0", "1 sections; a road needs at least 2"}},
		{"mixed lights", func(m *Map) { m.Roads[1].Start.Rule = RuleStopSign },
			Problem{Warning, "intersection 1", "2 of 3 road ends have traffic lights, but not road 1 start (stop sign)"}},
		{"rule above 3", func(m *Map) { m.Roads[0].Start.Rule = 7 },
			Problem{Error, "road 0 start", "vehicle rule 7 is not one of 0-3"}},
		{"ambient type", func(m *Map) { m.Roads[0].SideB.AmbientTypes = 9 },
			Problem{Warning, "road 0 side B", "ambient type 9 is not one of 0-3"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := smallCity()
			tc.mutate(m)
			ps := Validate(m)
			for _, p := range ps {
				if p.Severity == tc.want.Severity && p.Where == tc.want.Where && strings.Contains(p.Msg, tc.want.Msg) {
					if again := Validate(m); !equal(again, ps) {
						t.Error("a second Validate gives different problems")
					}
					return
				}
			}
			t.Errorf("missing %s ...%s...; got:", tc.want.Severity, tc.want.Where+": "+tc.want.Msg)
			for _, p := range ps {
				t.Log(p)
			}
		})
	}
}

func TestProblemString(t *testing.T) {
	for _, tc := range []struct {
		p    Problem
		want string
	}{
		{Problem{Warning, "road 17", "odd"}, "warning road 17: odd"},
		{Problem{Error, "intersection 4", "bad"}, "error intersection 4: bad"},
		{Problem{Severity(5), "map", "?"}, "severity(5) map: ?"},
	} {
		if got := tc.p.String(); got != tc.want {
			t.Errorf("String() = %q, want %q", got, tc.want)
		}
	}
	if Validate(nil)[0].Severity != Error {
		t.Error("Validate(nil) is not an error")
	}
}
