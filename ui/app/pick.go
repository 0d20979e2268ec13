package app

import (
	"math"

	"github.com/mm2carla/viewer/render"
	"github.com/mm2carla/viewer/scene"
)

// ElementKind says what a map Element is.
type ElementKind uint8

// Map element kinds.
const (
	ElementNone ElementKind = iota
	ElementRoad
	ElementIntersection
)

// Element is a map element: a road or an intersection, by its index in
// scene.Map.Roads or scene.Map.Intersections.
type Element struct {
	Kind  ElementKind
	Index int
}

// Picker finds what is under a pixel (device pixels) in a view. The window
// passes one built on package render/scenedraw, which knows what it drew;
// GeomPicker is the fallback and what the tests use.
type Picker interface {
	PickActor(v *render.View, st *scene.State, x, y float64) (id uint32, ok bool)
	PickElement(v *render.View, m *scene.Map, x, y float64) (Element, bool)
}

// GeomPicker picks by geometry alone: the ray through the pixel against
// each actor's box, and the ground point under the pixel against each
// intersection's disc and each road's width.
type GeomPicker struct{}

// pickSlop is how close, in logical pixels, a click must be to an actor
// too small on screen for its box to be hit.
const pickSlop = 8

// PickActor implements Picker: the nearest box the ray enters, else the
// actor whose origin is nearest the pixel within pickSlop.
func (GeomPicker) PickActor(v *render.View, st *scene.State, x, y float64) (uint32, bool) {
	o, d := v.ScreenRay(x, y)
	bestT, best := math.Inf(1), uint32(0)
	slop := pickSlop * v.Viewport.DeviceScale()
	nearD, near := slop*slop, uint32(0)
	for i := range st.Actors {
		act := &st.Actors[i]
		if act.Kind == scene.KindSpectator {
			continue
		}
		rot := act.World.Rotation.Matrix()
		c := act.World.Apply(act.Box.Center)
		half := act.Box.Extent
		half = scene.Vec3{X: max(half.X, 0.25), Y: max(half.Y, 0.25), Z: max(half.Z, 0.25)}
		if t, ok := render.RayBox(o, d, rv(c), rv(half), render.Mat3(rot)); ok && t < bestT {
			bestT, best = t, act.ID
		}
		if sx, sy, _, ok := v.WorldToScreen(rv(c)); ok {
			if dd := (sx-x)*(sx-x) + (sy-y)*(sy-y); dd < nearD {
				nearD, near = dd, act.ID
			}
		}
	}
	if best != 0 {
		return best, true
	}
	return near, near != 0
}

// PickElement implements Picker: an intersection whose disc holds the
// ground point wins over a road, since roads end at the disc's rim.
func (GeomPicker) PickElement(v *render.View, m *scene.Map, x, y float64) (Element, bool) {
	for i := range m.Intersections {
		in := &m.Intersections[i]
		g, ok := v.GroundPoint(x, y, in.Center.Z)
		if !ok {
			continue
		}
		r := intersectionRadius(m, i)
		if dx, dy := g.X-in.Center.X, g.Y-in.Center.Y; dx*dx+dy*dy <= r*r {
			return Element{ElementIntersection, i}, true
		}
	}
	best, bestD := -1, math.Inf(1)
	for i := range m.Roads {
		r := &m.Roads[i]
		if len(r.Centre) < 2 {
			continue
		}
		g, ok := v.GroundPoint(x, y, r.Centre[0].Z)
		if !ok {
			continue
		}
		d := distXY(g, r.Centre)
		if d <= max(r.HalfWidth, 2) && d < bestD {
			best, bestD = i, d
		}
	}
	if best < 0 {
		return Element{}, false
	}
	return Element{ElementRoad, best}, true
}

// intersectionRadius is the widest half width of the roads meeting at
// intersection i (where roads stop), at least 4 m.
func intersectionRadius(m *scene.Map, i int) float64 {
	r := 4.0
	for _, ri := range m.Intersections[i].Roads {
		if ri >= 0 && ri < len(m.Roads) {
			r = max(r, m.Roads[ri].HalfWidth)
		}
	}
	return r
}

// distXY is the horizontal distance from p to the polyline.
func distXY(p render.Vec3, line []scene.Vec3) float64 {
	best := math.Inf(1)
	for i := 1; i < len(line); i++ {
		a, b := line[i-1], line[i]
		ex, ey := b.X-a.X, b.Y-a.Y
		px, py := p.X-a.X, p.Y-a.Y
		t := 0.0
		if l := ex*ex + ey*ey; l > 0 {
			t = min(max((px*ex+py*ey)/l, 0), 1)
		}
		dx, dy := px-t*ex, py-t*ey
		best = min(best, dx*dx+dy*dy)
	}
	return math.Sqrt(best)
}
