package app

import (
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/mm2carla/viewer/internal/testrec"
	"github.com/mm2carla/viewer/render/scenedraw"
	"github.com/mm2carla/viewer/scene/playback"
	"github.com/mm2carla/viewer/ui/input"
	"github.com/mm2carla/viewer/ui/loader"
	"github.com/mm2carla/viewer/ui/settings"
)

// shiftFrom is the frame from which run B's hero drives 3 m to the side.
const shiftFrom = 20

// newComparing returns an app comparing the test recording (A) with the
// same run whose hero is 3 m to the side from frame shiftFrom on (B).
func newComparing(t testing.TB) *App { return newComparingWith(t, SampleBudget) }

// newComparingWith is newComparing with the app's sample budget set.
func newComparingWith(t testing.TB, budget int64) *App {
	t.Helper()
	a := New(settings.Settings{}, nil)
	a.an.setSampleBudget(budget)
	a.SetViewport(testVP)
	a.OpenFiles([]loader.Source{
		loader.BytesSource("city.bai", smallMap(t)),
		loader.BytesSource("a.log", testrec.Bytes(testFrames)),
		loader.BytesSource("b.log", testrec.Shifted(testFrames, testrec.Hero, shiftFrom, 0, 300)),
	})
	settle(t, a)
	return a
}

func TestCompareOpensTwoRecordings(t *testing.T) {
	a := newComparing(t)
	if !a.Comparing() || a.Recording() == nil || a.CompareRecording() == nil || a.Map() == nil {
		t.Fatalf("comparing %v, A %v, B %v, map %v", a.Comparing(), a.Recording() != nil, a.CompareRecording() != nil, a.Map() != nil)
	}
	if got := a.Title(); !strings.Contains(got, "a.log vs b.log") {
		t.Errorf("title %q", got)
	}
	if got := a.StatusText().String(); !strings.Contains(got, "showing A and B") {
		t.Errorf("status %q", got)
	}
	for _, tc := range []struct {
		at, hero, other float64
	}{
		{0.5, 0, 0}, // before the shift
		{2, 3, 0},
		{4.5, 3, 0},
	} {
		a.Apply(input.Clock(playback.GoTo(tc.at)))
		a.Tick()
		if d, id, ok := a.Divergence(testrec.Hero); !ok || id != testrec.Hero || math.Abs(d-tc.hero) > 1e-3 {
			t.Errorf("at %v s: hero diverges %v m (B's %d, %v), want %v", tc.at, d, id, ok, tc.hero)
		}
		if d, _, ok := a.Divergence(testrec.Other); !ok || math.Abs(d-tc.other) > 1e-3 {
			t.Errorf("at %v s: other diverges %v m, want %v", tc.at, d, tc.other)
		}
	}
	a.sel.selectActor(testrec.Hero)
	a.Tick()
	if got := a.ActorPanel().String(); !strings.Contains(got, "vs run B\t3.00 m from B's 100") {
		t.Errorf("actor panel:\n%s", got)
	}
}

func TestCompareRunsKey(t *testing.T) {
	a := newComparing(t)
	m := input.NewMapper()
	stA, stB := a.State(), a.CompareState()
	for i, want := range []struct {
		runs        Runs
		main, ghost bool // main is A's state (else B's); a ghost is drawn
		status      string
	}{
		{RunsA, true, false, "showing A only"},
		{RunsB, false, false, "showing B only"},
		{RunsBoth, true, true, "showing A and B"},
	} {
		keys(a, m, false, input.KeyB)
		main, ghost := a.ShownStates()
		if a.Runs() != want.runs || (main == stA) != want.main || (ghost != nil) != want.ghost || (ghost != nil && ghost != stB) {
			t.Errorf("press %d: runs %v, main is A %v, ghost %v", i+1, a.Runs(), main == stA, ghost != nil)
		}
		if got := a.StatusText().String(); !strings.Contains(got, want.status) {
			t.Errorf("press %d: status %q", i+1, got)
		}
	}
}

