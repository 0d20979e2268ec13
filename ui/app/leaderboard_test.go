package app

import (
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/mm2carla/viewer/analysis/faults"
	"github.com/mm2carla/viewer/format/recorder"
	"github.com/mm2carla/viewer/internal/drivetest"
	"github.com/mm2carla/viewer/render/scenedraw"
	"github.com/mm2carla/viewer/scene/playback"
	"github.com/mm2carla/viewer/ui/input"
	"github.com/mm2carla/viewer/ui/loader"
	"github.com/mm2carla/viewer/ui/settings"
)

// newCrossing returns an app with s showing drivetest's crossing (an
// OpenDRIVE map) and a run on it: the hero (7) drives east through the
// entry at 10 m/s while its light shows red and hits car 8 at 2 s; car 9
// (no hero) runs the same light. Without withMap, the run alone.
func newCrossing(t *testing.T, s settings.Settings, withMap bool) *App {
	t.Helper()
	lane := func(id uint32, bp, role string, x0 float64) drivetest.Vehicle {
		return drivetest.Vehicle{ID: id, Blueprint: bp, Role: role, Pose: func(t float64) (mgl64.Vec3, float64, bool) {
			return mgl64.Vec3{x0 + 10*t, -1.75, 0}, 0, true
		}}
	}
	run := drivetest.Script{Hz: 20, Seconds: 9,
		Vehicles: []drivetest.Vehicle{lane(7, "vehicle.tesla.model3", "hero", 40), lane(8, "vehicle.audi.a2", "", 10),
			lane(9, "vehicle.audi.tt", "", 20)},
		Lights: []drivetest.Light{{ID: 900, Pos: mgl64.Vec3{drivetest.CrossingEntryX - 3, -6, 0}, Yaw: -90,
			State: func(float64) recorder.LightState { return recorder.LightRed }}},
		Collisions: []drivetest.Collision{{Time: 2, Until: 2.1, A: 7, B: 8}}}
	a := New(s, nil)
	a.SetViewport(testVP)
	if withMap {
		a.Open(loader.BytesSource("crossing.xodr", []byte(drivetest.CrossingXODR)))
	}
	a.Open(loader.BytesSource("run.log", run.Bytes()))
	settle(t, a)
	if a.Association() == nil {
		t.Fatal("no association after the loads")
	}
	return a
}

