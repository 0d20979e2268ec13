package demo

import (
	"math"
)

// addMovements joins every lane arriving at junction j to the lanes that
// depart from it. Lanes keep their discipline: a right turn only from the
// rightmost lane into the rightmost lane, a left turn only from the
// leftmost into the leftmost, straight on from any lane into the lane
// that continues it. A lane that has no such way (the middle lane at a T
// junction) may take any turn, into the lane beside the one its
// neighbour turns into; U-turns only where nothing else exists.
func (n *network) addMovements(j int) {
	jn := &n.junctions[j]
	type dest struct {
		lanes []int // departing lanes of one road side, by rank
	}
	var dests []dest
	for _, a := range jn.approaches {
		ap := &n.approaches[a]
		var d dest
		for i := range n.lanes {
			l := &n.lanes[i]
			// Side B departs from the road's Start, side A from its End.
			if l.road == ap.road && l.sideB == !ap.atEnd && l.from == j {
				d.lanes = append(d.lanes, i)
			}
		}
		if len(d.lanes) > 0 {
			sortByRank(n.lanes, d.lanes)
			dests = append(dests, d)
		}
	}
	for _, a := range jn.approaches {
		for _, in := range n.approaches[a].lanes {
			var picks [][2]int // (lane, turn)
			for pass := 0; pass < 3 && len(picks) == 0; pass++ {
				for _, d := range dests {
					if to, turn, ok := n.pick(in, d.lanes, pass); ok {
						picks = append(picks, [2]int{to, turn})
					}
				}
			}
			for _, p := range picks {
				n.addMovement(j, in, p[0], p[1])
			}
		}
	}
}

// pick chooses the lane of one departing side that lane in may drive
// into. pass 0 keeps lane discipline, pass 1 drops it, pass 2 also allows
// U-turns.
func (n *network) pick(in int, side []int, pass int) (to, turn int, ok bool) {
	l := &n.lanes[in]
	if n.lanes[side[0]].road == l.road && pass < 2 {
		return 0, 0, false // back along the same road: a U-turn
	}
	hIn, hOut := l.path.heading(true), n.lanes[side[0]].path.heading(false)
	a := math.Atan2(hIn[0]*hOut[1]-hIn[1]*hOut[0], hIn[0]*hOut[0]+hIn[1]*hOut[1])
	switch {
	case math.Abs(a) > uTurnAngle:
		turn = turnU
	case a > turnAngle:
		turn = turnLeft
	case a < -turnAngle:
		turn = turnRight
	}
	if turn == turnU && pass < 2 {
		return 0, 0, false
	}
	if pass == 0 && (turn == turnRight && l.rank != l.nLanes-1 || turn == turnLeft && l.rank != 0) {
		return 0, 0, false
	}
	// A turn keeps its place counted from the side it turns to: the
	// rightmost lane turns right into the rightmost lane, the one left of
	// it (without discipline) into the one left of that, and so on, so
	// two lanes turning together drive side by side instead of merging.
	switch turn {
	case turnRight:
		return side[max(len(side)-l.nLanes+l.rank, 0)], turn, true
	case turnLeft, turnU:
		return side[min(l.rank, len(side)-1)], turn, true
	}
	// Straight on: the lane of the same rank where the departing side
	// has as many lanes (the roads may meet a little askew, and then the
	// nearest lane can be the neighbour of the one that continues this
	// lane, so that two lanes would merge into one and leave another
	// empty), else the departing lane nearest the line of this one.
	if len(side) == l.nLanes {
		return side[l.rank], turn, true
	}
	end := l.path.last()
	right := rightOf(hIn)
	best, bd := side[0], math.Inf(1)
	for _, c := range side {
		if d := math.Abs(n.lanes[c].path.first().Sub(end).Dot(right)); d < bd {
			best, bd = c, d
		}
	}
	return best, turn, true
}

// addMovement builds the Bezier from the end of lane in to the start of
// lane out: its control points lie along both lanes' directions, at the
// distance that makes a circular arc for the turn's angle.
func (n *network) addMovement(j, in, out, turn int) {
	if len(n.junctions[j].moves) >= maxMoves {
		return
	}
	for _, m := range n.lanes[in].out {
		if n.moves[m].to == out {
			return
		}
	}
	li, lo := &n.lanes[in], &n.lanes[out]
	p0, p3 := li.path.last(), lo.path.first()
	d0, d3 := li.path.heading(true), lo.path.heading(false)
	dist := flat(p3.Sub(p0)).Len()
	theta := math.Acos(min(max(d0.Dot(d3), -1), 1))
	k := dist / 3
	if theta > 0.15 {
		r := dist / (2 * math.Sin(theta/2))
		k = 4.0 / 3 * math.Tan(theta/4) * r
	}
	k = min(max(k, 0.15*dist), 0.7*dist)
	steps := int(math.Ceil(dist * (1 + theta/4) / bezierStep))
	steps = min(max(steps, 6), maxBezierPt)
	n.addMove(j, in, out, turn, newCurve(bezier(p0, p0.Add(d0.Mul(k)), p3.Sub(d3.Mul(k)), p3, steps)))
}

// addMove adds the movement from lane in to lane out through junction j
// along p, with the comfortable speed for its bends.
func (n *network) addMove(j, in, out, turn int, p path) {
	if !p.ok() {
		return
	}
	li, lo := &n.lanes[in], &n.lanes[out]
	vmax := min(li.speed, lo.speed)
	if r := p.minRadius(); !math.IsInf(r, 1) {
		vmax = min(vmax, max(math.Sqrt(lateralAcc*r), minTurnV))
	}
	mv := movement{junction: j, from: in, to: out, path: p, turn: turn, vmax: vmax}
	li.out = append(li.out, len(n.moves))
	lo.in = append(lo.in, len(n.moves))
	n.junctions[j].moves = append(n.junctions[j].moves, len(n.moves))
	n.moves = append(n.moves, mv)
}

// sortByRank orders lane indices left to right (insertion sort: sides
// have at most a handful of lanes).
func sortByRank(ls []lane, idx []int) {
	for i := 1; i < len(idx); i++ {
		for k := i; k > 0 && ls[idx[k]].rank < ls[idx[k-1]].rank; k-- {
			idx[k], idx[k-1] = idx[k-1], idx[k]
		}
	}
}
