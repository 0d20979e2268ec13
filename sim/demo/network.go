package demo

import (
	"cmp"
	"math"
	"slices"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/mm2carla/viewer/analysis/lanes"
	"github.com/mm2carla/viewer/scene"
)

// network is the drivable graph read from a map: lanes in driving order,
// and at each intersection the movements that join an arriving lane to a
// departing one. Everything here is fixed for the whole run; the few
// fields that change while simulating are marked.
type network struct {
	lanes      []lane
	moves      []movement
	approaches []approach
	junctions  []junction
	lights     []lightPost
	signs      []signPost
	walks      []sidewalk
	endKeys    []lanes.EndKey // per approach on an OpenDRIVE map: its road end (odrnet.go)
	fair       bool           // claims of room in short lanes (claimRoom): on towns only, so the demo city runs as it did
	heroFar    bool           // on a town: the hero starts far enough before its first red light to stop for it (heroRun)
	centre     mgl64.Vec3     // middle of the map, for the spectator
	radius     float64        // half the map's diagonal
}

// lane is one lane curve of one side of a road, in driving order.
type lane struct {
	road     int
	sideB    bool // side B (drives Start -> End), else side A
	rank     int  // 0 is the leftmost lane of its side
	nLanes   int  // lanes on this side
	path     path
	from, to int       // intersection at the entry and exit end, -1 for a free end
	speed    float64   // speed limit, m/s
	bends    []float64 // per segment of path: the speed for the bends ahead (path.bends)
	enterV   float64   // highest speed to enter at: for its bends, and to slow for any way on from a short lane
	approach int       // approach at the exit end, -1 when to is -1
	out      []int     // movements from this lane's end
	in       []int     // movements into this lane's start
	entry    bool      // traffic may appear at its start (a free end)
	trap     bool      // every way on from here leaves the map

	veh       []int32 // simulated: vehicles whose centre is on the lane
	committed float64 // simulated: length promised to vehicles granted a movement into it
	closed    bool    // simulated: nobody may enter (the rogue drives against it, see rogue.go)
	claim     int32   // simulated, on a town: the impatient vehicle next in turn to enter (see claimRoom), -1
}

// exit reports whether vehicles leave the map at the lane's end.
func (l *lane) exit() bool { return len(l.out) == 0 }

// approachKind is how traffic arriving at a road end is regulated.
type approachKind uint8

const (
	approachFree  approachKind = iota // never stop: priority road
	approachStop                      // full stop, then first come, first served
	approachLight                     // a working traffic light
)

// approach is one connected road end: the lanes arriving there, its rule
// and, at a working light, its phase.
type approach struct {
	junction int
	road     int
	atEnd    bool // the road's End (section n-1), else its Start
	kind     approachKind
	phase    int  // phase index at a working light
	signed   bool // the map's rule is a stop sign or always stop (not a light that does not work)
	lanes    []int
	dir      mgl64.Vec3 // the ground direction, as a unit vector, in which the road arrives
	blind    bool       // on a town, a red run here goes unseen (runRoad)
}

// junction is an intersection with its movements and, for working
// lights, the phase cycle.
type junction struct {
	approaches []int
	moves      []int
	phases     int     // working lights: one phase per lit approach; 0 otherwise
	offset     float64 // seconds the cycle is advanced by

	queue []int32 // simulated: vehicles stopped at stop lines, in arrival order
}

// movement is one way through an intersection: a cubic Bezier from the
// end of an arriving lane to the start of a departing one.
type movement struct {
	junction  int
	from, to  int // lanes
	path      path
	turn      int        // -1 right, 0 straight, +1 left, 2 U-turn
	vmax      float64    // comfortable speed through the turn
	conflicts []conflict // other movements whose swept area overlaps this one's

	holders int     // simulated: vehicles allowed in
	veh     []int32 // simulated: vehicles whose centre is on the movement
}

// lightPost is a traffic-light actor at a road end's light origin.
type lightPost struct {
	pos      mgl64.Vec3
	yaw      float64 // degrees, facing the light target
	approach int
}

// signPost is a stop-sign actor on the kerb of a stop approach.
type signPost struct {
	pos mgl64.Vec3
	yaw float64
}

// Turn classes of a movement.
const (
	turnRight    = -1
	turnStraight = 0
	turnLeft     = 1
	turnU        = 2
)

