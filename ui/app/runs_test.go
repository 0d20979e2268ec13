package app

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/mm2carla/viewer/analysis/faults"
	"github.com/mm2carla/viewer/analysis/fleet"
	"github.com/mm2carla/viewer/analysis/leaderboard"
	"github.com/mm2carla/viewer/ui/settings"
)

// fakeRuns is a table of three checked runs and one still unchecked:
//
//	a: Town01, 60 s, 10 vehicles; the hero's red-light at 9 s, a
//	   collision of actor 7 at 4 s; the leaderboard's penalty 0.7
//	b: Town02, 30 s, 30 vehicles; off-lane of 5 at 2 s, of 6 at 1 s;
//	   no hero
//	c: Town03, 90 s, 20 vehicles, no faults; penalty 1
//	d: not checked yet
func fakeRuns() *RunsTable {
	r := &RunsTable{}
	r.reset("fleet")
	r.setItems([]string{"fleet/a.log", "fleet/b.log", "fleet/c.log", "fleet/d.log"}, "fleet")
	r.add(&fleet.Run{Recording: "fleet/c.log", Town: "Town03", Duration: 90, Vehicles: 20, Map: "c.xodr",
		Leaderboard: &leaderboard.Result{Penalty: 1}})
	r.add(&fleet.Run{Recording: "fleet/a.log", Town: "Town01", Duration: 60, Vehicles: 10, Map: "a.xodr",
		Leaderboard: &leaderboard.Result{Penalty: 0.7}, Faults: []fleet.Fault{
			{Kind: faults.Collision.String(), Actor: 7, Start: 4},
			{Kind: faults.RedLight.String(), Actor: 3, Hero: true, Start: 9},
		}})
	r.add(&fleet.Run{Recording: "fleet/b.log", Town: "Town02", Duration: 30, Vehicles: 30, Faults: []fleet.Fault{
		{Kind: faults.OffLane.String(), Actor: 5, Start: 2},
		{Kind: faults.OffLane.String(), Actor: 6, Start: 1},
	}})
	return r
}

// shown returns the runs' names in the order the table shows them.
func shown(r *RunsTable) string {
	var names []string
	l := r.List()
	for i := range l.Len() {
		line := string(l.Lines().Line(i))
		name, _, _ := strings.Cut(line, "\t")
		names = append(names, strings.TrimSuffix(name, ".log"))
	}
	return strings.Join(names, " ")
}

func TestRunsRows(t *testing.T) {
	r := fakeRuns()
	if c, n := r.Progress(); c != 3 || n != 4 {
		t.Fatalf("Progress = %d of %d, want 3 of 4", c, n)
	}
	l := r.List()
	want := []string{
		"a.log\tTown01\t1:00.0\t10\t1/2\t-\t-\t1/1\t-\t-\t1\t-\t0.70",
		"b.log\tTown02\t0:30.0\t30\t2\t2\t-\t-\t-\t-\t-\t-\t-",
		"c.log\tTown03\t1:30.0\t20\t-\t-\t-\t-\t-\t-\t-\t-\t1.00",
		"d.log\tchecking...",
	}
	if l.Len() != len(want) {
		t.Fatalf("%d rows, want %d:\n%s", l.Len(), len(want), l.Lines())
	}
	for i, w := range want {
		if got := string(l.Lines().Line(i)); got != w {
			t.Errorf("row %d = %q, want %q", i, got, w)
		}
	}
	if RunCols() != RunColKinds+len(faults.Kinds)+1 || RunColTitle(RunColKinds) != faults.Kinds[0].String() ||
		RunColTitle(RunCols()-1) != "penalty" {
		t.Errorf("columns: %d, kind heading %q, last %q", RunCols(), RunColTitle(RunColKinds), RunColTitle(RunCols()-1))
	}
	// The penalty sorts the worst (lowest) first when chosen, the counts
	// the most first.
	a := New(settings.Settings{}, nil)
	a.runs = *fakeRuns()
	for _, tt := range []struct {
		c    int
		want bool
	}{{RunColPenalty(), false}, {RunColFaults, true}, {RunColName, false}} { // not the name first: it is sorted by
		c, want := tt.c, tt.want
		a.SortRuns(c)
		if col, desc := a.RunsTable().Sort(); col != c || desc != want {
			t.Errorf("a click on %s sorts %d downward %v, want downward %v", RunColTitle(c), col, desc, want)
		}
	}
}

