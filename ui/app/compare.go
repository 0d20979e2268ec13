package app

import (
	"math"
	"path/filepath"
	"strconv"

	"github.com/mm2carla/viewer/scene"
	"github.com/mm2carla/viewer/scene/playback"
	"github.com/mm2carla/viewer/ui/loader"
)

// Comparing two runs of a scenario: the open recording is the reference,
// run A; a second one, the candidate, run B, plays on the same clock,
// aligned at its first frame and shifted by an offset, so that the window
// can draw B's actors as ghosts over A's and say how far each actor is
// from where it was in A.

// Runs says which runs the scene shows while comparing.
type Runs uint8

// The choices the B key steps through, in order.
const (
	RunsBoth Runs = iota // A's actors, and B's as ghosts over them
	RunsA                // A's actors alone
	RunsB                // B's actors alone, drawn as A's are
	numRuns
)

var runsNames = [numRuns]string{"A and B", "A only", "B only"}

// String is how the status line names the choice.
func (r Runs) String() string {
	if r < numRuns {
		return runsNames[r]
	}
	return "Runs(" + strconv.Itoa(int(r)) + ")"
}

// comparison is the comparing part of the app: run B (its load, its
// recording, its state at the clock's time), how it is lined up with A
// and shown, the matching of the runs' actors, and the differences list.
// App composes it with the clock and the selection, which its commands
// also move.
type comparison struct {
	job       *loader.Job
	res       *loader.Result
	state     scene.State
	stateTime float64 // B's own time the state is at
	stateOK   bool
	stateErr  error
	offset    float64 // s: A's time t shows B's time t + offset (from the first frames)
	runs      Runs
	work      compareWork // matching and B's faults (comparejob.go)
	// partial: res is the start of B only (the job's preview, or what
	// was shown when indexing the rest failed); nothing is matched on it.
	partial   bool
	previewOf *loader.Job // the job whose preview res is
	reloadJob *loader.Job // B being read again (reload.go): no preview

	threshold float64   // m: an actor of run B further than this diverges (divergence.go)
	diffs     List      // the differences list (difflist.go)
	diffRows  []diffRow // its rows, built from diffOf
	diffOf    diffKey
}

// comparing reports whether a run B is open (it may still be loading).
func (c *comparison) comparing() bool { return c.res != nil || c.job != nil }

// recording returns run B's recording, or nil.
func (c *comparison) recording() *scene.Recording {
	if c.res == nil {
		return nil
	}
	return c.res.Recording
}

// stateNow returns run B at the clock's time, or nil (no B, or not
// loaded yet).
func (c *comparison) stateNow() *scene.State {
	if c.res == nil || !c.stateOK {
		return nil
	}
	return &c.state
}

// loading returns run B's load, or nil when none runs.
func (c *comparison) loading() *loader.Job { return c.job }

// start makes job j the load of run B, stopping any load of B.
func (c *comparison) start(j *loader.Job) {
	if c.job != nil {
		c.job.Cancel()
	}
	c.job = j
}

// isPartial reports whether what shows of B is its start only (nothing
// is matched on it).
func (c *comparison) isPartial() bool { return c.partial }

// setRuns chooses which runs the scene shows.
func (c *comparison) setRuns(r Runs) { c.runs = r % numRuns }

// nextRuns steps to the next choice of runs shown (the B key).
func (c *comparison) nextRuns() Runs {
	c.setRuns(c.runs + 1)
	return c.runs
}

// close closes run B and stops its load and work, and reports whether a
// run B was shown.
func (c *comparison) close() bool {
	if c.job != nil {
		c.job.Cancel()
	}
	had := c.res != nil
	c.work.stop()
	c.res.Close()
	c.job, c.res, c.stateOK, c.stateErr = nil, nil, false, nil
	c.partial, c.previewOf = false, nil
	c.runs = RunsBoth
	return had
}

// previewWanted reports whether job j's preview (B's start, while it is
// indexed) should show: once, and not for B being read again.
func (c *comparison) previewWanted(j *loader.Job) bool {
	return j.Preview() != nil && c.previewOf != j && j != c.reloadJob
}

// source is run B's file, loaded or loading.
func (c *comparison) source() (loader.Source, bool) {
	switch {
	case c.res != nil:
		return c.res.Source, true
	case c.job != nil:
		return c.job.Source(), true
	}
	return loader.Source{}, false
}

// AskCompareWith returns the name of the recording shown alone, which a
// recording opened next may be compared with (the window asks: "compare
// with this one?"), or "" when none is open or two are compared already.
func (a *App) AskCompareWith() string {
	if a.Comparing() || a.Recording() == nil || a.recRes == nil {
		return ""
	}
	return a.recRes.Source.Name
}

