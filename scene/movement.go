package scene

import (
	"github.com/go-gl/mathgl/mgl64"
	"github.com/mm2carla/viewer/format/recorder"
)

// Movement in pieces. The distance an actor travelled is the sum of its
// steps from frame to frame (World.resolve), and a step needs only the
// actor's location now and at the frame before: within a piece a decoder
// can take every step of every actor whose previous location is in the
// piece, and sum them (distance units are integers, so sums of stretches
// add up to the sum of the whole). What it cannot know, the scan does:
// the first step of an actor whose previous location is before the piece
// (a firstMove), and everything about an actor attached or with attached
// children (whose location follows another's), which the scan follows
// itself (World.split). The decoder hands the scan its sums, with each
// actor's last Position record, at marks: at every keyframe the scan may
// keep (the frames that begin a stretch of keySpacing bytes), before each
// EventParent packet (attaching changes what the scan follows) and at the
// piece's first and last frames. Between marks the scan's World keeps
// other actors' old poses: nothing reads them there.

// mark is a point of a piece where the scan takes the decoder's sums.
type mark struct {
	frame int32 // index of the frame in the piece
	link  bool  // before the frame's EventParent packet; else after its FrameEnd
	end   int32 // its moves are piece.moves[end of the mark before:end]
}

// move is what one actor did since the mark before.
type move struct {
	id    uint32
	dist  int64 // distance units of the steps taken
	frame int32 // frame of its last Position record in the piece, -1 if none
	loc   recorder.Vec3
	rot   recorder.Vec3
}

// firstMove is the first Position record in a piece of an actor whose
// location before it is not in the piece: the scan takes that step.
type firstMove struct {
	frame int32
	id    uint32
	loc   recorder.Vec3
}

// track is a decoder's view of one actor id in the piece being read.
type track struct {
	id    uint32
	prev  mgl64.Vec3 // world location at the last frame end, when known
	known bool       // prev is known: spawned in the piece, or placed at a frame end in it
	spawn int32      // frame of its spawn in the piece, -1 before it
	dead  bool       // destroyed in the piece and not spawned again
	moved bool       // has a Position record in the current frame
	dirty bool       // listed in tracker.dirty
	cur   mgl64.Vec3 // location of its last record
	frame int32      // frame of its last record, -1 if none
	pk    int32      // its last record: record rec of the piece's pk-th Position packet
	rec   int32
	dist  int64 // units since the last mark
}

// tracker follows the actors of a piece for a decoder, as World.resolve
// would for an actor with no parent.
type tracker struct {
	tr    []track
	slot  []int32  // id -> index in tr, valid where gen[id] == g
	gen   []uint32 // generation of slot[id]
	big   map[uint32]int32
	g     uint32
	moved []int32 // tracks with a record in the current frame
	dirty []int32 // tracks changed since the last mark
	// The piece's Position packets, read again for the records marks
	// hand over (decoding every record's rotation would cost more).
	views []recorder.PositionView
	// noSteps: only the last records are kept, for the marks (OpenAt,
	// which computes no distances); no step is taken, no firstMove made.
	noSteps bool
	// Without steps, a packet's records wait as pend (an index in views,
	// -1 none), their tracks untouched, while the next packet names the
	// same actors give or take a few (align): most frames name those of
	// the frame before, and the records of the later packet supersede
	// them. Only the ids the next packet lacks take their record from
	// the waiting one then; a spawn, a destroy, a mark or a packet
	// unlike it applies it whole first (flush), so the tracks end as if
	// each packet had been applied in turn.
	pend, pendF  int32
	ids, nextIDs []uint32 // the actor ids of the last packet, and scratch
	onlyA, onlyB []int32  // align's scratch
}

// reset starts a new piece.
func (t *tracker) reset() {
	t.g++
	t.tr, t.moved, t.dirty, t.views = t.tr[:0], t.moved[:0], t.dirty[:0], t.views[:0]
	t.pend = -1
	clear(t.big)
}

// of returns the index of id's track, making it.
func (t *tracker) of(id uint32) int32 {
	if id >= maxSeen {
		if i, ok := t.big[id]; ok {
			return i
		}
		if t.big == nil {
			t.big = map[uint32]int32{}
		}
		t.big[id] = int32(len(t.tr))
		return t.add(id)
	}
	if int(id) >= len(t.slot) {
		n := int(id) + 1 + len(t.slot)/2
		t.slot = append(t.slot, make([]int32, n-len(t.slot))...)
		t.gen = append(t.gen, make([]uint32, n-len(t.gen))...)
	}
	if t.gen[id] == t.g {
		return t.slot[id]
	}
	t.gen[id], t.slot[id] = t.g, int32(len(t.tr))
	return t.add(id)
}

