package demo

import (
	"math"

	"github.com/mm2carla/viewer/format/recorder"
)

// The rogue's acts (see rogue.go): when each one's chance has come, and
// how the rogue drives and takes its way while one is under way.

// driftChance starts the off-lane act on the rightmost lane of a side,
// or on a divided town the leftmost lane beside a median (medianEdge),
// drifting into the median.
func (s *sim) driftChance() bool {
	v := &s.veh[s.rogue.vi]
	l := &s.net.lanes[v.seg]
	left := l.rank != l.nLanes-1
	if left && !s.medianEdge(v.seg) || !s.roomFor(v, 2*driftRamp+driftHold) {
		return false
	}
	s.rogue.cur, s.rogue.left = actOffLane, left
	return true
}

// swerveChance starts the wrong-way act from the leftmost lane of a
// two-way road whose oncoming lane is empty and granted to nobody; the
// lane is closed until the rogue is back.
func (s *sim) swerveChance() bool {
	v := &s.veh[s.rogue.vi]
	n := s.net
	l := &n.lanes[v.seg]
	if l.rank != 0 || v.v > actSpeed+2 || !s.roomFor(v, 2*swerveRamp+swerveHold) {
		return false
	}
	o := s.net.oncoming(v.seg)
	if o < 0 || s.meets(v, o) || n.lanes[o].committed > 0 {
		return false
	}
	d := s.across(v, o)
	if d < 2.5 || d > 5 {
		return false
	}
	for _, m := range n.junctions[max(n.lanes[o].from, 0)].moves {
		if n.moves[m].to == o && (n.moves[m].holders > 0 || len(n.moves[m].veh) > 0) {
			return false
		}
	}
	s.rogue.cur, s.rogue.opp, s.rogue.width = actWrongWay, o, d
	n.lanes[o].closed = true
	return true
}

// meets reports whether a car on the oncoming lane o is still ahead of
// the rogue (v), or too little behind it: one that has passed it already
// leaves the stretch the rogue takes free.
func (s *sim) meets(v *vehicle, o int) bool {
	ln := &s.net.lanes[o]
	opposite := ln.path.length() - v.s // where the rogue's centre is, along o
	for _, j := range ln.veh {
		if u := &s.veh[j]; u.s-u.hl < opposite+v.hl+passedGap {
			return true
		}
	}
	return false
}

// across is how far the oncoming lane o is from the rogue's lane point
// (m, on the ground).
func (s *sim) across(v *vehicle, o int) float64 {
	p, _ := s.net.lanes[v.seg].path.at(v.s)
	return distTo(s.net.lanes[o].path.pts, p)
}

// rollChance arms the stop-sign act on the way to a stop sign (see
// rogueGoes), if the rogue cannot reach limitStopAt before the line
// before time after, and will have passed the line by time end (slowing
// to half its speed on average at worst).
func (s *sim) rollChance(after, end float64) bool {
	v := &s.veh[s.rogue.vi]
	l := &s.net.lanes[v.seg]
	if l.approach < 0 || v.next < 0 || !s.net.approaches[l.approach].signed || v.v < rollArm {
		return false
	}
	if front := s.remains(v); front < limitStopAt+rollRunUp || front > 70 || (front-limitStopAt)/v.v < after-s.t || 2*front/v.v > end-s.t ||
		s.driftFirst(v, front) {
		return false
	}
	if first, _ := s.placeInLane(s.rogue.vi); !first {
		return false
	}
	s.rogue.cur, s.rogue.minV = actStopSign, math.Inf(1)
	return true
}

// crawl is the least acceleration of the rogue rolling up to a stop
// sign it means to roll through while its way is not free yet: it slows
// to crawlSpeed, not to a stop, until crawlEnd before the line, so that
// it has seconds for a gap in the crossing traffic and the queue at the
// other lines to come and still rolls (a crawl is no stop: the check's
// stop is slower than 0.5 m/s); then it stops as the others do, and the
// act is given up (rogueGoes). The driver's own stop at the line comes
// down to crawlSpeed only a metre or two before it, which leaves the
// crossing traffic little time to clear (on seed 2 of the demo city
// the rogue so stopped at the only stop sign it reached, in every
// plan): in an eager plan (rogue.eager) roguePlan brakes to crawlSpeed
// by crawlHold before crawlEnd, some three seconds of crawl.
func (s *sim) crawl(v *vehicle, line float64) float64 {
	d := line - crawlEnd
	switch {
	case d <= 0:
		return math.Inf(-1)
	case v.v > crawlSpeed:
		return -(v.v*v.v - crawlSpeed*crawlSpeed) / (2 * d)
	}
	return crawlSpeed - v.v
}

