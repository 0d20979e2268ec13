package app

import (
	"bytes"
	"context"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/mm2carla/viewer/analysis/faults"
	"github.com/mm2carla/viewer/analysis/lanes"
	"github.com/mm2carla/viewer/format/bai"
	"github.com/mm2carla/viewer/internal/drivetest"
	"github.com/mm2carla/viewer/scene"
	"github.com/mm2carla/viewer/scene/playback"
	"github.com/mm2carla/viewer/ui/input"
	"github.com/mm2carla/viewer/ui/loader"
	"github.com/mm2carla/viewer/ui/settings"
)

// faultyDrive is a recording on drivetest's city where vehicle 1 drives
// lane B0 at 8 m/s and drifts 1.8 m left of it from 3 s to 5 s (an
// off-lane fault), and vehicle 2 follows it in lane B1; they are
// recorded colliding at 7 s.
func faultyDrive() (mapBytes, logBytes []byte) {
	bm := drivetest.City()
	sm := scene.NewMap(bm)
	r := drivetest.Through(sm)
	b0, b1 := drivetest.Lane(sm, r, true, 0), drivetest.Lane(sm, r, true, 1)
	drive := func(id uint32, p drivetest.Path, lat func(t float64) float64) drivetest.Vehicle {
		return drivetest.Vehicle{ID: id, Blueprint: "vehicle.tesla.model3", Pose: func(t float64) (mgl64.Vec3, float64, bool) {
			pos, yaw := p.At(5+8*t, lat(t))
			return pos, yaw, true
		}}
	}
	s := drivetest.Script{Hz: 20, Seconds: 9, Vehicles: []drivetest.Vehicle{
		drive(1, b0, func(t float64) float64 {
			if t >= 3 && t <= 5 {
				return 1.8
			}
			return 0
		}),
		drive(2, b1, func(float64) float64 { return 0 }),
	}, Collisions: []drivetest.Collision{{Time: 7, A: 1, B: 2}}}
	var mb bytes.Buffer
	if err := bai.Encode(&mb, bm); err != nil {
		panic(err)
	}
	return mb.Bytes(), s.Bytes()
}

// newFaulty returns an app showing faultyDrive with its faults found.
func newFaulty(t testing.TB) *App {
	t.Helper()
	mb, lb := faultyDrive()
	a := New(settings.Settings{}, nil)
	a.SetViewport(testVP)
	a.Open(loader.BytesSource("drive.bai", mb))
	a.Open(loader.BytesSource("drive.log", lb))
	settle(t, a)
	if a.Association() == nil {
		t.Fatal("no association after the loads")
	}
	return a
}

func faultOf(a *App, k faults.Kind) (int, *faults.Fault) {
	for i, f := range a.Faults() {
		if f.Kind == k {
			return i, &a.Faults()[i]
		}
	}
	return -1, nil
}

// TestFaultsFound: the pass runs after the loads and finds the drift and
// the collision; the list's lines say their time, kind and actor.
func TestFaultsFound(t *testing.T) {
	a := newFaulty(t)
	_, off := faultOf(a, faults.OffLane)
	_, col := faultOf(a, faults.Collision)
	if off == nil || col == nil {
		t.Fatalf("faults %+v: want an off-lane and a collision", a.Faults())
	}
	if off.Actor != 1 || math.Abs(off.Start-3) > 0.3 {
		t.Errorf("off-lane %+v: want actor 1 from about 3 s", off)
	}
	if !noticeWith(a, Info, "faults found in drive.log") {
		t.Errorf("no notice of the faults found: %+v", a.Notices())
	}
	fl := a.FaultList().Lines()
	if fl.Len() != len(a.Faults()) {
		t.Fatalf("%d list lines for %d faults", fl.Len(), len(a.Faults()))
	}
	if s := fl.String(); !strings.Contains(s, "off-lane  1 tesla.model3") {
		t.Errorf("list lines:\n%s", s)
	}
}