// TestLeaderboardProfile: Right on the thresholds panel's first row
// switches the rules to the leaderboard's, remembered; the fault list
// then lists the hero's infractions in the leaderboard's words, Enter on
// one goes to its time with the hero selected, and the panel, the list's
// title and the status line give the penalty; Ctrl+K's selected actor is
// judged instead of the hero; stepping on comes back to our own faults.
func TestLeaderboardProfile(t *testing.T) {
	a := newCrossing(t, settings.Settings{}, true)
	if a.Rules() != RulesOwn {
		t.Fatalf("rules %v by default, want own", a.Rules())
	}
	own := a.FaultList().Lines().String()
	m := input.NewMapper()
	keys(a, m, true, input.KeyK)
	m.SetThresholds(true)
	if got := string(a.ThresholdList().Lines().Line(0)); !strings.HasPrefix(got, "rules\town") {
		t.Errorf("first row %q, want the rules", got)
	}
	gen := a.SettingsGen()
	keys(a, m, false, input.KeyRight)
	if a.Rules() != RulesLeaderboard2 || a.SettingsGen() == gen {
		t.Fatalf("Right on the rules' row: %v, settings gen %d (was %d)", a.Rules(), a.SettingsGen(), gen)
	}
	if s := a.Settings(); s.Rules != "leaderboard" || s.Leaderboard != "2.0" {
		t.Errorf("remembered rules %q edition %q", s.Rules, s.Leaderboard)
	}
	settle(t, a)
	res, err := a.Leaderboard()
	if err != nil || res == nil || res.Hero != 7 || math.Abs(res.Penalty-0.6*0.7) > 1e-9 {
		t.Fatalf("prediction %+v, %v: want the hero's, penalty 0.42", res, err)
	}
	if got := string(a.ThresholdList().Lines().Line(0)); got != "rules\tleaderboard 2.0: penalty 0.42 for 7" {
		t.Errorf("rules row %q", got)
	}
	// Early in the status line: at its end a small window cut it off.
	if st := a.StatusText().String(); !strings.Contains(st, "leaderboard 2.0: penalty 0.42 for 7  |") ||
		strings.Index(st, "leaderboard") > strings.Index(st, " actors now") {
		t.Errorf("status %q lacks the penalty before the actors", st)
	}
	keys(a, m, false, input.KeyEscape)
	m.SetThresholds(false)
	keys(a, m, false, input.KeyK)
	fl := a.FaultList()
	if !fl.Open() || fl.Len() != 2 {
		t.Fatalf("fault list open %v with %d rows:\n%s", fl.Open(), fl.Len(), fl.Lines())
	}
	if r0, r1 := string(fl.Lines().Line(0)), string(fl.Lines().Line(1)); !strings.HasSuffix(r0, "\tcollisions_vehicle  with 8 audi.a2") ||
		!strings.HasSuffix(r1, "\tred_light  light 900") {
		t.Errorf("rows %q, %q", r0, r1)
	}
	if infs := a.ListedInfractions(); len(infs) != 2 || infs[1].Time != res.Infractions[1].Time {
		t.Errorf("the timeline would mark %+v", infs)
	}
	if a.FaultRowKind(0) != faults.Collision || a.FaultRowKind(1) != faults.RedLight {
		t.Errorf("row colours by kinds %v, %v", a.FaultRowKind(0), a.FaultRowKind(1))
	}
	if title := string(a.LeaderboardText().Line(0)); title != "Leaderboard 2.0, penalty 0.42: 7's infractions  " {
		t.Errorf("title %q", title)
	}
	if empty := string(a.LeaderboardText().Line(1)); empty != "none for 7 tesla.model3" {
		t.Errorf("the line with no rows %q", empty)
	}
	m.SetList(true)
	keys(a, m, false, input.KeyDown, input.KeyEnter)
	if got, want := a.Clock().Time(), res.Infractions[1].Time; math.Abs(got-want) > 1e-9 || a.Selected() != 7 {
		t.Errorf("Enter on the red light: clock %v, selected %d; want %v and the hero", got, a.Selected(), want)
	}
	// A fault's mark on the map (our own faults') still goes to it.
	if fs := a.Faults(); len(fs) > 0 {
		a.goToFault(faultRow{i: len(fs) - 1, t: fs[len(fs)-1].Start})
		if got := a.Clock().Time(); math.Abs(got-fs[len(fs)-1].Start) > 1e-9 {
			t.Errorf("a fault mark clicked: clock %v, want %v", got, fs[len(fs)-1].Start)
		}
	} else {
		t.Error("no faults of our own in the crossing's run")
	}
	// The selected actor's: car 9 ran the light too, and hit nothing.
	a.sel.selectActor(9)
	a.Apply(input.FaultFilter()) // one Ctrl+K: "all" and "the hero's" are one judging here
	if a.FaultFilter() != FilterSelected {
		t.Fatalf("Ctrl+K under the leaderboard: filter %v, want the selected actor's", a.FaultFilter())
	}
	a.Tick() // the judging starts
	settle(t, a)
	if res, _ := a.Leaderboard(); res == nil || res.Hero != 9 || len(res.Infractions) != 1 || math.Abs(res.Penalty-0.7) > 1e-9 {
		t.Errorf("the selected car 9: %+v", res)
	}
	// A light is no vehicle: the reason shows where the penalty would.
	a.sel.selectActor(900)
	a.Tick()
	settle(t, a)
	if _, err := a.Leaderboard(); err == nil || !strings.Contains(a.LeaderboardText().String(), "no vehicle") {
		t.Errorf("a light judged: %v, text %q", err, a.LeaderboardText().String())
	}
	a.an.filter = FilterAll
	a.setRules(1)
	a.Tick()
	settle(t, a)
	if a.Rules() != RulesLeaderboard1 || !strings.HasPrefix(a.LeaderboardText().String(), "Leaderboard 1.0, penalty 0.42: 7's infractions") {
		t.Errorf("edition 1.0: %v, %q", a.Rules(), a.LeaderboardText().String())
	}
	a.setRules(1)
	a.Tick()
	settle(t, a)
	if a.Rules() != RulesOwn || a.FaultList().Lines().String() != own || a.LeaderboardText().Len() != 0 || a.ListedInfractions() != nil {
		t.Errorf("back to our own rules (%v): list\n%s\nwant\n%s", a.Rules(), a.FaultList().Lines(), own)
	}
	if s := a.Settings(); s.Rules != "" || s.Leaderboard != "" {
		t.Errorf("our own rules remembered as %q %q", s.Rules, s.Leaderboard)
	}
	if r := New(settings.Settings{Rules: "leaderboard", Leaderboard: "1.0"}, nil).Rules(); r != RulesLeaderboard1 {
		t.Errorf("remembered leaderboard 1.0 opens as %v", r)
	}
}

