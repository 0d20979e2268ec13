package query

import (
	"cmp"
	"fmt"
	"io"
	"math"
	"slices"
	"time"

	"github.com/mm2carla/viewer/format/recorder"
)

// Defaults of CARLA's show_recorder_actors_blocked.
const (
	DefaultBlockedTime     = 30.0  // s
	DefaultBlockedDistance = 100.0 // cm
)

// BlockEnd says how a blocked stretch ended.
type BlockEnd uint8

const (
	EndMoved     BlockEnd = iota // the actor moved min distance away
	EndDestroyed                 // the actor was destroyed (or created again)
	EndRecording                 // the recording ended (or stopped at an error)
)

func (e BlockEnd) String() string {
	switch e {
	case EndMoved:
		return "moved"
	case EndDestroyed:
		return "destroyed"
	}
	return "end"
}

// BlockedRow is a stretch of time in which an actor stayed within the min
// distance of where it stood.
type BlockedRow struct {
	ID          uint32
	Description string        // blueprint id, "" if never created in the file
	Frame       uint64        // the frame where the stop began
	Time        float64       // its elapsed time, s
	Duration    float64       // s: the durations of the frames it stood still
	Location    recorder.Vec3 // where it stood, cm
	End         BlockEnd
}

// BlockedReport is the answer of Blocked.
type BlockedReport struct {
	Summary
	MinTime     float64      // s
	MinDistance float64      // cm
	Rows        []BlockedRow // longest first
}

// mover is what Blocked knows of one actor.
type mover struct {
	desc     string
	anchor   recorder.Vec3 // where it last moved to
	placed   bool          // anchor is set
	stopped  bool
	frame    uint64
	start    float64
	duration float64
}

// Blocked finds the actors that moved less than minDistance (cm) for at
// least minTime (s), longest first, as CARLA's
// show_recorder_actors_blocked does, without its bugs (see the package
// doc). A stop accumulates the durations of the frames in which the actor
// stayed within minDistance of the position where it last moved to. On a
// decode error it returns the stops found so far, those still running
// ended at the error, with the error, which is also in the report's Err.
func Blocked(src Source, minTime, minDistance float64) (*BlockedReport, error) {
	if !(minTime >= 0) || !(minDistance >= 0) || math.IsInf(minTime, 0) || math.IsInf(minDistance, 0) {
		return nil, fmt.Errorf("query: blocked time and distance must be finite and not negative, not %g and %g", minTime, minDistance)
	}
	s := blockedScan{r: &BlockedReport{Summary: Summary{Header: src.Header()}, MinTime: minTime, MinDistance: minDistance},
		actors: map[uint32]*mover{}}
	for {
		p, ok := s.r.next(src)
		if !ok {
			break
		}
		switch p := p.(type) {
		case *recorder.FrameStart:
			s.frame = *p
		case *recorder.EventAdd:
			for i := range p.Actors {
				s.spawn(&p.Actors[i])
			}
		case *recorder.EventDel:
			for _, id := range p.IDs {
				s.destroy(id)
			}
		case *recorder.Positions:
			for _, pos := range p.Records {
				s.move(pos)
			}
		}
	}
	for id, m := range s.actors {
		s.end(id, m, EndRecording)
	}
	slices.SortFunc(s.r.Rows, func(a, b BlockedRow) int {
		if c := cmp.Compare(b.Duration, a.Duration); c != 0 {
			return c
		}
		if c := cmp.Compare(a.Time, b.Time); c != 0 {
			return c
		}
		return cmp.Compare(a.ID, b.ID)
	})
	return s.r, s.r.Err
}

// blockedScan is the state of one Blocked query.
type blockedScan struct {
	r      *BlockedReport
	actors map[uint32]*mover
	frame  recorder.FrameStart // the current frame
}

// end closes the stop of actor id, if any, reporting it when long enough.
func (s *blockedScan) end(id uint32, m *mover, how BlockEnd) {
	if m.stopped && m.duration >= s.r.MinTime {
		s.r.Rows = append(s.r.Rows, BlockedRow{id, m.desc, m.frame, m.start, m.duration, m.anchor, how})
	}
	m.stopped, m.duration = false, 0
}

