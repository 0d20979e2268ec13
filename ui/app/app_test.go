package app

import (
	"bytes"
	"math"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/mm2carla/viewer/format/bai"
	"github.com/mm2carla/viewer/format/recorder"
	"github.com/mm2carla/viewer/internal/testrec"
	"github.com/mm2carla/viewer/render"
	"github.com/mm2carla/viewer/render/scenedraw"
	"github.com/mm2carla/viewer/scene"
	"github.com/mm2carla/viewer/scene/playback"
	"github.com/mm2carla/viewer/sim/citygen"
	"github.com/mm2carla/viewer/ui/input"
	"github.com/mm2carla/viewer/ui/loader"
	"github.com/mm2carla/viewer/ui/settings"
)

const testFrames = 100 // 5 s at testrec.Hz

var testVP = render.Viewport{Width: 1280, Height: 720, Scale: 1}

func smallMap(t testing.TB) []byte {
	t.Helper()
	cfg := citygen.Default()
	cfg.BlocksX, cfg.BlocksY, cfg.Roads = 2, 2, 0
	m, err := citygen.Generate(cfg)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := bai.Encode(&b, m); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// settle ticks until no load is running (the loads run in goroutines).
func settle(t testing.TB, a *App) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for a.LoadsRunning() {
		if time.Now().After(deadline) {
			t.Fatal("loads did not finish")
		}
		time.Sleep(time.Millisecond)
		a.Tick()
	}
	a.Tick()
}

// newLoaded returns an app showing a small city and the test recording.
func newLoaded(t testing.TB) *App {
	t.Helper()
	a := New(settings.Settings{}, nil)
	a.SetViewport(testVP)
	a.Open(loader.BytesSource("city.bai", smallMap(t)))
	a.Open(loader.BytesSource("run.log", testrec.Bytes(testFrames)))
	settle(t, a)
	return a
}

// keys feeds key presses through a real Mapper, one tick each.
func keys(a *App, m *input.Mapper, shift bool, ks ...input.Key) {
	for _, k := range ks {
		s := &input.Snapshot{Shift: shift}
		s.Held[k] = 1
		for _, c := range m.Update(s, nil) {
			a.Apply(c)
		}
		a.Tick()
	}
}

func noticeWith(a *App, l Level, parts ...string) bool {
	for _, n := range a.Notices() {
		ok := n.Level == l
		for _, p := range parts {
			ok = ok && strings.Contains(n.Text, p)
		}
		if ok {
			return true
		}
	}
	return false
}

func TestOpenShowsBoth(t *testing.T) {
	a := newLoaded(t)
	if a.Map() == nil || a.Recording() == nil || a.State() == nil || a.Clock() == nil {
		t.Fatal("map, recording, state or clock missing after loading")
	}
	if got := a.Clock().Frames(); got != testFrames {
		t.Errorf("clock has %d frames, want %d", got, testFrames)
	}
	if title := a.Title(); !strings.Contains(title, "city.bai") || !strings.Contains(title, "run.log") {
		t.Errorf("title %q does not name both files", title)
	}
	if !noticeWith(a, Info, "run.log", "100 frames") || !noticeWith(a, Info, "city.bai", "roads") {
		t.Errorf("notices %+v", a.Notices())
	}
	status := a.StatusText().String()
	for _, want := range []string{"city.bai + run.log", "Town01", "2023-11-14 22:13 UTC", "4 actors now"} {
		if !strings.Contains(status, want) {
			t.Errorf("status %q lacks %q", status, want)
		}
	}
	if strings.Contains(status, "frames") { // the timeline says them
		t.Errorf("status %q counts the frames of a whole recording", status)
	}
}

// TestStatusFPS: the frame rate shows only while playing; paused, the
// window idles and a rate would read as a fault.
func TestStatusFPS(t *testing.T) {
	a := newLoaded(t)
	a.SetFPS(59.7)
	a.Tick()
	if s := a.StatusText().String(); strings.Contains(s, "fps") {
		t.Errorf("paused status %q shows a frame rate", s)
	}
	a.Apply(input.Clock(playback.Play()))
	a.Tick()
	if s := a.StatusText().String(); !strings.HasSuffix(s, "  |  60 fps") {
		t.Errorf("playing status %q", s)
	}
}

