package demo

import (
	"math"

	"github.com/mm2carla/viewer/format/recorder"
)

// The wrong-way act on a town whose two-way roads are all divided
// (Town06): there the oncoming lane is no lane-width away but across a
// median (Town06: a 3.5 m median between two 0.5 m shoulders, the two
// lanes' centres 8 m apart), and a swerve across it would be off the
// lanes for over a second (the check's off-lane: more than 1 m from every
// lane for 0.5 s), besides being no way to drive over a kerb. So the
// rogue there takes the wrong carriageway from the junction, as a driver
// who crosses a junction and keeps left of the median where the road
// ahead is divided: on its way through the junction into the leftmost
// lane D of such a road it drifts left, inside the junction, onto the
// end of the oncoming lane O; it drives the length of the road against
// O (it is on D for the traffic rules, O's width to the left); and on
// its way through the next junction it drifts back right onto the way D
// leads to. The check finds the one wrong-way stretch on the road
// (in the junctions no lane rule applies), and the junctions' rules are
// D's: the check takes a crossing by its road end, not its lane.
//
// The rogue comes to the junction at no more than actSpeed, drifts at
// that, and slows to it again before D's end: the drift is a fixed 8 m
// over the junction's way, 10 m long on some (Town06), so its angle is
// the geometry's, and at the usual speed its sideways pace made the
// rogue seem to jump (67 km/h where it drove 43).
//
// It is staged only where no lane of the network hosts the swerve, so
// the demo city and the other towns stage their wrong-way as before;
// only when O and the ways into it are empty, O stays closed until the
// rogue is back across the second junction, D has nobody ahead of the
// rogue, and D's end lets it through without a stop (no stop sign, and
// a time at which it can get there on green, to which it keeps its pace
// along D: medianArrive), so that it never stands on O: the check's
// wrong-way stretch would end there, and a second begin as it pulls
// away.

// Median act constants.
const (
	medianMax   = 12.0 // m: the widest gap between the rogue's lane and the oncoming lane's centres it crosses at a junction
	medianEnter = 1.5  // m of the way into D at most the rogue has gone when it decides
	mouthClear  = 15.0 // m: nobody leaving O through the junction may be less far along their way
	medianGreen = 3.0  // s the light at D's end must stay green after the rogue is expected there, and be before
	medianSlow  = 2.0  // m/s: the slowest the rogue drives against O, keeping to its time at D's end (medianArrive); twice the check's wrong-way speed
	medianSpare = 1.0  // s: the rogue is expected at D's end no sooner than this after the soonest it could get there
	medianStep  = 0.25 // s between the times at D's end medianArrive tries
	medianOff   = 6.0  // m: a leftmost lane whose oncoming lane's centre is farther off has a median beside it (medianEdge)
	medianBack  = 2    // lanes back from D an eager plan's rogue may start (medianPlace)
	startStep   = 10.0 // m between the places on a lane medianPlace tries
	startClear  = 30.0 // m: nobody may be this close to an eager plan's start, as rogueAtFocus asks
)

// medianLanes returns, per lane, the oncoming lane across a median that
// a wrong-way act through the junction at its start could take (-1), or
// nil when some lane hosts the swerve (actLane's rule): then the act is
// the swerve alone. Computed once a run.
func (s *sim) medianLanes() []int {
	r := &s.rogue
	if r.mediansSet {
		return r.medians
	}
	r.mediansSet = true
	n := s.net
	if !n.divided() {
		return nil
	}
	r.medians = make([]int, len(n.lanes))
	for l := range n.lanes {
		r.medians[l] = s.medianOpposite(l)
	}
	return r.medians
}

// medianOpposite returns the oncoming lane o of lane l if l is a lane a
// rogue can drive the wrong way beside, across a median: the leftmost
// lane of a straight road between two junctions, whose oncoming lane
// runs between the same two the other way, medianMax at most across, and
// whose end is no stop; else -1.
func (s *sim) medianOpposite(l int) int {
	n := s.net
	ln := &n.lanes[l]
	o := n.oncoming(l)
	if ln.rank != 0 || o < 0 || ln.entry || ln.trap || len(ln.in) == 0 || len(ln.out) == 0 ||
		ln.path.minRadius() < straightRadius || ln.approach < 0 || n.approaches[ln.approach].kind == approachStop {
		return -1
	}
	ol := &n.lanes[o]
	if ol.from != ln.to || ol.to != ln.from || ln.from < 0 || ln.to < 0 {
		return -1
	}
	p, _ := ln.path.at(ln.path.length() / 2)
	if d := distTo(ol.path.pts, p); d > medianMax {
		return -1
	}
	return o
}

// medianInto reports whether lane d is one beside which the rogue may
// drive the wrong way across a median (medianLanes).
func (s *sim) medianInto(d int) bool {
	ms := s.medianLanes()
	return ms != nil && ms[d] >= 0
}

