package ui

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/hajimehoshi/ebiten/v2"

	"github.com/mm2carla/viewer/assets"
	"github.com/mm2carla/viewer/format/bai"
	"github.com/mm2carla/viewer/internal/cputime"
	"github.com/mm2carla/viewer/internal/testrec"
	"github.com/mm2carla/viewer/render/ebitenrender"
	"github.com/mm2carla/viewer/render/scenedraw"
	"github.com/mm2carla/viewer/scene/playback"
	"github.com/mm2carla/viewer/sim/citygen"
	"github.com/mm2carla/viewer/ui/app"
	"github.com/mm2carla/viewer/ui/input"
	"github.com/mm2carla/viewer/ui/loader"
	"github.com/mm2carla/viewer/ui/settings"
)

// The window tests run inside Ebitengine's game loop: TestMain starts a
// harness game whose first Update runs the tests, so that they may create
// images, draw and read pixels. Each test drives its own Game by calling
// its Update and Draw, with a scripted InputSource instead of the
// keyboard. Without a display they skip: run them with
//
//	xvfb-run -a go test ./ui/...
//
// Set UI_SHOTS to a directory to keep the screenshots they take.

func TestMain(m *testing.M) {
	if runtime.GOOS == "linux" && os.Getenv("DISPLAY") == "" && os.Getenv("WAYLAND_DISPLAY") == "" {
		// The panels' layout needs no window: its tests run anyway.
		fmt.Println("ui: no display (DISPLAY is empty): skipping the window tests; run them under xvfb-run -a")
		flag.Parse()
		if flag.Set("test.run", "^TestPanelLayout") != nil || flag.Set("test.bench", "") != nil {
			os.Exit(0)
		}
		os.Exit(m.Run())
	}
	if mode := os.Getenv("UI_FPS"); mode != "" {
		fmt.Println("fps: OpenGL:", ebitenrender.SetGL())
		os.Exit(runWindowFPS(mode))
	}
	code := 0
	h := &harness{run: func() { code = m.Run() }}
	ebiten.SetWindowSize(320, 240)
	ebiten.SetWindowTitle("ui tests")
	ebitenrender.SetGL() // as Run does
	if err := ebiten.RunGame(h); err != nil && !errors.Is(err, ebiten.Termination) {
		fmt.Fprintln(os.Stderr, "ui: the test harness failed:", err)
		os.Exit(1)
	}
	os.Exit(code)
}

type harness struct {
	run  func()
	done bool
}

func (h *harness) Update() error {
	if !h.done {
		h.done = true
		h.run()
	}
	return ebiten.Termination
}

func (h *harness) Draw(*ebiten.Image)          {}
func (h *harness) Layout(w, hh int) (int, int) { return w, hh }

func render3(v mgl64.Vec3) mgl64.Vec3 { return v }

// script is an InputSource playing back snapshots, one a tick; the cursor
// stays where the last one left it.
type script struct {
	queue []input.Snapshot
	mouse input.Mouse
}

func (s *script) Read(dst *input.Snapshot) {
	if len(s.queue) == 0 {
		dst.Mouse = input.Mouse{X: s.mouse.X, Y: s.mouse.Y}
		return
	}
	next := s.queue[0]
	s.queue = s.queue[1:]
	runes := append(dst.Runes[:0], next.Runes...)
	*dst = next
	dst.Runes = runes
	s.mouse = next.Mouse
}

// key queues a tap of k (down one tick, then up).
func (s *script) key(k input.Key, shift, ctrl bool) {
	var d input.Snapshot
	d.Held[k], d.Shift, d.Ctrl = 1, shift, ctrl
	d.Mouse = input.Mouse{X: s.lastMouse().X, Y: s.lastMouse().Y}
	s.queue = append(s.queue, d, input.Snapshot{Mouse: d.Mouse})
}

func (s *script) typeText(t string) {
	s.queue = append(s.queue, input.Snapshot{Runes: []rune(t), Mouse: s.lastMouse()})
}

func (s *script) lastMouse() input.Mouse {
	if n := len(s.queue); n > 0 {
		m := s.queue[n-1].Mouse
		return input.Mouse{X: m.X, Y: m.Y}
	}
	return input.Mouse{X: s.mouse.X, Y: s.mouse.Y}
}

// click queues a left click at x, y.
func (s *script) click(x, y float64) {
	s.queue = append(s.queue,
		input.Snapshot{Mouse: input.Mouse{X: x, Y: y}},
		input.Snapshot{Mouse: input.Mouse{X: x, Y: y, Left: true}},
		input.Snapshot{Mouse: input.Mouse{X: x, Y: y}})
}

const testW, testH = 1280, 800

