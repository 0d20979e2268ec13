package scene

import (
	"github.com/go-gl/mathgl/mgl64"
	"github.com/mm2carla/viewer/format/bai"
)

// Map is a Midtown Madness 2 AI map (BAI) converted once into world
// coordinates (metres, Z up), with every curve turned to run in a stated
// direction so that nobody downstream has to know the file's habits.
//
// Directions, for a road whose sections run from Start (section 0) to End
// (section n-1):
//
//   - Road.Centre, Road.Distance: Start -> End.
//   - Side.Lanes, Side.Trams, Side.Trains: in DRIVING order, from where
//     that side's traffic enters the road to where it leaves. SideA drives
//     End -> Start, SideB drives Start -> End.
//   - Side.Sidewalks, Side.SidewalkInner, Side.SidewalkOuter: Start -> End
//     on both sides.
//
// The file's own storage order is checked per curve against the centre
// line's ends rather than trusted (the format sheet notes a disagreement).
type Map struct {
	Roads         []Road
	Intersections []Intersection
	min, max      mgl64.Vec3
}

// Road is one road between two intersections.
type Road struct {
	ID        int
	Flags     uint16  // bai.Flag* bits
	HalfWidth float64 // centre line to the outer sidewalk edge, m
	BaseSpeed float64
	Centre    []mgl64.Vec3 // centre line, Start -> End
	Distance  []float64    // cumulative length along Centre
	Up        []mgl64.Vec3 // per-section up vector
	SideA     Side         // drives End -> Start
	SideB     Side         // drives Start -> End
	Start     RoadEnd      // at Centre[0]
	End       RoadEnd      // at Centre[len-1]
}

// Side is one side of a road.
type Side struct {
	Lanes [][]mgl64.Vec3 // lane centre curves in driving order; lane order as in the file
	// EdgeDistances is the file's lateral distance per curve (lanes, then
	// sidewalk centres).
	EdgeDistances []float64
	Trams         [][]mgl64.Vec3 // in driving order
	Trains        [][]mgl64.Vec3 // in driving order
	Sidewalks     [][]mgl64.Vec3 // sidewalk centre curves, Start -> End
	SidewalkInner []mgl64.Vec3   // kerb line, Start -> End
	SidewalkOuter []mgl64.Vec3   // outer edge, Start -> End
	AmbientTypes  uint16         // bai.Ambient*
}

// RoadEnd is what happens where a road meets an intersection.
type RoadEnd struct {
	// Intersection is the index into Map.Intersections, or -1 if the end is
	// not connected.
	Intersection int
	Rule         bai.Rule
	HasLight     bool
	LightOrigin  mgl64.Vec3 // the traffic light's position (if HasLight)
	LightTarget  mgl64.Vec3 // a point the light faces (if HasLight)
}

// Intersection is where roads meet.
type Intersection struct {
	ID     int
	Center mgl64.Vec3
	Roads  []int // road indices, counter-clockwise seen from above
}

// NewMap converts a decoded BAI map. It never fails: indices that point
// nowhere become -1 and empty curves stay empty.
func NewMap(m *bai.Map) *Map {
	out := &Map{Roads: make([]Road, len(m.Roads)), Intersections: make([]Intersection, len(m.Intersections))}
	for i := range m.Roads {
		out.Roads[i] = newRoad(&m.Roads[i], len(m.Intersections))
	}
	for i, in := range m.Intersections {
		roads := make([]int, len(in.Roads))
		for j, r := range in.Roads {
			roads[j] = -1
			if int64(r) < int64(len(m.Roads)) {
				roads[j] = int(r)
			}
		}
		out.Intersections[i] = Intersection{ID: int(in.ID), Center: FromBAI(in.Center), Roads: roads}
	}
	out.computeBounds()
	return out
}

func newRoad(r *bai.Road, nInter int) Road {
	out := Road{
		ID:        int(r.ID),
		Flags:     r.Flags,
		HalfWidth: float64(r.HalfWidth),
		BaseSpeed: float64(r.BaseSpeed),
		Centre:    points(r.Origin),
		Up:        points(r.YAxis),
		Start:     newEnd(&r.Start, nInter),
		End:       newEnd(&r.End, nInter),
	}
	out.Distance = make([]float64, len(r.Distance))
	for i, d := range r.Distance {
		out.Distance[i] = float64(d)
	}
	out.SideA = newSide(&r.SideA, out.Centre, false)
	out.SideB = newSide(&r.SideB, out.Centre, true)
	return out
}

