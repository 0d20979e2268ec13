package leaderboard

import (
	"fmt"
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/mm2carla/viewer/analysis/lanes"
	"github.com/mm2carla/viewer/format/recorder"
)

// The facts of scenario_runner's RunningRedLightTest (atomic_criteria.py,
// see the package comment):
//
//   - a light's stop lines: for each lane its trigger volume covers, the
//     lane's last waypoint before the junction, the line across it 0.6
//     lane widths to either side of the lane's centre;
//   - the hero's tail segment: from 0.8 of its half-length behind its
//     centre to its half-length + 1 m behind, along the way it faces;
//   - each tick, a light is looked at when it is not the light last run,
//     its trigger volume's centre is within DISTANCE_LIGHT (15 m) of the
//     hero and it is red (yellow is not red); an infraction when, for one
//     of its lanes, the tail's far point is on that lane, the hero faces
//     along it (a positive dot product) and the tail segment crosses the
//     lane's stop line. So one per light in a row: the same light counts
//     again only after another has been run.
//
// The recorder keeps no trigger volumes: a light governs the driving
// lanes entering its road end (lanes.Association.EndLights: the map's
// signal, or the place rule where the town has none), and the centre of
// its volume is taken to be the middle of their stop-line points.
const (
	lightDistance = 15.0 // m
	lineHalfWidth = 0.6  // lane widths
	tailNear      = 0.8  // half-lengths behind the centre
	tailFarExtra  = 1.0  // m beyond the half-length
)

// governed is a light actor's road end and its lanes' stop lines.
type governed struct {
	light  int32 // index in Association.Lights
	centre mgl64.Vec3
	lanes  []lanes.EntryLane
}

// governedEnds lists the ends whose light the recording shows, and how
// many were tied by the map's signals and how many by place.
func governedEnds(a *lanes.Association, o *lanes.OpenDRIVE) (out []governed, bySignal, byPlace int) {
	for k, li := range a.EndLights() {
		ls := o.EntryLanes(k)
		if len(ls) == 0 {
			continue
		}
		if o.End(k.Road, k.AtStart).HasLight {
			bySignal++
		} else {
			byPlace++
		}
		var c mgl64.Vec3
		for _, l := range ls {
			c = c.Add(l.Point)
		}
		out = append(out, governed{light: li, centre: c.Mul(1 / float64(len(ls))), lanes: ls})
	}
	return out, bySignal, byPlace
}

// redLights follows RunningRedLightTest over the hero's samples up to
// time end.
type redLights struct {
	m      lanes.Map
	ends   []governed
	lights []lanes.LightTrack
	last   int32 // the light last run, -1 for none
}

func (r *redLights) step(tr *lanes.Track, s *lanes.Sample, out []Infraction) []Infraction {
	fwd := heading(s.Yaw)
	half := tr.Length / 2
	near := s.Pos.Sub(fwd.Mul(tailNear * half))
	far := s.Pos.Sub(fwd.Mul(half + tailFarExtra))
	var tail lanes.Location
	located := false
	for i := range r.ends {
		g := &r.ends[i]
		if g.light == r.last || ground(g.centre.Sub(s.Pos)) > lightDistance {
			continue
		}
		if st, ok := r.lights[g.light].StateAt(s.Time); !ok || st != recorder.LightRed {
			continue
		}
		if !located {
			tail, located = r.m.Locate(far), true
		}
		if tail.Place != lanes.OnRoad || !tail.HasLane {
			continue
		}
		for _, l := range g.lanes {
			if tail.Lane.Lane != l.Lane || fwd.Dot(l.Dir) <= 0 {
				continue
			}
			left := mgl64.Vec3{-l.Dir[1], l.Dir[0], 0}.Mul(lineHalfWidth * l.Width)
			if crosses(near, far, l.Point.Add(left), l.Point.Sub(left)) {
				lt := &r.lights[g.light]
				out = append(out, Infraction{Kind: RedLight, Time: s.Time, Location: lt.Pos, Other: lt.ID,
					Message: fmt.Sprintf("Agent ran a red light %d at %s", lt.ID, at(lt.Pos))})
				r.last = g.light
				break
			}
		}
	}
	return out
}

// heading is the unit vector on the ground of a yaw (degrees
// counter-clockwise from +X).
func heading(yaw float64) mgl64.Vec3 {
	s, c := math.Sincos(yaw * math.Pi / 180)
	return mgl64.Vec3{c, s, 0}
}

// crosses reports whether segments ab and cd meet on the ground
// (touching counts, as a shapely intersection that is not empty).
func crosses(a, b, c, d mgl64.Vec3) bool {
	o1, o2 := orient(a, b, c), orient(a, b, d)
	o3, o4 := orient(c, d, a), orient(c, d, b)
	if o1*o2 < 0 && o3*o4 < 0 {
		return true
	}
	return o1 == 0 && onSeg(a, b, c) || o2 == 0 && onSeg(a, b, d) ||
		o3 == 0 && onSeg(c, d, a) || o4 == 0 && onSeg(c, d, b)
}

func orient(a, b, c mgl64.Vec3) float64 {
	return (b[0]-a[0])*(c[1]-a[1]) - (b[1]-a[1])*(c[0]-a[0])
}

// onSeg reports whether p, on the line through ab, lies within ab.
func onSeg(a, b, p mgl64.Vec3) bool {
	return min(a[0], b[0]) <= p[0] && p[0] <= max(a[0], b[0]) && min(a[1], b[1]) <= p[1] && p[1] <= max(a[1], b[1])
}
