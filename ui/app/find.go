package app

import (
	"github.com/mm2carla/viewer/scene"
	"github.com/mm2carla/viewer/scene/playback"
)

// Finding an actor by its id (I, then the id, then Enter): a user who
// knows their AI's actor from their own logs types its id instead of
// clicking through two hundred vehicles for it. The actor is selected and
// followed; when it is not there at the clock's time, the clock first goes
// to the nearest frame at which it is, and a notice says so.

// findActor selects actor id of the recording and follows it; id 0 is
// the hero (role_name hero): the one there now, else the first.
func (a *App) findActor(id uint32) {
	rec := a.Recording()
	if rec == nil || a.rp.clock == nil {
		a.notify(Info, "no recording open")
		return
	}
	if id == 0 {
		if id = a.heroID(rec); id == 0 {
			a.notify(Warning, "no hero in "+a.recRes.Source.Name+" (no actor whose role_name is hero)")
			return
		}
	}
	if st := a.State(); st == nil || st.Actor(id) == nil {
		from := a.rp.clock.Time()
		f, ok := lifeFrame(rec.Lives(), id, rec.FrameAt(from))
		if !ok {
			a.notify(Warning, "no actor "+itoa(int(id))+" in "+a.recRes.Source.Name)
			return
		}
		a.rp.clock.Apply(playback.GoTo(rec.Times()[f]))
		a.refreshState()
		if st := a.State(); st == nil || st.Actor(id) == nil {
			a.notify(Warning, "actor "+itoa(int(id))+" could not be shown")
			return
		}
		a.notify(Info, "actor "+itoa(int(id))+" is not there at "+playback.FormatTime(from, 2)+
			": went to "+playback.FormatTime(a.rp.clock.Time(), 2))
	}
	a.sel.selectActor(id)
	a.startFollow(id)
}

// heroID is the hero there at the clock's time, else the recording's
// first; 0 when it has none.
func (a *App) heroID(rec *scene.Recording) uint32 {
	if st := a.State(); st != nil {
		if h := st.Hero(); h != nil {
			return h.ID
		}
	}
	for _, l := range rec.Lives() {
		if l.Hero {
			return l.ID
		}
	}
	return 0
}

// lifeFrame returns the frame nearest to frame cur at which actor id
// lives (cur itself if it lives then): the first frame of a later life or
// the last frame of an earlier one, the later of two as near; false when
// the id never lives a frame.
func lifeFrame(lives []scene.Life, id uint32, cur int) (int, bool) {
	best, found := 0, false
	for _, l := range lives {
		if l.ID != id || l.Frames <= 0 {
			continue
		}
		last := l.Spawn + l.Frames - 1
		f := cur
		switch {
		case cur < l.Spawn:
			f = l.Spawn
		case cur > last:
			f = last
		}
		if !found || abs(f-cur) < abs(best-cur) || abs(f-cur) == abs(best-cur) && f > best {
			best, found = f, true
		}
	}
	return best, found
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}
