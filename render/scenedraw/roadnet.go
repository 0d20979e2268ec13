package scenedraw

import (
	"math"
	"strings"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/mm2carla/viewer/analysis/lanes"
	"github.com/mm2carla/viewer/render"
	"github.com/mm2carla/viewer/scene"
)

// An OpenDRIVE map (scene.RoadNet) is drawn in the BAI map's language:
// lane surfaces (driving darker, sidewalks and shoulders lighter), the
// road marks as the file gives them (solid or broken, white or yellow),
// an arrow a driving lane in its direction of travel, the junctions'
// areas, and a pole for each traffic-light signal whose lamp shows the
// state of the recorded light actor standing at it (lanes.LightMatcher,
// the rule the fault finder uses too).

// netCache is what SetRoads prepares once per map.
type netCache struct {
	rn      *scene.RoadNet
	lanes   *lanes.OpenDRIVE // the lane map, for picking
	areas   [][]mgl64.Vec2   // junction areas, from the lane map
	lamps   []int            // indices in rn.Signals of the traffic lights
	matcher *lanes.LightMatcher
	match   []lanes.LightMatch
	entries []entryLine // junction entries' stop lines (SetEndLights)
	bounds  render.AABB
}

// Colours of the OpenDRIVE drawing beyond the shared palette.
var (
	colShoulder    = render.RGB(0x4a, 0x4e, 0x55)
	colMarkWhite   = render.RGB(0xe8, 0xe8, 0xe8)
	colMarkYellow  = render.RGB(0xf0, 0xc0, 0x30)
	colArrow       = render.RGBA(0xe8, 0xe4, 0xd0, 0xa0)
	colLampUnknown = render.RGB(0x60, 0x64, 0x6a)
)

// Broken marks: dash and gap lengths, metres (the common urban 3 m / 6 m).
const (
	dashLen = 3.0
	gapLen  = 6.0
)

// SetRoads sets the OpenDRIVE road network drawn with the map (nil:
// none). Like SetMap it is costly; call it once per loaded map.
func (r *Renderer) SetRoads(rn *scene.RoadNet) {
	if rn == nil {
		r.net = nil
		return
	}
	lm := lanes.NewOpenDRIVE(rn)
	c := &netCache{rn: rn, lanes: lm, entries: entryLines(lm)}
	for j := range lm.Intersections() {
		c.areas = append(c.areas, lm.Area(j))
	}
	var origins []mgl64.Vec3
	for i, sg := range rn.Signals {
		if sg.Type == scene.SignalTrafficLight {
			c.lamps = append(c.lamps, i)
			origins = append(origins, sg.Pos)
		}
	}
	c.matcher = lanes.NewLightMatcher(origins)
	lo, hi := rn.Bounds()
	if lo != hi {
		c.bounds = render.AABB{Min: lo, Max: hi}
	}
	r.net = c
}

// drawRoadNet draws the OpenDRIVE map, if any, under the actors.
func (r *Renderer) drawRoadNet(dl *render.DrawList, v *render.View, st *scene.State, opt Options) {
	c := r.net
	if c == nil {
		return
	}
	rn := c.rn
	if opt.Layers.Has(Intersections) {
		for j, a := range c.areas {
			col := colIntersection
			if opt.Element.Kind == ElementJunction && opt.Element.Index == j {
				col = colHighlightArea
			}
			fillPolygon(dl, a, c.bounds.Min[2], col)
		}
	}
	for i := range rn.Lanes {
		l := &rn.Lanes[i]
		col, layer := colRoad, render.LayerRoad
		switch l.Type {
		case "driving":
		case "sidewalk":
			if !opt.Layers.Has(Sidewalks) {
				continue
			}
			col, layer = colSidewalk, render.LayerGround
		default:
			col, layer = colShoulder, render.LayerGround
		}
		if opt.Element.Kind == ElementNetRoad && opt.Element.Index == l.Road {
			col = colHighlightArea
		}
		for k := 0; k+1 < len(l.Inner); k++ {
			dl.Triangle3D(layer, l.Inner[k], l.Outer[k], l.Outer[k+1], col)
			dl.Triangle3D(layer, l.Inner[k], l.Outer[k+1], l.Inner[k+1], col)
		}
	}
	if opt.Layers.Has(Lanes) {
		for i := range rn.Marks {
			r.drawMark(dl, v, &rn.Marks[i])
		}
		for i := range rn.Lanes {
			if l := &rn.Lanes[i]; l.Type == "driving" && rn.Roads[l.Road].Junction < 0 {
				laneArrow(dl, l)
				r.seen.on(legendArrow)
			}
		}
	}
	if opt.Layers.Has(Lights) {
		r.drawEntryLines(dl, v, st)
		r.drawSignals(dl, v, st)
	}
}