func TestCompareOffset(t *testing.T) {
	a := newComparing(t)
	m := input.NewMapper()
	end := a.Clock().End()
	keys(a, m, false, input.KeyPeriod, input.KeyPeriod, input.KeyPeriod)
	if a.Offset() != 0.3 {
		t.Fatalf("offset %v after three presses of ., want 0.3", a.Offset())
	}
	if got := a.BTime(1); math.Abs(got-1.3) > 1e-9 {
		t.Errorf("B's time at 1 s: %v, want 1.3", got)
	}
	// The timeline spans both runs: B's start comes 0.3 s before A's.
	if got := a.Clock().Start(); math.Abs(got+0.3) > 1e-9 || a.Clock().End() != end {
		t.Errorf("clock spans %v to %v, want -0.3 to %v", got, a.Clock().End(), end)
	}
	if got := a.StatusText().String(); !strings.Contains(got, "B's clock +0.3 s") {
		t.Errorf("status %q", got)
	}
	keys(a, m, true, input.KeyComma)
	if a.Offset() != -0.7 {
		t.Errorf("offset %v after Shift+comma, want -0.7", a.Offset())
	}
	// B behind: it starts with A and ends 0.7 s after it.
	if got := a.Clock().Start(); got != 0 || math.Abs(a.Clock().End()-(end+0.7)) > 1e-9 {
		t.Errorf("clock spans %v to %v, want 0 to %v", got, a.Clock().End(), end+0.7)
	}
	// The shift moved with B: at 2.7 s B is at its own 2 s.
	a.Apply(input.Clock(playback.GoTo(2.7)))
	a.Tick()
	if st := a.CompareState(); st == nil || math.Abs(st.Time-2) > 1e-9 {
		t.Errorf("B's state at clock 2.7 s is not at its 2 s")
	}
}

func TestCompareClose(t *testing.T) {
	a := newComparing(t)
	end := a.Clock().End()
	a.SetOffset(2)
	keys(a, input.NewMapper(), true, input.KeyB)
	if a.Comparing() || a.CompareState() != nil || strings.Contains(a.Title(), " vs ") {
		t.Errorf("after Shift+B: comparing %v, title %q", a.Comparing(), a.Title())
	}
	if got := a.Clock().End(); got != end {
		t.Errorf("clock ends at %v after closing B, want A's %v", got, end)
	}
	if main, ghost := a.ShownStates(); main != a.State() || ghost != nil {
		t.Error("closed B still shown")
	}
	keys(a, input.NewMapper(), false, input.KeyB)
	if !noticeWith(a, Info, "not comparing") {
		t.Errorf("B without a run B: notices %v", a.Notices())
	}
}

// TestOpenFilesRules: what a drop or the Open dialog does with recordings.
func TestOpenFilesRules(t *testing.T) {
	rec := func(name string) loader.Source { return loader.BytesSource(name, testrec.Bytes(10)) }
	a := New(settings.Settings{}, nil)
	a.OpenFiles([]loader.Source{rec("one.log")})
	settle(t, a)
	if a.Comparing() || a.Recording() == nil {
		t.Fatal("one recording did not open alone")
	}
	if got := a.AskCompareWith(); got != "one.log" {
		t.Errorf("one recording shown: the dialog asks to compare with %q, want one.log", got)
	}
	a.OpenFiles([]loader.Source{rec("two.log")}) // not comparing: replaces
	settle(t, a)
	if a.Comparing() || !strings.Contains(a.Title(), "two.log") {
		t.Errorf("a second drop: comparing %v, title %q", a.Comparing(), a.Title())
	}
	a.OpenCompare(rec("b1.log")) // Ctrl+Shift+O, or Compare in the dialog's question
	settle(t, a)
	if got := a.AskCompareWith(); got != "" {
		t.Errorf("while comparing the dialog asks to compare with %q", got)
	}
	if got := a.Title(); !strings.Contains(got, "two.log vs b1.log") {
		t.Errorf("after OpenCompare: %q", got)
	}
	a.OpenFiles([]loader.Source{rec("b2.log")}) // comparing: replaces B
	settle(t, a)
	if got := a.Title(); !strings.Contains(got, "two.log vs b2.log") {
		t.Errorf("a drop while comparing: %q", got)
	}
	a.OpenFiles([]loader.Source{rec("x.log"), rec("y.log"), rec("z.log")}) // a new pair, the third left out
	settle(t, a)
	if got := a.Title(); !strings.Contains(got, "x.log vs y.log") {
		t.Errorf("three recordings: %q", got)
	}
	if !noticeWith(a, Warning, "z.log", "not opened") {
		t.Errorf("no warning for the third: %v", a.Notices())
	}
	b := New(settings.Settings{}, nil)
	if got := b.AskCompareWith(); got != "" {
		t.Errorf("nothing open, the dialog asks to compare with %q", got)
	}
	b.OpenCompare(rec("alone.log")) // nothing open: it is the recording
	settle(t, b)
	if b.Comparing() || b.Recording() == nil {
		t.Error("OpenCompare with nothing open did not open the recording")
	}
}

