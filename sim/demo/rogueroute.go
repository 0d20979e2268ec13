package demo

import (
	"container/heap"
	"math"
	"slices"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/mm2carla/viewer/format/recorder"
)

// The rogue's way through the city (see rogue.go). Left to chance, its
// turns rarely took it where an act could be within a recording's
// minutes: in the demo's busy traffic it gets through only some eight
// lanes in two minutes, mostly behind other cars in the queues at lights
// and stop signs, while every act but the close call wants it first in
// its lane on a lane of the right kind (on seed 7 of the demo city it
// never drove a straight rightmost lane, for off-lane, and never came to
// a stop sign at speed as the first of its lane). So while an act is
// still to be staged, the rogue heads for the place where one could be
// that it can reach soonest, the way a driver heads for a street it
// knows: a search forward over the lanes and movements, in expected
// seconds (queues and the rules at the lanes' ends count), that prefers
// lanes nobody is on or heading into, lights that will be red when it
// arrives with little traffic from across, lanes that could host two
// acts, and the acts that fail most often. Whether an act is then staged
// still depends on the traffic there (the chance functions of
// rogueacts.go decide that), so a lane it has reached without staging
// anything counts as farther away each time, and so does every place
// for an act it has tried more often: it tries the others too.

// Route constants.
const (
	routeMiss    = 25.0  // s a lane counts farther for each visit that staged nothing
	routeRunUp   = 3.0   // m of lane before the stretch a sideways act needs, to get up to speed
	routeCrowd   = 10.0  // s a lane counts farther for each car on it: queues are slow, and the acts want the rogue alone in front
	routeAhead   = 60.0  // s a lane counts farther as a place for an act for each car on it or on its way into it: an act wants the rogue first in its lane
	routeTried   = 10.0  // s every lane for an act counts farther for each lane the rogue has tried it on: it tries the others too
	routeCross   = 10.0  // s a light counts farther as the place to run a red for each car arriving from across
	routeMulti   = 20.0  // s a lane counts nearer for each act beyond the first it could host: two acts on one lane save a lane
	routeHard    = 15.0  // s the places for the acts that fail most often (a red, a gap in the oncoming lane) count nearer
	routeSoon    = 15.0  // s: cars on a lane the rogue gets to sooner than this are still there then
	routeRedLeft = 4.0   // s of red at least left when the rogue is to reach the line
	routeHorizon = 120.0 // s: the farthest ahead the search looks
	routeStop    = 12.0  // s a stop sign is expected to hold the rogue
	routeLight   = 8.0   // s a light is expected to hold it
	routeFree    = 0.5   // s a road with right of way is expected to hold it
	routeMinRoll = 30.0  // m: the shortest lane to a stop sign on which the rogue can arrive rolling
)

// actRoom is how much lane ahead of the rogue's front a sideways act of
// secs seconds needs: the way at actSpeed (roguePlan slows it to that),
// braking distance, and a margin (see roomFor).
func actRoom(secs float64) float64 {
	return actSpeed*secs + actSpeed*actSpeed/(2*stopDecel) + 5
}

// actLane reports whether lane l could host act a, by the lane alone:
// the rules of the chance functions that do not depend on the traffic.
func (s *sim) actLane(a rogueAct, l int) bool {
	n := s.net
	ln := &n.lanes[l]
	if ln.entry || ln.trap {
		return false
	}
	hl := extentOf(&vehicleBlueprints[rogueVehicle])[0]
	straight := func(secs float64) bool {
		return ln.path.minRadius() >= straightRadius && ln.path.length() >= hl+routeRunUp+actRoom(secs)
	}
	switch a {
	case actOffLane:
		return (ln.rank == ln.nLanes-1 || s.medianEdge(l)) && straight(2*driftRamp+driftHold)
	case actWrongWay:
		ms := s.medianLanes()
		return s.net.swerveLane(l) || ms != nil && ms[l] >= 0
	case actStopSign:
		if ln.approach < 0 {
			return false
		}
		ap := &n.approaches[ln.approach]
		return ap.signed && ap.kind == approachStop && ln.path.length() >= routeMinRoll
	case actRedLight:
		if ln.approach < 0 {
			return false
		}
		ap := &n.approaches[ln.approach]
		return ap.kind == approachLight && n.junctions[ap.junction].phases > 1 && n.hasPost(ln.approach)
	case actCloseCall: // a car with lane enough ahead of it to come up behind
		for _, j := range ln.veh {
			if w := &s.veh[j]; !w.hero && !w.rogue && ln.path.length()-w.s >= tailRoom+10 {
				return true
			}
		}
	}
	return false
}

// swerveLane reports whether lane l could host the wrong-way swerve
// (swerveChance), by the lane alone: the leftmost of its side, straight
// and long enough, with the oncoming lane 2.5-5 m off.
func (n *network) swerveLane(l int) bool {
	ln := &n.lanes[l]
	o := n.oncoming(l)
	hl := extentOf(&vehicleBlueprints[rogueVehicle])[0]
	if ln.entry || ln.trap || ln.rank != 0 || o < 0 || ln.path.minRadius() < straightRadius ||
		ln.path.length() < hl+routeRunUp+actRoom(2*swerveRamp+swerveHold) {
		return false
	}
	p, _ := ln.path.at(ln.path.length() / 2)
	d := distTo(n.lanes[o].path.pts, p)
	return d >= 2.5 && d <= 5
}

