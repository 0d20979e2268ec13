package leaderboard

import (
	"fmt"

	"github.com/mm2carla/viewer/analysis/lanes"
)

// The facts of scenario_runner's RunningStopTest (atomic_criteria.py, see
// the package comment):
//
//   - the hero is affected by a stop when its waypoint is within
//     PROXIMITY_THRESHOLD (4 m) of the stop's trigger volume and its
//     waypoints (its own and those 0.5 m apart up to 4 m ahead) reach
//     into that volume;
//   - a stop is looked for only while the hero is not going backwards and
//     not facing against its lane (dot products under -0.17, about 100
//     degrees); the tick that finds one does nothing else;
//   - while affected, a tick at which the hero moves slower than
//     SPEED_THRESHOLD (0.1 m/s) completes the stop;
//   - when the hero is no longer affected, an infraction if it did not
//     complete the stop and the stop is not the one it last failed: one
//     per sign in a row.
//
// The recorder keeps no stop signs' volumes: a stop is a junction entry
// ruled by a stop sign, by the map's signals or by a recorded sign's
// place (stopEnds); its area is the end of each driving lane entering
// there, and the hero is affected while its nearest lane is one of them
// and its centre is within 4 m of that lane's end. The message names the
// recorded sign's actor id, or the OpenDRIVE road id of the entry when
// no actor of the recording is tied to it.
const (
	stopProximity = 4.0 // m
	stopSpeed     = 0.1 // m/s
	backwardsDot  = -0.17
)

// stops follows RunningStopTest over the hero's samples.
type stops struct {
	m         lanes.Map
	ends      []stopEnd
	target    int // index in ends, -1 when none
	completed bool
	lastFail  int // the stop last failed, -1 for none
}

// affected returns the lane of stop e that the hero at s is on and near
// the end of.
func (st *stops) affected(e *stopEnd, s *lanes.Sample) (lanes.EntryLane, bool) {
	if s.Place != lanes.OnRoad || !s.HasLane {
		return lanes.EntryLane{}, false
	}
	for _, l := range e.lanes {
		if l.Lane == s.Lane && ground(l.Point.Sub(s.Pos)) <= stopProximity {
			return l, true
		}
	}
	return lanes.EntryLane{}, false
}

func (st *stops) step(s *lanes.Sample, out []Infraction) []Infraction {
	if st.target < 0 {
		fwd := heading(s.Yaw)
		if s.Reversing {
			return out
		}
		for i := range st.ends {
			if l, ok := st.affected(&st.ends[i], s); ok {
				if fwd.Dot(l.Dir) < backwardsDot {
					return out
				}
				st.target, st.completed = i, false
				return out
			}
		}
		return out
	}
	if !st.completed && s.Speed < stopSpeed {
		st.completed = true
	}
	e := &st.ends[st.target]
	if _, ok := st.affected(e, s); ok {
		return out
	}
	if !st.completed && st.lastFail != st.target {
		id := int64(e.actor)
		if e.actor == 0 {
			id = int64(st.m.RoadID(e.key.Road))
		}
		out = append(out, Infraction{Kind: StopInfraction, Time: s.Time, Location: e.where, Other: e.actor,
			Message: fmt.Sprintf("Agent ran a stop with id=%d at %s", id, at(e.where))})
		st.lastFail = st.target
	}
	st.target, st.completed = -1, false
	return out
}