// slowTo is the most acceleration at speed v that still lets the
// driver come down to top within dist metres slowing at turnDecel, as
// for a turn: none while it is that far off, the braking that does it
// once it is not.
func slowTo(v, top, dist float64) float64 {
	if v <= top || v*v < top*top+2*turnDecel*dist {
		return math.Inf(1)
	}
	return -(v*v - top*top) / (2 * max(dist, 1))
}

// medianChance starts the wrong-way act across a median, the rogue just
// having entered the way into such a lane (see above).
func (s *sim) medianChance() bool {
	r := &s.rogue
	v := &s.veh[r.vi]
	ms := s.medianLanes()
	if ms == nil || !v.onMove || v.s > medianEnter || v.v > actSpeed+1 {
		return false
	}
	n := s.net
	m := &n.moves[v.seg]
	d := m.to
	o := ms[d]
	if o < 0 || !s.medianClear(v, d, o) {
		return false
	}
	at, ok := s.medianArrive(v, d)
	if !ok {
		return false
	}
	p, _ := n.lanes[d].path.at(0)
	r.cur, r.lane, r.opp, r.median, r.arrive = actWrongWay, d, o, true, at
	r.width, r.from = distTo(n.lanes[o].path.pts, p), v.s
	n.lanes[o].closed = true
	return true
}

// medianClear reports whether the rogue (v, on its way into lane d) can
// drive the wrong way along oncoming lane o now: nobody on o, on the
// ways into it or promised room there, nobody just gone from it into
// the junction, and nobody on d or on another way into it (d's end is
// medianArrive's).
func (s *sim) medianClear(v *vehicle, d, o int) bool {
	n := s.net
	ol, dl := &n.lanes[o], &n.lanes[d]
	if len(ol.veh) > 0 || ol.committed > 0 || len(dl.veh) > 0 {
		return false
	}
	for _, m := range ol.in {
		if n.moves[m].holders > 0 || len(n.moves[m].veh) > 0 {
			return false
		}
	}
	for _, m := range ol.out {
		for _, j := range n.moves[m].veh {
			if s.veh[j].s < mouthClear {
				return false
			}
		}
	}
	for _, m := range dl.in {
		for _, j := range n.moves[m].veh {
			if j != s.rogue.vi {
				return false
			}
		}
	}
	return true
}

// medianArrive returns when the rogue (v, on its way into lane d) is to
// reach d's end, where a light must let it through without a stop: it
// must never stand on O (the check's wrong-way stretch would end there,
// and a second begin as it pulls away). Of the times it can make, from
// driving d as fast as it may (soonest, and medianSpare) to driving it
// at medianSlow, the first with the light green from medianGreen before
// to medianGreen after, before the run's end; false if none. At one
// fixed pace the act wanted its arrival in a 6 s window of each of
// Town06's 32 s cycles (the green is 12 s, the margins take 6), one
// chance in five; at a pace it keeps to the time chosen (medianSpeed),
// no slower than medianSlow, the times it can make on roads 33 and 54
// (82 m and 63 m) span 30 s and 23 s, nearly a whole cycle on road 33
// (at 3 m/s, 17 s and 12 s: Town06's plan 25, with its lead car,
// roguelead.go, then staged four, no off-lane). 0 and true where d's
// end has no light: it drives as the others do.
func (s *sim) medianArrive(v *vehicle, d int) (float64, bool) {
	n := s.net
	dl := &n.lanes[d]
	if n.approaches[dl.approach].kind != approachLight {
		return 0, true
	}
	drift := max(n.moves[v.seg].path.length()-v.s, 0) / actSpeed
	soonest := s.t + drift + fastest(dl.path.length(), actSpeed, rogueDrive*dl.speed) + medianSpare
	latest := s.t + drift + dl.path.length()/medianSlow
	for at := soonest; at <= latest && at+medianGreen < s.rogue.last; at += medianStep {
		if s.greenAround(dl.approach, at) {
			return at, true
		}
	}
	return 0, false
}

// greenAround reports whether approach a's light is green from
// medianGreen before t to medianGreen after (a green is longer than
// that, so three looks do).
func (s *sim) greenAround(a int, t float64) bool {
	for _, u := range [...]float64{t - medianGreen, t, t + medianGreen} {
		if s.net.signalOf(a, u).state != recorder.LightGreen {
			return false
		}
	}
	return true
}

// fastest is the least time to drive length metres starting and ending
// at speed v0, speeding up at accMax and slowing at turnDecel, at most
// top.
func fastest(length, v0, top float64) float64 {
	up, down := 1/(2*accMax), 1/(2*turnDecel)
	if (top*top-v0*v0)*(up+down) <= length {
		cruise := length - (top*top-v0*v0)*(up+down)
		return (top-v0)/accMax + (top-v0)/turnDecel + cruise/top
	}
	peak := math.Sqrt(v0*v0 + length/(up+down))
	return (peak-v0)/accMax + (peak-v0)/turnDecel
}

