package lanes

import (
	"fmt"

	"github.com/go-gl/mathgl/mgl64"
)

// Map is what a lane map must answer for the association and the fault
// rules. It says nothing of the file it came from, so that a BAI map
// (NewBAI) and an OpenDRIVE map can both be one.
//
// Conventions every implementation keeps:
//
//   - Points are world metres, Z up (package scene's frame).
//   - Roads and intersections are numbered from 0 to Roads()-1 and
//     Intersections()-1; RoadID and IntersectionID give the numbers the
//     map file itself uses, for people.
//   - Along is measured on a road's centre line from its start (0) to its
//     end (RoadLength). Side B's traffic drives toward increasing Along,
//     side A's toward decreasing Along.
//   - A lateral offset is + to the left of the lane's direction of travel.
//
// Implementations are safe for concurrent readers once built.
type Map interface {
	Roads() int
	Intersections() int
	RoadID(road int) int
	IntersectionID(inter int) int
	RoadLength(road int) float64

	// LanesNear appends to dst every lane whose curve passes within
	// radius metres of p on the ground, each once with its nearest point.
	LanesNear(p mgl64.Vec3, radius float64, dst []LaneHit) []LaneHit
	// Locate says where p is: on a road's surface (carriageway and
	// sidewalks, between the lines across its two ends), with the road's
	// lane whose curve is nearest on the ground; else in an
	// intersection's area; else off the map.
	Locate(p mgl64.Vec3) Location
	// End returns a road's end: at its start (Along 0) or its end.
	End(road int, atStart bool) RoadEnd
}

// Location is what Map.Locate found at a point.
type Location struct {
	Place Place // OffMap, OnRoad or InIntersection
	// Road and Along (see Map) when OnRoad, else Road is -1.
	Road  int
	Along float64
	// Lane is the road's lane nearest to the point when HasLane (a road
	// may have no lanes).
	Lane    LaneHit
	HasLane bool
	// Intersection when InIntersection, else -1.
	Intersection int
	// Type is the kind of lane holding the point when OnRoad (see
	// LaneType): Driving within TypeReach of the nearest driving lane's
	// curve, where nothing asks further, and on maps without lane types.
	Type LaneType
}

// TypeReach is how far (m) from the nearest driving lane's curve a point
// on a road is taken to be in that lane without looking for the lane
// holding it: no driving lane is narrower than twice this, but where it
// opens or closes.
const TypeReach = 1.0

// Side is one side of a road: A drives from the road's end to its start,
// B from its start to its end.
type Side uint8

// The two sides.
const (
	SideA Side = iota
	SideB
)

// String returns "A" or "B".
func (s Side) String() string {
	if s == SideA {
		return "A"
	}
	return "B"
}

// LaneRef names one lane: a road index, a side and the lane's index on
// that side (in the map's own order).
type LaneRef struct {
	Road int32
	Side Side
	Lane uint8
}

func (l LaneRef) String() string {
	return fmt.Sprintf("road %d side %s lane %d", l.Road, l.Side, l.Lane)
}

// LaneHit is a lane's curve seen from a point.
type LaneHit struct {
	Lane LaneRef
	// Point is the nearest point of the curve (on the ground distance).
	Point mgl64.Vec3
	// Dir is the lane's direction of travel there (unit, on the ground).
	Dir mgl64.Vec3
	// Offset is the signed lateral distance from the curve to the point,
	// + left of Dir; Dist is the ground distance (|Offset| beside the
	// curve, more past its ends).
	Offset, Dist float64
	// Along is where Point is along the road (see Map).
	Along float64
}

// Rule is the vehicle rule at a road end.
type Rule uint8

// Road-end rules. RuleNone is an end that leads nowhere or whose rule
// the map does not give.
const (
	RuleNone Rule = iota
	RuleStopSign
	RuleTrafficLight
	RuleAlwaysStop
	RuleNeverStop
)

// Stops reports whether vehicles must come to a stop before passing an
// end with the rule (stop signs and always-stop ends).
func (r Rule) Stops() bool { return r == RuleStopSign || r == RuleAlwaysStop }

// RoadEnd is where a road meets an intersection.
type RoadEnd struct {
	Road    int
	AtStart bool // the road's start (Along 0), else its end
	// Intersection is the intersection index, -1 when the end leads
	// nowhere.
	Intersection int
	Rule         Rule
	HasLight     bool
	Light        mgl64.Vec3 // the traffic light's position, if HasLight
}

// EndAhead returns the end a lane's traffic drives into: the road's end
// for side B, its start for side A.
func EndAhead(m Map, l LaneRef) RoadEnd { return m.End(int(l.Road), l.Side == SideA) }

// ToEnd returns how far a point at along is from a road's end along the
// road: along itself for the start, the rest of the road for the end.
// It measures the reference line; how far a car in a lane still drives
// to the end, which differs where the road bends, is ToEndOnLane.
func ToEnd(m Map, e RoadEnd, along float64) float64 {
	return refToEnd(e, along, m.RoadLength(e.Road))
}
