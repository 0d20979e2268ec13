package app

import (
	"strings"

	"github.com/mm2carla/viewer/analysis/fleet"
	"github.com/mm2carla/viewer/scene/playback"
)

// The runs table's recordings that could not be read whole (fleet.Run's
// Err): an unreadable one says why in its row, a cut one keeps the
// counts of its whole frames, and the table's detail line gives the
// cursor's error whole, with the file and the byte offset; and the
// wheel's scrolling of the rows.

// Failures returns how many recordings checked could not be read whole.
func (r *RunsTable) Failures() int { return r.failed }

// Cut reports whether the recording on row i was read in part: its row
// counts the whole frames before the error (Failed says why).
func (r *RunsTable) Cut(i int) bool {
	return r.Failed(i) != nil && r.rows[r.order[i]].run.Duration > 0
}

// Detail returns the line the table shows under its rows for row i: why
// its recording could not be read whole, with the file and the byte
// offset, and for a cut one what its row counts; "" for a run read whole
// or not checked yet.
func (r *RunsTable) Detail(i int) string {
	err := r.Failed(i)
	if err == nil {
		return ""
	}
	w := &r.rows[r.order[i]]
	if w.run.Duration == 0 {
		return "unreadable: " + err.Error()
	}
	return "cut: " + err.Error() + "; the row counts its first " +
		string(playback.AppendTime(nil, w.run.Duration, 1)) + ", read before the error"
}

// errAfterPath is the run's error without the path it starts with: the
// row's first cell names the file already.
func errAfterPath(run *fleet.Run) string {
	msg := run.Err.Error()
	if rest, ok := strings.CutPrefix(msg, run.Recording+": "); ok {
		return rest
	}
	return msg
}

// scrollBy scrolls the rows by rows from first, the row shown at the top
// (the wheel over the table), the cursor staying on its run.
func (r *RunsTable) scrollBy(rows, first int) { r.list.scrollBy(rows, first) }
