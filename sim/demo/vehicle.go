package demo

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
)

// vehicle is one car. Its centre is always on a lane or a movement path,
// s metres from the path's start; it only ever moves forward.
type vehicle struct {
	id     uint32
	bp     *vehicleBlueprint
	color  string
	hl, hw float64 // half length and width, m
	hero   bool
	shadow bool // takes the hero's way (see roleShadow)
	rogue  bool // commits the staged faults (see rogue.go)
	alive  bool

	onMove   bool    // seg is a movement, else a lane
	seg      int     // lane or movement index
	next     int     // movement at the end of the lane; -1: leave the map there
	s, v     float64 // position along seg (m) and speed (m/s)
	acc      float64 // acceleration of the last step
	drive    float64 // share of the speed limit this driver keeps to
	limit    float64 // planned: how far the centre may move this step
	hold     int     // movement the vehicle may enter or is in, -1
	prev     int     // movement being left, held until the rear is clear, -1
	commit   float64 // length promised on hold's departing lane
	stopAt   float64 // time of the full stop at a stop line, -1
	onYellow bool    // hold was granted on a yellow light: it is not given back
	through  bool    // on a movement: goes on the yellow beyond it (lineBeyond)
	waitFrom float64 // since when it has been standing first at its line waiting, -1

	distracted bool    // staged crash: does not see the hero ahead
	frozen     float64 // stays stopped until this time (the staged crash)
	hazard     float64 // shows hazard lights until this time

	lat, latRate float64    // the rogue's sideways offset from its path (m, + left) and its rate (m/s)
	slide        mgl64.Vec3 // the velocity of that sideways motion

	// Pose and controls of the last frame, for the recording.
	posed      bool // pose has been computed once
	pos        mgl64.Vec3
	dir        mgl64.Vec3 // unit direction of motion along the path
	yaw, pitch float64    // radians; the body's heading is smoothed, dir is not
	yawRate    float64    // rad/s
	steer      float64
	throttle   float64
	brake      float64
	bits       uint32
}

// Car-following (the intelligent driver model) and stopping constants.
const (
	accMax      = 1.6  // m/s^2
	comfBrake   = 2.5  // m/s^2
	stopDecel   = 1.8  // m/s^2, even braking to a stop at a line or behind a standing car
	maxBrake    = 8.0  // m/s^2, emergency
	headway     = 1.2  // s
	jamGap      = 2.0  // m, bumper gap when queued
	lineJam     = 0.5  // m, gap kept to a stop line
	lineGap     = 0.3  // m, the line a front may not pass is this far before the end
	hardGap     = 0.4  // m, bumper gap never given up
	turnDecel   = 1.5  // m/s^2, slowing down for a turn
	stopSpeed   = 0.05 // m/s: stopped
	creepSpeed  = 0.15 // m/s: slower than this while braking is a stop
	stopReach   = 2.5  // m from the line: stopped at it
	fullStop    = 1.0  // s a car waits at a stop sign before it may go
	reachAhead  = 8.0  // m beyond braking distance where a car asks for its movement
	yieldWindow = 4.0  // s: a car on the priority road this close keeps right of way
	releaseGap  = 1.0  // m the rear must be past the departing lane's start
	roomGap     = 3.0  // m of free lane needed beyond a car's length to enter
	blinkReach  = 35.0 // m before the line where blinkers come on
)

// idm is the intelligent driver model's acceleration for speed v, wanted
// speed v0, bumper gap (+Inf: none) to a leader at speed vl and jam gap s0.
func idm(v, v0, gap, vl, s0 float64) float64 {
	free := 1.0
	if v0 > 0.01 {
		free = 1 - math.Pow(v/v0, 4)
	} else {
		free = -1
	}
	if math.IsInf(gap, 1) {
		return accMax * free
	}
	if gap <= 0.01 {
		return -maxBrake
	}
	ss := s0 + max(0, v*headway+v*(v-vl)/(2*math.Sqrt(accMax*comfBrake)))
	return accMax * (free - (ss/gap)*(ss/gap))
}

