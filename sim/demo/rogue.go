package demo

import (
	"math"
	"math/rand/v2"

	"github.com/go-gl/mathgl/mgl64"
)

// The demo shows the viewer's fault finding at first start: besides the
// legal traffic and the staged crash, one vehicle (role_name "rogue")
// commits each path fault once. It drives like the others between its
// acts, and each act is staged only where it cannot force anyone else
// into a fault: it drifts onto the kerb side of the rightmost lane
// (off-lane), darts into an empty oncoming lane that nobody may enter
// meanwhile (wrong-way), pulls away from a red light when no crossing
// way is held or about to be (red-light), rolls through a stop sign when
// nobody waits there (stop-sign) and comes up fast behind a slow car with
// nobody close behind itself, braking late (close-call). Each act begins
// when the chance comes, so the times follow from the seed; between acts
// the rogue heads for the nearest place where an act still to be staged
// could be (rogueroute.go), since in the demo's busy traffic it gets
// through only some eight lanes in two minutes. Two acts wait for their
// chance rather than hope to find it: at a light it means to run, the
// rogue stops at the line on green or yellow when red comes within
// redWait, so that it stands first at the line in the second of all red
// (arriving mid-red, it waited behind the crossing flows for a gap that
// seldom came); on a lane to a stop sign it means to roll through it
// hangs back behind the car ahead, so that it comes up to the sign
// first and rolling, and then crawls (slower, never stopping) while
// the crossing ways are taken. Its start and the places it likes follow
// a plan, and a run tries the seed's plans in turn until one stages all
// five (plan.go). The sim writes down when
// each fault happened, for `viewer demo` to print and the tests to find
// again with package analysis/faults.

// StagedFault is a fault the rogue committed on purpose: its kind as
// `viewer check` names it ("off-lane", "wrong-way", "red-light",
// "stop-sign", "close-call"), the rogue's actor id and the span in
// seconds since the recording began, as the check reports it.
type StagedFault struct {
	Kind       string
	Actor      uint32
	Start, End float64
}

// The limits of issue 11's rules at their defaults (analysis/faults'
// Defaults, which sim/demo may not import: that package's tests build
// demos). The rogue's faults are written down by them; TestRogueLimits
// keeps them equal.
const (
	limitOffLane = 1.0  // m from every lane curve
	limitStopAt  = 10.0 // m: the stop-sign rule looks at the speed while the front is this close to the line
	limitTTC     = 1.0  // s: time to collision under this is a close call...
	limitMoving  = 0.5  // m/s: ...both moving at least this fast
	limitWrong   = 1.0  // m/s: the wrong-way rule looks at motion at least this fast
)

