package scene

import (
	"cmp"
	"io"
	"math"
	"slices"

	"github.com/mm2carla/viewer/analysis/query"
	"github.com/mm2carla/viewer/format/recorder"
)

// CARLA's defaults for its blocked rule: 30 s within 1 m.
const (
	BlockedTime     = query.DefaultBlockedTime // s
	BlockedDistance = 1.0                      // m
)

// Blocked spans are part of the events Open lists, computed during its one
// pass over the file rather than by a second read: the scan already
// decodes every Positions packet and finds each record's actor, so
// CARLA's rule costs one distance per position record and a few fields
// per actor (about 15 % of Open's CPU: docs/PERFORMANCE.md). The spans are
// then there when Open returns, for the timeline and the event navigation
// alike, and Events never changes under a reader.
//
// The rule is CARLA's show_recorder_actors_blocked as analysis/query
// implements it (and `viewer blocked` prints): an actor stands still from
// the first position record within the distance of where it last moved
// to, and the stop lasts the recorded durations of the frames it stays
// there (the last frame's -1 counts 0). A stop ends when the actor moves
// away, is destroyed or spawned again, or the recording ends; it is a
// span if it lasted the minimum time. Position records of actors that
// were never spawned are not actors of the scene and are not followed.

// blockRule is a blocked rule's thresholds in the file's units.
type blockRule struct {
	minTime float64 // s
	minDist float64 // cm, as the rule compares recorded locations
}

// defaultBlockRule is CARLA's rule with its defaults.
func defaultBlockRule() blockRule {
	return blockRule{BlockedTime, ToUnrealLength(BlockedDistance)}
}

// stillness is what the blocked rule knows of one actor.
type stillness struct {
	anchor   recorder.Vec3 // cm: where the actor last moved to
	placed   bool          // anchor is set
	stopped  bool
	frame    int32   // index of the frame the stop began
	start    float64 // its elapsed time
	duration float64 // s
}

// blockWatch follows every actor of a World during Open's scan and keeps
// the finished spans. It keeps its own per-actor data, by the actor's
// slot in the World's store, rather than a field of actorState: only the
// scan needs it, and seeking copies actor states.
type blockWatch struct {
	rule     blockRule
	minDist2 float64     // minDist squared: no square root per record
	still    []stillness // by slot
	spans    []Event
}

func newBlockWatch(rule blockRule) *blockWatch {
	return &blockWatch{rule: rule, minDist2: rule.minDist * rule.minDist}
}

// spawned starts following the actor just put in the slot.
func (b *blockWatch) spawned(slot int) {
	if slot >= len(b.still) {
		b.still = append(b.still, make([]stillness, slot+1-len(b.still))...)
	}
	b.still[slot] = stillness{}
}

// position applies the position record loc (cm) of the actor in the slot
// in w's current frame. It is small enough to be inlined into the loop
// over the records; moving away, the less usual case, is a call.
func (b *blockWatch) position(w *World, slot int, loc recorder.Vec3) {
	s := &b.still[slot]
	if !s.placed || distance2(s.anchor, loc) >= b.minDist2 {
		b.moved(w, slot, loc)
		return
	}
	if !s.stopped {
		s.stopped, s.frame, s.start = true, int32(w.frame), w.time
	}
	s.duration += w.dur
}

// moved ends the stop of the actor in the slot (if any) and anchors it
// at loc, where it has moved to (or was first placed).
func (b *blockWatch) moved(w *World, slot int, loc recorder.Vec3) {
	b.end(w, slot)
	b.still[slot].anchor, b.still[slot].placed = loc, true
}

// end closes the stop of the actor in the slot, keeping it as a span if
// it lasted long enough.
func (b *blockWatch) end(w *World, slot int) {
	s := &b.still[slot]
	if s.stopped && s.duration >= b.rule.minTime {
		a := &w.slots[slot]
		b.spans = append(b.spans, Event{Kind: EventBlocked, Time: s.start, Frame: int(s.frame),
			Actor: a.st.id, Blueprint: a.st.blueprint, Duration: s.duration})
	}
	s.stopped, s.duration = false, 0
}

// finish ends the stops still running in w (the recording ended) and
// returns every span in file order: by the frame it began, then by actor.
func (b *blockWatch) finish(w *World) []Event {
	for _, slot := range w.order {
		b.end(w, int(slot))
	}
	sortSpans(b.spans)
	return b.spans
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
// square root with 100, as analysis/query does.
func distance2(a, b recorder.Vec3) float64 {
	dx, dy, dz := a.X-b.X, a.Y-b.Y, a.Z-b.Z
	return dx*dx + dy*dy + dz*dz
}

func sortSpans(spans []Event) {
	slices.SortStableFunc(spans, func(a, b Event) int {
		if c := cmp.Compare(a.Frame, b.Frame); c != 0 {
			return c
		}
		return cmp.Compare(a.Actor, b.Actor)
	})
}

// mergeSpans returns events (in file order) with the spans (sorted by
// sortSpans) inserted after the other events of the frame each began in.
// Spans from frame n on, past the usable frames, are left out.
func mergeSpans(events, spans []Event, n int) []Event {
	for len(spans) > 0 && spans[len(spans)-1].Frame >= n {
		spans = spans[:len(spans)-1]
	}
	if len(spans) == 0 {
		return events
	}
	out := make([]Event, 0, len(events)+len(spans))
	i := 0
	for _, s := range spans {
		for i < len(events) && events[i].Frame <= s.Frame {
			out = append(out, events[i])
			i++
		}
		out = append(out, s)
	}
	return append(out, events[i:]...)
}

// Blocked lists, as events of kind EventBlocked, the stretches in which an
// actor moved less than minDistance metres for at least minTime seconds,
// longest first, as analysis/query computes them for `viewer blocked`.
// Events already holds the spans for CARLA's defaults (BlockedTime,
// BlockedDistance); Blocked is for other thresholds. It reads the usable
// frames of the file again: call it from a background goroutine.
func (rec *Recording) Blocked(minTime, minDistance float64) ([]Event, error) {
	return rec.blocked(blockRule{minTime, ToUnrealLength(minDistance)})
}

// blocked is Blocked with the rule in the file's units.
func (rec *Recording) blocked(rule blockRule) ([]Event, error) {
	end := rec.frames[len(rec.frames)-1].End
	rd, err := recorder.NewReader(io.NewSectionReader(rec.src, 0, end))
	if err != nil {
		return nil, err
	}
	rep, err := query.Blocked(rd, rule.minTime, rule.minDist)
	if rep == nil {
		return nil, err
	}
	evs := make([]Event, 0, len(rep.Rows))
	for _, r := range rep.Rows {
		evs = append(evs, Event{Kind: EventBlocked, Time: r.Time, Frame: rec.FrameAt(r.Time), Actor: r.ID,
			Blueprint: r.Description, Duration: r.Duration})
	}
	return evs, err
}
