package ui

import (
	"errors"
	"io/fs"
	"os"
	"os/exec"
	"path"
	"path/filepath"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/ncruces/zenity"

	"github.com/mm2carla/viewer/analysis/pipeline"
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
// dropped files, together (app.OpenFiles): a folder shows the runs
// table of the recordings in it; a map replaces the map; two
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
		if p, ok := e.(ebiten.AbsPather); ok {
			// A folder opens the runs table of the recordings in it.
			srcs = append(srcs, loader.FileSource(p.AbsPath()))
			continue
		}
		if e.IsDir() {
			g.app.Notify(app.Warning, e.Name()+": a folder without a path on disk; drop the files in it instead")
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
	answer  chan dialogAnswer
}

type dialogAnswer struct {
	paths   []string
	compare bool // the recording chosen is run B, to compare with the open one
	folder  bool // a folder was asked for (Ctrl+Alt+O): it opens as a runs table
	err     error
}

// open shows the dialog unless it is already up: for recordings and
// maps, or with compare, for the recording to compare with the open one.
// When a recording (named open) is shown alone and one recording is
// chosen, a question asks whether to compare it with the open one or to
// open it instead (chooseCompare).
func (d *fileDialog) open(compare bool, open string) {
	if d.running {
		return
	}
	d.running = true
	d.answer = make(chan dialogAnswer, 1)
	ch := d.answer
	title := "Open recordings and maps (two recordings: compare them; a folder of runs: Ctrl+Alt+O)"
	if compare {
		title = "Compare the open recording with (B)"
	}
	go func() {
		paths, err := zenity.SelectFileMultiple(
			zenity.Title(title),
			zenity.FileFilters{
				{Name: "CARLA recordings and maps", Patterns: []string{"*.log", "*.rec", "*.bai", "*.xodr"}, CaseFold: true},
				{Name: "All files", Patterns: []string{"*"}},
			})
		ans := dialogAnswer{paths: paths, compare: compare, err: err}
		if err == nil && !compare {
			ans = chooseCompare(ans, open, isRecordingFile, askCompare)
		}
		ch <- ans
		ebiten.ScheduleFrame() // wake an idle loop to read the answer
	}()
}

// openFolder shows the folder dialog unless a dialog is already up: the
// folder chosen opens as the runs table of the recordings in it, as a
// folder dropped on the window does.
func (d *fileDialog) openFolder() {
	if d.running {
		return
	}
	d.running = true
	d.answer = make(chan dialogAnswer, 1)
	ch := d.answer
	go func() {
		dir, err := zenity.SelectFile(zenity.Title("Open a folder of recordings (its runs table)"), zenity.Directory())
		ans := dialogAnswer{folder: true, err: err}
		if err == nil && dir != "" {
			ans.paths = []string{dir}
		}
		ch <- ans
		ebiten.ScheduleFrame()
	}()
}

// chooseCompare asks, when one recording was chosen while another (open)
// is shown alone, whether to compare the two: "compare with this one",
// as the open recording stays run A. ask returns nil for Compare,
// zenity.ErrExtraButton for Open instead, zenity.ErrCanceled to do
// nothing.
func chooseCompare(ans dialogAnswer, open string, isRecording func(string) bool, ask func(chosen, open string) error) dialogAnswer {
	if open == "" || len(ans.paths) != 1 || !isRecording(ans.paths[0]) {
		return ans
	}
	switch err := ask(ans.paths[0], open); {
	case err == nil:
		ans.compare = true
	case errors.Is(err, zenity.ErrExtraButton):
	default:
		ans.err = err
	}
	return ans
}

// askCompare is chooseCompare's question, a native dialog.
func askCompare(chosen, open string) error {
	return zenity.Question(
		"Compare "+filepath.Base(chosen)+" with "+filepath.Base(open)+", which stays the reference (run A)? Or open it instead of "+filepath.Base(open)+"?",
		zenity.Title("Compare with this one?"),
		zenity.OKLabel("Compare"), zenity.ExtraButton("Open instead"), zenity.CancelLabel("Cancel"))
}

// isRecordingFile reports whether the file at p is a CARLA recording, by
// its content.
func isRecordingFile(p string) bool {
	in, err := pipeline.Open(pipeline.FileSource(p))
	if err != nil {
		return false
	}
	defer in.Close()
	return in.Kind() == pipeline.KindRecording
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
		case errors.Is(ans.err, exec.ErrNotFound):
			// No dialog program (zenity, qarma, matedialog): the
			// window's own chooser, which opens files the same way.
			ownChooser(a, ans)
		case ans.err != nil:
			a.Notify(app.Warning, dialogFailure(ans.err))
			ownChooser(a, ans)
		case ans.compare:
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

// ownChooser shows the window's own chooser in the dialog's place: for
// a folder when a folder was asked for.
func ownChooser(a *app.App, ans dialogAnswer) {
	if ans.folder {
		a.OpenFolderChooser(chooserStart())
		return
	}
	a.OpenChooser(ans.compare, chooserStart())
}

// dialogFailure says why the Open dialog did not show, when its program
// is there but failed (a missing one is no failure: zenity is optional,
// and the window's own chooser takes its place).
func dialogFailure(err error) string {
	return "the file dialog failed (" + err.Error() + "); the viewer's own chooser opens instead"
}

// chooserStart is the folder the window's own chooser starts in when it
// knows no better one (app.OpenChooser): the working folder, else the
// home folder.
func chooserStart() string {
	if wd, err := os.Getwd(); err == nil {
		return wd
	}
	if home, err := os.UserHomeDir(); err == nil {
		return home
	}
	return string(filepath.Separator)
}

// busy reports whether the dialog is up (the loop keeps polling it).
func (d *fileDialog) busy() bool { return d.running }
