package scenedraw

import (
	"math"
	"strconv"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/mm2carla/viewer/analysis/lanes"
	"github.com/mm2carla/viewer/format/bai"
	"github.com/mm2carla/viewer/render"
	"github.com/mm2carla/viewer/scene"
)

// mapCache is a map's static geometry in world space, built once by
// SetMap: smoothed curves at several levels of detail, ribbon widths,
// direction arrows, stop lines, traffic lights and bounding boxes for
// culling. Frames only read it.
type mapCache struct {
	m       *scene.Map
	roads   []roadGeom
	inters  []interGeom
	lights  []mapLight
	matcher *lanes.LightMatcher // matches recorded lights to c.lights
	bounds  render.AABB
	groundZ float64 // the level the grid is drawn at: the intersections' mean height
	cb      curveBuilder
}

// Side indices into the per-side arrays.
const (
	sideA = 0 // drives End -> Start
	sideB = 1 // drives Start -> End
)

// ribbon is a ground strip: its centre curve and its width in metres.
type ribbon struct {
	c     curve
	width float64
}

// roadGeom is one road's drawable geometry.
type roadGeom struct {
	box       render.AABB // everything below, for frustum culling
	whole     ribbon      // the full width, sidewalks included (low zoom)
	surface   ribbon      // the carriageway between the kerbs
	centre    curve
	walks     [2]ribbon // sidewalk surfaces (width 0: none)
	kerbs     [2]curve  // SidewalkInner
	outer     [2]curve  // SidewalkOuter
	walkLines []curve   // sidewalk centre curves
	lanes     []lane
	arrows    []arrow
	trams     []track
	trains    []track
	stops     []stopLine
}

type lane struct {
	c    curve
	side uint8
}

// arrow is a direction-of-travel arrow lying on a lane.
type arrow struct {
	tail, dir mgl64.Vec3
	side      uint8
}

// stopLine marks where a road end's arriving traffic obeys its rule.
type stopLine struct {
	a, b  mgl64.Vec3
	rule  bai.Rule
	light int32 // index into mapCache.lights, or -1
}

// interGeom is an intersection's disc and label.
type interGeom struct {
	center mgl64.Vec3
	radius float64
	label  string
}

// mapLight is a traffic light of the map (a road end with a light).
type mapLight struct {
	origin, target mgl64.Vec3
	base           mgl64.Vec3 // foot of the pole, on the road's level
	rule           bai.Rule
}

// Drawing sizes, metres.
const (
	arrowSpacing = 15.0
	arrowLength  = 3.0
	arrowWidth   = 1.3
	arrowEndGap  = 4.0 // no arrow this close to a road end
	stopLineBack = 0.6 // stop lines sit this far into the road
	stopLineW    = 0.5
	defaultLane  = 3.5
)

// newMapCache builds the static geometry of m.
func newMapCache(m *scene.Map) *mapCache {
	c := &mapCache{m: m, bounds: render.EmptyAABB()}
	c.roads = make([]roadGeom, len(m.Roads))
	for i := range m.Roads {
		c.roads[i] = c.newRoad(&m.Roads[i])
		c.bounds = c.bounds.Extend(c.roads[i].box.Min).Extend(c.roads[i].box.Max)
	}
	c.inters = make([]interGeom, len(m.Intersections))
	sumZ := 0.0
	for i, in := range m.Intersections {
		r := 0.0
		for _, ri := range in.Roads {
			if ri >= 0 && ri < len(m.Roads) {
				r = max(r, m.Roads[ri].HalfWidth)
			}
		}
		if !(r > 0) {
			r = 5
		}
		ctr := in.Center
		c.inters[i] = interGeom{center: ctr, radius: r, label: "I" + strconv.Itoa(in.ID)}
		c.bounds = c.bounds.Extend(ctr.Sub(mgl64.Vec3{r, r, 0})).Extend(ctr.Add(mgl64.Vec3{r, r, 0}))
		sumZ += ctr[2]
	}
	if len(c.inters) > 0 {
		c.groundZ = sumZ / float64(len(c.inters))
	} else if !c.bounds.IsEmpty() {
		c.groundZ = c.bounds.Min[2]
	}
	origins := make([]mgl64.Vec3, len(c.lights))
	for i, l := range c.lights {
		origins[i] = l.origin
	}
	c.matcher = lanes.NewLightMatcher(origins)
	return c
}

