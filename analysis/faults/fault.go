// Package faults finds the moments where a recorded vehicle broke a rule
// of the road map: it left its lane, drove the wrong way, ran a red light
// or a stop sign, or came within a second of hitting the vehicle ahead;
// and lists them with the collisions and blocked spans the recording
// itself holds. The window marks them on the map and the timeline and
// `viewer check` prints them, so a person debugging an AI finds the
// second it went wrong without watching the whole recording.
//
// It works on an analysis/lanes Association (where every vehicle was on
// the map at every frame) and the recording's events, and decides
// nothing about drawing or printing.
package faults

import (
	"fmt"
	"math"
	"strconv"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/mm2carla/viewer/analysis/lanes"
)

// Kind is what went wrong.
type Kind uint8

// Fault kinds, and LaneChange, an event that is not a fault.
const (
	OffLane Kind = iota + 1
	WrongWay
	RedLight
	StopSign
	CloseCall
	Collision
	Blocked
	LaneChange
)

var kindNames = [...]string{"", "off-lane", "wrong-way", "red-light", "stop-sign", "close-call", "collision",
	"blocked", "lane-change"}

// Kinds lists the fault kinds in the order reports count them.
var Kinds = []Kind{OffLane, WrongWay, RedLight, StopSign, CloseCall, Collision, Blocked}

// String returns the kind as `viewer check` prints it ("off-lane", ...).
func (k Kind) String() string {
	if k > 0 && int(k) < len(kindNames) {
		return kindNames[k]
	}
	return fmt.Sprintf("Kind(%d)", uint8(k))
}

// ParseKind is the inverse of String.
func ParseKind(s string) (Kind, bool) {
	for k := range kindNames {
		if k > 0 && kindNames[k] == s {
			return Kind(k), true
		}
	}
	return 0, false
}

// Unit is the unit of a fault's Worst value: the largest distance off
// the lanes (m), the largest angle from the lane's direction (deg), the
// speed while crossing the line (m/s), the lowest speed near the stop
// line (m/s), the shortest time to collision (s), the speed when the
// collision began (m/s), the time stood still (s), the time the lane
// change took (s).
func (k Kind) Unit() string {
	switch k {
	case OffLane:
		return "m"
	case WrongWay:
		return "deg"
	case CloseCall, Blocked, LaneChange:
		return "s"
	}
	return "m/s"
}

// Fault is one thing that went wrong (or one lane change).
type Fault struct {
	Kind      Kind
	Actor     uint32
	Blueprint string
	// Other is the other actor of a collision or close call (0 if none),
	// and OtherBlueprint its blueprint: "" for a collision with what is
	// no actor of the recording (World, or an id it never spawned), the
	// world itself (a static collision).
	Other          uint32
	OtherBlueprint string
	// Start and End are seconds since the recording began; equal for a
	// moment (a crossing, one impact); a collision's span is from its
	// first recorded impact to the last one merged into it.
	Start, End float64
	// Where it happened, as the association placed the actor at Start
	// (the approach road for red lights and stop signs, whose
	// Intersection is the one entered).
	Place   lanes.Place
	Lane    lanes.LaneRef // Lane.Road is the road index when Place is OnRoad or for crossings
	HasLane bool
	Road    int // road index, -1 if none
	// Intersection is the intersection index, -1 if none.
	Intersection int
	Location     mgl64.Vec3 // world metres
	Worst        float64    // see Kind.Unit
}

// Thresholds are the rules' limits. Defaults gives the issue's; each is
// a flag of `viewer check` and a setting of the window.
type Thresholds struct {
	OffLane        float64 // m from every lane curve of the road...
	OffLaneTime    float64 // ...for at least this long (s)
	LaneChangeTime float64 // s: reaching an adjacent lane of the same side within it is a lane change
	WrongWaySpeed  float64 // m/s: moving at least this fast...
	WrongWayAngle  float64 // deg: ...more than this far from the lane's direction...
	WrongWayTime   float64 // ...for at least this long (s)
	StopSpeed      float64 // m/s: a stop is being slower than this...
	StopDistance   float64 // ...within this many metres before the road end
	CloseCallTTC   float64 // s: time to collision with the vehicle ahead under this
	// MovingSpeed (m/s): both vehicles of a close call move at least
	// this fast, and a vehicle slower than this is parked, not off its
	// lane.
	MovingSpeed float64
	// CollisionWindow is how long after a close call (s) a collision of
	// the same two actors makes it part of that collision, not a close
	// call.
	CollisionWindow float64
	// AfterCollision is how long after a recorded collision of two
	// actors (s, from the last frame they touched) they have no close
	// call: they are still in the wreck of that collision.
	AfterCollision float64
	// CollisionMerge: recorded collisions of the same two actors within
	// this many seconds of the first are one collision, as
	// scenario_runner's CollisionTest counts them.
	CollisionMerge float64
}

// World is the other actor of a collision with the world itself (a
// static object), as CARLA records it.
const World = math.MaxUint32

// Defaults returns the thresholds of issues 11 and 25.
func Defaults() Thresholds {
	return Thresholds{
		OffLane: 1.0, OffLaneTime: 0.5, LaneChangeTime: 4,
		WrongWaySpeed: 1, WrongWayAngle: 120, WrongWayTime: 1,
		StopSpeed: 0.5, StopDistance: 10,
		CloseCallTTC: 1.0, MovingSpeed: 0.5, CollisionWindow: 2,
		AfterCollision: 3, CollisionMerge: 5,
	}
}

// WorldName is how a collision with the world (a static object: World,
// or an id the recording never spawned) names the other actor, in
// `viewer check`'s text and in the window alike.
const WorldName = "the world (static)"

// HasOther reports whether the fault's kind has another actor: a
// collision or a close call.
func (f *Fault) HasOther() bool { return f.Kind == Collision || f.Kind == CloseCall }

// AppendOther appends the name of another actor of id and blueprint:
// "15 vehicle.audi.a2", or WorldName for one without a blueprint (what
// is no actor of the recording). It allocates nothing once b has room,
// so the window can write it every tick.
func AppendOther(b []byte, id uint32, blueprint string) []byte {
	if blueprint == "" {
		return append(b, WorldName...)
	}
	b = strconv.AppendUint(b, uint64(id), 10)
	return append(append(b, ' '), blueprint...)
}

// AppendWith appends "with " and the other actor's name (AppendOther)
// for a collision or a close call, and nothing for other kinds: how
// `viewer check` and the window's fault list name the other actor.
func (f *Fault) AppendWith(b []byte) []byte {
	if !f.HasOther() {
		return b
	}
	return AppendOther(append(b, "with "...), f.Other, f.OtherBlueprint)
}

// MapNumbers is where a fault began in the map file's own numbers, as the
// reports print it (viewer check's text and JSON, a fleet's JSON lines and
// Parquet): nil for what does not apply or without a map.
type MapNumbers struct {
	Road         *int
	Side         *string
	Lane         *int
	Intersection *int
}

// Numbers returns where f began on m in m's own numbers.
func (f *Fault) Numbers(m lanes.Map) MapNumbers {
	var n MapNumbers
	if m == nil {
		return n
	}
	if f.Road >= 0 {
		id := m.RoadID(f.Road)
		n.Road = &id
		if f.HasLane {
			side, lane := f.Lane.Side.String(), int(f.Lane.Lane)
			n.Side, n.Lane = &side, &lane
		}
	}
	if f.Intersection >= 0 {
		id := m.IntersectionID(f.Intersection)
		n.Intersection = &id
	}
	return n
}
