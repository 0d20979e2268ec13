package app

import "github.com/mm2carla/viewer/ui/loader"

// Choosing a folder in the in-window chooser: Ctrl+Alt+O shows it for a
// folder (where no folder dialog is installed), listing the folder itself
// as a "." row; Ctrl+Enter, in either chooser, opens the folder under the
// cursor or the one listed. A folder chosen opens as its runs table, as
// a folder dropped on the window does.

// ForFolder reports whether the chooser was shown to choose a folder
// (Ctrl+Alt+O); Ctrl+Enter opens one either way.
func (c *Chooser) ForFolder() bool { return c.folder }

// FolderChoice returns the folder Ctrl+Enter opens as a runs table: the
// folder under the cursor, else (on a file, "." or "..") the folder
// listed, as a folder dialog's "choose" takes the folder selected, else
// the one it is in.
func (c *Chooser) FolderChoice() string {
	if i := c.list.cursor; i < len(c.rows) && c.rows[i].Kind == EntryFolder {
		return c.Row(i).Path
	}
	return c.dir
}

// OpenFolderChooser shows the in-window chooser to choose a folder of
// recordings (Ctrl+Alt+O where no folder dialog is installed): Enter
// goes into a folder, Ctrl+Enter opens the one under the cursor (or the
// one listed) as a runs table.
func (a *App) OpenFolderChooser(dir string) {
	a.OpenChooser(false, dir)
	a.chooser.folder = true
	a.chooser.recent = a.chooser.recent[:0] // files: not what is chosen here
	a.chooser.goFirst = true                // on ".": Enter opens the folder shown
	a.chooser.rebuild()
}

// openEntered opens what Enter or a second click chose: a folder as its
// runs table, else the files.
func (a *App) openEntered(files []string, folder string) {
	if folder != "" {
		a.openChosenFolder(folder)
		return
	}
	a.openChosen(files)
}

// openChosenFolder closes the chooser and shows the runs table of the
// recordings in dir, as a folder dropped on the window does.
func (a *App) openChosenFolder(dir string) {
	a.chooser.close()
	a.OpenFiles([]loader.Source{loader.FileSource(dir)})
}

// openChosen closes the chooser and opens the files chosen, as the
// native dialog's choice is opened (nil: nothing chosen, it stays).
func (a *App) openChosen(paths []string) {
	if len(paths) == 0 {
		return
	}

	compare := a.chooser.compare
	a.chooser.close()
	if compare {
		for _, p := range paths {
			a.OpenCompare(loader.FileSource(p)) // the last recording chosen is B
		}
		return
	}
	srcs := make([]loader.Source, len(paths))
	for i, p := range paths {
		srcs[i] = loader.FileSource(p)
	}
	a.OpenFiles(srcs)
}
