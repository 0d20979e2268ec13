package scenedraw

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/mm2carla/viewer/analysis/faults"
	"github.com/mm2carla/viewer/analysis/lanes"
	"github.com/mm2carla/viewer/render"
	"github.com/mm2carla/viewer/scene"
)

// Paths are what the lane association adds to the scene: the trail of
// one actor (where it came from, coloured by speed, and where it goes,
// dashed, with ghost boxes ahead), every vehicle's whole path faintly,
// and a mark where each path fault happened.
type Paths struct {
	// Assoc is the recording's lane association (nil: no trails).
	Assoc *lanes.Association
	// Actor is the actor whose trail is drawn (0: none): the selected or
	// followed one.
	Actor uint32
	// Past and Future are the trail's lengths in seconds behind and
	// ahead of Options.Time (DefaultTrail each, unless the user asks).
	Past, Future float64
	// Everyone draws the trail (not the ghosts) of every vehicle, not
	// only of Actor.
	Everyone bool
	// All draws every vehicle's whole path faintly: on a recording with
	// no map it shows the roads that were driven.
	All bool
	// Faults are marked on the map where they happened (nil: none).
	Faults []faults.Fault
	// Current is the index in Faults of the fault the user picked (-1:
	// none): its mark is drawn larger, ringed.
	Current int
}

// DefaultTrail is the trail's length (s) behind and ahead by default: in
// the window until the user changes it, and in every shot, so that a
// shot shows what the window first shows.
const DefaultTrail = 10

// Trail drawing constants.
const (
	trailWidth   = 3.5  // logical pixels
	futureWidth  = 2.5  // logical pixels
	allWidth     = 1.25 // logical pixels
	trailLift    = 0.15 // metres above the recorded position, clear of lane ribbons
	futureDash   = 0.5  // seconds drawn, then as long left out
	allPathStep  = 2.0  // metres between the kept points of a whole path
	ghostDefault = 0.75 // half-height of a ghost box when the actor has no box now (m)
)

// The ghosts ahead of the trail's actor, in seconds.
var ghostTimes = [...]float64{1, 2}

// SpeedBins are the upper bounds, in km/h, of the trail's speed colours
// (the last colour is for everything faster): the legend lists them.
var SpeedBins = [...]float64{10, 30, 50}

var speedColors = [len(SpeedBins) + 1]render.Color{
	render.RGB(0x5b, 0x8c, 0xff), // crawling, standing: blue
	render.RGB(0x3c, 0xd0, 0x8c), // town traffic: green
	render.RGB(0xff, 0xd0, 0x40), // main roads: yellow
	render.RGB(0xff, 0x50, 0x50), // fast: red
}

var (
	colAllPaths = render.RGBA(0xc8, 0xd0, 0xe0, 0x48)
	colGhost    = render.RGBA(0xff, 0xff, 0xff, 0x50)
)

// speedBin returns the colour bin of a speed in m/s.
func speedBin(v float64) int {
	kmh := v * 3.6
	for i, b := range SpeedBins {
		if kmh < b {
			return i
		}
	}
	return len(SpeedBins)
}

// SpeedColor is the trail's colour at a speed in m/s.
func SpeedColor(v float64) render.Color { return speedColors[speedBin(v)] }

// drawPaths draws opt.Paths: the whole paths under the trail, the trail,
// then the fault marks on top.
func (r *Renderer) drawPaths(dl *render.DrawList, v *render.View, st *scene.State, opt Options) {
	p := opt.Paths
	if p == nil {
		return
	}
	if a := p.Assoc; a != nil {
		r.boxes.update(a)
		if p.All {
			r.drawAllPaths(dl, v, a)
		}
		if p.Everyone {
			for k := range a.Tracks {
				if tr := &a.Tracks[k]; tr.ID != p.Actor && tr.Contains(opt.Time) {
					r.drawTrail(dl, v, tr, opt.Time, p.Past, p.Future)
				}
			}
		}
		if p.Actor != 0 {
			if tr := a.TrackAt(p.Actor, opt.Time); tr != nil {
				r.drawTrail(dl, v, tr, opt.Time, p.Past, p.Future)
				r.drawGhosts(dl, tr, st, opt.Time)
			}
		}
	}
	r.drawFaultMarks(dl, v, p)
}

