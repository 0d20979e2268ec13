package lanes

import (
	"github.com/go-gl/mathgl/mgl64"

	"github.com/mm2carla/viewer/format/recorder"
)

// Association is where every vehicle of a recording was at every frame:
// on which road, side and lane, how far from the lane's curve and how
// far off its direction of travel; or in which intersection; or off the
// map. It also keeps what the fault rules need besides: each traffic
// light actor's states over time, and where the actors of the recorded
// collisions and blocked spans were.
//
// An Association is read-only once built and safe for concurrent
// readers.
type Association struct {
	Map Map // nil when built without a map
	// Times are the recording's frame times (Recording.Times, shared
	// and read-only): sample i of a Track is at Times[First+i].
	Times  []float64
	Tracks []Track      // in the order the vehicles first appear, then by id
	Lights []LightTrack // by id
	Signs  []SignTrack  // the stop sign actors (StopBlueprint), by id
	// Spots are, for each of the recording's events (Recording.Events,
	// same index), where its actor was at the event's frame.
	Spots []Spot
	byID  map[uint32][]int32 // track indices of each id, oldest first
}

// Spot is where an event's actor was.
type Spot struct {
	Location  mgl64.Vec3
	Blueprint string
	Found     bool // false: the actor was not in the event's frame
}

// LightTrack is one traffic light actor: where it stands and its states.
type LightTrack struct {
	ID      uint32
	Pos     mgl64.Vec3 // on the ground where the recording put it
	Yaw     float64    // the way the recording turned it, degrees counter-clockwise from +X
	placed  bool       // Pos is known (the actor was found)
	changes []lightChange
}

// Placed reports whether the light's position is known: a state recorded
// for an id that names no actor has none.
func (l *LightTrack) Placed() bool { return l.placed }

type lightChange struct {
	t     float64
	state recorder.LightState
}

// StateAt returns the light's state at time t; false before its first
// recorded state.
func (l *LightTrack) StateAt(t float64) (recorder.LightState, bool) {
	lo, hi := 0, len(l.changes)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if l.changes[m].t <= t {
			lo = m + 1
		} else {
			hi = m
		}
	}
	if lo == 0 {
		return 0, false
	}
	return l.changes[lo-1].state, true
}

// TracksOf returns the tracks of an actor id, oldest first (read-only).
func (a *Association) TracksOf(id uint32) []int32 { return a.byID[id] }

// TrackAt returns the track of actor id that spans time t, or nil.
func (a *Association) TrackAt(id uint32, t float64) *Track {
	if i := a.TrackIndexAt(id, t); i >= 0 {
		return &a.Tracks[i]
	}
	return nil
}

// TrackIndexAt returns the index in Tracks of TrackAt's track, or -1.
func (a *Association) TrackIndexAt(id uint32, t float64) int32 {
	for _, i := range a.byID[id] {
		if a.Tracks[i].Contains(t) {
			return i
		}
	}
	return -1
}

// Samples returns the number of samples over all tracks.
func (a *Association) Samples() int {
	n := 0
	for i := range a.Tracks {
		n += a.Tracks[i].Len()
	}
	return n
}
