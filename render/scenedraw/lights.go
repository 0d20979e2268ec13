package scenedraw

import (
	"github.com/go-gl/mathgl/mgl64"
	"github.com/mm2carla/viewer/analysis/lanes"
	"github.com/mm2carla/viewer/format/recorder"
	"github.com/mm2carla/viewer/render"
	"github.com/mm2carla/viewer/scene"
)

// MatchRadius is how close, in metres on the ground, a recorded traffic
// light actor must be to a map light for the map light to show the
// recorded state: the rule is analysis/lanes' LightMatcher, the one the
// fault rules use.
const MatchRadius = lanes.MatchRadius

// nearMapLight reports whether a map light stands within MatchRadius of
// p on the ground.
func (c *mapCache) nearMapLight(p mgl64.Vec3) bool {
	return c.matcher != nil && c.matcher.Near(p)
}

// lightStates is the per-frame result of matching: the recorded state
// shown by each map light, if any. Its buffers are reused.
type lightStates struct {
	m     []lanes.LightMatch
	state []recorder.LightState
	has   []bool
}

// match finds, for every map light, the nearest recorded light actor
// within MatchRadius and takes its state.
func (ls *lightStates) match(c *mapCache, st *scene.State) {
	n := len(c.lights)
	ls.state = resize(ls.state, n)
	ls.has = resize(ls.has, n)
	clear(ls.has)
	if st == nil || n == 0 || c.matcher == nil {
		return
	}
	ls.m = c.matcher.Reset(ls.m)
	for i := range st.Actors {
		if a := &st.Actors[i]; a.TrafficLight != nil {
			c.matcher.Offer(ls.m, int32(i), a.World.Location)
		}
	}
	for li, m := range ls.m {
		if m.Actor >= 0 {
			ls.state[li], ls.has[li] = st.Actors[m.Actor].TrafficLight.State, true
		}
	}
}

// color returns the colour of map light i: its recorded state's when it
// has one, else its rule's.
func (ls *lightStates) color(c *mapCache, i int32) render.Color {
	if i >= 0 && int(i) < len(ls.has) && ls.has[i] {
		return lightColor(ls.state[i])
	}
	return ruleColor(c.lights[i].rule)
}

// colorSeen is color for a light drawn this frame: the legend notes its
// recorded state as on screen.
func (r *Renderer) lightColorSeen(i int32) render.Color {
	ls := &r.lights
	if i >= 0 && int(i) < len(ls.has) && ls.has[i] {
		r.seen.light(ls.state[i])
	} else if i >= 0 && int(i) < len(r.cache.lights) {
		r.seen.rule(r.cache.lights[i].rule)
	}
	return ls.color(r.cache, i)
}

// resize returns s with length n, reusing its storage when it can.
func resize[T any](s []T, n int) []T {
	if cap(s) >= n {
		return s[:n]
	}
	return make([]T, n)
}