// newRoad builds one road's geometry and registers its lights.
func (c *mapCache) newRoad(r *scene.Road) roadGeom {
	g := roadGeom{centre: c.cb.curve(r.Centre)}
	sides := [2]*scene.Side{&r.SideA, &r.SideB}
	g.surface = c.carriageway(r)
	hw := r.HalfWidth
	if !(hw > 0) || math.IsInf(hw, 0) {
		hw = g.surface.width / 2
	}
	g.whole = ribbon{g.centre, 2 * hw}
	for s, sd := range sides {
		g.kerbs[s] = c.cb.curve(sd.SidewalkInner)
		g.outer[s] = c.cb.curve(sd.SidewalkOuter)
		g.walks[s] = c.between(sd.SidewalkInner, sd.SidewalkOuter)
		for _, w := range sd.Sidewalks {
			g.walkLines = append(g.walkLines, c.cb.curve(w))
		}
		for _, l := range sd.Lanes {
			ln := lane{c: c.cb.curve(l), side: uint8(s)}
			g.arrows = appendArrows(g.arrows, ln.c.fine(), uint8(s))
			g.lanes = append(g.lanes, ln)
		}
		for _, t := range sd.Trams {
			g.trams = append(g.trams, c.newTrack(t))
		}
		for _, t := range sd.Trains {
			g.trains = append(g.trains, c.newTrack(t))
		}
	}
	c.addEnd(&g, r, &r.Start, true)
	c.addEnd(&g, r, &r.End, false)
	g.box = g.bounds()
	return g
}

// bounds is the box around everything the road draws.
func (g *roadGeom) bounds() render.AABB {
	b := render.EmptyAABB()
	widest := max(g.whole.width, g.surface.width) / 2
	b = extend(b, g.whole.c.fine())
	b = extend(b, g.surface.c.fine())
	for s := range 2 {
		b = extend(b, g.kerbs[s].fine())
		b = extend(b, g.outer[s].fine())
	}
	for _, l := range g.lanes {
		b = extend(b, l.c.fine())
	}
	for _, t := range g.trams {
		b = extend(b, t.middle.fine())
	}
	for _, t := range g.trains {
		b = extend(b, t.middle.fine())
	}
	for _, s := range g.stops {
		b = b.Extend(s.a).Extend(s.b)
	}
	if b.IsEmpty() {
		return b
	}
	return pad(b, widest+1)
}

// carriageway is the road surface between the two kerbs: along the
// kerbs' midline, as wide as they are apart on average. Without usable
// kerbs it falls back to the centre line and the lanes' spread.
func (c *mapCache) carriageway(r *scene.Road) ribbon {
	if rb := c.between(r.SideA.SidewalkInner, r.SideB.SidewalkInner); rb.width > 0 {
		return rb
	}
	centre := c.cb.curve(r.Centre)
	w := 0.0
	for _, sd := range []*scene.Side{&r.SideA, &r.SideB} {
		for _, l := range sd.Lanes {
			if len(l) > 0 {
				w = max(w, polyDistXY(l[0][0], l[0][1], centre.fine())+defaultLane/2)
			}
		}
	}
	if w == 0 {
		w = max(r.HalfWidth, defaultLane)
	}
	return ribbon{centre, 2 * w}
}

// between is the strip between two curves of equal length: their
// midline and mean distance. A zero width means they do not pair up.
func (c *mapCache) between(a, b []mgl64.Vec3) ribbon {
	if len(a) < 2 || len(a) != len(b) {
		return ribbon{}
	}
	mid := make([]mgl64.Vec3, len(a))
	sum := 0.0
	for i := range a {
		mid[i] = scene.Lerp(a[i], b[i], 0.5)
		sum += math.Hypot(a[i][0]-b[i][0], a[i][1]-b[i][1])
	}
	w := sum / float64(len(a))
	if !(w > 0.05) || math.IsInf(w, 0) {
		return ribbon{}
	}
	return ribbon{c.cb.curve(mid), w}
}

