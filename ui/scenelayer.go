package ui

import (
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"

	"github.com/mm2carla/viewer/render"
	"github.com/mm2carla/viewer/render/scenedraw"
	"github.com/mm2carla/viewer/scene"
	"github.com/mm2carla/viewer/ui/app"
	"github.com/mm2carla/viewer/ui/input"
)

// sceneLayer turns the app's map and state into the 3D view's triangles
// and labels, through package scenedraw, once per Update; Draw submits
// them as they are.
type sceneLayer struct {
	r     *scenedraw.Renderer
	m     *scene.Map // the map given to r.SetMap
	dl    *render.DrawList
	verts []ebiten.Vertex
	bg    overlayLayer // label backgrounds
	meas  measurer
}

func newSceneLayer() *sceneLayer {
	return &sceneLayer{r: scenedraw.New(), dl: render.NewDrawList()}
}

// options maps the app's layers and selection to scenedraw's.
func sceneOptions(a *app.App) scenedraw.Options {
	var l scenedraw.Layers
	for i := range input.NumLayers {
		if a.LayerOn(i) {
			l |= scenedraw.Layers(1) << i
		}
	}
	opt := scenedraw.Options{Layers: l | scenedraw.Legend, Selected: a.Selected(), Hovered: a.Hovered(), VehicleColors: true}
	if c := a.Clock(); c != nil {
		opt.Time = c.Time()
	}
	e := a.SelectedElement()
	if e.Kind == app.ElementNone {
		e = a.HoveredElement()
	}
	switch e.Kind {
	case app.ElementRoad:
		opt.Element = scenedraw.MapElement{Kind: scenedraw.ElementRoad, Index: e.Index, Lane: -1}
	case app.ElementIntersection:
		opt.Element = scenedraw.MapElement{Kind: scenedraw.ElementIntersection, Index: e.Index, Lane: -1}
	}
	return opt
}

// build makes the frame's scene from the app.
func (s *sceneLayer) build(a *app.App, f *fonts) {
	if m := a.Map(); m != s.m {
		s.m = m
		s.r.SetMap(m)
	}
	if s.meas.face != f.small {
		s.meas = measurer{face: f.small}
		s.r.SetMeasurer(s.meas)
	}
	s.r.Build(s.dl, a.View(), a.State(), sceneOptions(a))
	vs := s.dl.Vertices()
	s.verts = s.verts[:0]
	for i := range vs {
		v := &vs[i]
		s.verts = append(s.verts, ebiten.Vertex{DstX: v.X, DstY: v.Y, SrcX: 1, SrcY: 1,
			ColorR: v.R, ColorG: v.G, ColorB: v.B, ColorA: v.A})
	}
	s.bg.verts, s.bg.idx = s.bg.verts[:0], s.bg.idx[:0]
	labels := s.dl.Labels()
	for i := range labels {
		if l := &labels[i]; l.Placed && l.Background.A > 0 {
			b := l.Box
			s.bg.rect(rect{b.MinX, b.MinY, b.MaxX, b.MaxY}, l.Background)
		}
	}
}

// draw submits the scene: triangles, then the placed labels.
func (s *sceneLayer) draw(dst, white *ebiten.Image, opts *text.DrawOptions, f *fonts) {
	if idx := s.dl.Indices(); len(idx) > 0 {
		dst.DrawTriangles32(s.verts, idx, white, nil)
	}
	if len(s.bg.idx) > 0 {
		dst.DrawTriangles32(s.bg.verts, s.bg.idx, white, nil)
	}
	labels := s.dl.Labels()
	for i := range labels {
		l := &labels[i]
		if !l.Placed {
			continue
		}
		opts.GeoM.Reset()
		opts.GeoM.Translate(l.TextX, l.TextTop)
		opts.ColorScale.Reset()
		c := l.Color
		opts.ColorScale.Scale(c.R*c.A, c.G*c.A, c.B*c.A, c.A)
		text.Draw(dst, l.Text, f.small, opts)
	}
}

// picker answers the app's picking with what scenedraw drew.
type picker struct{ s *sceneLayer }

func (p picker) PickActor(v *render.View, st *scene.State, x, y float64) (uint32, bool) {
	return p.s.r.PickActor(v, st, x, y)
}

func (p picker) PickElement(v *render.View, m *scene.Map, x, y float64) (app.Element, bool) {
	if m != p.s.m {
		return app.GeomPicker{}.PickElement(v, m, x, y)
	}
	e, ok := p.s.r.PickMapElement(v, x, y)
	if !ok {
		return app.Element{}, false
	}
	switch e.Kind {
	case scenedraw.ElementRoad:
		return app.Element{Kind: app.ElementRoad, Index: e.Index}, true
	case scenedraw.ElementIntersection:
		return app.Element{Kind: app.ElementIntersection, Index: e.Index}, true
	}
	return app.Element{}, false
}
