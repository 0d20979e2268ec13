package bai

import (
	"fmt"
	"math"
	"strconv"
)

// Severity says how bad a Problem is.
type Severity int

const (
	// Warning: the game copes, or the value is only unusual, but the map
	// probably does not behave as its author meant.
	Warning Severity = iota
	// Error: the map is inconsistent in a way that breaks the game's AI,
	// the viewer, or Encode.
	Error
)

func (s Severity) String() string {
	switch s {
	case Warning:
		return "warning"
	case Error:
		return "error"
	}
	return "severity(" + strconv.Itoa(int(s)) + ")"
}

// Problem is one thing Validate found, with its place: "road 17",
// "road 17 side A", "road 3 end", "intersection 4", "culling room 9".
type Problem struct {
	Severity Severity
	Where    string
	Msg      string
}

// String gives "warning road 17: ..." or "error intersection 4: ...".
func (p Problem) String() string { return p.Severity.String() + " " + p.Where + ": " + p.Msg }

// MaxCoordinate is the largest coordinate magnitude, in metres, that
// Validate accepts without a warning; retail cities span a few km.
const MaxCoordinate = 1e6

// Validate checks a map for the problems a structurally sound file may
// still have, in a fixed order: the map's counts, then each road, then
// each intersection, then the culling lists and the room numbers.
//
// Errors: slice lengths that disagree with the section or curve counts
// (such a map cannot be encoded, and later checks of that road are
// skipped); fewer than 2 sections; ids that differ from their index; a
// road end naming an intersection that does not exist, or whose road index
// does not point back at its road; an intersection listing a road that
// does not exist or whose ends do not name it; a vehicle rule above 3;
// non-finite coordinates or distances; distances that decrease along a
// road or curve; a road or intersection room number beyond the culling
// lists; a lane curve stored against the direction its side
// drives (side A runs end -> start, side B start -> end); a culling list
// naming a road that does not exist; car and pedestrian lists of
// different room counts.
//
// Warnings: a side with other than one sidewalk centre curve (the game
// and the tools disagree on how to read such a side); an unknown ambient
// type; coordinates beyond MaxCoordinate; a centre-line distance that
// does not start at 0; sidewalk centre, rail or sidewalk edge curves in
// the unexpected direction (sources disagree on those); a road index on
// an unconnected end; distances that stay the same from one section to
// the next; room number 0; a traffic-light rule at an intersection where not
// every road end has one (the game blinks the lights and treats them as
// stop signs); a non-empty culling entry 0 (room numbers start at 1, so
// the entry is never used).
func Validate(m *Map) []Problem {
	if m == nil {
		return []Problem{{Error, "map", "no map"}}
	}
	v := &validator{m: m}
	if len(m.Roads) > math.MaxUint16 {
		v.add(Error, "map", "%d roads; the format holds at most %d", len(m.Roads), math.MaxUint16)
	}
	if len(m.Intersections) > math.MaxUint16 {
		v.add(Error, "map", "%d intersections; the format holds at most %d", len(m.Intersections), math.MaxUint16)
	}
	for i := range m.Roads {
		v.road(i, &m.Roads[i])
	}
	v.indexEnds()
	for i := range m.Intersections {
		v.intersection(i, &m.Intersections[i])
	}
	v.culling()
	v.rooms()
	return v.out
}

type validator struct {
	m   *Map
	out []Problem
	// ends[x] lists the road ends that name intersection x.
	ends [][]endRef
}

type endRef struct {
	road  int
	start bool
	end   *RoadEnd
}

func (r endRef) String() string {
	if r.start {
		return "road " + strconv.Itoa(r.road) + " start"
	}
	return "road " + strconv.Itoa(r.road) + " end"
}

func (v *validator) add(s Severity, where, format string, a ...any) {
	v.out = append(v.out, Problem{s, where, fmt.Sprintf(format, a...)})
}

func (v *validator) road(i int, r *Road) {
	where := "road " + strconv.Itoa(i)
	if int(r.ID) != i {
		v.add(Error, where, "id %d differs from its index", r.ID)
	}
	ok := roadShape(r, where, func(w, format string, a ...any) bool {
		v.add(Error, w, format, a...)
		return true
	})
	if ok {
		v.geometry(where, r)
	}
	v.end(i, false, &r.End)
	v.end(i, true, &r.Start)
}

// geometry checks coordinates, distances and curve directions of a road
// whose slices agree with its section count.
func (v *validator) geometry(where string, r *Road) {
	if !finite(r.HalfWidth) || !finite(r.BaseSpeed) {
		v.add(Error, where, "half width %v or base speed %v is not finite", r.HalfWidth, r.BaseSpeed)
	}
	v.distances(where, "centre-line distance", r.Distance)
	if r.Distance[0] != 0 {
		v.add(Warning, where, "centre-line distance starts at %v, not 0", r.Distance[0])
	}
	for _, a := range []struct {
		name string
		pts  []Vec3
	}{{"origin", r.Origin}, {"x axis", r.XAxis}, {"y axis", r.YAxis}, {"z axis", r.ZAxis}, {"tangent", r.Tangent}} {
		v.points(where, a.name, a.pts)
	}
	first, last := r.Origin[0], r.Origin[len(r.Origin)-1]
	if !sane(first) || !sane(last) {
		return // reported above; directions measured from it would be noise
	}
	v.side(where+" side A", &r.SideA, first, last, true)
	v.side(where+" side B", &r.SideB, first, last, false)
}

