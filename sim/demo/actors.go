package demo

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/mm2carla/viewer/format/recorder"
	"github.com/mm2carla/viewer/scene"
)

// start creates the world of frame 1 in CARLA's order: the spectator,
// the traffic lights and signs, the vehicles (the hero first), the
// hero's collision sensor attached to it, then the pedestrians. It
// returns the light actors' ids and the spectator's Position record.
func (s *sim) start() (lightIDs []uint32, spec recorder.Position) {
	n := s.net
	specPos := n.centre.Add(mgl64.Vec3{0, -0.8 * n.radius, 0.6*n.radius + 20})
	specRot := scene.Rotation{Pitch: -35, Yaw: 90}
	spec = recorder.Position{ID: s.newID(), Location: scene.ToUnreal(specPos), Rotation: scene.ToUnrealRotation(specRot)}
	s.static(spec.ID, recorder.ActorOther, specPos, specRot, 0, spectatorBlueprint)
	for _, l := range n.lights {
		id := s.newID()
		lightIDs = append(lightIDs, id)
		s.static(id, recorder.ActorTrafficLight, l.pos, scene.Rotation{Yaw: l.yaw}, 0, lightBlueprint)
	}
	for _, g := range n.signs {
		s.static(s.newID(), recorder.ActorTrafficSign, g.pos, scene.Rotation{Yaw: g.yaw}, stopUID, stopBlueprint)
	}
	s.seedVehicles()
	if s.hero >= 0 {
		h := &s.veh[s.hero]
		s.sensor = s.newID()
		s.ev.adds = append(s.ev.adds, recorder.ActorAdd{ID: s.sensor, Type: recorder.ActorSensor,
			Location: scene.ToUnreal(h.pos), Rotation: scene.ToUnrealRotation(rotation(h.yaw, h.pitch)),
			UID: sensorUID, Description: sensorBlueprint,
			Attributes: []recorder.Attribute{{Type: recorder.AttrString, Key: "role_name", Value: "default"}}})
		s.ev.parents = append(s.ev.parents, recorder.ParentLink{Child: s.sensor, Parent: h.id})
	}
	s.seedWalkers()
	return lightIDs, spec
}

// static records the creation of an actor that never moves by itself.
func (s *sim) static(id uint32, t recorder.ActorType, pos mgl64.Vec3, rot scene.Rotation, uid uint32, bp string) {
	s.ev.adds = append(s.ev.adds, recorder.ActorAdd{ID: id, Type: t, Location: scene.ToUnreal(pos),
		Rotation: scene.ToUnrealRotation(rot), UID: uid, Description: bp})
}

// spawned records a new vehicle: its creation with its blueprint's
// attributes, its bounding box and its physics.
func (s *sim) spawned(vi int32) {
	v := &s.veh[vi]
	role := "autopilot"
	switch {
	case v.hero:
		role = "hero"
	case v.rogue:
		role = "rogue"
	}
	s.ev.adds = append(s.ev.adds, recorder.ActorAdd{ID: v.id, Type: recorder.ActorVehicle,
		Location: scene.ToUnreal(v.pos), Rotation: scene.ToUnrealRotation(rotation(v.yaw, v.pitch)),
		UID: v.bp.uid, Description: v.bp.id, Attributes: vehicleAttributes(v.bp, v.color, role)})
	s.ev.boxes = append(s.ev.boxes, recorder.Box{ID: v.id, Origin: recorder.Vec3{Z: v.bp.extent.Z}, Extent: v.bp.extent})
	s.ev.physics = append(s.ev.physics, physicsOf(v.id, v.bp, v.pos, v.yaw))
}

// walkerSpawned records a new pedestrian.
func (s *sim) walkerSpawned(w *walker) {
	s.ev.adds = append(s.ev.adds, recorder.ActorAdd{ID: w.id, Type: recorder.ActorWalker,
		Location: scene.ToUnreal(walkerLocation(w)), Rotation: scene.ToUnrealRotation(rotation(w.yaw, 0)),
		UID: w.bp.uid, Description: w.bp.id, Attributes: walkerAttributes(w.bp, math.Round(w.speed*10)/10)})
	s.ev.boxes = append(s.ev.boxes, recorder.Box{ID: w.id, Extent: walkerExtent})
}
