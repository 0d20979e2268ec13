package ebitenrender

import (
	"bytes"
	"fmt"
	"os"
	"strconv"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/mm2carla/viewer/assets"
	"github.com/mm2carla/viewer/format/bai"
	"github.com/mm2carla/viewer/internal/cputime"
	"github.com/mm2carla/viewer/render"
	"github.com/mm2carla/viewer/render/scenedraw"
	"github.com/mm2carla/viewer/scene"
)

// The frame-rate harness: with EBITENRENDER_FPS set, TestMain runs this
// game instead of the tests. It plays the built-in demo at 1x in a
// 1280x800 window the way the viewer draws it (the scene built in Update
// by scenedraw, drawn in Draw through this package, supersampled, with
// the unchanged start of each list kept: Options.Cache) and prints the
// frames drawn per second of wall time. EBITENRENDER_FPS=vsync paces
// frames with vsync (what the window does while playing), =max draws as
// fast as it can. EBITENRENDER_FPS_SECONDS sets the length of the run
// (default 10), EBITENRENDER_FPS_AA=0 turns supersampling off (the viewer
// turns it off on high-DPI screens), EBITENRENDER_FPS_CACHE=0 draws every
// triangle every frame (as the viewer did before Cache),
// EBITENRENDER_FPS_EMPTY=1 draws nothing but the clear (the floor the
// machine sets), EBITENRENDER_FPS_ORBIT=1 turns the camera a little every
// frame (nothing can be kept). Measurement only: wall time never drives
// the replay, which advances 1/60 s per tick.
//
//	EBITENRENDER_FPS=max xvfb-run -a go test ./render/ebitenrender

const fpsW, fpsH = 1280, 800

type fpsGame struct {
	sr    *scenedraw.Renderer
	eb    *Renderer
	dl    *render.DrawList
	rec   *scene.Recording
	st    scene.State
	view  render.View
	t     float64
	dur   time.Duration
	start time.Time
	cpu0  time.Duration // the process's CPU time at start
	ticks int
	draws int
	tris  int
	aa    bool
	cache bool
	empty bool
	orbit bool
	cam   render.OrbitCamera
	vp    render.Viewport
	err   error
}

// runFPS runs the harness and returns the process exit code.
func runFPS(mode string) int {
	g, err := newFPSGame()
	if err != nil {
		fmt.Fprintln(os.Stderr, "fps:", err)
		return 1
	}
	g.aa = os.Getenv("EBITENRENDER_FPS_AA") != "0"
	g.cache = os.Getenv("EBITENRENDER_FPS_CACHE") != "0"
	g.empty = os.Getenv("EBITENRENDER_FPS_EMPTY") == "1"
	g.orbit = os.Getenv("EBITENRENDER_FPS_ORBIT") == "1"
	if s, err := strconv.ParseFloat(os.Getenv("EBITENRENDER_FPS_SECONDS"), 64); err == nil && s > 0 {
		g.dur = time.Duration(s * float64(time.Second))
	}
	switch mode {
	case "max":
		ebiten.SetVsyncEnabled(false)
		ebiten.SetTPS(ebiten.SyncWithFPS)
	default:
		ebiten.SetVsyncEnabled(true)
	}
	// As the viewer: Draw fills the screen itself.
	ebiten.SetScreenClearedEveryFrame(os.Getenv("EBITENRENDER_FPS_CLEAR") == "1")
	ebiten.SetWindowSize(fpsW, fpsH)
	ebiten.SetWindowTitle("ebitenrender frame rate")
	ebiten.SetScreenClearedEveryFrame(false) // as the viewer: Draw paints the background
	if err := ebiten.RunGame(g); err != nil && err != ebiten.Termination {
		fmt.Fprintln(os.Stderr, "fps:", err)
		return 1
	}
	if g.err != nil {
		fmt.Fprintln(os.Stderr, "fps:", g.err)
		return 1
	}
	secs := time.Since(g.start).Seconds()
	cpu, _ := cputime.Process()
	fmt.Printf("fps: %.1f ms of CPU a frame (the process: every thread, llvmpipe's too)\n", perFrameMS(cpu-g.cpu0, g.draws))
	fmt.Printf("fps (%s, %dx%d, antialias %v, cache %v, empty %v, orbit %v): %d frames drawn and %d ticks in %.2f s of wall time: %.1f frames/s, %.1f ticks/s; "+
		"ebiten.ActualFPS %.1f; %d triangles in the last frame; %.1f s of the demo played\n",
		mode, fpsW, fpsH, g.aa, g.cache, g.empty, g.orbit, g.draws, g.ticks, secs, float64(g.draws)/secs, float64(g.ticks)/secs, ebiten.ActualFPS(), g.tris, g.t)
	fmt.Printf("cache: %d images kept, the last holding %d of %d indices\n", g.eb.cache.kept, g.eb.cache.n, len(g.dl.Indices()))
	return 0
}

// perFrameMS is d a frame, in milliseconds.
func perFrameMS(d time.Duration, frames int) float64 {
	return float64(d.Microseconds()) / 1000 / float64(max(frames, 1))
}

func newFPSGame() (*fpsGame, error) {
	mb, lb, err := assets.Demo()
	if err != nil {
		return nil, err
	}
	bm, err := bai.DecodeBytes(mb)
	if err != nil {
		return nil, err
	}
	rec, err := scene.Open(bytes.NewReader(lb), int64(len(lb)), nil)
	if err != nil {
		return nil, err
	}
	face, err := scenedraw.LabelFace(1)
	if err != nil {
		return nil, err
	}
	g := &fpsGame{sr: scenedraw.New(), eb: New(face), dl: render.NewDrawList(), rec: rec, dur: 10 * time.Second}
	g.sr.SetMeasurer(face)
	g.sr.SetMap(scene.NewMap(bm))
	if err := rec.StateAt(0, &g.st); err != nil {
		return nil, err
	}
	vp := render.Viewport{Width: fpsW, Height: fpsH, Scale: 1}
	cam := render.NewOrbitCamera()
	scenedraw.FrameOrbit(&cam, g.sr.Bounds(&g.st), vp)
	g.cam, g.vp = cam, vp
	g.view = cam.View(vp)
	return g, nil
}

// Update advances the replay one tick and builds the frame, as the
// viewer does.
func (g *fpsGame) Update() error {
	if g.start.IsZero() {
		g.start = time.Now()
		g.cpu0, _ = cputime.Process()
	}
	if time.Since(g.start) >= g.dur {
		return ebiten.Termination
	}
	g.ticks++
	g.t += 1.0 / 60
	if g.t > g.rec.Duration() {
		g.t = 0
	}
	if g.err = g.rec.StateAt(g.t, &g.st); g.err != nil {
		return ebiten.Termination
	}
	if g.orbit {
		g.cam.Yaw += 0.002
		g.view = g.cam.View(g.vp)
	}
	opt := scenedraw.DefaultOptions()
	opt.Time, opt.VehicleColors = g.t, true
	g.sr.Build(g.dl, &g.view, &g.st, opt)
	g.tris = g.dl.TriangleCount()
	return nil
}

func (g *fpsGame) Draw(screen *ebiten.Image) {
	if g.empty {
		screen.Fill(scenedraw.Background.NRGBA())
	} else {
		g.eb.Draw(screen, g.dl, Options{AntiAlias: g.aa, Cache: g.cache, Playing: true, Background: scenedraw.Background})
	}
	g.draws++
}

func (*fpsGame) Layout(int, int) (int, int) { return fpsW, fpsH }
