package scene

import (
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/mm2carla/viewer/format/recorder"
)

// applyFrame applies one whole frame of packets.
func applyFrame(w *World, id uint64, elapsed float64, pkts ...recorder.Packet) {
	w.Apply(&recorder.FrameStart{Frame: id, Duration: -1, Elapsed: elapsed})
	for _, p := range pkts {
		w.Apply(p)
	}
	w.Apply(&recorder.FrameEnd{})
}

func addActor(id uint32, typ recorder.ActorType, bp string, loc, rot recorder.Vec3, attrs ...recorder.Attribute) recorder.ActorAdd {
	return recorder.ActorAdd{ID: id, Type: typ, Location: loc, Rotation: rot, UID: id * 10, Description: bp, Attributes: attrs}
}

func pos(id uint32, x, y, z, yaw float64) recorder.Position {
	return recorder.Position{ID: id, Location: recorder.Vec3{X: x, Y: y, Z: z}, Rotation: recorder.Vec3{Z: yaw}}
}

var hero = recorder.Attribute{Type: recorder.AttrString, Key: "role_name", Value: "hero"}

func TestWorldAddPositionsDelete(t *testing.T) {
	w := NewWorld()
	applyFrame(w, 1, 0,
		&recorder.EventAdd{Actors: []recorder.ActorAdd{
			addActor(20, 1, "vehicle.tesla.model3", recorder.Vec3{X: 100}, recorder.Vec3{}, hero),
			addActor(5, 3, "traffic.traffic_light", recorder.Vec3{X: 500, Y: 200}, recorder.Vec3{Z: 90}),
			addActor(7, 2, "walker.pedestrian.0001", recorder.Vec3{}, recorder.Vec3{}),
		}},
		&recorder.Positions{Records: []recorder.Position{pos(20, 200, 300, 40, 90)}},
		&recorder.TrafficLightStates{Records: []recorder.TrafficLightState{{ID: 5, State: recorder.LightGreen, Elapsed: 1.5}}},
		&recorder.TrafficLightTimes{Records: []recorder.TrafficLightTime{{ID: 5, Green: 10, Yellow: 3, Red: 12}}},
		&recorder.VehicleAnimations{Records: []recorder.VehicleAnimation{{ID: 20, Steering: 0.1, Throttle: 0.5, Gear: 2}}},
		&recorder.WalkerAnimations{Records: []recorder.WalkerAnimation{{ID: 7, Speed: 140}}},
		&recorder.VehicleLights{Records: []recorder.VehicleLight{{ID: 20, Bits: recorder.LightBrake}}},
		&recorder.BoundingBoxes{Records: []recorder.Box{{ID: 20, Origin: recorder.Vec3{Z: 70}, Extent: recorder.Vec3{X: 240, Y: 100, Z: 75}}}},
		&recorder.VehicleDoors{Records: []recorder.VehicleDoor{{ID: 20, Door: 2, Open: true}}},
		&recorder.Weather{Cloudiness: 30},
		&recorder.Positions{Records: []recorder.Position{pos(999, 1, 2, 3, 0)}}, // unknown actor: ignored
	)
	var s State
	w.State(&s)
	if len(s.Actors) != 3 || s.Actors[0].ID != 5 || s.Actors[1].ID != 7 || s.Actors[2].ID != 20 {
		t.Fatalf("actors not sorted by id: %+v", s.Actors)
	}
	car := s.Actor(20)
	if car == nil || !car.Hero || car.Kind != KindCar || car.UID != 200 {
		t.Fatalf("car %+v", car)
	}
	if car.World.Location != (mgl64.Vec3{2, -3, 0.4}) || car.World.Rotation.Yaw != -90 {
		t.Errorf("car world %+v: position record not applied", car.World)
	}
	if !car.BoxRecorded || car.Box.Extent != (mgl64.Vec3{2.4, 1, 0.75}) || car.Box.Center != (mgl64.Vec3{0, 0, 0.7}) {
		t.Errorf("car box %+v", car.Box)
	}
	if car.Control.Throttle != 0.5 || car.Control.Gear != 2 || car.LightBits != recorder.LightBrake || car.Doors != 4 {
		t.Errorf("car control/lights/doors %+v %x %b", car.Control, car.LightBits, car.Doors)
	}
	light := s.Actor(5)
	if light.TrafficLight == nil || light.TrafficLight.State != recorder.LightGreen || light.TrafficLight.Red != 12 {
		t.Errorf("light %+v", light.TrafficLight)
	}
	if light.World.Location != (mgl64.Vec3{5, -2, 0}) || light.World.Rotation.Yaw != -90 || light.BoxRecorded {
		t.Errorf("light without positions must stay at its spawn pose: %+v", light.World)
	}
	if wk := s.Actor(7); wk.WalkerSpeed != 1.4 || wk.Kind != KindWalker {
		t.Errorf("walker %+v", wk)
	}
	if s.Weather == nil || s.Weather.Cloudiness != 30 {
		t.Errorf("weather %+v", s.Weather)
	}
	if s.Actor(6) != nil || s.Actor(999) != nil {
		t.Error("Actor found an id that does not exist")
	}

	applyFrame(w, 2, 0.05, &recorder.EventDel{IDs: []uint32{7, 12345}},
		&recorder.VehicleDoors{Records: []recorder.VehicleDoor{{ID: 20, Door: 2}}})
	w.State(&s)
	if len(s.Actors) != 2 || s.Actor(7) != nil {
		t.Fatalf("delete: %d actors", len(s.Actors))
	}
	// No position this frame: the car stays where its last record put it.
	if c := s.Actor(20); c.World.Location != (mgl64.Vec3{2, -3, 0.4}) || c.Doors != 0 {
		t.Errorf("car after a frame without position: %+v doors %b", c.World, c.Doors)
	}
	if s.FrameID != 2 || s.Frame != 1 || s.Time != 0.05 {
		t.Errorf("frame %d/%d at %v", s.Frame, s.FrameID, s.Time)
	}
}

