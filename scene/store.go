package scene

import "slices"

// actorStore keeps the live actors of a World in slots: adding or
// removing an actor shifts one int32 in order instead of copying every
// actor after it, and the id index is updated, not rebuilt. Nothing
// depends on which slot an actor has; everything iterates in id order.
//
// A removed actor's slot is not reused: new actors go at the end, so that
// while ids only grow (CARLA's) the slots stay in id order, and a frame's
// Positions, which list actors by ascending id, walk the slots forward in
// memory rather than jumping about. Once the dead slots outnumber the
// live ones, compact puts the live actors back in id order.
type actorStore struct {
	slots  []actorState
	order  []int32 // live slots sorted by actor id
	dense  []int32 // id -> slot+1 for ids below maxDense
	sparse map[uint32]int32
	linked int // live actors with a parent (World.resolve's shortcut needs 0)

	spare []actorState // compact's other buffer
	perm  []int32
}

// maxDense is the largest id kept in the dense index (4 MiB of int32);
// larger ids, which CARLA never uses, go to a map.
const maxDense = 1 << 20

// count returns the number of live actors.
func (s *actorStore) count() int { return len(s.order) }

// at returns the k-th live actor in id order.
func (s *actorStore) at(k int) *actorState { return &s.slots[s.order[k]] }

// find returns the slot of the actor with the id, or -1.
func (s *actorStore) find(id uint32) int {
	if id < uint32(len(s.dense)) {
		return int(s.dense[id]) - 1
	}
	if i, ok := s.sparse[id]; ok {
		return int(i)
	}
	return -1
}

func (s *actorStore) get(id uint32) *actorState {
	if i := s.find(id); i >= 0 {
		return &s.slots[i]
	}
	return nil
}

// put adds a, replacing a live actor with the same id. Pointers into the
// store are invalid afterwards.
func (s *actorStore) put(a actorState) {
	id := a.st.id
	s.linked += linkedCount(a.parent)
	if i := s.find(id); i >= 0 {
		s.linked -= linkedCount(s.slots[i].parent)
		s.slots[i] = a
		return
	}
	slot := int32(len(s.slots))
	s.slots = append(s.slots, a)
	pos := s.position(id)
	if pos == len(s.order) {
		s.order = append(s.order, slot) // CARLA's ids only grow: the usual case
	} else {
		s.order = slices.Insert(s.order, pos, slot)
	}
	s.index(id, slot+1)
}

// remove deletes the actor with the id, if it is live.
func (s *actorStore) remove(id uint32) {
	slot := s.find(id)
	if slot < 0 {
		return
	}
	pos := s.position(id)
	s.order = slices.Delete(s.order, pos, pos+1)
	s.linked -= linkedCount(s.slots[slot].parent)
	s.slots[slot] = actorState{} // st nil: dead
	s.index(id, 0)
}

// needsCompact reports whether dead slots outnumber the live ones enough
// for compact to be worth its copy.
func (s *actorStore) needsCompact() bool { return len(s.slots) > 2*len(s.order)+64 }

// compact moves the live actors to slots 0..count-1 in id order. Data
// kept by slot elsewhere follows with the returned permutation: new slot
// k holds what was in slot perm[k] (valid until the next compact).
// Pointers into the store are invalid afterwards.
func (s *actorStore) compact() (perm []int32) {
	s.spare = s.spare[:0]
	for k, slot := range s.order {
		s.spare = append(s.spare, s.slots[slot])
		s.perm = append(s.perm[:k], slot)
		s.order[k] = int32(k)
		s.index(s.spare[k].st.id, int32(k)+1)
	}
	clear(s.slots)
	s.slots, s.spare = s.spare, s.slots[:0]
	return s.perm[:len(s.order)]
}

// position is where id is or would go in order.
func (s *actorStore) position(id uint32) int {
	lo, hi := 0, len(s.order)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if s.slots[s.order[m]].st.id < id {
			lo = m + 1
		} else {
			hi = m
		}
	}
	return lo
}

// index sets id's entry to slot+1 (0 removes it).
func (s *actorStore) index(id uint32, slot1 int32) {
	if id >= maxDense {
		if s.sparse == nil {
			s.sparse = make(map[uint32]int32)
		}
		if slot1 == 0 {
			delete(s.sparse, id)
		} else {
			s.sparse[id] = slot1 - 1
		}
		return
	}
	if id >= uint32(len(s.dense)) {
		if slot1 == 0 {
			return
		}
		n := max(int(id)+1, min(2*len(s.dense), maxDense))
		s.dense = append(s.dense, make([]int32, n-len(s.dense))...)
	}
	s.dense[id] = slot1
}

// reset empties the store, keeping its memory.
func (s *actorStore) reset() {
	for _, slot := range s.order {
		s.index(s.slots[slot].st.id, 0)
	}
	clear(s.slots)
	s.slots, s.order = s.slots[:0], s.order[:0]
	s.linked = 0
}

// appendSorted adds an actor whose id is larger than every live one (used
// to rebuild a World from a keyframe, whose actors are in id order).
func (s *actorStore) appendSorted(a actorState) {
	slot := int32(len(s.slots))
	s.slots = append(s.slots, a)
	s.order = append(s.order, slot)
	s.index(a.st.id, slot+1)
	s.linked += linkedCount(a.parent)
}

// setParent changes the parent of the actor in the slot, keeping the
// count of linked actors.
func (s *actorStore) setParent(slot int, parent uint32) {
	a := &s.slots[slot]
	s.linked += linkedCount(parent) - linkedCount(a.parent)
	a.parent = parent
}

func linkedCount(parent uint32) int {
	if parent != 0 {
		return 1
	}
	return 0
}