// spawn starts a new actor; an id created again ends the old actor's stop.
func (s *blockedScan) spawn(a *recorder.ActorAdd) {
	if m := s.actors[a.ID]; m != nil {
		s.end(a.ID, m, EndDestroyed)
	}
	s.actors[a.ID] = &mover{desc: a.Description}
}

// destroy forgets the destroyed actor (CARLA forgets the last one created).
func (s *blockedScan) destroy(id uint32) {
	if m := s.actors[id]; m != nil {
		s.end(id, m, EndDestroyed)
		delete(s.actors, id)
	}
}

// move applies one position of the current frame.
func (s *blockedScan) move(pos recorder.Position) {
	m := s.actors[pos.ID]
	if m == nil { // positions of an actor never created
		m = &mover{}
		s.actors[pos.ID] = m
	}
	switch {
	case !m.placed:
		m.anchor, m.placed = pos.Location, true
	case dist(m.anchor, pos.Location) < s.r.MinDistance:
		if !m.stopped {
			m.stopped, m.frame, m.start = true, s.frame.Frame, s.frame.Elapsed
		}
		// The last frame's duration is -1 in the file: it adds nothing.
		m.duration += max(s.frame.Duration, 0)
	default:
		s.end(pos.ID, m, EndMoved)
		m.anchor = pos.Location
	}
}

// dist is the distance between two points.
func dist(a, b recorder.Vec3) float64 {
	return math.Sqrt((a.X-b.X)*(a.X-b.X) + (a.Y-b.Y)*(a.Y-b.Y) + (a.Z-b.Z)*(a.Z-b.Z))
}

// blockedColumns are the columns of CARLA's blocked table.
var blockedColumns = []column{{"Time", 8, false}, {"Id", 6, false}, {"Actor", 35, true}, {"Duration", 10, false}}

// WriteText writes CARLA's text: the header, the table, and the last
// frame's id and time (left out when the report stopped at an error).
func (r *BlockedReport) WriteText(w io.Writer, loc *time.Location) error {
	t := newTable(w, &r.Summary, loc, blockedColumns)
	for _, row := range r.Rows {
		t.row(fixed0(row.Time), itoa(row.ID), row.Description, fixed0(row.Duration))
	}
	return t.close(&r.Summary)
}

type blockedJSON struct {
	Header        headerJSON       `json:"header"`
	MinTime       num              `json:"min_time"`        // s
	MinDistanceCM num              `json:"min_distance_cm"` // cm
	Blocked       []blockedRowJSON `json:"blocked"`
	Totals        totalsJSON       `json:"totals"`
	Error         *errorJSON       `json:"error"`
}

type blockedRowJSON struct {
	ID          uint32  `json:"id"`
	Description string  `json:"description"`
	Frame       uint64  `json:"frame"`    // where the stop began
	Time        num     `json:"time"`     // s
	Duration    num     `json:"duration"` // s
	Location    vecJSON `json:"location"` // cm
	End         string  `json:"end"`      // moved, destroyed or end
}

// WriteJSON writes the report as one JSON document:
//
//	{"header": {...}, "min_time": 30, "min_distance_cm": 100,
//	 "blocked": [{"id": 175, "description": "vehicle.tesla.model3", "frame": 801,
//	   "time": 40.05, "duration": 32.5, "location": {"x": 1, "y": 2, "z": 0}, "end": "moved"}],
//	 "totals": {...}, "error": null}
func (r *BlockedReport) WriteJSON(w io.Writer, loc *time.Location) error {
	doc := blockedJSON{
		Header:        toHeader(r.Header, loc),
		MinTime:       num(r.MinTime),
		MinDistanceCM: num(r.MinDistance),
		Blocked:       make([]blockedRowJSON, len(r.Rows)),
		Totals:        toTotals(&r.Summary),
		Error:         toError(r.Err),
	}
	for i, row := range r.Rows {
		doc.Blocked[i] = blockedRowJSON{row.ID, row.Description, row.Frame, num(row.Time),
			num(row.Duration), toVec(row.Location), row.End.String()}
	}
	return writeJSON(w, doc)
}
