package scenetest

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/mm2carla/viewer/format/recorder"
	"github.com/mm2carla/viewer/scene"
)

// Crowd returns a state with n actors spread over m's lanes and
// sidewalks, for benchmarks: one hero, one traffic-light actor at every
// tenth map light (at most a tenth of n), then cars, trucks, bikes and
// walkers in a fixed mix, every fifth vehicle braking. The same map and n
// always give the same state.
func Crowd(m *scene.Map, n int) *scene.State {
	st := &scene.State{Actors: make([]scene.Actor, 0, n)}
	var lanes, walks [][]mgl64.Vec3
	var lights []mgl64.Vec3
	for i := range m.Roads {
		r := &m.Roads[i]
		for _, sd := range []*scene.Side{&r.SideA, &r.SideB} {
			lanes = append(lanes, sd.Lanes...)
			walks = append(walks, sd.Sidewalks...)
		}
		for _, e := range []*scene.RoadEnd{&r.Start, &r.End} {
			if e.HasLight {
				lights = append(lights, e.LightOrigin)
			}
		}
	}
	if len(lanes) == 0 {
		return st
	}
	id := uint32(1)
	add := func(a scene.Actor) {
		a.ID = id
		id++
		st.Actors = append(st.Actors, a)
	}
	for i := 0; i < len(lights) && i/10 < n/10; i += 10 {
		p := lights[i]
		p[2] -= 2.5
		add(scene.Actor{Kind: scene.KindTrafficLight, Blueprint: "traffic.traffic_light",
			World:        scene.Transform{Location: p},
			Box:          scene.DefaultBox(scene.KindTrafficLight),
			TrafficLight: &scene.LightInfo{State: recorder.LightState(i % 3)}})
	}
	for k := 0; len(st.Actors) < n; k++ {
		kind, bp := scene.KindCar, "vehicle.tesla.model3"
		switch k % 20 {
		case 1, 2:
			kind, bp = scene.KindTruck, "vehicle.carlacola.carlacola"
		case 3:
			kind, bp = scene.KindBike, "vehicle.bh.crossbike"
		case 4, 5, 6:
			kind, bp = scene.KindWalker, "walker.pedestrian.0001"
		}
		path := lanes[(k*7919)%len(lanes)]
		if kind == scene.KindWalker && len(walks) > 0 {
			path = walks[(k*104729)%len(walks)]
		}
		p, yaw := alongPath(path, float64((k*37)%90)+2)
		a := scene.Actor{Kind: kind, Blueprint: bp, Box: scene.DefaultBox(kind),
			World: scene.Transform{Location: p, Rotation: scene.Rotation{Yaw: yaw}},
			Hero:  k == 0}
		if kind.IsVehicle() && k%5 == 0 {
			a.LightBits = recorder.LightBrake
		}
		if math.IsNaN(yaw) {
			a.World.Rotation.Yaw = 0
		}
		add(a)
	}
	return st
}