// TestBracketsStepToFaults: ] from the start stops at the off-lane
// fault's start (the recording has no other event before it).
func TestBracketsStepToFaults(t *testing.T) {
	a := newFaulty(t)
	_, off := faultOf(a, faults.OffLane)
	a.Apply(input.Clock(playback.NextEvent()))
	if got := a.Clock().Time(); math.Abs(got-off.Start) > 1e-9 {
		// A spawn at the first frame may come first; step once more.
		a.Apply(input.Clock(playback.NextEvent()))
		if got = a.Clock().Time(); math.Abs(got-off.Start) > 1e-9 {
			t.Errorf("] went to %v, want the fault at %v", got, off.Start)
		}
	}
}

// TestFaultListPick: K opens the list, Down moves the cursor, Enter goes
// to the fault: the clock at its start, its actor selected; a click on a
// row does the same.
func TestFaultListPick(t *testing.T) {
	a := newFaulty(t)
	m := input.NewMapper()
	keys(a, m, false, input.KeyK)
	if !a.FaultList().Open() {
		t.Fatal("K did not open the fault list")
	}
	ci, col := faultOf(a, faults.Collision)
	m.SetList(true)
	for range ci {
		keys(a, m, false, input.KeyDown)
	}
	if a.FaultList().Cursor() != ci {
		t.Fatalf("cursor at %d, want %d", a.FaultList().Cursor(), ci)
	}
	if a.Clock().Speed() != 1 {
		t.Errorf("Down in the list changed the speed to %v", a.Clock().Speed())
	}
	keys(a, m, false, input.KeyEnter)
	if a.Clock().Time() != col.Start || a.Selected() != col.Actor || a.PickedFault() != ci {
		t.Errorf("Enter: time %v selected %d picked %d; want %v, %d, %d",
			a.Clock().Time(), a.Selected(), a.PickedFault(), col.Start, col.Actor, ci)
	}
	oi, off := faultOf(a, faults.OffLane)
	a.PickListRow(oi) // a click on the row (the window hit-tests it)
	if a.Clock().Time() != off.Start || a.Selected() != off.Actor {
		t.Errorf("row %d picked: time %v selected %d; want %v, %d", oi, a.Clock().Time(), a.Selected(), off.Start, off.Actor)
	}
	keys(a, m, false, input.KeyEscape)
	if a.FaultList().Open() {
		t.Error("Esc did not close the list")
	}
}

func TestListBoxRow(t *testing.T) {
	b := ListBox{X0: 10, X1: 110, Top: 50, RowH: 20, First: 5, N: 3}
	for _, c := range []struct {
		x, y float64
		row  int
		ok   bool
	}{
		{10, 50, 5, true}, {109, 69.9, 5, true}, {50, 70, 6, true}, {50, 109.9, 7, true},
		{50, 110, 0, false}, {50, 49, 0, false}, {9, 60, 0, false}, {110, 60, 0, false},
	} {
		if r, ok := b.Row(c.x, c.y); r != c.row || ok != c.ok {
			t.Errorf("Row(%v, %v) = %d, %v; want %d, %v", c.x, c.y, r, ok, c.row, c.ok)
		}
	}
	if _, ok := (ListBox{}).Row(0, 0); ok {
		t.Error("an empty box has rows")
	}
}

func TestPlotAreaTimeAt(t *testing.T) {
	p := PlotArea{X0: 100, Y0: 400, X1: 300, Y1: 500, Start: 10, End: 30}
	for _, c := range []struct {
		x, y, t float64
		ok      bool
	}{
		{100, 400, 10, true}, {200, 450, 20, true}, {300, 500, 30, true},
		{99, 450, 0, false}, {301, 450, 0, false}, {200, 399, 0, false}, {200, 501, 0, false},
	} {
		if got, ok := p.TimeAt(c.x, c.y); ok != c.ok || (ok && math.Abs(got-c.t) > 1e-9) {
			t.Errorf("TimeAt(%v, %v) = %v, %v; want %v, %v", c.x, c.y, got, ok, c.t, c.ok)
		}
	}
	if _, ok := (PlotArea{}).TimeAt(0, 0); ok {
		t.Error("the zero area is on the plots")
	}
}

