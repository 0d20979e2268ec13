package scene

import "github.com/mm2carla/viewer/format/recorder"

// Keyframes let a Recording start decoding anywhere. A keyframe is the
// World as it was after applying frame `frame`, but stored compactly:
// CARLA rewrites positions, controls, vehicle lights, kinematics and light
// states every frame, so instead of storing them the keyframe's own frame
// is decoded again on restore ("restoring" mode: only those per-frame
// packets). What events built up (the actor set and their static data,
// distance travelled, open doors, weather) is stored. An actor whose state
// is not rebuilt that way (attached to a parent, or with a per-frame value
// last written before the keyframe's frame) is stored whole; in CARLA's
// files that is only the attached sensors.
//
// Restoring gives a World equal, field for field, to the one the scan had
// at that frame; the seek tests check this against applying every frame.
type keyframe struct {
	frame      int
	actors     []keyActor // sorted by id, like World.actors
	full       []actorState
	fullAt     []int32 // full[i] is actors[fullAt[i]], stored whole
	weather    recorder.Weather
	hasWeather bool
}

// keyActor is 16 bytes, and holds no pointer: the garbage collector
// need not scan the keyframes, which are most of an open Recording's heap.
type keyActor struct {
	static int32 // index into staticTable.all
	doors  uint32
	dist   int64
}

// Keyframe spacing: a keyframe at each frame that begins a new stretch
// of keySpacing bytes (counted from the first frame), which bounds the
// decoding a seek needs to about that many bytes and a frame. The rule
// looks only at where frames begin, so the decoders of a file's pieces
// know the keyframes without the scan (pieces.go).
//
// The spacing widens with the file, so that the keyframes, most of an
// open Recording's memory, number about keyBudget whatever its size: the
// file's size over keyBudget, and at least minKeyBytes (a small file has
// fewer keyframes, each small). That is 341 KiB for 1 GiB, 2.7 MiB for 8
// GiB: a seek then decodes at most that, skimming most of it (seek.go).
const (
	keyBudget   = 3072
	minKeyBytes = 16 << 10
)

// keySpacing is the keyframe spacing in bytes for a file of size bytes.
func keySpacing(size int64) int64 { return max(minKeyBytes, (size+keyBudget-1)/keyBudget) }

// rebuiltByFrame reports whether re-applying frame f's per-frame packets to
// a fresh actor from its static data, doors and distance gives back a.
func (a *actorState) rebuiltByFrame(f int) bool {
	if a.parent != 0 {
		return false
	}
	for _, s := range a.seen {
		if s != -1 && s != int32(f) {
			return false
		}
	}
	return true
}

// capture stores w (just after its frame's FrameEnd) as a keyframe,
// reusing k's buffers.
func (w *World) capture(k *keyframe) {
	k.frame = w.frame
	if cap(k.actors) < w.count() {
		k.actors = make([]keyActor, 0, w.count()) // exact: keyframes are most of the heap
	}
	k.actors = k.actors[:0]
	k.full, k.fullAt = k.full[:0], k.fullAt[:0]
	for j := range w.count() {
		a := w.at(j)
		if !a.rebuiltByFrame(w.frame) {
			k.fullAt = append(k.fullAt, int32(j))
			k.full = append(k.full, *a)
		}
		k.actors = append(k.actors, keyActor{static: a.st.index, dist: a.dist, doors: a.doors})
	}
	k.weather, k.hasWeather = w.weather, w.hasWeather
}

// restore makes w the keyframe's world as it was before its frame's
// per-frame packets: the caller then applies that frame, which w (now in
// restoring mode) limits to those packets.
func (w *World) restore(k *keyframe, timeBefore float64) {
	w.reset()
	nf := 0
	for j, ka := range k.actors {
		if nf < len(k.fullAt) && int(k.fullAt[nf]) == j {
			a := k.full[nf]
			nf++
			a.mark, a.touch = 0, 0
			w.appendSorted(a)
			continue
		}
		st := w.statics.all[ka.static]
		a := actorState{st: st, spawn: int32(st.spawnFrame), pose: st.spawn, world: st.spawn, doors: ka.doors, dist: ka.dist}
		for g := range a.seen {
			a.seen[g] = -1
		}
		w.appendSorted(a)
	}
	w.frame = k.frame - 1
	w.time = timeBefore
	w.weather, w.hasWeather = k.weather, k.hasWeather
	w.collisions = w.collisions[:0]
	w.touched = w.touched[:0]
	w.restoring = true
}