// hasPost reports whether approach a has a light actor of its own: a
// lit intersection's approach may have none (it keeps the others'
// phases), and then the check cannot tell the red it shows, so the
// rogue does not run it there; nor where its road is too short for the
// check to see it (blind).
func (n *network) hasPost(a int) bool {
	if n.approaches[a].blind {
		return false
	}
	for _, p := range n.lights {
		if p.approach == a {
			return true
		}
	}
	return false
}

// oncoming returns the leftmost lane driving the other way on l's road,
// -1 on a one-way road.
func (n *network) oncoming(l int) int {
	ln := &n.lanes[l]
	for i := range n.lanes {
		if c := &n.lanes[i]; c.road == ln.road && c.sideB != ln.sideB && c.rank == 0 {
			return i
		}
	}
	return -1
}

// distTo is the distance on the ground from p to the polyline pts.
func distTo(pts []mgl64.Vec3, p mgl64.Vec3) float64 {
	best := math.Inf(1)
	for i := 0; i+1 < len(pts); i++ {
		a, b := flat(pts[i]), flat(pts[i+1])
		d := b.Sub(a)
		t := 0.0
		if l2 := d.Dot(d); l2 > 0 {
			t = min(max(flat(p).Sub(a).Dot(d)/l2, 0), 1)
		}
		best = min(best, flat(p).Sub(a.Add(d.Mul(t))).Len())
	}
	return best
}

// rogueRoute returns the movement from the end of lane l, which the
// rogue has just entered, that starts its quickest way to a lane where
// an act still to be staged could be, and notes a visit to l if it is
// such a lane; -1 when every act is staged or no such lane can be
// reached. The search runs forward from l, so that it knows when the
// rogue would get to each lane: a light is worth heading for only if it
// will be red when the rogue arrives.
func (s *sim) rogueRoute(l int) int {
	r := &s.rogue
	n := s.net
	if r.visits == nil {
		r.visits = make([]int, len(n.lanes))
		if r.plan > 0 {
			r.liking = make([]float64, len(n.lanes))
			for i := range r.liking {
				r.liking[i] = planLiking * r.rng.Float64()
			}
		}
	}
	var wanted []rogueAct
	for a := actOffLane; a < nActs; a++ {
		if !r.done[a] && r.cur != a {
			wanted = append(wanted, a)
		}
	}
	if len(wanted) == 0 {
		return -1
	}
	for _, a := range wanted {
		if s.actLane(a, l) {
			r.visits[l]++
			r.tries[a]++
		}
	}
	wanted = s.focused(wanted)
	if slices.Contains(wanted, actRedLight) && s.actLane(actRedLight, l) {
		if m := s.fewestConflicts(l); m >= 0 {
			return m // it means to run this light: the way that crosses the fewest
		}
	}
	_, pick := s.routeSearch(l, wanted)
	return pick
}

// routeSearch is rogueRoute's search forward from the end of lane l for
// the nearest place of one of the wanted acts: its cost (+Inf if none
// within routeHorizon) and the movement from l its way starts with.
func (s *sim) routeSearch(l int, wanted []rogueAct) (float64, int) {
	n := s.net
	arrive := make([]float64, len(n.lanes)) // when the rogue would enter each lane
	cost := make([]float64, len(n.lanes))   // that, and how much a car ahead is worse
	first := make([]int, len(n.lanes))      // the movement from l its way there starts with
	for i := range arrive {
		arrive[i], cost[i], first[i] = math.Inf(1), math.Inf(1), -1
	}
	h := &laneHeap{}
	reach := func(from, m int, at, c float64, by int) {
		to := n.moves[m].to
		dt := s.routeTime(from, m)
		if c+dt < cost[to] && !n.lanes[to].trap {
			arrive[to], cost[to], first[to] = at+dt, c+dt, by
			heap.Push(h, laneDist{to, c + dt})
		}
	}
	follow := routeAhead // a car ahead through m would be first in the rogue's next lane...
	if len(wanted) == 1 && wanted[0] == actCloseCall {
		follow = 0 // ...which is what the close call wants
	}
	for _, m := range n.lanes[l].out {
		reach(l, m, s.t, s.t+follow*float64(s.platoon(l, m)), m)
	}
	best, pick := math.Inf(1), -1
	for h.Len() > 0 {
		e := heap.Pop(h).(laneDist)
		if e.d > cost[e.lane] {
			continue
		}
		c, k := math.Inf(1), 0.0
		for _, a := range wanted {
			if s.actLane(a, e.lane) {
				c, k = min(c, e.d+s.actCost(a, e.lane, arrive[e.lane])), k+1
			}
		}
		if c -= routeMulti * max(k-1, 0); c < best {
			best, pick = c, first[e.lane]
		}
		if arrive[e.lane]-s.t > routeHorizon {
			break
		}
		for _, m := range n.lanes[e.lane].out {
			reach(e.lane, m, arrive[e.lane], e.d, first[e.lane])
		}
	}
	return best, pick
}

