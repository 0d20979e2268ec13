package demo

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
)

// The rogue's lane changes, on CARLA's towns. The demo's cars keep their
// lane, and on a town like Town05, a grid of two-lane sides, a right lane
// leads only to right lanes and a left lane only to left lanes: off-lane
// wants the rightmost lane and the wrong-way swerve the leftmost, so a
// rogue that staged one reached a place for the other a minute later, if
// at all. So between its acts the rogue, and only the rogue, may move
// across to the lane beside its own on the same side when the route
// search (rogueroute.go) finds the nearest place for an act still to be
// staged sooner from there: it signals, and once there is room in that
// lane ahead of it and behind it, it switches to the lane at once (its
// place along it mapped across) and blends the sideways offset from
// where it was to the lane's centre over shiftTime, as the swerve blends
// its offset. The check (analysis/faults) counts reaching the adjacent
// lane of the same side within its LaneChangeTime as a lane change, not
// a fault. The demo city keeps its traffic as it was (only on towns,
// network.fair), and so do the towns where the lane class is no problem:
// the rogue looks for another lane only while one of the two acts at a
// side's edge is staged and the other is not (shiftWanted), and only for
// a place within shiftHorizon. Looking whenever another lane led sooner
// to any act, Town04's first plan changed lanes at 5 s, which changed
// the focus of the plans after it, and none of its 32 plans staged all
// five (it does with plan 3 of 4 without lane changes); looking only
// for a lane-class act it changed lanes at 32 s, with the same result.

// Lane change constants.
const (
	shiftTime    = 3.0  // s the move across takes
	shiftGain    = 15.0 // s the nearest place for an act must come sooner from the other lane
	shiftAhead   = 12.0 // m of bumper gap at least to the car ahead in the other lane, plus 1.2 s of the rogue's speed
	shiftBehind  = 10.0 // m of bumper gap at least to the car behind in it, plus 2 s of its speed
	shiftEvery   = 0.5  // s between looks for room
	shiftHorizon = 60.0 // s: a place for an act farther than this from the other lane is no reason to move
)

// laneShift is the rogue's lane change: wanted, then under way.
type laneShift struct {
	lane   int     // the lane whose wish is below (-1: none looked at yet)
	to     int     // the lane it wants to move to, -1
	look   float64 // next time it looks for room
	on     bool    // moving across
	since  float64 // when it began
	width  float64 // the offset (m, + left) from the new lane it began at
	blinkL bool    // signals left, else right

	afterClose bool // a lead car's start (roguelead.go): the move waits for the close call
}

// adjacentLane returns the lane beside l on its side (rank l's rank+d)
// between the same junctions, -1 if none.
func (s *sim) adjacentLane(l, d int) int {
	n := s.net
	ln := &n.lanes[l]
	for i := range n.lanes {
		c := &n.lanes[i]
		if c.road == ln.road && c.sideB == ln.sideB && c.rank == ln.rank+d && c.from == ln.from && c.to == ln.to {
			return i
		}
	}
	return -1
}

// shiftWish returns the lane beside l the rogue would rather drive:
// the route search from it finds the nearest place for an act still to
// be staged at least shiftGain sooner than from l; -1 if none.
func (s *sim) shiftWish(l int) int {
	r := &s.rogue
	var wanted []rogueAct
	for _, a := range []rogueAct{actOffLane, actWrongWay} { // the acts that want a lane of a side's edge
		if !r.done[a] {
			wanted = append(wanted, a)
		}
	}
	wanted = s.focused(wanted)
	for _, a := range wanted {
		if s.actLane(a, l) {
			return -1 // its own lane could host one
		}
	}
	if len(wanted) == 0 {
		return -1
	}
	here, _ := s.routeSearch(l, wanted)
	pick, best := -1, here-shiftGain
	for _, d := range []int{-1, 1} {
		o := s.adjacentLane(l, d)
		if o < 0 || s.net.lanes[o].trap || s.net.lanes[o].closed {
			continue
		}
		c, _ := s.routeSearch(o, wanted)
		for _, a := range wanted { // the other lane itself may host one
			if s.actLane(a, o) {
				c = min(c, s.t+s.actCost(a, o, s.t))
			}
		}
		if c < best && c-s.t < shiftHorizon && c < r.last {
			pick, best = o, c
		}
	}
	return pick
}

