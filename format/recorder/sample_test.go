package recorder

import (
	"bytes"
	"errors"
	"io"
	"testing"
)

// sampleHeader is the header of the generated test recordings.
var sampleHeader = Header{Version: 1, Magic: Magic, Date: 1637671165, Map: "Town06"}

// sampleFrames returns three frames that together hold every packet type
// (ids 0-24, a user packet and an unknown one), both PhysicsControl wheel
// forms and empty lists. With frac the vecs get fractions that float32
// cannot hold, so only the UE5 (Wide) layout keeps them.
func sampleFrames(frac float64) [][]Packet {
	v := func(x, y, z float64) Vec3 { return Vec3{x + frac, y - frac, z + frac} }
	wheel48 := Wheel{TireFriction: 3.5, DampingRate: 0.25, MaxSteerAngle: 70, Radius: 35.5, MaxBrakeTorque: 800,
		MaxHandbrakeTorque: 1600, LatStiffMaxLoad: 3, LatStiffValue: 20, LongStiffValue: 3000,
		Position: [3]float32{39328.484, 19647.754, 86.40262}, HasPosition: true}
	wheel36 := Wheel{TireFriction: 3.5, DampingRate: 0.25, MaxSteerAngle: 70, Radius: 35.8, MaxBrakeTorque: 1500,
		Position: [3]float32{1, 2, 3}}
	physics := func(id uint32, w Wheel) *PhysicsControls {
		return &PhysicsControls{Records: []PhysicsControl{{
			ID: id, MaxRPM: 5800, MOI: 1, DampingFullThrottle: 0.15, DampingZeroThrottleClutchEngaged: 2,
			DampingZeroThrottleClutchDisengaged: 0.35, UseGearAutobox: true, ClutchStrength: 10, FinalRatio: 4,
			Mass: 2404, DragCoefficient: 0.3, CenterOfMass: [3]float32{0.6, 0, -0.25},
			TorqueCurve:   []CurvePoint{{0, 400}, {1890.76, 500}},
			Gears:         []Gear{{3.59, 0.2, 0.35}, {2.19, 0.2, 0.35}},
			SteeringCurve: []CurvePoint{{0, 1}, {120, 0.7}},
			Wheels:        []Wheel{w, w, w, w},
		}}}
	}
	return [][]Packet{{
		&FrameStart{Frame: 1, Duration: 0.05, Elapsed: 0},
		&EventAdd{Actors: []ActorAdd{
			{ID: 1, Type: ActorOther, Location: v(542.5, 4236.75, 490.875), UID: 0, Description: "spectator"},
			{ID: 7, Type: ActorVehicle, Location: v(100, 200, 30), Rotation: v(0, 0, 90), UID: 42,
				Description: "vehicle.tesla.model3", Attributes: []Attribute{
					{AttrString, "role_name", "hero"}, {AttrRGB, "color", "17,37,103"},
					{AttrBool, "sticky_control", "true"}, {AttrInt, "generation", "2"}, {AttrFloat, "speed", "1.5"}}},
			{ID: 8, Type: ActorWalker, Location: v(-5, 6, 1), UID: 3, Description: "walker.pedestrian.0001"},
			{ID: 9, Type: ActorTrafficLight, Location: v(10, 20, 0), UID: 9, Description: "traffic.traffic_light"},
			{ID: 10, Type: ActorSensor, UID: 11, Description: "sensor.other.collision"},
		}},
		&EventParent{Links: []ParentLink{{Child: 10, Parent: 7}}},
		&Positions{Records: []Position{{ID: 1, Location: v(542.5, 4236.75, 490.875)},
			{ID: 7, Location: v(100, 200, 30), Rotation: v(0, -1.5, 90)}, {ID: 8, Location: v(-5, 6, 1)}}},
		&TrafficLightStates{Records: []TrafficLightState{{ID: 9, Frozen: true, Elapsed: 1.25, State: LightGreen}}},
		&VehicleAnimations{Records: []VehicleAnimation{{ID: 7, Steering: -0.5, Throttle: 0.75, Brake: 0, Handbrake: true, Gear: -1}}},
		&WalkerAnimations{Records: []WalkerAnimation{{ID: 8, Speed: 140}}},
		&VehicleLights{Records: []VehicleLight{{ID: 7, Bits: LightPosition | LightLowBeam | LightBrake}}},
		&SceneLights{Records: []SceneLight{{LightID: -3, Intensity: 500, Color: [4]float32{1, 0.5, 0.25, 1}, On: true, Group: 2}}},
		&KinematicsList{Records: []Kinematics{{ID: 7, Linear: v(10, 0, 0), Angular: v(0, 0, 5)}}},
		&BoundingBoxes{Records: []Box{{ID: 7, Origin: v(0, 0, 70), Extent: v(240, 100, 75)}}},
		&PlatformTime{Seconds: 0.015625},
		physics(7, wheel48),
		&TrafficLightTimes{Records: []TrafficLightTime{{ID: 9, Green: 10, Yellow: 3, Red: 2}}},
		&TriggerVolumes{Records: []Box{{ID: 9, Origin: v(12, 22, 1), Extent: v(300, 150, 100)}}},
		&FrameCounter{Counter: 123456789},
		&WalkerBonesList{Records: []WalkerBones{{ID: 8, Bones: []Bone{
			{Name: "crl_root", Location: v(0, 0, 0)}, {Name: "crl_hips__C", Location: v(0, 0, 95), Rotation: v(0, 90, 0)}}}}},
		&VisualTime{Seconds: 0.05},
		&VehicleWheelsList{Records: []VehicleWheels{{ID: 7, Wheels: []WheelState{
			{0, 12.5, 90}, {1, 12.5, 91}, {2, 0, 92}, {3, 0, 93}}}}},
		&BikerAnimations{Records: []BikerAnimation{{ID: 11, ForwardSpeed: 4.5, EngineRotation: 1200}}},
		&VehicleDoors{Records: []VehicleDoor{{ID: 7, Door: 1, Open: true}}},
		&Weather{Cloudiness: 30, Precipitation: 10, SunAltitudeAngle: 45, FogDensity: 2.5, Wetness: 1, DustStorm: 0.5},
		&Raw{WireID: 105, Data: []byte("user data")},
		&Raw{WireID: 77},
		&FrameEnd{},
	}, {
		&FrameStart{Frame: 2, Duration: 0.0625, Elapsed: 0.05},
		&EventDel{IDs: []uint32{8}},
		&Collisions{Records: []Collision{{ID: 3, Actor1: 7, Actor2: 9, Hero1: true}}},
		&Positions{Records: []Position{{ID: 7, Location: v(101, 200, 30), Rotation: v(0, 0, 91)}}},
		physics(12, wheel36),
		&VehicleDoors{},
		&FrameEnd{},
	}, {
		&FrameStart{Frame: 3, Duration: -1, Elapsed: 0.1125},
		&EventAdd{},
		&Positions{},
		&FrameEnd{},
	}}
}

