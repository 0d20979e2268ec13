package demo

import (
	"math"
	"slices"

	"github.com/mm2carla/viewer/format/recorder"
)

// permit decides whether vehicle vi, whose front is front metres before
// its stop line, may take its next movement now, and grants it; or gives
// a granted movement back when a light turns against it in time to stop.
//
// A movement is granted only when no vehicle holds a conflicting one and
// the departing lane has room for the whole car, so nobody stops inside
// an intersection for want of room; the one exception is a lit lane too
// short to stop on (Town04's roads 3 and 12, shortlane.go), whose light a
// car heeds from the way into it and so may wait in the junction behind,
// as in CARLA. On top of that each rule adds its own test (see
// stopSignLets and lightLets); at a never-stop end a car only lets a
// neighbour go first (see yields). A car holding its way when the light
// turns yellow decides once whether to stop; a way granted on yellow, or
// kept then, is never given back.
func (s *sim) permit(vi int32, front float64) {
	v := &s.veh[vi]
	n := s.net
	mi := v.next
	l := &n.lanes[n.moves[mi].from]
	ap := &n.approaches[l.approach]
	sig := n.signalOf(l.approach, s.t)
	if v.hold == mi {
		if front <= 0 || ap.kind != approachLight || v.onYellow || v.rogue && s.rogue.cur == actRedLight {
			return
		}
		switch {
		case !mayGo(sig, front, v.v, n.moves[mi].vmax):
			s.release(vi, mi)
			v.hold = -1
		case sig.state == recorder.LightYellow:
			v.onYellow = true // decided: it goes
		}
		return
	}
	first, joins := s.placeInLane(vi)
	switch {
	case !first || v.v > stopSpeed || front > stopReach:
		v.waitFrom = -1
	case v.waitFrom < 0:
		v.waitFrom = s.t
	}
	if v.rogue && s.rogueGoes(vi, front, sig) {
		return
	}
	if ap.kind == approachLight {
		s.claimMerge(vi, mi, sig)
	}
	if ap.kind == approachStop {
		if !s.stopSignLets(vi, front, first) {
			return
		}
	} else if front > v.v*v.v/(2*comfBrake)+reachAhead || !first && !joins || s.yields(vi, mi, l.approach) ||
		ap.kind == approachLight && !s.lightLets(vi, front, sig) {
		return
	}
	if !s.free(vi, mi) || !s.room(vi, mi) {
		s.claimRoom(vi, mi, sig)
		return
	}
	s.grant(vi, mi)
	v.onYellow = ap.kind == approachLight && sig.state == recorder.LightYellow
}

// stopSignLets is the stop sign's rule: the first car of its lane, once
// it has stood at the line for fullStop, goes when no car that stopped
// at the intersection before it waits for a crossing way, and no car on
// a road with right of way is about to cross its way (unless it is
// impatient: then those let it go, see yields).
func (s *sim) stopSignLets(vi int32, front float64, first bool) bool {
	v := &s.veh[vi]
	n := s.net
	l := &n.lanes[v.seg]
	ap := &n.approaches[l.approach]
	if !first {
		return false
	}
	if v.stopAt < 0 {
		if v.v > stopSpeed || front > stopReach {
			return false
		}
		v.stopAt = s.t
		jn := &n.junctions[ap.junction]
		jn.queue = append(jn.queue, vi)
	}
	// It gives way to all with right of way but turns across the flow at
	// a light, which give way themselves.
	return s.t-v.stopAt >= fullStop && s.firstCome(vi, ap.junction) &&
		(s.impatient(v) || s.priorityClear(v.next, ap.junction, l.approach, rank(turnLeft)))
}

// lightLets is a working light's rule: go on green, and on yellow only
// when too late to stop. A turning car gives way to the cars of the
// other green approaches whose way ranks higher (see rank), unless it is
// impatient (then they let it go, see yields); a car waiting at its line
// for its way may clear from the line on yellow if it will be past the
// line, starting from rest, well before red.
func (s *sim) lightLets(vi int32, front float64, sig signal) bool {
	v := &s.veh[vi]
	n := s.net
	l := &n.lanes[v.seg]
	turn := n.moves[v.next].turn
	clears := v.waitFrom >= 0 && sig.state == recorder.LightYellow &&
		sig.left > math.Sqrt(2*front/accMax)+clearMargin
	if !mayGo(sig, front, v.v, n.moves[v.next].vmax) && !clears {
		return false
	}
	return turn == turnStraight || s.impatient(v) || s.lastCall(v, sig) ||
		s.priorityClear(v.next, n.approaches[l.approach].junction, l.approach, rank(turn))
}

