package scene

import (
	"math"
	"slices"

	"github.com/mm2carla/viewer/format/recorder"
)

// Teleport thresholds: a move between two frames longer than
// TeleportDistance metres at more than TeleportSpeed m/s is a teleport. It
// is not interpolated and does not count as distance travelled. Both must
// hold so that a slow recording (1 Hz) of fast cars is not taken for
// teleports, nor a fast recording's small jitter.
const (
	TeleportDistance = 10.0
	TeleportSpeed    = 100.0
)

func isTeleport(step, dt float64) bool {
	return step > TeleportDistance && (dt <= 0 || step > TeleportSpeed*dt)
}

// Distance travelled is counted in whole units of 2^-24 m (60 nm): each
// frame's step is rounded to a unit and the units are summed as integers.
// Integer sums do not depend on their order, so Open can sum the steps of
// different stretches of a file on different goroutines and add the sums
// (pieces.go), and a state computed from any stretch equals the one from
// the start, bit for bit; a float sum would differ in its last bits.
const distUnits = 1 << 24

// distSteps is a step of step metres in distance units; 0 for a teleport
// or a step that is not a number (not travelled).
func distSteps(step, dt float64) int64 {
	if isTeleport(step, dt) || math.IsNaN(step) || math.IsInf(step, 0) {
		return 0
	}
	return int64(math.Round(step * distUnits))
}

// metres converts a distance in units to metres.
func metres(units int64) float64 { return float64(units) / distUnits }

// actorStatic is what an actor's spawn says about it. It is shared (by
// pointer) between the live world, keyframes and States, so it is never
// modified: a later BoundingBox or TrafficLightTime makes a new version.
type actorStatic struct {
	index       int32 // in staticTable.all, so keyframes can hold no pointers
	frame       int32 // the frame that made this version
	id          uint32
	typ         recorder.ActorType
	kind        Kind
	blueprint   string
	uid         uint32
	attrs       []recorder.Attribute
	hero        bool
	spawnFrame  int
	spawn       Transform // world pose written by EventAdd
	box         Box
	boxRecorded bool
	times       [3]float32 // green, yellow, red
}

// Per-frame groups of an actor's state. CARLA rewrites them every frame,
// and each remembers the frame that last wrote it, so that a keyframe can
// leave out what the next frame restores (see keyframe.go).
const (
	gPos = iota
	gControl
	gWalker
	gLights
	gKin
	gTL
	nGroups
)

// actorState is one live actor in a World. The fields a frame's
// positions and resolve touch come first, so that a frame over hundreds of
// actors reads one or two cache lines of each.
type actorState struct {
	st      *actorStatic
	spawn   int32     // st.spawnFrame, here so that resolving a frame need not read st
	pose    Transform // own world pose: last Position record, else spawn
	world   Transform // resolved world transform
	dist    int64     // distance travelled since spawn, in distUnits
	seen    [nGroups]int32
	parent  uint32
	mark    uint32 // resolve pass stamp: 2p+1 visiting, 2p+2 done
	touch   uint32 // pass+1 of the resolve that must look at the actor (World.touched)
	skimmed uint8  // bit 1<<g: group g's last write was skimmed, its value is stale (see stale.go)
	ever    uint8  // bit 1<<g: group g was written since the actor's spawn (see stale.go)

	local     Transform // relative to parent, fixed at EventParent
	control   Control
	walker    float64
	lightBits uint32
	kin       Kinematics
	tl        LightInfo // State, Elapsed, Frozen; phase times come from st
	doors     uint32
}

// World is the actor set of a recording as packets are applied in file
// order: Apply every packet of a frame from FrameStart to FrameEnd, then
// read it with State. It is the reference semantics of the package; a
// Recording reaches the same states by starting from keyframes.
//
// A World is not safe for concurrent use.
type World struct {
	frame   int // index of the current frame, -1 before the first
	frameID uint64
	time    float64
	dt      float64 // time since the previous frame
	inFrame bool    // between FrameStart and FrameEnd

	actorStore

	collisions []recorder.Collision
	weather    recorder.Weather
	hasWeather bool
	problems   []problem
	pass       uint32
	touched    []int32 // slots with a Position this frame (see resolve)
	// split, in Open's scan only: by slot, whether the scan follows the
	// actor's positions itself (an actor attached or with attached
	// children); the others' distances come from its decoders (pieces.go).
	split    []bool
	splitTmp []bool

	posFilter func(id uint32, k Kind) bool // FilterPositions
	noDist    bool                         // SkipDistances

	statics   *staticTable // nil: make statics on the fly
	restoring bool         // re-applying a keyframe's frame: per-frame packets only
	skimSeen  bool         // skimmed packets note the frame that wrote (seeking; see applySkimmed)
	events    *[]Event     // non-nil: collect events
	watch     *blockWatch  // non-nil: follow the blocked rule (Open's scan)
	pairs     []contact    // the pairs touching this frame
	pairsPrev []contact
}

