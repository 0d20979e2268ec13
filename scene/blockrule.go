package scene

import (
	"cmp"
	"fmt"
	"math"
	"slices"

	"github.com/mm2carla/viewer/format/recorder"
)

// The blocked rule is written once, here, and everything that reports
// blocked actors follows it: Open's scan, for the timeline's spans
// (World feeds the rule slot by slot, blocked.go), and BlockScan, which
// takes the packets of a recording in file order and is what
// analysis/query's Blocked (`viewer blocked`) feeds. The rule is CARLA's
// show_recorder_actors_blocked without its bugs (docs/CARLA-DIFFERENCES.md):
//
//   - An actor's first position record is where it starts; from then on
//     it stands still from the first record within the minimum distance
//     of where it last moved to. A record farther away, or not a number,
//     is a move: it ends the stop and the actor has moved there.
//   - A stop lasts the recorded durations of the frames the actor stays
//     in, from the one it began in. The last frame's -1, or any duration
//     that is not a finite positive time, adds nothing.
//   - A stop ends when the actor moves, is destroyed or spawned again,
//     or the recording ends; it is reported if it lasted the minimum time.
//
// The feeders differ only in which position records they give the rule:
// a World follows the actors of the scene, those spawned; BlockScan, as
// CARLA's query, every id a Positions packet names.

// CARLA's defaults for its blocked rule: 30 s within 1 m.
const (
	BlockedTime     = 30.0 // s
	BlockedDistance = 1.0  // m
)

// BlockRule is the blocked rule's thresholds, in the file's units: the
// rule compares recorded locations, as CARLA's query does, so that its
// answers are CARLA's.
type BlockRule struct {
	MinTime     float64 // s
	MinDistance float64 // cm
}

// DefaultBlockRule is CARLA's rule with its defaults (BlockedTime,
// BlockedDistance).
func DefaultBlockRule() BlockRule {
	return BlockRule{BlockedTime, ToUnrealLength(BlockedDistance)}
}

// check reports thresholds the rule cannot follow.
func (r BlockRule) check() error {
	if !(r.MinTime >= 0) || !(r.MinDistance >= 0) || math.IsInf(r.MinTime, 0) || math.IsInf(r.MinDistance, 0) {
		return fmt.Errorf("scene: blocked time and distance must be finite and not negative, not %g and %g", r.MinTime, r.MinDistance)
	}
	return nil
}

// StopEnd says how a Stop ended.
type StopEnd uint8

const (
	StopMoved        StopEnd = iota // the actor moved the minimum distance away
	StopDestroyed                   // the actor was destroyed (or spawned again)
	StopRecordingEnd                // the recording ended (or stopped at an error)
)

// String returns "moved", "destroyed" or "end", as `viewer blocked
// --json` writes them.
func (e StopEnd) String() string {
	switch e {
	case StopMoved:
		return "moved"
	case StopDestroyed:
		return "destroyed"
	}
	return "end"
}

// Stop is a stretch of time in which an actor stood still, as the rule
// reports it.
type Stop struct {
	Actor     uint32
	Blueprint string        // "" for an actor never spawned
	Frame     int           // index of the frame the stop began in (0 is the file's first)
	FrameID   uint64        // that frame's number as recorded
	Time      float64       // its elapsed time, s
	Duration  float64       // s
	Location  recorder.Vec3 // where the actor stood, cm, as recorded
	End       StopEnd
}

// stillness is what the rule knows of one actor while it may stand still.
type stillness struct {
	anchor   recorder.Vec3 // cm: where the actor last moved to
	placed   bool          // anchor is set
	stopped  bool
	frame    int32   // index of the frame the stop began in
	frameID  uint64  // its recorded number
	start    float64 // its elapsed time
	duration float64 // s
}

// actorRef names the actor a slot follows; only a finished stop needs it,
// so it is kept apart from the stillness the loop over positions touches.
type actorRef struct {
	id        uint32
	blueprint string
}

// blockWatch follows the rule for actors by slot: small integers the
// feeder chooses (a World's store slot, or BlockScan's per id), so that a
// position costs no lookup of its own. It keeps the finished stops.
type blockWatch struct {
	rule     BlockRule
	minDist2 float64 // MinDistance squared: no square root per record
	still    []stillness
	who      []actorRef
	stops    []Stop
	stillTmp []stillness // remap's other buffers
	whoTmp   []actorRef

	// The current frame.
	frame   int32
	frameID uint64
	time    float64
	dur     float64 // its duration as the rule counts it
}

func newBlockWatch(rule BlockRule) *blockWatch {
	return &blockWatch{rule: rule, minDist2: rule.MinDistance * rule.MinDistance, frame: -1}
}

// frameStart begins frame index (from 0), recorded as f.
func (b *blockWatch) frameStart(index int, f *recorder.FrameStart) {
	b.frame, b.frameID, b.time, b.dur = int32(index), f.Frame, f.Elapsed, frameDuration(f.Duration)
}

// spawn starts following actor id in the slot. A stop the slot's actor
// was in ends: the same id spawned again is a new actor.
func (b *blockWatch) spawn(slot int, id uint32, blueprint string) {
	if slot >= len(b.still) {
		n := slot + 1 - len(b.still)
		b.still = append(b.still, make([]stillness, n)...)
		b.who = append(b.who, make([]actorRef, n)...)
	}
	b.end(slot, StopDestroyed)
	b.still[slot] = stillness{}
	b.who[slot] = actorRef{id, blueprint}
}