// TestPlayOnOpen: the built-in demo starts playing, looped, once loaded;
// a file opened later starts paused as usual.
func TestPlayOnOpen(t *testing.T) {
	a := New(settings.Settings{}, nil)
	a.SetViewport(testVP)
	a.PlayOnOpen()
	a.Open(loader.BytesSource("run.log", testrec.Bytes(testFrames)))
	settle(t, a)
	if c := a.Clock(); !c.Playing() || !c.Looping() || c.Time() == 0 {
		t.Errorf("playing %v, looping %v, time %v", c.Playing(), c.Looping(), c.Time())
	}
	a.Open(loader.BytesSource("next.log", testrec.Bytes(20)))
	settle(t, a)
	if c := a.Clock(); c.Playing() || c.Looping() || c.Frames() != 20 {
		t.Errorf("the next recording: playing %v, looping %v, %d frames", c.Playing(), c.Looping(), c.Frames())
	}
}

func TestPlayStepSeek(t *testing.T) {
	a := newLoaded(t)
	m := input.NewMapper()
	c := a.Clock()

	keys(a, m, false, input.KeySpace)
	if !c.Playing() {
		t.Fatal("Space did not start playing")
	}
	for range 59 { // Space's own tick advanced the clock once already
		a.Tick()
	}
	if math.Abs(c.Time()-1) > 1e-9 || c.Frame() != testrec.Hz {
		t.Errorf("after 60 ticks playing: time %v frame %d, want 1 s, frame %d", c.Time(), c.Frame(), testrec.Hz)
	}
	if a.State().Frame != c.Frame() {
		t.Errorf("state frame %d, clock frame %d", a.State().Frame, c.Frame())
	}
	keys(a, m, false, input.KeySpace, input.KeyRight)
	if c.Playing() || c.Frame() != testrec.Hz+1 {
		t.Errorf("pause and step: playing %v frame %d, want paused on %d", c.Playing(), c.Frame(), testrec.Hz+1)
	}
	keys(a, m, false, input.KeyEnd)
	if c.Frame() != testFrames-1 || a.State().Frame != testFrames-1 {
		t.Errorf("End: clock frame %d, state frame %d", c.Frame(), a.State().Frame)
	}
	// By default ] steps over the spawn to the first fault or collision.
	spawn, light := float64(testrec.VisitorIn)/testrec.Hz, float64(testrec.LightEvery)/testrec.Hz
	next := func(after float64) float64 {
		t := float64(testrec.CollisionFrame) / testrec.Hz
		for _, f := range a.Faults() {
			if f.Start > after {
				t = min(t, f.Start)
			}
		}
		return t
	}
	if next(0) <= spawn {
		t.Fatalf("a fault at %v, before the spawn the test steps over", next(0))
	}
	keys(a, m, false, input.KeyHome, input.KeyBracketRight)
	if c.Time() != next(0) {
		t.Errorf("first stop after the start at %v, want the first fault or collision at %v", c.Time(), next(0))
	}
	// E: it stops at every event, and remembers so.
	keys(a, m, false, input.KeyE, input.KeyHome, input.KeyBracketRight)
	if !a.Settings().StepEvents {
		t.Error("E: the setting is not remembered")
	}
	if c.Time() != spawn {
		t.Errorf("first event after the start at %v, want the visitor's spawn at %v", c.Time(), spawn)
	}
	keys(a, m, false, input.KeyBracketRight)
	if c.Time() != light {
		t.Errorf("second event at %v, want the light change at %v", c.Time(), light)
	}
	// E again: only faults and collisions.
	keys(a, m, false, input.KeyE, input.KeyBracketRight)
	if c.Time() != next(light) || a.Settings().StepEvents {
		t.Errorf("E again, ]: at %v, want the next fault or collision at %v", c.Time(), next(light))
	}
	keys(a, m, false, input.KeyUp, input.KeyUp)
	if c.Speed() != 4 {
		t.Errorf("speed %v after two Up, want 4", c.Speed())
	}
	if got := a.TimeText().String(); got != "0:02.00 / 0:04.95\nframe 41 / 100\n4x\npaused" {
		t.Errorf("time text %q", got)
	}
	if a.Settings().Speed != 4 {
		t.Errorf("remembered speed %v", a.Settings().Speed)
	}
}

func TestGoToTypedTime(t *testing.T) {
	a := newLoaded(t)
	m := input.NewMapper()
	keys(a, m, false, input.KeyG)
	s := &input.Snapshot{Runes: []rune("3.5")}
	s.Held[input.KeyEnter] = 1
	for _, c := range m.Update(s, nil) {
		a.Apply(c)
	}
	a.Tick()
	if a.Clock().Time() != 3.5 || a.State().Frame != 70 {
		t.Errorf("typed 3.5: time %v frame %d", a.Clock().Time(), a.State().Frame)
	}
}