func TestSensorFollowsParentThroughRotation(t *testing.T) {
	w := NewWorld()
	applyFrame(w, 1, 0,
		&recorder.EventAdd{Actors: []recorder.ActorAdd{
			addActor(1, 1, "vehicle.audi.tt", recorder.Vec3{X: 1000, Y: 2000}, recorder.Vec3{}, hero),
			// A camera 5.5 m behind and 2.8 m above, pitched down 15
			// degrees: CARLA records an attached sensor's spawn pose as
			// its offset from the parent.
			addActor(2, 5, "sensor.camera.rgb", recorder.Vec3{X: -550, Z: 280}, recorder.Vec3{Y: -15}),
		}},
		&recorder.EventParent{Links: []recorder.ParentLink{{Child: 2, Parent: 1}}},
		&recorder.Positions{Records: []recorder.Position{pos(1, 1000, 2000, 0, 0)}},
	)
	var s State
	w.State(&s)
	cam := s.Actor(2)
	if cam.Parent != 1 || !nearVec(cam.Local.Location, mgl64.Vec3{-5.5, 0, 2.8}, 1e-12) || !near(cam.Local.Rotation.Pitch, -15, 1e-9) {
		t.Fatalf("camera local %+v parent %d", cam.Local, cam.Parent)
	}
	if !nearVec(cam.World.Location, mgl64.Vec3{4.5, -20, 2.8}, 1e-9) {
		t.Errorf("camera at %v, want (4.5, -20, 2.8) behind the car", cam.World.Location)
	}
	// The car moves 10 m forward and turns to Unreal yaw 90 (its right,
	// world yaw -90): the camera must be behind it, i.e. at world +Y.
	applyFrame(w, 2, 0.05, &recorder.Positions{Records: []recorder.Position{pos(1, 1000, 0, 0, 90)}})
	w.State(&s)
	cam = s.Actor(2)
	if !nearVec(cam.World.Location, mgl64.Vec3{10, 5.5, 2.8}, 1e-9) {
		t.Errorf("camera at %v, want (10, 5.5, 2.8)", cam.World.Location)
	}
	if !nearRot(cam.World.Rotation, Rotation{Pitch: -15, Yaw: -90}, 1e-9) {
		t.Errorf("camera rotation %v, want pitch -15 yaw -90", cam.World.Rotation)
	}
	if len(s.Problems) != 0 {
		t.Errorf("problems %v", s.Problems)
	}
}

func TestParentCycleAndMissingParent(t *testing.T) {
	w := NewWorld()
	applyFrame(w, 1, 0,
		&recorder.EventAdd{Actors: []recorder.ActorAdd{
			addActor(1, 0, "sensor.a", recorder.Vec3{X: 100}, recorder.Vec3{}),
			addActor(2, 0, "sensor.b", recorder.Vec3{X: 200}, recorder.Vec3{}),
			addActor(3, 0, "sensor.c", recorder.Vec3{X: 300}, recorder.Vec3{}),
			addActor(4, 0, "sensor.d", recorder.Vec3{X: 400}, recorder.Vec3{}),
		}},
		&recorder.EventParent{Links: []recorder.ParentLink{{Child: 1, Parent: 2}, {Child: 2, Parent: 1}, {Child: 3, Parent: 3}, {Child: 4, Parent: 77}}},
	)
	var s State
	w.State(&s)
	joined := strings.Join(s.Problems, "\n")
	for _, want := range []string{"actor 1: parent chain", "actor 2: parent chain", "actor 3: parent chain", "actor 4: parent 77 does not exist"} {
		if !strings.Contains(joined, want) {
			t.Errorf("problems %q lack %q", joined, want)
		}
	}
	// Every actor stays where it was.
	for i, a := range s.Actors {
		if a.World.Location[0] != float64(i+1) {
			t.Errorf("actor %d moved to %v", a.ID, a.World.Location)
		}
	}
	// Detaching clears the problem and keeps the actor in place.
	applyFrame(w, 2, 0.1, &recorder.EventParent{Links: []recorder.ParentLink{{Child: 4, Parent: 0}}})
	w.State(&s)
	if a := s.Actor(4); a.Parent != 0 || a.World.Location[0] != 4 {
		t.Errorf("detached %+v", a)
	}
	if strings.Contains(strings.Join(s.Problems, "\n"), "actor 4") {
		t.Errorf("problem for detached actor: %v", s.Problems)
	}
}