// drawTrail draws the last past seconds of tr before t, solid and coloured
// by speed, and the next future seconds dashed.
func (r *Renderer) drawTrail(dl *render.DrawList, v *render.View, tr *lanes.Track, t, past, future float64) {
	now := tr.Index(t)
	if now < 0 {
		return
	}
	// Points closer than trailPixel on screen add nothing but cost: a
	// city seen whole keeps a few of a trail's 400 samples.
	step := trailPixel * v.Viewport.DeviceScale() / max(v.PixelsPerMetreAt(tr.Pos(now)), 1e-6)
	k := r.boxes.track(tr)
	if past > 0 {
		i0, i1 := tr.Span(t-past, t)
		r.visibleRuns(dl, v, tr, k, i0, i1, trailWidth, -1, 0, step)
	}
	if future > 0 {
		i0, i1 := tr.Span(t, t+future)
		r.visibleRuns(dl, v, tr, k, max(i0-1, 0), i1, futureWidth, t, futureDash, step)
	}
}

// visibleRuns is speedRuns over the pieces of [i0, i1) whose boxes are
// in view (box k is the track's first): a street seen close skips the
// trails that pass elsewhere without looking at their samples.
func (r *Renderer) visibleRuns(dl *render.DrawList, v *render.View, tr *lanes.Track, k, i0, i1 int,
	width, t0, dash, step float64) {
	start := -1
	for c := i0 / trailPiece; c*trailPiece < i1; c++ {
		lo := max(c*trailPiece, i0)
		if v.BoxVisible(r.boxes.boxes[k+c]) {
			if start < 0 {
				start = lo
			}
			continue
		}
		if start >= 0 {
			r.speedRuns(dl, tr, start, min(lo+1, i1), width, t0, dash, step)
			start = -1
		}
	}
	if start >= 0 {
		r.speedRuns(dl, tr, start, i1, width, t0, dash, step)
	}
}

// trailPiece is how many samples of a track one culling box covers.
const trailPiece = 64

// trailBoxes are the boxes around every trailPiece samples (and the one
// after) of every track of one association, track by track.
type trailBoxes struct {
	of    *lanes.Association
	first map[*lanes.Track]int
	boxes []render.AABB
}

// track returns the index of tr's first box (tr is a track of the
// association of the last update).
func (b *trailBoxes) track(tr *lanes.Track) int { return b.first[tr] }

func (b *trailBoxes) update(a *lanes.Association) {
	if b.of == a {
		return
	}
	b.of, b.first, b.boxes = a, make(map[*lanes.Track]int, len(a.Tracks)), b.boxes[:0]
	for i := range a.Tracks {
		tr := &a.Tracks[i]
		b.first[tr] = len(b.boxes)
		for c := 0; c*trailPiece < tr.Len(); c++ {
			box := render.EmptyAABB()
			for j := c * trailPiece; j < min((c+1)*trailPiece+1, tr.Len()); j++ {
				box = box.Extend(lifted(tr.Pos(j)))
			}
			b.boxes = append(b.boxes, box.Extend(box.Max.Add(mgl64.Vec3{0, 0, 2})))
		}
	}
}

// trailPixel is the least distance, in logical pixels, between two
// drawn points of a trail.
const trailPixel = 2.5

// speedRuns strokes samples [i0, i1) of tr as runs of one speed colour
// each, keeping points at least step metres apart. With dash > 0 only
// the samples in the even dash-long steps from time t0 are drawn, so the
// line reads as dashed.
func (r *Renderer) speedRuns(dl *render.DrawList, tr *lanes.Track, i0, i1 int, width, t0, dash, step float64) {
	r.trail = r.trail[:0]
	bin := -1
	step2 := step * step
	for i := i0; i < i1; i++ {
		on := dash <= 0 || int(math.Floor((tr.Time(i)-t0)/dash))%2 == 0
		b := speedBin(tr.Speed(i))
		p := lifted(tr.Pos(i))
		if !on || (b != bin && len(r.trail) > 0) {
			if len(r.trail) > 0 && on {
				// The new colour starts where the old one ends: no gap.
				r.trail = append(r.trail, p)
			}
			r.flushTrail(dl, width, bin)
		}
		if !on {
			continue
		}
		if n := len(r.trail); n > 0 && i < i1-1 && ground2(r.trail[n-1], p) < step2 {
			continue
		}
		r.trail = append(r.trail, p)
		bin = b
	}
	r.flushTrail(dl, width, bin)
}

func (r *Renderer) flushTrail(dl *render.DrawList, width float64, bin int) {
	if len(r.trail) >= 2 && bin >= 0 {
		dl.Polyline3D(render.LayerPath, r.trail, width, speedColors[bin])
		r.seen.on(legendSpeed0 + legendKey(bin))
	}
	r.trail = r.trail[:0]
}