func TestCompareTickAllocations(t *testing.T) {
	a := newComparing(t)
	a.SetOffset(0.5)
	playingTickAllocs(t, a, " while comparing")
}

// TestCompareMatching: once both runs are read, actors match by
// analysis/compare's rules; the hero first diverges when B's hero moved,
// by its 3 m, which the strip peaks at; an offset moves that moment; B's
// faults are found on the map; the threshold steps and is remembered.
func TestCompareMatching(t *testing.T) {
	a := newComparing(t)
	if a.cmp.matching() == nil || a.cmp.divergence() == nil {
		t.Fatal("the runs were not matched")
	}
	if !noticeWith(a, Info, "matched 4 actors of A and B") {
		t.Errorf("notices %v", a.Notices())
	}
	marks := a.FirstDivergences()
	if len(marks) != 1 || marks[0].A != testrec.Hero || marks[0].B != testrec.Hero ||
		math.Abs(marks[0].Time-1) > 1e-9 || math.Abs(marks[0].Distance-3) > 1e-3 {
		t.Fatalf("first divergences %+v, want the hero at 1 s by 3 m", marks)
	}
	s := a.DivergenceStrip(200)
	if s == nil || math.Abs(s.Peak-3) > 1e-3 || s.Cols[0] != 0 || math.Abs(s.Cols[199]-3) > 1e-3 {
		t.Fatalf("strip %+v", s)
	}
	if again := a.DivergenceStrip(200); again != s || len(again.Cols) != 200 {
		t.Error("the strip was not kept")
	}
	// [ and ] stop at the first divergence.
	a.Apply(input.Clock(playback.ToStart()))
	for range 10 {
		a.Apply(input.Clock(playback.NextEvent()))
		if a.Clock().Time() >= 1 {
			break
		}
	}
	if got := a.Clock().Time(); math.Abs(got-1) > 1e-9 {
		t.Errorf("] stopped at %v before or past the first divergence at 1 s", got)
	}
	// B's clock 0.5 s behind: from when B starts, its hero (10 m/s) is
	// 5 m behind A's.
	a.SetOffset(-0.5)
	if m := a.FirstDivergences(); len(m) == 0 || m[0].A != testrec.Hero || math.Abs(m[0].Time-0.5) > 1e-9 ||
		math.Abs(m[0].Distance-5) > 1e-3 {
		t.Errorf("with B's clock 0.5 s behind: %+v, want the hero from 0.5 s by 5 m", m)
	}
	a.SetOffset(0)
	if got := a.AClock(a.BTime(2.2)); math.Abs(got-2.2) > 1e-9 {
		t.Errorf("AClock(BTime(2.2)) = %v", got)
	}
	if len(a.FaultsB()) == 0 {
		t.Error("no faults of B found on the map")
	}
	// New fault thresholds (their panel): B's faults are found again.
	_, assoc, _ := a.cmp.faultsOfB()
	before := a.Thresholds()
	a.an.thresholdList.cursor = 1 // the first threshold, below the rules
	a.applyThresholds(thChange, 1)
	if a.Thresholds() == before {
		t.Fatal("the thresholds did not change")
	}
	settle(t, a)
	if res, as, th := a.cmp.faultsOfB(); th != a.Thresholds() || as != assoc || res == nil {
		t.Errorf("B's faults not found again with the new thresholds")
	}
	m := input.NewMapper()
	for range 4 {
		s := &input.Snapshot{Ctrl: true}
		s.Held[input.KeyPeriod] = 1
		for _, c := range m.Update(s, nil) {
			a.Apply(c)
		}
		m.Update(&input.Snapshot{}, nil)
	}
	if got := a.DivergenceThreshold(); got != 2 || a.Settings().Divergence != 2 {
		t.Errorf("threshold %v after four Ctrl+. (remembered %v), want 2", got, a.Settings().Divergence)
	}
	a.stepDivergence(8) // 4 m: more than the hero ever diverges
	if m := a.FirstDivergences(); len(m) != 0 {
		t.Errorf("over 4 m: %+v", m)
	}
	if b := New(settings.Settings{Divergence: 2.5}, nil); b.DivergenceThreshold() != 2.5 {
		t.Errorf("remembered threshold not used: %v", b.DivergenceThreshold())
	}
	if b := New(settings.Settings{}, nil); b.DivergenceThreshold() != DefaultDivergence {
		t.Errorf("default threshold %v", b.DivergenceThreshold())
	}
}