// contact is a pair of actors touching and the index in the events of
// the collision that began it, whose Duration grows while they touch.
type contact struct {
	p  collisionPair
	ev int
}

// NewWorld returns an empty world before the first frame.
func NewWorld() *World { return &World{frame: -1} }

// Frame returns the index of the frame last started (-1 before any).
func (w *World) Frame() int { return w.frame }

// Time returns the elapsed time of the current frame.
func (w *World) Time() float64 { return w.time }

func (w *World) beginFrame(p *recorder.FrameStart) {
	w.frame++
	w.inFrame = true
	w.dt = p.Elapsed - w.time
	if w.frame == 0 {
		w.dt = 0
	}
	w.time, w.frameID = p.Elapsed, p.Frame
	if w.watch != nil {
		w.watch.frameStart(w.frame, p)
	}
	w.collisions = w.collisions[:0]
}

func (w *World) endFrame() {
	w.resolve()
	if w.needsCompact() {
		perm := w.compact()
		if w.watch != nil {
			w.watch.remap(perm)
		}
		if w.split != nil {
			w.splitTmp = w.splitTmp[:0]
			for _, from := range perm {
				w.splitTmp = append(w.splitTmp, w.split[from])
			}
			w.split, w.splitTmp = w.splitTmp, w.split[:0]
		}
	}
	w.restoring = false
	w.inFrame = false
	if w.events != nil {
		w.collisionEvents()
	}
}

func (w *World) add(r *recorder.ActorAdd) {
	st := w.statics.add(w.frame, r)
	a := actorState{st: st, spawn: int32(st.spawnFrame), pose: st.spawn, world: st.spawn}
	for g := range a.seen {
		a.seen[g] = -1
	}
	w.put(a)
	if w.split != nil {
		slot := w.find(r.ID)
		for len(w.split) <= slot {
			w.split = append(w.split, false)
		}
		w.split[slot] = false
	}
	if w.watch != nil {
		w.watch.spawn(w.find(r.ID), r.ID, st.blueprint) // spawned again: ends the old actor's stop
	}
	if w.events != nil {
		w.event(Event{Kind: EventSpawn, Time: w.time, Frame: w.frame, Actor: r.ID, Blueprint: st.blueprint})
	}
}

func (w *World) del(id uint32) {
	a := w.get(id)
	if a == nil {
		return
	}
	if w.events != nil {
		w.event(Event{Kind: EventDestroy, Time: w.time, Frame: w.frame, Actor: id, Blueprint: a.st.blueprint})
	}
	if w.watch != nil {
		w.watch.destroy(w.find(id))
	}
	w.remove(id)
}

// link attaches a child to a parent the way CARLA does (a rigid
// attachment keeping the relative transform): the child's own transform
// becomes its transform relative to the parent. CARLA spawns an attached
// sensor at the relative transform the user gave and attaches it after,
// so the EventAdd pose of a sensor is its offset from the parent (the real
// recordings show cameras "spawned" at (-5.5, 0, 2.5)). An actor already
// attached keeps its relative transform; parent 0 detaches, leaving the
// child where it was.
func (w *World) link(l recorder.ParentLink) {
	slot := w.find(l.Child)
	if slot < 0 {
		return
	}
	c := &w.slots[slot]
	if w.events != nil {
		w.event(Event{Kind: EventParent, Time: w.time, Frame: w.frame, Actor: l.Child, Other: l.Parent})
	}
	switch {
	case l.Parent == 0:
		c.pose = c.world
	case c.parent == 0:
		c.local = c.pose
	}
	w.setParent(slot, l.Parent)
}

