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
// inside an intersection. On top of that each rule adds its own test:
// working lights must show green (or yellow too late to stop), and a
// turn across the oncoming flow gives way to it, but may clear on yellow
// from the line; a stop sign needs a full stop, then the first car to
// arrive goes first and traffic on the priority road keeps right of way;
// a never-stop end has no further test. A movement granted on yellow is
// never given back.
func (s *sim) permit(vi int32, front float64) {
	v := &s.veh[vi]
	n := s.net
	mi := v.next
	l := &n.lanes[n.moves[mi].from]
	ap := &n.approaches[l.approach]
	sig := n.signalOf(l.approach, s.t)
	if v.hold == mi {
		if front > 0 && ap.kind == approachLight && !v.onYellow && !mayGo(sig, front, v.v) {
			s.release(vi, mi)
			v.hold = -1
		}
		return
	}
	first, joins := s.placeInLane(vi)
	switch ap.kind {
	case approachStop:
		if !first {
			return
		}
		if v.stopAt < 0 {
			if v.v > stopSpeed || front > stopReach {
				return
			}
			v.stopAt = s.t
			jn := &n.junctions[ap.junction]
			jn.queue = append(jn.queue, queued{veh: vi, since: s.t})
		}
		if s.t-v.stopAt < fullStop || !s.firstCome(vi, ap.junction) || !s.priorityClear(mi, ap.junction, l.approach) {
			return
		}
	case approachLight:
		if front > v.v*v.v/(2*comfBrake)+reachAhead || !first && !joins {
			return
		}
		across := n.moves[mi].turn == turnLeft || n.moves[mi].turn == turnU
		// A turn waiting at the line may clear on yellow if it will be
		// past the line, starting from rest, well before red.
		clears := first && v.v <= stopSpeed && front <= stopReach && sig.state == recorder.LightYellow &&
			sig.left > math.Sqrt(2*front/accMax)+clearMargin
		if !mayGo(sig, front, v.v) && !(across && clears) {
			return
		}
		if across && !s.priorityClear(mi, ap.junction, l.approach) {
			return
		}
	default:
		if front > v.v*v.v/(2*comfBrake)+reachAhead || !first && !joins {
			return
		}
	}
	if !s.free(mi) || !s.room(vi, mi) {
		return
	}
	s.grant(vi, mi)
	v.onYellow = ap.kind == approachLight && sig.state == recorder.LightYellow
}

// clearMargin is how long before red a turn clearing on yellow must be
// past the line, seconds.
const clearMargin = 0.5

// mayGo reports whether a car front metres before a light showing sig,
// at speed v, should go: on green, and on yellow only when it can no
// longer stop comfortably but will be past the line before red.
func mayGo(sig signal, front, v float64) bool {
	switch sig.state {
	case recorder.LightGreen:
		return true
	case recorder.LightYellow:
		canStop := front-lineGap > v*v/(2*comfBrake) // the line is lineGap before the end
		return !canStop && front < v*sig.left
	}
	return false
}

// placeInLane reports whether vi is the first car on its lane, and
// whether the car just ahead of it on the lane holds the same movement
// (a platoon may follow through on the same green).
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

// firstCome reports whether no car that stopped at junction j before vi
// is still waiting for a movement that conflicts with vi's.
func (s *sim) firstCome(vi int32, j int) bool {
	mi := s.veh[vi].next
	for _, q := range s.net.junctions[j].queue {
		if q.veh == vi {
			return true
		}
		if qm := s.veh[q.veh].next; qm == mi || s.conflict(qm, mi) {
			return false
		}
	}
	return true
}

// priorityClear reports whether no car with right of way at junction j
// (on a never-stop end, or at a light showing green or yellow) is close to
// taking a movement that conflicts with mi. Cars on approach own (the
// asking car's) do not count, nor cars turning across the oncoming flow,
// which give way themselves.
func (s *sim) priorityClear(mi int, j, own int) bool {
	n := s.net
	for _, a := range n.junctions[j].approaches {
		ap := &n.approaches[a]
		switch {
		case a == own:
			continue
		case ap.kind == approachFree:
		case ap.kind == approachLight && n.signalOf(a, s.t).state != recorder.LightRed:
		default:
			continue
		}
		for _, l := range ap.lanes {
			ln := &n.lanes[l]
			for _, u := range ln.veh {
				w := &s.veh[u]
				if w.next < 0 || w.hold == w.next || !s.conflict(w.next, mi) {
					continue
				}
				if ap.kind == approachLight && (n.moves[w.next].turn == turnLeft || n.moves[w.next].turn == turnU) {
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
	return slices.Contains(s.net.moves[a].conflicts, int32(b))
}

// free reports whether no vehicle holds a movement conflicting with mi.
func (s *sim) free(mi int) bool {
	for _, c := range s.net.moves[mi].conflicts {
		if s.net.moves[c].holders > 0 {
			return false
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
		*q = slices.DeleteFunc(*q, func(e queued) bool { return e.veh == vi })
		v.stopAt = -1
	}
}

// release gives movement mi back.
func (s *sim) release(vi int32, mi int) {
	m := &s.net.moves[mi]
	m.holders--
	s.net.lanes[m.to].committed -= s.veh[vi].commit
}
