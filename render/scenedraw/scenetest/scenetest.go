// Package scenetest builds small deterministic scenes, a generated city
// and a recording of actors driving its lanes, for the tests and
// benchmarks of the scene drawing and of `viewer shot`. It exists so that
// those tests need neither the retail maps nor the CARLA recordings, and
// so that the renderer's tests and the command's tests draw the same
// scene. Nothing in the viewer itself imports it.
package scenetest

import (
	"bytes"
	"fmt"
	"math"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/mm2carla/viewer/format/bai"
	"github.com/mm2carla/viewer/format/recorder"
	"github.com/mm2carla/viewer/scene"
	"github.com/mm2carla/viewer/sim/citygen"
)

// City is a small generated city: 3 x 2 blocks with a tram line, one-way
// streets and bends, all four road-end rules and traffic lights.
func City() citygen.Config {
	return citygen.Config{
		Name: "scenetest", BlocksX: 3, BlocksY: 2, BlockSize: 80, Seed: 11,
		OneWayFraction: 0.3, Tram: true, Curvy: 0.3,
	}
}

// Actor ids of the recording.
const (
	HeroID       uint32 = 100
	BrakingID    uint32 = 101 // a car with its brake lights on
	CollideA     uint32 = 102 // collides with CollideB in CollideFrame
	CollideB     uint32 = 103
	TruckID      uint32 = 150
	BikeID       uint32 = 151
	WalkerID     uint32 = 160
	SensorID     uint32 = 170 // attached to the hero
	SignID       uint32 = 300
	FirstLight   uint32 = 200 // light actors are FirstLight + map light index
	frames              = 21
	hz                  = 10
	CollideFrame        = 10
)

// LightSwitch is the time at which every recorded light turns from red to
// green (seconds).
const LightSwitch = 1.0

// Scene is a city and a recording over it.
type Scene struct {
	BAI *bai.Map
	Map *scene.Map
	Log []byte // the recording's bytes
	// Lights are the map light origins that got a light actor, in id
	// order (actor FirstLight+i stands at Lights[i], on the ground).
	Lights []mgl64.Vec3
}

// mover drives a lane (world points, driving order) at a constant speed.
type mover struct {
	id        uint32
	bp        string
	typ       recorder.ActorType
	path      []mgl64.Vec3
	speed     float64 // m/s
	start     float64 // metres along path at t = 0
	ext, orig recorder.Vec3
	attrs     []recorder.Attribute
}

// at returns the mover's pose at time t.
func (m *mover) at(t float64) (mgl64.Vec3, float64) {
	return alongPath(m.path, m.start+m.speed*t)
}

// alongPath returns the point s metres along path (clamped) and the
// heading of its segment in degrees.
func alongPath(path []mgl64.Vec3, s float64) (mgl64.Vec3, float64) {
	for i := 0; i+1 < len(path); i++ {
		d := path[i+1].Sub(path[i])
		l := math.Hypot(d[0], d[1])
		if s <= l || i+2 == len(path) {
			f := min(max(s/l, 0), 1)
			return scene.Lerp(path[i], path[i+1], f), math.Atan2(d[1], d[0]) * 180 / math.Pi
		}
		s -= l
	}
	if len(path) == 0 {
		return mgl64.Vec3{}, 0
	}
	return path[0], 0
}

// New generates the city and the recording: a hero, three more cars, a
// truck, a bike and a walker moving for two seconds at 10 Hz, a sensor on
// the hero, a stop sign, one light actor at each of the first four map
// lights (red before LightSwitch, green from it) and a collision.
func New() (*Scene, error) {
	bm, err := citygen.Generate(City())
	if err != nil {
		return nil, err
	}
	sc := &Scene{BAI: bm, Map: scene.NewMap(bm)}
	movers, err := sc.movers()
	if err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	if err := sc.write(&buf, movers); err != nil {
		return nil, err
	}
	sc.Log = buf.Bytes()
	return sc, nil
}