func TestScrub(t *testing.T) {
	a := newLoaded(t)
	a.Apply(input.Scrub(2.5))
	a.Tick()
	if a.Clock().Time() != 2.5 || a.State().Frame != 50 {
		t.Errorf("scrub: time %v state frame %d", a.Clock().Time(), a.State().Frame)
	}
}

func TestFollowOrder(t *testing.T) {
	a := newLoaded(t)
	a.Apply(input.Scrub(float64(testrec.VisitorIn+1) / testrec.Hz)) // the visitor is there
	a.Tick()
	got := FollowOrder(a.State(), nil)
	want := []uint32{testrec.Hero, testrec.Other, testrec.Visitor, testrec.Walker}
	if !equalIDs(got, want) {
		t.Fatalf("follow order %v, want %v", got, want)
	}
	m := input.NewMapper()
	var seen []uint32
	for range 5 {
		keys(a, m, false, input.KeyTab)
		seen = append(seen, a.Following())
	}
	if !equalIDs(seen, append(want, testrec.Hero)) {
		t.Errorf("Tab followed %v", seen)
	}
	keys(a, m, true, input.KeyTab)
	if a.Following() != testrec.Walker || a.Selected() != testrec.Walker {
		t.Errorf("Shift+Tab from the hero: following %d selected %d, want the walker", a.Following(), a.Selected())
	}
	// The chase camera looks over the followed actor: centred across,
	// a little below the middle.
	w := a.State().Actor(testrec.Walker).World.Location
	if x, y, _, ok := a.View().WorldToScreen(w); !ok || math.Abs(x-640) > 1 || y < 360 || y > 540 {
		t.Errorf("followed walker at %v,%v on screen, want centred, a little below the middle", x, y)
	}
	keys(a, m, false, input.KeyEscape)
	if a.Following() != 0 || a.Selected() != 0 {
		t.Errorf("Esc: following %d selected %d", a.Following(), a.Selected())
	}
	keys(a, m, false, input.KeyC)
	if a.Following() != 0 || !noticeWith(a, Info, "select an actor first") {
		t.Error("C with nothing selected should only explain")
	}
}

func equalIDs(a, b []uint32) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func TestSelectAndActorPanel(t *testing.T) {
	a := newLoaded(t)
	a.Apply(input.Scrub(1))
	a.Tick()
	hero := a.State().Actor(testrec.Hero)
	x, y, _, ok := a.View().WorldToScreen(hero.World.Apply(hero.Box.Center))
	if !ok {
		t.Fatal("hero off screen after framing")
	}
	a.Apply(input.Select(x, y))
	a.Tick()
	if a.Selected() != testrec.Hero {
		t.Fatalf("clicking the hero selected %d", a.Selected())
	}
	panel := a.ActorPanel().String()
	for _, want := range []string{
		"Actor 100  (hero)",
		"blueprint\tvehicle.tesla.model3",
		"kind\tcar (recorded type 1)",
		"location\tx 10.00  y 0.00  z 0.00 m",
		"speed\t10.00 m/s (36.0 km/h)",
		"control\tsteer -0.25  throttle 0.50  brake 0.00",
		"\thandbrake off  gear 1",
		"lights\tposition, low beam, left blinker",
		"attributes\trole_name = hero",
		"\tcolor = 255,0,0",
		"parent\tnone",
	} {
		if !strings.Contains(panel, want) {
			t.Errorf("actor panel lacks %q:\n%s", want, panel)
		}
	}
	// Pressing C follows the selection; the follow shows in the panel.
	a.Apply(input.FollowSelected())
	a.Tick()
	if a.Following() != testrec.Hero || !strings.Contains(a.ActorPanel().String(), "[following]") {
		t.Errorf("C did not follow the selected hero")
	}
	// Before the visitor spawns, selecting it says it is not there.
	a.sel.selectActor(testrec.Visitor)
	a.Apply(input.Scrub(0))
	a.Tick()
	if got := a.ActorPanel().String(); got != "Actor 103\nnot in the scene at this time" {
		t.Errorf("absent actor panel %q", got)
	}
}

func TestTrafficLightPanel(t *testing.T) {
	a := newLoaded(t)
	a.Apply(input.Scrub(float64(testrec.LightEvery+10) / testrec.Hz))
	a.sel.selectActor(testrec.Light)
	a.Tick()
	panel := a.ActorPanel().String()
	for _, want := range []string{"kind\ttraffic_light", "light\tyellow for 0.5 s"} {
		if !strings.Contains(panel, want) {
			t.Errorf("light panel lacks %q:\n%s", want, panel)
		}
	}
}

