package app

import "github.com/mm2carla/viewer/ui/loader"

// Reading the recordings again (Ctrl+R). The loop of a user tuning a
// planner is: change it, run the scenario again, which records over the
// same file, and look at the same moment again. A reload reads run A (and
// run B, while comparing) from their files and shows them as a big file's
// preview gives way to the whole recording: at the same time, with the
// same actor selected and followed and the camera where it was. The runs
// read before stay on screen until then (a big file's preview would show
// less than them, and not the moment). The map is not read again: it is
// not what changes between runs.

// reload starts reading the open recordings again from their files.
func (a *App) reload() {
	n := 0
	if r := a.recRes; r != nil && r.Source.Path != "" {
		if j := a.restart(r.Source); j != nil {
			a.reloadJob = j
			a.openJob(j)
			n++
		}
	}
	if b := a.cmp.res; b != nil && b.Source.Path != "" {
		if j := a.restart(b.Source); j != nil {
			a.startCompare(j)
			a.cmp.reloadJob = j
			n++
		}
	}
	switch {
	case n == 1:
		a.notify(Info, "reading the recording again")
	case n > 1:
		a.notify(Info, "reading both recordings again")
	case a.recRes == nil:
		a.notify(Info, "no recording open")
	default:
		a.notify(Info, "nothing to read again: "+a.recRes.Source.Name+" is not a file on disk")
	}
}

// restart starts loading src again; nil, with a notice, when the file is
// no longer a recording (gone, or replaced by something else).
func (a *App) restart(src loader.Source) *loader.Job {
	j := loader.StartWith(src, a.loadOpt)
	if j.Kind() == loader.KindRecording {
		return j
	}
	res := j.Wait()
	msg := src.Name + " is no longer a recording"
	if res.Err != nil {
		msg = res.Err.Error()
	}
	a.notify(Error, msg+"; still showing the one read before")
	return nil
}
