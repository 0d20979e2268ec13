package bai

import (
	"fmt"
	"math"
	"strconv"
)

// shape walks the structural consistency a map needs before it can be
// written: slice lengths that agree with the counts the file stores once,
// and counts that fit their fields. It calls emit for each inconsistency
// and stops early when emit returns false. Encode stops at the first;
// Validate collects them all. It returns whether the map is consistent,
// i.e. whether later checks may index slices by section count.
func shape(m *Map, emit func(where, msg string) bool) bool {
	ok := true
	bad := func(where, format string, a ...any) bool {
		ok = false
		return emit(where, fmt.Sprintf(format, a...))
	}
	if len(m.Roads) > math.MaxUint16 && !bad("map", "%d roads; the format holds at most %d", len(m.Roads), math.MaxUint16) {
		return false
	}
	if len(m.Intersections) > math.MaxUint16 && !bad("map", "%d intersections; the format holds at most %d", len(m.Intersections), math.MaxUint16) {
		return false
	}
	for i := range m.Roads {
		if !roadShape(&m.Roads[i], "road "+strconv.Itoa(i), bad) {
			return false
		}
	}
	for i := range m.Intersections {
		if n := len(m.Intersections[i].Roads); n > math.MaxUint16 &&
			!bad("intersection "+strconv.Itoa(i), "%d roads; the format holds at most %d", n, math.MaxUint16) {
			return false
		}
	}
	c := &m.Culling
	if len(c.Cars) != len(c.Peds) && !bad("culling", "%d car lists but %d pedestrian lists; both have one per room", len(c.Cars), len(c.Peds)) {
		return false
	}
	if uint64(len(c.Cars)) > math.MaxUint32 && !bad("culling", "%d rooms; the format holds at most %d", len(c.Cars), uint64(math.MaxUint32)) {
		return false
	}
	for _, l := range []struct {
		name  string
		lists [][]uint16
	}{{"cars", c.Cars}, {"pedestrians", c.Peds}} {
		for r, roads := range l.lists {
			if len(roads) > math.MaxUint16 && !bad("culling room "+strconv.Itoa(r), "%s list of %d roads; the format holds at most %d", l.name, len(roads), math.MaxUint16) {
				return false
			}
		}
	}
	return ok
}

// roadShape checks one road; bad reports a problem and says whether to go on.
func roadShape(r *Road, where string, bad func(where, format string, a ...any) bool) bool {
	ns := r.Sections()
	if ns < minSections && !bad(where, "%d sections; a road needs at least %d, one for each end", ns, minSections) {
		return false
	}
	if ns > math.MaxUint16 && !bad(where, "%d sections; the format holds at most %d", ns, math.MaxUint16) {
		return false
	}
	if len(r.Rooms) > math.MaxUint16 && !bad(where, "%d rooms; the format holds at most %d", len(r.Rooms), math.MaxUint16) {
		return false
	}
	for _, a := range []struct {
		name string
		n    int
	}{{"distances", len(r.Distance)}, {"x axes", len(r.XAxis)}, {"y axes", len(r.YAxis)},
		{"z axes", len(r.ZAxis)}, {"tangents", len(r.Tangent)}} {
		if a.n != ns && !bad(where, "%d %s for %d sections (origins)", a.n, a.name, ns) {
			return false
		}
	}
	return sideShape(&r.SideA, ns, where+" side A", bad) && sideShape(&r.SideB, ns, where+" side B", bad)
}

func sideShape(s *Side, ns int, where string, bad func(where, format string, a ...any) bool) bool {
	n := int(s.NumLanes) + int(s.NumSidewalks)
	counts := []struct {
		name string
		n    int
	}{{"curves", len(s.Curves)}, {"curve distance rows", len(s.CurveDistances)}, {"edge distances", len(s.EdgeDistances)}}
	for _, c := range counts {
		if c.n != n && !bad(where, "%d %s for %d lanes + %d sidewalks", c.n, c.name, s.NumLanes, s.NumSidewalks) {
			return false
		}
	}
	if len(s.Trams) > math.MaxUint16 && !bad(where, "%d tram rails; the format holds at most %d", len(s.Trams), math.MaxUint16) {
		return false
	}
	if len(s.Trains) > math.MaxUint16 && !bad(where, "%d train rails; the format holds at most %d", len(s.Trains), math.MaxUint16) {
		return false
	}
	for _, g := range []struct {
		name string
		rows [][]Vec3
	}{{"curve", s.Curves}, {"tram rail", s.Trams}, {"train rail", s.Trains}, {"sidewalk inner edge", [][]Vec3{s.SidewalkInner}},
		{"sidewalk outer edge", [][]Vec3{s.SidewalkOuter}}} {
		for k, row := range g.rows {
			if len(row) != ns && !bad(where, "%s %d has %d points for %d sections", g.name, k, len(row), ns) {
				return false
			}
		}
	}
	for k, row := range s.CurveDistances {
		if len(row) != ns && !bad(where, "curve %d has %d distances for %d sections", k, len(row), ns) {
			return false
		}
	}
	return true
}
