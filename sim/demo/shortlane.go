package demo

import (
	"math"
	"math/rand/v2"

	"github.com/mm2carla/viewer/format/recorder"
)

// A lane too short for a car to stop on before its line: CARLA's Town04
// has a 2.2 m road (road 3) between a junction and a lit one. A car
// leaving the first junction enters it at its entry speed with its front
// already at or past the line (2.2 m - an Audi TT's half length 2.09 m
// = 0.11 m before the end, the line lineGap before that), so the line,
// which a car only heeds on a lane, stopped it within one step: from
// 3.15 m/s to rest with its front 0.04 m past the end, on red (clean
// seed 4: `viewer check` found the red light run). Such a lane's light
// is heeded from the way into it instead, as a driver sees the light
// beyond a short gap.

// shortFor reports whether lane l cannot hold the longest vehicle
// (2*longestHalf) and a car of half length hl entering it at its entry
// speed (at most the lane's limit) could not stop before its line even
// braking as hard as a car can (maxBrake). On CARLA's towns that is
// Town04's roads 3 (2.2 m) and 12 (1.48 m), for every car: a car
// stopping for their lights stands in the junction before them, as it
// would in CARLA. Without the first condition Town10HD's 11 m link
// (road 2, entry speed 13.4 m/s) was one too, and cars standing for its
// light in the junction behind it held that junction's ways: cars
// waited 30-40 s there (clean seeds 1 and 2). By comfortable braking,
// 40 lanes of 24-70 m would be, with entry speeds far above what cars
// drive.
func shortFor(l *lane, hl float64) bool {
	v := min(l.enterV, l.speed)
	return l.path.length() < 2*longestHalf && l.path.length()-hl-lineGap < v*v/(2*maxBrake)
}

// lineBeyond returns how far v, on a movement into a lane with a light
// at its end that is too short for v (shortFor), may move its front: to
// that lane's line while the light would not let it go there (mayGo, as
// at any light: on yellow it goes only when too late to stop and it will
// be past the line before red; once decided, it goes). +Inf otherwise,
// and for the rogue, whose acts stage their own faults.
func (s *sim) lineBeyond(v *vehicle) float64 {
	n := s.net
	m := &n.moves[v.seg]
	l := &n.lanes[m.to]
	if v.rogue || v.through || l.approach < 0 || n.approaches[l.approach].kind != approachLight || !shortFor(l, v.hl) {
		return math.Inf(1)
	}
	front := m.path.length() - v.s + l.path.length() - v.hl
	sig := n.signalOf(l.approach, s.t)
	if mayGo(sig, front, v.v, l.enterV) {
		v.through = sig.state == recorder.LightYellow
		return math.Inf(1)
	}
	return front - lineGap
}

// A car entering the way into a lane too short to stop on from its entry
// speed braking comfortably (shortToStop) only saw the line at that
// lane's end once on the lane: on Town04 (roads 2, 3, 12) and Town03
// (road 38) a crossing car took the way at the end while the car was
// still arriving, and the line then stopped it within one step from up
// to 8 m/s. Such a car foresees its way out of the short lane as it
// enters the way into it (pickEarly, peekNext) and plans its speed for
// the line at the short lane's end from there (lineAfterShort), as a
// driver sees the junction beyond a short gap. It still picks its way on
// reaching the lane, as every car does, so the traffic's draws stay in
// their order (picking there instead shifted every later draw: on
// Town07 the rogue lost its stop-sign act, TestRogueOnTowns).

// pickEarly reports whether vi, entering movement mi, foresees its way
// out of the lane mi leads into (seenPast). The rogue, the hero and its
// shadow do not (their ways follow the hero's and the rogue's plans).
func (s *sim) pickEarly(vi int32, mi int) bool {
	v := &s.veh[vi]
	return !v.rogue && !v.hero && !v.shadow && s.net.seenPast(&s.net.lanes[s.net.moves[mi].to], v.hl)
}

// peekNext returns the way chooseNext would draw for vi at the end of
// lane l now, without drawing: from a copy of the traffic's source.
func (s *sim) peekNext(vi int32, l int) int {
	src := *s.src
	rng := s.rng
	s.rng = rand.New(&src)
	next := s.chooseNext(vi, l)
	s.rng = rng
	return next
}

// seenPast reports whether a car of half length hl looks past lane l
// from the way into it (see pickEarly): l is too short to stop on, cannot
// hold the longest vehicle (so a car stopping at its line stands on the
// way into it anyway) and ends at a never-stop end. Town10HD's 11 m link
// (road 2), lit, is left out on both counts: braking for its red from
// the junction before it slowed the traffic through that junction and
// left cars blocked on its clean seeds 1, 2, 5, 6, 7 and 9 (check found
// 2-11 faults where the staged collision is the only one). So are lit
// lanes generally: one too short to stop on is heeded from the way
// already (lineBeyond), and braking for the red of Town04's 5.7 m road
// 2 from the junction before it left a car blocked 47 s behind (clean
// seed 3). At a stop sign a car stops at the line anyway.
func (n *network) seenPast(l *lane, hl float64) bool {
	return l.path.length() < 2*longestHalf && shortToStop(l, hl) &&
		l.approach >= 0 && n.approaches[l.approach].kind == approachFree
}

// lineAfterShort returns how far vi, on a movement into a short lane
// whose way out it has foreseen (pickEarly), may move its front: to that
// lane's line while it could not go on from there now (a car it would
// let go first (yields), a crossing way another car holds, or no room
// beyond); +Inf otherwise. Once on the lane the car asks for its way
// as at any line (permit).
func (s *sim) lineAfterShort(vi int32) float64 {
	n := s.net
	v := &s.veh[vi]
	m := &n.moves[v.seg]
	if v.next < 0 || v.next == v.seg || v.rogue {
		return math.Inf(1)
	}
	l := &n.lanes[m.to]
	if l.approach < 0 || n.approaches[l.approach].kind != approachFree {
		return math.Inf(1)
	}
	front := m.path.length() - v.s + l.path.length() - v.hl
	if s.yields(vi, v.next, l.approach) || !s.free(vi, v.next) || !s.room(vi, v.next) {
		return front - lineGap
	}
	return math.Inf(1)
}

// shortToStop reports whether a car of half length hl entering lane l
// at its entry speed (at most the lane's limit) could not stop before
// its line braking comfortably.
func shortToStop(l *lane, hl float64) bool {
	v := min(l.enterV, l.speed)
	return l.path.length()-hl-lineGap < v*v/(2*comfBrake)
}