// newTestGame opens sources in a game of testW x testH logical pixels and
// runs it until they have loaded.
func newTestGame(t testing.TB, srcs ...loader.Source) (*Game, *script) {
	t.Helper()
	sc := &script{}
	g, err := NewGame(Options{Sources: srcs, Input: sc, FixedStep: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(g.Close)
	g.Layout(testW, testH)
	deadline := time.Now().Add(20 * time.Second)
	for {
		if err := g.Update(); err != nil {
			t.Fatalf("Update: %v", err)
		}
		if len(g.loads) == 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("files did not load")
		}
		time.Sleep(time.Millisecond)
	}
	return g, sc
}

// run calls Update n times.
func run(t testing.TB, g *Game, n int) {
	t.Helper()
	for range n {
		if err := g.Update(); err != nil {
			t.Fatalf("Update: %v", err)
		}
	}
}

// drain runs Update until the script is played.
func drain(t testing.TB, g *Game, sc *script) {
	t.Helper()
	for len(sc.queue) > 0 {
		run(t, g, 1)
	}
}

// shot draws the game as the window would and returns its pixels.
func shot(t *testing.T, g *Game, name string) *image.RGBA {
	t.Helper()
	img := ebiten.NewImage(g.outW, g.outH)
	defer img.Deallocate()
	g.Draw(img)
	rgba := image.NewRGBA(img.Bounds())
	img.ReadPixels(rgba.Pix)
	if dir := os.Getenv("UI_SHOTS"); dir != "" {
		var b bytes.Buffer
		if err := png.Encode(&b, rgba); err == nil {
			os.WriteFile(filepath.Join(dir, name+".png"), b.Bytes(), 0o644)
		}
	}
	return rgba
}

// countNear counts the pixels of r within tol of any of cols.
func countNear(img *image.RGBA, r image.Rectangle, tol int, cols ...color.RGBA) int {
	n := 0
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			p := img.RGBAAt(x, y)
			for _, c := range cols {
				if near(p, c, tol) {
					n++
					break
				}
			}
		}
	}
	return n
}

func near(a, b color.RGBA, tol int) bool {
	d := func(x, y uint8) bool { return int(x)-int(y) <= tol && int(y)-int(x) <= tol }
	return d(a.R, b.R) && d(a.G, b.G) && d(a.B, b.B)
}

func rgb(c interface{ NRGBA() color.NRGBA }) color.RGBA {
	n := c.NRGBA()
	return color.RGBA{n.R, n.G, n.B, 255}
}

func irect(r rect) image.Rectangle {
	return image.Rect(int(math.Ceil(r.x0)), int(math.Ceil(r.y0)), int(r.x1), int(r.y1))
}

func demoMap(t testing.TB) loader.Source {
	t.Helper()
	m, err := citygen.Generate(citygen.Default())
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := bai.Encode(&b, m); err != nil {
		t.Fatal(err)
	}
	return loader.BytesSource("city.bai", b.Bytes())
}

const testFrames = 100 // 5 s of testrec at 20 Hz

func demo(t testing.TB) (*Game, *script) {
	return newTestGame(t, demoMap(t), loader.BytesSource("run.log", testrec.Bytes(testFrames)))
}

func TestWindowPlayStepSeek(t *testing.T) {
	g, sc := demo(t)
	a := g.App()
	c := a.Clock()
	if c == nil || a.Map() == nil {
		t.Fatal("the demo did not open a map and a recording")
	}
	img := shot(t, g, "demo")
	// The timeline bar is drawn (not the scene's background), and the 3D
	// view shows roads.
	bg := rgb(scenedraw.Background)
	bar := irect(g.lay.bar)
	if n := countNear(img, bar, 2, bg); n > bar.Dx()*bar.Dy()/10 {
		t.Errorf("timeline bar: %d of %d pixels are background", n, bar.Dx()*bar.Dy())
	}
	roads := []color.RGBA{{0x3b, 0x3f, 0x46, 255}, {0x55, 0x5a, 0x63, 255}, {0x47, 0x4b, 0x53, 255}}
	if n := countNear(img, irect(g.lay.view), 3, roads...); n < 5000 {
		t.Errorf("only %d road-coloured pixels in the 3D view", n)
	}

	sc.key(input.KeySpace, false, false)
	run(t, g, 2) // press (plays, ticks once) and release (ticks again)
	if !c.Playing() {
		t.Fatal("Space did not start playing")
	}
	run(t, g, 58)
	if math.Abs(c.Time()-1) > 1e-9 || c.Frame() != testrec.Hz {
		t.Errorf("after 60 ticks: time %v, frame %d; want 1 s, frame %d", c.Time(), c.Frame(), testrec.Hz)
	}
	sc.key(input.KeySpace, false, false)
	sc.key(input.KeyRight, false, false)
	drain(t, g, sc)
	if c.Playing() || c.Frame() != testrec.Hz+1 || a.State().Frame != testrec.Hz+1 {
		t.Errorf("pause and step: playing %v, clock frame %d, state frame %d", c.Playing(), c.Frame(), a.State().Frame)
	}
	sc.key(input.KeyEnd, false, false)
	drain(t, g, sc)
	if c.Frame() != testFrames-1 || a.State().Frame != testFrames-1 {
		t.Errorf("End: clock frame %d, state frame %d, want %d", c.Frame(), a.State().Frame, testFrames-1)
	}
	if got := a.TimeText().Line(1); string(got) != "frame 100 / 100" {
		t.Errorf("timeline says %q", got)
	}
	shot(t, g, "demo-end")
}