// tailChance starts the close-call act in a queue: the rogue stands
// right behind a car on its lane that has just pulled away, with lane
// enough ahead of that car for the act, and jumps after it.
func (s *sim) tailChance() bool {
	r := &s.rogue
	v := &s.veh[r.vi]
	u := s.laneLeader(r.vi)
	if u < 0 {
		return false
	}
	w := &s.veh[u]
	g := w.s - v.s - v.hl - w.hl
	queued := v.v < w.v+1 && g <= 10 && w.acc > 0    // it pulls away in front of the rogue
	closing := v.v >= w.v+1 && g <= 40 && w.acc >= 0 // or the rogue comes up behind it (not one braking: it could not stop behind that)
	if w.hero || !queued && !closing || w.v < 0.5 || w.v > 8 ||
		s.net.lanes[w.seg].path.length()-w.s < tailRoom {
		return false
	}
	for i := range s.veh {
		if x := &s.veh[i]; closing && x.alive && int32(i) != r.vi {
			if gap, _, who := s.leaderOf(int32(i)); who == r.vi && gap < tailBehind {
				return false
			}
		}
	}
	r.cur, r.leader, r.late, r.minTTC = actCloseCall, u, false, math.Inf(1)
	return true
}

// laneLeader returns the nearest car ahead of vi on its lane, -1.
func (s *sim) laneLeader(vi int32) int32 { return s.nearestOn(vi, s.veh[vi].seg) }

// nearestOn returns the car on lane l nearest ahead of vi's place along
// it (the one with the least position greater than vi's), -1 if none.
func (s *sim) nearestOn(vi int32, l int) int32 {
	v := &s.veh[vi]
	who, best := int32(-1), math.Inf(1)
	for _, j := range s.net.lanes[l].veh {
		if d := s.veh[j].s - v.s; j != vi && d > 0 && d < best {
			who, best = j, d
		}
	}
	return who
}

// roguePlan overrides the rogue's plan during its acts: slower for the
// sideways acts; for the close call it jumps after the car ahead until
// it must brake hard to end up tailFinal behind it, and then drops back
// gently (the driver model would brake hard so close behind, and
// whoever follows the rogue would have to as well). vl is the speed of
// the car ahead.
func (s *sim) roguePlan(v *vehicle, a, vl float64) float64 {
	r := &s.rogue
	switch r.cur {
	case actNone:
		if s.t < r.calm && v.v <= vl {
			a = max(a, -comfBrake)
		}
		if s.looking(v) {
			a = min(a, accMax*(1-math.Pow(v.v/actSpeed, 4)))
		}
		if !r.done[actWrongWay] && !v.onMove && v.next >= 0 && s.medianInto(s.net.moves[v.next].to) {
			a = min(a, slowTo(v.v, actSpeed, s.remains(v))) // it may take the wrong carriageway there
		}
		if s.hangsBack(v) {
			gap, _ := s.leader(r.vi)
			a = min(a, closeIn(v.v, v.drive*s.limitOf(v), gap-hangBack, vl, jamGap))
		}
	case actOffLane, actWrongWay:
		switch {
		case !r.median || v.onMove:
			a = min(a, accMax*(1-math.Pow(v.v/actSpeed, 4)))
		default: // against the oncoming lane it keeps to its time at the lane's end, and slows for the drift back (roguemedian.go)
			a = min(a, slowTo(v.v, actSpeed, s.remains(v)), s.medianSpeed(v))
		}
	case actStopSign:
		if d := s.remains(v) - lineGap - crawlEnd - crawlHold; r.eager() && !v.onMove && v.hold != v.next && v.v > crawlSpeed {
			a = min(a, -(v.v*v.v-crawlSpeed*crawlSpeed)/(2*max(d, 1)))
		}
	case actCloseCall:
		w := &s.veh[r.leader]
		if !w.alive || w.onMove || w.seg != v.seg || w.s <= v.s {
			return a
		}
		g := w.s - v.s - v.hl - w.hl - tailFinal
		rel := v.v - w.v
		need := math.Inf(1)
		if g > 0.01 {
			need = rel * rel / (2 * g)
		}
		r.late = r.late || rel > 0 && need >= tailBrake
		a = tailJump
		if r.late {
			a = max(w.acc-need, -maxBrake)
		}
	}
	return a
}

// hangsBack reports whether the rogue, behind another car on a lane to
// a stop sign it means to roll through, keeps hangBack more room to it
// than the others would: once that car has gone over the line, the
// rogue is first in its lane with lane enough to come up to the sign
// rolling (rollChance), where following close it would come up to the
// line from a stand, and stop.
func (s *sim) hangsBack(v *vehicle) bool {
	return !s.rogue.done[actStopSign] && !v.onMove && s.laneLeader(s.rogue.vi) >= 0 && s.actLane(actStopSign, v.seg)
}