// TestLeaderboardNoMap: without an OpenDRIVE map the collisions are
// still judged, and the penalty says the lanes were not.
func TestLeaderboardNoMap(t *testing.T) {
	a := newCrossing(t, settings.Settings{Rules: "leaderboard", MapsDir: "off"}, false)
	res, _ := a.Leaderboard()
	if res == nil || res.LaneRules || len(res.Infractions) != 1 || !strings.Contains(a.StatusText().String(), "no OpenDRIVE map") {
		t.Errorf("without a map: %+v, status %q", res, a.StatusText().String())
	}
	if empty := string(a.LeaderboardText().Line(1)); empty != "none (no OpenDRIVE map: only collisions, blocked judged)" {
		t.Errorf("without a map, the line with no rows %q", empty)
	}
}

// TestLeaderboardTickAllocations: with the leaderboard's rules, the
// fault list listing the infractions and the status line giving the
// penalty, a playing tick allocates nothing once judged.
func TestLeaderboardTickAllocations(t *testing.T) {
	a := newCrossing(t, settings.Settings{Rules: "leaderboard"}, true)
	a.Tick()
	settle(t, a)
	a.applyFaults(faultToggle, 0)
	if res, _ := a.Leaderboard(); res == nil || !strings.Contains(a.StatusText().String(), "penalty 0.42") || a.FaultList().Len() != 2 {
		t.Fatalf("not judged: %+v\n%s", res, a.StatusText())
	}
	playingTickAllocs(t, a, " with the leaderboard's rules")
	a.applyThresholds(thToggle, 0)
	a.Tick()
	if l := a.ThresholdList(); !l.Open() || l.Len() == 0 || !strings.Contains(string(l.Lines().Line(0)), "penalty 0.42") {
		t.Fatalf("thresholds panel open %v, first row %q", l.Open(), l.Lines().Line(0))
	}
	playingTickAllocs(t, a, " with the leaderboard's rules and the thresholds panel open")
	a.sel.selectActor(7) // its panel lists its infractions
	a.Tick()
	if !strings.Contains(a.ActorPanel().String(), "infractions\t") {
		t.Fatalf("the hero's panel lists no infractions:\n%s", a.ActorPanel())
	}
	if n := testing.AllocsPerRun(100, a.Tick); n != 0 {
		t.Errorf("a playing tick with the hero's infractions in its panel allocates %v times", n)
	}
}