func TestSelectMapElement(t *testing.T) {
	a := newLoaded(t)
	m := a.Map()
	// The last intersection is the farthest from the actors (near 0, 0).
	last := len(m.Intersections) - 1
	in := &m.Intersections[last]
	x, y, _, ok := a.View().WorldToScreen(in.Center)
	if !ok {
		t.Fatal("intersection off screen")
	}
	a.Apply(input.Select(x, y))
	a.Tick()
	if a.SelectedElement() != (Element{scenedraw.ElementIntersection, last}) {
		t.Fatalf("selected %+v", a.SelectedElement())
	}
	panel := a.ElementPanel().String()
	if !strings.HasPrefix(panel, "Selected intersection ") || !strings.Contains(panel, "roads\t") {
		t.Errorf("intersection panel:\n%s", panel)
	}
	// A road: the middle of its centre line.
	r := &m.Roads[len(m.Roads)-1]
	mid := r.Centre[len(r.Centre)/2]
	x, y, _, _ = a.View().WorldToScreen(mid)
	a.Apply(input.Select(x, y))
	a.Tick()
	if e := a.SelectedElement(); e.Kind != scenedraw.ElementRoad {
		t.Fatalf("clicking a road centre selected %+v", e)
	}
	panel = a.ElementPanel().String()
	for _, want := range []string{"Selected road ", "lanes\tA ", "start\t", "end\t", "size\t"} {
		if !strings.Contains(panel, want) {
			t.Errorf("road panel lacks %q:\n%s", want, panel)
		}
	}
	// Hovering shows what is under the cursor when nothing is selected.
	keys(a, input.NewMapper(), false, input.KeyEscape)
	a.SetCursor(x, y, true)
	a.Tick()
	if !strings.HasPrefix(a.ElementPanel().String(), "Under the cursor: road ") {
		t.Errorf("hover panel %q", a.ElementPanel().String())
	}
}

func TestCorruptFileKeepsWhatIsOpen(t *testing.T) {
	a := newLoaded(t)
	rec := a.Recording()
	a.Open(loader.BytesSource("junk.log", []byte("this is not a recording")))
	bad := testrec.Bytes(10)
	bad = bad[:60] // header and part of the first frame
	a.Open(loader.BytesSource("cut.log", bad))
	settle(t, a)
	if !noticeWith(a, Error, "junk.log", "byte 0", "not a CARLA recording") {
		t.Errorf("no error for junk.log: %+v", a.Notices())
	}
	if !noticeWith(a, Error, "cut.log", "byte ", "no complete frame") {
		t.Errorf("no error for cut.log: %+v", a.Notices())
	}
	if a.Recording() != rec {
		t.Error("a bad file replaced the open recording")
	}
}

func TestTruncatedRecordingWarns(t *testing.T) {
	a := newLoaded(t)
	b := testrec.Bytes(40)
	a.Open(loader.BytesSource("short.log", b[:len(b)-7]))
	settle(t, a)
	if a.Clock().Frames() != 39 {
		t.Errorf("truncated recording: %d frames, want 39", a.Clock().Frames())
	}
	if !noticeWith(a, Warning, "short.log", "ends early", "byte ", "39 complete frames") {
		t.Errorf("no truncation warning: %+v", a.Notices())
	}
	want := "39 frames  |  cut short at byte " + itoa(len(b)-7)
	if s := a.StatusText().String(); !strings.Contains(s, want) {
		t.Errorf("status %q lacks %q", s, want)
	}
}

func TestReplaceWhileLoading(t *testing.T) {
	a := New(settings.Settings{}, nil)
	a.SetViewport(testVP)
	a.Open(loader.BytesSource("first.log", testrec.Bytes(3000)))
	a.Open(loader.BytesSource("second.log", testrec.Bytes(20)))
	if n := len(a.Loading(nil)); n != 1 {
		t.Errorf("%d loads shown, want the second only", n)
	}
	settle(t, a)
	if !strings.Contains(a.Title(), "second.log") || strings.Contains(a.Title(), "first.log") {
		t.Errorf("title %q", a.Title())
	}
	if a.Clock().Frames() != 20 {
		t.Errorf("frames %d", a.Clock().Frames())
	}
}

