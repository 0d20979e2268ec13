package ui

import (
	"context"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/mm2carla/viewer/analysis/faults"
	"github.com/mm2carla/viewer/analysis/fleet"
	"github.com/mm2carla/viewer/format/bai"
	"github.com/mm2carla/viewer/sim/citygen"
	simdemo "github.com/mm2carla/viewer/sim/demo"
	"github.com/mm2carla/viewer/ui/app"
	"github.com/mm2carla/viewer/ui/input"
	"github.com/mm2carla/viewer/ui/loader"
)

// demoFleet writes n short demo runs into a new folder as `viewer demo
// --runs n --minutes 0.3` does: DIR/seed-K/{city.bai,traffic.log}, the
// city named in the recording's header, so that each run finds its map
// beside it.
func demoFleet(t *testing.T, n int) string {
	t.Helper()
	dir := t.TempDir()
	for k := 1; k <= n; k++ {
		run := filepath.Join(dir, fmt.Sprintf("seed-%d", k))
		if err := os.MkdirAll(run, 0o755); err != nil {
			t.Fatal(err)
		}
		cfg := simdemo.City(int64(k))
		m, err := citygen.Generate(cfg)
		if err != nil {
			t.Fatal(err)
		}
		mf, err := os.Create(filepath.Join(run, "city.bai"))
		if err != nil {
			t.Fatal(err)
		}
		if err := bai.Encode(mf, m); err != nil {
			t.Fatal(err)
		}
		mf.Close()
		rf, err := os.Create(filepath.Join(run, "traffic.log"))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := simdemo.Record(rf, m, simdemo.Options{Seed: int64(k), Minutes: 0.3, MapName: cfg.Name}); err != nil {
			t.Fatal(err)
		}
		rf.Close()
	}
	return dir
}

// waitFor runs Update until ok holds.
func waitFor(t *testing.T, g *Game, what string, ok func() bool) {
	t.Helper()
	deadline := time.Now().Add(90 * time.Second)
	for !ok() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		run(t, g, 1)
		time.Sleep(time.Millisecond)
	}
}