// Comparing reports whether a run B is open (it may still be loading).
func (a *App) Comparing() bool { return a.cmp.comparing() }

// CompareRecording returns run B's recording, or nil.
func (a *App) CompareRecording() *scene.Recording { return a.cmp.recording() }

// CompareState returns run B at the clock's time, or nil (no B, or not
// loaded yet). It is valid until the next Tick.
func (a *App) CompareState() *scene.State { return a.cmp.stateNow() }

// Runs returns which runs the scene shows.
func (a *App) Runs() Runs { return a.cmp.runs }

// Offset returns the shift of run B's clock (see SetOffset).
func (a *App) Offset() float64 { return a.cmp.offset }

// ShownStates returns what the scene draws: main, drawn as usual, and
// ghost, drawn over it as run B's ghosts (nil: none). With B only, B is
// main and there are no ghosts.
func (a *App) ShownStates() (main, ghost *scene.State) {
	main, ghost = a.State(), a.CompareState()
	if ghost == nil {
		return main, nil
	}
	switch a.cmp.runs {
	case RunsA:
		return main, nil
	case RunsB:
		return ghost, nil
	}
	return main, ghost
}

// OpenCompare loads a recording as run B, to compare with the open one
// (Ctrl+Shift+O). With no recording open or loading it is opened as the
// recording; a map is opened as a map.
func (a *App) OpenCompare(src loader.Source) {
	j := loader.StartWith(src, a.loadOpt)
	if j.Kind() != loader.KindUnknown {
		a.noteRecent(src)
	}
	if j.Kind() == loader.KindRecording && (a.recRes != nil || a.recJob != nil) {
		a.cmp.start(j)
		return
	}
	a.openJob(j)
}

// SetOffset shifts run B's clock: from the first frames, A's time t
// shows B's time t + s, as `viewer diff --offset` takes it (positive: B
// is ahead, its moments come earlier on the clock).
func (a *App) SetOffset(s float64) {
	if math.IsNaN(s) || math.IsInf(s, 0) {
		return
	}
	// Steps of 0.1 s add up without drifting: keep milliseconds.
	a.cmp.offset = math.Round(s*1000) / 1000
	a.respanClock()
	a.rediverge()
}

// CloseCompare stops comparing: run B is closed, its load stopped, and
// the clock spans A alone again.
func (a *App) CloseCompare() {
	had := a.cmp.close()
	a.rewatch(&a.watch.b, "", "")
	if had {
		a.respanClock()
		a.contentChanged()
	}
}

// applyCompare carries out the compare keys.
func (a *App) applyCompare(kind compareOp, steps float64) {
	if !a.Comparing() {
		a.notify(Info, "not comparing: open a second recording (Ctrl+Shift+O, or drop two) to compare")
		return
	}
	switch kind {
	case compareShow:
		a.notify(Info, "showing "+a.cmp.nextRuns().String())
	case compareOffset:
		a.SetOffset(a.cmp.offset + steps)
		o := formatOffset(a.cmp.offset)
		a.notify(Info, "B's clock "+o+": A's time t shows B's time t "+o)
	case compareClose:
		a.CloseCompare()
		a.notify(Info, "stopped comparing")
	case compareThreshold:
		a.stepDivergence(steps)
	}
}

// compareOp is one of the compare keys' actions.
type compareOp uint8

const (
	compareShow compareOp = iota
	compareOffset
	compareClose
	compareThreshold
)

// formatOffset writes an offset as the status line shows it: "+1.5 s".
func formatOffset(s float64) string { return string(appendOffset(nil, s)) }

// appendOffset appends formatOffset's text to b, without allocating once
// b has room.
func appendOffset(b []byte, s float64) []byte {
	sign := byte('+')
	if s < 0 {
		sign = '-'
	}
	b = strconv.AppendFloat(append(b, sign), math.Abs(s), 'f', -1, 64)
	return append(b, " s"...)
}

// pollCompare installs run B once it has loaded, and its start (the
// loader's preview) while a big one is indexed, as for run A.
func (a *App) pollCompare() {
	j := a.cmp.job
	if j == nil {
		return
	}
	res, ok := j.Result()
	if !ok {
		if a.cmp.previewWanted(j) {
			a.showPreviewB(j)
		}
		return
	}
	a.cmp.job, a.cmp.previewOf = nil, nil
	if res.Err != nil {
		if !loader.IsCanceled(res.Err) {
			a.notify(Error, res.Err.Error())
		}
		res.Close()
		return
	}
	a.showB(res, false)
	name := res.Source.Name
	if a.compareSameName() { // two runs' traffic.log: which one B is
		name = withFolder(res.Source)
	}
	a.notify(Info, "comparing with "+name+" (B, ghosts): "+itoa(len(res.Recording.Frames()))+" frames")
	if err := res.Recording.Err(); err != nil {
		a.notify(Warning, res.Source.Name+": the recording ends early ("+err.Error()+")")
	}
}

