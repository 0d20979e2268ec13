package app

import (
	"context"
	"os"
	"path/filepath"
	"sync"

	"github.com/mm2carla/viewer/analysis/fleet"
	"github.com/mm2carla/viewer/scene/playback"
	"github.com/mm2carla/viewer/ui/loader"
)

// The runs table's background job and the rules that join it to the
// rest of the app: opening folders, opening a run or two from the table
// and going back to it.

// runsJob walks the folders and checks every recording found
// (fleet.CheckAll, on bounded workers) on its own goroutine; Tick takes
// what it found so far (poll).
type runsJob struct {
	cancel context.CancelFunc
	mu     sync.Mutex
	paths  []string // the recordings found, nil until walked
	runs   []*fleet.Run
	taken  int // runs handed to the table
	err    error
	done   bool
	walked bool
}

// startRuns walks folders and checks what it finds with opt.
func startRuns(folders []string, opt fleet.Options) *runsJob {
	ctx, cancel := context.WithCancel(context.Background())
	j := &runsJob{cancel: cancel}
	go j.run(ctx, folders, &opt)
	return j
}

func (j *runsJob) run(ctx context.Context, folders []string, opt *fleet.Options) {
	in, err := fleet.Walk(folders)
	var items []fleet.Item
	if in != nil {
		items = in.Items
	}
	j.mu.Lock()
	j.err, j.walked = err, true
	j.paths = []string{}
	for _, it := range items {
		j.paths = append(j.paths, it.Path)
	}
	j.mu.Unlock()
	if err == nil {
		fleet.CheckAll(ctx, items, opt, func(r *fleet.Run) {
			if ctx.Err() != nil {
				return
			}
			j.mu.Lock()
			j.runs = append(j.runs, r)
			j.mu.Unlock()
		})
	}
	j.mu.Lock()
	j.done = true
	j.mu.Unlock()
}

// poll hands what the job found since the last poll to r, and reports
// whether the job is over.
func (j *runsJob) poll(r *RunsTable) (err error, over bool) {
	j.mu.Lock()
	defer j.mu.Unlock()
	if j.walked && r.total < 0 {
		r.setItems(j.paths, r.folder)
	}
	for ; j.taken < len(j.runs); j.taken++ {
		r.add(j.runs[j.taken])
	}
	return j.err, j.done
}

// RunsTable returns the runs table.
func (a *App) RunsTable() *RunsTable { return &a.runs }

// splitFolders returns the sources that are not folders, and the paths
// of those that are.
func splitFolders(srcs []loader.Source) (files []loader.Source, folders []string) {
	for _, s := range srcs {
		if s.Path != "" {
			if st, err := os.Stat(s.Path); err == nil && st.IsDir() {
				folders = append(folders, s.Path)
				continue
			}
		}
		files = append(files, s)
	}
	return files, folders
}

// openRuns shows the runs table of folders and starts checking them,
// each recording with its own map, with the app's thresholds, its hero's
// penalty in the leaderboard edition of the rule profile (2.0 with our
// own rules).
func (a *App) openRuns(folders []string) {
	name := folders[0]
	if len(folders) > 1 {
		name += " and " + itoa(len(folders)-1) + " more"
	}
	a.runs.reset(name)
	if len(folders) == 1 {
		a.runs.folder = folders[0]
	}
	a.closeListsBut(nil)
	a.runs.job = startRuns(folders, fleet.Options{Thresholds: a.an.thresholds, MapsDir: a.tw.dir, Leaderboard: a.an.rules.version()})
}

// pollRuns takes the runs checked since the last tick, and goes where
// the run opened from the table asked once it has loaded.
func (a *App) pollRuns() {
	if j := a.runs.job; j != nil {
		err, over := j.poll(&a.runs)
		if over {
			a.runs.job = nil
			switch {
			case err != nil:
				a.notify(Error, err.Error())
			case a.runs.total == 0:
				a.notify(Warning, a.runs.folder+": no recordings in it")
			default:
				a.notify(Info, "checked "+itoa(a.runs.total)+" runs in "+a.runs.folder)
			}
		}
	}
	p := a.runs.pending
	if p == nil || a.recJob != nil || a.mapJob != nil || a.cmp.job != nil {
		return
	}
	a.runs.pending = nil
	if a.recRes == nil || a.recRes.Source.Path != p.Path || a.rp.clock == nil {
		return // it did not open: the notices say why
	}
	a.rp.clock.Apply(playback.GoTo(p.Time))
	a.refreshState()
	if p.Actor != 0 {
		a.sel.selectActor(p.Actor)
		a.startFollow(p.Actor)
	}
}

