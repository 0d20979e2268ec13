package demo

import (
	"math"

	"github.com/mm2carla/viewer/format/recorder"
)

// How full lanes are, for the rules that share out room in them: the
// claims of room on CARLA's towns, whose lanes between junctions hold
// one to three cars (11 m and 22 m on Town10HD), and the drivers'
// choice of a way round a lane that is full.

// room reports whether the lane mi departs into has room for vi behind
// the last car on it and the cars already granted a way into it.
//
// On a town, while the light at the lane's end is not green, the room
// counted is at most the lane's own length: the cars beyond its end,
// on their ways through the next junction, make no more of it, for
// those granted into the lane will stop at its end. Counting them let
// three cars into Town10HD's 11 m link (road 2) within 6 s, for the
// room of a car that had left it; the third stood with its rear in the
// junction behind, and the link, which lets one car through a cycle,
// held the lane feeding it for 55 s (clean seed 3; seeds 2 and 5 as
// well). On green the room beyond still counts while vi could reach the
// lane's end before the green ends (reachEnd): capping it on any green
// kept a car turning into Town10HD's 22 m road 18 out behind the
// platoon merging into it for a whole green (clean seed 1); counting it
// to the green's last second let two cars into the link (clean seeds 5
// and 7, granted 2 s before yellow at unlit junction 5, whose way to the
// link is 28 m long). The second stood in the link through the red,
// missed its left turn on the next green by a second, and the car
// behind it stood 31 s at junction 5, blocked.
func (s *sim) room(vi int32, mi int) bool {
	n := s.net
	l := &n.lanes[n.moves[mi].to]
	free := s.laneFree(n.moves[mi].to)
	if l.closed || n.fair && l.claim >= 0 && l.claim != vi && s.claimHeld(l.claim) {
		return false
	}
	if math.IsInf(free, 1) || n.fair && free > l.path.length() && s.stopsAtEnd(l, s.reachEnd(vi, mi)) {
		free = max(l.path.length(), releaseGap+2*s.veh[vi].hl+roomGap)
	}
	return free-l.committed >= 2*s.veh[vi].hl+roomGap
}

// laneFree is how far the first vehicle on lane l (or on a way out of
// it) has its rear from the lane's start, +Inf if there is none.
func (s *sim) laneFree(li int) float64 {
	n := s.net
	l := &n.lanes[li]
	free := math.Inf(1)
	for _, j := range l.veh {
		free = min(free, s.veh[j].s-s.veh[j].hl)
	}
	for _, m := range l.out {
		for _, j := range n.moves[m].veh {
			free = min(free, l.path.length()+s.veh[j].s-s.veh[j].hl)
		}
	}
	return free
}

// jammed reports whether lane l is full up to its start, counting the
// room promised to those granted a way into it: no car of usual length
// would fit in.
func (s *sim) jammed(l int) bool {
	return s.laneFree(l)-s.net.lanes[l].committed < 2*jamHalf+roomGap
}

// jamHalf is the half length of a usual car, m (see jammed).
const jamHalf = 2.4

// claimHeld reports whether a claim of vi's holds now: vi is alive and
// its light, if it has one, is not red. One that must stand through a
// red keeps no room from the flows that have their green meanwhile
// (on Town06 a car claiming a lane at the end of its green kept the
// crossing flow out of it for the whole next green, 40 s); it has its
// claim again on its own green.
func (s *sim) claimHeld(vi int32) bool {
	v := &s.veh[vi]
	if !v.alive || v.onMove {
		return false
	}
	a := s.net.lanes[v.seg].approach
	return a < 0 || s.net.signalOf(a, s.t).state != recorder.LightRed
}

// claimRoom lets an urgent vi (impatient, or at its last call), waiting
// at its line for a way into a lane, claim that lane's room: until it
// has its way nobody else is let in (while vi may go, see claimHeld). CARLA's towns have lanes of 11 m between junctions, room for one
// car; without the claim, the flows of the other approaches keep taking
// it in turn and one car waits there for good.
func (s *sim) claimRoom(vi int32, mi int, sig signal) {
	l := &s.net.lanes[s.net.moves[mi].to]
	if s.net.fair && (l.claim < 0 || !s.claimHeld(l.claim)) && s.urgent(&s.veh[vi], sig) {
		l.claim = vi
	}
}