func TestLayersAndSettings(t *testing.T) {
	a := New(settings.Settings{Layers: map[string]bool{"grid": false}, Speed: 0.25, TopDown: true}, nil)
	if a.LayerOn(input.LayerGrid) || !a.LayerOn(input.LayerLanes) || !a.TopDown() {
		t.Fatal("remembered layers or view not applied")
	}
	gen := a.SettingsGen()
	m := input.NewMapper()
	keys(a, m, false, input.KeyDigit1, input.KeyT)
	if a.LayerOn(input.LayerLanes) || a.TopDown() {
		t.Error("1 and T did not toggle")
	}
	if a.SettingsGen() == gen {
		t.Error("settings generation did not change")
	}
	s := a.Settings()
	if s.Layers["lanes"] || s.Layers["grid"] || !s.Layers["sidewalks"] || s.Speed != 0.25 || s.TopDown {
		t.Errorf("settings %+v", s)
	}
	// The remembered speed applies to the next recording.
	a.SetViewport(testVP)
	a.Open(loader.BytesSource("run.log", testrec.Bytes(10)))
	settle(t, a)
	if a.Clock().Speed() != 0.25 {
		t.Errorf("clock speed %v, want the remembered 0.25", a.Clock().Speed())
	}
}

func TestFrameAllShowsEverything(t *testing.T) {
	for _, top := range []bool{false, true} {
		a := New(settings.Settings{TopDown: top}, nil)
		a.SetViewport(testVP)
		a.Open(loader.BytesSource("city.bai", smallMap(t)))
		settle(t, a)
		lo, hi := a.Map().Bounds()
		minX, maxX, minY, maxY := math.Inf(1), math.Inf(-1), math.Inf(1), math.Inf(-1)
		for _, p := range []mgl64.Vec3{lo, hi, {lo[0], hi[1], 0}, {hi[0], lo[1], 0}} {
			x, y, _, ok := a.View().WorldToScreen(p)
			if !ok || x < 0 || x > testVP.Width || y < 0 || y > testVP.Height {
				t.Errorf("top-down %v: map corner %v at %v,%v, off screen", top, p, x, y)
			}
			minX, maxX, minY, maxY = min(minX, x), max(maxX, x), min(minY, y), max(maxY, y)
		}
		// Framed tightly: the map fills most of the view one way or the other.
		if fill := max((maxX-minX)/testVP.Width, (maxY-minY)/testVP.Height); fill < 0.6 {
			t.Errorf("top-down %v: the map fills only %.0f%% of the view", top, 100*fill)
		}
	}
}

func TestCameraCommands(t *testing.T) {
	a := newLoaded(t)
	before := a.View().Eye
	a.Apply(input.Orbit(50, 0))
	if a.View().Eye == before {
		t.Error("orbit did not move the eye")
	}
	before = a.View().Eye
	a.Apply(input.Zoom(1, 640, 360))
	if d0, d1 := before.Sub(a.cam.orbitTarget()).Len(), a.View().Eye.Sub(a.cam.orbitTarget()).Len(); !(d1 < d0) {
		t.Errorf("zoom in: distance %v -> %v", d0, d1)
	}
	a.Apply(input.ToggleView())
	if !a.View().Ortho {
		t.Error("T did not switch to the top-down view")
	}
	c := a.cam.topCenter()
	a.Apply(input.Pan(100, 0))
	if a.cam.topCenter() == c {
		t.Error("pan did not move the top-down view")
	}
}

// TestZoomTowardCursor: the wheel zooms toward the point under the
// cursor, in both cameras: that ground point stays under the cursor.
func TestZoomTowardCursor(t *testing.T) {
	for _, top := range []bool{false, true} {
		a := New(settings.Settings{TopDown: top}, nil)
		a.SetViewport(testVP)
		a.Open(loader.BytesSource("city.bai", smallMap(t)))
		settle(t, a)
		const cx, cy = 300.0, 500.0
		g0, ok := a.View().GroundPoint(cx, cy, 0)
		if !ok {
			t.Fatal("no ground under the cursor")
		}
		d0, ppm0 := a.View().Eye.Sub(g0).Len(), a.cam.scale()
		for _, steps := range []float64{1, 2, -1} {
			a.Apply(input.Zoom(steps, cx, cy))
			g, _ := a.View().GroundPoint(cx, cy, 0)
			if dx, dy := g[0]-g0[0], g[1]-g0[1]; math.Hypot(dx, dy) > 0.01*d0 {
				t.Errorf("top-down %v, zoom %v: ground under the cursor moved %v -> %v", top, steps, g0, g)
			}
		}
		// Net two notches in: closer, or (top-down) a larger scale.
		if d := a.View().Eye.Sub(g0).Len(); !top && !(d < d0) {
			t.Errorf("zooming in moved the eye away: %v -> %v", d0, d)
		}
		if ppm := a.cam.scale(); top && math.Abs(ppm/ppm0-zoomPerNotch*zoomPerNotch) > 1e-9 {
			t.Errorf("top-down scale %v -> %v, want ×%v", ppm0, ppm, zoomPerNotch*zoomPerNotch)
		}
	}
}

