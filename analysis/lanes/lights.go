package lanes

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
)

// MatchRadius is how close, in metres on the ground, a recorded traffic
// light actor must be to a map light for the map light to show that
// actor's state. Heights are ignored: CARLA places a light actor at the
// foot of its pole, while a map stores the lamp.
const MatchRadius = 5.0

// LightMatcher pairs a map's lights (a road end's light position, say)
// with the traffic-light actors of a recording: each map light shows the
// nearest actor within MatchRadius on the ground, the first offered
// winning a tie. The rule is written once here, for the fault rules and
// the drawing of lights alike.
//
// Matching allocates nothing: the caller keeps a []LightMatch, Reset
// clears it before each round and Offer considers one actor, looking at
// the map lights of one grid cell. A matcher is safe for concurrent use.
type LightMatcher struct {
	origins []mgl64.Vec3
	g       *grid
}

// LightMatch is the actor a map light shows after a round of Offers.
type LightMatch struct {
	Actor int32   // the caller's number for the actor; -1 when none is near
	Dist  float64 // its ground distance, m
}

// NewLightMatcher makes a matcher for the map lights at origins (in the
// order the caller numbers them).
func NewLightMatcher(origins []mgl64.Vec3) *LightMatcher {
	boxes := make([]box, len(origins))
	for i, o := range origins {
		boxes[i] = pointBox(o).grow(MatchRadius)
	}
	return &LightMatcher{origins: origins, g: newGrid(boxes, MatchRadius)}
}

// Lights returns the number of map lights.
func (m *LightMatcher) Lights() int { return len(m.origins) }

// Reset returns dst with one LightMatch a map light, none matched,
// reusing dst's storage when it is large enough.
func (m *LightMatcher) Reset(dst []LightMatch) []LightMatch {
	if cap(dst) >= len(m.origins) {
		dst = dst[:len(m.origins)]
	} else {
		dst = make([]LightMatch, len(m.origins))
	}
	for i := range dst {
		dst[i] = LightMatch{Actor: -1}
	}
	return dst
}

// Offer considers a light actor, numbered actor by the caller, standing
// at p: every map light within MatchRadius of p whose match so far is
// farther (or missing) takes it. dst must come from Reset.
func (m *LightMatcher) Offer(dst []LightMatch, actor int32, p mgl64.Vec3) {
	for _, i := range m.g.cell(p) {
		o := m.origins[i]
		d := math.Hypot(o[0]-p[0], o[1]-p[1])
		if d > MatchRadius || (dst[i].Actor >= 0 && d >= dst[i].Dist) {
			continue
		}
		dst[i] = LightMatch{Actor: actor, Dist: d}
	}
}

// Near reports whether a map light stands within MatchRadius of p on the
// ground: a recorded light actor there is drawn as the map's light, not
// as a box of its own.
func (m *LightMatcher) Near(p mgl64.Vec3) bool {
	for _, i := range m.g.cell(p) {
		o := m.origins[i]
		if math.Hypot(o[0]-p[0], o[1]-p[1]) <= MatchRadius {
			return true
		}
	}
	return false
}