// claimMerge lets vi, standing first at its line on its green, claim
// the room of the lane its way leads into (see claimRoom) while a way
// from another approach that it gives way to (one ranking higher, see
// rank) leads cars into the same lane: the cars already let in go
// first, and vi follows them in before any more. Else the platoon of
// that flow took the lane's room car after car for the whole green, and
// the lane (34.9 m and 28.4 m) held it at its own red, so that the
// turning car had its last call with no room left and waited out the
// red as well: over the 30 s the check calls blocked (a left turn from a
// T's stem merging with the through road's flow: Town01 clean seed 6,
// Town02 clean seed 2, once the dark junction had moved every seed's
// traffic).
func (s *sim) claimMerge(vi int32, mi int, sig signal) {
	n := s.net
	v := &s.veh[vi]
	m := &n.moves[mi]
	l := &n.lanes[m.to]
	if !n.fair || v.waitFrom < 0 || v.hold == mi || sig.state != recorder.LightGreen || l.claim >= 0 && s.claimHeld(l.claim) {
		return
	}
	for _, c := range m.conflicts {
		o := &n.moves[c.m]
		if o.to == m.to && o.holders > 0 && rank(o.turn) > rank(m.turn) && n.lanes[o.from].approach != n.lanes[m.from].approach {
			l.claim = vi
			return
		}
	}
}

// roomAhead reports whether the lane mi leads into has room for vi, or
// will have it for vi first: on a town, vi is urgent and the lane's
// room is claimed by vi or may be (see claimRoom). The others keep its
// way clear for it meanwhile (see yields), or else, on Town10HD and
// Town06, the flows crossing a turn into a busy lane took their ways in
// each gap while the turning car waited for its room, and it went only
// on the next green, 40 s after it stopped.
func (s *sim) roomAhead(vi int32, mi int, sig signal) bool {
	if s.room(vi, mi) {
		return true
	}
	l := &s.net.lanes[s.net.moves[mi].to]
	return s.net.fair && s.urgent(&s.veh[vi], sig) && (l.claim < 0 || l.claim == vi || !s.claimHeld(l.claim))
}

// waysInto counts the ways out of lane l into the side of the road that
// lane to is on: a driver picks the road to take, not the lane, so the
// ways into one road share its chance. On CARLA's towns a lane often
// turns left into both lanes of a road (Town10HD's 11 m link before a
// lit junction has two left turns and one way straight on), and left
// turns, which wait for the oncoming flow, came twice as often as going
// straight on, more than such a lane lets through on its green.
func (s *sim) waysInto(l, to int) int {
	n := s.net
	k := 0
	for _, m := range n.lanes[l].out {
		if t := &n.lanes[n.moves[m].to]; t.road == n.lanes[to].road && t.sideB == n.lanes[to].sideB {
			k++
		}
	}
	return max(k, 1)
}

// wJammed weighs a way into a lane full up to its start (see jammed) on
// a town: a driver picks another way where there is one, as one guided
// round a jam does. Else on CARLA's towns the short lanes between junctions
// (11 m and 22 m on Town10HD) were fed by two flows at once and cars
// stood before them for whole light cycles.
const wJammed = 0.2

// stopsAtEnd reports whether a car that could reach the end of lane l
// in reach seconds will have to stop there: its light is not green, or
// its green ends less than reachMargin after that.
func (s *sim) stopsAtEnd(l *lane, reach float64) bool {
	if l.approach < 0 || s.net.approaches[l.approach].kind != approachLight {
		return false
	}
	sig := s.net.signalOf(l.approach, s.t)
	return sig.state != recorder.LightGreen || sig.left < reach+reachMargin
}

// reachEnd is the soonest vi, before movement mi, could have its front
// at the end of the lane mi leads into: speeding up at accMax all the
// way, which no car does (see reachMargin).
func (s *sim) reachEnd(vi int32, mi int) float64 {
	v := &s.veh[vi]
	return clearTime(s.toMerge(vi, mi)+s.net.lanes[s.net.moves[mi].to].path.length()-v.hl, v.v)
}

// reachMargin (s) is added to reachEnd for the room beyond a lit lane's
// end to count (see room). Measured on Town10HD, whose 11 m link the
// rule is for: with 1.25 s or less the rogue found no plan staging all
// five kinds without a blocked car (TestRogueOnTowns), with 1.75 s or
// more clean seed 3 left a car blocked on road 5; capping the estimate's
// speed at the way's turning speed instead lost the rogue's plan too.
// A narrow window: the rogue's search over its plans is the fragile
// part (see townKinds).
const reachMargin = 1.5