// Staging of the rogue's acts.
const (
	rogueFirst     = 3.0   // s: no act before this
	rogueRunUp     = 45.0  // m from the line it starts at, on a lane that ends at a stop sign if it can
	rogueRest      = 2.0   // s between the end of one act and the start of the next
	actSpeed       = 5.0   // m/s: the most the rogue drives during a sideways act
	driftOut       = 1.6   // m: how far right of its lane it drifts (off-lane)
	driftRamp      = 0.6   // s to drift out, and again to come back
	driftHold      = 1.2   // s it stays out
	swerveRamp     = 1.0   // s to cross into the oncoming lane, and back: the gap between lanes takes a third of it
	swerveHold     = 1.6   // s it stays there
	passedGap      = 5.0   // m behind the rogue's rear an oncoming car must be to have passed it
	tailFinal      = 0.6   // m: the bumper gap the late braking aims to end at (close-call)
	tailBrake      = 7.0   // m/s^2 of braking relative to the car ahead, once it brakes
	tailJump       = 3.5   // m/s^2: how hard the rogue pulls away behind it
	tailRoom       = 20.0  // m of lane the car ahead must have before its centre leaves it
	tailBehind     = 25.0  // m: coming up from behind, nobody may follow the rogue closer than this
	tailStart      = 18.0  // m behind a car the rogue starts at, rolling...
	tailNear       = 8.0   // m: ...or as far as the lane allows, but not closer
	tailLane       = 80.0  // m: more lane ahead of a car than this counts no more for starting behind it (a town's 800 m ring road held the rogue for 80 s)
	tailCalm       = 6.0   // s after the close call in which the rogue brakes no harder than comfortable
	tailGiveUp     = 15.0  // s after which a close call that has not come is given up
	redWait        = 8.0   // s: the rogue stops at a light it means to run when red comes within this
	crawlSpeed     = 2.0   // m/s: rolling up to a stop sign, the rogue slows to this while it waits for its gap...
	crawlEnd       = 2.5   // m: ...until this far before the line
	crawlHold      = 6.0   // m: in an eager plan it is down to crawlSpeed this far before crawlEnd
	hangBack       = 14.0  // m more than the usual gap the rogue keeps behind a car on a lane to a stop sign it means to roll through
	rollArm        = 2.5   // m/s: the least speed at which the roll is armed...
	rollRunUp      = 4.0   // m: ...at least this far before where the stop-sign rule starts to look
	rollSpeed      = 1.0   // m/s: the rogue counts a roll through a stop sign only if never slower near the line
	redStand       = 1.0   // s it stands at a red line before pulling away
	redLeft        = 0.3   // s of red at least left when its front will reach the line: six frames, so that the check sees it cross on red
	straightRadius = 500.0 // m: a lane bending no tighter is straight enough for a sideways act
	rogueDrive     = 1.1   // share of the speed limit it keeps to: it speeds a little
	rogueColor     = "255,186,0"
	rogueVehicle   = 7 // vehicleBlueprints index: the Ford Mustang
)

// rogueAct is one of the rogue's acts (0: none under way).
type rogueAct uint8

const (
	actNone rogueAct = iota
	actOffLane
	actWrongWay
	actRedLight
	actStopSign
	actCloseCall
	nActs
)

var actKinds = [nActs]string{actOffLane: "off-lane", actWrongWay: "wrong-way",
	actRedLight: "red-light", actStopSign: "stop-sign", actCloseCall: "close-call"}

// rogue is the rogue's staging state.
type rogue struct {
	on     bool       // the run has a rogue
	vi     int32      // its vehicle, -1 until placed
	rng    *rand.Rand // its own draws, so the others' are those of a clean run until it is placed
	done   [nActs]bool
	cur    rogueAct
	since  float64 // when cur began
	rest   float64 // no act starts before this
	last   float64 // the recording's last frame: no act starts that could not be over by then
	staged []StagedFault

	lane   int     // the act's lane (sideways acts)
	left   bool    // off-lane: it drifts left, into a median (medianEdge)
	opp    int     // wrong-way: the oncoming lane, closed meanwhile
	width  float64 // wrong-way: how far it is (lanes of a side are parallel, so once is enough)
	median bool    // wrong-way: across a median, through a junction (roguemedian.go); lane is then the lane beside which it drives
	from   float64 // wrong-way across a median: where on the way into lane it began to drift
	arrive float64 // wrong-way across a median: when it is to reach lane's end, 0 for any time (medianArrive)

	leader int32      // close-call: the car ahead
	late   bool       // close-call: braking
	minTTC float64    // close-call: the shortest time to collision so far
	calm   float64    // close-call: until then it drops back gently
	minV   float64    // stop-sign: the lowest speed near the line
	span   float64    // start of the fault under way, -1
	tries  [nActs]int // per act: how many lanes the rogue has entered that could host it, while it was still to be staged
	visits []int      // per lane: how often the rogue entered it while it could host an act still to be staged (rogueroute.go)

	medians    []int // per lane, the oncoming lane across a median for the wrong-way act, -1; nil where the swerve has lanes (medianLanes)
	mediansSet bool  // medians is computed

	plan   int         // which of the seed's plans it follows (plan.go); 0 is the first
	focus  [nActs]bool // plans after the first: the kinds the best plan so far missed, whose places count nearer
	liking []float64   // plans after the first, per lane: seconds a place for an act there counts nearer (rogueroute.go)

	shift  laneShift // its lane change (roguelane.go)
	shifts []float64 // when each lane change began
}