func lifted(p mgl64.Vec3) mgl64.Vec3 { return mgl64.Vec3{p[0], p[1], p[2] + trailLift} }

// drawGhosts draws translucent boxes where tr's actor will be at the
// ghost times after t, with its present box (or a default one).
func (r *Renderer) drawGhosts(dl *render.DrawList, tr *lanes.Track, st *scene.State, t float64) {
	half := mgl64.Vec3{max(tr.Length/2, 0.5), max(tr.Width/2, 0.4), ghostDefault}
	lift := ghostDefault
	if st != nil {
		if a := st.Actor(tr.ID); a != nil {
			half = a.Box.Extent
			lift = a.Box.Center[2]
		}
	}
	for _, dt := range ghostTimes {
		if t+dt > tr.End() {
			break
		}
		i := tr.Index(t + dt)
		if i < 0 {
			continue
		}
		s := tr.At(i)
		rot := mgl64.Rotate3DZ(s.Yaw * math.Pi / 180)
		c := s.Pos.Add(mgl64.Vec3{0, 0, lift})
		dl.Box(render.LayerObjects, c, half, rot, colGhost)
	}
}

// drawAllPaths draws every track whole, thinned (computed once per
// association) in pieces that are culled one by one, at the coarse level
// where a metre is under a pixel.
func (r *Renderer) drawAllPaths(dl *render.DrawList, v *render.View, a *lanes.Association) {
	r.paths.update(a)
	for k := range r.paths.fine.ends {
		lv := &r.paths.fine
		if c := &r.paths.coarse; v.PixelsPerMetreAt(r.paths.mid[k]) < 1 {
			lv = c
		}
		s := lv.start(k)
		if lv.ends[k]-s >= 2 {
			dl.Polyline3D(render.LayerPath, lv.pts[s:lv.ends[k]], allWidth, colAllPaths)
		}
	}
}

// allPathPiece is how many points of the fine level make one culled
// piece of a whole path.
const allPathPiece = 64

// wholePaths are every track of one association thinned for drawing, in
// pieces of allPathPiece points, at two levels: points allPathStep apart
// and ten times as far. Piece k of both levels covers the same stretch;
// mid[k] is a point of it, to judge its scale by.
type wholePaths struct {
	of           *lanes.Association
	fine, coarse pathLevel
	mid          []mgl64.Vec3
}

// pathLevel holds pieces one after another, piece k ending at ends[k].
type pathLevel struct {
	pts  []mgl64.Vec3
	ends []int
}

func (l *pathLevel) start(k int) int {
	if k == 0 {
		return 0
	}
	return l.ends[k-1]
}

func (w *wholePaths) update(a *lanes.Association) {
	if w.of == a {
		return
	}
	w.of = a
	w.fine, w.coarse, w.mid = pathLevel{}, pathLevel{}, nil
	for k := range a.Tracks {
		tr := &a.Tracks[k]
		var last, lastC mgl64.Vec3
		n := 0
		for i := range tr.Len() {
			p := lifted(tr.Pos(i))
			end := i == tr.Len()-1
			if n > 0 && !end && ground2(last, p) < allPathStep*allPathStep {
				continue
			}
			if n == 0 || end || ground2(lastC, p) >= 100*allPathStep*allPathStep {
				w.coarse.pts = append(w.coarse.pts, p)
				lastC = p
			}
			w.fine.pts = append(w.fine.pts, p)
			last, n = p, n+1
			if n == allPathPiece || end {
				w.cut(p)
				n = 0
				if !end { // the next piece starts where this one ends
					w.fine.pts = append(w.fine.pts, p)
					w.coarse.pts = append(w.coarse.pts, p)
					n, lastC = 1, p
				}
			}
		}
	}
}

// cut ends the current piece of both levels at p.
func (w *wholePaths) cut(p mgl64.Vec3) {
	if c := &w.coarse; len(c.pts) == 0 || c.pts[len(c.pts)-1] != p {
		c.pts = append(c.pts, p)
	}
	s := w.fine.start(len(w.fine.ends))
	w.mid = append(w.mid, w.fine.pts[(s+len(w.fine.pts))/2])
	w.fine.ends = append(w.fine.ends, len(w.fine.pts))
	w.coarse.ends = append(w.coarse.ends, len(w.coarse.pts))
}

func ground2(a, b mgl64.Vec3) float64 {
	dx, dy := a[0]-b[0], a[1]-b[1]
	return dx*dx + dy*dy
}