// closeIn is the acceleration for closing on something gap metres ahead
// (+Inf: nothing) moving at vl, to stop s0 short of it. It is the
// intelligent driver model, except towards something standing still:
// there the model brakes early and then creeps over the last metre for
// seconds, which no driver does. Instead the driver brakes for it no
// harder than it takes to stop at the spot, and once that takes
// stopDecel brakes evenly at exactly that rate (which stays constant as
// it slows), so it comes to a clean stop at the spot. Braking for a
// speed above v0 comes on top.
func closeIn(v, v0, gap, vl, s0 float64) float64 {
	a := idm(v, v0, gap, vl, s0)
	if vl > stopSpeed || math.IsInf(gap, 1) {
		return a
	}
	d := gap - s0
	if d <= 0.05 {
		return min(a, 0)
	}
	road := idm(v, v0, math.Inf(1), 0, s0)
	need := v * v / (2 * d)
	switch {
	case need >= stopDecel:
		return min(road, -need)
	case a < 0:
		return min(road, max(a, -need))
	}
	return a
}

// pathOf returns the path the vehicle is on.
func (s *sim) pathOf(v *vehicle) *path {
	if v.onMove {
		return &s.net.moves[v.seg].path
	}
	return &s.net.lanes[v.seg].path
}

// ahead calls visit with every vehicle on the road ahead of vi, as far as
// the lane after its next movement, and the centre-to-centre distance
// along vi's way. Vehicles on any movement out of a lane on the way count
// too: their rear may still be on the lane; and, once vi holds its way,
// those ahead of it on another way into the same lane (see merging).
func (s *sim) ahead(vi int32, visit func(j int32, dist float64)) {
	v := &s.veh[vi]
	n := s.net
	outOf := func(l int, base float64) {
		for _, m := range n.lanes[l].out {
			for _, j := range n.moves[m].veh {
				visit(j, base+s.veh[j].s)
			}
		}
	}
	var after, mine int // lane after the current movement or the next one, and that movement
	var base float64
	if v.onMove {
		m := &n.moves[v.seg]
		for _, j := range m.veh {
			if j != vi && s.veh[j].s > v.s {
				visit(j, s.veh[j].s-v.s)
			}
		}
		after, mine, base = m.to, v.seg, m.path.length()-v.s
	} else {
		l := &n.lanes[v.seg]
		for _, j := range l.veh {
			if j != vi && s.veh[j].s > v.s {
				visit(j, s.veh[j].s-v.s)
			}
		}
		base = l.path.length() - v.s
		outOf(v.seg, base)
		if v.next < 0 {
			return
		}
		m := &n.moves[v.next]
		after, mine, base = m.to, v.next, base+m.path.length()
	}
	if v.onMove || v.hold == mine {
		s.merging(after, mine, base, visit)
	}
	for _, j := range n.lanes[after].veh {
		visit(j, base+s.veh[j].s)
	}
	outOf(after, base+n.lanes[after].path.length())
}

// merging calls visit with the vehicles on their way into lane after by
// another movement than mine, holding it, that are nearer the lane's
// start than base: a car taking a way that merges into another's lane
// follows the one ahead of it there (see free) before both are on it.
func (s *sim) merging(after, mine int, base float64, visit func(j int32, dist float64)) {
	n := s.net
	for _, mi := range n.lanes[after].in {
		if mi == mine {
			continue
		}
		m := &n.moves[mi]
		for _, j := range m.veh {
			if d := base - s.toMerge(j, mi); d > 0 {
				visit(j, d)
			}
		}
		for _, j := range n.lanes[m.from].veh {
			if d := base - s.toMerge(j, mi); s.veh[j].hold == mi && d > 0 {
				visit(j, d)
			}
		}
	}
}

// leader returns the bumper gap to the nearest vehicle ahead and its
// speed (+Inf, 0 when the way is clear). A distracted driver does not see
// the hero.
func (s *sim) leader(vi int32) (gap, speed float64) {
	gap, speed, _ = s.leaderOf(vi)
	return gap, speed
}

// leaderOf is leader, also returning the leader (-1 if none).
func (s *sim) leaderOf(vi int32) (gap, speed float64, who int32) {
	v := &s.veh[vi]
	gap, who = math.Inf(1), -1
	s.ahead(vi, func(j int32, dist float64) {
		u := &s.veh[j]
		if v.distracted && u.hero {
			return
		}
		if g := dist - v.hl - u.hl; g < gap {
			gap, speed, who = g, u.v, j
		}
	})
	return gap, speed, who
}

