package scene

import (
	"fmt"
	"io"
	"slices"

	"github.com/mm2carla/viewer/format/recorder"
)

// Stale values at keyframes. A keyframe stores an actor compactly only if
// its own frame gives back every value (keyframe.go); an actor whose
// animation, light or kinematics group was written since its spawn, but
// not in the keyframe's frame, is stored whole, with the value of the
// frame that wrote that group last. The scan decodes those packets only in
// keyframes' frames and otherwise notes only that a group was written
// (actorState.ever), so at a keyframe it finds here, for such an actor,
// which frame that was and reads the value from it. At the keyframe before,
// every live actor's last writes were settled, so only the frames since
// then are read. In CARLA's files an actor's group is written every frame
// or never, and nothing is read.

// staleActor is an actor whose last writes of some groups are unknown.
type staleActor struct {
	spawn  int            // its spawn frame
	groups uint8          // bit 1<<g: group g's last write is sought
	active bool           // while reading: the id names this actor
	last   [nGroups]int32 // the last frame found writing each group, or -1
}

// settleStale finds the last writes of the actors at the keyframe just
// applied whose groups were written but not in its frame, and gives them
// those values (refill).
func (s *scanner) settleStale() error {
	w := s.w
	k := w.frame
	if s.stale == nil {
		s.stale = map[uint32]*staleActor{}
	}
	clear(s.stale)
	lo := k
	for j := range w.count() {
		a := w.at(j)
		var groups uint8
		for g := gControl; g <= gKin; g++ {
			if a.ever&(1<<g) != 0 && a.seen[g] != int32(k) {
				groups |= 1 << g
			}
		}
		if groups == 0 {
			continue
		}
		st := &staleActor{spawn: a.st.spawnFrame, groups: groups}
		for g := range st.last {
			st.last[g] = -1
		}
		s.stale[a.st.id] = st
		lo = min(lo, max(s.lastKey+1, a.st.spawnFrame))
	}
	if len(s.stale) == 0 {
		return nil
	}
	ix := s.index()
	if err := s.findLastWrites(ix, lo, k-1); err != nil {
		return fmt.Errorf("scene: reading frames %d to %d again: %w", lo, k-1, err)
	}
	s.need = s.need[:0]
	for id, st := range s.stale {
		a := w.get(id)
		for g := gControl; g <= gKin; g++ {
			if st.groups&(1<<g) != 0 && st.last[g] >= 0 {
				a.seen[g] = st.last[g]
				a.skimmed |= 1 << g
				s.need = append(s.need, st.last[g])
			}
		}
	}
	slices.Sort(s.need)
	s.need = slices.Compact(s.need)
	for _, f := range s.need {
		if err := s.refill(ix, int(f)); err != nil {
			return fmt.Errorf("scene: reading frame %d again: %w", f, err)
		}
	}
	for j := range w.count() {
		w.at(j).skimmed = 0
	}
	return nil
}

// findLastWrites reads frames [first, last] and notes, for each stale
// actor, the last of them writing each group it seeks, counting only
// records after the actor's spawn.
func (s *scanner) findLastWrites(ix *recorder.Index, first, last int) error {
	if first > last {
		return nil
	}
	for _, st := range s.stale {
		st.active = st.spawn < first
	}
	rd := s.sideReader(ix, first, last)
	rd.Skim(recorder.IDVehicleAnimation, recorder.IDWalkerAnimation, recorder.IDVehicleLight, recorder.IDKinematics)
	f := first - 1
	for {
		p, err := rd.Next()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		switch p := p.(type) {
		case *recorder.FrameStart:
			f++
		case *recorder.EventAdd:
			for i := range p.Actors {
				if st := s.stale[p.Actors[i].ID]; st != nil {
					st.active = f == st.spawn // the last spawn of the id is the actor's
				}
			}
		case *recorder.EventDel:
			for _, id := range p.IDs {
				if st := s.stale[id]; st != nil {
					st.active = false
				}
			}
		case *recorder.Skimmed:
			g := skimGroup(p.Type)
			if g < 0 {
				continue
			}
			for _, id := range p.IDs {
				if st := s.stale[id]; st != nil && st.active && st.groups&(1<<g) != 0 {
					st.last[g] = int32(f)
				}
			}
		}
	}
}

// sideReader returns the scan's reader of frames [first, last] again.
func (s *scanner) sideReader(ix *recorder.Index, first, last int) *recorder.Reader {
	if s.side == nil {
		s.side = recorder.NewFrameReader(s.rec.src, ix, first, last)
	} else {
		s.side.Reset(s.rec.src, ix, first, last)
	}
	return s.side
}

// refill decodes frame f again and sets, for each actor whose group g was
// last written (and skimmed) in f, that value.
func (s *scanner) refill(ix *recorder.Index, f int) error {
	s.refetched++
	return refillFrame(s.sideReader(ix, f, f), s.w, f)
}

// refillFrame reads frame f from rd and sets, for each actor of w whose
// group g was last written (and skimmed) in f, that value. Records are
// applied in file order, so the last write of the frame wins, as it did
// when the frame was skimmed.
func refillFrame(rd *recorder.Reader, w *World, f int) error {
	stale := func(id uint32, g int) *actorState {
		if a := w.get(id); a != nil && a.skimmed&(1<<g) != 0 && a.seen[g] == int32(f) {
			return a
		}
		return nil
	}
	for {
		p, err := rd.Next()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		switch p := p.(type) {
		case *recorder.VehicleAnimations:
			for i := range p.Records {
				if a := stale(p.Records[i].ID, gControl); a != nil {
					a.setControl(&p.Records[i])
				}
			}
		case *recorder.WalkerAnimations:
			for i := range p.Records {
				if a := stale(p.Records[i].ID, gWalker); a != nil {
					a.setWalker(&p.Records[i])
				}
			}
		case *recorder.VehicleLights:
			for i := range p.Records {
				if a := stale(p.Records[i].ID, gLights); a != nil {
					a.setLights(&p.Records[i])
				}
			}
		case *recorder.KinematicsList:
			for i := range p.Records {
				if a := stale(p.Records[i].ID, gKin); a != nil {
					a.setKin(&p.Records[i])
				}
			}
		}
	}
}