// TestCompareSameNames: two runs named alike in two folders are named
// with their folders, in the title and in the notice that B opened.
func TestCompareSameNames(t *testing.T) {
	dir := t.TempDir()
	var srcs []loader.Source
	for _, d := range []string{"before", "after"} {
		p := filepath.Join(dir, d, "traffic.log")
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, testrec.Bytes(10), 0o644); err != nil {
			t.Fatal(err)
		}
		srcs = append(srcs, loader.FileSource(p))
	}
	a := New(settings.Settings{}, nil)
	a.OpenFiles(srcs)
	settle(t, a)
	defer a.Close()
	if got := a.Title(); !strings.Contains(got, "before/traffic.log vs after/traffic.log") {
		t.Errorf("title %q", got)
	}
	if !noticeWith(a, Info, "faults found in after/traffic.log (B)") {
		t.Errorf("the notice does not say which traffic.log B is: %+v", a.Notices())
	}
	// B's faults were counted before its town was found and again after:
	// the last count alone shows (the first said "no map").
	n := 0
	for _, x := range a.Notices() {
		if strings.Contains(x.Text, "found in after/traffic.log (B)") {
			n++
		}
	}
	if n != 1 {
		t.Errorf("%d notices count B's faults: %+v", n, a.Notices())
	}
}

// TestComparePickB: with B only, a click on B's actor selects its match
// in A (the selection is always A's); with A only, nothing is there.
func TestComparePickB(t *testing.T) {
	a := New(settings.Settings{}, nil)
	a.SetViewport(testVP)
	a.OpenFiles([]loader.Source{
		loader.BytesSource("a.log", testrec.Bytes(testFrames)),
		loader.BytesSource("b.log", testrec.Shifted(testFrames, testrec.Walker, 10, 0, -4000)), // 40 m off from 0.5 s, in front of the camera
	})
	settle(t, a)
	a.Apply(input.Clock(playback.GoTo(2)))
	a.Tick()
	w := a.CompareState().Actor(testrec.Walker)
	x, y, _, ok := a.View().WorldToScreen(w.World.Apply(w.Box.Center))
	if !ok {
		t.Fatalf("B's walker at %v is behind the camera at %v", w.World.Location, a.View().Eye)
	}
	if id, ok := a.MatchA(testrec.Walker); !ok || id != testrec.Walker {
		t.Fatalf("MatchA(walker) = %d, %v", id, ok)
	}
	for _, tc := range []struct {
		runs Runs
		want uint32
	}{{RunsA, 0}, {RunsB, testrec.Walker}} {
		a.cmp.setRuns(tc.runs)
		a.Apply(input.Select(x, y))
		if a.Selected() != tc.want {
			t.Errorf("%v: a click on B's walker selected %d, want %d", tc.runs, a.Selected(), tc.want)
		}
	}
}

// TestComparePreviewB: the start of a big run B shows while it is
// indexed, but nothing is matched on it; the whole run then takes over
// and is matched.
func TestComparePreviewB(t *testing.T) {
	a := New(settings.Settings{}, nil)
	a.SetViewport(testVP)
	a.Open(loader.BytesSource("a.log", testrec.Bytes(200)))
	settle(t, a)
	j, _ := previewJob(t, 200)
	a.cmp.start(j)
	a.showPreviewB(j) // as pollCompare does while the job runs (here it is done already)
	a.syncCompareWork()
	if !a.cmp.isPartial() || a.CompareState() == nil || a.cmp.matchRunning() {
		t.Fatalf("preview of B: partial %v, state %v, matching %v", a.cmp.isPartial(), a.CompareState() != nil, a.cmp.matchRunning())
	}
	settle(t, a)
	if a.cmp.isPartial() || a.CompareRecording() == j.Preview() || len(a.CompareRecording().Frames()) != 200 || a.cmp.matching() == nil {
		t.Errorf("whole B: partial %v, frames %d, matched %v", a.cmp.isPartial(), len(a.CompareRecording().Frames()), a.cmp.matching() != nil)
	}
}