// gapTo returns the bumper gap from vi to vehicle j along vi's way (+Inf
// if j is not on it).
func (s *sim) gapTo(vi, j int32) float64 {
	gap := math.Inf(1)
	s.ahead(vi, func(k int32, dist float64) {
		if k == j {
			gap = min(gap, dist-s.veh[vi].hl-s.veh[k].hl)
		}
	})
	return gap
}

// plan decides vi's acceleration for this step and how far it may move,
// from the positions at the start of the step. It also asks for, or gives
// back, the movement at the end of the lane.
func (s *sim) plan(vi int32) {
	v := &s.veh[vi]
	gap, vl := s.leader(vi)
	if v.frozen > s.t {
		v.acc, v.limit = -maxBrake, max(gap-hardGap, 0) // stops within millimetres
		return
	}
	p := s.pathOf(v)
	rem := p.length() - v.s
	ceil := s.ceiling(v, v.s+v.v*s.dt)
	v0 := min(v.drive*s.limitOf(v), ceil)
	line := math.Inf(1)
	if !v.onMove && v.next >= 0 {
		front := rem - v.hl
		s.permit(vi, front)
		if v.hold != v.next {
			line = front - lineGap
		}
	} else if v.onMove {
		line = min(s.lineBeyond(v), s.lineAfterShort(vi))
	}
	a := closeIn(v.v, v0, gap, vl, jamGap)
	if v.rogue {
		a = s.roguePlan(v, a, vl)
	}
	if !math.IsInf(line, 1) {
		stop := closeIn(v.v, v0, line, 0, lineJam)
		if v.rogue && s.rogue.cur == actStopSign {
			stop = max(stop, s.crawl(v, line))
		}
		a = min(a, stop)
	}
	if !v.rogue || s.rogue.cur != actCloseCall { // the rogue closing in keeps to the car ahead's speed at most
		a = min(a, (ceil-v.v)/s.dt)
	}
	v.limit = min(gap-hardGap, line)
	if v.distracted {
		a, v.limit = s.distractedPlan(vi, a, v.limit)
	}
	top := accMax
	if v.rogue {
		top = tailJump // its close call: see roguePlan
	}
	v.acc = min(max(a, -maxBrake), top)
}

// ceiling returns the highest speed the vehicle may have at s on its
// path for the bends and the turn ahead: on a lane, slow enough to take
// the lane's bends and to slow down at turnDecel for the movement at its
// end; on a movement, its turning speed, and slow enough to enter the
// next lane (see lane.enterV). The driver wants no more than
// this, and plan never lets the speed exceed it, since the driver model
// alone would catch up with a falling limit only slowly.
func (s *sim) ceiling(v *vehicle, at float64) float64 {
	n := s.net
	if v.onMove {
		m := &n.moves[v.seg]
		entry := n.lanes[m.to].enterV
		return min(m.vmax, math.Sqrt(entry*entry+2*turnDecel*max(m.path.length()-at, 0)))
	}
	l := &n.lanes[v.seg]
	c := l.path.bendLimit(l.bends, at, turnDecel)
	if v.next >= 0 {
		m := &n.moves[v.next]
		front := l.path.length() - at - v.hl
		c = min(c, math.Sqrt(m.vmax*m.vmax+2*turnDecel*max(front, 0)))
	}
	return c
}

// limitOf returns the speed limit where the vehicle is.
func (s *sim) limitOf(v *vehicle) float64 {
	if v.onMove {
		return s.net.moves[v.seg].vmax / max(v.drive, 0.5)
	}
	return s.net.lanes[v.seg].speed
}

// move advances vi by its planned acceleration, never beyond its limit,
// and carries it onto the next lane or movement.
func (s *sim) move(vi int32) {
	v := &s.veh[vi]
	nv := max(0, v.v+v.acc*s.dt)
	if nv < creepSpeed && v.acc < 0 {
		nv = 0 // the driver model only creeps towards a standstill: stop
	}
	ds := (v.v + nv) / 2 * s.dt
	if ds > v.limit {
		ds = max(v.limit, 0)
		nv = max(2*ds/s.dt-v.v, 0) // the speed that covers ds braking evenly
	}
	v.s += ds
	v.v = nv
	s.advance(vi)
}

