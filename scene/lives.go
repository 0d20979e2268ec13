package scene

// Life is one actor's life in a recording: spawned in frame Spawn, it
// lives Frames frames, to the frame that destroys it (or spawns its id
// again), else to the recording's end.
type Life struct {
	ID        uint32
	Blueprint string
	Hero      bool // its role_name is hero (the ego vehicle)
	Spawn     int
	Frames    int
}

// LifeKey names a life: an id and the frame that spawned it.
type LifeKey struct {
	ID    uint32
	Spawn int
}

// Lives returns every actor's life from the spawn and destroy events, in
// the order of their spawns, without reading a frame: what a pass over
// the frames needs to allocate each actor's samples once, or to tell
// beforehand how many it would keep.
func (rec *Recording) Lives() []Life {
	n := len(rec.times)
	var out []Life
	alive := map[uint32]int{} // id -> index in out of its current life
	end := func(id uint32, f int) {
		if i, ok := alive[id]; ok {
			out[i].Frames = f - out[i].Spawn
			delete(alive, id)
		}
	}
	for _, e := range rec.events {
		switch e.Kind {
		case EventSpawn:
			end(e.Actor, e.Frame)
			alive[e.Actor] = len(out)
			out = append(out, Life{ID: e.Actor, Blueprint: e.Blueprint, Hero: rec.statics.heroAt(e.Frame, e.Actor),
				Spawn: e.Frame, Frames: n - e.Frame})
		case EventDestroy:
			end(e.Actor, e.Frame)
		}
	}
	return out
}

// LifeFrames returns the lives' lengths by LifeKey.
func LifeFrames(lives []Life) map[LifeKey]int {
	out := make(map[LifeKey]int, len(lives))
	for _, l := range lives {
		out[LifeKey{l.ID, l.Spawn}] = l.Frames
	}
	return out
}
