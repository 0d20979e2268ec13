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
// the departing lane has room for the whole car, so nobody ever stops
// inside an intersection. On top of that each rule adds its own test (see
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
	if ap.kind == approachStop {
		if !s.stopSignLets(vi, front, first) {
			return
		}
	} else if front > v.v*v.v/(2*comfBrake)+reachAhead || !first && !joins || s.yields(vi, mi, l.approach) ||
		ap.kind == approachLight && !s.lightLets(vi, front, sig) {
		return
	}
	if !s.free(mi) || !s.room(vi, mi) {
		return
	}
	s.grant(vi, mi)
	v.onYellow = ap.kind == approachLight && sig.state == recorder.LightYellow
}

// stopSignLets is the stop sign's rule: the first car of its lane, once
// it has stood at the line for fullStop, goes when no car that stopped
// at the intersection before it waits for a crossing way, and no car on
// a road with right of way is about to cross its way.
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
// other green approaches whose way ranks higher (see rank), unless it has
// waited at the line longer than turnPatience (then they let it go, see
// yields); a turn across the oncoming flow may clear from the line on
// yellow if it will be past the line, starting from rest, well before
// red.
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
	return turn == turnStraight || s.impatient(v) || s.priorityClear(v.next, n.approaches[l.approach].junction, l.approach, rank(turn))
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

// impatient reports whether v is a turning car at a light that has
// waited at its line longer than turnPatience.
func (s *sim) impatient(v *vehicle) bool {
	return v.waitFrom >= 0 && s.t-v.waitFrom > turnPatience && !v.onMove && v.next >= 0
}

// Turns at lights, seconds: how long before red one clearing on yellow
// must be past the line, and how long one waits at the line giving way
// before the others let it go.
const (
	clearMargin  = 0.5
	turnPatience = 8.0
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
	v := &s.veh[vi]
	var ahead int32 = -1
	best := math.Inf(1)
	for _, j := range s.net.lanes[v.seg].veh {
		if d := s.veh[j].s - v.s; j != vi && d > 0 && d < best {
			ahead, best = j, d
		}
	}
	if ahead < 0 {
		return true, false
	}
	u := &s.veh[ahead]
	return false, u.next == v.next && u.hold == v.next
}

// yields reports whether vi, asking for movement mi from approach a,
// lets another car go first that stands at its line waiting for a way
// that conflicts with mi and could take it now: one on another lane of
// the same approach that has waited longer (so that lanes merging into
// one take turns instead of a moving lane's platoon keeping the way to
// itself), or an impatient turn across the flow at the same
// intersection, whose light is green.
func (s *sim) yields(vi int32, mi, a int) bool {
	n := s.net
	v := &s.veh[vi]
	j := n.approaches[a].junction
	for _, b := range n.junctions[j].approaches {
		if n.approaches[b].kind == approachLight && n.signalOf(b, s.t).state != recorder.LightGreen {
			continue
		}
		for _, l := range n.approaches[b].lanes {
			if l == v.seg {
				continue
			}
			for _, u := range n.lanes[l].veh {
				w := &s.veh[u]
				if w.waitFrom < 0 || w.next < 0 || w.hold == w.next || !s.conflict(w.next, mi) || !s.room(u, w.next) {
					continue // no need to wait for one that cannot go either
				}
				longer := v.waitFrom < 0 || w.waitFrom < v.waitFrom || w.waitFrom == v.waitFrom && u < vi
				if b == a && longer && s.free(w.next) || b != a && s.impatient(w) && (!s.impatient(v) || w.waitFrom < v.waitFrom) {
					return true
				}
			}
		}
	}
	return false
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
// above (on yellow those not yet holding their way will stop). Cars on
// approach own (the asking car's) do not count.
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

// free reports whether no vehicle holds a movement conflicting with mi
// and is still short of where it clears mi's way.
func (s *sim) free(mi int) bool {
	n := s.net
	for _, c := range n.moves[mi].conflicts {
		m := &n.moves[c.m]
		if m.holders == 0 {
			continue
		}
		for _, vi := range n.lanes[m.from].veh {
			if v := &s.veh[vi]; v.hold == int(c.m) && v.s-n.lanes[m.from].path.length() < c.theirs {
				return false
			}
		}
		for _, vi := range m.veh {
			if s.veh[vi].s < c.theirs {
				return false
			}
		}
		for _, vi := range n.lanes[m.to].veh {
			if v := &s.veh[vi]; v.prev == int(c.m) && m.path.length()+v.s < c.theirs {
				return false
			}
		}
	}
	return true
}

// room reports whether the lane mi departs into has room for vi behind
// the last car on it and the cars already granted a way into it.
func (s *sim) room(vi int32, mi int) bool {
	n := s.net
	l := &n.lanes[n.moves[mi].to]
	free := math.Inf(1)
	for _, j := range l.veh {
		free = min(free, s.veh[j].s-s.veh[j].hl)
	}
	for _, m := range l.out {
		for _, j := range n.moves[m].veh {
			free = min(free, l.path.length()+s.veh[j].s-s.veh[j].hl)
		}
	}
	if l.closed {
		return false
	}
	if math.IsInf(free, 1) {
		free = max(l.path.length(), releaseGap+2*s.veh[vi].hl+roomGap)
	}
	return free-l.committed >= 2*s.veh[vi].hl+roomGap
}

// grant gives movement mi to vi.
func (s *sim) grant(vi int32, mi int) {
	v := &s.veh[vi]
	m := &s.net.moves[mi]
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
