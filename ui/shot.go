package ui

import (
	"bufio"
	"fmt"
	"image"
	"image/png"
	"os"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/mm2carla/viewer/ui/app"
)

// maxLoadTicks bounds how long a screenshot waits for its files to load
// (ten minutes at 60 ticks a second), so a scripted run always ends.
const maxLoadTicks = 10 * 60 * app.TPS

// screenshot writes the window to a PNG after a number of frames once
// every file has loaded, then ends the game: it lets scripts and tests
// check the app under xvfb-run.
type screenshot struct {
	path   string
	frames int
	ticks  int // ticks since the files loaded
	wait   int // ticks spent waiting for them
	err    error
}

// update counts a tick and, when it is time, renders the frame Update has
// just built into an image of the screen's size (the same Draw the window
// uses, so the picture is what the window shows), writes it and returns
// ebiten.Termination.
func (s *screenshot) update(g *Game) error {
	if (len(g.loads) > 0 || !g.taps.done()) && s.wait < maxLoadTicks {
		s.wait++
		return nil
	}
	s.ticks++
	if s.ticks < max(s.frames, 1) {
		return nil
	}
	img := ebiten.NewImage(g.outW, g.outH)
	g.Draw(img)
	s.err = writePNG(s.path, img)
	if s.err == nil {
		fmt.Fprintf(g.opt.Log, "viewer: wrote %s (%dx%d) after %d frames\n", s.path, g.outW, g.outH, s.ticks)
	}
	return ebiten.Termination
}

// writePNG reads img's pixels and encodes them.
func writePNG(path string, img *ebiten.Image) error {
	b := img.Bounds()
	rgba := image.NewRGBA(b)
	img.ReadPixels(rgba.Pix)
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	w := bufio.NewWriter(f)
	err = png.Encode(w, rgba)
	if ferr := w.Flush(); err == nil {
		err = ferr
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}