// TestDiffList: D lists where the runs part (the hero, from 1 s, up to
// 3 m); Enter goes there and selects it; K (or Esc) closes it; without a
// run B, D says so.
func TestDiffList(t *testing.T) {
	a := newComparing(t)
	m := input.NewMapper()
	keys(a, m, false, input.KeyD)
	if !a.DiffList().Open() || a.FaultList().Open() {
		t.Fatalf("D: differences list %v, fault list %v", a.DiffList().Open(), a.FaultList().Open())
	}
	l := a.DiffList().Lines()
	if l.Len() != 1 || a.DiffRowKind(0) != DiffDiverges {
		t.Fatalf("rows %q", l.String())
	}
	if got := string(l.Line(0)); !strings.Contains(got, "up to 3.0 m  hero "+itoa(int(testrec.Hero))+" tesla.model3") {
		t.Errorf("row %q", got)
	}
	m.SetList(true)
	keys(a, m, false, input.KeyEnter)
	if math.Abs(a.Clock().Time()-1) > 1e-9 || a.Selected() != testrec.Hero {
		t.Errorf("Enter: time %v, selected %d; want 1 s and the hero", a.Clock().Time(), a.Selected())
	}
	keys(a, m, false, input.KeyK)
	if a.DiffList().Open() {
		t.Error("K in the differences list did not leave it")
	}
	a.CloseCompare()
	a.Tick()
	keys(a, m, false, input.KeyD)
	if a.DiffList().Open() || !noticeWith(a, Info, "not comparing") {
		t.Errorf("D without B: open %v, notices %v", a.DiffList().Open(), a.Notices())
	}
}

// TestFollowInBOnly: following the hero with run B alone shown, the
// camera follows B's hero (3 m aside from frame shiftFrom), not A's.
func TestFollowInBOnly(t *testing.T) {
	a := newComparing(t)
	a.startFollow(testrec.Hero)
	a.Apply(input.Clock(playback.GoTo(2)))
	a.Tick()
	onA := a.cam.topCenter()
	keys(a, input.NewMapper(), false, input.KeyB, input.KeyB) // A only, then B only
	if a.Runs() != RunsB {
		t.Fatalf("runs %v, want B only", a.Runs())
	}
	a.Tick()
	b := a.CompareState().Actor(testrec.Hero)
	want, _ := scenedraw.ChaseTarget(b)
	if got := a.cam.topCenter(); got.Sub(want).Len() > 1e-6 || got.Sub(onA).Len() < 2.9 {
		t.Errorf("following in B only at %v, want B's hero at %v (A's at %v)", got, want, onA)
	}
	a.sel.selectActor(testrec.Hero)
	a.Tick()
	h := itoa(int(testrec.Hero))
	if got := string(a.ActorPanel().Line(0)); !strings.HasPrefix(got, "Actor "+h+" of run B (A's "+h+")  (hero)") {
		t.Errorf("the panel's title in B only: %q", got)
	}
	// Its facts are B's actor's: where B's hero is, 3 m from A's.
	loc := b.World.Location
	wantLoc := "location\tx " + strconv.FormatFloat(loc[0], 'f', 2, 64) + "  y " + strconv.FormatFloat(loc[1], 'f', 2, 64)
	if !strings.Contains(a.ActorPanel().String(), wantLoc) {
		t.Errorf("B only: the panel does not say B's hero is at %q:\n%s", wantLoc, a.ActorPanel().String())
	}
	keys(a, input.NewMapper(), false, input.KeyB) // both
	if got := a.ActorPanel().String(); strings.Contains(got, wantLoc) || !strings.HasPrefix(got, "Actor "+h+"  (hero)") {
		t.Errorf("A and B: the panel is not A's hero's:\n%s", got)
	}
}

// TestCompareSampleBudget: over the budget, run B gets no fault pass and
// the runs no matching, each with a warning; B still shows (its ghosts
// match by id).
func TestCompareSampleBudget(t *testing.T) {
	a := newComparingWith(t, 1)
	if !noticeWith(a, Warning, "b.log (B)", "left out") || a.FaultsB() != nil {
		t.Errorf("B over the budget: faults %v, notices %v", a.FaultsB(), a.Notices())
	}
	if a.cmp.matching() != nil || !noticeWith(a, Warning, "not matched") {
		t.Errorf("over the budget: matched %v, notices %v", a.cmp.matching() != nil, a.Notices())
	}
	if a.CompareState() == nil {
		t.Error("run B is not shown")
	}
}

