package demo

import "math"

// Two movements of an intersection conflict when a vehicle on one could
// touch a vehicle on the other. That is decided once, before simulating,
// by sweeping the largest vehicle's box (plus a margin) along each
// movement, from where its front reaches the stop line to where its rear
// has left the intersection, and testing every pose of one against every
// pose of the other. Movements that share their arriving or departing
// lane always conflict (the followers in a lane are kept apart by car
// following instead). At run time a vehicle may only pass its stop line
// holding its movement, and no vehicle may take a movement while a
// vehicle on a conflicting one is still short of where it clears it: the
// point on its way beyond which its box never again meets the other's
// swept area. So a car turning left blocks the oncoming lanes only until
// it has crossed them, not for its whole turn. Two ways into one lane
// are taken one behind the other instead: a vehicle may take its way
// once every vehicle holding the other is far enough ahead of it on the
// way to the lane's start, and then follows it (free and merging).

// Sweep parameters, metres.
const (
	sweepStep   = 0.6  // between poses
	sweepMargin = 0.35 // added to each half size of the box
	townMargin  = 0.2  // the margin on CARLA's towns (see addConflicts)
	maxPoses    = 400  // per part of a sweep; only absurdly long movements need more
)

// conflict is one movement's conflict with another, m.
type conflict struct {
	m      int32
	theirs float64 // how far along m a vehicle has cleared this movement's way
}

// pose is a box centre and its heading as a unit vector, at arc length s
// along a movement (negative on its arriving lane, beyond its length on
// its departing lane).
type pose struct{ x, y, c, s, at float64 }

// obb is an oriented box in the ground plane: centre, heading, half sizes.
type obb struct {
	x, y, c, s float64
	hl, hw     float64
}

// overlap reports whether two oriented boxes intersect (separating axis
// test on the four edge normals).
func overlap(a, b *obb) bool {
	dx, dy := b.x-a.x, b.y-a.y
	axes := [4][2]float64{{a.c, a.s}, {-a.s, a.c}, {b.c, b.s}, {-b.s, b.c}}
	for _, ax := range axes {
		d := math.Abs(dx*ax[0] + dy*ax[1])
		ra := a.hl*math.Abs(a.c*ax[0]+a.s*ax[1]) + a.hw*math.Abs(-a.s*ax[0]+a.c*ax[1])
		rb := b.hl*math.Abs(b.c*ax[0]+b.s*ax[1]) + b.hw*math.Abs(-b.s*ax[0]+b.c*ax[1])
		if d > ra+rb {
			return false
		}
	}
	return true
}

// sweep is the swept area of one movement.
type sweep struct {
	poses                  []pose
	minX, minY, maxX, maxY float64
}

// sweepOf samples the poses of a vehicle's centre from reach metres
// before the movement (on its arriving lane) to reach metres after it.
func (n *network) sweepOf(m *movement, reach float64) sweep {
	var sw sweep
	add := func(p *path, from, to, base float64) {
		step := max(sweepStep, (to-from)/maxPoses)
		for s := from; s < to+step/2; s += step {
			at := min(s, to)
			pos, h := p.at(at)
			sw.poses = append(sw.poses, pose{pos[0], pos[1], math.Cos(h), math.Sin(h), base + at})
		}
	}
	in, out := &n.lanes[m.from].path, &n.lanes[m.to].path
	add(in, max(in.length()-reach, 0), in.length(), -in.length())
	add(&m.path, 0, m.path.length(), 0)
	add(out, 0, min(reach, out.length()), m.path.length())
	sw.minX, sw.minY = math.Inf(1), math.Inf(1)
	sw.maxX, sw.maxY = math.Inf(-1), math.Inf(-1)
	for _, p := range sw.poses {
		sw.minX, sw.maxX = min(sw.minX, p.x), max(sw.maxX, p.x)
		sw.minY, sw.maxY = min(sw.minY, p.y), max(sw.maxY, p.y)
	}
	return sw
}

// addConflicts fills the conflict lists of every junction's movements
// for boxes of half length hl and half width hw (before the margin).
// On CARLA's towns the margin is smaller: their junctions' ways run
// closer together than the demo city's, and with the city's margin a
// car going straight on kept the left turn from the road beside its
// departing lane waiting until it was 39 m along its 47 m way (Town10HD),
// so that the first car of a lane there could miss its whole green and
// stand past the 30 s the check calls blocked. The boxes are the
// largest vehicle's; the margin still covers half a sweep step.
func (n *network) addConflicts(hl, hw float64) {
	margin := sweepMargin
	if n.fair {
		margin = townMargin
	}
	hl, hw = hl+margin, hw+margin
	reach := hl
	for j := range n.junctions {
		ms := n.junctions[j].moves
		sw := make([]sweep, len(ms))
		for i, m := range ms {
			sw[i] = n.sweepOf(&n.moves[m], reach)
		}
		for a := range ms {
			for b := a + 1; b < len(ms); b++ {
				ma, mb := &n.moves[ms[a]], &n.moves[ms[b]]
				sa, ok := lastMeeting(&sw[a], &sw[b], hl, hw)
				if !ok && ma.from != mb.from && ma.to != mb.to {
					continue
				}
				sb, _ := lastMeeting(&sw[b], &sw[a], hl, hw)
				if ma.to == mb.to {
					// Merging: both lead into one lane (free orders
					// them by the distance to it instead).
					sa, sb = ma.path.length()+reach, mb.path.length()+reach
				}
				ma.conflicts = append(ma.conflicts, conflict{m: int32(ms[b]), theirs: sb})
				mb.conflicts = append(mb.conflicts, conflict{m: int32(ms[a]), theirs: sa})
			}
		}
	}
}

