package demo

import (
	"math"

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