func TestWindowScrubAndGoTo(t *testing.T) {
	g, sc := demo(t)
	c := g.App().Clock()
	b := g.lay.bar
	// Press in the middle of the bar: the time there.
	mid := (b.x0 + b.x1) / 2
	sc.click(mid, (b.y0+b.y1)/2)
	drain(t, g, sc)
	if want := (c.Start() + c.End()) / 2; math.Abs(c.Time()-want) > 0.01 {
		t.Errorf("scrub to the middle: time %v, want %v", c.Time(), want)
	}
	sc.key(input.KeyG, false, false)
	drain(t, g, sc)
	if !g.mapper.Entry().Open {
		t.Fatal("G did not open the prompt")
	}
	sc.typeText("3.25")
	drain(t, g, sc)
	shot(t, g, "prompt")
	if g.hud.tipShown {
		t.Error("the timeline tooltip shows under the prompt")
	}
	sc.key(input.KeyEnter, false, false)
	drain(t, g, sc)
	if c.Time() != 3.25 || g.mapper.Entry().Open {
		t.Errorf("typed 3.25: time %v, prompt open %v", c.Time(), g.mapper.Entry().Open)
	}
}

func TestWindowSelectShowsPanel(t *testing.T) {
	g, sc := demo(t)
	a := g.App()
	sc.key(input.KeyTab, false, false) // follow (and select) the hero
	drain(t, g, sc)
	if a.Selected() != testrec.Hero || a.Following() != testrec.Hero {
		t.Fatalf("Tab: selected %d, following %d", a.Selected(), a.Following())
	}
	// Esc, then click the hero where it is drawn.
	sc.key(input.KeyEscape, false, false)
	drain(t, g, sc)
	hero := a.State().Actor(testrec.Hero)
	x, y, _, ok := a.View().WorldToScreen(render3(hero.World.Apply(hero.Box.Center)))
	if !ok {
		t.Fatal("hero behind the camera")
	}
	sc.click(x, y)
	drain(t, g, sc)
	if a.Selected() != testrec.Hero {
		t.Fatalf("clicking the hero at %v,%v selected %d", x, y, a.Selected())
	}
	img := shot(t, g, "selected")
	if len(g.pan.all) == 0 {
		t.Fatal("no panel drawn for the selection")
	}
	p := irect(g.pan.all[0])
	if n := countNear(img, p, 3, rgb(colPanelBg)); n < p.Dx()*p.Dy()/3 {
		t.Errorf("actor panel %v: only %d panel-coloured pixels", p, n)
	}
	// A click on the panel does not select through it.
	sc.click(float64(p.Min.X+20), float64(p.Min.Y+20))
	drain(t, g, sc)
	if a.Selected() != testrec.Hero {
		t.Errorf("a click on the panel changed the selection to %d", a.Selected())
	}
}

func TestWindowHelp(t *testing.T) {
	g, sc := demo(t)
	sc.key(input.KeyH, false, false)
	drain(t, g, sc)
	if !g.App().Help() {
		t.Fatal("H did not open the help")
	}
	img := shot(t, g, "help")
	// The help darkens the whole view: the centre is panel, not scene.
	cx, cy := g.outW/2, g.outH/2
	if n := countNear(img, image.Rect(cx-50, cy-20, cx+50, cy+20), 20, rgb(colPanelBg)); n < 1000 {
		t.Errorf("help box not at the centre (%d panel pixels)", n)
	}
	sc.key(input.KeyF1, false, false)
	drain(t, g, sc)
	if g.App().Help() {
		t.Error("F1 did not close the help")
	}
}

func TestWindowCorruptFile(t *testing.T) {
	g, _ := demo(t)
	rec := g.App().Recording()
	dir := t.TempDir()
	bad := filepath.Join(dir, "broken.log")
	data := testrec.Bytes(10)
	data[30] ^= 0xff // inside the first frame's header: no complete frame
	if err := os.WriteFile(bad, data[:50], 0o644); err != nil {
		t.Fatal(err)
	}
	junk := filepath.Join(dir, "notes.txt")
	if err := os.WriteFile(junk, []byte("just some text"), 0o644); err != nil {
		t.Fatal(err)
	}
	g.App().Open(loader.FileSource(bad))
	g.App().Open(loader.FileSource(junk))
	for range 600 {
		run(t, g, 1)
		if len(g.loads) == 0 {
			break
		}
		time.Sleep(time.Millisecond)
	}
	var texts []string
	for _, n := range g.App().Notices() {
		if n.Level == app.Error {
			texts = append(texts, n.Text)
		}
	}
	all := strings.Join(texts, "\n")
	for _, want := range []string{"broken.log", "notes.txt: byte 0: not a CARLA recording"} {
		if !strings.Contains(all, want) {
			t.Errorf("error notices %q lack %q", all, want)
		}
	}
	if !strings.Contains(all, "byte ") {
		t.Errorf("the error does not say where: %q", all)
	}
	if g.App().Recording() != rec {
		t.Error("the bad file replaced the open recording")
	}
	run(t, g, 5) // still running
	shot(t, g, "errors")
}

