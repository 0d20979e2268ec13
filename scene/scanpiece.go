package scene

import (
	"fmt"

	"github.com/mm2carla/viewer/format/recorder"
)

// What the scan takes from the decoders of the piece it reads: the
// firsts of the animation, light and kinematics packets, and the actors'
// movements at the marks (movement.go); and what it does itself instead,
// for the actors attached or with attached children.

// takeFirsts takes the decoders' firsts for the animation, light or
// kinematics packet p: in a frame that is not a keyframe p is undecoded
// (*recorder.Raw) and the firsts are what the World is told.
func (s *scanner) takeFirsts(p recorder.Packet) {
	lo := int32(0)
	if s.nfirst > 0 {
		lo = s.ends[s.nfirst-1]
	}
	ids := s.firsts[lo:s.ends[s.nfirst]]
	s.nfirst++
	if _, raw := p.(*recorder.Raw); raw {
		s.w.named(skimGroup(p.ID()), ids)
	}
}

// startPiece takes the decoder's findings for piece p, whose first frame
// is the next one, and decides which actors the scan follows itself in it:
// those attached, and those with attached children (World.split).
func (s *scanner) startPiece(p *piece) {
	s.firsts, s.ends, s.nfirst = p.firsts, p.ends, 0
	s.pc, s.frame0, s.nmark, s.nfm = p, s.w.frame+1, 0, 0
	if s.moment {
		s.momentKeys(p)
	}
	w := s.w
	for len(w.split) < len(w.slots) {
		w.split = append(w.split, false)
	}
	clear(w.split)
	s.nsplit = 0
	for _, slot := range w.order {
		if parent := w.slots[slot].parent; parent != 0 {
			s.setSplit(int(slot))
			if j := w.find(parent); j >= 0 {
				s.setSplit(j)
			}
		}
	}
}

// setSplit makes the scan follow the actor in the slot itself.
func (s *scanner) setSplit(slot int) {
	if !s.w.split[slot] {
		s.w.split[slot] = true
		s.nsplit++
	}
}

// follow makes the scan follow, from now to the end of the piece, the
// actors an EventParent packet links.
func (s *scanner) follow(links []recorder.ParentLink) {
	w := s.w
	for _, l := range links {
		for _, id := range [2]uint32{l.Child, l.Parent} {
			if j := w.find(id); j >= 0 {
				s.setSplit(j)
			}
		}
	}
}

// positions applies a Position packet the reader left undecoded, in a
// frame that is not a keyframe: the blocked rule sees every record, and
// the actors the scan follows itself get their poses. (The others'
// distances come from the decoder, and their poses at the marks.)
func (s *scanner) positions(v recorder.PositionView) {
	w := s.w
	if w.watch == nil && s.nsplit == 0 {
		return
	}
	for k := range v.Len() {
		slot := w.find(v.ID(k))
		if slot < 0 {
			continue
		}
		loc := v.Location(k)
		if w.watch != nil {
			w.watch.position(slot, loc)
		}
		if slot < len(w.split) && w.split[slot] {
			w.setPose(slot, loc, v.Rotation(k))
		}
	}
}

// takeMark applies the decoder's next mark, which must be the one the
// scan is at: to each actor not followed by the scan, the distance since
// the mark before, and its last Position record.
func (s *scanner) takeMark(link bool) error {
	w, p := s.w, s.pc
	f := w.frame - s.frame0
	if s.nmark >= len(p.marks) || p.marks[s.nmark].link != link || int(p.marks[s.nmark].frame) != f {
		return fmt.Errorf("scene: the decoder of the piece at byte %d has no mark for frame %d of it (link %v)", p.start, f, link)
	}
	lo := int32(0)
	if s.nmark > 0 {
		lo = p.marks[s.nmark-1].end
	}
	for _, mv := range p.moves[lo:p.marks[s.nmark].end] {
		slot := w.find(mv.id)
		if slot < 0 || w.split[slot] {
			continue
		}
		a := &w.slots[slot]
		a.dist += mv.dist
		if mv.frame >= 0 {
			a.pose = Transform{FromUnreal(mv.loc), FromUnrealRotation(mv.rot)}
			a.world = a.pose
			a.seen[gPos] = int32(s.frame0) + mv.frame
		}
	}
	s.nmark++
	return nil
}

// takeFirstMoves takes the steps the decoder could not, in the frame
// ending: from where the actor was at the frame before.
func (s *scanner) takeFirstMoves() {
	w, p := s.w, s.pc
	f := int32(w.frame - s.frame0)
	for ; s.nfm < len(p.firstMoves) && p.firstMoves[s.nfm].frame == f; s.nfm++ {
		fm := &p.firstMoves[s.nfm]
		slot := w.find(fm.id)
		if slot < 0 || w.split[slot] {
			continue
		}
		a := &w.slots[slot]
		if int(a.spawn) < w.frame {
			a.dist += distSteps(FromUnreal(fm.loc).Sub(a.world.Location).Len(), w.dt)
		}
	}
}

// momentKeys decides which keyframes a scan for one moment keeps in piece
// p. The moment's state is sought from the last keyframe at or before the
// frame before the moment's (Recording.build), and the seek gives the same
// state from any keyframe before it. So the scan keeps the usual
// keyframes only in the piece it will stop in (it knows from the piece's
// frame times whether it will, and its decoder marked them, see
// decoder.check), and in every other piece makes one keyframe, at its
// last frame, where the decoder always hands over the actors' last poses;
// it neither decodes the other frames in full nor stores them.
func (s *scanner) momentKeys(p *piece) {
	s.keepAll, s.pieceLast = false, s.frame0+len(p.frames)-1
	if !p.keyMarks {
		return
	}
	maxTime, until := s.maxTime, s.until
	for i := range p.frames {
		if pastMoment(s.frame0+i, p.frames[i].Elapsed, &maxTime, &until) {
			s.keepAll = true
			return
		}
	}
}

// cut is what the decoders of a moment's scan may leave out; nil for Open.
func (s *scanner) cut() *momentCut {
	if !s.moment {
		return nil
	}
	return &momentCut{until: s.until}
}
