package app

import (
	"github.com/mm2carla/viewer/render"
	"github.com/mm2carla/viewer/render/scenedraw"
	"github.com/mm2carla/viewer/scene"
)

// Element is a map element: a road or an intersection, by its index in
// scene.Map.Roads or scene.Map.Intersections. Its kind is scenedraw's,
// which picks it and draws it highlighted: one definition for both.
type Element struct {
	Kind  scenedraw.ElementKind
	Index int
}

// Picker finds what is under a pixel (device pixels) in a view. The window
// passes one built on package render/scenedraw, which knows what it drew;
// GeomPicker is the fallback and what the tests use.
type Picker interface {
	PickActor(v *render.View, st *scene.State, x, y float64) (id uint32, ok bool)
	PickElement(v *render.View, m *scene.Map, rn *scene.RoadNet, x, y float64) (Element, bool)
}

// GeomPicker picks with package render/scenedraw's own picking, on a
// renderer of its own that only caches the map's geometry: the same rules
// as the window (which picks on the renderer that drew the frame), for
// the app's tests and any caller without a window. Its zero value works;
// it is not safe for concurrent use.
type GeomPicker struct {
	r  *scenedraw.Renderer
	m  *scene.Map
	rn *scene.RoadNet
}

// PickActor implements Picker.
func (p *GeomPicker) PickActor(v *render.View, st *scene.State, x, y float64) (uint32, bool) {
	return p.renderer(nil).PickActor(v, st, x, y)
}

// PickElement implements Picker.
func (p *GeomPicker) PickElement(v *render.View, m *scene.Map, rn *scene.RoadNet, x, y float64) (Element, bool) {
	r := p.renderer(m)
	if rn != p.rn {
		r.SetRoads(rn)
		p.rn = rn
	}
	return ElementOf(r.PickMapElement(v, x, y))
}

// renderer returns the picking renderer, holding m's geometry when m is
// not nil (building it only when the map changes).
func (p *GeomPicker) renderer(m *scene.Map) *scenedraw.Renderer {
	if p.r == nil {
		p.r = scenedraw.New()
	}
	if m != nil && m != p.m {
		p.r.SetMap(m)
		p.m = m
	}
	return p.r
}

// ElementOf is the app's Element for scenedraw's picked element: what
// the selection keeps of it.
func ElementOf(e scenedraw.MapElement, ok bool) (Element, bool) {
	if !ok || e.Kind == scenedraw.ElementNone {
		return Element{}, false
	}
	return Element{Kind: e.Kind, Index: e.Index}, true
}
