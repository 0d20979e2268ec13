package app

import (
	"cmp"
	"path/filepath"
	"slices"
	"strings"

	"github.com/mm2carla/viewer/analysis/faults"
	"github.com/mm2carla/viewer/analysis/fleet"
	"github.com/mm2carla/viewer/scene/playback"
)

// The runs table: every recording in the folders opened, one a row with
// its town, duration, vehicles, faults by kind (the hero's count first)
// and the leaderboard's predicted penalty for its hero, filled in as a background job checks them (runsjob.go). It is
// sortable by any column; Enter opens a run at its first fault, Space
// marks runs and two marked ones open as a comparison.

// RunsTable is the runs table's state: the rows in the order the folders
// were walked, the order they show in (sorted), the marks, and the job
// checking them. It keeps its results when a run is opened from it, so
// that going back shows the same rows with the cursor on the same run.
type RunsTable struct {
	list    List
	folder  string   // what was opened, for the title
	rows    []runRow // in the order walked
	order   []int    // rows in the order shown
	sortCol int
	desc    bool
	marked  []int // rows marked, at most two, oldest first
	job     *runsJob
	total   int  // recordings found (-1: still walking)
	checked int  // recordings checked
	failed  int  // recordings not read whole
	dirty   bool // the lines must be rebuilt
	// pending is where the run last opened from the table goes once it
	// has loaded.
	pending *RunTarget
}

// runRow is one recording: its path and, once checked, its counts.
type runRow struct {
	path, name string
	run        *fleet.Run // nil until checked
	hero, all  []int      // faults by kind (faults.Kinds), the hero's and everyone's
	heroN, n   int
}

// The runs table's fixed columns; one per fault kind follows them, then
// the penalty (RunColPenalty).
const (
	RunColName = iota
	RunColTown
	RunColDuration
	RunColVehicles
	RunColFaults // every kind: the hero's / everyone's
	RunColKinds  // the first fault kind's column (faults.Kinds order)
)

// RunColPenalty is the last column: the infraction penalty CARLA's
// leaderboard would give the run's hero (fleet.Run.Leaderboard; "-"
// without a hero).
func RunColPenalty() int { return RunColKinds + len(faults.Kinds) }

// RunCols returns the number of columns.
func RunCols() int { return RunColPenalty() + 1 }

// worstFirst reports whether column c sorts downward when first chosen:
// the counts (the most first) but the penalty (the lowest first), and
// not the names.
func worstFirst(c int) bool { return c >= RunColDuration && c != RunColPenalty() }

// RunColTitle returns column c's heading.
func RunColTitle(c int) string {
	switch c {
	case RunColName:
		return "run"
	case RunColTown:
		return "town"
	case RunColDuration:
		return "duration"
	case RunColVehicles:
		return "vehicles"
	case RunColFaults:
		return "faults"
	case RunColPenalty():
		return "penalty"
	}
	if k := c - RunColKinds; k >= 0 && k < len(faults.Kinds) {
		return faults.Kinds[k].String()
	}
	return ""
}

// Open reports whether the table shows.
func (r *RunsTable) Open() bool { return r.list.open }

// Any reports whether a folder was opened (the table can be shown).
func (r *RunsTable) Any() bool { return r.rows != nil || r.job != nil }

// List returns the table's list: its cursor and its rows' text, one
// line a run in the order shown, cells separated by tabs.
func (r *RunsTable) List() *List { r.build(); return &r.list }

// Folder returns the name of what was opened.
func (r *RunsTable) Folder() string { return r.folder }

// Progress returns the recordings checked and found (found -1 while the
// folders are still being walked).
func (r *RunsTable) Progress() (checked, found int) { return r.checked, r.total }

// Checking reports whether the background check still runs.
func (r *RunsTable) Checking() bool { return r.job != nil }

// Sort returns the column the rows are sorted by and whether downward.
func (r *RunsTable) Sort() (col int, desc bool) { return r.sortCol, r.desc }

// Marked reports whether the run shown on row i is marked, and as which
// (1 or 2).
func (r *RunsTable) Marked(i int) int {
	if i < 0 || i >= len(r.order) {
		return 0
	}
	return slices.Index(r.marked, r.order[i]) + 1
}

// Path returns the recording on row i ("" outside the rows).
func (r *RunsTable) Path(i int) string {
	if i < 0 || i >= len(r.order) {
		return ""
	}
	return r.rows[r.order[i]].path
}

