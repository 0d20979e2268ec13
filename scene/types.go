// Package scene turns a CARLA recording into what the world looks like at
// any instant: every actor with its world transform, box, controls and
// lights, traffic-light states, collisions and weather; and into the
// timeline's events: spawns, destroys, attachments, collisions, light
// changes and blocked spans. It also converts BAI maps into the same
// world frame.
//
// It exists apart from format/recorder because the decoder only knows
// packets, while the viewer needs state: actors that persist between the
// events that create and destroy them, sensors that follow their parents,
// poses interpolated between frames, and seeking to any time in a file of
// any size without reading it from the start (see Recording).
//
// Every unit and axis conversion of the program lives in units.go. World
// positions and directions are [mgl64.Vec3] (metres, right-handed, Z up),
// the vector type of every package above this one; orientations are
// [Rotation] angles, turned into [mgl64.Mat3] matrices where they are
// composed (vec.go).
package scene

import (
	"sort"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/mm2carla/viewer/format/recorder"
)

// Control is a vehicle's control input as recorded (VehicleAnimation).
type Control struct {
	Steer, Throttle, Brake float32
	Handbrake              bool
	Gear                   int32 // < 0: reverse
}

// Kinematics is an actor's recorded velocity in world axes.
type Kinematics struct {
	Linear  mgl64.Vec3 // m/s
	Angular mgl64.Vec3 // deg/s, axial vector
	Has     bool       // false when the recording has no Kinematics for the actor
}

// LightInfo is a traffic light's recorded state and phase lengths.
type LightInfo struct {
	State              recorder.LightState
	Elapsed            float32 // seconds in State
	Frozen             bool
	Green, Yellow, Red float32 // phase lengths in seconds; 0 if not recorded
}

// Actor is one actor at one instant. Slices (Attributes) are shared with
// the Recording and must not be modified.
type Actor struct {
	ID         uint32
	Type       recorder.ActorType // as written (numbering depends on the CARLA version)
	Kind       Kind
	Blueprint  string // e.g. "vehicle.tesla.model3"
	UID        uint32
	Attributes []recorder.Attribute
	Hero       bool   // role_name == hero
	Parent     uint32 // 0: none
	SpawnFrame int    // index of the frame that added the actor
	// Local is the transform relative to the parent (zero when Parent is
	// 0). CARLA attaches keeping the relative transform, so it is the
	// actor's own pose when it was attached: for a sensor, the offset it
	// was spawned with.
	Local Transform
	World Transform
	// Box is from the recording's BoundingBox packet when it has one
	// (BoxRecorded), else DefaultBox(Kind).
	Box         Box
	BoxRecorded bool
	Control     Control
	LightBits   uint32  // recorder.Light* bits
	WalkerSpeed float64 // m/s
	Kinematics  Kinematics
	// TrafficLight is non-nil for traffic lights with a recorded state.
	TrafficLight *LightInfo
	Doors        uint32 // bit d set: door d is open
	// Derived from world locations: Speed is the speed of the displayed
	// motion (m/s), Accel the rate of change of Speed (m/s², negative when
	// slowing), Distance the path length since spawn (m) excluding
	// teleports (0 in a Recording from OpenAt, which does not compute it).
	// Velocity is the displayed motion's velocity (m/s).
	Velocity mgl64.Vec3
	Speed    float64
	Accel    float64
	Distance float64
}

// State is the world at one instant. A State filled by Recording.StateAt
// keeps its buffers for the next call: pointers and slices in it are valid
// until the State is filled again.
type State struct {
	Time    float64 // seconds since the recording began
	Frame   int     // index of the frame in the recording (0-based)
	FrameID uint64  // the frame's own number as recorded (from 1)
	// Alpha is how far Time is between frame Frame and the next (0..1):
	// 0 means the poses are exactly frame Frame's records.
	Alpha  float64
	Actors []Actor // sorted by ID
	// Collisions are those recorded in frame Frame.
	Collisions []recorder.Collision
	Weather    *recorder.Weather // nil if the recording has none
	// Problems lists inconsistencies found building the state (parent
	// cycles, missing parents). The state is still usable.
	Problems []string

	lights  []LightInfo
	weather recorder.Weather
}

// Actor returns the actor with the given id, or nil.
func (s *State) Actor(id uint32) *Actor {
	i := sort.Search(len(s.Actors), func(i int) bool { return s.Actors[i].ID >= id })
	if i < len(s.Actors) && s.Actors[i].ID == id {
		return &s.Actors[i]
	}
	return nil
}

// Hero returns the hero actor, or nil.
func (s *State) Hero() *Actor {
	for i := range s.Actors {
		if s.Actors[i].Hero {
			return &s.Actors[i]
		}
	}
	return nil
}