// TestFaultListListsB: while comparing, the fault list has run B's faults
// too, in time order on the clock and marked B; picking one goes to its
// start on the clock (B's offset applied) and selects the actor of A
// matched to B's, or B's own when only B shows.
func TestFaultListListsB(t *testing.T) {
	a := newComparing(t)
	fa, fb := a.Faults(), a.FaultsB()
	if len(fb) == 0 {
		t.Fatal("no faults of B found on the map")
	}
	for _, offset := range []float64{0, -0.5} {
		a.SetOffset(offset)
		a.Tick()
		lines := a.FaultList().Lines()
		if lines.Len() != len(fa)+len(fb) {
			t.Fatalf("offset %v: %d rows for %d + %d faults", offset, lines.Len(), len(fa), len(fb))
		}
		bRow, last := -1, math.Inf(-1)
		for i := range lines.Len() {
			line := string(lines.Line(i))
			at, err := playback.ParseTime(line[:strings.IndexByte(line, '\t')])
			if err != nil || at < last-0.005 {
				t.Fatalf("offset %v: row %d %q out of time order (after %v)", offset, i, line, last)
			}
			last = at
			if bRow < 0 && strings.Contains(line, "\tB "+fb[0].Kind.String()+"  "+itoa(int(fb[0].Actor))+" ") {
				bRow = i
			}
		}
		if bRow < 0 {
			t.Fatalf("offset %v: no row of B's first fault in\n%s", offset, lines)
		}
		if a.FaultRowKind(bRow) != fb[0].Kind {
			t.Errorf("row %d's kind %v, want %v", bRow, a.FaultRowKind(bRow), fb[0].Kind)
		}
		a.pickFault(bRow)
		want, ok := a.MatchA(fb[0].Actor)
		if !ok || math.Abs(a.Clock().Time()-a.AClock(fb[0].Start)) > 1e-9 || a.Selected() != want || a.PickedFault() != -1 {
			t.Errorf("offset %v: picked B's fault: time %v selected %d picked %d; want %v, %d (matched %v), -1",
				offset, a.Clock().Time(), a.Selected(), a.PickedFault(), a.AClock(fb[0].Start), want, ok)
		}
	}
	a.cmp.setRuns(RunsB)
	a.buildFaultLines()
	a.startFollow(testrec.Walker) // following another actor
	for i := range a.FaultList().Lines().Len() {
		if strings.Contains(string(a.FaultList().Lines().Line(i)), "\tB ") {
			a.pickFault(i)
			want, _ := a.MatchA(fb[0].Actor)
			if a.Selected() != fb[0].Actor || a.Following() != want {
				t.Errorf("B only: picked B's fault selected %d, following %d; want B's actor %d, followed as A's %d",
					a.Selected(), a.Following(), fb[0].Actor, want)
			}
			break
		}
	}
}

// TestPickListRow: a click on a list's row (PickListRow) goes to the row
// of the list that shows: the differences list's moment and actor while
// it shows, nothing while no list shows, a fault while the fault list
// shows.
func TestPickListRow(t *testing.T) {
	a := newComparing(t)
	a.Apply(input.Clock(playback.GoTo(0)))
	a.PickListRow(0) // no list shows
	if a.Clock().Time() != 0 || a.Selected() != 0 {
		t.Fatalf("with no list: time %v, selected %d", a.Clock().Time(), a.Selected())
	}
	a.Apply(input.ToggleDiffList())
	a.Tick()
	a.PickListRow(0)
	if math.Abs(a.Clock().Time()-1) > 1e-9 || a.Selected() != testrec.Hero || a.DiffList().Cursor() != 0 {
		t.Errorf("differences row 0: time %v, selected %d; want 1 s and the hero", a.Clock().Time(), a.Selected())
	}
	a.PickListRow(5) // past the rows: stays
	if math.Abs(a.Clock().Time()-1) > 1e-9 {
		t.Errorf("a row past the list moved the clock to %v", a.Clock().Time())
	}
	a.Apply(input.ToggleFaults()) // K in the differences list leaves it
	a.Apply(input.ToggleFaults()) // and K again lists the faults
	a.Tick()
	if a.DiffList().Open() || !a.FaultList().Open() || a.FaultList().Len() == 0 {
		t.Fatalf("K: differences %v, faults %v with %d rows", a.DiffList().Open(), a.FaultList().Open(), a.FaultList().Len())
	}
	last := a.FaultList().Len() - 1
	a.PickListRow(last)
	if a.FaultList().Cursor() != last {
		t.Errorf("fault row %d: cursor %d", last, a.FaultList().Cursor())
	}
}