// sharedCarla is the shared test data's directory of real recordings.
func sharedCarla(t *testing.T) string {
	t.Helper()
	dir := filepath.Join("..", "..", "shared", "testdata", "carla")
	if _, err := os.Stat(dir); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("shared test data missing: %v", err)
		}
		t.Skipf("shared test data missing: %v", err)
	}
	return dir
}

// TestWindowRealRecordings opens CARLA's own files (which bring their
// town, Town01.xodr, from beside them), follows the hero while playing
// and checks the panel and the state agree.
func TestWindowRealRecordings(t *testing.T) {
	dir := sharedCarla(t)
	for _, name := range []string{"carla-0.9.10-town01-lanecenter.log", "carla-0.9.13-town01-lanecenter.log"} {
		t.Run(name, func(t *testing.T) {
			g, sc := newTestGame(t, loader.FileSource(filepath.Join(dir, name)))
			a := g.App()
			if a.Recording() == nil || a.Recording().Err() != nil {
				t.Fatalf("recording %v", a.Recording())
			}
			sc.key(input.KeyTab, false, false)
			sc.key(input.KeySpace, false, false)
			drain(t, g, sc)
			run(t, g, 6*60)
			// The recording brought its town, Town01.xodr beside it, and
			// the scene handed its roads to the renderer.
			if a.Roads() == nil || g.scene.rn != a.Roads() {
				t.Errorf("town map: app roads %v, scene roads %v", a.Roads() != nil, g.scene.rn != nil)
			}
			hero := a.State().Hero()
			if hero == nil || a.Following() != hero.ID {
				t.Fatalf("following %d, hero %v", a.Following(), hero)
			}
			if p := a.ActorPanel().String(); !strings.Contains(p, "(hero)  [following]") || !strings.Contains(p, "vehicle.lincoln") {
				t.Errorf("panel:\n%s", p)
			}
			// The chase camera rides behind the hero: centred across (the
			// smoothed heading lags a turn a little), below the middle.
			w, h := g.lay.view.w(), g.lay.view.h()
			x, y, _, ok := a.View().WorldToScreen(render3(hero.World.Location))
			if !ok || a.View().Ortho || math.Abs(x-w/2) > 0.03*w || y < h/2 || y > 0.75*h {
				t.Errorf("chased hero at %v,%v on screen", x, y)
			}
			shot(t, g, strings.TrimSuffix(name, ".log"))
			sc.key(input.KeyT, false, false)
			drain(t, g, sc)
			// Top-down, the followed hero stays in the middle.
			hero = a.State().Hero()
			x, y, _, ok = a.View().WorldToScreen(render3(hero.World.Location))
			if !ok || !a.View().Ortho || math.Abs(x-w/2) > 2 || math.Abs(y-h/2) > 2 {
				t.Errorf("top-down, the followed hero is at %v,%v", x, y)
			}
			shot(t, g, strings.TrimSuffix(name, ".log")+"-top")
		})
	}
}

// BenchmarkWindowUpdate is one Update while a recording plays with the
// camera following its first actor and the actor panel open: input, the
// app's tick, the scene's draw list and the overlay. Draw is not counted:
// it only submits what Update built. Run under xvfb-run -a.
func BenchmarkWindowUpdate(b *testing.B) {
	b.Run("demo", func(b *testing.B) {
		g, sc := demo(b)
		benchUpdate(b, g, sc)
	})
	b.Run("builtin-demo", func(b *testing.B) {
		m, l, err := assets.Demo()
		if err != nil {
			b.Fatal(err)
		}
		g, sc := newTestGame(b, loader.BytesSource("demo-city.bai", m), loader.BytesSource("demo-traffic.log", l))
		benchUpdate(b, g, sc)
	})
	b.Run("carla-0.9.13", func(b *testing.B) {
		dir := filepath.Join("..", "..", "shared", "testdata", "carla")
		if _, err := os.Stat(dir); err != nil {
			b.Skip(err)
		}
		g, sc := newTestGame(b, loader.FileSource(filepath.Join(dir, "carla-0.9.13-town01-lanecenter.log")))
		benchUpdate(b, g, sc)
	})
}

func benchUpdate(b *testing.B, g *Game, sc *script) {
	sc.key(input.KeyTab, false, false)
	sc.key(input.KeyL, false, false)
	sc.key(input.KeySpace, false, false)
	drain(b, g, sc)
	run(b, g, 120)
	runtime.LockOSThread() // for cputime.Thread
	defer runtime.UnlockOSThread()
	b.ReportAllocs()
	b.ResetTimer()
	c0, ok := cputime.Thread()
	for range b.N {
		g.step()
	}
	if c1, ok1 := cputime.Thread(); ok && ok1 {
		b.ReportMetric(float64(c1-c0)/float64(b.N), "cpu-ns/op")
	}
}

