package leaderboard

import (
	"fmt"
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/mm2carla/viewer/analysis/lanes"
)

// The facts of scenario_runner's OutsideRouteLanesTest
// (atomic_criteria.py, see the package comment):
//
//   - outside the lanes: the hero's distance to the centre of the nearest
//     driving lane, or of the nearest parking lane when that is nearer,
//     is more than half that lane's width + ALLOWED_OUT_DISTANCE (0.5 m);
//   - in a wrong lane: not in a junction, and on entering a new lane
//     (another road or lane id) either just out of a junction with the
//     lane's direction MAX_VEHICLE_ANGLE (120 degrees) or more from the
//     way the hero faces, or, along the road, with the new lane's
//     direction more than MAX_WAYPOINT_ANGLE (150 degrees) from the last
//     lane's, which turns the state over (going into the opposite lane,
//     or back out of it);
//   - the distance counted is the route's: each tick, of the next
//     WINDOWS_SIZE (3) route points, those the hero has passed (its
//     offset from the point along the point's direction is positive) add
//     the route between them, to the wrong distance too while the hero
//     is outside or in a wrong lane; the infraction is one event whose
//     percentage is wrong / total * 100.
//
// Without a route the distance driven is counted instead (each sample's
// step from the last), and the share is of that. In a junction the hero
// is taken to be in its lanes: the map's connecting lanes are not lane
// curves here.
const (
	allowedOut      = 0.5   // m
	maxVehicleAngle = 120.0 // degrees
	maxLaneAngle    = 150.0 // degrees
	outsideWindow   = 3
	laneReach       = 10.0 // m: where the nearest lane is looked for
)

// outside follows OutsideRouteLanesTest.
type outside struct {
	o        *lanes.OpenDRIVE
	route    *Route // nil: count the distance driven
	index    int    // the route point last passed
	wrong    bool   // in a wrong lane
	lastLane lanes.LaneRef
	lastPos  mgl64.Vec3
	hasLast  bool
	lastJunc bool
	prev     mgl64.Vec3
	hasPrev  bool
	total    float64
	bad      float64
	hits     []lanes.LaneHit
}

// isOutside is the first rule at s.
func (u *outside) isOutside(s *lanes.Sample) bool {
	if s.Place == lanes.InIntersection {
		return false
	}
	d, w, ok := u.o.NearestCentre(s.Pos, laneReach, "driving", "parking")
	return !ok || d > w/2+allowedOut
}

// laneDir returns the direction of travel of lane l near p.
func (u *outside) laneDir(l lanes.LaneRef, p mgl64.Vec3) (mgl64.Vec3, bool) {
	u.hits = u.o.LanesNear(p, laneReach, u.hits[:0])
	for _, h := range u.hits {
		if h.Lane == l {
			return h.Dir, true
		}
	}
	return mgl64.Vec3{}, false
}

// wrongLane is the second rule at s.
func (u *outside) wrongLane(s *lanes.Sample) {
	switch {
	case s.Place == lanes.InIntersection:
		u.wrong, u.lastJunc = false, true
		return
	case s.Place != lanes.OnRoad || !s.HasLane:
		return
	}
	if u.hasLast && s.Lane != u.lastLane {
		dir, ok := u.laneDir(s.Lane, s.Pos)
		switch {
		case !ok:
		case u.lastJunc:
			u.wrong = angle(dir, heading(s.Yaw)) >= maxVehicleAngle
		default:
			if last, ok := u.laneDir(u.lastLane, u.lastPos); ok && angle(last, dir) > maxLaneAngle {
				u.wrong = !u.wrong
			}
		}
	} else if !u.hasLast && u.lastJunc {
		if dir, ok := u.laneDir(s.Lane, s.Pos); ok {
			u.wrong = angle(dir, heading(s.Yaw)) >= maxVehicleAngle
		}
	}
	u.lastLane, u.lastPos, u.hasLast, u.lastJunc = s.Lane, s.Pos, true, false
}

// angle is the angle between two directions on the ground, degrees in
// [0, 180].
func angle(a, b mgl64.Vec3) float64 {
	d := math.Atan2(a[0]*b[1]-a[1]*b[0], a[0]*b[0]+a[1]*b[1])
	return math.Abs(d) * 180 / math.Pi
}

func (u *outside) step(s *lanes.Sample) {
	out := u.isOutside(s)
	u.wrongLane(s)
	bad := out || u.wrong
	if u.route == nil {
		if u.hasPrev {
			d := ground(s.Pos.Sub(u.prev))
			u.total += d
			if bad {
				u.bad += d
			}
		}
		u.prev, u.hasPrev = s.Pos, true
		return
	}
	r := u.route
	for i := u.index + 1; i < min(u.index+outsideWindow+1, len(r.Points)); i++ {
		if s.Pos.Sub(r.Points[i]).Dot(r.dir(i)) > 0 {
			d := r.Points[u.index].Sub(r.Points[i]).Len()
			u.total += d
			if bad {
				u.bad += d
			}
			u.index = i
		}
	}
}

// infraction returns the criterion's event at time t, if the hero was
// ever counted outside.
func (u *outside) infraction(t float64, pos mgl64.Vec3) (Infraction, bool) {
	if u.bad == 0 || u.total == 0 {
		return Infraction{}, false
	}
	pct := u.bad / u.total * 100
	what := "of the completed route"
	if u.route == nil {
		what = "of the distance driven"
	}
	return Infraction{Kind: OutsideRouteLanes, Time: t, Location: pos, Percentage: pct, Distance: u.bad,
		Message: fmt.Sprintf("Agent went outside its route lanes for about %s meters (%s%% %s)",
			pyRoundN(u.bad, 3), pyRoundN(pct, 2), what)}, true
}