// newRogue prepares the rogue of a run: plan 0 draws from the seed
// alone, as before there were plans; each later one from a sub-seed of
// the seed and the plan's number.
func newRogue(on bool, seed int64, plan int) rogue {
	return rogue{on: on, vi: -1, rng: rand.New(rand.NewPCG(uint64(seed), 0x726f677565+uint64(plan))), rest: rogueFirst, span: -1, plan: plan,
		shift: laneShift{lane: -1, to: -1}}
}

// addRogue places the rogue on a lane inside the city with room around
// it, once the others are placed.
func (s *sim) addRogue() {
	n := s.net
	r := &s.rogue
	bp := &vehicleBlueprints[rogueVehicle]
	hl := extentOf(bp)[0]
	if s.rogueAtFocus(bp, hl) || s.rogueBehind(bp, hl) {
		return
	}
	for try := range 8 * seedTries {
		l := r.rng.IntN(len(n.lanes))
		ln := &n.lanes[l]
		if ln.entry || ln.trap || ln.path.length() < 4*hl+20 {
			continue
		}
		at := hl + 4 + r.rng.Float64()*(ln.path.length()-2*hl-20)
		if try < 4*seedTries { // first look for a start before a stop sign, for the roll
			if ln.approach < 0 || !n.approaches[ln.approach].signed || ln.path.length() < rogueRunUp+hl+10 {
				continue
			}
			at = ln.path.length() - hl - rogueRunUp
		}
		if !s.clear(l, at, hl, 10) || len(ln.veh) > 0 && try < 4*seedTries {
			continue
		}
		s.target++ // it comes on top of the traffic
		r.vi = s.addVehicle(l, at, 0, bp, rogueColor, roleRogue)
		s.veh[r.vi].drive = rogueDrive
		s.index()
		return
	}
}

// rogueBehind places the rogue coming up fast behind a car with lane
// enough ahead of it, for the close call; false if there is none with
// room behind it. Of those it picks one that drives and has the most
// lane ahead: one standing mid-lane stands in a queue, which would hold
// the rogue up for its other acts.
func (s *sim) rogueBehind(bp *vehicleBlueprint, hl float64) bool {
	n := s.net
	r := &s.rogue
	best, bestScore := int32(-1), math.Inf(-1)
	for i := range s.veh {
		w := &s.veh[i]
		l := &n.lanes[w.seg]
		room := l.path.length() - w.s
		if w.hero || w.shadow || l.entry || l.trap || w.v == 0 && room < tailRoom+4 || w.v > 0 && room < 45 {
			continue
		}
		at := max(w.s-w.hl-hl-tailStart, hl+2) // as far behind as the lane allows
		if w.s-w.hl-hl-at < tailNear || !s.clear(w.seg, at, hl, 4) {
			continue
		}
		score := min(room, tailLane) - routeAhead*float64(s.queuedAhead(int32(i)))
		if r.plan > 0 { // a later plan starts it behind another car
			score += planStart * r.rng.Float64()
			if r.closeOnly() {
				score += planStartAny * r.rng.Float64()
			}
		}
		if w.v > 0 {
			score += 1000
		}
		if l.approach >= 0 && n.approaches[l.approach].kind == approachStop {
			score -= 2 * routeAhead
		}
		if s.hostsFocus(w.seg) {
			score += 2000
		}
		if score > bestScore {
			best, bestScore = int32(i), score
		}
	}
	if best < 0 {
		return false
	}
	w := &s.veh[best]
	l := &n.lanes[w.seg]
	s.target++
	r.vi = s.addVehicle(w.seg, max(w.s-w.hl-hl-tailStart, hl+2), max(0.6, w.v/l.speed+0.4)*l.speed, bp, rogueColor, roleRogue)
	s.veh[r.vi].drive = rogueDrive
	s.index()
	return true
}

