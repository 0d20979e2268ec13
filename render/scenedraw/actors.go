package scenedraw

import (
	"math"
	"strings"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/mm2carla/viewer/format/recorder"
	"github.com/mm2carla/viewer/render"
	"github.com/mm2carla/viewer/scene"
)

// Label priorities: what the user follows is labelled first, then the
// actors nearer the camera (the placer's tie-break), map ids last.
const (
	prioSelected     = 1000
	prioHovered      = 900
	prioHero         = 800
	prioVehicle      = 30
	prioWalker       = 20
	prioOther        = 10
	prioIntersection = 1
)

// Sizes in device pixels.
const (
	minBoxPx   = 3.0  // an actor smaller than this on screen is drawn as a dot
	minLabelPx = 16.0 // an actor smaller than this gets no label (unless followed)
	markerPx   = 12.0
)

// actorStyle is how one actor is drawn this frame.
type actorStyle struct {
	body     render.Color
	ring     render.Color // ground ring; zero alpha: none
	marker   render.Color // chevron above; zero alpha: none
	priority int32
	always   bool // label even when small
}

func (r *Renderer) style(a *scene.Actor, in *actorInfo, opt Options) actorStyle {
	s := actorStyle{body: kindColor(a.Kind), priority: prioOther}
	if opt.VehicleColors && a.Kind.IsVehicle() && in.hasColor {
		s.body = liftColor(in.color)
	}
	switch {
	case a.Kind.IsVehicle():
		s.priority = prioVehicle
	case a.Kind == scene.KindWalker:
		s.priority = prioWalker
	}
	if a.Hero {
		s.body, s.ring, s.marker = colHero, colHero, colHero
		s.priority, s.always = prioHero, true
	}
	switch a.ID {
	case opt.Selected:
		s.body = brighten(s.body, 0.35)
		s.ring, s.marker = colSelect, colSelect
		s.priority, s.always = prioSelected, true
	case opt.Hovered:
		s.body = brighten(s.body, 0.2)
		if s.ring.A == 0 {
			s.ring = colHover
		}
		s.priority, s.always = max(s.priority, prioHovered), true
	}
	return s
}

// drawActors draws every actor of st but spectators.
func (r *Renderer) drawActors(dl *render.DrawList, v *render.View, st *scene.State, opt Options) {
	r.actors.trim(len(st.Actors))
	for i := range st.Actors {
		a := &st.Actors[i]
		switch a.Kind {
		case scene.KindSpectator:
			continue
		case scene.KindTrafficLight, scene.KindSign:
			if opt.Layers.Has(Lights) {
				r.drawSignal(dl, v, a)
			}
			continue
		case scene.KindSensor:
			r.drawSensor(dl, v, st, a, opt)
			continue
		}
		r.drawBody(dl, v, a, opt)
	}
}

// pose is an actor's box in world space.
type pose struct {
	center, half mgl64.Vec3
	rot          mgl64.Mat3
}

func poseOf(a *scene.Actor) pose {
	m := a.World.Rotation.Matrix()
	c := a.World.Location.Add(m.Mul3x1(a.Box.Center))
	h := a.Box.Extent
	h = mgl64.Vec3{max(h[0], 0.05), max(h[1], 0.05), max(h[2], 0.05)}
	return pose{center: c, half: h, rot: m}
}

// local returns the world point at p in the box's frame (from its centre).
func (p *pose) local(x, y, z float64) mgl64.Vec3 {
	return p.center.Add(p.rot.Mul3x1(mgl64.Vec3{x, y, z}))
}