// crossDir is the horizontal direction across a road end: through the
// arriving lanes' end points when there are several, else from the centre
// line's end to the one lane, else square to the road's last chord.
func crossDir(ends []mgl64.Vec3, ctr, inward mgl64.Vec3) (mgl64.Vec3, bool) {
	flat := func(v mgl64.Vec3) mgl64.Vec3 { return render.Normalize(mgl64.Vec3{v[0], v[1], 0}) }
	var d mgl64.Vec3
	switch {
	case len(ends) > 1:
		d = flat(ends[len(ends)-1].Sub(ends[0]))
	case math.Hypot(ends[0][0]-ctr[0], ends[0][1]-ctr[1]) > 0.1:
		d = flat(ends[0].Sub(ctr))
	}
	if d == (mgl64.Vec3{}) {
		d = flat(mgl64.Vec3{-inward[1], inward[0], 0})
	}
	return d, d != (mgl64.Vec3{}) && finite3(d)
}

// appendArrows places an arrow every arrowSpacing metres along a lane
// (given in driving order), centred in its stretch, none near the ends.
func appendArrows(out []arrow, pts []mgl64.Vec3, side uint8) []arrow {
	total := 0.0
	for i := 0; i+1 < len(pts); i++ {
		total += pts[i+1].Sub(pts[i]).Len()
	}
	usable := total - 2*arrowEndGap
	if usable < arrowLength {
		return out
	}
	n := max(1, int(usable/arrowSpacing))
	step := usable / float64(n)
	next := arrowEndGap + step/2
	done := 0.0
	for i := 0; i+1 < len(pts) && n > 0; i++ {
		seg := pts[i+1].Sub(pts[i])
		l := seg.Len()
		for l > 0 && next <= done+l && n > 0 {
			dir := seg.Mul(1 / l)
			mid := pts[i].Add(dir.Mul(next - done))
			out = append(out, arrow{tail: mid.Sub(dir.Mul(arrowLength / 2)), dir: dir, side: side})
			next += step
			n--
		}
		done += l
	}
	return out
}

// addEnd adds the stop line and the traffic light of one road end. At
// Start the arriving traffic is side A's, at End side B's.
func (c *mapCache) addEnd(g *roadGeom, r *scene.Road, e *scene.RoadEnd, start bool) {
	light := int32(-1)
	n := len(r.Centre)
	if n < 2 {
		return
	}
	ctr, inward := r.Centre[0], r.Centre[1].Sub(r.Centre[0])
	arriving := r.SideA.Lanes
	if !start {
		ctr, inward = r.Centre[n-1], r.Centre[n-2].Sub(r.Centre[n-1])
		arriving = r.SideB.Lanes
	}
	if e.HasLight {
		light = int32(len(c.lights))
		base := e.LightOrigin
		base[2] = ctr[2]
		c.lights = append(c.lights, mapLight{
			origin: e.LightOrigin, target: e.LightTarget, base: base, rule: e.Rule,
		})
	}
	if e.Intersection < 0 || len(arriving) == 0 {
		return
	}
	var ends []mgl64.Vec3
	for _, l := range arriving {
		if len(l) > 0 {
			ends = append(ends, l[len(l)-1])
		}
	}
	if len(ends) == 0 {
		return
	}
	across, ok := crossDir(ends, ctr, inward)
	if !ok {
		return
	}
	// The lanes run away from the intersection along t.
	t := mgl64.Vec3{-across[1], across[0], 0}
	if t[0]*inward[0]+t[1]*inward[1] < 0 {
		t = t.Mul(-1)
	}
	o := ends[0]
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, p := range ends {
		s := p.Sub(o).Dot(across)
		lo, hi = min(lo, s), max(hi, s)
	}
	half := defaultLane / 2
	if len(ends) > 1 {
		half = (hi - lo) / float64(len(ends)-1) / 2
	}
	half = min(max(half, 1), 2.5)
	back := o.Add(t.Mul(stopLineBack))
	g.stops = append(g.stops, stopLine{
		a: back.Add(across.Mul(lo - half)), b: back.Add(across.Mul(hi + half)),
		rule: e.Rule, light: light,
	})
}