// Failed returns why the recording on row i could not be read whole,
// or nil.
func (r *RunsTable) Failed(i int) error {
	if i < 0 || i >= len(r.order) || r.rows[r.order[i]].run == nil {
		return nil
	}
	return r.rows[r.order[i]].run.Err
}

// reset starts the table afresh for folder, with no rows yet.
func (r *RunsTable) reset(folder string) {
	if r.job != nil {
		r.job.cancel()
	}
	*r = RunsTable{list: List{open: true}, folder: folder, total: -1, rows: []runRow{}, dirty: true, sortCol: r.sortCol, desc: r.desc}
}

// setItems lists the recordings found, unchecked, in the order walked.
// root is the folder their names are shown relative to.
func (r *RunsTable) setItems(paths []string, root string) {
	r.rows = r.rows[:0]
	r.order = r.order[:0]
	for i, p := range paths {
		name := p
		if rel, err := filepath.Rel(root, p); err == nil && root != "" && !strings.HasPrefix(rel, "..") {
			name = rel
		}
		r.rows = append(r.rows, runRow{path: p, name: filepath.ToSlash(name)})
		r.order = append(r.order, i)
	}
	r.total = len(paths)
	r.dirty = true
}

// add fills in the row of a checked run (by its path).
func (r *RunsTable) add(run *fleet.Run) {
	i := slices.IndexFunc(r.rows, func(w runRow) bool { return w.path == run.Recording && w.run == nil })
	if i < 0 {
		return
	}
	w := &r.rows[i]
	w.run = run
	w.hero, w.all = make([]int, len(faults.Kinds)), make([]int, len(faults.Kinds))
	for _, f := range run.Faults {
		k := kindIndex(f.Kind)
		if k < 0 {
			continue
		}
		w.all[k]++
		w.n++
		if f.Hero {
			w.hero[k]++
			w.heroN++
		}
	}
	r.checked++
	if run.Err != nil {
		r.failed++
	}
	r.dirty = true
}

// kindIndex is the index in faults.Kinds of the kind named s (-1: none).
func kindIndex(s string) int {
	return slices.IndexFunc(faults.Kinds, func(k faults.Kind) bool { return k.String() == s })
}

// sortBy sorts the rows by column c (c < 0: the one sorted by),
// downward with desc, keeping the cursor on the same run.
func (r *RunsTable) sortBy(c int, desc bool) {
	if c >= 0 && c < RunCols() {
		r.sortCol = c
	}
	r.desc = desc
	r.dirty = true
	r.list.free = false // the cursor's run stays in view
	r.build()
}

// sortStep sorts by the column steps columns to the right (left when
// negative), wrapping, in the direction of the column (names upward,
// counts downward: the worst first).
func (r *RunsTable) sortStep(steps float64) {
	n := RunCols()
	c := ((r.sortCol+int(steps))%n + n) % n
	r.sortBy(c, worstFirst(c))
}

// cmpRows compares rows x and y by the sort column; runs not checked
// yet go last whatever the direction.
func (r *RunsTable) cmpRows(x, y int) int {
	a, b := &r.rows[x], &r.rows[y]
	if c := r.sortCol; c != RunColName && (a.run == nil) != (b.run == nil) {
		if a.run == nil {
			return 1
		}
		return -1
	}
	d := 0
	switch c := r.sortCol; {
	case c == RunColName:
		d = strings.Compare(a.name, b.name)
	case a.run == nil:
		return cmp.Compare(x, y)
	case c == RunColTown:
		d = strings.Compare(a.run.Town, b.run.Town)
	case c == RunColDuration:
		d = cmp.Compare(a.run.Duration, b.run.Duration)
	case c == RunColVehicles:
		d = cmp.Compare(a.run.Vehicles, b.run.Vehicles)
	case c == RunColFaults:
		d = cmp.Or(cmp.Compare(a.heroN, b.heroN), cmp.Compare(a.n, b.n))
	case c == RunColPenalty():
		switch pa, pb := a.run.Leaderboard, b.run.Leaderboard; { // runs without a hero last whatever the direction
		case pa == nil && pb == nil:
		case pa == nil:
			return 1
		case pb == nil:
			return -1
		default:
			d = cmp.Compare(pa.Penalty, pb.Penalty)
		}
	default:
		k := c - RunColKinds
		d = cmp.Or(cmp.Compare(a.hero[k], b.hero[k]), cmp.Compare(a.all[k], b.all[k]))
	}
	if r.desc {
		d = -d
	}
	return cmp.Or(d, strings.Compare(a.name, b.name), cmp.Compare(x, y))
}

