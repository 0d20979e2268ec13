package ui

import (
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/mm2carla/viewer/assets"
	"github.com/mm2carla/viewer/internal/cputime"
	"github.com/mm2carla/viewer/ui/input"
	"github.com/mm2carla/viewer/ui/loader"
)

// The window's frame-rate harness: with UI_FPS set, TestMain runs the
// viewer's own Game on the built-in demo, playing, in a 1280x800 window,
// as `viewer` with no arguments does (panels, legend, timeline and all),
// and prints the frames drawn per second of wall time once the demo has
// loaded. render/ebitenrender's harness measures the scene's drawing
// alone; this one is what a user sees in the status line. UI_FPS=max
// draws as fast as it can (the Game's own frame-rate mode otherwise:
// vsync while playing, which under Xvfb paces nothing); UI_FPS_SECONDS
// sets the length (default 10) counted after UI_FPS_WARMUP seconds
// (default 2: the first pass over the recording and the first kept map
// are a start's cost, not the frame rate's), UI_FPS_FILES the files to
// open instead of the built-in demo, comma-separated (a town's traffic:
// viewer demo --map Town04, then DIR/traffic.log with Town04.xodr beside
// it or the town built in), UI_FPS_KEYS keys to press first (as
// --keys: "8" hides the legend, to see what a layer costs). VIEWER_GL chooses the OpenGL as for the
// viewer (render/ebitenrender.SetGL).
//
//	UI_FPS=max xvfb-run -a -s "-screen 0 1600x1000x24" go test ./ui
func runWindowFPS(mode string) int {
	m, l, err := assets.Demo()
	if err != nil {
		fmt.Fprintln(os.Stderr, "fps:", err)
		return 1
	}
	keys, err := input.ParseTaps(os.Getenv("UI_FPS_KEYS"))
	if err != nil {
		fmt.Fprintln(os.Stderr, "fps: UI_FPS_KEYS:", err)
		return 1
	}
	sources := []loader.Source{loader.BytesSource("demo-city.bai", m), loader.BytesSource("demo-traffic.log", l)}
	if files := os.Getenv("UI_FPS_FILES"); files != "" {
		sources = nil
		for _, f := range strings.Split(files, ",") {
			sources = append(sources, loader.FileSource(f))
		}
	}
	g, err := NewGame(Options{AutoPlay: true, Keys: keys, Sources: sources})
	if err != nil {
		fmt.Fprintln(os.Stderr, "fps:", err)
		return 1
	}
	defer g.Close()
	h := &fpsWindow{g: g, max: mode == "max", dur: 10 * time.Second}
	if s, err := strconv.ParseFloat(os.Getenv("UI_FPS_SECONDS"), 64); err == nil && s > 0 {
		h.dur = time.Duration(s * float64(time.Second))
	}
	h.warm = 2 * time.Second
	if s, err := strconv.ParseFloat(os.Getenv("UI_FPS_WARMUP"), 64); err == nil && s >= 0 {
		h.warm = time.Duration(s * float64(time.Second))
	}
	ebiten.SetWindowSize(testW, testH)
	ebiten.SetWindowTitle("viewer frame rate")
	ebiten.SetScreenClearedEveryFrame(false) // as Run
	if err := ebiten.RunGame(h); err != nil && !errors.Is(err, ebiten.Termination) {
		fmt.Fprintln(os.Stderr, "fps:", err)
		return 1
	}
	secs := h.end.Sub(h.start).Seconds()
	fmt.Printf("window fps (%s, %dx%d): %d frames drawn and %d ticks in %.2f s of wall time: %.1f frames/s; ebiten.ActualFPS %.1f; %.1f ms of CPU a frame\n",
		mode, testW, testH, h.draws, h.ticks, secs, float64(h.draws)/secs, h.actual,
		float64((h.cpu1-h.cpu0).Microseconds())/1000/float64(max(h.draws, 1)))
	kept, held := g.scene.eb.Kept()
	fmt.Printf("window fps: the scene's cache drew %d images; the last holds %d of %d indices\n", kept, held, len(g.scene.dl.Indices()))
	return 0
}

// fpsWindow runs the Game and counts, from warm after the files have
// loaded (the lane and fault pass runs meanwhile, and the map is kept
// after it has stayed half a second).
type fpsWindow struct {
	g            *Game
	max          bool
	dur          time.Duration
	warm         time.Duration // not counted after the files have loaded
	loaded       time.Time
	start, end   time.Time
	ticks, draws int
	actual       float64
	cpu0, cpu1   time.Duration // the process's CPU time (every thread, llvmpipe's too)
}

func (h *fpsWindow) Update() error {
	if err := h.g.Update(); err != nil {
		return err
	}
	if h.max {
		ebiten.SetFPSMode(ebiten.FPSModeVsyncOffMaximum)
	}
	if len(h.g.loads) > 0 {
		return nil
	}
	if h.loaded.IsZero() {
		h.loaded = time.Now()
	}
	if time.Since(h.loaded) < h.warm {
		return nil
	}
	if h.start.IsZero() {
		h.start = time.Now()
		h.cpu0, _ = cputime.Process()
		return nil
	}
	h.ticks++
	if time.Since(h.start) >= h.dur {
		h.end, h.actual = time.Now(), ebiten.ActualFPS()
		h.cpu1, _ = cputime.Process()
		return ebiten.Termination
	}
	return nil
}

func (h *fpsWindow) Draw(screen *ebiten.Image) {
	h.g.Draw(screen)
	if !h.start.IsZero() {
		h.draws++
	}
}

func (h *fpsWindow) Layout(w, hh int) (int, int) { return h.g.Layout(w, hh) }
