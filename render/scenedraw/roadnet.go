package scenedraw

import (
	"math"

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
	geom    netGeom     // the static geometry (netgeom.go)
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
	c := &netCache{rn: rn, lanes: lm, entries: entryLines(lm), geom: newNetGeom(rn)}
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
	if opt.Layers.Has(Intersections) {
		for j, a := range c.areas {
			col := colIntersection
			if opt.Element.Kind == ElementJunction && opt.Element.Index == j {
				col = colHighlightArea
			}
			fillPolygon(dl, a, c.bounds.Min[2], col)
		}
	}
	r.drawNetLanes(dl, v, opt)
	if opt.Layers.Has(Lanes) {
		r.drawNetMarks(dl, v)
	}
	if opt.Layers.Has(Lights) {
		r.drawEntryLines(dl, v, st)
		r.drawSignals(dl, v, st)
	}
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
