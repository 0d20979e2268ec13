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
//
// On an OpenDRIVE map, the light actors that stand at none of the map's
// lights (all of them on a map without signals, such as the 2019
// editions of CARLA's Town03 and Town05) are tied to the junction
// entries they govern by their place and facing (EntryLights), among
// the entries with no light of the map's; so a key here may name an end
// whose HasLight is false.
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
	matched := make(map[int32]bool, len(match))
	for i, mt := range match {
		if mt.Actor >= 0 {
			out[keys[i]] = mt.Actor
			matched[mt.Actor] = true
		}
	}
	if o, ok := a.Map.(*OpenDRIVE); ok {
		a.placeRest(o, matched, out)
	}
	return out
}

// placeRest adds to out the entries that the placed light actors not in
// matched govern by the place rule.
func (a *Association) placeRest(o *OpenDRIVE, matched map[int32]bool, out map[EndKey]int32) {
	var poses []LightPose
	var index []int32
	for i := range a.Lights {
		if l := &a.Lights[i]; l.Placed() && !matched[int32(i)] {
			poses = append(poses, LightPose{Pos: l.Pos, Yaw: l.Yaw})
			index = append(index, int32(i))
		}
	}
	if len(poses) == 0 {
		return
	}
	for k, i := range o.EntryLights(poses, func(k EndKey) bool { return o.End(k.Road, k.AtStart).HasLight }) {
		out[k] = index[i]
	}
}