// TestWindowRunsTable: a folder of three demo runs opens the runs table,
// filled in the background with a row a run (its town, duration,
// vehicles and faults as fleet.Check finds them); Enter on a row opens
// that run at its first fault (the hero's) with its actor selected and
// followed; Backspace goes back to the same row; a click on a heading
// sorts; two runs marked open as a comparison.
func TestWindowRunsTable(t *testing.T) {
	dir := demoFleet(t, 3)
	g, sc := newTestGame(t, loader.FileSource(dir))
	a := g.App()
	rt := a.RunsTable()
	if !rt.Open() {
		t.Fatal("opening a folder did not show the runs table")
	}
	waitFor(t, g, "the runs to be checked", func() bool { return !rt.Checking() })
	if c, n := rt.Progress(); c != 3 || n != 3 || rt.List().Len() != 3 {
		t.Fatalf("progress %d of %d, %d rows; want 3 runs", c, n, rt.List().Len())
	}
	// Each row as an independent check of its recording sees it.
	want := make([]*fleet.Run, 3)
	for i := range 3 {
		p := filepath.Join(dir, fmt.Sprintf("seed-%d", i+1), "traffic.log")
		if rt.Path(i) != p {
			t.Fatalf("row %d is %s, want %s", i, rt.Path(i), p)
		}
		want[i] = fleet.Check(context.Background(), p, &fleet.Options{Thresholds: faults.Defaults()})
		cells := strings.Split(string(rt.List().Lines().Line(i)), "\t")
		if len(cells) != app.RunCols() || cells[1] != want[i].Town || cells[2] != "0:18.0" || cells[3] != fmt.Sprint(want[i].Vehicles) {
			t.Errorf("row %d = %q, want %s, 0:18.0, %d vehicles", i, cells, want[i].Town, want[i].Vehicles)
		}
		if want[i].Map == "" || len(want[i].Faults) == 0 {
			t.Fatalf("%s: map %q, %d faults: the demo should find its city and stage faults", p, want[i].Map, len(want[i].Faults))
		}
	}
	// Enter on a row: that run at its first fault, the hero's when it
	// has one, its actor selected and followed; Backspace: back to the
	// table on the same row, its results kept.
	heroSeen := false
	for row := range 3 {
		sc.key(input.KeyHome, false, false)
		for range row {
			sc.key(input.KeyDown, false, false)
		}
		sc.key(input.KeyEnter, false, false)
		drain(t, g, sc)
		waitFor(t, g, "the run to open", func() bool { return !a.LoadsRunning() })
		var first *fleet.Fault
		for _, heroOnly := range []bool{true, false} {
			for i, f := range want[row].Faults {
				if (f.Hero || !heroOnly) && (first == nil || f.Start < first.Start) {
					first = &want[row].Faults[i]
				}
			}
			if first != nil {
				break
			}
		}
		heroSeen = heroSeen || first.Hero
		t.Logf("row %d: first fault %s of actor %d (hero %v) at %v s", row, first.Kind, first.Actor, first.Hero, first.Start)
		if rt.Open() || a.RecordingPath() != rt.Path(row) {
			t.Fatalf("Enter opened %q (table open %v), want %s", a.RecordingPath(), rt.Open(), rt.Path(row))
		}
		if c := a.Clock(); c == nil || math.Abs(c.Time()-first.Start) > 0.051 {
			t.Errorf("row %d: clock at %v, want the first fault's start %v", row, a.Clock().Time(), first.Start)
		}
		if a.Selected() != first.Actor || a.Following() != first.Actor {
			t.Errorf("row %d: selected %d, following %d; want the fault's actor %d", row, a.Selected(), a.Following(), first.Actor)
		}
		sc.key(input.KeyBackspace, false, false)
		drain(t, g, sc)
		if !rt.Open() || rt.List().Cursor() != row || rt.List().Len() != 3 {
			t.Fatalf("Backspace: open %v, cursor %d, %d rows; want the table on row %d", rt.Open(), rt.List().Cursor(), rt.List().Len(), row)
		}
	}
	if !heroSeen {
		t.Error("no run's first fault was the hero's: the hero's rule went untested")
	}
	// A click on the vehicles heading sorts by it, the most first.
	hb := g.pan.runs.header
	x := (g.pan.runs.cols[app.RunColVehicles] + g.pan.runs.cols[app.RunColVehicles+1]) / 2
	sc.click(x, (hb.y0+hb.y1)/2)
	drain(t, g, sc)
	if col, desc := rt.Sort(); col != app.RunColVehicles || !desc {
		t.Errorf("click on vehicles: sorted by %d (desc %v)", col, desc)
	}
	if got := rt.Path(rt.List().Cursor()); got != want[2].Recording {
		t.Errorf("sorting moved the cursor off its run: %s", got)
	}
	// Two marked open as a comparison, the first marked as A.
	sc.key(input.KeyHome, false, false)
	sc.key(input.KeySpace, false, false)
	sc.key(input.KeyEnd, false, false)
	sc.key(input.KeySpace, false, false)
	sc.key(input.KeyEnter, false, false)
	drain(t, g, sc)
	pathA := rt.Path(0)
	waitFor(t, g, "the comparison to open", func() bool { return !a.LoadsRunning() })
	if !a.Comparing() || a.RecordingPath() != pathA || a.CompareRecording() == nil {
		t.Errorf("two marked: comparing %v, A %s; want a comparison with A %s", a.Comparing(), a.RecordingPath(), pathA)
	}
	// Back, and a click on a row opens that run alone, marks or not.
	sc.key(input.KeyBackspace, false, false)
	drain(t, g, sc)
	rb := g.pan.runs.rows
	sc.click((rb.X0+rb.X1)/2, rb.Top+float64(1-rb.First)*rb.RowH+rb.RowH/2)
	drain(t, g, sc)
	pathRow := rt.Path(1)
	waitFor(t, g, "the clicked run to open", func() bool { return !a.LoadsRunning() })
	if rt.Open() || a.Comparing() || a.RecordingPath() != pathRow {
		t.Errorf("click on row 1: table open %v, comparing %v, %s open; want %s alone", rt.Open(), a.Comparing(), a.RecordingPath(), pathRow)
	}
	sc.key(input.KeyBackspace, false, false)
	drain(t, g, sc)
	run(t, g, 2)
	if n := testing.AllocsPerRun(20, func() { run(t, g, 1) }); n > 0 {
		t.Errorf("an Update with the runs table open allocates %v times", n)
	}
	shot(t, g, "runs")
}
