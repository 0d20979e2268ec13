package query

import (
	"io"
	"time"

	"github.com/mm2carla/viewer/format/recorder"
	"github.com/mm2carla/viewer/scene"
)

// Defaults of CARLA's show_recorder_actors_blocked: those of scene's
// rule, which the timeline's blocked spans follow.
var (
	DefaultBlockedTime     = scene.DefaultBlockRule().MinTime     // s
	DefaultBlockedDistance = scene.DefaultBlockRule().MinDistance // cm
)

// BlockedRow is a stretch of time in which an actor stayed within the min
// distance of where it stood.
type BlockedRow struct {
	ID          uint32
	Description string        // blueprint id, "" if never created in the file
	Frame       uint64        // the frame where the stop began, as recorded
	Time        float64       // its elapsed time, s
	Duration    float64       // s: the durations of the frames it stood still
	Location    recorder.Vec3 // where it stood, cm
	End         scene.StopEnd
}

// BlockedReport is the answer of Blocked.
type BlockedReport struct {
	Summary
	MinTime     float64      // s
	MinDistance float64      // cm
	Rows        []BlockedRow // longest first
}

// Blocked finds the actors that moved less than minDistance (cm) for at
// least minTime (s), longest first, as CARLA's
// show_recorder_actors_blocked does, without its bugs (see the package
// doc). The rule is package scene's (scene.BlockScan), the one the
// timeline's blocked spans follow too: this function only feeds it the
// packets and lays out its stops. On a decode error it returns the stops
// found so far, those still running ended at the error, with the error,
// which is also in the report's Err.
func Blocked(src Source, minTime, minDistance float64) (*BlockedReport, error) {
	scan, err := scene.NewBlockScan(scene.BlockRule{MinTime: minTime, MinDistance: minDistance})
	if err != nil {
		return nil, err
	}
	r := &BlockedReport{Summary: Summary{Header: src.Header()}, MinTime: minTime, MinDistance: minDistance}
	for {
		p, ok := r.next(src)
		if !ok {
			break
		}
		scan.Apply(p)
	}
	for _, s := range scan.Finish() {
		r.Rows = append(r.Rows, BlockedRow{s.Actor, s.Blueprint, s.FrameID, s.Time, s.Duration, s.Location, s.End})
	}
	return r, r.Err
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
