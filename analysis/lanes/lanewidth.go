package lanes

import (
	"math"
	"slices"

	"github.com/go-gl/mathgl/mgl64"
)

// What the leaderboard's criteria (analysis/leaderboard) ask of an
// OpenDRIVE map beyond the Map interface: the lanes' widths, which CARLA's
// waypoints carry and the lane curves do not.

// EntryLane is one driving lane entering a junction at a road end: where
// CARLA's red-light criterion puts a light's stop line for that lane.
type EntryLane struct {
	Lane  LaneRef
	Point mgl64.Vec3 // the lane's centre at the road end: its last point before the junction
	Dir   mgl64.Vec3 // unit direction of travel there, on the ground
	Width float64    // the lane's width there (m)
}

// EntryLanes returns the driving lanes of the end's lane section whose
// traffic moves into the junction at road end k; none when k leads into
// no junction or is a junction's own road.
func (o *OpenDRIVE) EntryLanes(k EndKey) []EntryLane {
	rn := o.net
	if k.Road < 0 || k.Road >= len(rn.Roads) {
		return nil
	}
	rd := &rn.Roads[k.Road]
	link := rd.End
	if k.AtStart {
		link = rd.Start
	}
	if rd.Junction >= 0 || link.Junction < 0 || len(rd.Lanes) == 0 {
		return nil
	}
	sec := rn.Lanes[rd.Lanes[len(rd.Lanes)-1]].Section
	if k.AtStart {
		sec = rn.Lanes[rd.Lanes[0]].Section
	}
	var out []EntryLane
	for _, li := range rd.Lanes {
		l := &rn.Lanes[li]
		n := len(l.Center)
		if l.Section != sec || l.Type != "driving" || l.Forward == k.AtStart || n < 2 {
			continue
		}
		at, before := n-1, n-2
		if k.AtStart {
			at, before = 0, 1
		}
		d := l.Center[at].Sub(l.Center[before])
		d[2] = 0
		if d.Len() == 0 {
			continue
		}
		id := l.ID
		if id < 0 {
			id = -id
		}
		side := SideA
		if l.Forward {
			side = SideB
		}
		out = append(out, EntryLane{Lane: LaneRef{Road: int32(k.Road), Side: side, Lane: uint8(min(id-1, math.MaxUint8))},
			Point: l.Center[at], Dir: d.Normalize(), Width: groundDist(l.Inner[at], l.Outer[at])})
	}
	return out
}

// NearestCentre returns the ground distance from p to the centre line of
// the nearest lane of one of the given types ("driving", "parking": the
// file's words) and that lane's width at its nearest point, among the
// lanes of the ordinary roads with a driving lane within reach m of p;
// false when there is none.
func (o *OpenDRIVE) NearestCentre(p mgl64.Vec3, reach float64, types ...string) (dist, width float64, ok bool) {
	rn := o.net
	var roads [8]int32
	seen := roads[:0]
	var buf [8]LaneHit
	dist = math.Inf(1)
	for _, h := range o.LanesNear(p, reach, buf[:0]) {
		if slices.Contains(seen, h.Lane.Road) {
			continue
		}
		seen = append(seen, h.Lane.Road)
		for _, li := range rn.Roads[h.Lane.Road].Lanes {
			l := &rn.Lanes[li]
			if !slices.Contains(types, l.Type) {
				continue
			}
			for k := 0; k+1 < len(l.Center); k++ {
				// A segment whose box is no nearer than the best found
				// cannot be strictly nearer: skipped without a square
				// root (a whole road's centre is scanned a sample).
				a, b := &l.Center[k], &l.Center[k+1]
				dx := max(min(a[0], b[0])-p[0], p[0]-max(a[0], b[0]), 0)
				dy := max(min(a[1], b[1])-p[1], p[1]-max(a[1], b[1]), 0)
				if dx*dx+dy*dy > dist*dist {
					continue
				}
				d, t := segDist(a.Vec2(), b.Vec2(), p.Vec2())
				if d < dist {
					w0, w1 := groundDist(l.Inner[k], l.Outer[k]), groundDist(l.Inner[k+1], l.Outer[k+1])
					dist, width, ok = d, w0+(w1-w0)*t, true
				}
			}
		}
	}
	return dist, width, ok
}

func groundDist(a, b mgl64.Vec3) float64 { return math.Hypot(a[0]-b[0], a[1]-b[1]) }
