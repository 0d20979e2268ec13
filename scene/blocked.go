package scene

import (
	"io"

	"github.com/mm2carla/viewer/format/recorder"
	"github.com/mm2carla/viewer/internal/query"
)

// CARLA's defaults for Blocked: 30 s within 1 m.
const (
	BlockedTime     = query.DefaultBlockedTime // s
	BlockedDistance = 1.0                      // m
)

// Blocked lists, as timeline events of kind EventBlocked, the stretches in
// which an actor moved less than minDistance metres for at least minTime
// seconds, longest first. It is CARLA's show_recorder_actors_blocked as
// internal/query computes it, so that the timeline and `viewer blocked`
// agree. It reads the usable frames of the file once more (Open does not,
// to stay fast): call it from a background goroutine.
func (rec *Recording) Blocked(minTime, minDistance float64) ([]Event, error) {
	end := rec.frames[len(rec.frames)-1].End
	rd, err := recorder.NewReader(io.NewSectionReader(rec.src, 0, end))
	if err != nil {
		return nil, err
	}
	rep, err := query.Blocked(rd, minTime, ToUnrealLength(minDistance))
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
