package scene

import (
	"bytes"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/mm2carla/viewer/format/recorder"
)

// genConfig describes a synthetic recording for the seek tests. It is
// meaner than CARLA: besides churn it can leave actors out of per-frame
// packets (so keyframes must store stale values), teleport them, attach
// sensors, make parent cycles, collide and open doors.
type genConfig struct {
	vehicles, walkers, lights int
	frames                    int
	hz                        float64
	seed                      uint64
	churn                     bool // spawn and destroy vehicles throughout
	gaps                      bool // sometimes omit an actor from per-frame packets
	teleports                 bool
	sensors                   bool // a camera on vehicle 1000, and on respawns
	problems                  bool // a parent cycle and a missing parent
	stops                     bool // a third of the movers stop now and then (blocked spans)
}

type genVehicle struct {
	id             uint32
	cx, cy, r, w   float64 // circle centre, radius (cm), angular speed (rad/s)
	phase          float64
	camera         uint32
	walker         bool
	teleportOffset float64
	// A stopper stands still for the first stopFor seconds of every
	// stopEvery (0: never stops).
	stopEvery, stopFor float64
}

// gen writes one synthetic recording frame by frame. Its random draws
// come in a fixed order, so a config always gives the same bytes.
type gen struct {
	cfg      genConfig
	rng      *rand.Rand
	nextID   uint32
	movers   []*genVehicle
	lightIDs []uint32
	t        float64 // the current frame's time

	// The current frame's events.
	adds  []recorder.ActorAdd
	dels  []uint32
	links []recorder.ParentLink
	boxes []recorder.Box
}

// genRecording writes the recording to w.
func genRecording(w io.Writer, cfg genConfig) error {
	wr, err := recorder.NewWriter(w, recorder.Header{Version: 1, Map: "Town06", Date: 1700000000}, recorder.Layout{})
	if err != nil {
		return err
	}
	g := &gen{cfg: cfg, rng: rand.New(rand.NewPCG(cfg.seed, 7)), nextID: 1000}
	for i := range cfg.lights {
		g.lightIDs = append(g.lightIDs, uint32(10+i))
	}
	for f := range cfg.frames {
		for _, p := range g.frame(f) {
			if err := wr.Write(p); err != nil {
				return err
			}
		}
	}
	return wr.Flush()
}

// frame returns frame f's packets in CARLA's order.
func (g *gen) frame(f int) []recorder.Packet {
	dt := 1 / g.cfg.hz
	g.t = float64(f) * dt
	dur := dt
	if f == g.cfg.frames-1 {
		dur = -1
	}
	pk := []recorder.Packet{&recorder.FrameStart{Frame: uint64(f + 1), Duration: dur, Elapsed: g.t}}
	g.adds, g.dels, g.links, g.boxes = nil, nil, nil, nil
	if f == 0 {
		g.populate()
	} else if g.cfg.churn {
		g.churn()
	}
	if len(g.adds) > 0 {
		pk = append(pk, &recorder.EventAdd{Actors: g.adds})
	}
	if len(g.dels) > 0 {
		pk = append(pk, &recorder.EventDel{IDs: g.dels})
	}
	if len(g.links) > 0 {
		pk = append(pk, &recorder.EventParent{Links: g.links})
	}
	if f > 0 && f%97 == 0 && len(g.movers) > 1 {
		a, b := g.movers[0].id, g.movers[1].id
		pk = append(pk, &recorder.Collisions{Records: []recorder.Collision{{ID: 5, Actor1: a, Actor2: b, Hero1: a == 1000}}})
	}
	motion := g.motion(f) // the positions, then the animations
	pk = append(pk, motion[0], g.lightStates())
	pk = append(pk, motion[1:]...)
	return append(pk, g.extras(f)...)
}

// newMover makes a vehicle or walker going round a circle of its own.
func (g *gen) newMover(walker bool) *genVehicle {
	rng := g.rng
	v := &genVehicle{id: g.nextID, cx: rng.Float64() * 20000, cy: rng.Float64() * 20000,
		r: 500 + rng.Float64()*3000, w: (0.2 + rng.Float64()) * (1 - 2*float64(rng.IntN(2))), phase: rng.Float64() * 6.28, walker: walker}
	if walker {
		v.w /= 8
	}
	if g.cfg.stops && rng.IntN(3) == 0 {
		v.stopFor = 5 + rng.Float64()*40
		v.stopEvery = v.stopFor + 5 + rng.Float64()*20
	}
	g.nextID++
	return v
}