// shiftAfter runs the rogue's lane change after every vehicle has moved,
// between its acts: it decides on entering a lane whether it wants the
// one beside, starts across when there is room, and sets the sideways
// offset while it moves.
func (s *sim) shiftAfter(v *vehicle) {
	r := &s.rogue
	sh := &r.shift
	if !s.net.fair {
		return
	}
	if sh.on {
		tau := s.t - sh.since
		if tau >= shiftTime || v.onMove {
			sh.on = false
			return
		}
		lat, rate := sideways(tau+shiftTime, shiftTime, 0, sh.width) // the way back of a move out to width
		v.lat, v.latRate = lat, rate
		return
	}
	if v.onMove {
		return
	}
	if sh.lane != v.seg { // the wish is decided on entering the lane
		sh.lane, sh.to, sh.look = v.seg, -1, s.t
		if s.shiftWanted() {
			sh.to = s.shiftWish(v.seg)
		}
	}
	if sh.to < 0 || r.cur != actNone || s.t < sh.look || sh.afterClose && !r.done[actCloseCall] && s.t < tailGiveUp {
		return
	}
	sh.look = s.t + shiftEvery
	if s.shiftRoom(v, sh.to) {
		s.shiftStart(v, sh.to)
	}
}

// shiftWanted reports whether the rogue may look for another lane now:
// between acts, once the close call is staged (it wants the car ahead
// the rogue was placed behind, rogueBehind), and while just one of the
// acts at a side's edge is (off-lane on the rightmost lane, wrong-way on
// the leftmost): the other is then a lane class away.
func (s *sim) shiftWanted() bool {
	r := &s.rogue
	return r.cur == actNone && r.done[actCloseCall] && r.done[actOffLane] != r.done[actWrongWay]
}

// shiftRoom reports whether the rogue can move across to lane o now: it
// has left the junction behind, holds no way on, has lane enough left for
// the move and its braking, and the cars in o keep their gaps to it.
func (s *sim) shiftRoom(v *vehicle, o int) bool {
	n := s.net
	if v.prev >= 0 || v.hold >= 0 || v.v < 2 {
		return false
	}
	need := v.v*shiftTime + v.v*v.v/(2*stopDecel) + 5
	if s.remains(v) < need {
		return false
	}
	here, _ := n.lanes[v.seg].path.at(v.s)
	at, _ := projectOn(&n.lanes[o].path, here)
	for _, j := range n.lanes[o].veh {
		u := &s.veh[j]
		g := math.Abs(u.s-at) - u.hl - v.hl
		if u.s >= at && g < shiftAhead+1.2*v.v || u.s < at && g < shiftBehind+2*u.v {
			return false
		}
	}
	for _, m := range n.lanes[o].in { // nobody about to come out of the junction behind
		for _, j := range n.moves[m].veh {
			u := &s.veh[j]
			if n.moves[m].path.length()-u.s+at-v.hl-u.hl < shiftBehind+2*u.v {
				return false
			}
		}
	}
	return n.lanes[o].path.length()-at-v.hl >= need
}

// shiftStart moves the rogue onto lane o where it is, offset to where it
// was, and chooses its way on from o's end (shiftRoom made sure it held
// no way on from its old lane).
func (s *sim) shiftStart(v *vehicle, o int) {
	r := &s.rogue
	here, _ := s.net.lanes[v.seg].path.at(v.s)
	at, lat := projectOn(&s.net.lanes[o].path, here)
	r.shift = laneShift{lane: o, to: -1, on: true, since: s.t, width: lat, blinkL: lat < 0}
	r.shifts = append(r.shifts, s.t)
	v.seg, v.s = o, at
	v.lat = lat
	for i := range s.net.lanes { // a claim made for the old lane's way on is spent (claimRoom)
		if s.net.lanes[i].claim == r.vi {
			s.net.lanes[i].claim = -1
		}
	}
	s.index()
	v.next = s.chooseNext(r.vi, o)
	s.rogue.shift.lane = o // chooseNext may not change it, but the wish is spent
}

// shiftBlink reports the blinker the rogue shows while it changes lanes
// (turnStraight when it does not).
func (s *sim) shiftBlink(v *vehicle) int {
	if !v.rogue || !s.rogue.shift.on {
		return turnStraight
	}
	if s.rogue.shift.blinkL {
		return turnLeft
	}
	return turnRight
}

// projectOn returns where on p the ground point pt lies: the length
// along p of its nearest point and pt's offset from there (m, + left).
func projectOn(p *path, pt mgl64.Vec3) (at, lat float64) {
	best := math.Inf(1)
	q := flat(pt)
	for i := 0; i+1 < len(p.pts); i++ {
		a, b := flat(p.pts[i]), flat(p.pts[i+1])
		d := b.Sub(a)
		t := 0.0
		if l2 := d.Dot(d); l2 > 0 {
			t = min(max(q.Sub(a).Dot(d)/l2, 0), 1)
		}
		off := q.Sub(a.Add(d.Mul(t)))
		if dist := off.Len(); dist < best {
			best, at = dist, p.cum[i]+t*(p.cum[i+1]-p.cum[i])
			lat = dist
			if d[0]*off[1]-d[1]*off[0] < 0 {
				lat = -dist
			}
		}
	}
	return at, lat
}
