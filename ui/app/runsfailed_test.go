package app

import (
	"errors"
	"fmt"
	"testing"

	"github.com/mm2carla/viewer/analysis/faults"
	"github.com/mm2carla/viewer/analysis/fleet"
	"github.com/mm2carla/viewer/ui/settings"
)

// TestRunsFailedRows: a recording that could not be read at all says why
// in its row (the error without the path the row's name gives); a cut
// one keeps its counts; the detail line of each names the file and the
// byte offset, and for a cut one what its row counts.
func TestRunsFailedRows(t *testing.T) {
	r := fakeRuns()
	bad := errors.New("fleet/d.log: recorder: byte 30: the info header runs past the end of the data")
	r.add(&fleet.Run{Recording: "fleet/d.log", Err: bad, Failed: true})
	if r.Failures() != 1 || r.Detail(0) != "" || r.Cut(0) {
		t.Fatalf("a run read whole: %d failures, detail %q", r.Failures(), r.Detail(0))
	}
	if got, want := string(r.List().Lines().Line(3)), "d.log\tunreadable: recorder: byte 30: the info header runs past the end of the data"; got != want {
		t.Errorf("unreadable row = %q, want %q", got, want)
	}
	if got := r.Detail(3); got != "unreadable: "+bad.Error() || r.Cut(3) {
		t.Errorf("unreadable detail = %q (cut %v)", got, r.Cut(3))
	}
	cut := &RunsTable{}
	cut.reset("fleet")
	cut.setItems([]string{"fleet/e.log"}, "fleet")
	cut.add(&fleet.Run{Recording: "fleet/e.log", Town: "Town01", Duration: 10.9, Vehicles: 4, Faults: []fleet.Fault{{Kind: faults.OffLane.String(), Actor: 5, Start: 2}},
		Err: errors.New("fleet/e.log: recorder: byte 3000000: packet 6 (Position) runs past the end of the data"), Failed: true})
	if got, want := string(cut.List().Lines().Line(0)), "e.log\tTown01\t0:10.9\t4\t1\t1\t-\t-\t-\t-\t-\t-\t-"; got != want { // the last cell, the penalty: no hero
		t.Errorf("cut row = %q, want %q", got, want)
	}
	want := "cut: fleet/e.log: recorder: byte 3000000: packet 6 (Position) runs past the end of the data; the row counts its first 0:10.9, read before the error"
	if got := cut.Detail(0); got != want || !cut.Cut(0) || cut.Failures() != 1 {
		t.Errorf("cut detail = %q (cut %v), want %q", got, cut.Cut(0), want)
	}
}

// TestRunsWheel: the wheel scrolls the open table and leaves the cursor
// on its run; sorting brings the cursor's run back into view.
func TestRunsWheel(t *testing.T) {
	a := New(settings.Settings{}, nil)
	defer a.Close()
	r := &a.runs
	r.reset("fleet")
	var paths []string
	for i := range 30 {
		paths = append(paths, fmt.Sprintf("fleet/%02d.log", i))
	}
	r.setItems(paths, "fleet")
	a.ScrollRuns(6, 0)
	if first, _ := r.List().Scroll(10); first != 6 || r.List().Cursor() != 0 {
		t.Fatalf("wheel down: rows from %d, cursor %d; want from 6, cursor 0", first, r.List().Cursor())
	}
	a.SortRuns(RunColName) // a second time: downward, the cursor's run last
	first, shown := r.List().Scroll(10)
	if c := r.List().Cursor(); r.Path(c) != "fleet/00.log" || c < first || c >= first+shown {
		t.Errorf("after sorting the rows show from %d, the cursor on %s at %d: want the cursor's run in view", first, r.Path(c), c)
	}
	r.list.close()
	a.ScrollRuns(-6, first)
	if again, _ := r.List().Scroll(10); again != first {
		t.Errorf("a hidden table scrolled from %d to %d", first, again)
	}
}