// lastCall reports whether v stands first at its line waiting for its
// way in the last lastCallTime seconds of its green, as a car turning
// across a flow that left it no gap does: the others let it go then
// (see yields), as oncoming drivers let the turning car waiting in the
// junction go at the end of the green. Else it would wait out the red
// that follows as well (16 s and more) and stand past the 30 s after
// which `viewer check` reports a car as blocked; on Town10HD such a car
// on an 11 m link between two junctions held the queue behind it,
// through the first junction, for 40 s.
//
// The call lasts into the yellow while v, starting from rest, would be
// past its line well before red (as lightLets lets it go then).
func (s *sim) lastCall(v *vehicle, sig signal) bool {
	if v.waitFrom < 0 || v.onMove || v.next < 0 {
		return false
	}
	switch sig.state {
	case recorder.LightGreen:
		return sig.left < lastCallTime
	case recorder.LightYellow:
		return sig.left > math.Sqrt(2*s.frontOf(v)/accMax)+clearMargin
	}
	return false
}

// frontOf is how far v's front is from the end of its lane.
func (s *sim) frontOf(v *vehicle) float64 {
	return s.net.lanes[v.seg].path.length() - v.s - v.hl
}

// urgent reports whether v, at a line whose light shows sig, goes
// before the others: it is impatient on green (or where there is no
// light), or has its last call.
func (s *sim) urgent(v *vehicle, sig signal) bool {
	return s.impatient(v) && sig.state == recorder.LightGreen || s.lastCall(v, sig)
}

// rank orders the ways through a lit intersection by right of way:
// straight on first, then right turns, then turns across the oncoming
// flow. The sweeps may find two ways of one phase in conflict where real
// cars would pass (a right turn's rear swings out over the next lane at
// the start), so the lower gives way instead of the first to ask taking
// it.
func rank(turn int) int {
	switch turn {
	case turnStraight:
		return 2
	case turnRight:
		return 1
	}
	return 0
}

// acrossTurn reports whether a turn crosses the oncoming flow.
func acrossTurn(turn int) bool { return turn == turnLeft || turn == turnU }

// impatient reports whether v has waited first at its line longer than
// turnPatience, at any rule and for any way. The others let it go first
// (see yields), so that no car waits out a whole light cycle or a busy
// priority road: the longest wait at a line stays well under the 30 s
// after which `viewer check` reports a car as blocked.
func (s *sim) impatient(v *vehicle) bool {
	return v.waitFrom >= 0 && s.t-v.waitFrom > turnPatience && !v.onMove && v.next >= 0
}

// Seconds: how long before red one clearing on yellow must be past the
// line, and how long one waits at the line giving way before the others
// let it go.
const (
	clearMargin  = 0.5
	turnPatience = 10.0
	lastCallTime = 5.0 // s of green left when a car waiting at its line has its last call (see lastCall)
)

// mayGo reports whether a car front metres before a light showing sig,
// at speed v, taking a way through at up to vturn, should go: on green,
// and on yellow only when it can no longer stop comfortably but will be
// past the line before red (slowing for the turn on the way).
func mayGo(sig signal, front, v, vturn float64) bool {
	switch sig.state {
	case recorder.LightGreen:
		return true
	case recorder.LightYellow:
		canStop := front-lineGap > v*v/(2*comfBrake) // the line is lineGap before the end
		return !canStop && front < max(min(v, vturn), minTurnV)*sig.left
	}
	return false
}

// placeInLane reports whether vi is the first car on its lane, and
// whether the car just ahead of it on the lane holds the same movement
// (a platoon may follow through on the same green, see yields).
func (s *sim) placeInLane(vi int32) (first, joins bool) {
	ahead := s.laneLeader(vi)
	if ahead < 0 {
		return true, false
	}
	v, u := &s.veh[vi], &s.veh[ahead]
	return false, u.next == v.next && u.hold == v.next
}

