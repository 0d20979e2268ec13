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
			a.cmp.start(j)
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

// keptActor is what a reload knows of the selected or followed actor of
// the run read before, to find it in the new one: CARLA numbers the actors
// of a scenario run again anew, so the same id may be another actor.
type keptActor struct {
	id        uint32
	hero      bool
	blueprint string
}

// keptActors returns the selected and the followed actor, as the state on
// screen has them (zero ids for none).
func (a *App) keptActors() [2]keptActor {
	out := [2]keptActor{{id: a.sel.actor}, {id: a.cam.follow}}
	st := a.State()
	for i := range out {
		if st == nil || out[i].id == 0 {
			continue
		}
		if act := st.Actor(out[i].id); act != nil {
			out[i].hero, out[i].blueprint = act.Hero, act.Blueprint
		}
	}
	return out
}

// findKept selects and follows in the new run the actors kept: the hero
// is the new run's hero; another actor keeps its id if the new run has an
// actor of that id and blueprint, and is let go otherwise (said).
func (a *App) findKept(kept [2]keptActor) {
	ids := [2]uint32{a.findKeptOne(kept[0]), 0}
	if kept[1].id == kept[0].id {
		ids[1] = ids[0]
	} else {
		ids[1] = a.findKeptOne(kept[1])
	}
	a.sel.actor = ids[0]
	switch {
	case ids[1] != 0 && ids[1] != a.cam.follow:
		a.startFollow(ids[1])
	case ids[1] == 0 && a.cam.follow != 0:
		a.cam.stopFollowing()
	}
}

// findKeptOne is the id in the new run of the kept actor k (0: none).
func (a *App) findKeptOne(k keptActor) uint32 {
	if k.id == 0 {
		return 0
	}
	st := a.State()
	if k.hero && st != nil {
		if h := st.Hero(); h != nil {
			return h.ID
		}
	}
	if k.blueprint == "" { // not there at the time: keep its id
		return k.id
	}
	if st != nil {
		if act := st.Actor(k.id); act != nil && act.Blueprint == k.blueprint {
			return k.id
		}
	}
	for _, l := range a.Recording().Lives() {
		if l.ID == k.id && l.Blueprint == k.blueprint {
			return k.id
		}
	}
	a.notify(Info, "actor "+itoa(int(k.id))+" ("+k.blueprint+") is not in the run read again")
	return 0
}
