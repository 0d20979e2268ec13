package demo

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/mm2carla/viewer/format/bai"
	"github.com/mm2carla/viewer/scene"
)

// Where the recorded vehicles are on the map, worked out from the
// recording and the map alone (the checks never look at the simulation's
// own lanes or movements): the road and lane each vehicle is on in each
// frame, and the ways vehicles take from one road to the next.

// place is where a vehicle's centre is in one frame: on a lane of a
// road, or (road -1) inside an intersection or off the map.
type place struct {
	road  int
	sideB bool
	lane  int        // index in the side's Lanes
	dist  float64    // from that lane curve, m (+Inf on a road without lanes)
	dir   mgl64.Vec3 // the lane's direction there, in the ground plane
}

// on reports whether the place is on a road.
func (p place) on() bool { return p.road >= 0 }

// locator finds places on a map.
type locator struct {
	m     *scene.Map
	boxes []roadBox
}

func newLocator(m *scene.Map) *locator {
	l := &locator{m: m, boxes: make([]roadBox, len(m.Roads))}
	for i := range m.Roads {
		l.boxes[i] = boxOfRoad(&m.Roads[i])
	}
	return l
}

// locate returns the place of q: the nearest lane curve of the road q is
// on (see onRoad).
func (l *locator) locate(q mgl64.Vec3) place {
	pl := place{road: -1, dist: math.Inf(1)}
	for r := range l.m.Roads {
		road := &l.m.Roads[r]
		if !l.boxes[r].has(q) || !onRoad(road, q) {
			continue
		}
		if pl.road < 0 {
			pl.road = r
		}
		for si, side := range [2]*scene.Side{&road.SideA, &road.SideB} {
			for k, c := range side.Lanes {
				if d, seg, _ := polyDist(c, q); d < pl.dist {
					pl = place{road: r, sideB: si == 1, lane: k, dist: d, dir: flat(c[seg+1].Sub(c[seg]))}
				}
			}
		}
	}
	return pl
}

// point is one frame of a vehicle's track.
type point struct {
	frame int // index in replay.frames
	s     sample
	at    place
}

// tracks returns every vehicle's points in frame order, located on m.
// It is worked out once per replay.
func (rp *replay) tracks(m *scene.Map) map[uint32][]point {
	if rp.trackMap == m && rp.trackCache != nil {
		return rp.trackCache
	}
	loc := newLocator(m)
	out := map[uint32][]point{}
	for fi := range rp.frames {
		for _, s := range rp.frames[fi].poses {
			if rp.isVehicle(s.id) && !rp.isRogue(s.id) {
				out[s.id] = append(out[s.id], point{frame: fi, s: s, at: loc.locate(s.loc)})
			}
		}
	}
	rp.trackMap, rp.trackCache = m, out
	return out
}

// passage is one way a vehicle took from one road to the next: from its
// last point on a road (out) to its first point on the next (in), which
// may be the same road's other side after a U-turn.
type passage struct {
	veh     uint32
	out, in int // indices in the vehicle's track
}

// passages lists the passages of one track.
func passages(id uint32, tr []point) []passage {
	var ps []passage
	last := -1 // last point on a road
	for i, p := range tr {
		if !p.at.on() {
			continue
		}
		if last >= 0 {
			q := tr[last].at
			if q.road != p.at.road || q.sideB != p.at.sideB || i > last+1 {
				ps = append(ps, passage{veh: id, out: last, in: i})
			}
		}
		last = i
	}
	return ps
}

// arriving returns the end of road r that traffic on the given side
// drives towards: side B drives Start -> End, side A End -> Start.
func arriving(m *scene.Map, r int, sideB bool) *scene.RoadEnd {
	if sideB {
		return &m.Roads[r].End
	}
	return &m.Roads[r].Start
}

// departing returns the end of road r that traffic on the given side
// comes from.
func departing(m *scene.Map, r int, sideB bool) *scene.RoadEnd {
	return arriving(m, r, !sideB)
}

// endLine is a road end's line across the road: its centre point and
// the unit direction out of the road through it.
func endLine(m *scene.Map, r int, atEnd bool) (at, out mgl64.Vec3) {
	c := m.Roads[r].Centre
	at, before := c[0], c[1]
	if atEnd {
		at, before = c[len(c)-1], c[len(c)-2]
	}
	out = flat(at.Sub(before))
	return at, out.Mul(1 / out.Len())
}

// Controls of a road end, as the BAI format defines them.
const (
	controlStop  = iota // stop sign or always stop: a full stop first
	controlLight        // a working traffic light
	controlFree         // never stop
)

// controlOf returns how traffic arriving at the end of road r on the
// given side is regulated. Lights work only where every road end at the
// intersection has the light rule; anywhere else the game treats them
// as stop signs.
func controlOf(m *scene.Map, r int, sideB bool) int {
	e := arriving(m, r, sideB)
	if e.Intersection < 0 || e.Intersection >= len(m.Intersections) {
		return controlFree // nothing to give way to
	}
	switch e.Rule {
	case bai.RuleNeverStop:
		return controlFree
	case bai.RuleTrafficLight:
		if !e.HasLight {
			return controlStop
		}
		for _, o := range m.Intersections[e.Intersection].Roads {
			for _, oe := range [2]*scene.RoadEnd{&m.Roads[o].Start, &m.Roads[o].End} {
				if oe.Intersection == e.Intersection && oe.Rule != bai.RuleTrafficLight {
					return controlStop
				}
			}
		}
		return controlLight
	}
	return controlStop
}

// turnOf returns the heading change of a passage in degrees, positive
// turning left (counter-clockwise seen from above).
func turnOf(tr []point, p passage) float64 {
	return math.Mod(tr[p.in].s.rot.Yaw-tr[p.out].s.rot.Yaw+540, 360) - 180
}

// polyGap returns the least ground-plane distance from a vertex of one
// polyline to the other polyline.
func polyGap(a, b []mgl64.Vec3) float64 {
	d := math.Inf(1)
	for _, pair := range [2][2][]mgl64.Vec3{{a, b}, {b, a}} {
		for _, p := range pair[0] {
			g, _, _ := polyDist(pair[1], p)
			d = min(d, g)
		}
	}
	return d
}