func (w *World) updateStatic(id uint32, change func(*actorStatic)) {
	if a := w.get(id); a != nil {
		a.st = w.statics.update(w.frame, a.st, change)
	}
}

// resolve computes every world transform for the frame, parents first,
// and adds this frame's step to each actor's distance (in a scan that
// takes distances from its decoders, split, only to the actors it
// follows itself).
//
// An actor without a parent is where its pose says, and its pose changes
// only with a Position record (a detach or a spawn sets it to where the
// actor already is), so when no live actor has a parent only the actors
// with a Position this frame (touched) can move: resolving the others
// would add a step of 0. Otherwise those and every attached actor are
// resolved in id order.
func (w *World) resolve() {
	w.pass++
	w.problems = w.problems[:0]
	if w.actorStore.linked == 0 {
		for _, slot := range w.touched {
			if w.slots[slot].st != nil { // not removed later in the frame
				w.resolveOne(int(slot))
			}
		}
	} else {
		for _, slot := range w.order {
			// Neither attached nor moved by a record this frame: it stays
			// where it was (a step of 0), and is resolved on demand if it
			// is a parent.
			if a := &w.slots[slot]; a.parent == 0 && a.touch != w.pass {
				continue
			}
			w.resolveOne(int(slot))
		}
	}
	w.touched = w.touched[:0]
}

// resolveOne resolves the actor in the slot and reports whether it could
// (false only in a parent cycle). An actor with its own Position this
// frame is where the record says; else an attached actor follows its
// parent; else it stays at its last pose. Problems leave the actor where
// it was.
func (w *World) resolveOne(i int) bool {
	a := &w.slots[i]
	visiting, done := 2*w.pass+1, 2*w.pass+2
	switch a.mark {
	case done:
		return true
	case visiting:
		return false
	}
	a.mark = visiting
	prev := a.world.Location
	ok := true
	switch {
	case a.seen[gPos] == int32(w.frame) || a.parent == 0:
		a.world = a.pose
	default:
		j := w.find(a.parent)
		switch {
		case j < 0:
			w.problems = append(w.problems, problem{actor: a.st.id, parent: a.parent})
		case w.resolveOne(j):
			a.world = w.slots[j].world.Mul(a.local)
		default:
			w.problems = append(w.problems, problem{cycle: true, actor: a.st.id, parent: a.parent})
			ok = false
		}
	}
	a.mark = done
	if !w.restoring && !w.noDist && int(a.spawn) < w.frame && (w.split == nil || w.split[i]) {
		a.dist += distSteps(a.world.Location.Sub(prev).Len(), w.dt)
	}
	return ok
}

func (w *World) collisionEvents() {
	w.pairsPrev, w.pairs = w.pairs, w.pairsPrev[:0]
	for _, c := range w.collisions {
		p := pairOf(c)
		if slices.ContainsFunc(w.pairs, func(k contact) bool { return k.p == p }) {
			continue
		}
		if k := slices.IndexFunc(w.pairsPrev, func(k contact) bool { return k.p == p }); k >= 0 {
			ev := &(*w.events)[w.pairsPrev[k].ev]
			ev.Duration = w.time - ev.Time
			w.pairs = append(w.pairs, w.pairsPrev[k])
			continue
		}
		w.pairs = append(w.pairs, contact{p, len(*w.events)})
		w.event(Event{Kind: EventCollision, Time: w.time, Frame: w.frame, Actor: c.Actor1, Other: c.Actor2})
	}
}

// event appends e to the events. The list doubles when full rather than
// growing by a quarter as append does for a long slice: a big file's
// events are megabytes, and each smaller step copies them all again into
// memory the process has not touched yet (page faults, which in a fresh
// `viewer state` cost more than the copying). Open trims what is left
// over (trimEvents).
func (w *World) event(e Event) {
	ev := *w.events
	if len(ev) == cap(ev) {
		ev = append(make([]Event, 0, max(64, 2*cap(ev))), ev...)
	}
	*w.events = append(ev, e)
}

// trimEvents returns events in a list of about their length, once they
// are all there: the doubling (World.event) may leave half the list
// unused, which the heap would hold as long as the recording.
func trimEvents(events []Event) []Event {
	if cap(events)-len(events) <= len(events)/8 {
		return events
	}
	return slices.Clone(events)
}