func (t *tracker) add(id uint32) int32 {
	t.tr = append(t.tr, track{id: id, spawn: -1, frame: -1})
	return int32(len(t.tr) - 1)
}

// touch lists track i as changed since the last mark.
func (t *tracker) touch(i int32) {
	if tr := &t.tr[i]; !tr.dirty {
		tr.dirty = true
		t.dirty = append(t.dirty, i)
	}
}

// spawn starts the actor spawned in frame f at loc: a new actor, whatever
// the id named before.
func (t *tracker) spawn(id uint32, loc recorder.Vec3, f int32) {
	if t.waiting(id) >= 0 {
		t.flush() // the record waiting is the old actor's
	}
	i := t.of(id)
	tr := &t.tr[i]
	dirty := tr.dirty
	*tr = track{id: id, prev: FromUnreal(loc), known: true, spawn: f, frame: -1, dirty: dirty}
	t.touch(i)
}

// destroy ends the actor: records of its id name no actor until a spawn.
func (t *tracker) destroy(id uint32) {
	if k := t.waiting(id); k >= 0 {
		t.record(t.pend, k, t.pendF) // its last record, before it dies
	}
	tr := &t.tr[t.of(id)]
	tr.dead, tr.moved = true, false
}

// waiting returns the index of id's last record in the packet waiting,
// or -1.
func (t *tracker) waiting(id uint32) int {
	if t.pend < 0 {
		return -1
	}
	for k := len(t.ids) - 1; k >= 0; k-- {
		if t.ids[k] == id {
			return k
		}
	}
	return -1
}

// position applies the records of a Position packet in frame f.
func (t *tracker) position(v recorder.PositionView, f int32) {
	pk := int32(len(t.views))
	t.views = append(t.views, v)
	if !t.noSteps {
		t.apply(pk, f)
		return
	}
	next := v.AppendIDs(t.nextIDs[:0])
	var ok bool
	if pk > 0 {
		t.onlyA, t.onlyB, ok = align(t.ids, next, t.onlyA[:0], t.onlyB[:0])
	}
	if ok {
		if t.pend >= 0 {
			for _, k := range t.onlyA {
				t.record(t.pend, int(k), t.pendF)
			}
		}
		t.pend, t.pendF = pk, f
	} else {
		t.flush()
		t.apply(pk, f)
	}
	t.ids, t.nextIDs = next, t.ids
}

// flush applies the packet waiting, if any.
func (t *tracker) flush() {
	if t.pend >= 0 {
		pk := t.pend
		t.pend = -1
		t.apply(pk, t.pendF)
	}
}

// apply applies the records of views[pk], in frame f.
func (t *tracker) apply(pk, f int32) {
	for k := range t.views[pk].Len() {
		t.record(pk, k, f)
	}
}

// record applies record k of views[pk], in frame f.
func (t *tracker) record(pk int32, k int, f int32) {
	v := t.views[pk]
	i := t.of(v.ID(k))
	tr := &t.tr[i]
	if tr.dead {
		return
	}
	tr.pk, tr.rec, tr.frame = pk, int32(k), f
	if !t.noSteps {
		tr.cur = FromUnreal(v.Location(k))
		if !tr.moved {
			tr.moved = true
			t.moved = append(t.moved, i)
		}
	}
	t.touch(i)
}

// frameEnd takes the steps of frame f (dt seconds after the frame
// before), as World.resolve does, or hands them to the scan (firsts).
func (t *tracker) frameEnd(f int32, dt float64, p *piece) {
	for _, i := range t.moved {
		tr := &t.tr[i]
		if !tr.moved {
			continue // destroyed or spawned again after its record
		}
		tr.moved = false
		switch {
		case !tr.known:
			p.firstMoves = append(p.firstMoves, firstMove{frame: f, id: tr.id, loc: t.views[tr.pk].Location(int(tr.rec))})
		case tr.spawn != f:
			tr.dist += distSteps(tr.cur.Sub(tr.prev).Len(), dt)
		}
		tr.prev, tr.known = tr.cur, true
	}
	t.moved = t.moved[:0]
}

// mark hands the scan what changed since the last mark.
func (t *tracker) mark(p *piece, f int32, link bool) {
	t.flush()
	for _, i := range t.dirty {
		tr := &t.tr[i]
		mv := move{id: tr.id, dist: tr.dist, frame: tr.frame}
		if tr.frame >= 0 {
			v := t.views[tr.pk]
			mv.loc, mv.rot = v.Location(int(tr.rec)), v.Rotation(int(tr.rec))
		}
		p.moves = append(p.moves, mv)
		tr.dist, tr.dirty = 0, false
	}
	t.dirty = t.dirty[:0]
	p.marks = append(p.marks, mark{frame: f, link: link, end: int32(len(p.moves))})
}