// TestPlotColumns: the selected vehicle's plot has its speed (28.8 km/h)
// in every column it lived in but where it steps sideways, and its offset reaches the drift.
func TestPlotColumns(t *testing.T) {
	a := newFaulty(t)
	if a.Plot(100).Width() != 0 {
		t.Error("a plot with nothing selected")
	}
	a.sel.selectActor(1)
	p := a.Plot(90)
	if p.Width() != 90 {
		t.Fatalf("width %d", p.Width())
	}
	for c := 5; c < 85; c++ {
		if c >= 28 && c <= 32 || c >= 48 && c <= 52 {
			continue // the drift's steps (a column is 0.1 s): a jump sideways
		}
		lo, hi, ok := p.Column(SeriesSpeed, c)
		if !ok || math.Abs(lo-28.8) > 1.5 || math.Abs(hi-28.8) > 1.5 {
			t.Fatalf("speed column %d: %v..%v, %v", c, lo, hi, ok)
		}
	}
	if p.Max[SeriesOffset] < 1.7 {
		t.Errorf("offset range %v..%v misses the 1.8 m drift", p.Min[SeriesOffset], p.Max[SeriesOffset])
	}
	if a.Plot(90) != p || p.track == nil {
		t.Error("plot not kept")
	}
}

// TestPlotNotes: without a map the lane plots say so instead of a range
// (they showed "-Inf to +Inf"), keep finite bands, and the speed plot is
// as with a map; with the map every series has its range.
func TestPlotNotes(t *testing.T) {
	a := newFaulty(t)
	a.sel.selectActor(1)
	withMap := *a.Plot(90)
	for s := range NumSeries {
		if n := withMap.Note(s); n != "" {
			t.Errorf("with the map, %v notes %q", s, n)
		}
	}
	rec := a.Recording()
	as, err := lanes.Associate(context.Background(), rec, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	var p Plot
	tr := &as.Tracks[as.TracksOf(1)[0]]
	p.build(tr, 90, rec.Times()[0], rec.Duration(), false)
	for s, want := range map[Series]string{SeriesSpeed: "", SeriesOffset: "no map open", SeriesHeading: "no map open"} {
		if got := p.Note(s); got != want {
			t.Errorf("without a map, %v notes %q, want %q", s, got, want)
		}
		if math.IsInf(p.Min[s], 0) || math.IsInf(p.Max[s], 0) || !(p.Min[s] < p.Max[s]) {
			t.Errorf("without a map, %v spans %v to %v", s, p.Min[s], p.Max[s])
		}
	}
	if p.Max[SeriesSpeed] != withMap.Max[SeriesSpeed] {
		t.Errorf("speed range %v without the map, %v with it", p.Max[SeriesSpeed], withMap.Max[SeriesSpeed])
	}
}

// TestActorPanelLanes: the actor panel says the lane, and lists the
// actor's faults.
func TestActorPanelLanes(t *testing.T) {
	a := newFaulty(t)
	a.sel.selectActor(1)
	a.Apply(input.Clock(playback.GoTo(1)))
	a.Tick()
	s := a.ActorPanel().String()
	for _, want := range []string{"lane\troad ", " side B lane 0\n\toffset +0.0", " m\n\theading error 0 deg", "faults\t", "off-lane"} {
		if !strings.Contains(s, want) {
			t.Errorf("actor panel lacks %q:\n%s", want, s)
		}
	}
}

// TestTrailSteps: - and = step the trail length within its steps, and it
// is remembered.
func TestTrailSteps(t *testing.T) {
	a := New(settings.Settings{Trail: 21}, nil)
	if a.Trail() != 20 {
		t.Fatalf("trail %v from the remembered 21, want the nearest step 20", a.Trail())
	}
	gen := a.SettingsGen()
	for range 5 {
		a.Apply(input.TrailLength(1))
	}
	if a.Trail() != 60 || a.SettingsGen() == gen || a.Settings().Trail != 60 {
		t.Errorf("trail %v after stepping up, want 60 remembered", a.Trail())
	}
	for range 9 {
		a.Apply(input.TrailLength(-1))
	}
	if a.Trail() != 2 {
		t.Errorf("trail %v after stepping down, want 2", a.Trail())
	}
}

// TestThresholdSettings: remembered thresholds replace the defaults, and
// every threshold is saved by its flag's name.
func TestThresholdSettings(t *testing.T) {
	a := New(settings.Settings{Thresholds: map[string]float64{"off-lane": 1.5, "close-call-ttc": 0.7}}, nil)
	th := a.Thresholds()
	want := faults.Defaults()
	want.OffLane, want.CloseCallTTC = 1.5, 0.7
	if th != want {
		t.Errorf("thresholds %+v, want %+v", th, want)
	}
	s := a.Settings().Thresholds
	if len(s) != 13 || s["off-lane"] != 1.5 || s["wrong-way-angle"] != 120 || s["collision-merge"] != 5 {
		t.Errorf("saved thresholds %v", s)
	}
}

// TestSampleBudget: a recording whose vehicle samples would exceed the
// budget gets no lane pass, and a warning says why and how much; within
// it the pass runs.
func TestSampleBudget(t *testing.T) {
	mb, lb := faultyDrive()
	for _, tc := range []struct {
		budget int64
		pass   bool
	}{{10, false}, {SampleBudget, true}} {
		a := New(settings.Settings{}, nil)
		a.an.setSampleBudget(tc.budget)
		a.SetViewport(testVP)
		a.Open(loader.BytesSource("drive.bai", mb))
		a.Open(loader.BytesSource("drive.log", lb))
		settle(t, a)
		if got := a.Association() != nil; got != tc.pass {
			t.Errorf("budget %d: pass ran %v, want %v", tc.budget, got, tc.pass)
		}
		if warned := noticeWith(a, Warning, "drive.log", "left out", "vehicle samples"); warned == tc.pass {
			t.Errorf("budget %d: warning %v; notices %v", tc.budget, warned, a.Notices())
		}
	}
}

// TestActorPanelAhead: the actor panel names the vehicle ahead in the
// lane, the gap to it and the time until it closes.
func TestActorPanelAhead(t *testing.T) {
	bm := drivetest.City()
	sm := scene.NewMap(bm)
	b0 := drivetest.Lane(sm, drivetest.Through(sm), true, 0)
	drive := func(id uint32, s0, v float64) drivetest.Vehicle {
		return drivetest.Vehicle{ID: id, Blueprint: "vehicle.tesla.model3", Pose: func(t float64) (mgl64.Vec3, float64, bool) {
			pos, yaw := b0.At(s0+v*t, 0)
			return pos, yaw, true
		}}
	}
	s := drivetest.Script{Hz: 20, Seconds: 4, Vehicles: []drivetest.Vehicle{drive(1, 25, 4), drive(2, 5, 8)}}
	var mb bytes.Buffer
	if err := bai.Encode(&mb, bm); err != nil {
		t.Fatal(err)
	}
	a := New(settings.Settings{}, nil)
	a.SetViewport(testVP)
	a.Open(loader.BytesSource("drive.bai", mb.Bytes()))
	a.Open(loader.BytesSource("drive.log", s.Bytes()))
	settle(t, a)
	a.sel.selectActor(2)
	a.Apply(input.Clock(playback.GoTo(1)))
	a.Tick()
	// At 1 s: 29 - 13 - 4.5 = 11.5 m, closing at 4 m/s.
	if p := a.ActorPanel().String(); !strings.Contains(p, "ahead\t1 vehicle.tesla.model3\n\tgap 11.5 m, 2.9 s to collision") {
		t.Errorf("actor panel of the follower:\n%s", p)
	}
	a.sel.selectActor(1)
	a.Tick()
	if p := a.ActorPanel().String(); strings.Contains(p, "\nahead\t") {
		t.Errorf("a vehicle ahead of the leader:\n%s", p)
	}
	// Playing with the follower selected, the line built every tick
	// allocates nothing.
	a.sel.selectActor(2)
	a.Apply(input.Clock(playback.ToggleLoop()))
	a.Apply(input.Clock(playback.Play()))
	for range 100 {
		a.Tick()
	}
	if n := testing.AllocsPerRun(100, a.Tick); n != 0 {
		t.Errorf("a playing tick with the vehicle ahead shown allocates %v times", n)
	}
}

// TestActorFaultSteps: Shift+] and Shift+[ step through the selected
// actor's faults only, and say when there is none further.
func TestActorFaultSteps(t *testing.T) {
	a := newFaulty(t)
	var starts []float64
	for _, i := range a.ActorFaults(1, nil) {
		starts = append(starts, a.Faults()[i].Start)
	}
	starts = slices.Compact(starts) // two faults at one moment are one stop
	if len(starts) < 2 {
		t.Fatalf("actor 1's faults start at %v; want the drift and the collision", starts)
	}
	m := input.NewMapper()
	keys(a, m, true, input.KeyBracketRight)
	if !noticeWith(a, Info, "select an actor first") || a.Clock().Time() != 0 {
		t.Errorf("no actor selected: time %v, notices %v", a.Clock().Time(), a.Notices())
	}
	a.sel.selectActor(1)
	for _, want := range starts {
		keys(a, m, true, input.KeyBracketRight)
		if got := a.Clock().Time(); got != want {
			t.Fatalf("Shift+] went to %v, want %v (actor 1's faults start at %v)", got, want, starts)
		}
	}
	keys(a, m, true, input.KeyBracketRight)
	if !noticeWith(a, Info, "no later fault of actor 1") || a.Clock().Time() != starts[len(starts)-1] {
		t.Errorf("past the last fault: time %v, notices %v", a.Clock().Time(), a.Notices())
	}
	keys(a, m, true, input.KeyBracketLeft)
	if got := a.Clock().Time(); got != starts[len(starts)-2] {
		t.Errorf("Shift+[ went to %v, want %v", got, starts[len(starts)-2])
	}
}

// TestFaultListPreview: Down in the fault list rings the cursor's fault
// on the map (the picked mark) and, the list covering the right of the
// view, brings its mark out beside the list, the clock where it was;
// while an actor is followed the camera stays with it.
func TestFaultListPreview(t *testing.T) {
	a := newFaulty(t)
	m := input.NewMapper()
	keys(a, m, false, input.KeyK)
	m.SetList(true)
	cover := testVP.Width * 0.4 // a list over 60 % of the view
	a.SetListCover(cover)
	t0 := a.Clock().Time()
	if len(a.an.rows) < 2 {
		t.Fatalf("%d rows: want two to move between", len(a.an.rows))
	}
	moved := false
	for row := 1; row < len(a.an.rows); row++ {
		target := a.cam.orbit.Target
		keys(a, m, false, input.KeyDown)
		r := a.an.rows[row]
		if a.PickedFault() != r.i {
			t.Errorf("row %d: fault %d ringed, want %d", row, a.PickedFault(), r.i)
		}
		f := a.rowFault(r)
		x, y, _, ok := a.View().WorldToScreen(f.Location)
		if !ok || x < 0 || x > cover || y < 0 || y > testVP.Height {
			t.Errorf("row %d: the %s mark at %.0f,%.0f (%v), not beside the list (x < %.0f)", row, f.Kind, x, y, ok, cover)
		}
		moved = moved || a.cam.orbit.Target != target
	}
	if !moved {
		t.Error("no row's mark was under the list: the camera never moved, the test shows nothing")
	}
	if a.Clock().Time() != t0 {
		t.Errorf("moving the cursor moved the clock to %v", a.Clock().Time())
	}
	a.Apply(input.FollowNext())
	a.Tick()
	target, center := a.cam.orbit.Target, a.cam.top.Center
	a.SetListCover(1) // everything covered: every mark would move the camera
	keys(a, m, false, input.KeyUp)
	if a.cam.orbit.Target != target || a.cam.top.Center != center {
		t.Error("following, moving the cursor moved the camera off the followed actor")
	}
}

// TestFaultCountNoticeReplaced: the faults found again (a threshold
// changed) replace the notice of the count before rather than stand
// beside it with another number.
func TestFaultCountNoticeReplaced(t *testing.T) {
	a := newFaulty(t)
	before := len(a.Faults())
	a.Apply(input.ToggleThresholds())
	a.Apply(input.ThresholdMove(1)) // off-lane
	a.Apply(input.ThresholdChange(1 << 10))
	settle(t, a)
	if len(a.Faults()) == before {
		t.Fatalf("off-lane at its most still finds %d faults: the test needs another count", before)
	}
	var counts []string
	for _, x := range a.Notices() {
		if strings.Contains(x.Text, " found in drive.log") {
			counts = append(counts, x.Text)
		}
	}
	if len(counts) != 1 || !strings.HasPrefix(counts[0], itoa(len(a.Faults()))+" ") {
		t.Errorf("count notices %q, want one of %d", counts, len(a.Faults()))
	}
}
