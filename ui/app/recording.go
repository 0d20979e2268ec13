package app

import (
	"errors"
	"strconv"

	"github.com/mm2carla/viewer/format/recorder"
	"github.com/mm2carla/viewer/scene"
	"github.com/mm2carla/viewer/scene/playback"
	"github.com/mm2carla/viewer/ui/loader"
)

// Installing a recording. A big one shows twice: first its preview (the
// recording of its first megabytes, loader.Job.Preview) while the whole
// file is indexed, then the whole recording, which takes over the
// preview's time, play state, selection and camera so that the switch is
// seen only as a longer timeline.

// showPreview shows the start of the recording job j is indexing.
func (a *App) showPreview(j *loader.Job, p *scene.Recording) {
	res := &loader.Result{Source: j.Source(), Kind: loader.KindRecording, Recording: p}
	if a.show(res, false) {
		a.previewOf = j
		a.recNote = "  |  indexing"
	}
}

// previewWanted reports whether the start of the recording job j is
// indexing should show now: it is ready, not shown yet, and j is not a
// reload (whose runs read before stay on screen until it is done).
func (a *App) previewWanted(j *loader.Job) bool {
	return j.Preview() != nil && a.previewOf != j && j != a.reloadJob
}

// Previewing reports whether the recording shown is the start of one still
// being indexed.
func (a *App) Previewing() bool { return a.previewOf != nil && a.previewOf == a.recJob }

// installRecording shows the result of job j: the whole recording, or why
// it could not be read. When j's preview is on screen the recording takes
// its place as it is; an error leaves the preview there.
func (a *App) installRecording(j *loader.Job, res *loader.Result) {
	fromPreview, reload := a.previewOf == j, a.reloadJob == j
	a.previewOf = nil
	if reload {
		a.reloadJob = nil
	}
	if res.Err != nil {
		if !loader.IsCanceled(res.Err) {
			a.notify(Error, res.Err.Error())
		}
		res.Close()
		return
	}
	var kept [2]keptActor
	if reload {
		kept = a.keptActors()
	}
	if !a.show(res, fromPreview || reload) {
		res.Close()
		return
	}
	if reload {
		a.findKept(kept)
	}
	rec := res.Recording
	verb := "opened recording "
	if reload {
		verb = "read again "
	}
	a.notify(Info, verb+res.Source.Name+": "+itoa(len(rec.Frames()))+" frames, "+
		playback.FormatTime(a.rp.clock.End(), 2))
	a.recNote = ""
	a.analyze()
	if err := rec.Err(); err != nil {
		a.recNote = "  |  incomplete file"
		var fe *recorder.FormatError
		if errors.As(err, &fe) {
			a.recNote = "  |  cut short at byte " + strconv.FormatInt(fe.Offset, 10)
		}
		a.notify(Warning, res.Source.Name+": the recording ends early ("+err.Error()+"); showing its "+
			itoa(len(rec.Frames()))+" complete frames")
	}
}

// show replaces the recording on screen with res's. With keep, the clock
// takes over the old clock's time and play state and the selection, the
// followed actor and the camera stay; otherwise they start afresh (and a
// recording to PlayOnOpen starts playing). It reports false, with a
// notice, if the recording cannot be played.
func (a *App) show(res *loader.Result, keep bool) bool {
	rec := res.Recording
	clock, err := playback.New(a.clockSpan(rec))
	if err != nil { // Times are checked by scene; this is defensive
		a.notify(Error, res.Source.Name+": "+err.Error())
		return false
	}
	clock.Apply(playback.SetSpeed(a.rp.speed))
	switch {
	case keep && a.rp.clock != nil:
		carryClock(a.rp.clock, clock)
	case a.rp.autoPlay:
		a.rp.autoPlay = false
		clock.Apply(playback.Play())
		clock.Apply(playback.ToggleLoop())
	}
	a.recRes.Close()
	a.rewatch(&a.watch.a, res.Source.Name, res.Source.Path)
	a.recRes, a.rp.clock = res, clock
	a.rp.blocked = movingSpans(rec.Events())
	a.setClockEvents()
	if !keep {
		a.cam.stopFollowing()
		a.sel.actor, a.sel.hoverID = 0, 0
		a.cam.framePending = true
		a.openTown(res) // a new recording (or its preview): find its map
	}
	a.rp.stateOK, a.rp.stateErr = false, nil
	a.cmp.stateOK = false
	a.refreshCompare()
	a.txt.date = formatDate(rec.Header().Date)
	a.refreshState()
	a.contentChanged()
	return true
}

// carryClock sets to's time, direction, loop and play state to from's.
func carryClock(from, to *playback.Clock) {
	to.Apply(playback.GoTo(from.Time()))
	if from.Reversed() {
		to.Apply(playback.Reverse())
	}
	if from.Looping() {
		to.Apply(playback.ToggleLoop())
	}
	if x, y, ok := from.LoopRange(); ok {
		to.Apply(playback.SetLoopRange(x, y))
	}
	if from.Playing() {
		to.Apply(playback.Play())
	}
}

// lastDuration is the recorded Duration of the recording's last usable
// frame: -1 in a recording CARLA closed, where the replay ends at that
// frame's start; a frame's real length in a file cut short, which the
// replay then plays to its end.
func lastDuration(rec *scene.Recording) float64 {
	fr := rec.Frames()
	if len(fr) == 0 || len(fr) != len(rec.Times()) {
		return -1
	}
	return fr[len(fr)-1].Duration
}