// stopRuns stops checking (the app closes).
func (a *App) stopRuns() {
	if a.runs.job != nil {
		a.runs.job.cancel()
		a.runs.job = nil
	}
}

// pickRun opens the run on row i: at its first fault with that fault's
// actor selected and followed (Target); with two runs marked, the two
// as a comparison instead, the first marked as run A.
func (a *App) pickRun(i int) {
	if ta, tb, ok := a.runs.MarkedTargets(); ok {
		a.runs.list.close()
		a.CloseCompare()
		a.runs.pending = &ta
		a.OpenFiles(append(a.mapSource(ta.Map), loader.FileSource(ta.Path), loader.FileSource(tb.Path)))
		return
	}
	a.openRun(i)
}

// openRun opens the run on row i alone, at its Target.
func (a *App) openRun(i int) {
	t, ok := a.runs.Target(i)
	if !ok {
		if a.runs.Path(i) != "" {
			a.notify(Info, "still checking "+a.runs.Path(i))
		}
		return
	}
	a.runs.list.cursor, a.runs.list.free = i, false // back to the table: on this row
	a.runs.list.close()
	a.CloseCompare()
	a.runs.pending = &t
	a.OpenFiles(append(a.mapSource(t.Map), loader.FileSource(t.Path)))
}

// mapSource is the map to open with a run: the one it was checked with,
// unless it is open already, or it is a town built in: the check names
// one by its file name ("Town05.xodr", no such file), and the
// recording's own town search finds it as the check did (opening the
// name as a file failed with an error notice).
func (a *App) mapSource(path string) []loader.Source {
	if path == "" || (a.mapRes != nil && a.mapRes.Source.Path == path && a.mapJob == nil) {
		return nil
	}
	if filepath.Base(path) == path {
		if _, err := os.Stat(path); err != nil {
			return nil
		}
	}
	return []loader.Source{loader.FileSource(path)}
}

// PickRunRow opens the run on row i alone, as Enter on it does with
// nothing marked (a click on the row: the row clicked is the one meant,
// whatever is marked).
func (a *App) PickRunRow(i int) {
	if a.runs.Open() {
		a.openRun(i)
	}
}

// ScrollRuns scrolls the runs table by rows (down when positive) from
// first, the row its panel shows at the top: the wheel over the table.
// The cursor stays on its run; moving it brings it back into view.
func (a *App) ScrollRuns(rows, first int) {
	if a.runs.Open() {
		a.runs.scrollBy(rows, first)
	}
}

// SortRuns sorts the table by column c: downward for counts (the worst
// first), upward for names; a second click on the same column turns the
// order round.
func (a *App) SortRuns(c int) {
	if c == a.runs.sortCol {
		a.runs.sortBy(c, !a.runs.desc)
		return
	}
	a.runs.sortBy(c, worstFirst(c))
}

// runsCmd is a command of the runs table.
type runsCmd uint8

const (
	runsToggle runsCmd = iota
	runsMove
	runsPick
	runsMark
	runsSort
	runsReverse
)

// applyRuns carries out the runs table's commands.
func (a *App) applyRuns(kind runsCmd, steps float64) {
	r := &a.runs
	switch kind {
	case runsToggle:
		if !r.Any() {
			a.notify(Info, "no runs table: open a folder of recordings")
			return
		}
		if r.list.toggle() {
			a.closeListsBut(nil)
		}
	case runsMove:
		r.build()
		r.list.move(steps, len(r.order))
	case runsPick:
		a.pickRun(r.list.cursor)
	case runsMark:
		r.mark()
	case runsSort:
		r.sortStep(steps)
	case runsReverse:
		r.sortBy(-1, !r.desc)
	}
}

// RecordingPath returns the path of the open recording's file ("" none,
// or one read from memory): which run of a table is open.
func (a *App) RecordingPath() string {
	if a.recRes == nil {
		return ""
	}
	return a.recRes.Source.Path
}
