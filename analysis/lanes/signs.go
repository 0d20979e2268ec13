package lanes

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/mm2carla/viewer/format/recorder"
	"github.com/mm2carla/viewer/scene"
)

// Recorded stop signs.
//
// In CARLA a stop sign is an actor of the world (blueprint traffic.stop,
// the actors scenario_runner's RunningStopTest looks for), and the
// recorder writes it as it writes any actor: its place and rotation.
// Where a town's file has no stop signals (the 2019 editions of Town03
// and Town05 have no signals at all) the recording's sign actors are
// what says which entries stop. A sign is tied to the entry it governs
// by the near side of the place rule (see LightPose): it faces the
// traffic it governs, a sign actor turned as a light actor is (its yaw
// 90 degrees clockwise of that traffic's direction, as the demo records
// the stop signals of Town07 and Town10HD), stands beside that
// traffic's lanes, and at most placeNearBack m before the stop line or
// placeNearOver m past it. The nearest along the road wins. Checked
// against the stop signals of the towns that have them (Town07 and
// Town10HD: their files say which entry each sign rules).
//
// A yield sign (traffic.yield) is not read: the lane map has no yield
// rule for it to give.

// StopBlueprint is the blueprint of CARLA's stop sign actors.
const StopBlueprint = "traffic.stop"

// SignTrack is a recorded stop sign actor: where it stands.
type SignTrack struct {
	ID     uint32
	Pos    mgl64.Vec3 // where the recording put it
	Yaw    float64    // the way the recording turned it, degrees counter-clockwise from +X
	placed bool       // Pos is known
}

// Placed reports whether the sign's position is known.
func (s *SignTrack) Placed() bool { return s.placed }

// EntrySigns ties stop sign actors (turned as light actors are, see
// LightPose) to the junction entries they govern by the place rule's
// near side: for each entry governed, the index in signs of the sign
// nearest its stop line. Entries for which skip is true are left out;
// skip may be nil. A sign beside no entry governs none.
func (o *OpenDRIVE) EntrySigns(signs []LightPose, skip func(EndKey) bool) map[EndKey]int32 {
	var ents []junctionEntry
	for _, e := range o.junctionEntries() {
		if skip == nil || !skip(e.key) {
			ents = append(ents, e)
		}
	}
	out := map[EndKey]int32{}
	best := map[EndKey]float64{}
	for si, sg := range signs {
		at, cost := -1, math.Inf(1)
		for i := range ents {
			a, ok := ents[i].beside(sg)
			if ok && a >= -placeNearBack && a <= placeNearOver && math.Abs(a) < cost {
				at, cost = i, math.Abs(a)
			}
		}
		if at < 0 {
			continue
		}
		k := ents[at].key
		if c, taken := best[k]; !taken || cost < c {
			out[k], best[k] = int32(si), cost
		}
	}
	return out
}

// EndSigns gives the road ends that the recording's stop sign actors
// make stops (EntrySigns) the index in Signs of their sign. Only on an
// OpenDRIVE map, and only ends that nothing else rules (litOrRuled): not
// those whose rule the map's own file gives (a map's stop sign, light or
// other rule stands as it is), but for a map's light that the recording
// shows out of order (see below); and only signs that stand at none of
// the map's stop signals (within MatchRadius on the ground: such a sign
// is the file's, whose rule the map has already placed): the fault rules
// treat these ends as the map's stop signs.
func (a *Association) EndSigns() map[EndKey]int32 {
	o, ok := a.Map.(*OpenDRIVE)
	if !ok || len(a.Signs) == 0 {
		return map[EndKey]int32{}
	}
	var own []mgl64.Vec3 // the map's stop signals: a sign standing at one is the file's
	for i := range o.net.Signals {
		if sg := &o.net.Signals[i]; sg.Type == scene.SignalStop {
			own = append(own, sg.Pos)
		}
	}
	m := NewLightMatcher(own)
	var poses []LightPose
	var index []int32
	for i := range a.Signs {
		if s := &a.Signs[i]; s.placed && !m.Near(s.Pos) {
			poses = append(poses, LightPose{Pos: s.Pos, Yaw: s.Yaw})
			index = append(index, int32(i))
		}
	}
	out := map[EndKey]int32{}
	lit := a.EndLights()
	ruled := func(k EndKey) bool { return a.litOrRuled(o.End(k.Road, k.AtStart), lit) }
	for k, i := range o.EntrySigns(poses, ruled) {
		out[k] = index[i]
	}
	return out
}

// Lights out of order.
//
// In CARLA a light can be switched off or frozen (the Python API's
// set_state and freeze): a junction whose lights are out is a junction
// without lights, and where temporary stop signs stand by its entries
// (traffic.stop actors, as the demo stands them at a junction whose
// lights it puts out of order on a town where every junction is lit,
// sim/demo) those signs are its rule. So an entry whose recorded light
// never showed red or green in the whole recording (off, blinking
// yellow, frozen on yellow) is not ruled by its light, even where the
// map's file gives it one: a recorded stop sign there makes it a stop.
// An entry whose light showed red or green at any time keeps its light
// as its rule (a sign beside it governs nothing), so a recording whose
// lights work has no sign tied to a lit entry; and an entry whose light
// has no recorded state, or whose map light no recorded actor shows,
// keeps the map's light: the recording does not show it out of order.

// OutOfOrder reports whether the light's recorded states show it out of
// order: it has some, and none is red or green.
func (l *LightTrack) OutOfOrder() bool {
	for _, c := range l.changes {
		if c.state == recorder.LightRed || c.state == recorder.LightGreen {
			return false
		}
	}
	return len(l.changes) > 0
}

// litOrRuled reports whether something other than a recorded stop sign
// rules end e (lit is the association's EndLights): the map's light,
// unless the recorded actor showing it is out of order, or another rule
// the map's file gives. A light the place rule ties to an end the file
// gives no rule (on a map without signals) does not keep a recorded
// sign from it, as before: both are the recording's, and both rules
// hold there.
func (a *Association) litOrRuled(e RoadEnd, lit map[EndKey]int32) bool {
	switch {
	case e.Rule != RuleNone && e.Rule != RuleTrafficLight:
		return true
	case !e.HasLight:
		return false
	}
	i, ok := lit[EndKey{Road: e.Road, AtStart: e.AtStart}]
	return !ok || !a.Lights[i].OutOfOrder()
}