// yields reports whether vi, asking for movement mi from approach a,
// lets another car go first that stands at its line waiting for a way
// that conflicts with mi and has room beyond: one on another lane of
// the same approach that has waited longer and could take its way now
// but for the cars of this approach still on their ways (a platoon in
// the next lane keeps a way that conflicts with the waiting car's
// taken, car after car, for the whole green else: two lanes turning
// right side by side on Town06 do so where the sweeps, sized for the
// largest vehicle, find their ways in conflict), or is impatient (so
// that lanes merging into one take turns instead of a moving lane's
// platoon keeping the way to itself), or an urgent one (impatient, or
// at its last call) on another approach of the intersection whose
// light is green (or that has none) that vi is not, or that has waited
// longer than vi. It is let go even while its way is still being
// cleared: else those that keep coming could keep it waiting for good.
// On a town, when both are at their last call on green, vi need not
// wait for the other while a car of vi's approach already holding a way
// across the other's would clear it no sooner than vi (see
// clearsBefore): vi's going keeps it waiting no longer. On Town05
// (clean seed 5) a car first at its line on the avenue's right lane
// gave way for the last 5 s of its green to a left turn from the far
// side that could not go before the avenue's other two lanes had
// cleared its way either, and then waited out the red and that left
// turn on the next green: 33 s, blocked. Nor need vi wait then for one
// that has no room in the lane it turns into (it waits on its claim,
// see roomAhead): with the green ending, its room may come only on its
// red, and vi, whose way and room are clear, would stand through that
// red and the other's turn at the start of the next green. On Town10HD
// (clean seed 2) a car going straight on road 5 side B stood at its
// line, way and room clear, for the last 2.4 s of its green, giving way
// to an oncoming left turn into road 18's full 22 m lane whose room
// that car had claimed (claimMerge); the turn went on the next green
// and held its way 8 s, and the straight car stood 31 s, the one
// behind it 30.5 s. On yellow the one that waited
// longer keeps its turn: with the rule there too, a car on Town10HD
// that gave its way back to stop and asked again to clear its line went
// first, and the rogue's plans there (TestRogueOnTowns) lost the one
// that stages all five kinds without a blocked car.
func (s *sim) yields(vi int32, mi, a int) bool {
	n := s.net
	v := &s.veh[vi]
	j := n.approaches[a].junction
	mine := n.signalOf(a, s.t)
	for _, b := range n.junctions[j].approaches {
		theirs := n.signalOf(b, s.t)
		if theirs.state != recorder.LightGreen && theirs.state != recorder.LightYellow {
			continue // on yellow, one that still clears its line has its last call
		}
		green := theirs.state == recorder.LightGreen
		for _, l := range n.approaches[b].lanes {
			if l == v.seg {
				continue
			}
			for _, u := range n.lanes[l].veh {
				w := &s.veh[u]
				if w.waitFrom < 0 || w.next < 0 || w.hold == w.next || !s.conflict(w.next, mi) || !s.roomAhead(u, w.next, theirs) {
					continue // no need to wait for one that cannot go either, unless the room it waits for is its next
				}
				longer := v.waitFrom < 0 || w.waitFrom < v.waitFrom || w.waitFrom == v.waitFrom && u < vi
				if b == a && (green || s.lastCall(w, theirs)) && longer && (s.freeBut(u, w.next, a) || s.impatient(w)) ||
					b != a && s.urgent(w, theirs) && (!s.urgent(v, mine) || longer && !s.passesAtLastCall(vi, mi, u, mine, theirs)) {
					return true
				}
			}
		}
	}
	return false
}

// passesAtLastCall reports whether vi, at its last call on green, need
// not wait for u, at its last call too (see yields): on a town, when a
// car of vi's approach already crossing u's way would clear it no sooner
// than vi, or when u has no room in the lane it would go into.
func (s *sim) passesAtLastCall(vi int32, mi int, u int32, mine, theirs signal) bool {
	w := &s.veh[u]
	return s.net.fair && mine.state == recorder.LightGreen && s.lastCall(&s.veh[vi], mine) && s.lastCall(w, theirs) &&
		(s.clearsBefore(vi, mi, w.next) || !s.room(u, w.next))
}

// firstCome reports whether no car that stopped at junction j before vi
// is still waiting for a movement that conflicts with vi's.
func (s *sim) firstCome(vi int32, j int) bool {
	mi := s.veh[vi].next
	for _, q := range s.net.junctions[j].queue {
		if q == vi {
			return true
		}
		if qm := s.veh[q].next; qm == mi || s.conflict(qm, mi) {
			return false
		}
	}
	return true
}

// priorityClear reports whether no car with right of way at junction j
// is close to taking a movement that conflicts with mi: a car on a
// never-stop end, or at a green light one whose way ranks higher than
// above (on yellow those not yet holding their way will stop), that may
// reach its way soon (see mayReach). Cars on approach own (the asking
// car's) do not count.
func (s *sim) priorityClear(mi int, j, own, above int) bool {
	n := s.net
	for _, a := range n.junctions[j].approaches {
		ap := &n.approaches[a]
		switch {
		case a == own:
			continue
		case ap.kind == approachFree:
		case ap.kind == approachLight && n.signalOf(a, s.t).state == recorder.LightGreen:
		default:
			continue
		}
		for _, l := range ap.lanes {
			ln := &n.lanes[l]
			for _, u := range ln.veh {
				w := &s.veh[u]
				if w.next < 0 || w.hold == w.next || !s.conflict(w.next, mi) || !s.mayReach(u) {
					continue
				}
				if ap.kind == approachLight && rank(n.moves[w.next].turn) <= above {
					continue
				}
				if front := ln.path.length() - w.s - w.hl; front < w.v*yieldWindow+reachAhead {
					return false
				}
			}
		}
	}
	return true
}