// remap follows the World compacting its store: new slot k is old slot
// perm[k]; the slots past the live ones belonged to destroyed actors.
func (b *blockWatch) remap(perm []int32) {
	b.stillTmp, b.whoTmp = b.stillTmp[:0], b.whoTmp[:0]
	for _, from := range perm {
		var s stillness
		var w actorRef
		if int(from) < len(b.still) {
			s, w = b.still[from], b.who[from]
		}
		b.stillTmp, b.whoTmp = append(b.stillTmp, s), append(b.whoTmp, w)
	}
	clear(b.still)
	clear(b.who)
	b.still, b.stillTmp = b.stillTmp, b.still[:0]
	b.who, b.whoTmp = b.whoTmp, b.who[:0]
}

// destroy ends the stop of the slot's actor and forgets it: a position
// record of its id after this is an actor never spawned.
func (b *blockWatch) destroy(slot int) {
	b.end(slot, StopDestroyed)
	b.still[slot] = stillness{}
	b.who[slot].blueprint = ""
}

// position applies the position record loc (cm) of the slot's actor in
// the current frame. Standing still, the usual case of a recording's
// hot loop, touches only the slot's stillness; moving is a call.
func (b *blockWatch) position(slot int, loc recorder.Vec3) {
	s := &b.still[slot]
	if !s.placed || !(distance2(s.anchor, loc) < b.minDist2) {
		b.moved(slot, loc)
		return
	}
	if !s.stopped {
		s.stopped, s.frame, s.frameID, s.start = true, b.frame, b.frameID, b.time
	}
	s.duration += b.dur
}

// moved ends the stop of the slot's actor (if any) and anchors it at loc,
// where it has moved to (or was first placed).
func (b *blockWatch) moved(slot int, loc recorder.Vec3) {
	b.end(slot, StopMoved)
	b.still[slot].anchor, b.still[slot].placed = loc, true
}

// end closes the stop of the slot's actor, keeping it if it lasted long
// enough.
func (b *blockWatch) end(slot int, how StopEnd) {
	s := &b.still[slot]
	if s.stopped && s.duration >= b.rule.MinTime {
		w := &b.who[slot]
		b.stops = append(b.stops, Stop{Actor: w.id, Blueprint: w.blueprint, Frame: int(s.frame), FrameID: s.frameID,
			Time: s.start, Duration: s.duration, Location: s.anchor, End: how})
	}
	s.stopped, s.duration = false, 0
}

// finish ends the stops still running (the recording ended) and returns
// every stop, in the order they ended.
func (b *blockWatch) finish() []Stop {
	for slot := range b.still {
		b.end(slot, StopRecordingEnd)
	}
	return b.stops
}

// frameDuration is a FrameStart's duration as the rule counts it: CARLA's
// -1 in the last frame, or any value that is not a finite time, adds 0.
func frameDuration(d float64) float64 {
	if !(d > 0) || math.IsInf(d, 1) {
		return 0
	}
	return d
}

// distance2 is the squared distance: for the default 100 cm, comparing it
// with 100² gives the same answer as comparing the correctly rounded
// square root with 100, as CARLA's distance does.
func distance2(a, b recorder.Vec3) float64 {
	dx, dy, dz := a.X-b.X, a.Y-b.Y, a.Z-b.Z
	return dx*dx + dy*dy + dz*dz
}

// BlockScan applies the blocked rule to a recording read packet by
// packet, following every actor id a Positions packet names, as CARLA's
// show_recorder_actors_blocked does (an id never spawned is reported with
// no blueprint). analysis/query's Blocked feeds it; Recording.Blocked too.
type BlockScan struct {
	watch  *blockWatch
	slots  map[uint32]int // actor id -> the watch's slot
	frames int            // FrameStarts seen
}

// NewBlockScan returns a scan by the rule; thresholds must be finite and
// not negative.
func NewBlockScan(rule BlockRule) (*BlockScan, error) {
	if err := rule.check(); err != nil {
		return nil, err
	}
	return &BlockScan{watch: newBlockWatch(rule), slots: map[uint32]int{}}, nil
}

// Apply applies the next packet of the recording; packets the rule does
// not use are ignored. Packets must come in file order.
func (s *BlockScan) Apply(p recorder.Packet) {
	switch p := p.(type) {
	case *recorder.FrameStart:
		s.watch.frameStart(s.frames, p)
		s.frames++
	case *recorder.EventAdd:
		for i := range p.Actors {
			a := &p.Actors[i]
			s.watch.spawn(s.slot(a.ID), a.ID, a.Description)
		}
	case *recorder.EventDel:
		for _, id := range p.IDs {
			if slot, ok := s.slots[id]; ok {
				s.watch.destroy(slot)
			}
		}
	case *recorder.Positions:
		for i := range p.Records {
			r := &p.Records[i]
			s.watch.position(s.slot(r.ID), r.Location)
		}
	}
}

// slot returns the id's slot, following the id from now on if it is new.
func (s *BlockScan) slot(id uint32) int {
	slot, ok := s.slots[id]
	if !ok {
		slot = len(s.slots)
		s.slots[id] = slot
		s.watch.spawn(slot, id, "")
	}
	return slot
}

// Finish ends the stops still running, as at the end of the recording,
// and returns every stop, longest first, then by start time, then by
// actor id: an order that does not change from run to run. Call it once,
// after the last packet (or the error that ended the reading).
func (s *BlockScan) Finish() []Stop {
	stops := s.watch.finish()
	slices.SortFunc(stops, func(a, b Stop) int {
		if c := cmp.Compare(b.Duration, a.Duration); c != 0 {
			return c
		}
		if c := cmp.Compare(a.Time, b.Time); c != 0 {
			return c
		}
		return cmp.Compare(a.Actor, b.Actor)
	})
	return stops
}