// encodeFrames writes frames with a Writer in layout l, under the sample
// header.
func encodeFrames(t testing.TB, frames [][]Packet, l Layout) []byte {
	t.Helper()
	return encodeAll(t, sampleHeader, l, frames)
}

// encodeAll writes frames with a Writer, and checks that its Offset counts
// every byte.
func encodeAll(t testing.TB, h Header, l Layout, frames [][]Packet) []byte {
	t.Helper()
	var buf bytes.Buffer
	w, err := NewWriter(&buf, h, l)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range frames {
		for _, p := range f {
			if err := w.Write(p); err != nil {
				t.Fatal(err)
			}
		}
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	if w.Offset() != int64(buf.Len()) {
		t.Fatalf("Writer.Offset %d after writing %d bytes", w.Offset(), buf.Len())
	}
	return buf.Bytes()
}

// sampleFile is the narrow sample recording.
func sampleFile(t testing.TB) []byte { return encodeFrames(t, sampleFrames(0), Layout{}) }

// decodeAll reads a whole recording into frames of cloned packets. It
// returns the frames complete before any error, and the error (nil at a
// clean end).
func decodeAll(data []byte) (Header, Layout, [][]Packet, error) {
	r, err := NewReader(bytes.NewReader(data))
	if err != nil {
		return Header{}, Layout{}, nil, err
	}
	var frames [][]Packet
	var cur []Packet
	for {
		p, err := r.Next()
		if errors.Is(err, io.EOF) {
			return r.Header(), r.Layout(), frames, nil
		}
		if err != nil {
			return r.Header(), r.Layout(), frames, err
		}
		cur = append(cur, Clone(p))
		if p.ID() == IDFrameEnd {
			frames = append(frames, cur)
			cur = nil
		}
	}
}

// reencode decodes data (learning its layout first) and writes every
// packet back.
func reencode(t testing.TB, data []byte) []byte {
	t.Helper()
	h, l, frames, err := decodeAll(data)
	if err != nil {
		t.Fatal(err)
	}
	return encodeAll(t, h, l, frames)
}

// samePacket compares two packets by their encoding in layout l, so that
// NaNs (real files hold some, e.g. the spectator's bounding box) compare
// equal to themselves.
func samePacket(t testing.TB, l Layout, a, b Packet) bool {
	t.Helper()
	return a.ID() == b.ID() && bytes.Equal(encodePacket(t, l, a), encodePacket(t, l, b))
}

func encodePacket(t testing.TB, l Layout, p Packet) []byte {
	t.Helper()
	b, err := (&Writer{lay: l}).appendPayload(nil, p)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