// medianSpeed is the most acceleration that keeps the rogue, against O
// along d, to its time at d's end (rogue.arrive): the pace that gets it
// there then, no slower than medianSlow, braking no harder than
// comfortable.
func (s *sim) medianSpeed(v *vehicle) float64 {
	r := &s.rogue
	if r.arrive <= 0 {
		return math.Inf(1)
	}
	pace := max(s.remains(v)/max(r.arrive-s.t, s.dt), medianSlow)
	return max(accMax*(1-math.Pow(v.v/pace, 4)), -comfBrake)
}

// medianAfter places the rogue beside its path during the act across a
// median and follows the fault: drifting left over the first junction's
// way (from where it decided), O's width left along D, drifting back
// over the way out of D; the fault is the stretch on D at the check's
// wrong-way speed.
func (s *sim) medianAfter(v *vehicle) {
	r := &s.rogue
	n := s.net
	switch {
	case v.onMove && n.moves[v.seg].to == r.lane: // drifting onto O
		span := max(n.moves[v.seg].path.length()-r.from, 1)
		f, df := smooth((v.s - r.from) / span)
		v.lat, v.latRate = r.width*f, r.width*df*v.v/span
	case !v.onMove && v.seg == r.lane: // against O
		v.lat = r.width
	case v.onMove && n.moves[v.seg].from == r.lane: // drifting back
		span := max(n.moves[v.seg].path.length(), 1)
		f, df := smooth(v.s / span)
		v.lat, v.latRate = r.width*(1-f), -r.width*df*v.v/span
	default: // on the next lane: back
		s.spanWhile(false, true)
		return
	}
	s.spanWhile(!v.onMove && v.seg == r.lane && v.v >= limitWrong, false)
}

// smooth is a smooth step from 0 to 1 over x in [0, 1] and its slope.
func smooth(x float64) (f, df float64) {
	x = min(max(x, 0), 1)
	return x * x * (3 - 2*x), 6 * x * (1 - x)
}

// medianPlace returns where an eager plan's rogue starts to head for a
// wrong-way act across a median beside lane d: on the lane into the
// junction at its start, up to a run-up before its end, or on the lane
// before that (on Town06 the lanes into the median lanes are turnaround
// loops, and the lanes into those roll to a stop sign, turnaround.go),
// drawn among the places startStep apart with nobody within startClear;
// false if d is no such lane or none is clear. At the start of Town06's
// run a car stood within that of the run-up on both loops, and a plan
// that started at the first clear place ran as every other that did.
func (s *sim) medianPlace(d int, hl float64) (lane int, at float64, ok bool) {
	ms := s.medianLanes()
	if ms == nil || ms[d] < 0 {
		return 0, 0, false
	}
	n := s.net
	var places []start
	l := d
	for range medianBack {
		if len(n.lanes[l].in) == 0 {
			break
		}
		l = n.moves[n.lanes[l].in[0]].from
		ln := &n.lanes[l]
		for at := max(ln.path.length()-hl-rogueRunUp, hl+2); at >= hl+2 && !ln.entry && !ln.trap; at -= startStep {
			if s.clear(l, at, hl, startClear) {
				places = append(places, start{l, at})
			}
		}
	}
	if len(places) == 0 {
		return 0, 0, false
	}
	p := places[s.rogue.rng.IntN(len(places))]
	return p.lane, p.at, true
}

// medianEdge reports whether lane l is the leftmost lane of a side with
// a median on its left, on a town whose two-way roads are all divided
// (medianLanes): its road's oncoming lane is more than medianOff across.
// The off-lane act there may drift left, into the median, as it drifts
// right onto the kerb elsewhere: on Town06 the rogue's other acts keep
// it on leftmost lanes (the wrong-way across a median begins on the way
// into one, and the turnaround's stop sign before it is best rolled
// through from one, turnaround.go), and the ways keep to their side of
// a road, so a rightmost lane was a lane class away. Beside the median
// the nearest lane is the oncoming one, 8 m off: the drift crosses no
// lane and comes near no car.
func (s *sim) medianEdge(l int) bool {
	if s.medianLanes() == nil || s.net.lanes[l].rank != 0 {
		return false
	}
	o := s.net.oncoming(l)
	if o < 0 {
		return false
	}
	p, _ := s.net.lanes[l].path.at(s.net.lanes[l].path.length() / 2)
	return distTo(s.net.lanes[o].path.pts, p) > medianOff
}

// driftFirst reports whether the rogue, on a lane beside a median
// (medianEdge) to a stop sign, should leave the roll through it unarmed
// for now: its off-lane is still to be staged, and the lane ahead of its
// front has room for the drift, the rest after it and the roll's run-up.
// Armed up to 70 m before the line, the roll took the lane before the
// drift could (on Town06 the plans that started before the turnaround's
// stop sign, turnaround.go, staged the roll and no off-lane).
func (s *sim) driftFirst(v *vehicle, front float64) bool {
	r := &s.rogue
	return !r.done[actOffLane] && s.medianEdge(v.seg) && s.actLane(actOffLane, v.seg) &&
		front > actRoom(2*driftRamp+driftHold)+actSpeed*rogueRest+limitStopAt+rollRunUp
}
