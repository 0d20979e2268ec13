package ui

import (
	"bytes"
	"image/gif"
	"image/png"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/mm2carla/viewer/ui/app"
	"github.com/mm2carla/viewer/ui/input"
)

// TestWindowSaveAndExport: Ctrl+S writes the window, at its size, to the
// pictures folder (VIEWER_PICTURES points it at a temporary directory)
// and says where; Ctrl+E exports a GIF there in the background while the
// window keeps playing, showing its progress, and the GIF is whole.
func TestWindowSaveAndExport(t *testing.T) {
	dir := t.TempDir()
	t.Setenv(app.PicturesOverride, dir)
	g, sc := demo(t)
	a := g.App()
	sc.key(input.KeyS, false, true)
	drain(t, g, sc)
	png1 := filepath.Join(dir, "run-0.00s.png")
	f, err := os.Open(png1)
	if err != nil {
		t.Fatalf("Ctrl+S: %v (notices %v)", err, a.Notices())
	}
	cfg, err := png.DecodeConfig(f)
	f.Close()
	if err != nil || cfg.Width != g.outW || cfg.Height != g.outH {
		t.Errorf("saved PNG %dx%d (%v), want the window's %dx%d", cfg.Width, cfg.Height, err, g.outW, g.outH)
	}
	if !hasNotice(a, "saved the window to "+png1) {
		t.Errorf("no notice says where: %v", a.Notices())
	}
	sc.key(input.KeyS, false, true) // a second save does not overwrite
	drain(t, g, sc)
	if _, err := os.Stat(filepath.Join(dir, "run-0.00s (2).png")); err != nil {
		t.Errorf("second save: %v", err)
	}

	sc.key(input.KeyE, false, true)
	sc.key(input.KeySpace, false, false) // play while it exports
	drain(t, g, sc)
	if !a.Exporting() {
		t.Fatal("Ctrl+E started no export")
	}
	run(t, g, 1)
	t0 := a.Clock().Time()
	shot(t, g, "exporting")
	deadline := time.Now().Add(60 * time.Second)
	for a.Exporting() {
		if time.Now().After(deadline) {
			t.Fatal("the export did not finish")
		}
		run(t, g, 1)
		time.Sleep(time.Millisecond)
	}
	if a.Clock().Time() <= t0 {
		t.Errorf("the window did not play during the export: still at %v s", t0)
	}
	gifs, _ := filepath.Glob(filepath.Join(dir, "*.gif"))
	if len(gifs) != 1 {
		t.Fatalf("GIFs %v (notices %v)", gifs, a.Notices())
	}
	data, err := os.ReadFile(gifs[0])
	if err != nil {
		t.Fatal(err)
	}
	gf, err := gif.DecodeAll(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("%s: %v", gifs[0], err)
	}
	if len(gf.Image) < 2 || gf.Config.Width != app.ClipMaxWidth {
		t.Errorf("GIF of %d frames, %d wide; want an animation %d wide", len(gf.Image), gf.Config.Width, app.ClipMaxWidth)
	}
	if !hasNotice(a, "exported the clip to "+gifs[0]) {
		t.Errorf("no notice says where the clip went: %v", a.Notices())
	}
}

func hasNotice(a *app.App, text string) bool {
	for _, n := range a.Notices() {
		if n.Text == text {
			return true
		}
	}
	return false
}