func TestWorldDistanceAndTeleport(t *testing.T) {
	w := NewWorld()
	applyFrame(w, 1, 0, &recorder.EventAdd{Actors: []recorder.ActorAdd{addActor(1, 1, "vehicle.a.b", recorder.Vec3{}, recorder.Vec3{})}},
		&recorder.Positions{Records: []recorder.Position{pos(1, 0, 0, 0, 0)}})
	applyFrame(w, 2, 0.1, &recorder.Positions{Records: []recorder.Position{pos(1, 300, 400, 0, 0)}})    // 5 m
	applyFrame(w, 3, 0.2, &recorder.Positions{Records: []recorder.Position{pos(1, 300, 400, 5000, 0)}}) // 50 m in 0.1 s: teleport
	applyFrame(w, 4, 0.3, &recorder.Positions{Records: []recorder.Position{pos(1, 300, 400, 5100, 0)}}) // 1 m
	var s State
	w.State(&s)
	if d := s.Actor(1).Distance; !near(d, 6, 1e-9) {
		t.Errorf("distance %v, want 6 (teleport excluded)", d)
	}
}

func TestWorldEvents(t *testing.T) {
	w := NewWorld()
	var evs []Event
	w.events = &evs
	light := func(s recorder.LightState) recorder.Packet {
		return &recorder.TrafficLightStates{Records: []recorder.TrafficLightState{{ID: 9, State: s}}}
	}
	coll := &recorder.Collisions{Records: []recorder.Collision{{ID: 3, Actor1: 1, Actor2: 2}}}
	applyFrame(w, 1, 0, &recorder.EventAdd{Actors: []recorder.ActorAdd{
		addActor(1, 1, "vehicle.a.b", recorder.Vec3{}, recorder.Vec3{}),
		addActor(2, 1, "vehicle.c.d", recorder.Vec3{}, recorder.Vec3{}),
		addActor(9, 3, "traffic.traffic_light", recorder.Vec3{}, recorder.Vec3{}),
	}}, light(recorder.LightRed))
	twice := &recorder.Collisions{Records: []recorder.Collision{{ID: 3, Actor1: 1, Actor2: 2}, {ID: 4, Actor1: 2, Actor2: 1}}}
	applyFrame(w, 2, 1, twice, light(recorder.LightRed))  // one pair, both ways round: one event
	applyFrame(w, 3, 2, coll, light(recorder.LightGreen)) // same pair again: not a new collision, a longer contact
	applyFrame(w, 4, 3, &recorder.EventParent{Links: []recorder.ParentLink{{Child: 2, Parent: 1}}})
	applyFrame(w, 5, 4, coll, &recorder.EventDel{IDs: []uint32{2}})
	want := []Event{
		{Kind: EventSpawn, Actor: 1, Blueprint: "vehicle.a.b"},
		{Kind: EventSpawn, Actor: 2, Blueprint: "vehicle.c.d"},
		{Kind: EventSpawn, Actor: 9, Blueprint: "traffic.traffic_light"},
		{Kind: EventCollision, Time: 1, Frame: 1, Actor: 1, Other: 2, Duration: 1},
		{Kind: EventLight, Time: 2, Frame: 2, Actor: 9, Light: recorder.LightGreen},
		{Kind: EventParent, Time: 3, Frame: 3, Actor: 2, Other: 1},
		{Kind: EventDestroy, Time: 4, Frame: 4, Actor: 2, Blueprint: "vehicle.c.d"},
		{Kind: EventCollision, Time: 4, Frame: 4, Actor: 1, Other: 2},
	}
	if len(evs) != len(want) {
		t.Fatalf("events %+v", evs)
	}
	for i := range want {
		if evs[i] != want[i] {
			t.Errorf("event %d = %+v, want %+v", i, evs[i], want[i])
		}
	}
	for k, name := range map[EventKind]string{EventSpawn: "spawn", EventBlocked: "blocked", EventCollision: "collision", 0: "EventKind(0)", 99: "EventKind(99)"} {
		if k.String() != name {
			t.Errorf("EventKind %d is %q, want %q", k, k, name)
		}
	}
}