// TestWindowUpdateAllocs: once warm, a playing Update with the actor
// panel, the timeline and notices allocates nothing; so does one with
// the thresholds panel open.
func TestWindowUpdateAllocs(t *testing.T) {
	g, sc := demo(t)
	sc.key(input.KeyTab, false, false) // select and follow: the panel shows
	sc.key(input.KeyL, false, false)
	sc.key(input.KeySpace, false, false)
	drain(t, g, sc)
	run(t, g, 200)
	if n := testing.AllocsPerRun(100, g.step); n != 0 {
		t.Errorf("a playing Update allocates %v times", n)
	}
	// The thresholds panel open, a threshold off its default: its rows
	// are written every tick.
	sc.key(input.KeyK, true, false)
	sc.key(input.KeyDown, false, false)
	sc.key(input.KeyRight, false, false)
	drain(t, g, sc)
	run(t, g, 200)
	if g.pan.list.kind != listThresholds {
		t.Fatalf("Shift+K laid out list %v", g.pan.list.kind)
	}
	if n := testing.AllocsPerRun(100, g.step); n != 0 {
		t.Errorf("a playing Update with the thresholds panel open allocates %v times", n)
	}
}

// TestWindowTimelineTooltip: hovering a mark lists its event.
func TestWindowTimelineTooltip(t *testing.T) {
	g, sc := demo(t)
	c := g.App().Clock()
	b := g.lay.bar
	tl := playback.Timeline{X: b.x0, Width: b.w(), Start: c.Start(), End: c.End()}
	x := tl.XAt(float64(testrec.CollisionFrame) / testrec.Hz)
	sc.queue = append(sc.queue, input.Snapshot{Mouse: input.Mouse{X: x, Y: (b.y0 + b.y1) / 2}})
	drain(t, g, sc)
	tip := string(g.hud.tip)
	if !g.hud.tipShown {
		t.Error("no tooltip over the bar")
	}
	for _, want := range []string{"0:02.00   frame 41", "collision  100 with 101"} {
		if !strings.Contains(tip, want) {
			t.Errorf("tooltip %q lacks %q", tip, want)
		}
	}
	shot(t, g, "tooltip")
	if c.Time() != 0 {
		t.Errorf("hovering moved the time to %v", c.Time())
	}
}

// TestWindowBuiltInDemo opens the demo the viewer shows with no file
// (package assets) and plays, steps and seeks to the end in it.
func TestWindowBuiltInDemo(t *testing.T) {
	m, l, err := assets.Demo()
	if err != nil {
		t.Fatal(err)
	}
	g, sc := newTestGame(t, loader.BytesSource("demo-city.bai", m), loader.BytesSource("demo-traffic.log", l))
	a := g.App()
	c := a.Clock()
	if c == nil || a.Map() == nil || len(a.State().Actors) == 0 {
		t.Fatal("the demo shows no map, recording or actors")
	}
	img := shot(t, g, "builtin-demo")
	roads := []color.RGBA{{0x3b, 0x3f, 0x46, 255}, {0x55, 0x5a, 0x63, 255}, {0x47, 0x4b, 0x53, 255}}
	if n := countNear(img, irect(g.lay.view), 3, roads...); n < 5000 {
		t.Errorf("only %d road-coloured pixels in the 3D view", n)
	}
	sc.key(input.KeySpace, false, false)
	drain(t, g, sc)
	run(t, g, 118)
	if !c.Playing() || math.Abs(c.Time()-2) > 1e-9 {
		t.Errorf("after 120 ticks playing: time %v, playing %v", c.Time(), c.Playing())
	}
	frame := c.Frame()
	sc.key(input.KeySpace, false, false)
	sc.key(input.KeyRight, false, false)
	drain(t, g, sc)
	if c.Frame() != frame+1 || a.State().Frame != frame+1 {
		t.Errorf("step from frame %d: clock %d, state %d", frame, c.Frame(), a.State().Frame)
	}
	sc.key(input.KeyEnd, false, false)
	drain(t, g, sc)
	if c.Frame() != c.Frames()-1 || a.State().Frame != c.Frames()-1 {
		t.Errorf("End: clock frame %d, state frame %d, of %d", c.Frame(), a.State().Frame, c.Frames())
	}
	shot(t, g, "builtin-demo-end")
}