// TestLeaderboardStepsAndPanel: with the leaderboard's rules, [ and ]
// stop at the listed infractions (not at our own faults, nor at car 9's
// run of the light, which is no infraction of the hero's), Shift+]
// steps through the judged actor's, and the actor panel lists the
// hero's infractions in the leaderboard's words in place of its faults
// (another vehicle's says whom the leaderboard judges); back on our own
// rules, both are our faults' again.
func TestLeaderboardStepsAndPanel(t *testing.T) {
	a := newCrossing(t, settings.Settings{}, true)
	m := input.NewMapper()
	stops := func(shift bool) []float64 {
		t.Helper()
		a.Apply(input.Clock(playback.ToStart()))
		var out []float64
		for range 20 {
			before := a.Clock().Time()
			keys(a, m, shift, input.KeyBracketRight)
			if a.Clock().Time() <= before {
				break
			}
			out = append(out, a.Clock().Time())
		}
		return out
	}
	own := stops(false)
	fs := a.Faults()
	if len(fs) == 0 || !slices.Contains(own, fs[len(fs)-1].Start) {
		t.Fatalf("our own rules: ] stops at %v, not at the last fault %v", own, fs)
	}
	a.sel.selectActor(7)
	a.Tick()
	// The collision's other actor on a line of its own: beside the
	// time and the kind it ran past a small window's panel.
	if p := a.ActorPanel().String(); !strings.Contains(p, "\nfaults\t") || !strings.Contains(p, "  collision\n\t  with 8 audi.a2\n") ||
		strings.Contains(p, "infractions") {
		t.Errorf("our own rules: the panel lists no faults, its collision not as two lines, or infractions:\n%s", p)
	}

	a.setRules(1)
	a.Tick()
	settle(t, a)
	res, _ := a.Leaderboard()
	if res == nil || len(res.Infractions) != 2 {
		t.Fatalf("not judged: %+v", res)
	}
	want := []float64{res.Infractions[0].Time, res.Infractions[1].Time}
	if got := stops(false); !slices.Equal(got, want) {
		t.Errorf("the leaderboard's rules: ] stops at %v, want the infractions at %v (our own: %v)", got, want, own)
	}
	keys(a, m, false, input.KeyBracketLeft)
	if got := a.Clock().Time(); got != want[0] {
		t.Errorf("[ from the red light went to %v, want %v", got, want[0])
	}
	a.sel.selectActor(7)
	if got := stops(true); !slices.Equal(got, want) {
		t.Errorf("Shift+] of the hero stops at %v, want %v", got, want)
	}
	a.Apply(input.Clock(playback.GoTo(want[1])))
	a.Tick()
	p := a.ActorPanel().String()
	for _, line := range []string{"\ninfractions\t0:02.00  collisions_vehicle\n", "\n\t  with 8 audi.a2\n", "  red_light\n\t  light 900\n"} {
		if !strings.Contains(p, line) {
			t.Errorf("the hero's panel lacks %q:\n%s", line, p)
		}
	}
	if strings.Contains(p, "\nfaults\t") {
		t.Errorf("the hero's panel still lists our faults:\n%s", p)
	}
	a.sel.selectActor(9)
	a.Tick()
	if p := a.ActorPanel().String(); !strings.Contains(p, "\ninfractions\tjudged for 7 only\n\tCtrl+K: the selected actor's\n") || strings.Contains(p, "\nfaults\t") {
		t.Errorf("car 9's panel:\n%s", p)
	}
	keys(a, m, true, input.KeyBracketRight)
	if !noticeWith(a, Info, "judges actor 7, not 9") {
		t.Errorf("Shift+] of car 9, not judged: notices %+v", a.Notices())
	}

	a.setRules(1)
	a.setRules(1)
	a.Tick()
	if got := stops(false); !slices.Equal(got, own) {
		t.Errorf("back on our own rules: ] stops at %v, want %v", got, own)
	}
}

// TestLeaderboardStepsComparing: while comparing, with the leaderboard's
// rules, [ and ] stop at run A's listed infractions and where the runs
// first diverge, not at run B's own faults (B is not judged).
func TestLeaderboardStepsComparing(t *testing.T) {
	a := newComparing(t)
	a.setRules(1)
	a.Tick()
	settle(t, a)
	a.Tick()
	want := map[float64]bool{}
	for _, f := range a.ListedInfractions() {
		want[f.Time] = true
	}
	for _, m := range a.FirstDivergences() {
		want[m.Time] = true
	}
	if len(a.FirstDivergences()) == 0 || len(a.FaultsB()) == 0 {
		t.Fatalf("%d divergences, %d faults of B", len(a.FirstDivergences()), len(a.FaultsB()))
	}
	onlyB := 0
	for _, f := range a.FaultsB() {
		if !want[a.AClock(f.Start)] {
			onlyB++
		}
	}
	if onlyB == 0 {
		t.Fatal("every fault of B is at an infraction or a divergence: nothing to tell apart")
	}
	m := input.NewMapper()
	a.Apply(input.Clock(playback.ToStart()))
	stops := 0
	for range 50 {
		before := a.Clock().Time()
		keys(a, m, false, input.KeyBracketRight)
		now := a.Clock().Time()
		if now <= before {
			break
		}
		stops++
		if !want[now] {
			t.Errorf("] stopped at %v, neither an infraction nor a divergence (%v)", now, want)
		}
	}
	if stops == 0 {
		t.Error("] stopped nowhere")
	}
}

// TestAppendStanding: the line with no rows says when the hero was hit
// while it stood, the collision the leaderboard does not count.
func TestAppendStanding(t *testing.T) {
	for _, tt := range []struct {
		at   []float64
		want string
	}{
		{nil, "none"},
		{[]float64{46.05}, "none (hit while standing at 46.05 s: not counted)"},
		{[]float64{12, 80}, "none (hit while standing at 12.00 s and 1 more: not counted)"},
	} {
		var l Lines
		l.S("none")
		appendStanding(&l, tt.at)
		if got := string(l.End().Line(0)); got != tt.want {
			t.Errorf("%v: %q, want %q", tt.at, got, tt.want)
		}
	}
}