// drawMark draws one road mark along its border.
func (r *Renderer) drawMark(dl *render.DrawList, v *render.View, m *scene.NetMark) {
	if m.Type == "curb" || len(m.Points) < 2 {
		return
	}
	col, key := colMarkWhite, legendMarkWhite
	if m.Color == "yellow" || m.Color == "orange" {
		col, key = colMarkYellow, legendMarkYellow
	}
	r.seen.on(key)
	w := m.Width
	if !(w > 0) {
		w = 0.12
	}
	ppm := v.PixelsPerMetreAt(m.Points[len(m.Points)/2])
	px := lineWidth(ppm, w, 1, 6)
	first, second, double := strings.Cut(m.Type, " ")
	if !double {
		r.markLine(dl, first, m.Points, px, col)
		return
	}
	// Two lines ("solid broken", ...), the first on the left of the
	// border's direction, a line's width apart.
	r.markOff = render.OffsetGround(m.Points, w, r.markOff)
	r.markLine(dl, first, r.markOff, px, col)
	r.markOff = render.OffsetGround(m.Points, -w, r.markOff)
	r.markLine(dl, second, r.markOff, px, col)
}

// markLine draws one line of a mark: dashed when broken, else solid.
func (r *Renderer) markLine(dl *render.DrawList, kind string, pts []mgl64.Vec3, px float64, col render.Color) {
	if kind != "broken" {
		dl.Polyline3D(render.LayerMarking, pts, px, col)
		return
	}
	r.ring = dashes(r.ring[:0], pts, func(d []mgl64.Vec3) { dl.Polyline3D(render.LayerMarking, d, px, col) })
}

// dashes calls draw with each dash of a broken line along pts (dashLen
// on, gapLen off, from the start); buf is scratch, returned for reuse.
func dashes(buf []mgl64.Vec3, pts []mgl64.Vec3, draw func([]mgl64.Vec3)) []mgl64.Vec3 {
	pos := 0.0 // distance along the dash pattern
	on := true
	buf = append(buf[:0], pts[0])
	for k := 0; k+1 < len(pts); k++ {
		a, b := pts[k], pts[k+1]
		seg := b.Sub(a).Len()
		t := 0.0
		for t < seg {
			limit := dashLen
			if !on {
				limit = gapLen
			}
			step := min(limit-pos, seg-t)
			t += step
			pos += step
			p := a.Add(b.Sub(a).Mul(t / seg))
			if on {
				buf = append(buf, p)
			}
			if pos >= limit-1e-9 {
				if on && len(buf) > 1 {
					draw(buf)
				}
				on, pos = !on, 0
				buf = append(buf[:0], p)
			}
		}
	}
	if on && len(buf) > 1 {
		draw(buf)
	}
	return buf
}

// laneArrow draws a ground arrow at the middle of a driving lane, in its
// direction of travel.
func laneArrow(dl *render.DrawList, l *scene.NetLane) {
	n := len(l.Center)
	if n < 2 { // no direction to show; sampling gives two points or more
		return
	}
	k := (n - 1) / 2
	a, b := l.Center[k], l.Center[k+1]
	d := b.Sub(a)
	d[2] = 0
	if d.Len() == 0 {
		return
	}
	d = d.Normalize()
	if !l.Forward {
		d = d.Mul(-1)
	}
	mid := a.Add(b).Mul(0.5)
	side := mgl64.Vec3{-d[1], d[0], 0}
	tip := mid.Add(d.Mul(1.5))
	tail := mid.Sub(d.Mul(1.5))
	dl.Triangle3D(render.LayerMarking, tip, tail.Add(side.Mul(0.7)), tail.Sub(side.Mul(0.7)), colArrow)
}