func TestEscapeOrder(t *testing.T) {
	a := newLoaded(t)
	a.sel.selectActor(testrec.Hero)
	a.Apply(input.ToggleHelp())
	a.Apply(input.ClearSelection())
	if a.Selected() != testrec.Hero || a.Help() {
		t.Fatal("first Esc closes the help only (issue 26: it cleared the selection behind it)")
	}
	a.Apply(input.ClearSelection())
	if a.Selected() != 0 || len(a.Notices()) == 0 {
		t.Fatal("second Esc clears the selection only")
	}
	a.Apply(input.ClearSelection())
	if len(a.Notices()) != 0 {
		t.Error("third Esc dismisses the notices")
	}
}

// TestScrollHelp: the help scrolls only while it shows, kept from 0 to
// the last top line the window gives, and opens again at the top.
func TestScrollHelp(t *testing.T) {
	a := New(settings.Settings{}, nil)
	a.ScrollHelp(3, 10)
	if a.HelpTop() != 0 {
		t.Errorf("a hidden help scrolled to %d", a.HelpTop())
	}
	a.Apply(input.ToggleHelp())
	for _, tc := range []struct{ lines, last, want int }{
		{3, 10, 3}, {-1, 10, 2}, {1 << 30, 10, 10}, {1, 10, 10}, {0, 4, 4}, {-1 << 30, 10, 0}, {2, -1, 0},
	} {
		if a.ScrollHelp(tc.lines, tc.last); a.HelpTop() != tc.want {
			t.Errorf("ScrollHelp(%d, %d): line %d, want %d", tc.lines, tc.last, a.HelpTop(), tc.want)
		}
	}
	a.ScrollHelp(5, 10)
	a.Apply(input.ToggleHelp())
	a.Apply(input.ToggleHelp())
	if a.HelpTop() != 0 {
		t.Errorf("the help opened again at line %d", a.HelpTop())
	}
}

// TestThresholdAbout: every threshold says what it limits, naming its
// fault kind, and the rules row what the profile judges.
func TestThresholdAbout(t *testing.T) {
	a := New(settings.Settings{}, nil)
	a.Apply(input.ToggleThresholds())
	if s := a.ThresholdAbout(); !strings.HasPrefix(s, "own: ") {
		t.Errorf("rules row: %q", s)
	}
	for i, f := range thresholdFields(&a.an.thresholds) {
		a.Apply(input.ThresholdMove(1))
		s := a.ThresholdAbout()
		kind, _, _ := strings.Cut(s, ": ")
		if !strings.Contains("off-lane wrong-way stop-sign close-call collision", kind) || len(s) < len(kind)+10 {
			t.Errorf("row %d (%s): %q", i+1, f.name, s)
		}
	}
	a.Apply(input.ThresholdMove(-1 << 20))
	a.Apply(input.ThresholdChange(1))
	if s := a.ThresholdAbout(); !strings.Contains(s, "leaderboard judges the hero") {
		t.Errorf("rules row under the leaderboard: %q", s)
	}
}

// TestNoEventThere: [ at the start and ] at the end leave the clock
// where it is and say there is nothing there; with E, "event".
func TestNoEventThere(t *testing.T) {
	a := newLoaded(t)
	a.Apply(input.Clock(playback.PrevEvent()))
	if !noticeWith(a, Info, "no earlier fault or collision") {
		t.Errorf("[ at the start: notices %+v", a.Notices())
	}
	a.Apply(input.Clock(playback.ToEnd()))
	a.Apply(input.StepEvents())
	a.Apply(input.Clock(playback.NextEvent()))
	if !noticeWith(a, Info, "no later event") {
		t.Errorf("] at the end with E: notices %+v", a.Notices())
	}
	a.DismissNotices()
	if _, ok := a.Clock().EventBefore(); !ok {
		t.Fatal("the test recording has no event to step back to")
	}
	a.Apply(input.Clock(playback.PrevEvent()))
	for _, n := range a.Notices() {
		if strings.HasPrefix(n.Text, "no ") {
			t.Errorf("[ with an event before: %q", n.Text)
		}
	}
}