func (r *Renderer) drawBody(dl *render.DrawList, v *render.View, a *scene.Actor, opt Options) {
	p := poseOf(a)
	if !finite3(p.center) || !v.SphereVisible(p.center, p.half.Len()+1) {
		return
	}
	in := r.actors.get(a)
	s := r.style(a, in, opt)
	r.seen.actor(a)
	ppm := v.PixelsPerMetreAt(p.center)
	size := 2 * max(p.half[0], p.half[1]) * ppm
	foot := p.local(0, 0, -p.half[2])
	if size < minBoxPx {
		dl.Pole(render.LayerObjects, foot, 2*p.half[2], 2, s.body, 0.01, s.body)
	} else {
		dl.Box(render.LayerObjects, p.center, p.half, p.rot, s.body)
		if a.Kind.IsVehicle() && (a.LightBits&recorder.LightBrake != 0 || a.Control.Brake > 0.1) {
			r.seen.on(legendBrake)
			brakeLights(dl, &p, a.Kind == scene.KindBike)
		}
	}
	if s.ring.A > 0 {
		r.groundRing(dl, v, foot, math.Hypot(p.half[0], p.half[1])+0.6, s.ring)
	}
	label := opt.Layers.Has(Labels) && (s.always || size >= minLabelPx)
	if !label && s.marker.A == 0 {
		return
	}
	x, y, d, ok := p.screenTop(v)
	if !ok {
		return
	}
	if s.marker.A > 0 {
		r.chevron(dl, v, x, y, s.marker)
		y -= (markerPx + 4) * v.Viewport.DeviceScale() // the label above the marker
	}
	if label && v.Viewport.RectVisible(x, y, x, y) {
		dl.AddLabel(render.Label{X: x, Y: y, Depth: d, Text: in.label, Color: colLabel, Background: colLabelB, Priority: s.priority})
	}
}

// screenTop is where an actor's marker and label hang: above the centre
// of its roof, at the height of the roof's highest corner on screen, so
// that neither covers the actor however close the camera is. ok is false
// when the roof's centre is behind the near plane.
func (p *pose) screenTop(v *render.View) (x, y, depth float64, ok bool) {
	x, y, depth, ok = v.WorldToScreen(p.local(0, 0, p.half[2]))
	if !ok {
		return
	}
	for _, c := range [4][2]float64{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}} {
		if _, cy, _, cok := v.WorldToScreen(p.local(c[0]*p.half[0], c[1]*p.half[1], p.half[2])); cok {
			y = min(y, cy)
		}
	}
	return x, y, depth, true
}

// Sensor markers: a cube sensorPx device pixels wide, within these sizes
// in metres, drawn once a metre is at least sensorPPM pixels (a car is
// then some twenty pixels long).
const (
	sensorPx        = 7.0
	sensorMinHalf   = 0.03
	sensorMaxHalf   = 0.25
	sensorPPM       = 4.0
	sensorRoofLift  = 0.02 // a marker on a roof floats this far above it
	sensorInsideTol = 0.05 // metres of slack when testing "inside the parent"
)

// drawSensor marks a sensor with a small cube of a fixed on-screen size
// where it is mounted. Many sensors (collision, lane invasion, IMU) sit
// at their parent's origin, inside its box, where no cube could be seen:
// those are marked on the parent's roof above their mount point.
func (r *Renderer) drawSensor(dl *render.DrawList, v *render.View, st *scene.State, a *scene.Actor, opt Options) {
	p := a.World.Location
	if !finite3(p) || !v.SphereVisible(p, 3) {
		return
	}
	ppm := v.PixelsPerMetreAt(p)
	if ppm < sensorPPM && a.ID != opt.Selected && a.ID != opt.Hovered {
		return
	}
	h := min(max(sensorPx/2/ppm, sensorMinHalf), sensorMaxHalf)
	rot := a.World.Rotation.Matrix()
	if par := st.Actor(a.Parent); a.Parent != 0 && par != nil {
		pp := poseOf(par)
		l := pp.rot.Transpose().Mul3x1(p.Sub(pp.center))
		if math.Abs(l[0]) <= pp.half[0]+sensorInsideTol && math.Abs(l[1]) <= pp.half[1]+sensorInsideTol && l[2] <= pp.half[2] {
			p, rot = pp.local(l[0], l[1], pp.half[2]+h+sensorRoofLift), pp.rot
		}
	}
	s := r.style(a, r.actors.get(a), opt)
	r.seen.actor(a)
	dl.Box(render.LayerObjects, p, mgl64.Vec3{h, h, h}, rot, s.body)
}

