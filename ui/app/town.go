package app

import (
	"github.com/mm2carla/viewer/analysis/towns"
	"github.com/mm2carla/viewer/ui/loader"
)

// A CARLA recording opened with no map names the town it was made on;
// the window then finds that town's map (towns.Find: beside the
// recording, in the maps folder, in a CARLA installation, else built in;
// the search the command line makes too) and opens it, saying which map
// and from where, so that a recording never floats over an empty grid
// without a word. A map the user opened that is another town than the
// recording's gets a warning instead.

// SetMapsDir sets the folder the recording's town map is looked for in
// ("" none, towns.MapsOff: no search at all). It is remembered.
func (a *App) SetMapsDir(dir string) {
	if dir != a.tw.dir {
		a.tw.dir = dir
		a.settingsGen++
	}
}

// MapsDir returns the folder the recording's town map is looked for in.
func (a *App) MapsDir() string { return a.tw.dir }

// openTown finds and opens the town map of the recording res when no map
// is open or loading, or the open one is a town found for an earlier
// recording; a map the user opened is checked against the town instead.
func (a *App) openTown(res *loader.Result) {
	if res.Source.Path == "" { // the built-in demo, or a dropped file with no folder
		return
	}
	header := res.Recording.Header().Map
	if given := a.openMapSource(); given.Name != "" && !a.isTown(given) {
		if w := towns.Mismatch(header, given.Name, res.Source.Name); w != "" {
			a.notify(Warning, w)
		}
		return
	}
	if a.mapRes != nil && towns.TownName(header) == a.tw.last.Town {
		return // the town found for the last recording is this one's too
	}
	a.tw.last = towns.Find(res.Source.Path, header, towns.OptionsFromEnv(a.tw.dir))
	a.openFoundTown()
}

// openMapSource is the source of the map open or loading (zero: none).
func (a *App) openMapSource() loader.Source {
	switch {
	case a.mapJob != nil:
		return a.mapJob.Source()
	case a.mapRes != nil:
		return a.mapRes.Source
	}
	return loader.Source{}
}

// isTown reports whether src is the town map the search opened.
func (a *App) isTown(src loader.Source) bool {
	return a.tw.last.Found() && src.Name == a.tw.last.Name && src.Path == a.tw.last.Path
}

// openFoundTown says what the search found and opens it.
func (a *App) openFoundTown() {
	t := a.tw.last
	if n := t.Notice(); n != "" {
		level := Info
		if t.Warn() {
			level = Warning
		}
		a.notify(level, n)
	}
	if t.Found() {
		a.Open(loader.Source{Name: t.Name, Path: t.Path, Data: t.Data})
	}
}

// townFailed goes on with the search when the map that failed to load,
// res, is the town found: a damaged file gives way to the next source
// (the built-in town at last), and the notice says why.
func (a *App) townFailed(res *loader.Result) bool {
	if res.Err == nil || !a.isTown(res.Source) {
		return false
	}
	a.tw.last = a.tw.last.Fallback(res.Err)
	a.openFoundTown()
	return true
}
