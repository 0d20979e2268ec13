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
// holding its movement, and no two vehicles hold conflicting movements.

// Sweep parameters, metres.
const (
	sweepStep   = 0.6  // between poses
	sweepMargin = 0.35 // added to each half size of the box
	maxPoses    = 400  // per part of a sweep; only absurdly long movements need more
)

// pose is a box centre and its heading as a unit vector.
type pose struct{ x, y, c, s float64 }

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
	add := func(p *path, from, to float64) {
		step := max(sweepStep, (to-from)/maxPoses)
		for s := from; s < to+step/2; s += step {
			pos, h := p.at(min(s, to))
			sw.poses = append(sw.poses, pose{pos.X, pos.Y, math.Cos(h), math.Sin(h)})
		}
	}
	in, out := &n.lanes[m.from].path, &n.lanes[m.to].path
	add(in, max(in.length()-reach, 0), in.length())
	add(&m.path, 0, m.path.length())
	add(out, 0, min(reach, out.length()))
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
func (n *network) addConflicts(hl, hw float64) {
	hl, hw = hl+sweepMargin, hw+sweepMargin
	reach := hl
	radius := math.Hypot(hl, hw)
	for j := range n.junctions {
		ms := n.junctions[j].moves
		sw := make([]sweep, len(ms))
		for i, m := range ms {
			sw[i] = n.sweepOf(&n.moves[m], reach)
		}
		for a := range ms {
			for b := a + 1; b < len(ms); b++ {
				ma, mb := &n.moves[ms[a]], &n.moves[ms[b]]
				if ma.from == mb.from || ma.to == mb.to || sweepsMeet(&sw[a], &sw[b], hl, hw, radius) {
					ma.conflicts = append(ma.conflicts, int32(ms[b]))
					mb.conflicts = append(mb.conflicts, int32(ms[a]))
				}
			}
		}
	}
}

// sweepsMeet reports whether any pose of a overlaps any pose of b.
func sweepsMeet(a, b *sweep, hl, hw, radius float64) bool {
	r := 2 * radius
	if a.minX-r > b.maxX || b.minX-r > a.maxX || a.minY-r > b.maxY || b.minY-r > a.maxY {
		return false
	}
	r2 := r * r
	for i := range a.poses {
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
				return true
			}
		}
	}
	return false
}