// closeOnly reports whether the plan's focus is the close call alone:
// the best plan so far staged every other kind (see planStartAny).
func (r *rogue) closeOnly() bool {
	for a := actOffLane; a < actCloseCall; a++ {
		if r.focus[a] {
			return false
		}
	}
	return r.focus[actCloseCall]
}

// queuedAhead counts the cars ahead of vi on its lane.
func (s *sim) queuedAhead(vi int32) int {
	k := 0
	for _, j := range s.net.lanes[s.veh[vi].seg].veh {
		if s.veh[j].s > s.veh[vi].s {
			k++
		}
	}
	return k
}

// rogueLook starts an act when its chance has come (red lights are
// decided in rogueGoes, when the rogue stands at one). The close call
// may come before rogueFirst; the roll through a stop sign may be armed
// while the rogue rests after an act, when its fault (from limitStopAt
// before the line) begins after the rest: a stop sign the rogue reaches
// just after an act is one of the few chances it gets.
func (s *sim) rogueLook() {
	r := &s.rogue
	if r.vi < 0 || r.cur != actNone || r.shift.on {
		return
	}
	v := &s.veh[r.vi]
	if !v.alive || v.frozen > s.t {
		return
	}
	early, left := s.t < r.rest, r.last-s.t
	if v.onMove {
		if !early && !r.done[actWrongWay] && s.medianChance() {
			r.since, r.span = s.t, -1
		}
		return
	}
	switch {
	case !r.done[actCloseCall] && (!early || r.rest <= rogueFirst) && left > tailGiveUp && s.tailChance():
	case !early && !r.done[actWrongWay] && left > 2*swerveRamp+swerveHold && s.swerveChance():
	case !early && !r.done[actOffLane] && left > 2*driftRamp+driftHold && s.driftChance():
	case !r.done[actStopSign] && s.rollChance(r.rest, r.last):
	default:
		return
	}
	r.since, r.span, r.lane = s.t, -1, v.seg
}

// note writes down the fault of the act under way, from start to now.
func (r *rogue) note(s *sim, start float64) {
	r.done[r.cur] = true
	r.staged = append(r.staged, StagedFault{Kind: actKinds[r.cur], Actor: s.veh[r.vi].id, Start: start, End: s.t})
}

// end finishes the act under way; a fault that happened is written down.
func (r *rogue) end(s *sim, happened bool, start float64) {
	if happened {
		r.note(s, start)
	}
	if r.cur == actWrongWay {
		s.net.lanes[r.opp].closed = false
	}
	r.cur, r.rest, r.span, r.median = actNone, s.t+rogueRest, -1, false
}

// remains is how far the rogue's front is from the end of its lane.
func (s *sim) remains(v *vehicle) float64 { return s.net.lanes[v.seg].path.length() - v.s - v.hl }

// roomFor reports whether a sideways act of secs seconds at up to
// actSpeed ends well before the rogue must brake for its line, or for
// the car ahead even if that stopped at once, on a straight lane
// (beside a bend the offset would change its speed, which the
// recording's velocities do not follow).
func (s *sim) roomFor(v *vehicle, secs float64) bool {
	if s.net.lanes[v.seg].path.minRadius() < straightRadius {
		return false
	}
	need := actRoom(secs)
	gap, _ := s.leader(s.rogue.vi)
	return v.v >= 3 && s.remains(v) >= need && gap-jamGap >= need
}