func TestRunsSortEveryColumn(t *testing.T) {
	// Upward; the unchecked run d last whatever the direction (but by
	// its name in the name column).
	up := map[int]string{
		RunColName:      "a b c d",
		RunColTown:      "a b c d",
		RunColDuration:  "b a c d",
		RunColVehicles:  "a c b d",
		RunColFaults:    "c b a d", // the hero's first: a has one, b none
		RunColPenalty(): "a c b d", // b has no hero: last but for the unchecked
	}
	down := map[int]string{
		RunColName:      "d c b a",
		RunColTown:      "c b a d",
		RunColDuration:  "c a b d",
		RunColVehicles:  "b c a d",
		RunColFaults:    "a b c d",
		RunColPenalty(): "c a b d",
	}
	for k, kind := range faults.Kinds {
		c := RunColKinds + k
		switch kind {
		case faults.OffLane:
			up[c], down[c] = "a c b d", "b a c d"
		case faults.RedLight:
			up[c], down[c] = "b c a d", "a b c d"
		case faults.Collision:
			up[c], down[c] = "b c a d", "a b c d"
		default:
			up[c], down[c] = "a b c d", "a b c d" // ties keep the names' order
		}
	}
	for c := range RunCols() {
		r := fakeRuns()
		r.sortBy(c, false)
		if got := shown(r); got != up[c] {
			t.Errorf("column %s upward: %s, want %s", RunColTitle(c), got, up[c])
		}
		r.sortBy(c, true)
		if got := shown(r); got != down[c] {
			t.Errorf("column %s downward: %s, want %s", RunColTitle(c), got, down[c])
		}
	}
}

func TestRunsSortKeepsCursorOnRun(t *testing.T) {
	r := fakeRuns()
	r.List().move(1, 4) // b
	r.sortBy(RunColVehicles, true)
	if got := r.Path(r.List().Cursor()); got != "fleet/b.log" {
		t.Errorf("cursor on %s after sorting, want fleet/b.log", got)
	}
	r.sortStep(1) // faults, downward
	if col, desc := r.Sort(); col != RunColFaults || !desc {
		t.Errorf("Sort = %d %v, want faults downward", col, desc)
	}
	r.sortStep(-2)
	if col, desc := r.Sort(); col != RunColDuration || !desc {
		t.Errorf("Sort = %d %v, want duration downward", col, desc)
	}
	r.sortStep(-3) // wraps round to the last kind
	if col, _ := r.Sort(); col != RunCols()-1 {
		t.Errorf("Sort = %d, want the last column %d", col, RunCols()-1)
	}
}

func TestRunsMarkTwo(t *testing.T) {
	r := fakeRuns()
	if _, _, ok := r.MarkedTargets(); ok {
		t.Fatal("targets with nothing marked")
	}
	r.mark() // a
	r.List().move(2, 4)
	r.mark() // c
	if r.Marked(0) != 1 || r.Marked(2) != 2 || r.Marked(1) != 0 {
		t.Errorf("marks = %d %d %d, want 1 0 2", r.Marked(0), r.Marked(1), r.Marked(2))
	}
	a, b, ok := r.MarkedTargets()
	if !ok || a.Path != "fleet/a.log" || b.Path != "fleet/c.log" {
		t.Fatalf("MarkedTargets = %v %v %v, want a then c", a, b, ok)
	}
	r.List().move(-1, 4)
	r.mark() // b: a third takes the oldest's place
	if r.Marked(0) != 0 || r.Marked(2) != 1 || r.Marked(1) != 2 {
		t.Errorf("after a third mark: %d %d %d, want 0 2 1", r.Marked(0), r.Marked(1), r.Marked(2))
	}
	r.mark() // b again: unmarked
	if _, _, ok := r.MarkedTargets(); ok || r.Marked(2) != 1 {
		t.Errorf("unmarking left two marks")
	}
	// The marks stay on their runs when the order changes.
	r.sortBy(RunColName, true)
	if i := slices.Index([]string{r.Path(0), r.Path(1), r.Path(2), r.Path(3)}, "fleet/c.log"); r.Marked(i) != 1 {
		t.Errorf("mark lost by sorting")
	}
}

