package citygen

import (
	"slices"

	"github.com/mm2carla/viewer/format/bai"
)

// assignRooms numbers the PSDL rooms: intersection k is room k+1 (set when
// the intersections are built) and the roads follow in order, each with
// one or more consecutive rooms. Rooms beyond one a road go, spread evenly,
// to roads in a seeded random order, at most maxRoadRooms a road. It
// returns the number of rooms.
func (b *builder) assignRooms(roads []bai.Road) int {
	per := make([]int, len(roads))
	for k := range per {
		per[k] = 1
	}
	extra := b.cfg.Rooms - len(roads) - len(b.nodes)
	order := b.rng.Perm(len(roads))
	for extra > 0 && len(roads) > 0 {
		placed := false
		for _, k := range order {
			if extra == 0 {
				break
			}
			if per[k] < maxRoadRooms {
				per[k]++
				extra--
				placed = true
			}
		}
		if !placed {
			break
		}
	}
	next := len(b.nodes) + 1
	for k := range roads {
		roads[k].Rooms = make([]uint16, per[k])
		for i := range per[k] {
			roads[k].Rooms[i] = uint16(next)
			next++
		}
	}
	return next - 1
}

// culling fills the per-room road lists. For a road's rooms the seed is
// the road, for an intersection's room its roads; pedestrians get the
// seeds and the roads sharing an intersection with them, cars one
// intersection further.
func (b *builder) culling(roads []bai.Road, is []bai.Intersection, nRooms int) bai.Culling {
	c := bai.Culling{Cars: make([][]uint16, nRooms+1), Peds: make([][]uint16, nRooms+1)}
	// Entry 0 stays empty (nil, as a decoder returns an empty list).
	mark := make([]bool, len(roads))
	for room := 1; room <= nRooms; room++ {
		var seeds []int
		if room <= len(is) {
			for _, k := range is[room-1].Roads {
				seeds = append(seeds, int(k))
			}
		} else {
			seeds = []int{b.roadOfRoom(roads, room)}
		}
		peds := b.expand(seeds, mark)
		cars := b.expand(peds, mark)
		c.Peds[room] = toU16(peds)
		c.Cars[room] = toU16(cars)
	}
	return c
}

// roadOfRoom finds the road owning a room number; rooms are consecutive
// per road, so a binary search over the first rooms suffices.
func (b *builder) roadOfRoom(roads []bai.Road, room int) int {
	k, _ := slices.BinarySearchFunc(roads, room, func(r bai.Road, room int) int {
		return int(r.Rooms[len(r.Rooms)-1]) - room
	})
	return k
}

// expand returns, sorted, the roads in set plus every road that shares
// an intersection with one of them. mark is scratch, all false on entry
// and on return.
func (b *builder) expand(set []int, mark []bool) []int {
	out := make([]int, 0, 4*len(set))
	add := func(k int) {
		if !mark[k] {
			mark[k] = true
			out = append(out, k)
		}
	}
	for _, k := range set {
		add(k)
		for _, n := range [2]int{b.edges[k].from, b.edges[k].to} {
			if n >= 0 {
				for _, j := range b.nodes[n].edges {
					add(j)
				}
			}
		}
	}
	for _, k := range out {
		mark[k] = false
	}
	slices.Sort(out)
	return out
}

func toU16(ks []int) []uint16 {
	out := make([]uint16, len(ks))
	for i, k := range ks {
		out[i] = uint16(k)
	}
	return out
}