// TestWindowScriptedKeys: Options.Keys are pressed once the files have
// loaded (not before: Tab needs actors), and a screenshot waits for them.
func TestWindowScriptedKeys(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "keys.png")
	g, err := NewGame(Options{
		Sources: []loader.Source{demoMap(t), loader.BytesSource("run.log", testrec.Bytes(testFrames))},
		Keys:    []input.Tap{{Key: input.KeyTab}, {Key: input.KeyH}, {Key: input.KeyRight, Shift: true}},
		Input:   &script{}, Screenshot: out, Frames: 2,
	})
	if err != nil {
		t.Fatal(err)
	}
	defer g.Close()
	g.Layout(testW, testH)
	deadline := time.Now().Add(20 * time.Second)
	for {
		err := g.Update()
		if errors.Is(err, ebiten.Termination) {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		if time.Now().After(deadline) {
			t.Fatal("the screenshot was never taken")
		}
		time.Sleep(time.Millisecond)
	}
	a := g.App()
	if a.Selected() != testrec.Hero || !a.Help() || a.Clock().Time() != 1 {
		t.Errorf("after Tab, H, Shift+Right: selected %d, help %v, time %v", a.Selected(), a.Help(), a.Clock().Time())
	}
	if _, err := os.Stat(out); err != nil {
		t.Errorf("no screenshot: %v", err)
	}
}

// TestLayerBits: the window turns input.Layer l into scenedraw's bit
// 1<<l, so the two must list the same layers in the same order; the
// last, every vehicle's path, is drawn by scenedraw.Options.Paths.
func TestLayerBits(t *testing.T) {
	names := scenedraw.LayerNames()
	if len(names) != int(input.LayerPaths) || input.LayerPaths != input.NumLayers-1 {
		t.Fatalf("scenedraw has %d layers, input %d before paths", len(names), input.LayerPaths)
	}
	for l := range input.LayerPaths {
		if bit, ok := scenedraw.ParseLayer(l.String()); !ok || bit != scenedraw.Layers(1)<<l {
			t.Errorf("layer %d %q is scenedraw's %v", l, l, bit)
		}
	}
}

// TestWindowFaultTooltip: hovering the mark of a fault above the bar
// names it as the fault list does (kind, actor, blueprint), with its
// kind's swatch, before the recording's events: the tooltip listed only
// those, so a fault's mark said nothing when pointed at.
func TestWindowFaultTooltip(t *testing.T) {
	g, sc := demo(t)
	a := g.App()
	fs := a.Faults()
	if len(fs) == 0 {
		t.Fatal("the demo has no faults")
	}
	f := fs[0]
	c := a.Clock()
	b := g.lay.bar
	tl := playback.Timeline{X: b.x0, Width: b.w(), Start: c.Start(), End: c.End()}
	sc.queue = append(sc.queue, input.Snapshot{Mouse: input.Mouse{X: tl.XAt(f.Start) + 1, Y: b.y0 - g.lay.px(5)}})
	drain(t, g, sc)
	tip := string(g.hud.tip)
	want := f.Kind.String() + "  " + strconv.FormatUint(uint64(f.Actor), 10) + " "
	if !g.hud.tipShown || !strings.Contains(tip, want) {
		t.Fatalf("tooltip %q lacks %q", tip, want)
	}
	if len(g.hud.tipEnds) < 2 || !strings.HasPrefix(tip[g.hud.tipEnds[0]:], want) {
		t.Errorf("the fault is not the tooltip's first line after the time: %q", tip)
	} else if g.hud.tipCols[1] != scenedraw.FaultColor(f.Kind) {
		t.Errorf("the fault's swatch is %v, want its kind's %v", g.hud.tipCols[1], scenedraw.FaultColor(f.Kind))
	}
	if n := testing.AllocsPerRun(20, g.step); n != 0 {
		t.Errorf("a frame with the tooltip allocates %v times", n)
	}
}

// TestWindowBlockedTooltip: the timeline draws a blocked span as a band
// and hovering inside it names the actor standing still.
func TestWindowBlockedTooltip(t *testing.T) {
	g, sc := newTestGame(t, loader.BytesSource("long.log", testrec.Bytes(700))) // 35 s: Other stands still
	c := g.App().Clock()
	b := g.lay.bar
	tl := playback.Timeline{X: b.x0, Width: b.w(), Start: c.Start(), End: c.End()}
	x := tl.XAt(20)
	sc.queue = append(sc.queue, input.Snapshot{Mouse: input.Mouse{X: x, Y: (b.y0 + b.y1) / 2}})
	drain(t, g, sc)
	if tip, want := string(g.hud.tip), "blocked  101 vehicle.audi.tt  35 s from 0:00.1"; !strings.Contains(tip, want) {
		t.Errorf("tooltip %q lacks %q", tip, want)
	}
	img := shot(t, g, "blocked")
	mid := image.Rect(int(x)-20, int(b.y0+b.h()/2)-1, int(x)+20, int(b.y0+b.h()/2)+1)
	if n := countNear(img, mid, 40, rgb(colMark[app.MarkBlocked])); n < mid.Dx()*mid.Dy()/2 {
		t.Errorf("the blocked band: %d of %d pixels", n, mid.Dx()*mid.Dy())
	}
}

// pathFS is an fs.FS whose entries know their path on disk, as
// Ebitengine's dropped files do. Its files cannot be read through it, so
// a test passes only if the window opens them by their paths.
type pathFS struct{ dir string }

