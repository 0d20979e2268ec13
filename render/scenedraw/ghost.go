package scenedraw

import (
	"github.com/mm2carla/viewer/render"
	"github.com/mm2carla/viewer/scene"
)

// Ghosts: a second run of the same scenario (Options.Ghost) drawn over
// the first, each actor as a translucent box of its own shape with a
// bright outline, in one tint that no actor kind, the hero or the
// selection uses. The fill lets the first run's actor show through where
// the runs agree; the outline is drawn over everything, so a ghost that
// went its own way is never lost behind another actor.

// GhostColor is the ghosts' tint: a blue violet, apart from the walkers' pink.
var GhostColor = render.RGB(0xb0, 0x6a, 0xff)

// Ghost drawing constants.
const (
	ghostFill     = 0.4 // the fill's opacity
	ghostEdgePx   = 1.5 // the outline's width, logical pixels
	ghostPickedPx = 3.0 // the selected actor's ghost's outline
)

// ghostCorners are the box's corners, as (x, y) signs, in order around
// it, the first repeated to close the loop.
var ghostCorners = [5][2]float64{{1, 1}, {1, -1}, {-1, -1}, {-1, 1}, {1, 1}}

// drawGhostRun draws the actors of st as ghosts over main: vehicles, walkers and
// other bodies; not spectators, sensors, lights or signs, which the
// runs share or which would only clutter.
func (r *Renderer) drawGhostRun(dl *render.DrawList, v *render.View, main, st *scene.State, opt Options) {
	for i := range st.Actors {
		a := &st.Actors[i]
		switch a.Kind {
		case scene.KindSpectator, scene.KindSensor, scene.KindTrafficLight, scene.KindSign:
			continue
		}
		r.drawGhostActor(dl, v, main, a, a.ID == opt.GhostSelected && a.ID != 0, opt.Layers.Has(Labels))
	}
}

// ghostSameM is how close (m) a ghost too small to draw as a box may be
// to the first run's actor of its id and be left out.
const ghostSameM = 0.5

// drawGhostActor draws one ghost. Seen from afar, where an actor is a
// dot, a ghost dot on top of every agreeing actor would only paint the
// whole town in the tint and hide the first run: there only the ghosts
// away from the first run's actor of their id (or without one) are drawn,
// which are the differences.
func (r *Renderer) drawGhostActor(dl *render.DrawList, v *render.View, main *scene.State, a *scene.Actor, picked, labels bool) {
	p := poseOf(a)
	if !finite3(p.center) || !v.SphereVisible(p.center, p.half.Len()+1) {
		return
	}
	r.seen.on(legendGhost)
	col, w := GhostColor, ghostEdgePx
	if picked {
		col, w = brighten(col, 0.4), ghostPickedPx
	}
	size := 2 * max(p.half[0], p.half[1]) * v.PixelsPerMetreAt(p.center)
	if size < minBoxPx {
		if m := main.Actor(a.ID); !picked && m != nil && m.World.Location.Sub(a.World.Location).Len() < ghostSameM {
			return
		}
		dl.Pole(render.LayerOverlay, p.local(0, 0, -p.half[2]), 2*p.half[2], 2, col, 0.01, col)
	} else {
		dl.Box(render.LayerObjects, p.center, p.half, p.rot, col.WithAlpha(ghostFill))
		r.boxOutline(dl, &p, w, col)
	}
	r.ghostLabel(dl, v, &p, a, picked, labels)
}

// Ghost labels: run B's hero and the selected actor's match, among some
// twenty ghosts of one tint, are named so the eye finds them.
const (
	ghostHeroLabel     = "B: hero"
	ghostSelectedLabel = "B: selected"
)

// ghostLabel marks run B's hero and the picked ghost with a chevron of
// the ghosts' tint at any zoom and, with the labels layer on, a label
// saying which run they are of.
func (r *Renderer) ghostLabel(dl *render.DrawList, v *render.View, p *pose, a *scene.Actor, picked, labels bool) {
	text, prio := ghostHeroLabel, int32(prioHero-1)
	switch {
	case picked:
		text, prio = ghostSelectedLabel, prioSelected-1
	case !a.Hero:
		return
	}
	x, y, d, ok := p.screenTop(v)
	if !ok {
		return
	}
	r.chevron(dl, v, x, y, GhostColor)
	y -= (markerPx + 4) * v.Viewport.DeviceScale()
	if labels && v.Viewport.RectVisible(x, y, x, y) {
		dl.AddLabel(render.Label{X: x, Y: y, Depth: d, Text: text, Color: brighten(GhostColor, 0.5), Background: colLabelB, Priority: prio})
	}
}

// boxOutline strokes a box's twelve edges on the overlay: the bottom and
// top loops, then the four uprights.
func (r *Renderer) boxOutline(dl *render.DrawList, p *pose, widthPx float64, col render.Color) {
	for _, z := range [2]float64{-1, 1} {
		r.ring = r.ring[:0]
		for _, c := range ghostCorners {
			r.ring = append(r.ring, p.local(c[0]*p.half[0], c[1]*p.half[1], z*p.half[2]))
		}
		dl.Polyline3D(render.LayerOverlay, r.ring, widthPx, col)
	}
	for _, c := range ghostCorners[:4] {
		r.ring = append(r.ring[:0],
			p.local(c[0]*p.half[0], c[1]*p.half[1], -p.half[2]),
			p.local(c[0]*p.half[0], c[1]*p.half[1], p.half[2]))
		dl.Polyline3D(render.LayerOverlay, r.ring, widthPx, col)
	}
}
