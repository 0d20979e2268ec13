package scene

import (
	"slices"

	"github.com/mm2carla/viewer/format/recorder"
)

// staticTable keeps every version of every actor's static data, keyed by
// the frame and actor that made it. Open's scan fills it; seeking then
// looks versions up instead of decoding spawns into new allocations, so
// that re-applying a frame yields the very same pointers (cheap to copy,
// equal by ==) and allocates nothing.
//
// A nil *staticTable makes fresh versions and remembers nothing (a World
// used on its own).
type staticTable struct {
	versions map[staticKey]*actorStatic
	all      []*actorStatic // every version, by actorStatic.index
	lookup   bool           // true: only look up; false: make and record
	misses   int            // lookups that found nothing (a bug; tests check 0)
}

type staticKey struct {
	frame int32
	id    uint32
}

func newStaticTable() *staticTable {
	return &staticTable{versions: make(map[staticKey]*actorStatic)}
}

// add returns the static data of an actor spawned in frame.
func (t *staticTable) add(frame int, r *recorder.ActorAdd) *actorStatic {
	if st := t.find(frame, r.ID); st != nil {
		return st
	}
	attrs := slices.Clone(r.Attributes)
	kind := Classify(r.Type, r.Description, attrs)
	st := &actorStatic{
		id: r.ID, typ: r.Type, kind: kind, blueprint: r.Description, uid: r.UID,
		attrs: attrs, hero: IsHero(attrs), spawnFrame: frame,
		spawn: Transform{FromUnreal(r.Location), FromUnrealRotation(r.Rotation)},
		box:   DefaultBox(kind),
	}
	t.record(frame, st)
	return st
}

// update returns old changed by change, as a new version.
func (t *staticTable) update(frame int, old *actorStatic, change func(*actorStatic)) *actorStatic {
	if st := t.find(frame, old.id); st != nil {
		return st
	}
	st := new(actorStatic)
	*st = *old
	change(st)
	t.record(frame, st)
	return st
}

func (t *staticTable) find(frame int, id uint32) *actorStatic {
	if t == nil || !t.lookup {
		return nil
	}
	st := t.versions[staticKey{int32(frame), id}]
	if st == nil {
		t.misses++
	}
	return st
}

func (t *staticTable) record(frame int, st *actorStatic) {
	if t != nil && !t.lookup {
		st.index = int32(len(t.all))
		t.all = append(t.all, st)
		t.versions[staticKey{int32(frame), st.id}] = st
	}
}