func (p pathFS) Open(name string) (fs.File, error) {
	return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrPermission}
}

func (p pathFS) ReadDir(name string) ([]fs.DirEntry, error) {
	es, err := fs.ReadDir(os.DirFS(p.dir), name)
	for i, e := range es {
		es[i] = pathEntry{e, filepath.Join(p.dir, name, e.Name())}
	}
	return es, err
}

type pathEntry struct {
	fs.DirEntry
	path string
}

func (e pathEntry) AbsPath() string { return e.path }

// TestWindowDrop: files dropped on the window open by content, whatever
// their names, replacing what is shown; a folder and a stranger file get
// a notice.
func TestWindowDrop(t *testing.T) {
	g, _ := demo(t)
	a := g.App()
	oldMap := a.Map()
	// In memory (no paths), names that lie about the content.
	city := demoMap(t)
	g.openFS(fstest.MapFS{
		"drop.bai":   {Data: testrec.Bytes(30)},
		"map.log":    {Data: city.Data},
		"readme.txt": {Data: []byte("hello")},
		"sub/x.log":  {Data: testrec.Bytes(5)},
	})
	waitLoads(t, g)
	if rec := a.Recording(); rec == nil || len(rec.Frames()) != 30 || a.Map() == oldMap || a.Map() == nil {
		t.Fatalf("after the drop: recording %v, map replaced %v", a.Recording(), a.Map() != oldMap)
	}
	if !strings.Contains(a.Title(), "map.log + drop.bai") {
		t.Errorf("title %q", a.Title())
	}
	var texts []string
	for _, n := range a.Notices() {
		texts = append(texts, n.Text)
	}
	all := strings.Join(texts, "\n")
	for _, want := range []string{"readme.txt: byte 0: not a CARLA recording", "sub: a folder"} {
		if !strings.Contains(all, want) {
			t.Errorf("notices %q lack %q", all, want)
		}
	}
	// From disk: the file is opened by its path.
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "disk.log"), testrec.Bytes(12), 0o644); err != nil {
		t.Fatal(err)
	}
	g.openFS(pathFS{dir})
	waitLoads(t, g)
	if rec := a.Recording(); rec == nil || len(rec.Frames()) != 12 {
		t.Fatalf("dropped from disk: %v", rec)
	}
	if !strings.Contains(a.Title(), "disk.log") {
		t.Errorf("title %q", a.Title())
	}
}

// waitLoads runs the game until no file is loading.
func waitLoads(t *testing.T, g *Game) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for run(t, g, 1); g.App().LoadsRunning(); run(t, g, 1) {
		if time.Now().After(deadline) {
			t.Fatal("files did not load")
		}
		time.Sleep(time.Millisecond)
	}
}

// TestWindowSelectRoad: clicking a road away from every actor selects it
// and draws its panel; hovering another element while one is selected
// keeps the selected one's panel.
func TestWindowSelectRoad(t *testing.T) {
	g, sc := demo(t)
	a := g.App()
	m := a.Map()
	// The road whose middle is farthest from the origin (the actors
	// drive near it) and on screen.
	best, bx, by := -1, 0.0, 0.0
	for i := range m.Roads {
		c := m.Roads[i].Centre
		p := c[len(c)/2]
		x, y, _, ok := a.View().WorldToScreen(render3(p))
		if ok && g.lay.view.contains(x, y) && !g.pan.over(x, y) && (best < 0 || p[0]+p[1] > m.Roads[best].Centre[len(m.Roads[best].Centre)/2][0]+m.Roads[best].Centre[len(m.Roads[best].Centre)/2][1]) {
			best, bx, by = i, x, y
		}
	}
	if best < 0 {
		t.Fatal("no road on screen")
	}
	sc.click(bx, by)
	drain(t, g, sc)
	if e := a.SelectedElement(); e.Kind != scenedraw.ElementRoad {
		t.Fatalf("clicked road %d at %v,%v: selected %+v", best, bx, by, e)
	}
	panel := a.ElementPanel().String()
	if !strings.HasPrefix(panel, "Selected road ") || !strings.Contains(panel, "start\t") {
		t.Errorf("panel:\n%s", panel)
	}
	shot(t, g, "road")
	if len(g.pan.all) == 0 {
		t.Fatal("no panel drawn")
	}
}