// conflict reports whether movements a and b conflict.
func (s *sim) conflict(a, b int) bool {
	return slices.ContainsFunc(s.net.moves[a].conflicts, func(c conflict) bool { return c.m == int32(b) })
}

// free reports whether vi may take mi as far as the vehicles holding
// conflicting ways go: each is past where it clears mi's way, or, where
// both ways lead into one lane, far enough ahead of vi on the way to
// where they merge for vi to follow it there (see merging).
func (s *sim) free(vi int32, mi int) bool { return s.freeBut(vi, mi, -1) }

// freeBut is free, leaving out the ways from approach skip (-1: none).
func (s *sim) freeBut(vi int32, mi int, skip int) bool {
	n := s.net
	mine := s.toMerge(vi, mi)
	for _, c := range n.moves[mi].conflicts {
		m := &n.moves[c.m]
		if m.holders == 0 || skip >= 0 && n.lanes[m.from].approach == skip {
			continue
		}
		merge := m.to == n.moves[mi].to
		clear := func(u int32, along float64) bool {
			if merge {
				slower := max(s.veh[vi].v*s.veh[vi].v-s.veh[u].v*s.veh[u].v, 0) / (2 * comfBrake) // to brake to its speed behind it
				return s.toMerge(u, int(c.m))+s.veh[u].hl+s.veh[vi].hl+mergeGap+slower <= mine
			}
			return along >= c.theirs
		}
		from := n.lanes[m.from].path.length()
		for _, u := range n.lanes[m.from].veh {
			if s.veh[u].hold == int(c.m) && !clear(u, s.veh[u].s-from) {
				return false
			}
		}
		for _, u := range m.veh {
			if !clear(u, s.veh[u].s) {
				return false
			}
		}
		for _, u := range n.lanes[m.to].veh {
			if v := &s.veh[u]; v.prev == int(c.m) && !merge && m.path.length()+v.s < c.theirs {
				return false
			}
		}
	}
	return true
}

// mergeGap is the bumper gap (m) a car taking a way that merges into
// another's lane must be behind the one on that way, counted along the
// ways to the lane's start, for car following to keep them apart; one
// faster than the other needs its comfortable braking distance to the
// other's speed on top (else a car arriving fast behind one that pulls
// away from its line would have to stop dead).
const mergeGap = jamGap + 1

// toMerge returns how far vi's centre is from the start of the lane
// movement mi leads into, along its way: on mi, or on the lane before it.
func (s *sim) toMerge(vi int32, mi int) float64 {
	v := &s.veh[vi]
	m := &s.net.moves[mi]
	if v.onMove {
		return m.path.length() - v.s
	}
	return s.net.lanes[v.seg].path.length() - v.s + m.path.length()
}

// grant gives movement mi to vi.
func (s *sim) grant(vi int32, mi int) {
	v := &s.veh[vi]
	m := &s.net.moves[mi]
	if l := &s.net.lanes[m.to]; l.claim == vi {
		l.claim = -1
	}
	m.holders++
	v.hold = mi
	v.commit = 2*v.hl + roomGap
	s.net.lanes[m.to].committed += v.commit
	if v.stopAt >= 0 {
		q := &s.net.junctions[m.junction].queue
		*q = slices.DeleteFunc(*q, func(e int32) bool { return e == vi })
		v.stopAt = -1
	}
}

// release gives movement mi back.
func (s *sim) release(vi int32, mi int) {
	m := &s.net.moves[mi]
	m.holders--
	s.net.lanes[m.to].committed -= s.veh[vi].commit
}

// mayReach reports whether u could take its next way soon: it is the
// first car of its lane, or follows one that has its way too, and its
// departing lane has room for it. One queued behind a car waiting at
// the line, or facing a full lane, keeps no right of way: the way it
// would take is not about to be used, and a car waiting for it to pass
// would wait for as long as the jam lasts.
func (s *sim) mayReach(u int32) bool {
	first, joins := s.placeInLane(u)
	return (first || joins) && s.room(u, s.veh[u].next)
}