// TestActorPanelRole: the panel's title names an actor's role when it
// is not the hero (the demo's rogue, CARLA's ego_vehicle), and an empty
// attribute says so rather than read as a line cut short.
func TestActorPanelRole(t *testing.T) {
	a := newLoaded(t)
	a.sel.selectActor(testrec.Other)
	a.Tick()
	if title := a.ActorPanel().Line(0); !strings.HasPrefix(string(title), "Actor 101  (autopilot)") {
		t.Errorf("title %q", title)
	}
	var l Lines
	actorAttributes(&l, []recorder.Attribute{{Key: "object_type"}, {Key: "role_name", Value: "rogue"}})
	if got, want := l.String(), "attributes\tobject_type = (empty)\n\trole_name = rogue"; !strings.Contains(got, want) {
		t.Errorf("attributes %q, want %q", got, want)
	}
}

func TestNoticesExpire(t *testing.T) {
	a := New(settings.Settings{}, nil)
	a.notify(Info, "hello")
	a.notify(Info, "hello") // renewed, not repeated
	if len(a.Notices()) != 1 {
		t.Fatalf("%d notices", len(a.Notices()))
	}
	for range infoTicks {
		a.Tick()
	}
	if len(a.Notices()) != 0 {
		t.Error("info notice outlived its time")
	}
	for i := range maxNotices + 2 {
		a.notify(Error, "e"+itoa(i))
	}
	if n := a.Notices(); len(n) != maxNotices || n[0].Text != "e2" {
		t.Errorf("notices %+v", n)
	}
}

func TestBusy(t *testing.T) {
	a := newLoaded(t)
	a.DismissNotices()
	for range TPS {
		a.Tick()
	}
	if a.Busy() {
		t.Fatal("busy while paused and idle")
	}
	a.notify(Error, "something failed")
	if a.Busy() {
		t.Error("an error notice keeps the loop busy")
	}
	a.notify(Info, "layer hidden")
	if !a.Busy() {
		t.Error("an info notice does not keep the loop busy until it goes")
	}
	a.DismissNotices()
	a.Apply(input.Clock(playback.Play()))
	a.Tick()
	if !a.Busy() {
		t.Error("not busy while playing")
	}
}

func TestMarks(t *testing.T) {
	a := newLoaded(t)
	mk := a.Marks(100)
	if mk.Width() != 100 {
		t.Fatalf("width %d", mk.Width())
	}
	// Spawns: 4 in frame 0, the visitor; one destroy; one collision; the
	// light changes every LightEvery frames after the first state.
	if mk.Total(MarkSpawn) != 5 || mk.Total(MarkDestroy) != 1 || mk.Total(MarkCollision) != 1 {
		t.Errorf("totals: spawn %d destroy %d collision %d", mk.Total(MarkSpawn), mk.Total(MarkDestroy), mk.Total(MarkCollision))
	}
	c := mk.Column(float64(testrec.CollisionFrame) / testrec.Hz)
	if mk.Count(MarkCollision, c) != 1 || mk.Strength(MarkCollision, c) != 1 {
		t.Errorf("collision column %d: count %d", c, mk.Count(MarkCollision, c))
	}
	if mk.Count(MarkSpawn, 0) != 4 || mk.Strength(MarkSpawn, 0) != 1 {
		t.Errorf("spawns at the start: %d (strength %v)", mk.Count(MarkSpawn, 0), mk.Strength(MarkSpawn, 0))
	}
	if s := mk.Strength(MarkSpawn, mk.Column(1)); !(s > 0 && s < 1) {
		t.Errorf("a single spawn next to a column of 4 has strength %v", s)
	}
	if mk.Count(MarkCollision, -1) != 0 || mk.Count(NumMarkKinds, 0) != 0 {
		t.Error("out of range counts")
	}
}

func TestLightBits(t *testing.T) {
	var l Lines
	for _, tc := range []struct {
		bits uint32
		want string
	}{
		{0, "none"},
		{0x1 | 0x8, "position, brake"},
		{0x10 | 0x20, "right blinker, left blinker"},
		{0x400 | 0x1000, "special 2, 0x1000"},
		{0x1000, "0x1000"},
		{0x1 | 0x8 | 0x10 | 0x20, "position, brake, right blinker,\n\tleft blinker"}, // three a line
		{0x1 | 0x2 | 0x4 | 0x8 | 0x10 | 0x20 | 0x40, "position, low beam, high beam,\n\tbrake, right blinker, left blinker,\n\treverse"},
	} {
		l.Reset()
		appendLightBits(&l, tc.bits)
		l.End()
		if got := l.String(); got != tc.want {
			t.Errorf("bits %#x: %q, want %q", tc.bits, got, tc.want)
		}
	}
	for _, tc := range []struct {
		flags uint16
		want  string
	}{
		{0, "none"},
		{bai.FlagDivided | bai.FlagFreeway, "divided, freeway"},
		{bai.FlagFlat | 0x30, "flat, 0x30"},
	} {
		l.Reset()
		appendRoadFlags(&l, tc.flags)
		l.End()
		if got := l.String(); got != tc.want {
			t.Errorf("flags %#x: %q, want %q", tc.flags, got, tc.want)
		}
	}
}

