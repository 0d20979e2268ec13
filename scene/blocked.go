package scene

import (
	"cmp"
	"io"
	"slices"

	"github.com/mm2carla/viewer/format/recorder"
)

// Blocked spans are part of the events Open lists, computed during its one
// pass over the file rather than by a second read: the scan already
// decodes every Positions packet and finds each record's actor, so the
// blocked rule (blockrule.go) costs one distance per position record and
// a few fields per actor (about 15 % of Open's CPU: docs/PERFORMANCE.md).
// The spans are then there when Open returns, for the timeline and the
// event navigation alike, and Events never changes under a reader.
//
// The World feeds the rule the actors of the scene, by their slots in its
// store; position records of actors never spawned are not actors of the
// scene and are not followed. Otherwise the spans are the stops
// `viewer blocked` prints, from the same code.

// spanOf is the timeline's event for a stop.
func spanOf(s *Stop) Event {
	return Event{Kind: EventBlocked, Time: s.Time, Frame: s.Frame, Actor: s.Actor, Blueprint: s.Blueprint, Duration: s.Duration}
}

// finishSpans ends the stops still running in the watch (the recording
// ended) and returns every span in file order: by the frame it began,
// then by actor.
func finishSpans(b *blockWatch) []Event {
	stops := b.finish()
	if len(stops) == 0 {
		return nil
	}
	spans := make([]Event, len(stops))
	for i := range stops {
		spans[i] = spanOf(&stops[i])
	}
	sortSpans(spans)
	return spans
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
// Spans from frame n on, past the usable frames, are left out. It merges
// in place, from the back, so that a big recording's events are not held
// twice.
func mergeSpans(events, spans []Event, n int) []Event {
	for len(spans) > 0 && spans[len(spans)-1].Frame >= n {
		spans = spans[:len(spans)-1]
	}
	if len(spans) == 0 {
		return events
	}
	i, j := len(events), len(spans)
	events = slices.Grow(events, j)[:i+j]
	for k := len(events) - 1; j > 0; k-- {
		// The last of what is left: a span goes after the events of
		// its frame.
		if i > 0 && events[i-1].Frame > spans[j-1].Frame {
			i--
			events[k] = events[i]
		} else {
			j--
			events[k] = spans[j]
		}
	}
	return events
}

// Blocked lists, as events of kind EventBlocked, the stretches in which an
// actor moved less than minDistance metres for at least minTime seconds,
// longest first, as `viewer blocked` lists them (BlockScan). Events
// already holds the spans for CARLA's defaults (BlockedTime,
// BlockedDistance); Blocked is for other thresholds. It reads the usable
// frames of the file again: call it from a background goroutine.
func (rec *Recording) Blocked(minTime, minDistance float64) ([]Event, error) {
	return rec.blocked(BlockRule{minTime, ToUnrealLength(minDistance)})
}

// blocked is Blocked with the rule in the file's units.
func (rec *Recording) blocked(rule BlockRule) ([]Event, error) {
	scan, err := NewBlockScan(rule)
	if err != nil {
		return nil, err
	}
	end := rec.frames[len(rec.frames)-1].End
	rd, err := recorder.NewReader(io.NewSectionReader(rec.src, 0, end))
	if err != nil {
		return nil, err
	}
	for {
		var p recorder.Packet
		if p, err = rd.Next(); err != nil {
			break
		}
		scan.Apply(p)
	}
	if err == io.EOF {
		err = nil
	}
	stops := scan.Finish()
	evs := make([]Event, len(stops))
	for i := range stops {
		evs[i] = spanOf(&stops[i])
	}
	return evs, err
}
