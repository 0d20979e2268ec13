package synth

import (
	"bytes"
	"errors"
	"io"
	"math"
	"testing"

	"github.com/mm2carla/viewer/format/recorder"
)

func generate(t *testing.T, cfg Config) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := Write(&buf, cfg); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func TestDeterministic(t *testing.T) {
	cfg := Config{Vehicles: 20, Walkers: 5, TrafficLights: 4, Frames: 50, Churn: true, Seed: 7}
	a, b := generate(t, cfg), generate(t, cfg)
	if !bytes.Equal(a, b) {
		t.Error("same config, different bytes")
	}
	cfg.Seed = 8
	if bytes.Equal(a, generate(t, cfg)) {
		t.Error("different seeds, same bytes")
	}
}

// stats is what TestContent learns by decoding a synthetic recording.
type stats struct {
	frames, adds, dels int
	lastDuration       float64
	maxStep            float64 // cm, largest move of one actor between frames
	maxTurn            float64 // deg, largest yaw change between frames
	perFrame           map[recorder.PacketID]int
	physics, lightTime int
	positions          []int // records per frame
	// wheels: nearest and farthest wheel from its vehicle's spawn point
	// (cm), and wheels on the wrong side (front wheels behind it).
	wheelMin, wheelMax float64
	wheelsBackward     int
}

func decode(t *testing.T, data []byte) stats {
	t.Helper()
	r, err := recorder.NewReader(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	s := stats{perFrame: map[recorder.PacketID]int{}, wheelMin: math.Inf(1)}
	prev := map[uint32]recorder.Position{}
	spawns := map[uint32]recorder.ActorAdd{}
	for {
		p, err := r.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		s.perFrame[p.ID()]++
		switch p := p.(type) {
		case *recorder.FrameStart:
			s.frames++
			s.lastDuration = p.Duration
		case *recorder.EventAdd:
			s.adds += len(p.Actors)
			for _, a := range p.Actors {
				spawns[a.ID] = a
			}
		case *recorder.EventDel:
			s.dels += len(p.IDs)
			for _, id := range p.IDs {
				delete(prev, id)
			}
		case *recorder.PhysicsControls:
			s.physics += len(p.Records)
			for _, pc := range p.Records {
				s.wheels(spawns[pc.ID], pc.Wheels)
			}
		case *recorder.TrafficLightTimes:
			s.lightTime += len(p.Records)
		case *recorder.Positions:
			s.positions = append(s.positions, len(p.Records))
			for _, q := range p.Records {
				if o, ok := prev[q.ID]; ok {
					s.maxStep = math.Max(s.maxStep, math.Hypot(q.Location.X-o.Location.X, q.Location.Y-o.Location.Y))
					s.maxTurn = math.Max(s.maxTurn, math.Abs(math.Remainder(q.Rotation.Z-o.Rotation.Z, 360)))
				}
				prev[q.ID] = q
			}
		}
	}
	return s
}

// wheels measures where a vehicle's wheels are against its spawn.
func (s *stats) wheels(a recorder.ActorAdd, ws []recorder.Wheel) {
	sin, cos := math.Sincos(a.Rotation.Z * math.Pi / 180)
	for i, w := range ws {
		dx, dy := float64(w.Position[0])-a.Location.X, float64(w.Position[1])-a.Location.Y
		d := math.Hypot(dx, dy)
		s.wheelMin, s.wheelMax = math.Min(s.wheelMin, d), math.Max(s.wheelMax, d)
		if ahead := dx*cos+dy*sin > 0; ahead != (i < 2) {
			s.wheelsBackward++
		}
	}
}

func TestContent(t *testing.T) {
	const hz = 20
	cfg := Config{Vehicles: 30, Walkers: 10, TrafficLights: 6, Hz: hz, Frames: 2000, Churn: true, Seed: 1}
	s := decode(t, generate(t, cfg))
	if s.frames != cfg.Frames || s.lastDuration != -1 {
		t.Errorf("%d frames, last duration %g", s.frames, s.lastDuration)
	}
	for _, id := range []recorder.PacketID{recorder.IDFrameStart, recorder.IDEventAdd, recorder.IDEventDel,
		recorder.IDPosition, recorder.IDTrafficLight, recorder.IDVehicleAnimation, recorder.IDWalkerAnimation,
		recorder.IDVehicleLight, recorder.IDKinematics, recorder.IDBoundingBox, recorder.IDPlatformTime, recorder.IDFrameEnd} {
		if s.perFrame[id] != cfg.Frames {
			t.Errorf("%v in %d frames, want every one", id, s.perFrame[id])
		}
	}
	for i, n := range s.positions {
		if n != 1+cfg.Vehicles+cfg.Walkers {
			t.Fatalf("frame %d: %d positions, want spectator + %d actors", i+1, n, cfg.Vehicles+cfg.Walkers)
		}
	}
	// 100 s of 40 actors living 30 s on average: about 130 replacements.
	if s.dels < 50 || s.adds != 1+cfg.TrafficLights+cfg.Vehicles+cfg.Walkers+s.dels {
		t.Errorf("%d adds, %d deletes", s.adds, s.dels)
	}
	if s.physics < cfg.Vehicles || s.lightTime != cfg.TrafficLights {
		t.Errorf("%d physics controls, %d light times", s.physics, s.lightTime)
	}
	// Wheels in world coordinates around the spawn point, as in the real
	// recordings: the blueprints are 4.2 to 5.2 m long.
	if s.wheelMin < 100 || s.wheelMax > 300 || s.wheelsBackward != 0 {
		t.Errorf("wheels %g to %g cm from the spawn, %d on the wrong side", s.wheelMin, s.wheelMax, s.wheelsBackward)
	}
	// Smooth: at most 20 m/s, and a turn radius of at least 20 m.
	if max := 2000.0 / hz * 1.001; s.maxStep > max || s.maxStep == 0 {
		t.Errorf("largest step %g cm, want (0, %g]", s.maxStep, max)
	}
	if max := (2000.0 / 2000 / hz) * 180 / math.Pi * 1.01; s.maxTurn > max || s.maxTurn == 0 {
		t.Errorf("largest turn %g deg a frame, want (0, %g]", s.maxTurn, max)
	}
}

func TestTargetBytes(t *testing.T) {
	const target = 3 << 20
	data := generate(t, Config{Vehicles: 100, TrafficLights: 10, TargetBytes: target, Churn: true, Seed: 3})
	s := decode(t, data)
	frame := int64(len(data)) / int64(s.frames)
	if int64(len(data)) < target-frame || int64(len(data)) > target+2*frame || s.lastDuration != -1 {
		t.Errorf("%d bytes in %d frames for a target of %d", len(data), s.frames, target)
	}
}

func TestBadConfig(t *testing.T) {
	for _, cfg := range []Config{{Vehicles: -1, Frames: 1}, {Vehicles: 70000, Frames: 1}, {Frames: 0}, {Hz: math.NaN(), Frames: 1}} {
		if err := Write(io.Discard, cfg); err == nil {
			t.Errorf("%+v: no error", cfg)
		}
	}
}
