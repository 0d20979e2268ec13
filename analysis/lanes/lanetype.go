package lanes

import "strings"

// LaneType is the kind of lane a point lies in, as OpenDRIVE types its
// lanes. The fault rules need it beside the road's driving lanes: a
// vehicle in a parking lane is parked, not off its lane, and a bicycle
// in a biking lane or on the shoulder is where it belongs. BAI maps
// have no such lanes: every point of theirs is Driving.
type LaneType uint8

// Lane types. Driving is also a point the map says nothing more of.
// OtherLane is every other OpenDRIVE type (none, restricted,
// bidirectional, ...): no rule treats them apart.
const (
	Driving LaneType = iota
	Parking
	Biking
	Shoulder
	Sidewalk
	Border
	Median
	OtherLane
)

var laneTypeNames = [...]string{"driving", "parking", "biking", "shoulder", "sidewalk", "border", "median", "other"}

// String returns the type as OpenDRIVE writes it ("parking", ...), and
// "other" for OtherLane.
func (t LaneType) String() string {
	if int(t) < len(laneTypeNames) {
		return laneTypeNames[t]
	}
	return "other"
}

// laneTypeOf maps an OpenDRIVE lane type attribute to a LaneType. The
// case is ignored: OpenDRIVE 1.4 writes "parking", later editions
// camel-case some words.
func laneTypeOf(s string) LaneType {
	for t, name := range laneTypeNames[:OtherLane] {
		if strings.EqualFold(s, name) {
			return LaneType(t)
		}
	}
	return OtherLane
}
