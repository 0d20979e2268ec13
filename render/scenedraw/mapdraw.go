package scenedraw

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/mm2carla/viewer/render"
)

// Zoom thresholds in device pixels per metre: below them a detail would
// be under a few pixels and only add noise (and cost), so it is skipped.
// At a city-wide zoom a road is one ribbon; lanes, arrows and sidewalk
// lines appear as the camera comes closer, fading in over a range of
// scales (from the threshold to fadeSpan times it) so that no line pops.
const (
	ppmSurface    = 0.5 // road surface and sidewalks apart (3 m >= 1.5 px), else one ribbon
	ppmEdges      = 1.5 // kerb and outer sidewalk lines
	ppmLanes      = 1.0 // lane curves and centre line (3.5 m >= 3.5 px)
	ppmStops      = 0.8 // stop lines
	ppmArrows     = 2.5 // direction arrows (3 m >= 7.5 px)
	ppmWalkLines  = 4.0 // sidewalk centre curves
	ppmInterLabel = 0.6 // intersection ids, with the disc radius below
	interLabelPx  = 5.0 // smallest on-screen disc radius that gets its id
	fadeSpan      = 1.6
	minStopPx     = 2.0 // stop lines are at least this wide on screen
)

// fade is the opacity of a detail that appears at scale from: 0 below
// it, 1 from fadeSpan times it.
func fade(ppm, from float64) float32 {
	return float32(min(max((ppm/from-1)/(fadeSpan-1), 0), 1))
}

// faded is c with its alpha scaled by f.
func faded(c render.Color, f float32) render.Color { return c.WithAlpha(c.A * f) }

// drawMap draws the visible roads, then the intersections over their
// ends, then the lights.
func (r *Renderer) drawMap(dl *render.DrawList, v *render.View, opt Options) {
	c := r.cache
	if opt.Layers.Has(Rails) {
		r.drawTrains(dl, v)
	}
	for i := range c.roads {
		g := &c.roads[i]
		if g.box.IsEmpty() || !v.BoxVisible(g.box) {
			continue
		}
		r.drawRoad(dl, v, g, opt, opt.Element.Kind == ElementRoad && opt.Element.Index == i)
	}
	if opt.Layers.Has(Intersections) {
		r.drawIntersections(dl, v, opt)
	}
	if opt.Layers.Has(Lights) {
		r.drawMapLights(dl, v)
	}
}

// drawRoad draws one road at the detail its on-screen scale allows.
func (r *Renderer) drawRoad(dl *render.DrawList, v *render.View, g *roadGeom, opt Options, highlight bool) {
	ppm := nearPPM(v, g.box)
	lvl := levelFor(ppm)
	ly := opt.Layers
	if ppm < ppmSurface {
		dl.GroundRibbon(render.LayerRoad, g.whole.c.at(lvl), g.whole.width, colRoadFar)
	} else {
		if ly.Has(Sidewalks) {
			r.drawSidewalks(dl, g, lvl, ppm)
		}
		dl.GroundRibbon(render.LayerRoad, g.surface.c.at(lvl), g.surface.width, colRoad)
	}
	if ly.Has(Lanes) && ppm >= ppmLanes {
		r.drawLanes(dl, g, lvl, ppm)
	}
	if ly.Has(Lights) && ppm >= ppmStops {
		f := fade(ppm, ppmStops)
		w := max(stopLineW, minStopPx/ppm)
		for _, s := range g.stops {
			pts := [2]mgl64.Vec3{s.a, s.b}
			col := ruleColor(s.rule)
			if s.light >= 0 {
				col = r.lightColorSeen(s.light)
			} else {
				r.seen.rule(s.rule)
			}
			dl.GroundRibbon(render.LayerSignal, pts[:], w, faded(col, f))
		}
	}
	if ly.Has(Rails) {
		for i := range g.trams {
			drawTrack(dl, render.LayerMarking, &g.trams[i], lvl, ppm, colTram)
			r.seen.on(legendTram)
		}
	}
	if highlight {
		dl.GroundRibbon(render.LayerPath, g.whole.c.at(lvl), g.whole.width, colHighlight)
	}
}

// drawTrains draws the train rails before any road, at the bottom of the
// ground layer: they run underground, so the road surfaces above them
// hide them and they show only where nothing is built over them.
func (r *Renderer) drawTrains(dl *render.DrawList, v *render.View) {
	for i := range r.cache.roads {
		g := &r.cache.roads[i]
		if len(g.trains) == 0 || !v.BoxVisible(g.box) {
			continue
		}
		ppm := nearPPM(v, g.box)
		lvl := levelFor(ppm)
		for j := range g.trains {
			drawTrack(dl, render.LayerGround, &g.trains[j], lvl, ppm, colTrain)
			r.seen.on(legendTrain)
		}
	}
}