// actCost is how much worse than its arrival time lane l is as the
// place for act a, the rogue arriving at time at: it has been tried
// already, cars are on it or on their way into it (an act wants the
// rogue first in its lane), or its light will not be red when the rogue
// gets to the line.
func (s *sim) actCost(a rogueAct, l int, at float64) float64 {
	n := s.net
	ln := &n.lanes[l]
	c := routeMiss*float64(s.rogue.visits[l]) + routeTried*float64(s.rogue.tries[a])
	if s.rogue.liking != nil {
		c -= s.rogue.liking[l]
	}
	if s.rogue.focus[a] {
		c -= planFocus
	}
	if at-s.t < routeSoon && a != actCloseCall {
		c += routeAhead * float64(s.headingFor(l))
	}
	if o := s.net.oncoming(l); a == actWrongWay && o >= 0 && at-s.t < routeSoon {
		c += routeAhead * float64(s.headingFor(o))
	}
	if a == actRedLight || a == actWrongWay {
		c -= routeHard
	}
	if a == actRedLight {
		sig := n.signalOf(ln.approach, at+ln.path.length()/(0.8*ln.speed))
		if sig.state != recorder.LightRed || sig.left < routeRedLeft {
			c += routeMiss
		}
		c += routeCross * float64(s.crossing(l))
	}
	return c
}

// fewestConflicts returns the movement from lane l that conflicts with
// the fewest others (a right turn, where there is one), -1 if none
// stays off the traps.
func (s *sim) fewestConflicts(l int) int {
	n := s.net
	best, pick := math.MaxInt, -1
	for _, m := range n.lanes[l].out {
		if k := len(n.moves[m].conflicts); k < best && !n.lanes[n.moves[m].to].trap {
			best, pick = k, m
		}
	}
	return pick
}

// crossing counts the cars arriving at the end of lane l from the other
// approaches of its intersection: while its light is red they have the
// way, and the rogue runs the red only when none of them is coming.
func (s *sim) crossing(l int) int {
	n := s.net
	own := n.lanes[l].approach
	k := 0
	for _, a := range n.junctions[n.approaches[own].junction].approaches {
		if a != own {
			for _, c := range n.approaches[a].lanes {
				k += len(n.lanes[c].veh)
			}
		}
	}
	return k
}

// platoon counts the cars on lane l that will take movement m: the
// rogue taking it too would follow them onto the next lane.
func (s *sim) platoon(l, m int) int {
	k := 0
	for _, j := range s.net.lanes[l].veh {
		if w := &s.veh[j]; !w.rogue && w.next == m {
			k++
		}
	}
	return k
}

// headingFor counts the cars on lane l and on the movements into it.
func (s *sim) headingFor(l int) int {
	n := s.net
	k := len(n.lanes[l].veh)
	for _, m := range n.lanes[l].in {
		k += len(n.moves[m].veh)
	}
	return k
}

// routeTime is how long the rogue is expected to take from the start of
// lane l through movement m: driving the lane and the movement, waiting
// at the lane's end as its rule makes one wait, and in its queue.
func (s *sim) routeTime(l, m int) float64 {
	n := s.net
	ln := &n.lanes[l]
	t := ln.path.length()/(0.8*ln.speed) + n.moves[m].path.length()/n.moves[m].vmax + routeCrowd*float64(len(ln.veh))
	switch n.approaches[ln.approach].kind { // a lane with a way on has an approach
	case approachStop:
		t += routeStop
	case approachLight:
		t += routeLight
	default:
		t += routeFree
	}
	return t
}

// laneDist is a lane and its distance, for the search.
type laneDist struct {
	lane int
	d    float64
}

type laneHeap []laneDist

func (h laneHeap) Len() int           { return len(h) }
func (h laneHeap) Less(i, j int) bool { return h[i].d < h[j].d }
func (h laneHeap) Swap(i, j int)      { h[i], h[j] = h[j], h[i] }
func (h *laneHeap) Push(x any)        { *h = append(*h, x.(laneDist)) }
func (h *laneHeap) Pop() any {
	old := *h
	e := old[len(old)-1]
	*h = old[:len(old)-1]
	return e
}

// focused narrows the acts the route of an eager plan (rogue.eager)
// heads for to those the best plan so far missed (rogue.focus), while any of
// them is still to be staged. The demo's ways keep to their side of the
// road (a right lane leads on to right lanes), so acts that want the
// rightmost lane (off-lane) and the leftmost (wrong-way) pull the rogue
// apart: weighing them all, every plan was drawn to the nearer kind
// again and again, and on seed 6 of the demo city none reached a lane
// for a wrong-way (seed 7: for an off-lane) before the two minutes were
// up. The others are still staged when their chance comes on the way.
func (s *sim) focused(wanted []rogueAct) []rogueAct {
	if !s.rogue.eager() {
		return wanted
	}
	var f []rogueAct
	for _, a := range wanted {
		if s.rogue.focus[a] {
			f = append(f, a)
		}
	}
	if len(f) == 0 {
		return wanted
	}
	return f
}
