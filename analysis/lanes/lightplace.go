package lanes

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/mm2carla/viewer/scene"
)

// The place rule: which junction entry a traffic light governs, from
// where it stands and which way it faces, for maps that do not say (the
// 2019 editions of CARLA's Town03 and Town05 have no signals).
//
// A CARLA traffic light faces the traffic it governs: the heading of its
// signal, 90 degrees counter-clockwise of the recorded actor's yaw (see
// opendrive.Road.SignalPose), is that traffic's direction of travel. It
// stands on that traffic's right, either at the near side of the
// junction, a few metres before the stop line (Town01, Town02), or at
// the far side, across the junction (the towns with American poles:
// Town04, Town06, Town07, Town10HD). So a light governs an entry whose
// direction is the light's, whose lanes the light stands to the right of
// (or not far left of, where the road bends), and which is either just
// ahead of the light (near side) or the nearest behind it (far side).
// One light governs every lane of its entry.
//
// Which side a map's lights stand is voted: a light that has a candidate
// of only one kind votes for that kind, and lights with both take the
// winner's. A near-side light whose road back to the previous junction
// is short has a far-side candidate there too, and a far-side light
// before a short road to the next junction a near-side one; the vote is
// what tells them apart. CARLA's towns use one kind throughout.

// LightPose is a traffic light actor as the place rule needs it.
type LightPose struct {
	Pos mgl64.Vec3
	Yaw float64 // as recorded: degrees counter-clockwise from +X
}

// SignalLight is where the light actor of a traffic-light signal stands
// and how it is turned: at the signal's pose, its yaw 90 degrees
// clockwise of the signal's heading (each of Town01's 36 light actors,
// scene's TestTown01SignalsOnLights).
func SignalLight(sg *scene.NetSignal) LightPose {
	return LightPose{Pos: sg.Pos, Yaw: scene.WrapDegrees(sg.Yaw - 90)}
}

// Limits of the place rule, metres and degrees. They hold every
// signalled light of CARLA's towns but a few (see the agreement test).
const (
	placeTurn     = 35.0 // the light's heading within this of the entry's direction
	placeLeft     = 8.0  // the light at most this far left of the entry's inner edge
	placeRight    = 20.0 // and at most this far right of its outer edge
	placeNearBack = 15.0 // a near-side light at most this far before the stop line
	placeNearOver = 3.0  // or this far past it
	placeFarMax   = 60.0 // a far-side light at most this far past the stop line (Town04's widest junction: 54 m)
)

// lightCandidates are the best entry of each kind for one light.
type lightCandidates struct {
	near, far         int // indices into the entries, -1 when none
	nearCost, farCost float64
}

// candidates finds a light's best near-side and far-side entries: the
// near one closest along the road to the light, the far one whose stop
// line is nearest behind it.
func candidates(ents []junctionEntry, l LightPose) lightCandidates {
	c := lightCandidates{near: -1, far: -1, nearCost: math.Inf(1), farCost: math.Inf(1)}
	for i := range ents {
		a, ok := ents[i].beside(l)
		if !ok {
			continue
		}
		switch {
		case a >= -placeNearBack && a <= placeNearOver:
			if cost := math.Abs(a); cost < c.nearCost {
				c.near, c.nearCost = i, cost
			}
		case a > placeNearOver && a <= placeFarMax:
			if a < c.farCost {
				c.far, c.farCost = i, a
			}
		}
	}
	return c
}

// beside reports whether a pose faces the entry's traffic (its heading
// within placeTurn of the entry's direction) and stands beside its
// lanes (at most placeLeft left of the inner edge and placeRight right
// of the outer one), and how far it stands along the entry's direction
// from the stop line (negative: before it).
func (e *junctionEntry) beside(l LightPose) (float64, bool) {
	h := (l.Yaw + 90) * math.Pi / 180
	if (mgl64.Vec2{math.Cos(h), math.Sin(h)}).Dot(e.dir) < math.Cos(placeTurn*math.Pi/180) {
		return 0, false
	}
	v := l.Pos.Vec2().Sub(e.inner.Vec2())
	r := v.Dot(mgl64.Vec2{e.dir[1], -e.dir[0]})
	if r < -placeLeft || r > e.width()+placeRight {
		return 0, false
	}
	return v.Dot(e.dir), true
}

// width is the entry's width across its lanes.
func (e *junctionEntry) width() float64 { return e.outer.Vec2().Sub(e.inner.Vec2()).Len() }

// placed is the place rule's answer for one light: the index of the
// entry it governs (-1: none) and how far it stands from where the rule
// expects it, along the road, to choose between lights of one entry.
type placed struct {
	entry int
	cost  float64
}

// placeLights applies the place rule to each light.
func placeLights(ents []junctionEntry, lights []LightPose) []placed {
	cs := make([]lightCandidates, len(lights))
	nearVotes, farVotes := 0, 0
	for i, l := range lights {
		cs[i] = candidates(ents, l)
		switch {
		case cs[i].near >= 0 && cs[i].far < 0:
			nearVotes++
		case cs[i].far >= 0 && cs[i].near < 0:
			farVotes++
		}
	}
	out := make([]placed, len(lights))
	for i, c := range cs {
		switch {
		case c.near >= 0 && (c.far < 0 || nearVotes >= farVotes):
			out[i] = placed{c.near, c.nearCost}
		case c.far >= 0:
			out[i] = placed{c.far, c.farCost}
		default:
			out[i] = placed{-1, math.Inf(1)}
		}
	}
	return out
}

// EntryLights ties traffic lights to the junction entries they govern by
// the place rule (see LightPose): for each entry that governs, the index
// in lights of its light. Where several lights govern one entry (CARLA
// puts a second light on some wide roads) the one standing where the
// rule expects wins, the first on a tie; one light shows the state of all.
// Entries for which skip is true (those whose light the map names) are
// left out; skip may be nil.
func (o *OpenDRIVE) EntryLights(lights []LightPose, skip func(EndKey) bool) map[EndKey]int32 {
	var ents []junctionEntry
	for _, e := range o.junctionEntries() {
		if skip == nil || !skip(e.key) {
			ents = append(ents, e)
		}
	}
	out := map[EndKey]int32{}
	best := make([]float64, len(ents))
	for i, pl := range placeLights(ents, lights) {
		if pl.entry < 0 {
			continue
		}
		k := ents[pl.entry].key
		if _, taken := out[k]; !taken || pl.cost < best[pl.entry] {
			out[k], best[pl.entry] = int32(i), pl.cost
		}
	}
	return out
}
