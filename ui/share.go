package ui

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/mm2carla/viewer/render/scenedraw"
	"github.com/mm2carla/viewer/ui/app"
)

// Sharing what the window shows (the rules, the names and the folders are
// in ui/app, share.go and export.go): Ctrl+S writes the frame the window
// shows to a PNG, Ctrl+E hands the app the scene options to export a GIF
// with.

// sharing is the window's part of it.
type sharing struct {
	savePending bool   // Ctrl+S: save the frame once it is built
	pictures    string // the pictures folder, looked up once
	looked      bool
}

// dir is the folder pictures and clips go to.
func (s *sharing) dir(a *app.App) string {
	if !s.looked {
		s.looked = true
		s.pictures = app.PicturesDir(app.PicturesEnv{GOOS: runtime.GOOS, Getenv: os.Getenv, Run: output, IsDir: isDir})
	}
	home, _ := os.UserHomeDir()
	return a.ShareDir(s.pictures, home)
}

// output runs a program and returns what it wrote.
func output(name string, args ...string) (string, error) {
	out, err := exec.Command(name, args...).Output()
	return string(out), err
}

func isDir(p string) bool {
	fi, err := os.Stat(p)
	return err == nil && fi.IsDir()
}

// savePNG writes the frame just built, the whole window as it shows, and
// says where.
func (g *Game) savePNG() {
	path := app.UniquePath(filepath.Join(g.share.dir(g.app), g.app.ShareName(".png")))
	img := ebiten.NewImage(g.outW, g.outH)
	defer img.Deallocate()
	g.Draw(img)
	if err := writePNG(path, img); err != nil {
		g.app.Notify(app.Error, "the picture was not saved: "+err.Error())
		return
	}
	g.app.Notify(app.Info, "saved the window to "+path)
	fmt.Fprintf(g.opt.Log, "viewer: saved %s (%dx%d)\n", path, g.outW, g.outH)
}

// exportClip starts the app's export of the view with the options the
// window draws with, minus what only the cursor points at.
func (g *Game) exportClip() {
	opt := sceneOptions(g.app)
	opt.Hovered = 0
	if g.app.SelectedElement().Kind == scenedraw.ElementNone {
		opt.Element = scenedraw.MapElement{}
	}
	var p scenedraw.Paths
	if pathsOf(g.app, &p) {
		opt.Paths = &p // its own copy: the window's changes every frame
	}
	g.app.ExportClip(g.share.dir(g.app), opt)
}
