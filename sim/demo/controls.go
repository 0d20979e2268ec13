package demo

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/mm2carla/viewer/format/bai"
	"github.com/mm2carla/viewer/scene"
)

// How each intersection is controlled, read from its road ends: which
// approaches have working lights and in which phase, where the light and
// stop-sign actors stand.

// addApproaches records every connected road end, its lanes, rule,
// light and sign, and decides which intersections have working lights:
// those where every road end has the light rule and a light exists (the
// game treats lights anywhere else as stop signs).
func (n *network) addApproaches(m *scene.Map) {
	type key struct {
		road  int
		atEnd bool
	}
	index := map[key]int{}
	for j, in := range m.Intersections {
		seen := map[int]bool{}
		for _, r := range in.Roads {
			if r < 0 || seen[r] {
				continue
			}
			seen[r] = true
			road := &m.Roads[r]
			for _, atEnd := range [2]bool{false, true} {
				e := &road.Start
				if atEnd {
					e = &road.End
				}
				if e.Intersection != j {
					continue
				}
				a := approach{junction: j, road: r, atEnd: atEnd, kind: approachStop}
				if e.Rule == bai.RuleNeverStop {
					a.kind = approachFree
				}
				a.signed = e.Rule == bai.RuleStopSign || e.Rule == bai.RuleAlwaysStop
				a.dir = intoJunction(m, &a)
				index[key{r, atEnd}] = len(n.approaches)
				n.junctions[j].approaches = append(n.junctions[j].approaches, len(n.approaches))
				n.approaches = append(n.approaches, a)
			}
		}
	}
	for i := range n.lanes {
		l := &n.lanes[i]
		if l.to < 0 {
			continue
		}
		// Side B arrives at the road's End, side A at its Start.
		a, ok := index[key{l.road, l.sideB}]
		if !ok {
			l.to = -1 // the intersection does not list the road: treat as a free end
			continue
		}
		l.approach = a
		n.approaches[a].lanes = append(n.approaches[a].lanes, i)
	}
	for j := range n.junctions {
		n.addControls(m, j)
	}
}

// addControls places the lights and signs of junction j and, where its
// lights work, groups its approaches into phases (addPhases).
func (n *network) addControls(m *scene.Map, j int) {
	jn := &n.junctions[j]
	working, lit := true, false
	for _, a := range jn.approaches {
		ap := &n.approaches[a]
		e := endOf(&m.Roads[ap.road], ap.atEnd)
		working = working && e.Rule == bai.RuleTrafficLight
		lit = lit || e.HasLight
	}
	working = working && lit
	for _, a := range jn.approaches {
		ap := &n.approaches[a]
		road := &m.Roads[ap.road]
		e := endOf(road, ap.atEnd)
		if e.HasLight && sane(e.LightOrigin) {
			d := e.LightTarget.Sub(e.LightOrigin)
			n.lights = append(n.lights, lightPost{pos: e.LightOrigin, yaw: math.Atan2(d[1], d[0]) * 180 / math.Pi, approach: a})
			if working {
				ap.kind = approachLight
			}
		}
		if ap.kind == approachStop && len(ap.lanes) > 0 {
			n.addSign(road, ap)
		}
	}
	if working {
		n.addPhases(j, opposite)
	}
}

// opposite is the most a lit approach's direction may agree with another
// one's (the cosine of the angle between them) for the two to share a
// phase: they must arrive from nearly opposite sides.
const opposite = -0.85

// addPhases groups the lit approaches of junction j into phases, in the
// intersection's road order: an approach and the one arriving from the
// opposite side go green together, as at a real crossing. Their straight
// and right-turn ways never cross; a left turn crosses the oncoming flow
// and, like every way through, is only taken when no vehicle holds a way
// it crosses, so it goes in a gap. Any other approach gets a phase of its
// own.
func (n *network) addPhases(j int, opposite float64) {
	jn := &n.junctions[j]
	for _, a := range jn.approaches {
		n.approaches[a].phase = -1
	}
	for _, a := range jn.approaches {
		ap := &n.approaches[a]
		if ap.kind != approachLight || ap.phase >= 0 {
			continue
		}
		ap.phase = jn.phases
		into := ap.dir
		best, most := -1, opposite
		for _, b := range jn.approaches {
			bp := &n.approaches[b]
			if bp.kind != approachLight || bp.phase >= 0 {
				continue
			}
			if d := into.Dot(bp.dir); d < most {
				best, most = b, d
			}
		}
		if best >= 0 {
			n.approaches[best].phase = jn.phases
		}
		jn.phases++
	}
}

// intoJunction returns the ground direction, as a unit vector, in which
// a road arrives at the intersection of approach ap.
func intoJunction(m *scene.Map, ap *approach) mgl64.Vec3 {
	c := m.Roads[ap.road].Centre
	if len(c) < 2 {
		return mgl64.Vec3{}
	}
	d := c[0].Sub(c[1])
	if ap.atEnd {
		d = c[len(c)-1].Sub(c[len(c)-2])
	}
	return unit(flat(d))
}

// addSign puts a stop sign on the kerb to the right of the arriving
// traffic, at the road end.
func (n *network) addSign(road *scene.Road, ap *approach) {
	kerb := road.SideA.SidewalkInner
	if ap.atEnd {
		kerb = road.SideB.SidewalkInner
	}
	if len(kerb) == 0 {
		return
	}
	pos := kerb[0]
	if ap.atEnd {
		pos = kerb[len(kerb)-1]
	}
	l := &n.lanes[ap.lanes[0]]
	h := l.path.heading(true)
	if !sane(pos) {
		return
	}
	n.signs = append(n.signs, signPost{pos: pos, yaw: math.Atan2(-h[1], -h[0]) * 180 / math.Pi})
}

func endOf(r *scene.Road, atEnd bool) *scene.RoadEnd {
	if atEnd {
		return &r.End
	}
	return &r.Start
}