// brakeLights adds the red lamps at the rear of a braking vehicle: two
// thin boxes just behind the rear face (one for a bike). They sort on
// their own depth, so the body hides them when seen from the front.
func brakeLights(dl *render.DrawList, p *pose, bike bool) {
	h := mgl64.Vec3{0.04, min(0.22, p.half[1]*0.2), min(0.09, p.half[2]*0.12)}
	x, z := -p.half[0]-0.04, p.half[2]*0.25
	if bike {
		dl.Box(render.LayerObjects, p.local(x, 0, z), h, p.rot, colBrake)
		return
	}
	y := p.half[1] - h[1] - 0.05
	dl.Box(render.LayerObjects, p.local(x, y, z), h, p.rot, colBrake)
	dl.Box(render.LayerObjects, p.local(x, -y, z), h, p.rot, colBrake)
}

// liftColor raises a recorded paint colour toward white by a fixed
// share: black and dark grey cars are common in CARLA and would vanish on
// the dark road, while hues stay recognisable.
func liftColor(c render.Color) render.Color {
	const floor = 0.4
	return render.Color{R: floor + (1-floor)*c.R, G: floor + (1-floor)*c.G, B: floor + (1-floor)*c.B, A: c.A}
}

// drawSignal draws a recorded traffic light or sign as a pole: a light's
// lamp in its state's colour, a sign's head by its type (a stop sign's
// red head lists the legend's "stop sign": beside a junction's lights,
// as the demo's temporary signs stand by lights out of order, it read
// as one more lamp, showing red). A light standing
// at a map light is left out: the map light already shows its state, and
// two lamps at one corner read as two lights.
func (r *Renderer) drawSignal(dl *render.DrawList, v *render.View, a *scene.Actor) {
	base := a.World.Location
	if !finite3(base) || !v.SphereVisible(base, 6) {
		return
	}
	if a.Kind == scene.KindTrafficLight && r.cache.nearMapLight(base) {
		return
	}
	ppm := v.PixelsPerMetreAt(base)
	w := lineWidth(ppm, 0.15, 1.5, 4)
	if a.Kind == scene.KindTrafficLight {
		col := lightColor(recorder.LightUnknown)
		if a.TrafficLight != nil {
			col = lightColor(a.TrafficLight.State)
			r.seen.light(a.TrafficLight.State)
		}
		h := min(max(2*a.Box.Extent[2], 3), 8)
		dl.Pole(render.LayerObjects, base, h, w, colPole, lampRadius, col)
		return
	}
	if strings.Contains(a.Blueprint, "stop") {
		r.seen.on(legendRuleStop) // the legend's "stop sign" names the red head, which else reads as a red lamp
	}
	dl.Pole(render.LayerObjects, base, 2.2, w, colPole, 0.3, signColor(a.Blueprint))
}

// signColor tells stop and yield signs from the rest.
func signColor(bp string) render.Color {
	switch {
	case strings.Contains(bp, "stop"):
		return render.RGB(0xe5, 0x20, 0x20)
	case strings.Contains(bp, "yield"):
		return render.RGB(0xff, 0xb0, 0x20)
	}
	return kindColor(scene.KindSign)
}

// groundRing draws a circle of radius metres on the ground around foot.
func (r *Renderer) groundRing(dl *render.DrawList, v *render.View, foot mgl64.Vec3, radius float64, col render.Color) {
	const n = 32
	r.ring = r.ring[:0]
	c := foot.Add(mgl64.Vec3{0, 0, 0.05})
	for i := range n + 1 {
		s, co := math.Sincos(2 * math.Pi * float64(i) / n)
		r.ring = append(r.ring, c.Add(mgl64.Vec3{co * radius, s * radius, 0}))
	}
	w := lineWidth(v.PixelsPerMetreAt(c), 0.15, 2, 4)
	dl.Polyline3D(render.LayerPath, r.ring, w, col)
}

// chevron draws a screen-space marker pointing down at (x, y), drawn
// over everything so a followed actor is found even when hidden.
func (r *Renderer) chevron(dl *render.DrawList, v *render.View, x, y float64, col render.Color) {
	s := v.Viewport.DeviceScale()
	m := markerPx * s
	y -= 4 * s
	dl.Triangle2D(render.LayerOverlay, x-m/2, y-m, x+m/2, y-m, x, y, col)
	dl.Triangle2D(render.LayerOverlay, x-m/4, y-m*0.85, x+m/4, y-m*0.85, x, y-m*0.3, Background)
}
