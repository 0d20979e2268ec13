package leaderboard

import (
	"math"
	"slices"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/mm2carla/viewer/analysis/lanes"
	"github.com/mm2carla/viewer/scene"
)

// SignPose is a recorded stop sign actor (blueprint traffic.stop): where
// it stands and which way the recording turned it.
type SignPose struct {
	ID  uint32
	Pos mgl64.Vec3
	Yaw float64
}

// stopBlueprint is the blueprint of CARLA's stop sign actors, the ones
// RunningStopTest watches ('traffic.stop' in the type id).
const stopBlueprint = "traffic.stop"

// StopSigns returns the recording's stop sign actors where they were
// spawned. The towns whose files have no signals (the 2019 Town03 and
// Town05) say nothing of their stops; the recording's actors do.
func StopSigns(rec *scene.Recording) ([]SignPose, error) {
	var times []float64
	want := map[uint32]bool{}
	for _, e := range rec.Events() {
		if e.Kind == scene.EventSpawn && e.Blueprint == stopBlueprint && !want[e.Actor] {
			want[e.Actor] = true
			if !slices.Contains(times, e.Time) {
				times = append(times, e.Time)
			}
		}
	}
	var out []SignPose
	var st scene.State
	for _, t := range times {
		if err := rec.StateAt(t, &st); err != nil {
			return nil, err
		}
		for _, a := range st.Actors {
			if want[a.ID] && a.Blueprint == stopBlueprint {
				out = append(out, SignPose{ID: a.ID, Pos: a.World.Location, Yaw: a.World.Rotation.Yaw})
				delete(want, a.ID)
			}
		}
	}
	return out, nil
}

// The place rule of stop signs: a sign governs the junction entry whose
// stop line (the middle of its entering lanes' ends) is nearest to it
// among those it stands beside: on the entry's right (the kerb side of
// right-hand traffic), at most stopPlaceBeside m from the line's middle
// across the road and between stopPlaceBefore m before the line and
// stopPlaceAfter m past it. Its facing is not used. Checked against the
// stop signals of Town07 and Town10HD (their files say which entry each
// sign rules).
const (
	stopPlaceBeside = 12.0
	stopPlaceBefore = 15.0
	stopPlaceAfter  = 4.0
)

// entry is a junction entry: its key, lanes and the middle of its stop
// line.
type entry struct {
	key   lanes.EndKey
	lanes []lanes.EntryLane
	mid   mgl64.Vec3
	dir   mgl64.Vec3
}

func entries(o *lanes.OpenDRIVE) []entry {
	var out []entry
	for r := range o.Roads() {
		for _, atStart := range []bool{true, false} {
			k := lanes.EndKey{Road: r, AtStart: atStart}
			ls := o.EntryLanes(k)
			if len(ls) == 0 {
				continue
			}
			var c, d mgl64.Vec3
			for _, l := range ls {
				c, d = c.Add(l.Point), d.Add(l.Dir)
			}
			out = append(out, entry{key: k, lanes: ls, mid: c.Mul(1 / float64(len(ls))), dir: d.Normalize()})
		}
	}
	return out
}

// placeStop returns the index in ents of the entry a sign at p governs,
// -1 when it stands beside none.
func placeStop(ents []entry, p mgl64.Vec3) int {
	best, bestD := -1, math.Inf(1)
	for i := range ents {
		e := &ents[i]
		v := p.Sub(e.mid)
		along := v[0]*e.dir[0] + v[1]*e.dir[1]
		right := v[0]*e.dir[1] - v[1]*e.dir[0] // + to the right of the direction of travel
		if right < 0 || right > stopPlaceBeside || along < -stopPlaceBefore || along > stopPlaceAfter {
			continue
		}
		if d := ground(v); d < bestD {
			best, bestD = i, d
		}
	}
	return best
}