// spawn adds v (with a box, and maybe a camera attached to it).
func (g *gen) spawn(v *genVehicle) {
	x, y, yaw := v.pose(g.t)
	typ, bp := recorder.ActorVehicle, "vehicle.tesla.model3"
	if v.walker {
		typ, bp = recorder.ActorWalker, "walker.pedestrian.0001"
	}
	var attrs []recorder.Attribute
	if v.id == 1000 {
		attrs = []recorder.Attribute{{Type: recorder.AttrString, Key: "role_name", Value: "hero"}}
	}
	g.adds = append(g.adds, recorder.ActorAdd{ID: v.id, Type: typ, Location: recorder.Vec3{X: x, Y: y}, Rotation: recorder.Vec3{Z: yaw}, UID: 1, Description: bp, Attributes: attrs})
	if !v.walker {
		g.boxes = append(g.boxes, recorder.Box{ID: v.id, Origin: recorder.Vec3{Z: 70}, Extent: recorder.Vec3{X: 230, Y: 100, Z: 75}})
	}
	if g.cfg.sensors && !v.walker && (v.id == 1000 || g.rng.IntN(8) == 0) {
		v.camera = g.nextID
		g.nextID++
		g.adds = append(g.adds, recorder.ActorAdd{ID: v.camera, Type: recorder.ActorSensor, Location: recorder.Vec3{X: -550, Z: 250}, Rotation: recorder.Vec3{Y: -10}, Description: "sensor.camera.rgb"})
		g.links = append(g.links, recorder.ParentLink{Child: v.camera, Parent: v.id})
	}
}

// populate spawns the first frame's actors.
func (g *gen) populate() {
	g.adds = append(g.adds, recorder.ActorAdd{ID: 1, Type: recorder.ActorOther, Description: "spectator", Location: recorder.Vec3{Z: 5000}})
	for _, id := range g.lightIDs {
		g.adds = append(g.adds, recorder.ActorAdd{ID: id, Type: recorder.ActorTrafficLight, Description: "traffic.traffic_light",
			Location: recorder.Vec3{X: float64(id) * 1000, Y: 500}, Rotation: recorder.Vec3{Z: 90}})
	}
	for range g.cfg.vehicles {
		g.movers = append(g.movers, g.newMover(false))
	}
	for range g.cfg.walkers {
		g.movers = append(g.movers, g.newMover(true))
	}
	for _, v := range g.movers {
		g.spawn(v)
	}
	if g.cfg.problems {
		g.adds = append(g.adds,
			recorder.ActorAdd{ID: 2, Description: "static.prop.a", Location: recorder.Vec3{X: 100}},
			recorder.ActorAdd{ID: 3, Description: "static.prop.b", Location: recorder.Vec3{X: 200}},
			recorder.ActorAdd{ID: 4, Description: "sensor.orphan", Location: recorder.Vec3{X: 300}})
		g.links = append(g.links, recorder.ParentLink{Child: 2, Parent: 3}, recorder.ParentLink{Child: 3, Parent: 2}, recorder.ParentLink{Child: 4, Parent: 99})
	}
}

// churn replaces up to two movers (and their cameras) with new ones.
func (g *gen) churn() {
	for k := 0; k < 2 && len(g.movers) > 0; k++ {
		if g.rng.IntN(4) != 0 {
			continue
		}
		i := g.rng.IntN(len(g.movers))
		v := g.movers[i]
		g.dels = append(g.dels, v.id)
		if v.camera != 0 {
			g.dels = append(g.dels, v.camera)
		}
		nv := g.newMover(v.walker)
		g.movers[i] = nv
		g.spawn(nv)
	}
}

// motion returns the frame's positions, then the movers' vehicle and
// walker animations, vehicle lights and kinematics.
func (g *gen) motion(f int) []recorder.Packet {
	var anims []recorder.VehicleAnimation
	var wanims []recorder.WalkerAnimation
	var vlights []recorder.VehicleLight
	var kins []recorder.Kinematics
	poss := []recorder.Position{{ID: 1, Location: recorder.Vec3{X: 100 * g.t, Z: 5000}, Rotation: recorder.Vec3{Y: -30}}}
	for _, v := range g.movers {
		if g.cfg.gaps && g.rng.IntN(50) == 0 {
			continue
		}
		if g.cfg.teleports && g.rng.IntN(400) == 0 {
			v.teleportOffset += 8000
		}
		x, y, yaw := v.pose(g.t)
		poss = append(poss, recorder.Position{ID: v.id, Location: recorder.Vec3{X: x, Y: y, Z: 3}, Rotation: recorder.Vec3{X: 0.5, Y: 0.25, Z: yaw}})
		speed := math.Abs(v.w) * v.r
		if v.walker {
			wanims = append(wanims, recorder.WalkerAnimation{ID: v.id, Speed: float32(speed)})
		} else {
			anims = append(anims, recorder.VehicleAnimation{ID: v.id, Steering: float32(v.w / 2), Throttle: 0.4, Gear: 3})
			vlights = append(vlights, recorder.VehicleLight{ID: v.id, Bits: uint32(f/40) & 0x3f})
		}
		kins = append(kins, recorder.Kinematics{ID: v.id, Linear: recorder.Vec3{X: speed / 100}, Angular: recorder.Vec3{Z: v.w * 57.3}})
	}
	return []recorder.Packet{&recorder.Positions{Records: poss}, &recorder.VehicleAnimations{Records: anims},
		&recorder.WalkerAnimations{Records: wanims}, &recorder.VehicleLights{Records: vlights}, &recorder.KinematicsList{Records: kins}}
}