// showPreviewB shows the start of run B that job j has read, while it
// indexes the rest.
func (a *App) showPreviewB(j *loader.Job) {
	a.cmp.previewOf = j
	a.showB(&loader.Result{Source: j.Source(), Kind: loader.KindRecording, Recording: j.Preview()}, true)
}

// showB puts res on screen as run B; partial: it is the start of B only.
func (a *App) showB(res *loader.Result, partial bool) {
	a.cmp.res.Close()
	a.rewatch(&a.watch.b, res.Source.Name, res.Source.Path)
	a.cmp.res, a.cmp.partial, a.cmp.stateOK, a.cmp.stateErr = res, partial, false, nil
	a.respanClock()
	a.contentChanged()
}

// BTime is run B's own time (seconds since its recording began) shown
// at clock time t: both start together at their first frames, B's clock
// shifted by the offset.
func (a *App) BTime(t float64) float64 {
	rec, b := a.Recording(), a.CompareRecording()
	if rec == nil || b == nil {
		return t
	}
	return t - rec.Times()[0] + b.Times()[0] + a.cmp.offset
}

// refreshCompare fills run B's state at the clock's time when it moved.
func (a *App) refreshCompare() {
	b := a.CompareRecording()
	if b == nil || a.rp.clock == nil {
		return
	}
	t := a.BTime(a.rp.clock.Time())
	if a.cmp.stateOK && t == a.cmp.stateTime {
		return
	}
	if err := b.StateAt(t, &a.cmp.state); err != nil {
		if a.cmp.stateErr == nil || a.cmp.stateErr.Error() != err.Error() {
			a.notify(Error, a.cmp.res.Source.Name+": "+err.Error())
		}
		a.cmp.stateErr = err
		return
	}
	a.cmp.stateErr = nil
	a.cmp.stateOK, a.cmp.stateTime = true, t
}

// clockSpan returns the frame times the clock plays over and the last
// frame's duration: A's alone, or with B open, A's and B's (moved to A's
// time) merged, so that the timeline spans both runs.
func (a *App) clockSpan(rec *scene.Recording) ([]float64, float64) {
	b := a.CompareRecording()
	if b == nil {
		return rec.Times(), lastDuration(rec)
	}
	shift := rec.Times()[0] - b.Times()[0] - a.cmp.offset
	merged := mergeShifted(rec.Times(), b.Times(), shift)
	last := -1.0
	if ta := rec.Times(); ta[len(ta)-1] == merged[len(merged)-1] {
		last = lastDuration(rec)
	}
	return merged, last
}

// mergeShifted merges two sorted lists of times into one sorted list, the
// second moved by shift.
func mergeShifted(x, y []float64, shift float64) []float64 {
	out := make([]float64, 0, len(x)+len(y))
	i, k := 0, 0
	for i < len(x) || k < len(y) {
		if k == len(y) || (i < len(x) && x[i] <= y[k]+shift) {
			out = append(out, x[i])
			i++
			continue
		}
		out = append(out, y[k]+shift)
		k++
	}
	return out
}

// respanClock rebuilds the clock over clockSpan after B or its offset
// changed, keeping the time and the play state.
func (a *App) respanClock() {
	rec := a.Recording()
	if rec == nil || a.rp.clock == nil {
		return
	}
	times, last := a.clockSpan(rec)
	clock, err := playback.New(times, last)
	if err != nil {
		a.notify(Error, err.Error())
		return
	}
	clock.Apply(playback.SetSpeed(a.rp.speed))
	carryClock(a.rp.clock, clock)
	a.rp.clock = clock
	a.setClockEvents()
	a.cmp.stateOK = false
	a.refreshCompare()
}

// compareNames is the title's and status line's " vs B" part. Two runs
// are often files of one name in two folders: then each is named with
// its folder.
func (a *App) compareNames() string {
	b, ok := a.cmp.source()
	if !ok {
		return ""
	}
	name := b.Name
	if a.compareSameName() {
		name = withFolder(b)
	}
	if a.cmp.res == nil {
		return " vs " + name + " (loading)"
	}
	return " vs " + name
}

// compareSameName reports whether runs A and B are files of one name.
func (a *App) compareSameName() bool {
	b, ok := a.cmp.source()
	return ok && a.recRes != nil && a.recRes.Source.Name == b.Name && a.recRes.Source.Path != b.Path
}

// withFolder names a file with its folder: "run2/traffic.log".
func withFolder(s loader.Source) string {
	if s.Path == "" {
		return s.Name
	}
	return filepath.Base(filepath.Dir(s.Path)) + "/" + s.Name
}
