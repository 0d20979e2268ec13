package scenedraw

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/mm2carla/viewer/render"
	"github.com/mm2carla/viewer/scene"
)

// Renderer turns a map and a recorded state into a render.DrawList. It
// keeps the map's static geometry (SetMap) and per-frame scratch buffers,
// so that once warm a frame allocates nothing. A Renderer is not safe for
// concurrent use; the window and a snapshot each use their own.
type Renderer struct {
	cache   *mapCache
	meas    render.TextMeasurer
	lights  lightStates
	actors  actorCache
	xy      []float64    // screen polyline scratch
	ring    []mgl64.Vec3 // world polyline scratch
	markOff []mgl64.Vec3 // a double road mark's line, scratch
	legend  legendLayout
	pinned  []pinnedLabel // labels Finish puts at exact spots (the legend)
	// flashes remembers recent collisions so that their flash lasts
	// FlashDuration of replay time, not one frame.
	flashes flashes
	trail   []mgl64.Vec3 // a trail run's points, scratch
	paths   wholePaths   // every track thinned, for Paths.All
	boxes   trailBoxes   // culling boxes along every track
	// seen is the legend's rows whose colours the last frame drew: the
	// legend lists only those.
	seen legendSeen
	// short: the last frame asked for the legend collapsed
	// (LegendShort); shortNow: legendBox laid it out collapsed (asked,
	// or too tall whole).
	short, shortNow bool
	net             *netCache // the OpenDRIVE map (SetRoads), nil when none
}

// New returns a Renderer with no map, measuring label text with
// render.NewBasicFace (the face both backends draw with).
func New() *Renderer {
	return &Renderer{meas: render.NewBasicFace(), cache: newMapCache(&scene.Map{})}
}

// SetMeasurer sets how label text is measured; it must match the face the
// backend draws labels with. nil restores the default.
func (r *Renderer) SetMeasurer(m render.TextMeasurer) {
	if m == nil {
		m = render.NewBasicFace()
	}
	r.meas = m
	r.legend = legendLayout{}
}

// Measurer returns the TextMeasurer the labels are placed with.
func (r *Renderer) Measurer() render.TextMeasurer { return r.meas }

// SetMap replaces the map and rebuilds its static geometry (smoothed
// curves, arrows, stop lines, lights). nil means no map. It is the only
// costly call; do it once per loaded map, not per frame.
func (r *Renderer) SetMap(m *scene.Map) {
	if m == nil {
		m = &scene.Map{}
	}
	r.cache = newMapCache(m)
}

// Map returns the map set by SetMap (an empty map if none).
func (r *Renderer) Map() *scene.Map { return r.cache.m }

// Build makes one whole frame: it resets dl to view, adds the scene
// (Add) and finishes the list (placing labels with the Renderer's
// measurer). st may be nil to draw the map alone. After Build, hand
// dl.Vertices(), dl.Indices() and dl.Labels() to a backend.
func (r *Renderer) Build(dl *render.DrawList, view *render.View, st *scene.State, opt Options) {
	dl.Reset(view)
	r.Add(dl, st, opt)
	r.Finish(dl)
}

// Finish finishes dl after Add (and the caller's own shapes): it orders
// the triangles, places the labels with the Renderer's measurer and pins
// the legend's texts to their rows.
func (r *Renderer) Finish(dl *render.DrawList) {
	dl.Finish(r.meas)
	r.pin(dl)
}

// Add draws the scene into dl, which must have been Reset with the
// frame's view, without finishing it: the caller may add its own shapes
// (AI paths, overlays) and then call r.Finish(dl).
func (r *Renderer) Add(dl *render.DrawList, st *scene.State, opt Options) {
	v := dl.View()
	r.pinned = r.pinned[:0]
	r.seen = legendSeen{}
	r.short = opt.LegendShort
	if opt.Layers.Has(Grid) {
		r.drawGrid(dl, v)
	}
	r.lights.match(r.cache, st)
	r.drawMap(dl, v, opt)
	r.drawRoadNet(dl, v, st, opt)
	r.drawPaths(dl, v, st, opt)
	if st != nil {
		r.drawActors(dl, v, st, opt)
		r.drawCollisions(dl, v, st, opt)
	}
	if opt.Ghost != nil && st != nil {
		r.drawGhostRun(dl, v, st, opt.Ghost, opt)
	}
	if opt.Layers.Has(Legend) {
		r.drawLegend(dl, v)
	}
}

// drawGrid draws the ground grid at the map's level around the ground
// point at the middle of the screen.
func (r *Renderer) drawGrid(dl *render.DrawList, v *render.View) {
	z := r.cache.groundZ
	c, ok := v.GroundPoint(v.Viewport.Width/2, v.Viewport.Height/2, z)
	if !ok {
		c = mgl64.Vec3{v.Eye[0], v.Eye[1], z}
	}
	dl.Grid(c, render.GridStyle{Color: colGrid, MajorColor: colGridMajor, ScaleColor: colScale})
}

// Bounds returns the box "frame all" should fit: the map and every actor
// of st (st may be nil) except spectators and sensors, which CARLA may
// park far away. An empty scene gives a 100 m box around the origin.
func (r *Renderer) Bounds(st *scene.State) render.AABB {
	b := r.cache.bounds
	if r.net != nil && !r.net.bounds.IsEmpty() {
		b = b.Extend(r.net.bounds.Min).Extend(r.net.bounds.Max)
	}
	if st != nil {
		for i := range st.Actors {
			a := &st.Actors[i]
			if a.Kind == scene.KindSpectator || a.Kind == scene.KindSensor {
				continue
			}
			p := a.World.Location
			if !finite3(p) {
				continue
			}
			b = b.Extend(p.Sub(mgl64.Vec3{2, 2, 0})).Extend(p.Add(mgl64.Vec3{2, 2, 2}))
		}
	}
	if b.IsEmpty() {
		return render.AABB{Min: mgl64.Vec3{-50, -50, 0}, Max: mgl64.Vec3{50, 50, 10}}
	}
	return b
}

// nearPPM is the largest scale, in device pixels per metre, anything in
// box b is seen at: the scale at its corner nearest the camera.
func nearPPM(v *render.View, b render.AABB) float64 {
	if v.Ortho {
		return v.Focal
	}
	d := math.Inf(1)
	for i := range 8 {
		d = min(d, v.Depth(b.Corner(i)))
	}
	return v.Focal / max(d, v.Near, 1e-6)
}

func finite3(p mgl64.Vec3) bool {
	return !math.IsNaN(p[0]+p[1]+p[2]) && !math.IsInf(p[0]+p[1]+p[2], 0)
}

// LabelSize is the label text size in logical pixels.
const LabelSize = 13

// LabelFace returns the face labels are drawn and measured with: Go
// Regular at LabelSize logical pixels for a device scale (0 means 1).
// The window's text layer and `viewer shot` both use it, with
// SetMeasurer, so that they lay labels out alike.
func LabelFace(scale float64) (*render.FontFace, error) {
	if !(scale > 0) || math.IsInf(scale, 0) {
		scale = 1
	}
	return render.NewGoFace(LabelSize * scale)
}