// lightStates returns the traffic lights' states, each on a 30 s cycle
// with a phase of its own.
func (g *gen) lightStates() recorder.Packet {
	var tls []recorder.TrafficLightState
	for i, id := range g.lightIDs {
		if g.cfg.gaps && g.rng.IntN(60) == 0 {
			continue
		}
		phase := math.Mod(g.t+float64(i)*1.7, 30)
		st := recorder.LightGreen
		switch {
		case phase >= 22:
			st = recorder.LightRed
		case phase >= 18:
			st = recorder.LightYellow
		}
		tls = append(tls, recorder.TrafficLightState{ID: id, State: st, Elapsed: float32(phase)})
	}
	return &recorder.TrafficLightStates{Records: tls}
}

// extras returns the frame's boxes, light times, weather, doors and end.
func (g *gen) extras(f int) []recorder.Packet {
	var pk []recorder.Packet
	if len(g.boxes) > 0 {
		pk = append(pk, &recorder.BoundingBoxes{Records: g.boxes})
	}
	if f == 0 {
		var times []recorder.TrafficLightTime
		for _, id := range g.lightIDs {
			times = append(times, recorder.TrafficLightTime{ID: id, Green: 18, Yellow: 4, Red: 8})
		}
		pk = append(pk, &recorder.TrafficLightTimes{Records: times}, &recorder.Weather{Cloudiness: 10, SunAltitudeAngle: 45})
	}
	if f > 0 && f%131 == 0 && len(g.movers) > 0 {
		pk = append(pk, &recorder.VehicleDoors{Records: []recorder.VehicleDoor{{ID: g.movers[0].id, Door: uint8(f % 4), Open: f%2 == 0}}})
	}
	if f == 250 {
		pk = append(pk, &recorder.Weather{Cloudiness: 80, Precipitation: 40})
	}
	return append(pk, &recorder.FrameEnd{})
}

// moveTime is how long the mover has moved by time t: t less its stops.
func (v *genVehicle) moveTime(t float64) float64 {
	if v.stopEvery == 0 {
		return t
	}
	n := math.Floor(t / v.stopEvery)
	return n*(v.stopEvery-v.stopFor) + max(0, t-n*v.stopEvery-v.stopFor)
}

func (v *genVehicle) pose(t float64) (x, y, yaw float64) {
	a := v.phase + v.w*v.moveTime(t)
	x = v.cx + v.r*math.Cos(a) + v.teleportOffset
	y = v.cy + v.r*math.Sin(a)
	// Heading along the circle (Unreal yaw turns X toward +Y).
	h := a + math.Pi/2
	if v.w < 0 {
		h = a - math.Pi/2
	}
	yaw = math.Mod(h*180/math.Pi, 360)
	if yaw > 180 {
		yaw -= 360
	}
	if yaw < -180 {
		yaw += 360
	}
	return
}

// genBytes writes a synthetic recording into memory.
func genBytes(t testing.TB, cfg genConfig) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := genRecording(&b, cfg); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// openBytes opens an in-memory recording, failing the test on error.
func openBytes(t testing.TB, data []byte) *Recording {
	t.Helper()
	rec, err := Open(bytes.NewReader(data), int64(len(data)), nil)
	if err != nil {
		t.Fatal(err)
	}
	return rec
}

// naiveStates applies every frame from the start with a World and keeps
// the state after each frame: the reference the seeking must match.
func naiveStates(t testing.TB, data []byte) []State {
	t.Helper()
	rd, err := recorder.NewReader(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	w := NewWorld()
	var out []State
	for {
		p, err := rd.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			break // a bad file: the frames so far
		}
		w.Apply(p)
		if p.ID() == recorder.IDFrameEnd {
			out = append(out, State{})
			w.State(&out[len(out)-1])
		}
	}
	return out
}

func TestGenRecordingDecodes(t *testing.T) {
	data := genBytes(t, genConfig{vehicles: 5, walkers: 2, lights: 3, frames: 50, hz: 20, seed: 1, churn: true, sensors: true})
	rec := openBytes(t, data)
	if len(rec.Frames()) != 50 || rec.Err() != nil {
		t.Fatalf("frames %d err %v", len(rec.Frames()), rec.Err())
	}
	if got := fmt.Sprint(rec.Header().Map); got != "Town06" {
		t.Errorf("map %q", got)
	}
}