// rogueAfter moves the rogue sideways for its act after every vehicle
// has moved, and notes when the fault begins and ends, by the rules of
// package analysis/faults at their default thresholds.
func (s *sim) rogueAfter() {
	r := &s.rogue
	if r.vi < 0 {
		return
	}
	v := &s.veh[r.vi]
	if !v.alive {
		return
	}
	v.lat, v.latRate = 0, 0
	tau := s.t - r.since
	switch r.cur {
	case actOffLane:
		out := -driftOut
		if r.left {
			out = driftOut // into the median (medianEdge)
		}
		v.lat, v.latRate = sideways(tau, driftRamp, driftHold, out)
		s.spanWhile(math.Abs(v.lat) > limitOffLane, tau > 2*driftRamp+driftHold)
	case actWrongWay:
		if r.median {
			s.medianAfter(v)
			break
		}
		v.lat, v.latRate = sideways(tau, swerveRamp, swerveHold, r.width)
		s.spanWhile(v.lat > r.width/2, tau > 2*swerveRamp+swerveHold)
	case actRedLight:
		if v.onMove || s.remains(v) <= 0 {
			r.end(s, true, s.t)
		}
	case actStopSign:
		s.rollAfter(v)
	case actCloseCall:
		s.tailAfter(v)
	case actNone:
		s.shiftAfter(v)
	}
	if v.onMove && (r.cur == actOffLane || r.cur == actWrongWay && !r.median) {
		r.end(s, false, 0) // cannot happen: the act ends on its lane (roomFor)
	}
}

// spanWhile follows a fault that holds while on is true, writes it down
// when it is over, and ends the act once the move is.
func (s *sim) spanWhile(on, over bool) {
	r := &s.rogue
	switch {
	case on && r.span < 0 && !r.done[r.cur]:
		r.span = s.t
	case !on && r.span >= 0:
		r.note(s, r.span)
		r.span = -1
	}
	if over {
		r.end(s, false, 0)
	}
}

// rollAfter follows the roll through a stop sign: the stop-sign rule's
// span runs from the first frame with the front within limitStopAt of the
// line to the frame the front passes it.
func (s *sim) rollAfter(v *vehicle) {
	r := &s.rogue
	front := 0.0
	if !v.onMove {
		front = s.remains(v)
	}
	if front <= limitStopAt {
		if r.span < 0 {
			r.span = s.t
		}
		r.minV = min(r.minV, v.v)
	}
	if front <= 0 {
		r.end(s, r.minV >= rollSpeed, r.span)
	}
}

// tailAfter follows the close call: the span of frames whose time to
// collision with the car ahead is under the threshold, both moving.
func (s *sim) tailAfter(v *vehicle) {
	r := &s.rogue
	w := &s.veh[r.leader]
	if !w.alive || w.onMove || v.onMove || w.seg != v.seg {
		r.end(s, r.span >= 0 && r.minTTC < limitTTC, r.span)
		return
	}
	g := w.s - v.s - v.hl - w.hl
	rel := v.v - w.v
	on := rel > 0 && v.v >= limitMoving && w.v >= limitMoving && g/rel < limitTTC
	if on {
		r.minTTC = min(r.minTTC, g/rel)
	}
	switch {
	case on && r.span < 0:
		r.span = s.t
	case !on && r.span >= 0:
		r.end(s, true, r.span)
		r.calm = s.t + tailCalm
	case !on && (r.late && rel <= 0.2 || s.t-r.since > tailGiveUp):
		r.end(s, false, 0)
		r.calm = s.t + tailCalm
	}
}

// sideways returns the lateral offset (m, + left) and its rate at tau
// seconds into a move out to width over ramp seconds, held for hold,
// and back: a smooth step each way.
func sideways(tau, ramp, hold, width float64) (lat, rate float64) {
	step := func(x float64) (float64, float64) {
		x = min(max(x, 0), 1)
		return x * x * (3 - 2*x), 6 * x * (1 - x) / ramp
	}
	switch {
	case tau < ramp:
		f, df := step(tau / ramp)
		return width * f, width * df
	case tau < ramp+hold:
		return width, 0
	}
	f, df := step((tau - ramp - hold) / ramp)
	return width * (1 - f), -width * df
}

// rogueLeft is the ground direction to the left of a heading (radians).
func rogueLeft(yaw float64) mgl64.Vec3 { return mgl64.Vec3{-math.Sin(yaw), math.Cos(yaw), 0} }
