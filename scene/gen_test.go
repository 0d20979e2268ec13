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
	targetBytes               int64 // if > 0, write frames until this size
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

// genRecording writes the recording to w.
func genRecording(w io.Writer, cfg genConfig) error {
	rng := rand.New(rand.NewPCG(cfg.seed, 7))
	wr, err := recorder.NewWriter(w, recorder.Header{Version: 1, Map: "Town06", Date: 1700000000}, recorder.Layout{})
	if err != nil {
		return err
	}
	nextID := uint32(1000)
	var movers []*genVehicle
	newMover := func(walker bool) *genVehicle {
		v := &genVehicle{id: nextID, cx: rng.Float64() * 20000, cy: rng.Float64() * 20000,
			r: 500 + rng.Float64()*3000, w: (0.2 + rng.Float64()) * (1 - 2*float64(rng.IntN(2))), phase: rng.Float64() * 6.28, walker: walker}
		if walker {
			v.w /= 8
		}
		if cfg.stops && rng.IntN(3) == 0 {
			v.stopFor = 5 + rng.Float64()*40
			v.stopEvery = v.stopFor + 5 + rng.Float64()*20
		}
		nextID++
		return v
	}
	lightIDs := make([]uint32, cfg.lights)
	for i := range lightIDs {
		lightIDs[i] = uint32(10 + i)
	}
	dt := 1 / cfg.hz
	written := int64(0)
	for f := 0; ; f++ {
		if cfg.targetBytes > 0 {
			if written >= cfg.targetBytes {
				break
			}
		} else if f >= cfg.frames {
			break
		}
		last := cfg.targetBytes <= 0 && f == cfg.frames-1
		t := float64(f) * dt
		dur := dt
		if last {
			dur = -1
		}
		pk := []recorder.Packet{&recorder.FrameStart{Frame: uint64(f + 1), Duration: dur, Elapsed: t}}
		var adds []recorder.ActorAdd
		var dels []uint32
		var links []recorder.ParentLink
		var boxes []recorder.Box
		spawn := func(v *genVehicle) {
			x, y, yaw := v.pose(t)
			typ, bp := recorder.ActorVehicle, "vehicle.tesla.model3"
			if v.walker {
				typ, bp = recorder.ActorWalker, "walker.pedestrian.0001"
			}
			var attrs []recorder.Attribute
			if v.id == 1000 {
				attrs = []recorder.Attribute{{Type: recorder.AttrString, Key: "role_name", Value: "hero"}}
			}
			adds = append(adds, recorder.ActorAdd{ID: v.id, Type: typ, Location: recorder.Vec3{X: x, Y: y}, Rotation: recorder.Vec3{Z: yaw}, UID: 1, Description: bp, Attributes: attrs})
			if !v.walker {
				boxes = append(boxes, recorder.Box{ID: v.id, Origin: recorder.Vec3{Z: 70}, Extent: recorder.Vec3{X: 230, Y: 100, Z: 75}})
			}
			if cfg.sensors && !v.walker && (v.id == 1000 || rng.IntN(8) == 0) {
				v.camera = nextID
				nextID++
				adds = append(adds, recorder.ActorAdd{ID: v.camera, Type: recorder.ActorSensor, Location: recorder.Vec3{X: -550, Z: 250}, Rotation: recorder.Vec3{Y: -10}, Description: "sensor.camera.rgb"})
				links = append(links, recorder.ParentLink{Child: v.camera, Parent: v.id})
			}
		}
		if f == 0 {
			adds = append(adds, recorder.ActorAdd{ID: 1, Type: recorder.ActorOther, Description: "spectator", Location: recorder.Vec3{Z: 5000}})
			for _, id := range lightIDs {
				adds = append(adds, recorder.ActorAdd{ID: id, Type: recorder.ActorTrafficLight, Description: "traffic.traffic_light",
					Location: recorder.Vec3{X: float64(id) * 1000, Y: 500}, Rotation: recorder.Vec3{Z: 90}})
			}
			for range cfg.vehicles {
				movers = append(movers, newMover(false))
			}
			for range cfg.walkers {
				movers = append(movers, newMover(true))
			}
			for _, v := range movers {
				spawn(v)
			}
			if cfg.problems {
				adds = append(adds,
					recorder.ActorAdd{ID: 2, Description: "static.prop.a", Location: recorder.Vec3{X: 100}},
					recorder.ActorAdd{ID: 3, Description: "static.prop.b", Location: recorder.Vec3{X: 200}},
					recorder.ActorAdd{ID: 4, Description: "sensor.orphan", Location: recorder.Vec3{X: 300}})
				links = append(links, recorder.ParentLink{Child: 2, Parent: 3}, recorder.ParentLink{Child: 3, Parent: 2}, recorder.ParentLink{Child: 4, Parent: 99})
			}
		}
		if cfg.churn && f > 0 {
			for k := 0; k < 2 && len(movers) > 0; k++ {
				if rng.IntN(4) != 0 {
					continue
				}
				i := rng.IntN(len(movers))
				v := movers[i]
				dels = append(dels, v.id)
				if v.camera != 0 {
					dels = append(dels, v.camera)
				}
				nv := newMover(v.walker)
				movers[i] = nv
				spawn(nv)
			}
		}
		if len(adds) > 0 {
			pk = append(pk, &recorder.EventAdd{Actors: adds})
		}
		if len(dels) > 0 {
			pk = append(pk, &recorder.EventDel{IDs: dels})
		}
		if len(links) > 0 {
			pk = append(pk, &recorder.EventParent{Links: links})
		}
		if f > 0 && f%97 == 0 && len(movers) > 1 {
			pk = append(pk, &recorder.Collisions{Records: []recorder.Collision{{ID: 5, Actor1: movers[0].id, Actor2: movers[1].id, Hero1: movers[0].id == 1000}}})
		}
		var poss []recorder.Position
		var anims []recorder.VehicleAnimation
		var wanims []recorder.WalkerAnimation
		var vlights []recorder.VehicleLight
		var kins []recorder.Kinematics
		poss = append(poss, recorder.Position{ID: 1, Location: recorder.Vec3{X: 100 * t, Z: 5000}, Rotation: recorder.Vec3{Y: -30}})
		for _, v := range movers {
			if cfg.gaps && rng.IntN(50) == 0 {
				continue
			}
			if cfg.teleports && rng.IntN(400) == 0 {
				v.teleportOffset += 8000
			}
			x, y, yaw := v.pose(t)
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
		pk = append(pk, &recorder.Positions{Records: poss})
		var tls []recorder.TrafficLightState
		for i, id := range lightIDs {
			if cfg.gaps && rng.IntN(60) == 0 {
				continue
			}
			phase := math.Mod(t+float64(i)*1.7, 30)
			st := recorder.LightGreen
			switch {
			case phase >= 22:
				st = recorder.LightRed
			case phase >= 18:
				st = recorder.LightYellow
			}
			tls = append(tls, recorder.TrafficLightState{ID: id, State: st, Elapsed: float32(phase)})
		}
		pk = append(pk, &recorder.TrafficLightStates{Records: tls},
			&recorder.VehicleAnimations{Records: anims}, &recorder.WalkerAnimations{Records: wanims},
			&recorder.VehicleLights{Records: vlights}, &recorder.KinematicsList{Records: kins})
		if len(boxes) > 0 {
			pk = append(pk, &recorder.BoundingBoxes{Records: boxes})
		}
		if f == 0 {
			var times []recorder.TrafficLightTime
			for _, id := range lightIDs {
				times = append(times, recorder.TrafficLightTime{ID: id, Green: 18, Yellow: 4, Red: 8})
			}
			pk = append(pk, &recorder.TrafficLightTimes{Records: times}, &recorder.Weather{Cloudiness: 10, SunAltitudeAngle: 45})
		}
		if f > 0 && f%131 == 0 && len(movers) > 0 {
			pk = append(pk, &recorder.VehicleDoors{Records: []recorder.VehicleDoor{{ID: movers[0].id, Door: uint8(f % 4), Open: f%2 == 0}}})
		}
		if f == 250 {
			pk = append(pk, &recorder.Weather{Cloudiness: 80, Precipitation: 40})
		}
		pk = append(pk, &recorder.FrameEnd{})
		for _, p := range pk {
			if err := wr.Write(p); err != nil {
				return err
			}
			written += packetSize(p, len(poss), len(movers))
		}
	}
	return wr.Flush()
}

// packetSize is a rough byte count for stopping at targetBytes.
func packetSize(p recorder.Packet, nPos, nMovers int) int64 {
	switch p.(type) {
	case *recorder.Positions:
		return int64(7 + 28*nPos)
	case *recorder.VehicleAnimations:
		return int64(7 + 21*nMovers)
	case *recorder.KinematicsList:
		return int64(7 + 28*nMovers)
	case *recorder.VehicleLights, *recorder.WalkerAnimations:
		return int64(7 + 4*nMovers)
	case *recorder.TrafficLightStates:
		return 7 + 600
	}
	return 40
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