// lanes returns the first n lanes of the map with at least 40 m of length.
func lanes(m *scene.Map, n int) [][]mgl64.Vec3 {
	var out [][]mgl64.Vec3
	for i := range m.Roads {
		r := &m.Roads[i]
		for _, sd := range []*scene.Side{&r.SideB, &r.SideA} {
			for _, l := range sd.Lanes {
				if len(out) < n && len(l) >= 2 && l[0].Sub(l[len(l)-1]).Len() > 40 {
					out = append(out, l)
				}
			}
		}
	}
	return out
}

func (sc *Scene) movers() ([]mover, error) {
	ls := lanes(sc.Map, 6)
	if len(ls) < 6 {
		return nil, fmt.Errorf("scenetest: the city has only %d long lanes", len(ls))
	}
	car := func(id uint32, bp string, lane []mgl64.Vec3, speed, start float64) mover {
		return mover{id: id, bp: bp, typ: recorder.ActorVehicle, path: lane, speed: speed, start: start,
			ext: recorder.Vec3{X: 230, Y: 95, Z: 75}, orig: recorder.Vec3{Z: 75}}
	}
	hero := car(HeroID, "vehicle.tesla.model3", ls[0], 8, 5)
	hero.attrs = []recorder.Attribute{
		{Type: recorder.AttrString, Key: "role_name", Value: "hero"},
		{Type: recorder.AttrRGB, Key: "color", Value: "200,30,30"},
	}
	ms := []mover{
		hero,
		car(BrakingID, "vehicle.audi.a2", ls[1], 3, 10),
		car(CollideA, "vehicle.lincoln.mkz_2020", ls[2], 5, 8),
		car(CollideB, "vehicle.nissan.micra", ls[2], 0, 14),
		{id: TruckID, bp: "vehicle.carlacola.carlacola", typ: recorder.ActorVehicle, path: ls[3], speed: 6, start: 6,
			ext: recorder.Vec3{X: 520, Y: 130, Z: 170}, orig: recorder.Vec3{Z: 170}},
		{id: BikeID, bp: "vehicle.bh.crossbike", typ: recorder.ActorVehicle, path: ls[4], speed: 4, start: 5,
			ext: recorder.Vec3{X: 80, Y: 30, Z: 80}, orig: recorder.Vec3{Z: 80}},
	}
	r0 := &sc.Map.Roads[0]
	walk := r0.SideB.Sidewalks
	if len(walk) == 0 {
		walk = r0.SideA.Sidewalks
	}
	if len(walk) == 0 {
		return nil, fmt.Errorf("scenetest: road 0 has no sidewalk")
	}
	ms = append(ms, mover{id: WalkerID, bp: "walker.pedestrian.0001", typ: recorder.ActorWalker, path: walk[0],
		speed: 1.4, start: 6, ext: recorder.Vec3{X: 25, Y: 25, Z: 90}})
	return ms, nil
}

// testLight is a recorded traffic light placed at a map light's foot.
type testLight struct {
	id  uint32
	loc mgl64.Vec3
}

// write encodes the recording.
func (sc *Scene) write(buf *bytes.Buffer, ms []mover) error {
	wr, err := recorder.NewWriter(buf, recorder.Header{Version: 1, Map: "scenetest", Date: 1700000000}, recorder.Layout{})
	if err != nil {
		return err
	}
	lights := sc.placeLights()
	signAt, _ := alongPath(sc.Map.Roads[len(sc.Map.Roads)-1].SideA.SidewalkOuter, 3)
	for f := range frames {
		t := float64(f) / hz
		dur := 1.0 / hz
		if f == frames-1 {
			dur = -1
		}
		pk := []recorder.Packet{&recorder.FrameStart{Frame: uint64(f + 1), Duration: dur, Elapsed: t}}
		if f == 0 {
			pk = append(pk, spawns(ms, lights, signAt)...)
		}
		pk = append(pk, motion(ms, lights, t)...)
		if f == CollideFrame {
			pk = append(pk, &recorder.Collisions{Records: []recorder.Collision{{ID: 1, Actor1: CollideA, Actor2: CollideB}}})
		}
		pk = append(pk, &recorder.FrameEnd{})
		for _, p := range pk {
			if err := wr.Write(p); err != nil {
				return err
			}
		}
	}
	return wr.Flush()
}

