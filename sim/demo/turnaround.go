package demo

// Stop signs before the turnarounds of a divided town (Town06). Its
// divided roads 33 and 54 end at a junction with no light where every
// way of the road's carriageway goes on into a loop (roads 64 and 10)
// that comes back to the same junction and onto the other carriageway:
// a turnaround. Both entries of such a junction go straight on, so the
// rule of odrsigns.go gives it no sign. The stop signs it stood on
// Town06 lie on lanes that no way joins with the leftmost lanes of
// those two roads, where the town's wrong-way act is (roguemedian.go):
// lanes 16 and 18 on a closed loop of four lanes, and lane 141, whose
// ways reach 17 lanes, none of them such; so the rogue could stage one
// or the other, never both. The entry into a turnaround gets a sign: the rogue that rolls
// through it on the leftmost lane comes out of the loop on the way into
// the leftmost lane of the other carriageway, where it can take the
// wrong one.
//
// Only on a town whose two-way roads are all divided (the swerve has no
// lane: medianLanes), so that Town03's cul-de-sac loop (road 66 at
// junction 29, one lane) keeps its traffic and the runs its tests hold.

// turnIns returns the entries of junction j into a turnaround (see
// above): those whose every way leads onto a lane that comes back to j;
// none unless the network's two-way roads are all divided.
func (n *network) turnIns(j int) []int {
	var ins []int
	for _, a := range n.junctions[j].approaches {
		into := len(n.approaches[a].lanes) > 0
		for _, l := range n.approaches[a].lanes {
			for _, m := range n.lanes[l].out {
				to := &n.lanes[n.moves[m].to]
				into = into && to.from == j && to.to == j
			}
		}
		if into {
			ins = append(ins, a)
		}
	}
	if len(ins) == 0 || !n.divided() {
		return nil
	}
	return ins
}

// divided reports whether no lane of the network hosts the wrong-way
// swerve (swerveLane), the wrong-way act being across a median then.
func (n *network) divided() bool {
	for l := range n.lanes {
		if n.swerveLane(l) {
			return false
		}
	}
	return true
}