// fillPolygon fills a convex polygon on the ground at height z.
func fillPolygon(dl *render.DrawList, poly []mgl64.Vec2, z float64, col render.Color) {
	for k := 1; k+1 < len(poly); k++ {
		dl.Triangle3D(render.LayerRoad, mgl64.Vec3{poly[0][0], poly[0][1], z},
			mgl64.Vec3{poly[k][0], poly[k][1], z}, mgl64.Vec3{poly[k+1][0], poly[k+1][1], z}, col)
	}
}

// drawSignals draws each traffic-light signal as a pole whose lamp shows
// the state of the recorded light actor matched to it.
func (r *Renderer) drawSignals(dl *render.DrawList, v *render.View, st *scene.State) {
	c := r.net
	c.match = c.matcher.Reset(c.match)
	if st != nil {
		for i := range st.Actors {
			if a := &st.Actors[i]; a.TrafficLight != nil {
				c.matcher.Offer(c.match, int32(i), a.World.Location)
			}
		}
	}
	for k, si := range c.lamps {
		sg := &c.rn.Signals[si]
		if !v.SphereVisible(sg.Pos, 4) {
			continue
		}
		col := colLampUnknown
		if m := c.match[k]; m.Actor < 0 {
			r.seen.on(legendLamp)
		}
		if m := c.match[k]; m.Actor >= 0 {
			col = lightColor(st.Actors[m.Actor].TrafficLight.State)
			r.seen.light(st.Actors[m.Actor].TrafficLight.State)
		}
		h := 3.0
		if sg.Height > 0 {
			h = max(h, sg.Height+2)
		}
		ppm := v.PixelsPerMetreAt(sg.Pos)
		base := mgl64.Vec3{sg.Pos[0], sg.Pos[1], c.bounds.Min[2]}
		dl.Pole(render.LayerObjects, base, h, lineWidth(ppm, 0.15, 1.5, 4), colPole, lampRadius, col)
		yaw := sg.Yaw * math.Pi / 180
		dir := mgl64.Vec3{math.Cos(yaw), math.Sin(yaw), 0}
		top := base.Add(mgl64.Vec3{0, 0, h})
		if ppm*visorLen >= 4 {
			pts := [2]mgl64.Vec3{top, top.Add(dir.Mul(visorLen))}
			dl.Polyline3D(render.LayerObjects, pts[:], lineWidth(ppm, 0.25, 2, 6), col)
		}
	}
}

// pick returns the road or junction of the OpenDRIVE map under device
// pixel (x, y): where the cursor's ray meets the ground the network
// lies on, as the lane map places that point. A junction's connecting
// roads are its surface, so a point there picks the junction.
func (c *netCache) pick(view *render.View, x, y float64) (MapElement, bool) {
	o, d := view.ScreenRay(x, y)
	lo, hi := c.bounds.Min[2], c.bounds.Max[2]
	p, _, ok := rayLevel(o, d, lo)
	if !ok {
		return MapElement{Lane: -1}, false
	}
	loc := c.lanes.Locate(p)
	if loc.Place == lanes.OffMap && hi > lo { // hilly: try the top too
		if q, _, ok := rayLevel(o, d, hi); ok {
			p, loc = q, c.lanes.Locate(q)
		}
	}
	switch loc.Place {
	case lanes.OnRoad:
		return MapElement{Kind: ElementNetRoad, Index: loc.Road, ID: -1, Point: p, Lane: -1}, true
	case lanes.InIntersection:
		return MapElement{Kind: ElementJunction, Index: loc.Intersection, ID: -1, Point: p, Lane: -1}, true
	}
	return MapElement{Lane: -1}, false
}