// placeLights puts a recorded light at the foot of each of the map's
// first four lights, and lists them in sc.Lights.
func (sc *Scene) placeLights() []testLight {
	var lights []testLight
	for i := range sc.Map.Roads {
		r := &sc.Map.Roads[i]
		for _, e := range []*scene.RoadEnd{&r.Start, &r.End} {
			if e.HasLight && len(lights) < 4 {
				p := e.LightOrigin
				p[2] = r.Centre[0][2]
				lights = append(lights, testLight{FirstLight + uint32(len(lights)), p})
				sc.Lights = append(sc.Lights, p)
			}
		}
	}
	return lights
}

// spawns are the first frame's packets: every actor, its box, and the
// sensor attached to the hero.
func spawns(ms []mover, lights []testLight, signAt mgl64.Vec3) []recorder.Packet {
	add := &recorder.EventAdd{}
	boxes := &recorder.BoundingBoxes{}
	for i := range ms {
		m := &ms[i]
		p, yaw := m.at(0)
		add.Actors = append(add.Actors, recorder.ActorAdd{ID: m.id, Type: m.typ, Location: scene.ToUnreal(p),
			Rotation: scene.ToUnrealRotation(scene.Rotation{Yaw: yaw}), UID: m.id, Description: m.bp, Attributes: m.attrs})
		boxes.Records = append(boxes.Records, recorder.Box{ID: m.id, Origin: m.orig, Extent: m.ext})
	}
	// CARLA records an attached sensor's spawn transform relative to its
	// parent: on the roof, a little ahead of the centre.
	add.Actors = append(add.Actors, recorder.ActorAdd{ID: SensorID, Type: recorder.ActorSensor,
		Location: scene.ToUnreal(mgl64.Vec3{0.5, 0, 1.6}), UID: SensorID, Description: "sensor.other.collision"})
	for _, l := range lights {
		add.Actors = append(add.Actors, recorder.ActorAdd{ID: l.id, Type: recorder.ActorTrafficLight,
			Location: scene.ToUnreal(l.loc), UID: l.id, Description: "traffic.traffic_light"})
	}
	add.Actors = append(add.Actors, recorder.ActorAdd{ID: SignID, Type: recorder.ActorTrafficSign,
		Location: scene.ToUnreal(signAt), UID: SignID, Description: "traffic.stop"})
	return []recorder.Packet{add, &recorder.EventParent{Links: []recorder.ParentLink{{Child: SensorID, Parent: HeroID}}}, boxes}
}

// motion are the per-frame packets at time t: positions, vehicle
// controls, light states (red, then green from LightSwitch) and the
// braking car's lights.
func motion(ms []mover, lights []testLight, t float64) []recorder.Packet {
	pos := &recorder.Positions{}
	anim := &recorder.VehicleAnimations{}
	for i := range ms {
		m := &ms[i]
		p, yaw := m.at(t)
		pos.Records = append(pos.Records, recorder.Position{ID: m.id, Location: scene.ToUnreal(p),
			Rotation: scene.ToUnrealRotation(scene.Rotation{Yaw: yaw})})
		if m.typ == recorder.ActorVehicle {
			anim.Records = append(anim.Records, recorder.VehicleAnimation{ID: m.id, Throttle: 0.5, Gear: 1})
		}
	}
	tl := &recorder.TrafficLightStates{}
	for _, l := range lights {
		st := recorder.LightRed
		if t >= LightSwitch-1e-9 {
			st = recorder.LightGreen
		}
		tl.Records = append(tl.Records, recorder.TrafficLightState{ID: l.id, State: st})
	}
	brake := &recorder.VehicleLights{Records: []recorder.VehicleLight{{ID: BrakingID, Bits: recorder.LightBrake | recorder.LightPosition}}}
	return []recorder.Packet{pos, anim, tl, brake}
}

// Open opens the scene's recording.
func (sc *Scene) Open() (*scene.Recording, error) {
	return scene.Open(bytes.NewReader(sc.Log), int64(len(sc.Log)), nil)
}
