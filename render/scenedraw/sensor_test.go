package scenedraw

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/mm2carla/viewer/render"
	"github.com/mm2carla/viewer/scene"
)

// sensorRect returns the screen rectangle of the sensor colour's vertices
// and the painting position of its first triangle.
func sensorRect(dl *render.DrawList) (r render.Rect, first int) {
	r = render.Rect{MinX: math.Inf(1), MinY: math.Inf(1), MaxX: math.Inf(-1), MaxY: math.Inf(-1)}
	for _, v := range dl.Vertices() {
		if isShadeOf(v.Color, kindColor(scene.KindSensor)) {
			x, y := float64(v.X), float64(v.Y)
			r = render.Rect{MinX: min(r.MinX, x), MinY: min(r.MinY, y), MaxX: max(r.MaxX, x), MaxY: max(r.MaxY, y)}
		}
	}
	first, _ = paintRange(dl, func(c render.Color) bool { return isShadeOf(c, kindColor(scene.KindSensor)) })
	return r, first
}

// TestSensorMarkers: a sensor is a small mark of a fixed on-screen size;
// one mounted at its parent's origin (inside the car) shows on the roof,
// painted after the car; a free sensor shows where it is; from afar there
// is no mark at all.
func TestSensorMarkers(t *testing.T) {
	car := scene.Actor{ID: 1, Kind: scene.KindCar, Box: scene.DefaultBox(scene.KindCar)}
	inside := scene.Actor{ID: 2, Kind: scene.KindSensor, Parent: 1, Blueprint: "sensor.other.imu",
		Box: scene.DefaultBox(scene.KindSensor)}
	free := scene.Actor{ID: 3, Kind: scene.KindSensor, Blueprint: "sensor.camera.rgb",
		Box: scene.DefaultBox(scene.KindSensor), World: scene.Transform{Location: mgl64.Vec3{10, 0, 2}}}
	r := New()
	opt := Options{}
	for _, ppm := range []float64{10, 40} {
		st := &scene.State{Actors: []scene.Actor{car, inside}}
		dl := build(r, topView(mgl64.Vec3{}, ppm), st, opt)
		rect, first := sensorRect(dl)
		w, h := rect.MaxX-rect.MinX, rect.MaxY-rect.MinY
		want := min(sensorPx, 2*sensorMaxHalf*ppm) // at most half a metre wide
		if math.Abs(w-want) > 1 || math.Abs(h-want) > 1 {
			t.Errorf("%g px/m: sensor mark %.1f x %.1f px, want %g px square", ppm, w, h, want)
		}
		_, lastCar := paintRange(dl, func(c render.Color) bool { return isShadeOf(c, kindColor(scene.KindCar)) })
		if first < 0 || first < lastCar {
			t.Errorf("%g px/m: the sensor inside the car is painted at %d, before the car's last triangle %d", ppm, first, lastCar)
		}
		// Seen from the side and above, the mark sits over the roof.
		v := orbitView(mgl64.Vec3{}, 120/ppm)
		dl = build(r, v, st, opt)
		rect, first = sensorRect(dl)
		_, roofY, _, _ := v.WorldToScreen(mgl64.Vec3{0, 0, car.Box.Center[2] + car.Box.Extent[2]})
		_, lastCar = paintRange(dl, func(c render.Color) bool { return isShadeOf(c, kindColor(scene.KindCar)) })
		if first < 0 || (rect.MinY+rect.MaxY)/2 > roofY || first < lastCar {
			t.Errorf("%g px/m orbit: sensor mark %+v painted at %d (car until %d), want it over the roof (y %.1f)",
				ppm, rect, first, lastCar, roofY)
		}
	}
	st := &scene.State{Actors: []scene.Actor{car, free}}
	v := topView(mgl64.Vec3{}, 20)
	dl := build(r, v, st, opt)
	rect, _ := sensorRect(dl)
	x, y, _, _ := v.WorldToScreen(mgl64.Vec3{10, 0, 2})
	if math.Abs((rect.MinX+rect.MaxX)/2-x) > 0.5 || math.Abs((rect.MinY+rect.MaxY)/2-y) > 0.5 {
		t.Errorf("a free sensor's mark is centred at (%.1f, %.1f), want its location (%.1f, %.1f)",
			(rect.MinX+rect.MaxX)/2, (rect.MinY+rect.MaxY)/2, x, y)
	}
	if dl := build(r, topView(mgl64.Vec3{}, sensorPPM/2), st, opt); hasShade(dl, kindColor(scene.KindSensor)) {
		t.Error("a sensor is marked at a city-wide zoom")
	}
}