func (r *Renderer) drawSidewalks(dl *render.DrawList, g *roadGeom, lvl int, ppm float64) {
	for s := range 2 {
		if w := g.walks[s]; w.width > 0 {
			dl.GroundRibbon(render.LayerGround, w.c.at(lvl), w.width, colSidewalk)
		}
	}
	if ppm >= ppmEdges {
		w, f := lineWidth(ppm, 0.1, 1, 2), fade(ppm, ppmEdges)
		for s := range 2 {
			dl.Polyline3D(render.LayerMarking, g.kerbs[s].at(lvl), w, faded(colKerb, f))
			dl.Polyline3D(render.LayerMarking, g.outer[s].at(lvl), w*0.75, faded(colSidewalkEdge, f))
		}
	}
	if ppm >= ppmWalkLines {
		f := fade(ppm, ppmWalkLines)
		for i := range g.walkLines {
			dl.Polyline3D(render.LayerMarking, g.walkLines[i].at(lvl), 1, faded(colSidewalkLine, f))
		}
	}
}

func (r *Renderer) drawLanes(dl *render.DrawList, g *roadGeom, lvl int, ppm float64) {
	w, f := lineWidth(ppm, 0.12, 1.2, 3), fade(ppm, ppmLanes)
	dl.Polyline3D(render.LayerMarking, g.centre.at(lvl), w*0.8, faded(colCentre, f))
	r.seen.on(legendCentre)
	cols := [2]render.Color{faded(colSideA, f), faded(colSideB, f)}
	for i := range g.lanes {
		l := &g.lanes[i]
		dl.Polyline3D(render.LayerMarking, l.c.at(lvl), w, cols[l.side&1])
		r.seen.on(legendSideA + legendKey(l.side&1))
	}
	if ppm < ppmArrows {
		return
	}
	f = fade(ppm, ppmArrows)
	cols = [2]render.Color{faded(colSideA, f), faded(colSideB, f)}
	for _, a := range g.arrows {
		dl.Arrow(render.LayerMarking, a.tail, a.dir, arrowLength, arrowWidth, cols[a.side&1])
	}
}

// lineWidth is a line's width in logical pixels: metres wide on the
// ground, kept between lo and hi pixels.
func lineWidth(ppm, metres, lo, hi float64) float64 { return min(max(metres*ppm, lo), hi) }

func (r *Renderer) drawIntersections(dl *render.DrawList, v *render.View, opt Options) {
	for i := range r.cache.inters {
		in := &r.cache.inters[i]
		col := colIntersection
		if opt.Element.Kind == ElementIntersection && opt.Element.Index == i {
			col = brighten(col, 0.3)
		}
		dl.Disc(render.LayerRoad, in.center, in.radius, col)
		if !opt.Layers.Has(Labels) || !v.SphereVisible(in.center, in.radius) {
			continue
		}
		if ppm := v.PixelsPerMetreAt(in.center); ppm >= ppmInterLabel && in.radius*ppm >= interLabelPx {
			dl.Label3D(in.center, render.Label{Text: in.label, Color: colIntersectionLabel, Priority: prioIntersection})
		}
	}
}

var colIntersectionLabel = render.RGB(0xa8, 0xae, 0xb8)

// Light sizes, metres.
const (
	lampRadius = 0.35
	visorLen   = 1.4
)

// ppmRuleLamps is the scale below which a map light with no recorded
// state is not drawn: from afar hundreds of lamps in the rule colour are
// noise, while the live ones still tell the state of the city.
const ppmRuleLamps = 0.6

// drawMapLights draws each map light as a pole whose lamp shows the
// recorded state (or the rule), with a short arm pointing at its target.
func (r *Renderer) drawMapLights(dl *render.DrawList, v *render.View) {
	for i := range r.cache.lights {
		l := &r.cache.lights[i]
		if !v.SphereVisible(l.origin, 3) {
			continue
		}
		ppm := v.PixelsPerMetreAt(l.origin)
		if ppm < ppmRuleLamps && !r.lights.has[i] {
			continue
		}
		col := r.lightColorSeen(int32(i))
		h := l.origin[2] - l.base[2]
		base := l.base
		if !(h > 0.5) || math.IsInf(h, 0) {
			h, base = 2.5, l.origin.Sub(mgl64.Vec3{0, 0, 2.5})
		}
		dl.Pole(render.LayerObjects, base, h, lineWidth(ppm, 0.15, 1.5, 4), colPole, lampRadius, col)
		dir := render.Normalize(mgl64.Vec3{l.target[0] - l.origin[0], l.target[1] - l.origin[1], 0})
		if dir != (mgl64.Vec3{}) && ppm*visorLen >= 4 {
			pts := [2]mgl64.Vec3{l.origin, l.origin.Add(dir.Mul(visorLen))}
			dl.Polyline3D(render.LayerObjects, pts[:], lineWidth(ppm, 0.25, 2, 6), col)
		}
	}
}
