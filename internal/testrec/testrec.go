// Package testrec writes small synthetic CARLA recordings whose content is
// known exactly, for the tests of the loader and the desktop app: a hero
// car and a second car that collide, a walker, a traffic light that
// changes state, and a car that is spawned and destroyed mid-way.
//
// It exists so those tests do not depend on the real recordings in the
// shared test data (which have no collisions and few events) nor on the
// demo's content, which may change.
//
// It is under internal/ because it is for tests only: the tests of any
// floor may import it (today those of ui, ui/app and ui/loader), no
// production code may (internal/housetest checks both).
package testrec

import (
	"bytes"

	"github.com/mm2carla/viewer/format/recorder"
)

// Actor ids of the recording.
const (
	Light   uint32 = 10  // traffic.traffic_light, spawned in frame 0
	Hero    uint32 = 100 // vehicle.tesla.model3, role_name hero
	Other   uint32 = 101 // vehicle.audi.tt, collides with the hero
	Walker  uint32 = 102 // walker.pedestrian.0001
	Visitor uint32 = 103 // vehicle.carlamotors.carlacola, spawned then destroyed
)

// Timing of the recording.
const (
	Hz             = 20         // frames a second
	CollisionFrame = 40         // the hero and Other start touching
	VisitorIn      = 20         // frame that spawns Visitor
	VisitorOut     = 60         // frame that destroys it
	LightEvery     = 30         // the light changes state every so many frames
	HeroSpeed      = 10.0       // m/s along +X
	MapName        = "Town01"   // the header's map
	Date           = 1700000000 // the header's date, Unix seconds
	Blueprint      = "vehicle.tesla.model3"
)

// Bytes returns a recording of frames frames (at least 1). The last frame
// has duration -1, as CARLA writes a finished recording.
func Bytes(frames int) []byte { return BytesWith(frames, nil) }

// BytesWith is Bytes with each packet handed to edit (frame index, packet)
// before it is written, so a test can build a variant of the recording: a
// second run with one actor elsewhere, say. A nil edit changes nothing.
func BytesWith(frames int, edit func(f int, p recorder.Packet)) []byte {
	var b bytes.Buffer
	w, err := recorder.NewWriter(&b, recorder.Header{Version: 1, Map: MapName, Date: Date}, recorder.Layout{})
	if err != nil {
		panic(err) // only for strings too long, which these are not
	}
	for f := range max(frames, 1) {
		for _, p := range frame(f, frames) {
			if edit != nil {
				edit(f, p)
			}
			w.Write(p)
		}
	}
	if err := w.Flush(); err != nil {
		panic(err)
	}
	return b.Bytes()
}

func attrs(kv ...string) []recorder.Attribute {
	var out []recorder.Attribute
	for i := 0; i+1 < len(kv); i += 2 {
		out = append(out, recorder.Attribute{Type: recorder.AttrString, Key: kv[i], Value: kv[i+1]})
	}
	return out
}

// spawns lists the actors frame f adds.
func spawns(f int) []recorder.ActorAdd {
	var adds []recorder.ActorAdd
	if f == 0 {
		adds = append(adds,
			recorder.ActorAdd{ID: Light, Type: recorder.ActorTrafficLight, Location: recorder.Vec3{X: 3000, Y: -800},
				Description: "traffic.traffic_light"},
			recorder.ActorAdd{ID: Hero, Type: recorder.ActorVehicle, Description: Blueprint,
				Attributes: attrs("role_name", "hero", "color", "255,0,0", "number_of_wheels", "4")},
			recorder.ActorAdd{ID: Other, Type: recorder.ActorVehicle, Description: "vehicle.audi.tt",
				Attributes: attrs("role_name", "autopilot")},
			recorder.ActorAdd{ID: Walker, Type: recorder.ActorWalker, Description: "walker.pedestrian.0001",
				Attributes: attrs("speed", "1.4")},
		)
	}
	if f == VisitorIn {
		adds = append(adds, recorder.ActorAdd{ID: Visitor, Type: recorder.ActorVehicle,
			Description: "vehicle.carlamotors.carlacola", Location: recorder.Vec3{X: 0, Y: 2000}})
	}
	return adds
}

func frame(f, frames int) []recorder.Packet {
	dt := 1.0 / Hz
	dur := dt
	if f == frames-1 {
		dur = -1
	}
	t := float64(f) * dt
	ps := []recorder.Packet{&recorder.FrameStart{Frame: uint64(f + 1), Duration: dur, Elapsed: t}}
	adds := spawns(f)
	if len(adds) > 0 {
		ps = append(ps, &recorder.EventAdd{Actors: adds})
	}
	if f == VisitorOut {
		ps = append(ps, &recorder.EventDel{IDs: []uint32{Visitor}})
	}
	if f == CollisionFrame {
		ps = append(ps, &recorder.Collisions{Records: []recorder.Collision{{ID: 1, Actor1: Hero, Actor2: Other, Hero1: true}}})
	}
	heroX := HeroSpeed * t * 100 // cm
	pos := []recorder.Position{
		{ID: Hero, Location: recorder.Vec3{X: heroX, Z: 0}},
		// Other waits ahead of the hero, which reaches it at CollisionFrame.
		{ID: Other, Location: recorder.Vec3{X: HeroSpeed*CollisionFrame*dt*100 + 450, Z: 0}},
		{ID: Walker, Location: recorder.Vec3{X: 1000, Y: 500 + 140*t}, Rotation: recorder.Vec3{Z: 90}},
	}
	if f >= VisitorIn && f < VisitorOut {
		pos = append(pos, recorder.Position{ID: Visitor, Location: recorder.Vec3{X: 500 * t, Y: 2000}})
	}
	ps = append(ps, &recorder.Positions{Records: pos})
	state := recorder.LightState((f / LightEvery) % 3) // red, yellow, green
	ps = append(ps, &recorder.TrafficLightStates{Records: []recorder.TrafficLightState{
		{ID: Light, State: state, Elapsed: float32(f%LightEvery) * float32(dt)},
	}})
	brake := float32(0)
	if f >= CollisionFrame {
		brake = 1
	}
	ps = append(ps,
		&recorder.VehicleAnimations{Records: []recorder.VehicleAnimation{
			{ID: Hero, Throttle: 0.5, Brake: brake, Steering: -0.25, Gear: 1},
		}},
		&recorder.WalkerAnimations{Records: []recorder.WalkerAnimation{{ID: Walker, Speed: 140}}},
		&recorder.VehicleLights{Records: []recorder.VehicleLight{
			{ID: Hero, Bits: recorder.LightPosition | recorder.LightLowBeam | recorder.LightLeftBlinker},
		}},
		&recorder.FrameEnd{},
	)
	return ps
}
