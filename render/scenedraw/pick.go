package scenedraw

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/mm2carla/viewer/render"
	"github.com/mm2carla/viewer/scene"
)

// ElementKind says what a MapElement is.
type ElementKind uint8

// Map element kinds.
const (
	ElementNone ElementKind = iota
	ElementRoad
	ElementIntersection
	// ElementNetRoad and ElementJunction are an OpenDRIVE map's road
	// and junction (scene.RoadNet's Roads and Junctions).
	ElementNetRoad
	ElementJunction
)

// MapElement is a road or an intersection of the map, as picked under the
// cursor for the map inspector.
type MapElement struct {
	Kind ElementKind
	// Index is the position in scene.Map.Roads or scene.Map.Intersections
	// (scene.RoadNet.Roads or Junctions for the OpenDRIVE kinds).
	Index int
	// ID is the road's or intersection's own id from the file (-1 for
	// the OpenDRIVE kinds, whose ids are strings: see scene.RoadNet).
	ID int
	// Point is where the cursor's ray meets the element, world metres.
	Point mgl64.Vec3
	// For a road: the side and the lane (index into that side's Lanes)
	// whose curve is nearest Point; Lane is -1 when Point is off the
	// carriageway (on a sidewalk). Side is 'A' or 'B', 0 for none.
	Side byte
	Lane int
}

// pickSlopPx is how far, in device pixels, the cursor may miss an actor
// drawn as a dot and still pick it.
const pickSlopPx = 6.0

// PickActor returns the actor under device pixel (x, y): the nearest box
// the cursor's ray hits, or, when none is hit, the actor whose centre is
// within a few pixels of the cursor (small or distant actors are drawn as
// dots). Spectators are never picked; traffic lights and signs only when
// the Lights layer would show them is up to the caller (they are picked).
func (r *Renderer) PickActor(view *render.View, st *scene.State, x, y float64) (uint32, bool) {
	if st == nil {
		return 0, false
	}
	o, d := view.ScreenRay(x, y)
	bestT, bestID := math.Inf(1), uint32(0)
	nearPx, nearID := pickSlopPx*view.Viewport.DeviceScale(), uint32(0)
	for i := range st.Actors {
		a := &st.Actors[i]
		if a.Kind == scene.KindSpectator {
			continue
		}
		p := poseOf(a)
		if !finite3(p.center) {
			continue
		}
		if t, ok := render.RayBox(o, d, p.center, p.half, p.rot); ok && t < bestT {
			bestT, bestID = t, a.ID
		}
		if sx, sy, _, ok := view.WorldToScreen(p.center); ok {
			if dpx := math.Hypot(sx-x, sy-y); dpx < nearPx {
				nearPx, nearID = dpx, a.ID
			}
		}
	}
	if bestID != 0 {
		return bestID, true
	}
	return nearID, nearID != 0
}

// PickMapElement returns the road or intersection under device pixel
// (x, y): the first one the cursor's ray meets on its own level, an
// intersection disc winning over the road ends it covers.
func (r *Renderer) PickMapElement(view *render.View, x, y float64) (MapElement, bool) {
	c := r.cache
	if c == nil { // no BAI map: only an OpenDRIVE one, if any
		if r.net != nil {
			return r.net.pick(view, x, y)
		}
		return MapElement{Lane: -1}, false
	}
	m := c.m
	o, d := view.ScreenRay(x, y)
	best := MapElement{Lane: -1}
	bestT := math.Inf(1)
	for i := range c.inters {
		in := &c.inters[i]
		p, t, ok := rayLevel(o, d, in.center[2])
		if ok && math.Hypot(p[0]-in.center[0], p[1]-in.center[1]) <= in.radius && t < bestT {
			bestT = t
			best = MapElement{Kind: ElementIntersection, Index: i, ID: m.Intersections[i].ID, Point: p, Lane: -1}
		}
	}
	for i := range c.roads {
		g := &c.roads[i]
		if g.box.IsEmpty() {
			continue
		}
		if _, ok := render.RayAABB(o, d, g.box); !ok {
			continue
		}
		z := (g.box.Min[2] + g.box.Max[2]) / 2
		if pts := g.centre.fine(); len(pts) > 0 {
			z = pts[len(pts)/2][2]
		}
		p, t, ok := rayLevel(o, d, z)
		// Ties go to the intersection: road ends under a disc are its.
		if !ok || t >= bestT-1e-9 || polyDistXY(p[0], p[1], g.whole.c.fine()) > g.whole.width/2 {
			continue
		}
		bestT = t
		best = MapElement{Kind: ElementRoad, Index: i, ID: m.Roads[i].ID, Point: p, Lane: -1}
		best.Side, best.Lane = nearestLane(g, p)
	}
	if best.Kind == ElementNone && r.net != nil {
		return r.net.pick(view, x, y)
	}
	return best, best.Kind != ElementNone
}

// rayLevel meets the ray with the plane z = level.
func rayLevel(o, d mgl64.Vec3, level float64) (mgl64.Vec3, float64, bool) {
	if math.Abs(d[2]) < 1e-12 {
		return mgl64.Vec3{}, 0, false
	}
	t := (level - o[2]) / d[2]
	if !(t >= 0) || math.IsInf(t, 0) {
		return mgl64.Vec3{}, 0, false
	}
	p := o.Add(d.Mul(t))
	p[2] = level
	return p, t, true
}

// nearestLane returns the side and lane whose curve is nearest p, or
// (0, -1) when p is not on the carriageway.
func nearestLane(g *roadGeom, p mgl64.Vec3) (byte, int) {
	if g.surface.width <= 0 || polyDistXY(p[0], p[1], g.surface.c.fine()) > g.surface.width/2 {
		return 0, -1
	}
	side, idx := byte(0), -1
	best := math.Inf(1)
	var n [2]int
	for _, l := range g.lanes {
		s := l.side & 1
		if d := polyDistXY(p[0], p[1], l.c.fine()); d < best {
			best, side, idx = d, "AB"[s], n[s]
		}
		n[s]++
	}
	return side, idx
}