// build sorts the rows and writes their lines when they changed.
func (r *RunsTable) build() {
	if !r.dirty {
		return
	}
	r.dirty = false
	cur := -1
	if c := r.list.cursor; c < len(r.order) {
		cur = r.order[c]
	}
	if len(r.order) != len(r.rows) {
		r.order = r.order[:0]
		for i := range r.rows {
			r.order = append(r.order, i)
		}
	}
	slices.SortStableFunc(r.order, r.cmpRows)
	if cur >= 0 {
		r.list.cursor = slices.Index(r.order, cur)
	}
	l := &r.list.lines
	l.Reset()
	for _, i := range r.order {
		w := &r.rows[i]
		l.S(w.name)
		switch {
		case w.run == nil:
			l.Tab().S("checking...")
		case w.run.Err != nil && w.run.Duration == 0:
			l.Tab().S("unreadable: ").S(errAfterPath(w.run))
		default:
			town := w.run.Town
			if town == "" {
				town = "-"
			}
			l.Tab().S(town).Tab()
			l.buf = playback.AppendTime(l.buf, w.run.Duration, 1)
			l.Tab().I(int64(w.run.Vehicles)).Tab()
			appendCount(l, w.heroN, w.n)
			for k := range faults.Kinds {
				l.Tab()
				appendCount(l, w.hero[k], w.all[k])
			}
			l.Tab()
			if lr := w.run.Leaderboard; lr != nil {
				l.F(lr.Penalty, 2)
			} else {
				l.S("-")
			}
		}
		l.End()
	}
	r.list.clampCursor(len(r.order))
}

// appendCount writes a fault count, the hero's first: "1/4", "-" for
// none, "3" when the hero has none of them.
func appendCount(l *Lines, hero, all int) {
	switch {
	case all == 0:
		l.S("-")
	case hero == 0:
		l.I(int64(all))
	default:
		l.I(int64(hero)).S("/").I(int64(all))
	}
}

// mark marks the run on the cursor's row, or unmarks it; a third mark
// takes the place of the oldest.
func (r *RunsTable) mark() {
	r.build()
	c := r.list.cursor
	if c >= len(r.order) {
		return
	}
	i := r.order[c]
	if k := slices.Index(r.marked, i); k >= 0 {
		r.marked = slices.Delete(r.marked, k, k+1)
		return
	}
	if len(r.marked) == 2 {
		r.marked = r.marked[1:]
	}
	r.marked = append(r.marked, i)
}

// RunTarget is where opening a run from the table goes: the recording
// and the map it was checked with, the clock's time and the actor to
// select and follow (0: none).
type RunTarget struct {
	Path, Map string
	Time      float64
	Actor     uint32
}

// Target returns where opening the run on row i goes: its first fault,
// the hero's first when the hero has one, with that fault's actor; the
// start of the run when it has none. False while the run is unchecked.
func (r *RunsTable) Target(i int) (RunTarget, bool) {
	r.build()
	if i < 0 || i >= len(r.order) {
		return RunTarget{}, false
	}
	w := &r.rows[r.order[i]]
	if w.run == nil {
		return RunTarget{}, false
	}
	t := RunTarget{Path: w.path, Map: w.run.Map}
	first := func(hero bool) (fleet.Fault, bool) {
		var best fleet.Fault
		ok := false
		for _, f := range w.run.Faults {
			if (!hero || f.Hero) && (!ok || f.Start < best.Start) {
				best, ok = f, true
			}
		}
		return best, ok
	}
	f, ok := first(true)
	if !ok {
		f, ok = first(false)
	}
	if ok {
		t.Time, t.Actor = f.Start, f.Actor
	}
	return t, true
}

// MarkedTargets returns the two marked runs, in the order marked, when
// two are.
func (r *RunsTable) MarkedTargets() (a, b RunTarget, ok bool) {
	if len(r.marked) != 2 {
		return a, b, false
	}
	r.build()
	ta, okA := r.Target(slices.Index(r.order, r.marked[0]))
	tb, okB := r.Target(slices.Index(r.order, r.marked[1]))
	return ta, tb, okA && okB
}
