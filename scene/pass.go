package scene

import (
	"github.com/go-gl/mathgl/mgl64"

	"github.com/mm2carla/viewer/format/recorder"
)

// A pass over every frame of a recording in order (analysis/lanes places
// every vehicle on the map at every frame) needs neither StateAt's
// seeking and interpolation nor whole Actors: on a London-size city with
// 600 actors, building every frame's State costs twice the whole Open.
// It applies the frames to a World of its own, from FrameReader, and
// reads the few fields it needs with Poses.

// FrameReader returns a reader of frames [first, last] (indexes into
// Frames) of the file the recording was opened from. Any number of
// readers may run at once, beside StateAt.
func (rec *Recording) FrameReader(first, last int) *recorder.Reader {
	return recorder.NewFrameReader(rec.src, rec.ix, first, last)
}

// Pose is one actor's identity and world pose, as Poses lists them.
type Pose struct {
	ID         uint32
	Kind       Kind
	SpawnFrame int // index of the frame that added the actor
	Blueprint  string
	World      Transform
	Box        Box
	// Light is a traffic light's state when HasLight.
	Light    recorder.LightState
	HasLight bool
}

// Poses sets dst to the poses of the live actors, in id order, whose
// kind want accepts (every actor when want is nil), reusing its storage.
func (w *World) Poses(dst []Pose, want func(Kind) bool) []Pose {
	dst = dst[:0]
	for k := range w.count() {
		a := w.at(k)
		st := a.st
		if want != nil && !want(st.kind) {
			continue
		}
		dst = append(dst, Pose{ID: st.id, Kind: st.kind, SpawnFrame: st.spawnFrame, Blueprint: st.blueprint,
			World: a.world, Box: st.box, Light: a.tl.State, HasLight: a.hasLight()})
	}
	return dst
}

// FilterPositions makes the World apply only the Position records of the
// actors keep accepts (nil: all): a pass that reads a few actors' poses
// (every vehicle's, say) need not convert and resolve hundreds of others
// every frame. keep must accept every actor that another is attached to,
// whose pose places its children. A record holds a whole pose, so an
// actor accepted again is where its record says at once. The others'
// poses and distances are stale: such a World is for Poses of the
// accepted actors (and of their children) only.
func (w *World) FilterPositions(keep func(id uint32, k Kind) bool) { w.posFilter = keep }

// SkipDistances makes the World stop adding up the distances its actors
// travel: a pass that reads places only (Poses, Vehicles) would otherwise
// pay a square root per moved actor per frame (a tenth of the lane
// pass's decoding) for figures it never reads. Such a World's States
// have stale distances.
func (w *World) SkipDistances() { w.noDist = true }

// Mover is a live actor's identity and place, as Vehicles lists them: what
// a pass reads of every vehicle at every frame, in a third of a Pose's
// bytes (copying Poses was a sixth of the lane pass's decoding). The rest
// of its Pose is a method away.
type Mover struct {
	ID         uint32
	SpawnFrame int
	Location   mgl64.Vec3 // world metres
	Yaw        float64    // world degrees
	st         *actorStatic
}

// Kind, Blueprint and Box are the mover's, as its Pose gives them.
func (m *Mover) Kind() Kind { return m.st.kind }

// Blueprint returns the mover's blueprint id.
func (m *Mover) Blueprint() string { return m.st.blueprint }

// Box returns the mover's bounding box.
func (m *Mover) Box() Box { return m.st.box }

// Vehicles sets dst to the live vehicles (Kind.IsVehicle), in id order,
// as Poses would list them, reusing dst's storage. It names its kinds
// rather than take a predicate: a call per live actor, 1,081 a frame on a
// London-size city, was a third of its cost.
func (w *World) Vehicles(dst []Mover) []Mover {
	dst = dst[:0]
	for k := range w.count() {
		a := w.at(k)
		if st := a.st; st.kind.IsVehicle() {
			dst = append(dst, Mover{ID: st.id, SpawnFrame: st.spawnFrame, Location: a.world.Location,
				Yaw: a.world.Rotation.Yaw, st: st})
		}
	}
	return dst
}
