package demo

import (
	"math"

	"github.com/mm2carla/viewer/format/recorder"
)

// The recording must show a collision, reported by the hero's collision
// sensor as CARLA reports one. Ambient traffic never collides, so one is
// staged, as gently as a real one could be: once the hero stands still
// in its lane (at a light, a stop sign or in a queue) and hesitates
// there, the driver of the car behind it looks away. It drives on as if
// the lane were clear, brakes hard too late and touches the hero's rear
// bumper at a walking pace; both then stand for a few seconds and drive
// on with hazard lights. A car follows the hero's way from the start
// (roleShadow) so that there is someone behind it.

// Crash constants.
const (
	crashBrake   = 7.0   // m/s^2, the late driver's emergency braking
	crashLate    = 0.45  // m: how much braking distance the driver lacks
	contactGap   = 0.02  // m: bumpers this close touch
	crashReach   = 150.0 // m: farthest a follower is picked at
	crashArrive  = 10.0  // s: the longest the follower may take to arrive, at crashPace or faster
	crashPace    = 8.0   // m/s: the speed a follower is expected to come at
	crashTimeout = 12.0  // s: give up if the hero drives off first
	crashRetry   = 5.0   // s before looking again
	crashStill   = 3.0   // s both stand after the touch
	crashHazard  = 8.0   // s both show hazard lights after the touch
)

// crash is the staged collision's state.
type crash struct {
	after    float64 // look for a chance from this time
	done     bool
	follower int32   // the distracted driver, -1
	since    float64 // when it was picked
	count    uint32  // collisions recorded
}

// look picks a distracted follower when the chance comes: the hero
// stands in its lane and the car right behind it, on its lane or coming
// through the intersection before it, can be there within crashArrive.
// The hero then waits where it is (its driver hesitates) until the other
// car arrives. The follower still obeys lights and signs: it only
// overlooks the hero.
func (c *crash) look(s *sim) {
	if c.done || c.follower >= 0 || s.t < c.after || s.hero < 0 || s.sensor == 0 {
		return
	}
	h := &s.veh[s.hero]
	if !h.alive || h.onMove || h.v > 0.3 || s.net.fair && s.heroHasGreen(h) {
		return
	}
	for i := range s.veh {
		u := &s.veh[i]
		if !u.alive || u.hero || u.rogue || u.frozen > s.t {
			continue
		}
		if s.net.fair && !u.onMove && u.seg != h.seg && u.hold != u.next {
			continue // on a town, one that may still stop at a light before the hero's lane would not come in time
		}
		if g, _, who := s.leaderOf(int32(i)); who == s.hero && g < crashReach && g < crashArrive*max(u.v, crashPace) {
			c.follower, c.since = int32(i), s.t
			u.distracted = true
			h.frozen = s.t + crashTimeout
			return
		}
	}
}

// heroHasGreen reports whether the hero stands at a working light that
// shows green (it waits there for room or a gap, not for the light): on
// a town the staged crash is not looked for then, since the hero, held
// until the follower arrives and then standing after the touch, would
// keep its lane and the queue behind it through the green (on Town10HD
// seed 3 they stood 36 s).
func (s *sim) heroHasGreen(h *vehicle) bool {
	a := s.net.lanes[h.seg].approach
	return a >= 0 && s.net.approaches[a].kind == approachLight && s.net.signalOf(a, s.t).state == recorder.LightGreen
}

// distractedPlan overrides the follower's plan: it drives on as if the
// lane were empty until it is inside its (hard) braking distance of the
// hero, minus what it lacks, and stops touching the hero at worst.
func (s *sim) distractedPlan(vi int32, a, limit float64) (float64, float64) {
	v := &s.veh[vi]
	g := s.gapTo(vi, s.hero)
	if math.IsInf(g, 1) {
		return a, limit
	}
	if g < v.v*v.v/(2*crashBrake)-crashLate {
		a = -crashBrake
	}
	return a, min(limit, g-contactGap)
}

// check ends the staged crash: on contact it records the collision and
// stops both cars; if the hero got away it lets the driver look again.
func (c *crash) check(s *sim) {
	if c.follower < 0 {
		return
	}
	f := &s.veh[c.follower]
	h := &s.veh[s.hero]
	g := math.Inf(1)
	if f.alive && h.alive {
		g = s.gapTo(c.follower, s.hero)
	}
	switch {
	case g <= contactGap+1e-3:
		c.count++
		s.ev.collisions = append(s.ev.collisions, recorder.Collision{ID: c.count,
			Actor1: h.id, Actor2: f.id, Hero1: true, Hero2: false})
		f.v, f.acc, h.v = 0, 0, 0
		f.frozen, h.frozen = s.t+crashStill, s.t+crashStill
		f.hazard, h.hazard = s.t+crashHazard, s.t+crashHazard
		f.distracted = false
		c.follower, c.done = -1, true
	case math.IsInf(g, 1) || s.t-c.since > crashTimeout:
		f.distracted, h.frozen = false, 0
		c.follower, c.after = -1, s.t+crashRetry
	}
}