// Driving constants.
const (
	cityLimit   = 12.5 // m/s, about 45 km/h, at BaseSpeed 15
	lateralAcc  = 2.2  // m/s^2 sideways in turns and bends
	minTurnV    = 2.5  // m/s
	turnAngle   = 35 * math.Pi / 180
	uTurnAngle  = 150 * math.Pi / 180
	bezierStep  = 1.0 // metres between Bezier samples
	maxBezierPt = 64
	maxMoves    = 256 // per intersection; retail ones have a few dozen
	longestHalf = 3.0 // m, at least the half length of the longest vehicle
)

// newNetwork reads the drivable graph of m.
func newNetwork(m *scene.Map) *network {
	n := &network{junctions: make([]junction, len(m.Intersections))}
	n.addLanes(m)
	n.addApproaches(m)
	for j := range n.junctions {
		n.addMovements(j)
	}
	n.addEntrySpeeds()
	n.markTraps()
	n.addWalks(m)
	if lo, hi := m.Bounds(); sane(lo) && sane(hi) {
		n.centre = lo.Add(hi).Mul(0.5)
		n.radius = hi.Sub(lo).Len() / 2
	}
	return n
}

// addLanes turns every lane curve into a lane, ranked left to right.
func (n *network) addLanes(m *scene.Map) {
	for r := range m.Roads {
		road := &m.Roads[r]
		speed := cityLimit
		if b := road.BaseSpeed; b >= 5 && b <= 40 {
			speed = cityLimit * min(max(b/15, 0.6), 1.2)
		}
		for _, sideB := range [2]bool{false, true} {
			side, from, to := &road.SideA, road.End.Intersection, road.Start.Intersection
			if sideB {
				side, from, to = &road.SideB, road.Start.Intersection, road.End.Intersection
			}
			first := len(n.lanes)
			for _, c := range side.Lanes {
				p := newPath(c)
				if !p.ok() {
					continue
				}
				n.lanes = append(n.lanes, lane{road: r, sideB: sideB, path: p, from: from, to: to, speed: speed,
					bends: p.bends(lateralAcc, turnDecel, minTurnV), approach: -1, entry: from < 0})
			}
			n.rank(n.lanes[first:], road.Centre)
		}
	}
}

// rank orders the lanes of one side from left to right by their offset
// from the centre line, measured from the geometry rather than trusted.
func (n *network) rank(ls []lane, centre []mgl64.Vec3) {
	off := make([]float64, len(ls))
	for i := range ls {
		p := &ls[i].path
		mid := p.pts[len(p.pts)/2]
		_, h := p.at(p.cum[len(p.pts)/2])
		right := mgl64.Vec3{math.Sin(h), -math.Cos(h), 0}
		c := nearest(centre, mid)
		off[i] = mid.Sub(c).Dot(right)
	}
	order := make([]int, len(ls))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(off[a], off[b]) })
	for rank, i := range order {
		ls[i].rank = rank
		ls[i].nLanes = len(ls)
	}
}

// nearest returns the point of pts nearest q (q itself if pts is empty).
func nearest(pts []mgl64.Vec3, q mgl64.Vec3) mgl64.Vec3 {
	best, bd := q, math.Inf(1)
	for _, p := range pts {
		if d := p.Sub(q).Len(); d < bd {
			best, bd = p, d
		}
	}
	return best
}

// addEntrySpeeds sets each lane's enterV: a vehicle entering faster
// could not take the lane's first bends, or could not slow down in time
// for the sharpest way on at its end, and the lane may be too short to
// find out after choosing one. The longest vehicle's front reaches the
// end longestHalf before its centre.
func (n *network) addEntrySpeeds() {
	for i := range n.lanes {
		l := &n.lanes[i]
		l.enterV = l.path.bendLimit(l.bends, 0, turnDecel)
		room := max(l.path.length()-longestHalf, 0)
		for _, m := range l.out {
			vm := n.moves[m].vmax
			l.enterV = min(l.enterV, math.Sqrt(vm*vm+2*turnDecel*room))
		}
	}
}

// markTraps marks the lanes from which every way leads out of the map,
// which the hero avoids: exits, and lanes whose movements all end in
// traps, found by repeating until nothing changes.
func (n *network) markTraps() {
	for i := range n.lanes {
		n.lanes[i].trap = n.lanes[i].exit()
	}
	for changed := true; changed; {
		changed = false
		for i := range n.lanes {
			l := &n.lanes[i]
			if l.trap {
				continue
			}
			all := true
			for _, m := range l.out {
				all = all && n.lanes[n.moves[m].to].trap
			}
			if all {
				l.trap, changed = true, true
			}
		}
	}
}
