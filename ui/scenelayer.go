package ui

import (
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/mm2carla/viewer/analysis/lanes"

	"github.com/mm2carla/viewer/render"
	"github.com/mm2carla/viewer/render/ebitenrender"
	"github.com/mm2carla/viewer/render/scenedraw"
	"github.com/mm2carla/viewer/scene"
	"github.com/mm2carla/viewer/ui/app"
	"github.com/mm2carla/viewer/ui/input"
)

// sceneLayer turns the app's map and state into the 3D view through
// package scenedraw: the draw list is built in Update and handed to
// render/ebitenrender in Draw.
type sceneLayer struct {
	r       *scenedraw.Renderer
	eb      *ebitenrender.Renderer
	m       *scene.Map         // the map given to r.SetMap
	rn      *scene.RoadNet     // the road network given to r.SetRoads
	litAs   *lanes.Association // the pass whose end lights r.SetEndLights has (after rn)
	dl      *render.DrawList
	scale   float64 // the scale the label face was made for (uiScale)
	device  float64 // the device scale alone
	aa      bool    // supersample the triangles (on low-DPI screens)
	playing bool    // the frame built is of a replay playing (ebitenrender.Options.Playing)
	err     error   // the label face could not be made: labels are not drawn

	paths scenedraw.Paths // the frame's trails and fault marks

	// fallback picks on a map this layer has not drawn yet (the app may
	// pick between opening a map and the next frame).
	fallback app.GeomPicker
}

func newSceneLayer() *sceneLayer {
	return &sceneLayer{r: scenedraw.New(), eb: ebitenrender.New(nil), dl: render.NewDrawList()}
}

// sceneOptions maps the app's layers and selection to scenedraw's.
func sceneOptions(a *app.App) scenedraw.Options {
	var l scenedraw.Layers
	for i := range input.LayerPaths { // paths are drawn by Options.Paths
		if a.LayerOn(i) {
			l |= scenedraw.Layers(1) << i
		}
	}
	if a.Map() == nil && a.Recording() == nil {
		l &^= scenedraw.Legend // nothing open: no colours to explain
	}
	opt := scenedraw.Options{Layers: l, Selected: a.Selected(), Hovered: a.Hovered(), VehicleColors: true, LegendShort: a.LegendShort()}
	if c := a.Clock(); c != nil {
		opt.Time = c.Time()
	}
	if rec := a.Recording(); rec != nil {
		// Flashes from the timeline: a collision just before a seek's
		// target flashes there too, as it would have playing.
		opt.Events = rec.Events()
	}
	if main, ghost := a.ShownStates(); ghost != nil {
		opt.Ghost = ghost
		opt.GhostSelected, _ = a.MatchB(a.Selected())
	} else if main != nil && main == a.CompareState() { // run B alone: its own flashes and ids
		opt.Time, opt.Events = main.Time, a.CompareRecording().Events()
		opt.Selected, _ = a.MatchB(a.Selected())
		opt.Hovered, _ = a.MatchB(a.Hovered())
	}
	e := a.SelectedElement()
	if e.Kind == scenedraw.ElementNone {
		e = a.HoveredElement()
	}
	if e.Kind != scenedraw.ElementNone {
		opt.Element = scenedraw.MapElement{Kind: e.Kind, Index: e.Index, Lane: -1}
	}
	return opt
}

// pathsOf fills p with the trails and fault marks of the run the scene
// shows (app.ShownPaths, app.MarkedFaults): the selected actor's trail
// (else the followed one's), every whole path when that layer is on,
// and the faults. False when there is nothing to draw.
func pathsOf(a *app.App, p *scenedraw.Paths) bool {
	as, actor := a.ShownPaths()
	fs, cur, _ := a.MarkedFaults()
	if as == nil && len(fs) == 0 {
		return false
	}
	*p = scenedraw.Paths{Assoc: as, Actor: actor, Past: a.Trail(), Future: a.Trail(),
		All: a.LayerOn(input.LayerPaths), Faults: fs, Current: cur}
	return true
}