// looking reports whether the rogue, between acts, is where a sideways
// act still to be staged could begin: it drives no faster than the act
// then, looking for its chance (a gap in the oncoming lane, the way
// ahead clear), so that it can begin at once.
func (s *sim) looking(v *vehicle) bool {
	r := &s.rogue
	if v.onMove {
		return false
	}
	ww := !r.done[actWrongWay] && s.net.swerveLane(v.seg) && s.remains(v) >= actRoom(2*swerveRamp+swerveHold)
	off := !r.done[actOffLane] && s.actLane(actOffLane, v.seg) && s.remains(v) >= actRoom(2*driftRamp+driftHold)
	return ww || off
}

// rogueGoes decides, in permit, whether the rogue takes movement mi now
// against the rule of its approach: from a red light it has stood at,
// or through a stop sign without stopping. It still waits for the
// crossing ways to be free and for anyone with right of way to pass.
func (s *sim) rogueGoes(vi int32, front float64, sig signal) bool {
	r := &s.rogue
	v := &s.veh[vi]
	n := s.net
	mi := v.next
	a := n.lanes[v.seg].approach
	ap := &n.approaches[a]
	first, _ := s.placeInLane(vi)
	switch {
	case !first:
		return false
	case r.cur == actStopSign && ap.kind == approachStop:
		if v.v < rollSpeed { // it had to stop after all: no roll here
			r.end(s, false, 0)
			return false
		}
		if front > v.v*v.v/(2*comfBrake)+reachAhead || len(n.junctions[ap.junction].queue) > 0 ||
			!s.priorityClear(mi, ap.junction, a, rank(turnLeft)) {
			return false
		}
	case r.cur == actNone && !r.done[actRedLight] && s.t >= r.rest && ap.kind == approachLight && n.hasPost(a):
		if s.waitsForRed(v, front, sig) {
			return true // it stops at the line on green or yellow, for the red it means to run
		}
		reach := math.Sqrt(2 * max(front, 0) / accMax) // from a stand
		if v.v > 1 {
			reach = front / v.v
		}
		if sig.state != recorder.LightRed || sig.left < reach+redLeft || front > v.v*v.v/(2*comfBrake)+reachAhead ||
			v.waitFrom >= 0 && s.t-v.waitFrom < redStand || !s.priorityClear(mi, ap.junction, a, -1) {
			return false
		}
	default:
		return false
	}
	if !s.free(vi, mi) || !s.room(vi, mi) {
		return false
	}
	if r.cur == actNone {
		r.cur, r.since, r.span = actRedLight, s.t, -1
	}
	s.grant(vi, mi)
	return true
}

// waitsForRed reports whether the rogue, first in its lane at a light
// it means to run, should stop at the line although the light lets it
// go, because red comes within redWait: it then stands at the line when
// its red begins, and in the second of all red before the crossing
// ways turn green nobody crosses its way (see lights.go). Arriving in
// the middle of a red instead, it waits behind the crossing flows for a
// gap that seldom comes. It stops so only when it can stop comfortably.
func (s *sim) waitsForRed(v *vehicle, front float64, sig signal) bool {
	r := &s.rogue
	if r.done[actRedLight] || s.t < r.rest || sig.state == recorder.LightRed || sig.state == recorder.LightOff ||
		!s.actLane(actRedLight, v.seg) {
		return false
	}
	until := sig.left
	if sig.state == recorder.LightGreen {
		until += yellowTime
	}
	return until <= redWait && s.t+until+redWait < r.last && front-lineGap > v.v*v.v/(2*comfBrake)
}

// rogueLikes weighs a lane the rogue may turn into: those leading to a
// stop sign or a light it has not run yet count more, and those with
// cars on them (to come up behind) until it has had its close call, so
// that it finds its chances within the demo's two minutes; then it
// keeps away from queues.
func (s *sim) rogueLikes(l int) float64 {
	r := &s.rogue
	ln := &s.net.lanes[l]
	w := 1.0
	if a := ln.approach; a >= 0 {
		ap := &s.net.approaches[a]
		switch {
		case ap.signed && !r.done[actStopSign]:
			w = 6
		case ap.kind == approachLight && !r.done[actRedLight] && s.net.junctions[ap.junction].phases > 1:
			w = 6 // a light with a red longer than the clearance, to run
		case ap.kind == approachLight:
			w = 0.3
		}
	}
	if !r.done[actCloseCall] {
		return w * float64(1+len(ln.veh))
	}
	return w / float64(1+len(ln.veh))
}
