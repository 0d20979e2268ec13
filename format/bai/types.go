package bai

// Vec3 is a point or direction in the file's own frame: metres, Y up,
// right-handed. Converting it for display happens outside this package.
type Vec3 struct{ X, Y, Z float32 }

// NotConnected marks a road end with no intersection, or no road index.
const NotConnected uint32 = 0xCDCDCDCD

// Rule is a road end's vehicle rule.
type Rule uint16

// Vehicle rules at a road end.
const (
	RuleStopSign     Rule = 0
	RuleTrafficLight Rule = 1
	RuleAlwaysStop   Rule = 2
	RuleNeverStop    Rule = 3
)

// Road flag bits.
const (
	FlagDivided uint16 = 1
	FlagAlley   uint16 = 2
	FlagFreeway uint16 = 4
	FlagFlat    uint16 = 8
)

// Ambient types of a side.
const (
	AmbientAll      uint16 = 0 // cars and pedestrians
	AmbientPedsOnly uint16 = 1
	AmbientCarsOnly uint16 = 2
	AmbientNone     uint16 = 3
)

// Map is a whole CAI1 file.
type Map struct {
	Roads         []Road
	Intersections []Intersection
	Culling       Culling
}

// Road is one road between two intersections. The per-section slices
// (Distance, Origin, XAxis, YAxis, ZAxis, Tangent) all have the road's
// section count as their length.
type Road struct {
	ID        uint16
	Flags     uint16
	Rooms     []uint16 // PSDL room index + 1
	HalfWidth float32  // centre line to the outer sidewalk edge
	BaseSpeed float32
	SideA     Side // drives end -> start; curves stored end -> start
	SideB     Side // drives start -> end; curves stored start -> end
	Distance  []float32
	Origin    []Vec3 // centre-line points
	XAxis     []Vec3
	YAxis     []Vec3  // up
	ZAxis     []Vec3  // toward the previous section
	Tangent   []Vec3  // forward
	End       RoadEnd // at section n-1; stored first in the file
	Start     RoadEnd // at section 0
}

// Sections is the road's section count.
func (r *Road) Sections() int { return len(r.Origin) }

// Side is one side of a road. Curves holds NumLanes lane curves followed by
// NumSidewalks sidewalk centre curves; CurveDistances and EdgeDistances
// have one entry per curve.
type Side struct {
	NumLanes       uint16
	NumSidewalks   uint16
	AmbientTypes   uint16
	CurveDistances [][]float32 // [curve][section]
	EdgeDistances  []float32   // [curve]
	Misc           [40]byte    // lateral boundary table, kept raw
	Curves         [][]Vec3    // [curve][section]
	Trams          [][]Vec3
	Trains         [][]Vec3
	SidewalkInner  []Vec3 // start -> end on both sides
	SidewalkOuter  []Vec3
}

// Lanes returns the lane curves.
func (s *Side) Lanes() [][]Vec3 { return s.Curves[:min(int(s.NumLanes), len(s.Curves))] }

// SidewalkCentres returns the sidewalk centre curves.
func (s *Side) SidewalkCentres() [][]Vec3 {
	return s.Curves[min(int(s.NumLanes), len(s.Curves)):]
}

// RoadEnd is what happens where a road meets an intersection.
type RoadEnd struct {
	Intersection uint32 // index, or NotConnected
	Fill         uint16 // 0xCDCD in every writer
	Rule         Rule
	Unknown      uint16
	RoadIndex    uint32 // position in the intersection's road list, or NotConnected
	LightOrigin  Vec3   // a light exists only where this is not (0,0,0)
	LightTarget  Vec3   // a point the light faces
}

// Connected reports whether the end names an intersection.
func (e *RoadEnd) Connected() bool { return e.Intersection != NotConnected }

// HasLight reports whether the end has a traffic light.
func (e *RoadEnd) HasLight() bool { return e.LightOrigin != (Vec3{}) }

// Intersection is where roads meet.
type Intersection struct {
	ID     uint16
	Room   uint16 // PSDL room index + 1
	Center Vec3
	Roads  []uint32 // road indices, counter-clockwise seen from above
}

// Culling lists, per room, the roads that get ambient cars and pedestrians.
// Cars and Peds have the same length (the room count + 1); entry 0 is empty.
type Culling struct {
	Cars [][]uint16
	Peds [][]uint16
}
