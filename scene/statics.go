package scene

import (
	"slices"
	"sort"
	"strings"

	"github.com/mm2carla/viewer/format/recorder"
)

// staticTable keeps every version of every actor's static data, in the
// order Open's scan made them (so by frame). Seeking then looks versions
// up by frame and actor instead of decoding spawns into new allocations,
// so that re-applying a frame yields the very same pointers (cheap to
// copy, equal by ==) and allocates nothing.
//
// It is most of an open Recording's memory after the keyframes (a spawn
// every few frames in a busy recording), so it keeps little per version:
// versions are found by binary search on their frame rather than through a
// map; a change in the frame that made a version (CARLA writes a spawned
// actor's bounding box in its spawn frame) changes that version instead
// of making another, since nothing can have seen it yet; and actors with
// the same attributes share one list of them.
//
// A nil *staticTable makes fresh versions and remembers nothing (a World
// used on its own).
type staticTable struct {
	all    []*actorStatic                  // every version, by actorStatic.index, frames never decreasing
	attrs  map[string][]recorder.Attribute // shared attribute lists, by content
	key    strings.Builder
	lookup bool // true: only look up; false: make and record
	misses int  // lookups that found nothing (a bug; tests check 0)
}

func newStaticTable() *staticTable {
	return &staticTable{attrs: map[string][]recorder.Attribute{}}
}

// add returns the static data of an actor spawned in frame.
func (t *staticTable) add(frame int, r *recorder.ActorAdd) *actorStatic {
	if st := t.find(frame, r.ID); st != nil {
		return st
	}
	attrs := t.shared(r.Attributes)
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

// update returns old changed by change, as a new version (or old itself,
// changed, if this frame made it: see staticTable).
func (t *staticTable) update(frame int, old *actorStatic, change func(*actorStatic)) *actorStatic {
	if st := t.find(frame, old.id); st != nil {
		return st
	}
	if t != nil && !t.lookup && int(old.frame) == frame {
		change(old)
		return old
	}
	st := new(actorStatic)
	*st = *old
	change(st)
	t.record(frame, st)
	return st
}

// find returns, when looking up, the last version made in frame for the
// actor id.
func (t *staticTable) find(frame int, id uint32) *actorStatic {
	if t == nil || !t.lookup {
		return nil
	}
	st := t.lastIn(frame, id)
	if st == nil {
		t.misses++
	}
	return st
}

// lastIn returns the last version made in frame for the actor id, or nil.
func (t *staticTable) lastIn(frame int, id uint32) *actorStatic {
	i := sort.Search(len(t.all), func(i int) bool { return int(t.all[i].frame) >= frame })
	var st *actorStatic
	for ; i < len(t.all) && int(t.all[i].frame) == frame; i++ {
		if t.all[i].id == id {
			st = t.all[i]
		}
	}
	return st
}

// heroAt reports whether the version of actor id made in frame (its
// spawn's) is the hero's.
func (t *staticTable) heroAt(frame int, id uint32) bool {
	if t == nil {
		return false
	}
	st := t.lastIn(frame, id)
	return st != nil && st.hero
}

func (t *staticTable) record(frame int, st *actorStatic) {
	st.frame = int32(frame)
	if t != nil && !t.lookup {
		st.index = int32(len(t.all))
		t.all = append(t.all, st)
	}
}

// shared returns a copy of attrs, the same slice for every equal list.
func (t *staticTable) shared(attrs []recorder.Attribute) []recorder.Attribute {
	if len(attrs) == 0 {
		return nil
	}
	if t == nil {
		return slices.Clone(attrs)
	}
	t.key.Reset()
	for _, a := range attrs {
		t.key.WriteByte(byte(a.Type))
		t.key.WriteString(a.Key)
		t.key.WriteByte(0)
		t.key.WriteString(a.Value)
		t.key.WriteByte(0)
	}
	k := t.key.String()
	if s, ok := t.attrs[k]; ok {
		return s
	}
	s := slices.Clip(slices.Clone(attrs))
	t.attrs[k] = s
	return s
}
