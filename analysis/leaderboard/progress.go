package leaderboard

import (
	"fmt"
	"math"

	"github.com/mm2carla/viewer/analysis/lanes"
)

// The facts of scenario_runner's RouteCompletionTest and InRouteTest
// (atomic_criteria.py), and of ActorBlockedTest with the parameters
// leaderboard-2.0's route_scenario.py gives it (leaderboard-1.0's
// ActorSpeedAboveThresholdTest takes the same: 0.1 m/s, 180 s); see the
// package comment:
//
//   - completion: each tick, of the route points from the last passed up
//     to WINDOWS_SIZE (2) beyond it, each the hero has passed (its offset
//     from the point along the route is positive) becomes the last
//     passed, and the completion is the route's length up to it in % of
//     the whole; above PERCENTAGE_THRESHOLD (99 %) with the hero within
//     DISTANCE_THRESHOLD (10 m) of the route's last point, the route is
//     completed (100 %) and the run ends;
//   - deviation: each tick, the nearest of the route points from the
//     current one to WINDOWS_SIZE (5) beyond (the later on a tie, on the
//     ground); the hero is off the route when it is offroad_max (30 m) or
//     more from it, or when the route it advanced while 15 m or more from
//     it (offroad_min, half the max) adds up to more than
//     MAX_ROUTE_PERCENTAGE (30 %) of the route: a route_dev, and the run
//     ends;
//   - blocked: slower than min_speed (0.1 m/s) for more than max_time
//     (180 s) since the last tick at which it was not: a vehicle_blocked,
//     and the run ends.
const (
	completionWindow  = 2
	completionPercent = 99.0
	completionNear    = 10.0 // m
	deviationWindow   = 5
	offroadMax        = 30.0 // m
	offroadMin        = offroadMax / 2
	offroadPercent    = 30.0
	blockedSpeed      = 0.1   // m/s
	blockedTime       = 180.0 // s
)

// completion follows RouteCompletionTest.
type completion struct {
	r     *Route
	index int
	value float64 // %
	done  bool
}

func (c *completion) step(s *lanes.Sample) {
	r := c.r
	for i := c.index; i < min(c.index+completionWindow+1, len(r.Points)); i++ {
		if s.Pos.Sub(r.Points[i]).Dot(r.dir(i)) > 0 {
			c.index, c.value = i, r.accum[i]/r.Length()*100
		}
	}
	c.value = math.Round(c.value*100) / 100
	if c.value > completionPercent && ground(s.Pos.Sub(r.Points[len(r.Points)-1])) < completionNear {
		c.value, c.done = 100, true
	}
}

// deviation follows InRouteTest.
type deviation struct {
	r      *Route
	index  int
	out    float64 // route advanced while not in the safe distance
	inSafe bool
}

// step returns the route_dev infraction when the hero left the route.
func (d *deviation) step(s *lanes.Sample) (Infraction, bool) {
	r := d.r
	best, bestD := -1, math.Inf(1)
	for i := d.index; i < min(d.index+deviationWindow+1, len(r.Points)); i++ {
		if g := ground(s.Pos.Sub(r.Points[i])); g <= bestD {
			best, bestD = i, g
		}
	}
	if best < 0 {
		return Infraction{}, false
	}
	off := true
	if bestD < offroadMax {
		off = false
		d.inSafe = bestD < offroadMin
	}
	if d.index != best {
		if !d.inSafe {
			d.out += r.accum[best] - r.accum[d.index]
			if 100*d.out/r.Length() > offroadPercent {
				off = true
			}
		}
		d.index = best
	}
	if !off {
		return Infraction{}, false
	}
	return Infraction{Kind: RouteDeviation, Time: s.Time, Location: s.Pos,
		Message: fmt.Sprintf("Agent deviated from the route at %s", at(s.Pos))}, true
}

// blocked follows ActorBlockedTest.
type blocked struct {
	lastValid float64
	started   bool
}

func (b *blocked) step(s *lanes.Sample) (Infraction, bool) {
	if s.Speed < blockedSpeed && b.started {
		if s.Time-b.lastValid > blockedTime {
			return Infraction{Kind: VehicleBlocked, Time: s.Time, Location: s.Pos,
				Message: fmt.Sprintf("Agent got blocked at %s", at(s.Pos))}, true
		}
		return Infraction{}, false
	}
	b.lastValid, b.started = s.Time, true
	return Infraction{}, false
}
