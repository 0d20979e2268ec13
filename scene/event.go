package scene

import (
	"fmt"

	"github.com/mm2carla/viewer/format/recorder"
)

// EventKind says what happened at an Event.
type EventKind uint8

// Event kinds for the timeline.
const (
	EventSpawn     EventKind = iota + 1 // Actor was added
	EventDestroy                        // Actor was removed
	EventParent                         // Actor was attached to Other
	EventCollision                      // Actor started touching Other, and touched it for Duration
	EventLight                          // traffic light Actor changed to Light
	EventBlocked                        // a span: Actor stood still from Time for Duration (blocked.go)
)

var eventNames = [...]string{"", "spawn", "destroy", "parent", "collision", "light", "blocked"}

// String returns a short lower-case name ("spawn", "collision", ...).
func (k EventKind) String() string {
	if int(k) < len(eventNames) && k != 0 {
		return eventNames[k]
	}
	return fmt.Sprintf("EventKind(%d)", uint8(k))
}

// Event is one thing worth a mark on the timeline: a moment, or for
// EventBlocked a span from Time to End.
type Event struct {
	Kind  EventKind
	Time  float64 // the frame's elapsed time, seconds (a span's start)
	Frame int     // index of the frame (a span's first frame)
	Actor uint32  // the actor spawned, destroyed, attached, colliding, blocked or the light
	Other uint32  // the parent (EventParent) or the other actor (EventCollision)
	// Blueprint is the actor's blueprint for spawns, destroys and blocked
	// spans.
	Blueprint string
	Light     recorder.LightState // the new state (EventLight)
	// Duration is the seconds the actor stood still (EventBlocked) or
	// the pair stayed in contact (EventCollision: from the first frame
	// with the collision recorded to the last frame of the run of frames
	// that record it); 0 for moments.
	Duration float64
}

// End returns when the event ends: Time+Duration for a blocked span or a
// contact, Time for the others.
func (e Event) End() float64 { return e.Time + e.Duration }

// problem is an inconsistency found resolving parents; kept as data so that
// resolving a frame does not format strings.
type problem struct {
	cycle  bool // false: the parent does not exist
	actor  uint32
	parent uint32
}

func (p problem) String() string {
	if p.cycle {
		return fmt.Sprintf("actor %d: parent chain through %d loops; left where it was", p.actor, p.parent)
	}
	return fmt.Sprintf("actor %d: parent %d does not exist; left where it was", p.actor, p.parent)
}

// collisionPair is an unordered pair of actors in contact.
type collisionPair struct{ a, b uint32 }

func pairOf(c recorder.Collision) collisionPair {
	if c.Actor1 > c.Actor2 {
		return collisionPair{c.Actor2, c.Actor1}
	}
	return collisionPair{c.Actor1, c.Actor2}
}
