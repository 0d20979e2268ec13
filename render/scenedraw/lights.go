package scenedraw

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/mm2carla/viewer/format/recorder"
	"github.com/mm2carla/viewer/render"
	"github.com/mm2carla/viewer/scene"
)

// MatchRadius is how close, in metres on the ground, a recorded traffic
// light actor must be to a map light for the map light to show the
// recorded state. Heights are ignored: CARLA places a light actor at the
// foot of its pole while the map stores the lamp.
const MatchRadius = 5.0

// cellKey is a cell of the light grid, MatchRadius metres square.
type cellKey struct{ x, y int32 }

// lightGrid buckets map lights by cell so that matching a recorded light
// looks at nine cells instead of every light of the map.
type lightGrid map[cellKey][]int32

func cellOf(x, y float64) cellKey {
	return cellKey{clampCell(x / MatchRadius), clampCell(y / MatchRadius)}
}

// clampCell maps a coordinate to a cell index, keeping NaN and huge
// values inside int32.
func clampCell(v float64) int32 {
	v = math.Floor(v)
	switch {
	case !(v > -1e9): // also NaN
		return -1e9
	case v > 1e9:
		return 1e9
	}
	return int32(v)
}

func newLightGrid(ls []mapLight) lightGrid {
	g := make(lightGrid)
	for i, l := range ls {
		k := cellOf(l.origin[0], l.origin[1])
		g[k] = append(g[k], int32(i))
	}
	return g
}

// nearMapLight reports whether a map light stands within MatchRadius of
// p on the ground.
func (c *mapCache) nearMapLight(p mgl64.Vec3) bool {
	k := cellOf(p[0], p[1])
	for dy := int32(-1); dy <= 1; dy++ {
		for dx := int32(-1); dx <= 1; dx++ {
			for _, li := range c.grid[cellKey{k.x + dx, k.y + dy}] {
				o := c.lights[li].origin
				if math.Hypot(o[0]-p[0], o[1]-p[1]) <= MatchRadius {
					return true
				}
			}
		}
	}
	return false
}

// lightStates is the per-frame result of matching: the recorded state
// shown by each map light, if any. Its buffers are reused.
type lightStates struct {
	state []recorder.LightState
	has   []bool
	dist  []float64
}

// match finds, for every map light, the nearest recorded light actor
// within MatchRadius and takes its state.
func (ls *lightStates) match(c *mapCache, st *scene.State) {
	n := len(c.lights)
	ls.state = resize(ls.state, n)
	ls.has = resize(ls.has, n)
	ls.dist = resize(ls.dist, n)
	clear(ls.has)
	if st == nil || n == 0 {
		return
	}
	for i := range st.Actors {
		a := &st.Actors[i]
		if a.TrafficLight == nil {
			continue
		}
		p := a.World.Location
		k := cellOf(p[0], p[1])
		for dy := int32(-1); dy <= 1; dy++ {
			for dx := int32(-1); dx <= 1; dx++ {
				for _, li := range c.grid[cellKey{k.x + dx, k.y + dy}] {
					o := c.lights[li].origin
					d := math.Hypot(o[0]-p[0], o[1]-p[1])
					if d > MatchRadius || (ls.has[li] && d >= ls.dist[li]) {
						continue
					}
					ls.state[li], ls.has[li], ls.dist[li] = a.TrafficLight.State, true, d
				}
			}
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

// resize returns s with length n, reusing its storage when it can.
func resize[T any](s []T, n int) []T {
	if cap(s) >= n {
		return s[:n]
	}
	return make([]T, n)
}