// side checks one side of a road running from first to last. Side A
// (backwards) stores its curves from last to first.
func (v *validator) side(where string, s *Side, first, last Vec3, backwards bool) {
	from, to, way := first, last, "start -> end (vertex 0 nearest the first origin)"
	if backwards {
		from, to, way = last, first, "end -> start (vertex 0 nearest the last origin)"
	}
	if s.NumSidewalks != 1 {
		v.add(Warning, where, "%d sidewalk centre curves; every retail road and every writer has 1", s.NumSidewalks)
	}
	if s.AmbientTypes > AmbientNone {
		v.add(Warning, where, "ambient type %d is not one of 0-3", s.AmbientTypes)
	}
	for k, d := range s.CurveDistances {
		v.distances(where, "curve "+strconv.Itoa(k)+" distance", d)
	}
	for k, d := range s.EdgeDistances {
		if !finite(d) {
			v.add(Error, where, "edge distance %d is %v", k, d)
		}
	}
	v.curves(where, "lane", s.Lanes(), Error, from, to, way)
	v.curves(where, "sidewalk centre", s.SidewalkCentres(), Warning, from, to, way)
	v.curves(where, "tram rail", s.Trams, Warning, from, to, way)
	v.curves(where, "train rail", s.Trains, Warning, from, to, way)
	// The sidewalk edges run start -> end on both sides.
	v.curve(where, "sidewalk inner edge", s.SidewalkInner, Warning, first, last, "start -> end on both sides")
	v.curve(where, "sidewalk outer edge", s.SidewalkOuter, Warning, first, last, "start -> end on both sides")
}

// curves checks each of a side's curves of one kind.
func (v *validator) curves(where, kind string, rows [][]Vec3, sev Severity, a, b Vec3, way string) {
	for k, pts := range rows {
		v.curve(where, kind+" "+strconv.Itoa(k), pts, sev, a, b, way)
	}
}

// curve checks a curve's points and that it runs from a toward b.
func (v *validator) curve(where, name string, pts []Vec3, sev Severity, a, b Vec3, way string) {
	v.points(where, name, pts)
	if direction(pts, a, b) < 0 {
		v.add(sev, where, "%s is stored backwards; it should run %s", name, way)
	}
}

// distances reports non-finite values and the first step that does not
// grow: a fall is an error (a reader walking the curve by distance goes
// backwards), a stall a warning (two points in one place leave the
// direction between them undefined, but readers survive it).
func (v *validator) distances(where, name string, d []float32) {
	stalled := false
	for k, x := range d {
		if !finite(x) {
			v.add(Error, where, "%s at section %d is %v", name, k, x)
			return
		}
		switch {
		case k == 0:
		case x < d[k-1]:
			v.add(Error, where, "%s falls from %v to %v at section %d; distances must grow", name, d[k-1], x, k)
			return
		case x == d[k-1] && !stalled:
			stalled = true
			v.add(Warning, where, "%s stays at %v from section %d to %d; distances should grow", name, x, k-1, k)
		}
	}
}

// point checks a single point, such as an intersection centre.
func (v *validator) point(where, name string, p Vec3) {
	if !(finite(p.X) && finite(p.Y) && finite(p.Z)) {
		v.add(Error, where, "%s (%v, %v, %v) is not finite", name, p.X, p.Y, p.Z)
	} else if !sane(p) {
		v.add(Warning, where, "%s (%g, %g, %g) is more than %g m out", name, p.X, p.Y, p.Z, float64(MaxCoordinate))
	}
}

// points reports the first non-finite and the first absurdly far point.
func (v *validator) points(where, name string, pts []Vec3) {
	nonFinite, far := false, false
	for k, p := range pts {
		if sane(p) {
			continue
		}
		switch isFinite := finite(p.X) && finite(p.Y) && finite(p.Z); {
		case !isFinite && !nonFinite:
			nonFinite = true
			v.add(Error, where, "%s point %d is not finite (%v, %v, %v)", name, k, p.X, p.Y, p.Z)
		case isFinite && !far:
			far = true
			v.add(Warning, where, "%s point %d (%g, %g, %g) is more than %g m out", name, k, p.X, p.Y, p.Z, float64(MaxCoordinate))
		}
	}
}

// sane reports whether p is finite and within MaxCoordinate.
func sane(p Vec3) bool {
	return finite(p.X) && finite(p.Y) && finite(p.Z) &&
		abs(p.X) <= MaxCoordinate && abs(p.Y) <= MaxCoordinate && abs(p.Z) <= MaxCoordinate
}

func finite(x float32) bool { return !math.IsNaN(float64(x)) && !math.IsInf(float64(x), 0) }

func abs(x float32) float32 { return float32(math.Abs(float64(x))) }

func dist(a, b Vec3) float64 {
	dx, dy, dz := float64(a.X-b.X), float64(a.Y-b.Y), float64(a.Z-b.Z)
	return math.Sqrt(dx*dx + dy*dy + dz*dz)
}

// direction tells whether pts runs from a toward b (+1), from b toward a
// (-1), or cannot tell (0: empty, degenerate or non-finite). Comparing both
// ends of the curve with both ends of the road copes with curves that are
// offset sideways from the centre line.
func direction(pts []Vec3, a, b Vec3) int {
	if len(pts) < 2 {
		return 0
	}
	p, q := pts[0], pts[len(pts)-1]
	fwd, back := dist(p, a)+dist(q, b), dist(p, b)+dist(q, a)
	switch {
	case fwd < back:
		return 1
	case back < fwd:
		return -1
	}
	return 0
}
