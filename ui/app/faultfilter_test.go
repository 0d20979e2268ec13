package app

import (
	"math"
	"strings"
	"testing"

	"github.com/mm2carla/viewer/analysis/faults"
	"github.com/mm2carla/viewer/format/recorder"
	"github.com/mm2carla/viewer/internal/testrec"
	"github.com/mm2carla/viewer/render/scenedraw"
	"github.com/mm2carla/viewer/ui/input"
	"github.com/mm2carla/viewer/ui/loader"
	"github.com/mm2carla/viewer/ui/settings"
)

// faultRowsOf returns the fault list's rows as text.
func faultRowsOf(a *App) []string {
	var out []string
	for i := range a.FaultList().Len() {
		out = append(out, string(a.FaultList().Lines().Line(i)))
	}
	return out
}

// TestFaultFilter: Ctrl+K lists the hero's faults, then the selected
// actor's, then all again; each row of a collision names the other actor.
func TestFaultFilter(t *testing.T) {
	a := newLoaded(t)
	m := input.NewMapper()
	fs := a.Faults()
	count := func(id uint32) int {
		n := 0
		for i := range fs {
			if fs[i].Actor == id || fs[i].HasOther() && fs[i].Other == id {
				n++
			}
		}
		return n
	}
	all := len(faultRowsOf(a))
	if all != len(fs) || count(testrec.Hero) == 0 || count(testrec.Hero) == all {
		t.Fatalf("%d rows of %d faults, %d the hero's: the test needs some of the hero's and some not", all, len(fs), count(testrec.Hero))
	}
	ctrlK := func() {
		for _, c := range m.Update(&input.Snapshot{Ctrl: true, Held: heldKey(input.KeyK)}, nil) {
			a.Apply(c)
		}
		a.Tick()
	}
	ctrlK()
	if a.FaultFilter() != FilterHero || !a.FaultList().Open() {
		t.Fatalf("Ctrl+K: filter %v, list open %v; want the hero's, shown", a.FaultFilter(), a.FaultList().Open())
	}
	rows := faultRowsOf(a)
	if len(rows) != count(testrec.Hero) {
		t.Errorf("the hero's faults: %d rows, want %d: %q", len(rows), count(testrec.Hero), rows)
	}
	collision := ""
	for _, r := range rows {
		if strings.Contains(r, "collision") {
			collision = r
		}
	}
	if want := "with 101 audi.tt"; !strings.Contains(collision, want) {
		t.Errorf("the collision's row %q does not say %q", collision, want)
	}
	ctrlK()
	if a.FaultFilter() != FilterSelected || a.FaultList().Len() != 0 {
		t.Errorf("selected actor's, none selected: filter %v, %d rows", a.FaultFilter(), a.FaultList().Len())
	}
	a.Apply(input.FindActor(testrec.Other)) // I 101 Enter
	a.Tick()
	if got, want := a.FaultList().Len(), count(testrec.Other); got != want || want == 0 {
		t.Errorf("actor %d selected: %d rows, want %d", testrec.Other, got, want)
	}
	a.Apply(input.FaultMove(-100))
	a.Apply(input.FaultPick())
	if f := fs[a.PickedFault()]; f.Actor != testrec.Other && f.Other != testrec.Other {
		t.Errorf("Enter on the filtered list's first row went to %+v", f)
	}
	ctrlK()
	if a.FaultFilter() != FilterAll || a.FaultList().Len() != all {
		t.Errorf("third Ctrl+K: filter %v, %d rows, want all %d", a.FaultFilter(), a.FaultList().Len(), all)
	}
}

func heldKey(k input.Key) (h [input.NumKeys]int) {
	h[k] = 1
	return h
}

// TestStaticCollisionNamed: a collision with the world (id 4294967295)
// is named "the world (static)" in the fault list.
func TestStaticCollisionNamed(t *testing.T) {
	rec := testrec.BytesWith(testFrames, func(f int, p recorder.Packet) {
		if c, ok := p.(*recorder.Collisions); ok {
			for i := range c.Records {
				c.Records[i].Actor2 = faults.World
			}
		}
	})
	a := New(settings.Settings{}, nil)
	a.SetViewport(testVP)
	a.Open(loader.BytesSource("city.bai", smallMap(t)))
	a.Open(loader.BytesSource("run.log", rec))
	settle(t, a)
	found := false
	for _, r := range faultRowsOf(a) {
		if strings.Contains(r, "collision") {
			found = true
			if !strings.HasSuffix(r, "with the world (static)") {
				t.Errorf("row %q does not name the world", r)
			}
		}
	}
	if !found {
		t.Fatalf("no collision listed: %q", faultRowsOf(a))
	}
}