// TestLeaderboardMarks: the map marks what the fault list lists: our own
// faults with our own rules; with the leaderboard's, the hero's
// infractions, one mark each at its place in the colour of its row's
// kind, none current, and a click on one goes to it as Enter on its row
// does; back on our own rules, our faults again.
func TestLeaderboardMarks(t *testing.T) {
	a := newCrossing(t, settings.Settings{}, true)
	own := a.Faults()
	if fs, cur, b := a.MarkedFaults(); len(own) == 0 || len(fs) != len(own) || &fs[0] != &own[0] || cur != -1 || b {
		t.Fatalf("own rules: marks %d (current %d, B %v), want the %d faults", len(fs), cur, b, len(own))
	}
	a.setRules(1)
	a.Tick()
	settle(t, a)
	a.Tick()
	infs := a.ListedInfractions()
	fs, cur, b := a.MarkedFaults()
	if len(infs) != 2 || len(fs) != len(infs) || cur != -1 || b {
		t.Fatalf("leaderboard: %d marks (current %d, B %v) for %d infractions", len(fs), cur, b, len(infs))
	}
	for i, f := range fs {
		inf := infs[i]
		if f.Location != inf.Location || f.Start != inf.Time || f.Kind != InfractionKind(inf.Kind) || f.Kind != a.FaultRowKind(i) || f.Actor != 7 {
			t.Errorf("mark %d: %v of %d at %v, %.2f s; want %v (%v) at %v, %.2f s", i, f.Kind, f.Actor, f.Location, f.Start,
				inf.Kind, InfractionKind(inf.Kind), inf.Location, inf.Time)
		}
	}
	if fs[0].Location == own[0].Location && len(own) == len(fs) {
		t.Errorf("the marks are our faults' still: %+v", fs)
	}
	// A click on the red light's mark goes to it, its row under the cursor.
	a.cam.lookAt(fs[1].Location, faultViewDistance)
	a.Tick()
	x, y, _, ok := a.View().WorldToScreen(fs[1].Location)
	if !ok {
		t.Fatal("the red light's mark is off screen")
	}
	if i, ok := scenedraw.PickFaultMark(a.View(), fs, -1, x, y); !ok || i != 1 {
		t.Fatalf("picked mark %d, %v at the red light's place", i, ok)
	}
	a.Apply(input.Select(x, y))
	a.Tick()
	if got := a.Clock().Time(); math.Abs(got-infs[1].Time) > 1e-9 || a.Selected() != 7 || a.FaultList().Cursor() != 1 {
		t.Errorf("click on the red light's mark: clock %v, selected %d, cursor %d; want %v, 7, 1", got, a.Selected(), a.FaultList().Cursor(), infs[1].Time)
	}
	a.setRules(2) // 1.0, then our own
	a.Tick()
	settle(t, a)
	a.Tick()
	if fs, _, _ := a.MarkedFaults(); a.Rules() != RulesOwn || len(fs) != len(a.Faults()) || &fs[0] != &a.Faults()[0] {
		t.Errorf("back to our own rules (%v): %d marks, want the %d faults", a.Rules(), len(fs), len(a.Faults()))
	}
}

// TestLeaderboardMarksRunB: under the leaderboard's rules the list lists
// run A's infractions, so run B shown alone has no marks on the map (it
// had its own faults', which no row lists and no click reaches); back on
// A and B, A's infractions' marks again.
func TestLeaderboardMarksRunB(t *testing.T) {
	a := newComparing(t)
	a.cmp.setRuns(RunsB)
	a.Tick()
	settle(t, a)
	if fs, _, b := a.MarkedFaults(); len(fs) == 0 || !b {
		t.Fatalf("own rules, B alone: %d marks (B %v), want B's %d faults", len(fs), b, len(a.FaultsB()))
	}
	a.setRules(1)
	a.Tick()
	settle(t, a)
	a.Tick()
	if fs, cur, _ := a.MarkedFaults(); len(fs) != 0 || cur != -1 {
		t.Errorf("leaderboard, B alone: %d marks (current %d), want none", len(fs), cur)
	}
	a.cmp.setRuns(RunsBoth)
	a.Tick()
	settle(t, a)
	a.Tick()
	if fs, _, b := a.MarkedFaults(); b || len(fs) != len(a.ListedInfractions()) {
		t.Errorf("leaderboard, A and B: %d marks (B %v), want the %d infractions", len(fs), b, len(a.ListedInfractions()))
	}
}