// lastMeeting returns the arc length of the last pose of a that
// overlaps any pose of b, plus one sweep step: beyond it a vehicle on a
// is clear of b's way. It reports false if no pose of a meets b (then the
// arc length is that of a's first pose).
func lastMeeting(a, b *sweep, hl, hw float64) (float64, bool) {
	r := 2 * math.Hypot(hl, hw)
	if len(a.poses) == 0 || a.minX-r > b.maxX || b.minX-r > a.maxX || a.minY-r > b.maxY || b.minY-r > a.maxY {
		return firstAt(a), false
	}
	r2 := r * r
	for i := len(a.poses) - 1; i >= 0; i-- {
		pa := &a.poses[i]
		if pa.x+r < b.minX || pa.x-r > b.maxX || pa.y+r < b.minY || pa.y-r > b.maxY {
			continue
		}
		ba := obb{pa.x, pa.y, pa.c, pa.s, hl, hw}
		for k := range b.poses {
			pb := &b.poses[k]
			dx, dy := pb.x-pa.x, pb.y-pa.y
			if dx*dx+dy*dy > r2 {
				continue
			}
			bb := obb{pb.x, pb.y, pb.c, pb.s, hl, hw}
			if overlap(&ba, &bb) {
				return pa.at + sweepStep, true
			}
		}
	}
	return firstAt(a), false
}

func firstAt(a *sweep) float64 {
	if len(a.poses) == 0 {
		return 0
	}
	return a.poses[0].at
}

// clearsBefore reports whether vi, taking mi from its lane now, would
// clear way mw no later than some car of its own approach already
// holding a way across mw (not one merging with it, which a car on mw
// may follow at once), or within besideSlack of one on another lane:
// while such a one holds it, a car waiting for mw gains nothing, or
// next to nothing, from vi waiting too (see yields). The times assume
// each speeds up at accMax from its speed now, so that one queued
// behind another is counted as clearing sooner than it will, and vi
// goes less often rather than more.
func (s *sim) clearsBefore(vi int32, mi, mw int) bool {
	n := s.net
	v := &s.veh[vi]
	if v.onMove {
		return false
	}
	mine := math.Inf(1)
	for _, c := range n.moves[mw].conflicts {
		if int(c.m) == mi {
			mine = clearTime(c.theirs-(v.s-n.lanes[v.seg].path.length()), v.v)
		}
	}
	if math.IsInf(mine, 1) {
		return false
	}
	for _, c := range n.moves[mw].conflicts {
		m := &n.moves[c.m]
		if m.holders == 0 || int(c.m) == mi || m.to == n.moves[mw].to || n.lanes[m.from].approach != n.lanes[v.seg].approach {
			continue // a merging one is followed, not waited for (see free); another approach's flow is not vi's to judge
		}
		slack := 0.0
		if m.from != v.seg {
			slack = besideSlack
		}
		from := n.lanes[m.from].path.length()
		for _, u := range n.lanes[m.from].veh {
			if w := &s.veh[u]; w.hold == int(c.m) && clearTime(c.theirs-(w.s-from), w.v)+slack >= mine {
				return true
			}
		}
		for _, u := range m.veh {
			if w := &s.veh[u]; clearTime(c.theirs-w.s, w.v)+slack >= mine {
				return true
			}
		}
	}
	return false
}

// besideSlack is how much later (s) than a car beside it (on another
// lane of its approach) already crossing a way a car at its last call
// may clear that way too (see clearsBefore): the one standing at its
// line starts from rest while the one beside it rolls, and that alone
// counted it out. On Town10HD (clean seed 7) a car first at its line
// gave way, for the last 5 s of its green and the yellow, to a left turn
// from the 11 m link across that could not go before the car beside it
// had cleared its way, then waited out the red and stood 35 s, and the
// car behind it 34 s. Any slack of 1-3 s gives the same runs on the
// eight towns' clean seeds 1-10.
const besideSlack = 2.0

// clearTime is how long one at speed v0 takes to cover d metres,
// speeding up at accMax.
func clearTime(d, v0 float64) float64 {
	if d <= 0 {
		return 0
	}
	return (math.Sqrt(v0*v0+2*accMax*d) - v0) / accMax
}
