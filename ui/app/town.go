package app

import (
	"errors"

	"github.com/mm2carla/viewer/analysis/pipeline"
	"github.com/mm2carla/viewer/analysis/towns"
	"github.com/mm2carla/viewer/ui/loader"
)

// A CARLA recording opened with no map names the town it was made on;
// the window then finds that town's map (pipeline.FindTown: beside the
// recording, in the maps folder, in a CARLA installation, built in, else
// a map beside it that is the place by its content; the search the
// command line makes too) and opens it, saying which map and from where,
// so that a recording never floats over an empty grid without a word. A
// map the user opened that is another town than the recording's gets a
// warning instead.
//
// The search reads the file system (stat calls across folders and a
// CARLA installation, the first bytes of the maps beside the recording):
// about 10 ms, too long for a tick. It runs in a goroutine of its own
// (townJob), started when a recording shows, and its result is taken in
// a later tick (pollTown); the lane pass waits for it as it waits for a
// map that is loading.

// townJob is one search for a recording's town, or its going on past a
// damaged file (towns.Result.Fallback), running off the UI goroutine,
// which also opens and sniffs the town found (pipeline.Open) for the
// loader to take over.
type townJob struct {
	done chan townFound // holds the result once the search is done
	name string         // the recording's, for the progress box
}

// townFound is a town search's result, and the map it found opened.
type townFound struct {
	t   towns.Result
	in  *pipeline.Input // nil when none was found, or with err
	err error           // why the map found could not be opened
}

// startTownJob runs find, the search for the town of the recording
// called name, in a new goroutine.
func startTownJob(name string, find func() towns.Result) *townJob {
	j := &townJob{done: make(chan townFound, 1), name: name} // buffered: a search dropped never blocks
	go func() {
		f := townFound{t: find()}
		if f.t.Found() {
			f.in, f.err = pipeline.Open(townSource(f.t))
		}
		j.done <- f
	}()
	return j
}

// townSource is the source a town found is loaded from.
func townSource(t towns.Result) loader.Source {
	return loader.Source{Name: t.Name, Path: t.Path, Data: t.Data}
}

// result returns the search's result once it is done, without waiting.
func (j *townJob) result() (townFound, bool) {
	select {
	case f := <-j.done:
		return f, true
	default:
		return townFound{}, false
	}
}

// drop lets the search finish unheeded, closing the file it opens.
func (j *townJob) drop() {
	go func() {
		if f := <-j.done; f.in != nil {
			f.in.Close()
		}
	}()
}

// dropTown drops the town search under way, if any.
func (a *App) dropTown() {
	if a.tw.job != nil {
		a.tw.job.drop()
		a.tw.job = nil
	}
}

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

// openTown starts the search for the town map of the recording res when
// no map is open or loading, or the open one is a town found for an
// earlier recording; a map the user opened is checked against the town
// instead. A search under way for an earlier recording is dropped.
func (a *App) openTown(res *loader.Result) {
	a.dropTown()
	if res.Source.Path == "" { // the built-in demo, or a dropped file with no folder
		return
	}
	header := res.Recording.Header().Map
	if given := a.openMapSource(); given.Name != "" && !a.isTown(given) {
		a.warnMismatch(res, given)
		return
	}
	if a.mapRes != nil && towns.TownName(header) == a.tw.last.Town {
		return // the town found for the last recording is this one's too
	}
	path, dir, find := res.Source.Path, a.tw.dir, a.tw.find
	if find == nil {
		find = pipeline.FindTown
	}
	a.tw.job = startTownJob(res.Source.Name, func() towns.Result { return find(path, header, towns.OptionsFromEnv(dir)) })
}

// pollTown takes the result of the town search once it is done: it says
// what was found and opens it, unless the user opened a map meanwhile,
// which wins. When nothing is found (or it cannot be opened) the lane
// pass, which waited for the search, runs without a map.
func (a *App) pollTown() {
	j := a.tw.job
	if j == nil {
		return
	}
	f, ok := j.result()
	if !ok {
		return
	}
	a.tw.job = nil
	if given := a.openMapSource(); given.Name != "" && !a.isTown(given) {
		if f.in != nil {
			f.in.Close()
		}
		return // the user's map: installMap checks it against the town
	}
	a.tw.last = f.t
	a.openFoundTown(f)
	if a.mapJob == nil && a.an.assoc == nil && a.an.job == nil {
		a.analyze() // no town to wait for: the pass runs without it
	}
}

// TownSearching reports whether a search for the recording's town is
// under way.
func (a *App) TownSearching() bool { return a.tw.job != nil }

// warnMismatch warns when the map given, a map the user opened, is by its
// name another CARLA town than the recording res names (towns.Mismatch),
// once for the pair.
func (a *App) warnMismatch(res *loader.Result, given loader.Source) {
	key := res.Source.Path + "\x00" + res.Source.Name + "\x00" + given.Path + "\x00" + given.Name
	if key == a.tw.warned {
		return
	}
	a.tw.warned = key
	if w := towns.Mismatch(res.Recording.Header().Map, given.Name, res.Source.Name); w != "" {
		a.notify(Warning, w)
	}
}

// checkGivenMap checks a map the user opened, res, against the recording
// shown, when it opened after it (warnMismatch); a town search under way
// is moot, and dropped.
func (a *App) checkGivenMap(res *loader.Result) {
	if a.isTown(res.Source) {
		return
	}
	a.dropTown()
	if a.recRes != nil && a.recRes.Recording != nil {
		a.warnMismatch(a.recRes, res.Source)
	}
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

// openFoundTown says what the search found and loads the map it opened
// (a town found is no file the user opened: it is not a recent file).
func (a *App) openFoundTown(f townFound) {
	t := f.t
	if n := t.Notice(); n != "" {
		level := Info
		if t.Warn() {
			level = Warning
		}
		a.notify(level, n)
	}
	if !t.Found() {
		return
	}
	err := f.err
	if err == nil && f.in.Kind() != loader.KindMap {
		f.in.Close()
		err = errors.New(t.Name + ": not a map")
	}
	if err != nil {
		a.townFallback(err) // as for a map that fails to load
		return
	}
	a.openJob(loader.StartOpened(townSource(t), f.in, nil, a.loadOpt))
}

// townFailed goes on with the search, in the background, when the map
// that failed to load, res, is the town found: a damaged file gives way
// to the next source (the built-in town at last), and the notice says
// why.
func (a *App) townFailed(res *loader.Result) bool {
	if res.Err == nil || !a.isTown(res.Source) {
		return false
	}
	a.townFallback(res.Err)
	return true
}

// townFallback goes on with the last search past its map, which could
// not be read (err), in the background.
func (a *App) townFallback(err error) {
	a.dropTown()
	last, name := a.tw.last, ""
	if a.recRes != nil {
		name = a.recRes.Source.Name
	}
	a.tw.job = startTownJob(name, func() towns.Result { return last.Fallback(err) })
}
