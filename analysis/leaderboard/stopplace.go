package leaderboard

import (
	"cmp"
	"slices"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/mm2carla/viewer/analysis/lanes"
)

// Where the stops are. RunningStopTest watches every actor of the world
// whose type is traffic.stop, by its trigger volume; the recorder keeps
// the actors' places, not their volumes. So a stop here is a junction
// entry ruled by a stop sign, found as analysis/lanes finds it for the
// fault rules (one place rule for both, not a copy):
//
//   - an entry the map's own stop signals rule (lanes.RuleStopSign);
//   - an entry the file gives no rule (the 2019 Town03 and Town05 have
//     no signals at all), or whose map light the recording shows out of
//     order (never red or green: lanes.LightTrack.OutOfOrder; the
//     demo's junction with its lights out on Town01 and Town02), that a
//     recorded traffic.stop actor governs by
//     the place rule of analysis/lanes (Association.EndSigns: the sign
//     faces the entry's traffic, turned as a light actor is, stands
//     beside its lanes at most 15 m before the stop line or 3 m past it,
//     the nearest winning; a sign standing at one of the map's stop
//     signals is the file's and makes no stop of its own).
//
// A map's stop carries the id of the recorded sign the same place rule
// ties to it (OpenDRIVE.EntrySigns), when one does: the criterion's
// message names the sign actor.

// stopEnd is a road end ruled by a stop sign.
type stopEnd struct {
	key   lanes.EndKey
	lanes []lanes.EntryLane
	where mgl64.Vec3 // the middle of its lanes' ends, or the sign actor, for the message
	actor uint32     // the recorded sign's id, 0 when none stands there
	place bool       // tied by a recorded sign's place, not by the map's signals
}

// stopEnds lists the entries the map's signals make stops, then those
// the recorded signs of a govern by place, each by road, start before
// end.
func stopEnds(a *lanes.Association, o *lanes.OpenDRIVE) []stopEnd {
	var poses []lanes.LightPose
	var ids []uint32
	for i := range a.Signs {
		if s := &a.Signs[i]; s.Placed() {
			poses, ids = append(poses, lanes.LightPose{Pos: s.Pos, Yaw: s.Yaw}), append(ids, s.ID)
		}
	}
	mapStop := func(k lanes.EndKey) bool { return o.End(k.Road, k.AtStart).Rule == lanes.RuleStopSign }
	named := o.EntrySigns(poses, func(k lanes.EndKey) bool { return !mapStop(k) })
	var out []stopEnd
	for r := range o.Roads() {
		for _, atStart := range []bool{true, false} {
			k := lanes.EndKey{Road: r, AtStart: atStart}
			ls := o.EntryLanes(k)
			if !mapStop(k) || len(ls) == 0 {
				continue
			}
			e := stopEnd{key: k, lanes: ls, where: middle(ls)}
			if i, ok := named[k]; ok {
				e.actor, e.where = ids[i], poses[i].Pos
			}
			out = append(out, e)
		}
	}
	n := len(out)
	for k, i := range a.EndSigns() {
		if ls := o.EntryLanes(k); len(ls) > 0 {
			s := &a.Signs[i]
			out = append(out, stopEnd{key: k, lanes: ls, where: s.Pos, actor: s.ID, place: true})
		}
	}
	slices.SortFunc(out[n:], func(x, y stopEnd) int {
		if c := cmp.Compare(x.key.Road, y.key.Road); c != 0 {
			return c
		}
		return cmp.Compare(b2i(!x.key.AtStart), b2i(!y.key.AtStart)) // start before end, as the map's
	})
	return out
}

// middle is the middle of the lanes' ends: the middle of the stop line.
func middle(ls []lanes.EntryLane) mgl64.Vec3 {
	var c mgl64.Vec3
	for _, l := range ls {
		c = c.Add(l.Point)
	}
	return c.Mul(1 / float64(len(ls)))
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