// setScale makes the label face for the window's scale (the device's,
// grown with a large window: uiScale): labels are placed and drawn with
// the same face, at device pixels. device is the device scale alone.
func (s *sceneLayer) setScale(scale, device float64) {
	// On a high-DPI screen pixels are small enough; supersampling there
	// would quadruple an already large fill.
	s.aa, s.device = device < 1.5, device
	if scale == s.scale {
		return
	}
	s.scale = scale
	face, err := scenedraw.LabelFace(scale)
	s.err = err
	if err != nil {
		s.r.SetMeasurer(nil)
		s.eb.SetFace(nil)
		return
	}
	s.r.SetMeasurer(face)
	s.eb.SetFace(face)
}

// build makes the frame's scene from the app.
func (s *sceneLayer) build(a *app.App, scale, device float64) {
	s.setScale(scale, device)
	s.setMap(a.Map())
	s.setRoads(a.Roads())
	s.setEndLights(a)
	opt := sceneOptions(a)
	main, _ := a.ShownStates()
	// The trails and fault marks are the shown run's: B's over B alone.
	if pathsOf(a, &s.paths) {
		opt.Paths = &s.paths
	}
	s.r.Build(s.dl, a.View(), main, opt)
	s.playing = a.Clock() != nil && a.Clock().Playing()
}

// setMap hands the renderer the app's map when it changed.
func (s *sceneLayer) setMap(m *scene.Map) {
	if m != s.m {
		s.m = m
		s.r.SetMap(m)
	}
}

// setRoads hands the renderer the app's OpenDRIVE network when it
// changed (SetRoads is costly: once per loaded map). It forgets the end
// lights, which setEndLights gives again.
func (s *sceneLayer) setRoads(rn *scene.RoadNet) {
	if rn != s.rn {
		s.rn = rn
		s.r.SetRoads(rn)
		s.litAs = nil
	}
}

// setEndLights tells the renderer which recorded light governs each
// junction entry once the lane pass has tied them (by the map's signals,
// or by place on a town without any), so the stop lines show the
// lights' states, and which entries a recorded stop sign makes stops,
// whose lines show the stop sign's colour. Once per pass (new thresholds keep the association,
// and with it the lights).
func (s *sceneLayer) setEndLights(a *app.App) {
	as := a.Association()
	if as == nil || s.rn == nil || as == s.litAs {
		return
	}
	s.litAs = as
	s.r.SetEndLights(as.Lights, a.EndLights())
	s.r.SetEndSigns(a.EndSigns())
}

// draw submits the scene. The renderer keeps the start of the list that
// did not change since the frame before (the map, while a replay plays
// under a still camera; everything, when nothing moves) in an image, so
// that a frame under a software rasteriser (a remote desktop, a VM) costs
// about the actors alone, and a still one is supersampled whole. It
// paints the window's background too: a kept image holds it, which saves
// a pass over the screen.
func (s *sceneLayer) draw(dst *ebiten.Image) {
	s.eb.Draw(dst, s.dl, ebitenrender.Options{AntiAlias: s.aa, Cache: true, Playing: s.playing, Background: scenedraw.Background})
}

// picker answers the app's picking with what scenedraw drew, and tells
// it where the legend goes (app.LegendPlacer).
type picker struct{ s *sceneLayer }

// LegendRect is where scenedraw draws the legend for m and st. The app
// asks while framing, in Tick, which can come before the frame that
// hands the renderer a new map or its label face: both are set here
// first, as the next build would.
func (p picker) LegendRect(vp render.Viewport, m *scene.Map, st *scene.State) (render.Rect, bool) {
	p.s.setScale(vp.DeviceScale(), p.s.device)
	p.s.setMap(m)
	return p.s.r.LegendRect(vp, st)
}

func (p picker) PickActor(v *render.View, st *scene.State, x, y float64) (uint32, bool) {
	return p.s.r.PickActor(v, st, x, y)
}

func (p picker) PickElement(v *render.View, m *scene.Map, rn *scene.RoadNet, x, y float64) (app.Element, bool) {
	if m != p.s.m || rn != p.s.rn {
		return p.s.fallback.PickElement(v, m, rn, x, y)
	}
	return app.ElementOf(p.s.r.PickMapElement(v, x, y))
}
