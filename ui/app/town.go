package app

import (
	"github.com/mm2carla/viewer/analysis/pipeline"
	"github.com/mm2carla/viewer/ui/loader"
)

// A CARLA recording opened with no map names the town it was made on;
// the window then looks for that town's OpenDRIVE file beside the
// recording and in the maps folder (pipeline.FindTown, the search the
// command line uses too) and opens it, or says that none was found, so
// that a recording never floats over an empty grid without a word.

// SetMapsDir sets the folder the recording's town map is looked for in
// ("" none, towns.MapsOff: no search at all). It is remembered.
func (a *App) SetMapsDir(dir string) {
	if dir != a.mapsDir {
		a.mapsDir = dir
		a.settingsGen++
	}
}

// MapsDir returns the folder the recording's town map is looked for in.
func (a *App) MapsDir() string { return a.mapsDir }

// openTown looks for the town map of the recording res when no map is
// open or loading, opens it when found and says what it did.
func (a *App) openTown(res *loader.Result) {
	if a.mapRes != nil || a.mapJob != nil {
		return
	}
	t, ok := pipeline.FindTown(res.Source, res.Recording, a.mapsDir)
	if !ok || t.File == "" {
		return // the header names no town: nothing to look for
	}
	named := "map " + t.Name + " (named by " + res.Source.Name + "): "
	if t.Path == "" {
		a.notify(Warning, named+t.Missing()+"; open the map, or start with --maps DIR")
		return
	}
	a.notify(Info, named+"loading "+t.Path)
	a.Open(loader.FileSource(t.Path))
}