// TestClickFaultMark: a click on a fault's mark on the map goes to the
// fault as Enter on its row does: the clock to its start, its actor
// selected; a click away from every mark selects as before.
func TestClickFaultMark(t *testing.T) {
	a := newLoaded(t)
	fs := a.Faults()
	if len(fs) == 0 {
		t.Fatal("no faults")
	}
	// The mark drawn on top at the last fault's place.
	x, y, _, ok := a.View().WorldToScreen(fs[len(fs)-1].Location)
	if !ok || x < 0 || y < 0 || x > testVP.Width || y > testVP.Height {
		t.Fatalf("the fault's mark is off screen at %v, %v", x, y)
	}
	k, ok := scenedraw.PickFaultMark(a.View(), fs, a.PickedFault(), x+3, y-2)
	if !ok {
		t.Fatal("no mark under its own place")
	}
	a.Apply(input.Select(x+3, y-2)) // a few pixels off its centre: still on it
	a.Tick()
	if a.PickedFault() != k || a.Clock().Time() != fs[k].Start || a.Selected() != fs[k].Actor {
		t.Errorf("click on the mark of fault %d (%v of %d at %v): picked %d, time %v, selected %d",
			k, fs[k].Kind, fs[k].Actor, fs[k].Start, a.PickedFault(), a.Clock().Time(), a.Selected())
	}
	a.Apply(input.ToggleFaults())
	a.Apply(input.FaultPick()) // Enter on the cursor's row: the clicked fault
	if a.PickedFault() != k {
		t.Errorf("the list's cursor is on fault %d, want the clicked fault %d", a.PickedFault(), k)
	}
	// Far from every mark: no fault is gone to.
	a.Apply(input.ClearSelection())
	t0 := a.Clock().Time()
	a.Apply(input.Select(2, 2))
	a.Tick()
	if a.Clock().Time() != t0 {
		t.Errorf("a click away from the marks moved the clock to %v", a.Clock().Time())
	}
}

// TestFaultListRunsShown: while comparing, the fault list lists the
// faults of the runs shown: both, A's alone, B's alone.
func TestFaultListRunsShown(t *testing.T) {
	a := newComparing(t)
	m := input.NewMapper()
	nA, nB := len(a.Faults()), len(a.FaultsB())
	if nA == 0 || nB == 0 {
		t.Fatalf("%d faults in A, %d in B: the test needs both", nA, nB)
	}
	for _, want := range []struct {
		runs   Runs
		a, b   int
		keyLen int
	}{{RunsBoth, nA, nB, 0}, {RunsA, nA, 0, 1}, {RunsB, 0, nB, 1}} {
		for range want.keyLen {
			keys(a, m, false, input.KeyB)
		}
		if a.Runs() != want.runs {
			t.Fatalf("runs %v, want %v", a.Runs(), want.runs)
		}
		gotA, gotB := 0, 0
		for _, r := range faultRowsOf(a) {
			if strings.Contains(r, "\tB ") {
				gotB++
			} else {
				gotA++
			}
		}
		if gotA != want.a || gotB != want.b {
			t.Errorf("%v: %d rows of A, %d of B; want %d, %d", want.runs, gotA, gotB, want.a, want.b)
		}
	}
}

// TestPlotAB: while comparing, the selected actor's plots carry its
// match in run B on the same columns: the hero of B, 3 m aside from
// shiftFrom on, plots another lane offset than A's; without B, none.
func TestPlotAB(t *testing.T) {
	a := newComparing(t)
	a.Apply(input.FindActor(testrec.Hero))
	a.Tick()
	p := a.Plot(200)
	if p.Width() != 200 || !p.HasB() {
		t.Fatalf("plot width %d, B plotted %v", p.Width(), p.HasB())
	}
	same, apart := 0, 0
	for c := range 200 {
		sa, _, okA := p.Column(SeriesSpeed, c)
		sb, _, okB := p.ColumnB(SeriesSpeed, c)
		if okA && okB && math.Abs(sa-sb) < 0.5 {
			same++
		}
		oa, _, okA := p.Column(SeriesOffset, c)
		ob, _, okB := p.ColumnB(SeriesOffset, c)
		if okA && okB && math.Abs(oa-ob) > 2 {
			apart++
		}
	}
	if same < 80 || apart == 0 {
		t.Errorf("B's columns: %d of the same speed as A's, %d with its lane offset 2 m or more apart", same, apart)
	}
	a.CloseCompare()
	a.Tick()
	if a.Plot(200).HasB() {
		t.Error("B plotted after comparing stopped")
	}
}

// TestStepEventsRemembered: the setting of where [ and ] stop comes back
// from the settings file and goes into it.
func TestStepEventsRemembered(t *testing.T) {
	for _, on := range []bool{false, true} {
		a := New(settings.Settings{StepEvents: on}, nil)
		if a.StepEvents() != on || a.Settings().StepEvents != on {
			t.Errorf("remembered %v: StepEvents %v, saved %v", on, a.StepEvents(), a.Settings().StepEvents)
		}
	}
}