func TestRunsTarget(t *testing.T) {
	r := fakeRuns()
	tests := []struct {
		row  int
		want RunTarget
		ok   bool
	}{
		// The hero's red-light at 9 s, not the earlier collision.
		{0, RunTarget{Path: "fleet/a.log", Map: "a.xodr", Time: 9, Actor: 3}, true},
		// No hero: the earliest fault, though listed second.
		{1, RunTarget{Path: "fleet/b.log", Time: 1, Actor: 6}, true},
		// No fault: the start, nobody selected.
		{2, RunTarget{Path: "fleet/c.log", Map: "c.xodr"}, true},
		{3, RunTarget{}, false}, // unchecked
		{4, RunTarget{}, false},
	}
	for _, tt := range tests {
		got, ok := r.Target(tt.row)
		if got != tt.want || ok != tt.ok {
			t.Errorf("Target(%d) = %+v %v, want %+v %v", tt.row, got, ok, tt.want, tt.ok)
		}
	}
}

func TestRunsCommands(t *testing.T) {
	a := New(settings.Settings{}, nil)
	defer a.Close()
	a.applyRuns(runsToggle, 0)
	if a.RunsTable().Open() {
		t.Fatal("the table opened with no folder")
	}
	a.runs = *fakeRuns()
	a.runs.list.open = true
	a.applyRuns(runsMove, 1)
	a.applyRuns(runsMark, 0)
	if a.runs.Marked(1) != 1 {
		t.Error("Space did not mark the cursor's run")
	}
	a.SortRuns(RunColVehicles) // downward: b c a d
	a.SortRuns(RunColVehicles) // upward: a c b d
	if got := shown(&a.runs); got != "a c b d" {
		t.Errorf("two clicks on vehicles: %s, want a c b d", got)
	}
	a.applyRuns(runsReverse, 0)
	if got := shown(&a.runs); got != "b c a d" {
		t.Errorf("reversed: %s, want b c a d", got)
	}
	a.applyRuns(runsToggle, 0)
	if a.RunsTable().Open() {
		t.Error("Esc left the table open")
	}
	a.applyRuns(runsToggle, 0)
	if !a.RunsTable().Open() || a.RunsTable().List().Len() != 4 {
		t.Error("going back did not show the same rows")
	}
}

// TestRunsMapSource: a run's map opens with it as its file, but a town
// built in, which the check names by its file name alone, is left to the
// recording's own town search (opening "Town05.xodr" as a file failed).
func TestRunsMapSource(t *testing.T) {
	a := New(settings.Settings{}, nil)
	dir := t.TempDir()
	file := filepath.Join(dir, "Town05.xodr")
	if err := os.WriteFile(file, []byte("<OpenDRIVE/>"), 0o644); err != nil {
		t.Fatal(err)
	}
	if src := a.mapSource(file); len(src) != 1 || src[0].Path != file {
		t.Errorf("a map file: %+v", src)
	}
	if src := a.mapSource("Town05.xodr"); src != nil {
		t.Errorf("a built-in town's name: %+v, want none (the town search finds it)", src)
	}
	if src := a.mapSource(""); src != nil {
		t.Errorf("no map: %+v", src)
	}
}
