package ui

import (
	"errors"
	"io/fs"
	"os/exec"
	"path"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/ncruces/zenity"

	"github.com/mm2carla/viewer/ui/app"
	"github.com/mm2carla/viewer/ui/loader"
)

// openDropped opens the files dropped on the window this tick.
func (g *Game) openDropped() {
	if fsys := ebiten.DroppedFiles(); fsys != nil {
		g.openFS(fsys)
	}
}

// openFS opens the files at the top of fsys, as Ebitengine hands over
// dropped files, together (app.OpenFiles): a map replaces the map; two
// recordings are compared, the first as run A; one recording replaces
// run B while comparing, else the recording. A file with a path on disk
// is opened there (a big recording is read as the user seeks, not copied
// into memory).
func (g *Game) openFS(fsys fs.FS) {
	entries, err := fs.ReadDir(fsys, ".")
	if err != nil {
		g.app.Notify(app.Error, "dropped files: "+err.Error())
		return
	}
	var srcs []loader.Source
	defer func() { g.app.OpenFiles(srcs) }()
	for _, e := range entries {
		if e.IsDir() {
			g.app.Notify(app.Warning, e.Name()+": a folder; drop the files in it instead")
			continue
		}
		if p, ok := e.(ebiten.AbsPather); ok {
			srcs = append(srcs, loader.FileSource(p.AbsPath()))
			continue
		}
		// No path (a browser, say): read it into memory.
		data, err := fs.ReadFile(fsys, path.Clean(e.Name()))
		if err != nil {
			g.app.Notify(app.Error, e.Name()+": "+err.Error())
			continue
		}
		srcs = append(srcs, loader.BytesSource(e.Name(), data))
	}
}

// fileDialog runs the native "open" dialog in its own goroutine (it
// blocks until the user answers) and hands the answer to Update.
type fileDialog struct {
	running bool
	compare bool // the answer is run B, to compare with the open recording
	answer  chan dialogAnswer
}

type dialogAnswer struct {
	paths []string
	err   error
}

// open shows the dialog unless it is already up: for recordings and
// maps, or with compare, for the recording to compare with the open one.
func (d *fileDialog) open(compare bool) {
	if d.running {
		return
	}
	d.running, d.compare = true, compare
	d.answer = make(chan dialogAnswer, 1)
	ch := d.answer
	title := "Open recordings and maps (two recordings: compare them)"
	if compare {
		title = "Compare the open recording with (B)"
	}
	go func() {
		paths, err := zenity.SelectFileMultiple(
			zenity.Title(title),
			zenity.FileFilters{
				{Name: "CARLA recordings and MM2 maps", Patterns: []string{"*.log", "*.bai", "*.rec"}, CaseFold: true},
				{Name: "All files", Patterns: []string{"*"}},
			})
		ch <- dialogAnswer{paths, err}
		ebiten.ScheduleFrame() // wake an idle loop to read the answer
	}()
}

// poll opens what the dialog chose, or says why it failed.
func (d *fileDialog) poll(a *app.App) {
	if !d.running {
		return
	}
	select {
	case ans := <-d.answer:
		d.running = false
		switch {
		case errors.Is(ans.err, zenity.ErrCanceled):
		case ans.err != nil:
			a.Notify(app.Error, dialogFailure(ans.err))
		case d.compare:
			for _, p := range ans.paths {
				a.OpenCompare(loader.FileSource(p)) // the last recording chosen is B
			}
		default:
			srcs := make([]loader.Source, len(ans.paths))
			for i, p := range ans.paths {
				srcs[i] = loader.FileSource(p)
			}
			a.OpenFiles(srcs)
		}
	default:
	}
}

// dialogFailure says why the Open dialog did not show and what to do.
// On Linux the dialog is the zenity program (or qarma or matedialog),
// which a desktop may lack.
func dialogFailure(err error) string {
	const instead = "; open files by dropping them on the window or naming them on the command line"
	if errors.Is(err, exec.ErrNotFound) {
		return "the file dialog failed: it needs the zenity program, which is not installed (" + err.Error() + ")" + instead
	}
	return "the file dialog failed (" + err.Error() + ")" + instead
}

// busy reports whether the dialog is up (the loop keeps polling it).
func (d *fileDialog) busy() bool { return d.running }