// TestWindowRemembersSettings: a layer toggled, a speed changed and the
// window's size are written to the store a little after the change, and
// read back they give the next run the same layers and speed.
func TestWindowRemembersSettings(t *testing.T) {
	store := settings.Store{Path: filepath.Join(t.TempDir(), "settings.json")}
	sc := &script{}
	g, err := NewGame(Options{Sources: []loader.Source{loader.BytesSource("run.log", testrec.Bytes(testFrames))},
		Input: sc, Store: &store})
	if err != nil {
		t.Fatal(err)
	}
	defer g.Close()
	g.Layout(testW, testH)
	waitLoads(t, g)
	sc.key(input.KeyDigit3, false, false) // rails off
	sc.key(input.KeyUp, false, false)     // 2x
	drain(t, g, sc)
	run(t, g, saveDelay+2)
	s, err := store.Load()
	if err != nil {
		t.Fatal(err)
	}
	w, h := ebiten.WindowSize()
	if s.Layers["rails"] || !s.Layers["lanes"] || s.Speed != 2 || s.WindowWidth != w || s.WindowHeight != h {
		t.Errorf("saved %+v (window %dx%d)", s, w, h)
	}
	next, err := NewGame(Options{Settings: s})
	if err != nil {
		t.Fatal(err)
	}
	defer next.Close()
	if next.App().LayerOn(input.LayerRails) || next.App().Settings().Speed != 2 {
		t.Errorf("the next run: rails %v, speed %v", next.App().LayerOn(input.LayerRails), next.App().Settings().Speed)
	}
}

// TestLayoutScales: on a high-DPI screen (device scale s) the window is
// laid out in device pixels at s times the sizes, so it keeps its
// proportions and draws 1:1, sharp.
func TestLayoutScales(t *testing.T) {
	one := newLayout(1280, 800, 1)
	for _, s := range []float64{1.5, 2, 3} {
		l := newLayout(1280*s, 800*s, s)
		for _, pair := range [][2]rect{{l.view, one.view}, {l.timeline, one.timeline}, {l.bar, one.bar}, {l.status, one.status}} {
			got, want := pair[0], pair[1]
			if math.Abs(got.x0-want.x0*s) > 1e-9 || math.Abs(got.y0-want.y0*s) > 1e-9 ||
				math.Abs(got.x1-want.x1*s) > 1e-9 || math.Abs(got.y1-want.y1*s) > 1e-9 {
				t.Errorf("scale %v: %+v, want %+v times %v", s, got, want, s)
			}
		}
		if vp := l.viewport(); vp.Scale != s || vp.Width != 1280*s {
			t.Errorf("scale %v: viewport %+v", s, vp)
		}
	}
	f, err := newFonts()
	if err != nil {
		t.Fatal(err)
	}
	f.setScale(2)
	if f.regular.Size != 2*fontSize || f.lineH != math.Round(2*fontSize*lineSpacing) {
		t.Errorf("fonts at scale 2: size %v, line %v", f.regular.Size, f.lineH)
	}
}

// TestWindowIdlesWhenPaused: a paused window with nothing to do lets the
// loop idle (FPSModeVsyncOffMinimum, redrawing only on input); playing
// renders every frame.
func TestWindowIdlesWhenPaused(t *testing.T) {
	g, sc := demo(t)
	defer ebiten.SetFPSMode(ebiten.FPSModeVsyncOn)
	g.App().DismissNotices()
	run(t, g, app.TPS+1) // a second without input
	if g.vsyncOn || ebiten.FPSMode() != ebiten.FPSModeVsyncOffMinimum {
		t.Fatalf("paused and idle: vsync %v, mode %v", g.vsyncOn, ebiten.FPSMode())
	}
	sc.key(input.KeySpace, false, false)
	drain(t, g, sc)
	if !g.vsyncOn || ebiten.FPSMode() != ebiten.FPSModeVsyncOn {
		t.Errorf("playing: vsync %v, mode %v", g.vsyncOn, ebiten.FPSMode())
	}
}

// TestWindowDirtyTiles: the demo playing for two seconds, drawn every
// frame on one image as the window's screen is (only the tiles painted
// over the kept map copied back), ends as the same picture as its last
// frame drawn whole: no actor, label, light or panel leaves pixels behind.
func TestWindowDirtyTiles(t *testing.T) {
	m, l, err := assets.Demo()
	if err != nil {
		t.Fatal(err)
	}
	g, sc := newTestGame(t, loader.BytesSource("demo-city.bai", m), loader.BytesSource("demo-traffic.log", l))
	sc.key(input.KeySpace, false, false)
	drain(t, g, sc)
	screen := ebiten.NewImage(g.outW, g.outH)
	defer screen.Deallocate()
	for range 120 {
		run(t, g, 1)
		g.Draw(screen)
	}
	if _, held := g.scene.eb.Kept(); held == 0 {
		t.Fatal("the map was not kept: the test does not test")
	}
	got := image.NewRGBA(screen.Bounds())
	screen.ReadPixels(got.Pix)
	want := shot(t, g, "dirty-tiles-whole") // a new image: drawn whole
	if d := differ(got, want); d != 0 {
		t.Errorf("%d pixels of the screen kept frame after frame differ from the frame drawn whole", d)
	}
}

// differ counts the pixels where a and b differ.
func differ(a, b *image.RGBA) int {
	n := 0
	for i := 0; i+3 < len(a.Pix) && i+3 < len(b.Pix); i += 4 {
		if a.Pix[i] != b.Pix[i] || a.Pix[i+1] != b.Pix[i+1] || a.Pix[i+2] != b.Pix[i+2] || a.Pix[i+3] != b.Pix[i+3] {
			n++
		}
	}
	return n
}