func newEnd(e *bai.RoadEnd, nInter int) RoadEnd {
	out := RoadEnd{Intersection: -1, Rule: e.Rule, HasLight: e.HasLight()}
	if e.Connected() && int64(e.Intersection) < int64(nInter) {
		out.Intersection = int(e.Intersection)
	}
	if out.HasLight {
		out.LightOrigin = FromBAI(e.LightOrigin)
		out.LightTarget = FromBAI(e.LightTarget)
	}
	return out
}

// newSide converts one side; forward says whether its traffic drives
// Start -> End.
func newSide(s *bai.Side, centre []mgl64.Vec3, forward bool) Side {
	out := Side{AmbientTypes: s.AmbientTypes}
	for _, c := range s.Lanes() {
		out.Lanes = append(out.Lanes, orient(points(c), centre, forward))
	}
	for _, c := range s.SidewalkCentres() {
		out.Sidewalks = append(out.Sidewalks, orient(points(c), centre, true))
	}
	for _, c := range s.Trams {
		out.Trams = append(out.Trams, orient(points(c), centre, forward))
	}
	for _, c := range s.Trains {
		out.Trains = append(out.Trains, orient(points(c), centre, forward))
	}
	out.SidewalkInner = orient(points(s.SidewalkInner), centre, true)
	out.SidewalkOuter = orient(points(s.SidewalkOuter), centre, true)
	out.EdgeDistances = make([]float64, len(s.EdgeDistances))
	for i, d := range s.EdgeDistances {
		out.EdgeDistances[i] = float64(d)
	}
	return out
}

func points(ps []bai.Vec3) []mgl64.Vec3 {
	out := make([]mgl64.Vec3, len(ps))
	for i, p := range ps {
		out[i] = FromBAI(p)
	}
	return out
}

// orient returns c running Start -> End of centre if forward, else End ->
// Start. A curve is taken to run Start -> End when its first point is
// nearer the centre line's first point than its last point is.
func orient(c, centre []mgl64.Vec3, forward bool) []mgl64.Vec3 {
	if len(c) < 2 || len(centre) < 2 {
		return c
	}
	first, last := centre[0], centre[len(centre)-1]
	startToEnd := c[0].Sub(first).Len()+c[len(c)-1].Sub(last).Len() <=
		c[0].Sub(last).Len()+c[len(c)-1].Sub(first).Len()
	if startToEnd != forward {
		for i, j := 0, len(c)-1; i < j; i, j = i+1, j-1 {
			c[i], c[j] = c[j], c[i]
		}
	}
	return c
}

// Bounds returns the smallest box holding every road point and
// intersection centre (zero vectors for an empty map).
func (m *Map) Bounds() (min, max mgl64.Vec3) { return m.min, m.max }

func (m *Map) computeBounds() {
	first := true
	add := func(p mgl64.Vec3) {
		if first {
			m.min, m.max, first = p, p, false
			return
		}
		m.min = mgl64.Vec3{minf(m.min[0], p[0]), minf(m.min[1], p[1]), minf(m.min[2], p[2])}
		m.max = mgl64.Vec3{maxf(m.max[0], p[0]), maxf(m.max[1], p[1]), maxf(m.max[2], p[2])}
	}
	addAll := func(ps []mgl64.Vec3) {
		for _, p := range ps {
			add(p)
		}
	}
	for i := range m.Roads {
		r := &m.Roads[i]
		addAll(r.Centre)
		for _, s := range []*Side{&r.SideA, &r.SideB} {
			addAll(s.SidewalkInner)
			addAll(s.SidewalkOuter)
			for _, c := range s.Lanes {
				addAll(c)
			}
		}
	}
	for _, in := range m.Intersections {
		add(in.Center)
	}
}

func minf(a, b float64) float64 {
	if a < b {
		return a
	}
	return b
}

func maxf(a, b float64) float64 {
	if a > b {
		return a
	}
	return b
}
