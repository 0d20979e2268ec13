package ebitenrender

import (
	"errors"
	"fmt"
	"os"
	"runtime"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
)

// TestMain runs the tests inside Ebitengine's game loop, as Ebitengine's
// own tests do: images can be read back (ReadPixels) only once the loop
// runs, so the first Update calls m.Run and then ends the game. Without a
// display the package skips (run it under xvfb-run on a headless Linux).
// With EBITENRENDER_FPS set it runs the frame-rate harness instead
// (fps_test.go).
func TestMain(m *testing.M) {
	if runtime.GOOS == "linux" && os.Getenv("DISPLAY") == "" && os.Getenv("WAYLAND_DISPLAY") == "" {
		fmt.Println("ebitenrender: skipping the window tests: no display (run under xvfb-run -a)")
		os.Exit(0)
	}
	gl := SetGL()
	if mode := os.Getenv("EBITENRENDER_FPS"); mode != "" {
		fmt.Println("fps: OpenGL:", gl)
		os.Exit(runFPS(mode))
	}
	g := &testGame{m: m}
	ebiten.SetWindowSize(64, 64)
	ebiten.SetWindowTitle("ebitenrender test")
	err := ebiten.RunGameWithOptions(g, &ebiten.RunGameOptions{InitUnfocused: true})
	if err != nil && !errors.Is(err, ebiten.Termination) {
		fmt.Fprintln(os.Stderr, "ebitenrender: running the game loop:", err)
		os.Exit(1)
	}
	os.Exit(g.code)
}

// testGame runs the tests in its first Update.
type testGame struct {
	m    *testing.M
	code int
}

func (g *testGame) Update() error {
	g.code = g.m.Run()
	return ebiten.Termination
}

func (*testGame) Draw(*ebiten.Image) {}

func (*testGame) Layout(int, int) (int, int) { return 64, 64 }
