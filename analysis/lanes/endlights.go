package lanes

import "github.com/go-gl/mathgl/mgl64"

// EndKey names a road end of a Map: the road and which of its ends.
type EndKey struct {
	Road    int
	AtStart bool
}

// EndLights pairs every road end of the association's map that has a
// light with the recorded traffic light actor showing it, by
// LightMatcher's rule: the index in Lights of that actor. Light actors
// do not move, so the fault rules and the window do this once. Without a
// map the result is empty.
func (a *Association) EndLights() map[EndKey]int32 {
	out := map[EndKey]int32{}
	if a.Map == nil {
		return out
	}
	var keys []EndKey
	var origins []mgl64.Vec3
	for r := range a.Map.Roads() {
		for _, atStart := range []bool{true, false} {
			if e := a.Map.End(r, atStart); e.HasLight {
				keys = append(keys, EndKey{r, atStart})
				origins = append(origins, e.Light)
			}
		}
	}
	m := NewLightMatcher(origins)
	match := m.Reset(nil)
	for i := range a.Lights {
		if a.Lights[i].Placed() {
			m.Offer(match, int32(i), a.Lights[i].Pos)
		}
	}
	for i, mt := range match {
		if mt.Actor >= 0 {
			out[keys[i]] = mt.Actor
		}
	}
	return out
}