// advance moves vi across path ends, releasing what it has left behind;
// a vehicle at the end of a lane with no way on leaves the map.
func (s *sim) advance(vi int32) {
	v := &s.veh[vi]
	n := s.net
	for v.alive {
		p := s.pathOf(v)
		if !v.onMove && v.prev >= 0 && v.s-v.hl >= releaseGap {
			s.release(vi, v.prev)
			v.prev = -1
		}
		if v.s < p.length() {
			return
		}
		switch {
		case v.onMove:
			m := &n.moves[v.seg]
			v.s -= p.length()
			if v.prev >= 0 {
				s.release(vi, v.prev)
			}
			v.prev, v.hold = v.seg, -1
			v.onMove, v.seg = false, m.to
			v.next = s.chooseNext(vi, m.to)
		case v.next >= 0 && v.hold == v.next:
			v.s -= p.length()
			if v.prev >= 0 {
				s.release(vi, v.prev)
				v.prev = -1
			}
			v.onMove, v.seg, v.through = true, v.next, false
			if s.pickEarly(vi, v.seg) {
				v.next = s.peekNext(vi, s.net.moves[v.seg].to)
			}
		case v.next >= 0:
			v.s = p.length() - 1e-6 // cannot happen: the line limit stops it
			return
		default:
			s.destroy(vi)
		}
	}
}

// chooseNext draws the movement a vehicle will take at the end of lane l:
// any way that leaves the intersection, rarely a U-turn, and out of the
// map less often when traffic is thin. The hero never leaves the map
// while it has another way; its shadow takes the way the hero took.
func (s *sim) chooseNext(vi int32, l int) int {
	out := s.net.lanes[l].out
	if len(out) == 0 {
		return -1
	}
	v := &s.veh[vi]
	if v.shadow && s.trail[l] >= 0 {
		return s.trail[l]
	}
	rng := s.rng
	if v.rogue {
		if m := s.rogueRoute(l); m >= 0 {
			return m
		}
		rng = s.rogue.rng
	}
	wExit := 1.0
	if s.alive < s.target {
		wExit = 0.15
	}
	if v.hero || v.shadow || v.rogue {
		wExit = 0
	}
	var w [16]float64
	total := 0.0
	for i, m := range out[:min(len(out), len(w))] {
		mv := &s.net.moves[m]
		w[i] = 1 / float64(s.waysInto(l, mv.to))
		if mv.turn == turnU {
			w[i] = 0.1
		}
		if s.net.lanes[mv.to].exit() {
			w[i] *= wExit
		}
		if s.net.fair && !v.hero && !v.rogue && s.jammed(mv.to) {
			w[i] *= wJammed
		}
		if v.rogue {
			w[i] *= s.rogueLikes(mv.to)
		}
		if (v.hero || v.shadow || v.rogue) && s.net.lanes[mv.to].trap {
			w[i] = 0
		}
		total += w[i]
	}
	if total == 0 {
		return out[rng.IntN(len(out))]
	}
	x := rng.Float64() * total
	pick := out[min(len(out), len(w))-1]
	for i := range min(len(out), len(w)) {
		if x < w[i] {
			pick = out[i]
			break
		}
		x -= w[i]
	}
	if v.hero {
		s.trail[l] = pick
	}
	if s.net.fair && !v.hero && !v.shadow && !v.rogue {
		pick = s.followWay(vi, l, pick)
	}
	return pick
}

// followWay returns the way the car just ahead of vi on lane l takes
// where it leads into the same side of the same road as pick, else
// pick: on a town a driver picks the road to take, not the lane (see
// waysInto), and follows the car ahead into it. Then it may follow that
// car through on the same green, as a platoon (placeInLane); drawing
// the lane anew, one of two cars turning from one lane into a road of
// two took the other lane of it, waited to be first at the line and
// lost its green to the flow that had waited for the first. So clean
// seeds 1-10 of the eight towns left 8 cars blocked, 7 on Town10HD, whose 11 m link (road 2) turns left into both
// lanes of road 21; following, 5 (Town10HD's seed 9 none, seed 7 three
// instead of five). A lane closed to traffic (the rogue drives against
// it) is not followed into.
func (s *sim) followWay(vi int32, l, pick int) int {
	n := s.net
	ahead := s.nearestOn(vi, l)
	if ahead < 0 {
		return pick
	}
	m := s.veh[ahead].next
	if m < 0 || m == pick || n.moves[m].from != l {
		return pick
	}
	to, want := &n.lanes[n.moves[m].to], &n.lanes[n.moves[pick].to]
	if to.road == want.road && to.sideB == want.sideB && !to.closed {
		return m
	}
	return pick
}