func TestLinesFloat(t *testing.T) {
	var l Lines
	l.F(-0.001, 2).S(" ").F(math.NaN(), 1).S(" ").F(2.345, 1).End()
	if got := l.String(); got != "0.00 - 2.3" {
		t.Errorf("%q", got)
	}
}

// TestTickAllocations: a playing tick with panels to build allocates
// nothing once the buffers have grown.
func TestTickAllocations(t *testing.T) {
	playingTickAllocs(t, newLoaded(t), "")
}

// TestTickAllocationsThresholdsOpen: with the thresholds panel open (its
// rows written every tick) and a threshold off its default, a playing
// tick allocates nothing either.
func TestTickAllocationsThresholdsOpen(t *testing.T) {
	a := newLoaded(t)
	a.applyThresholds(thToggle, 0)
	a.applyThresholds(thMove, 1)
	a.applyThresholds(thChange, 1)
	settle(t, a)
	if !a.ThresholdList().Open() || !strings.Contains(a.ThresholdList().Lines().String(), "(default ") {
		t.Fatalf("the panel is not open with a changed row:\n%s", a.ThresholdList().Lines())
	}
	playingTickAllocs(t, a, " with the thresholds panel open")
}

// playingTickAllocs checks that a's playing tick, looped, with the hero
// selected, allocates nothing once warm.
func playingTickAllocs(t *testing.T, a *App, while string) {
	t.Helper()
	a.DismissNotices()
	a.sel.selectActor(testrec.Hero)
	a.Apply(input.Clock(playback.ToggleLoop()))
	a.Apply(input.Clock(playback.Play()))
	for range 200 {
		a.Tick()
	}
	if n := testing.AllocsPerRun(100, a.Tick); n != 0 {
		t.Errorf("a playing tick%s allocates %v times", while, n)
	}
}

func TestEventsAround(t *testing.T) {
	a := newLoaded(t)
	at := func(f int) float64 { return float64(f) / testrec.Hz }
	for _, tc := range []struct {
		t0, t1 float64
		want   []scene.EventKind
	}{
		{at(testrec.CollisionFrame), at(testrec.CollisionFrame), []scene.EventKind{scene.EventCollision}},
		{at(testrec.CollisionFrame) - 0.01, at(testrec.CollisionFrame) + 0.01, []scene.EventKind{scene.EventCollision}},
		{at(testrec.VisitorIn) - 0.2, at(testrec.LightEvery) + 0.01, []scene.EventKind{scene.EventSpawn, scene.EventLight}},
		{at(testrec.CollisionFrame) + 0.01, at(testrec.CollisionFrame+1) - 0.01, nil}, // between frames
		{at(41), at(39), nil}, // reversed range
	} {
		var got []scene.EventKind
		for _, e := range a.EventsAround(tc.t0, tc.t1) {
			got = append(got, e.Kind)
		}
		if !slices.Equal(got, tc.want) {
			t.Errorf("EventsAround(%v, %v) = %v, want %v", tc.t0, tc.t1, got, tc.want)
		}
	}
}

func TestDamagedMapShowsRoadsReadBeforeTheDamage(t *testing.T) {
	whole := smallMap(t)
	full, err := bai.DecodeBytes(whole)
	if err != nil {
		t.Fatal(err)
	}
	a := New(settings.Settings{}, nil)
	a.SetViewport(testVP)
	a.Open(loader.BytesSource("cut.bai", whole[:len(whole)/2]))
	settle(t, a)
	m := a.Map()
	if m == nil {
		t.Fatalf("a map cut in half shows nothing; notices %+v", a.Notices())
	}
	if n := len(m.Roads); n == 0 || n >= len(full.Roads) {
		t.Errorf("showing %d of %d roads, want some but not all", n, len(full.Roads))
	}
	if !noticeWith(a, Error, "cut.bai", "byte ", "read before it") {
		t.Errorf("no error naming the file, offset and what is shown: %+v", a.Notices())
	}

	// A map damaged inside its first road has nothing to show: the
	// error alone, and whatever map was open stays.
	a.Open(loader.BytesSource("first.bai", whole[:40]))
	settle(t, a)
	if a.Map() != m {
		t.Error("a map with no whole road replaced the one on screen")
	}
	if !noticeWith(a, Error, "first.bai", "byte ") {
		t.Errorf("no error for first.bai: %+v", a.Notices())
	}
}
