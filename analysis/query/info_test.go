package query

import (
	"bytes"
	"encoding/json"
	"errors"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/mm2carla/viewer/format/recorder"
)

// eventsRecording has every kind of event, and frames without any.
func eventsRecording() *memSource {
	var s staged
	spectator := actor(1, recorder.ActorOther, "spectator")
	spectator.Location = recorder.Vec3{X: float64(float32(542.481)), Y: float64(float32(4236.74)), Z: float64(float32(490.868))}
	s.frame(0.05, add(spectator,
		actor(174, recorder.ActorVehicle, "vehicle.lincoln.mkz_2017", hero(),
			recorder.Attribute{Type: recorder.AttrRGB, Key: "color", Value: "17,37,103"})),
		positions(pos(174, 1, 2)))
	s.frame(0.05, positions(pos(174, 1, 2)))
	s.frame(0.05, &recorder.EventParent{Links: []recorder.ParentLink{{Child: 181, Parent: 174}}},
		collisions(collide(3, 174, 175, true, false), collide(4, 175, 174, false, true)),
		del(175))
	s.frame(0.05, del())
	return s.source()
}

const eventsText = `Version: 1
Map: Town01
Date: 11/23/21 14:08:48

Frame 1 at 0 seconds
 Create 1: spectator (0) at (542.481, 4236.74, 490.868)
 Create 174: vehicle.lincoln.mkz_2017 (1) at (174, 2, 3)
  role_name = hero
  color = 17,37,103
Frame 3 at 0.1 seconds
 Parenting 181 with 174 (parent)
 Collision id 3 between 174 (hero)  with 175
 Collision id 4 between 175 with 174 (hero) 
 Destroy 175

Frames: 4
Duration: 0.15 seconds
`

func TestInfoText(t *testing.T) {
	var b bytes.Buffer
	if err := Info(eventsRecording(), &b, InfoOptions{Location: time.UTC}); err != nil {
		t.Fatal(err)
	}
	if b.String() != eventsText {
		t.Errorf("got\n%s\nwant\n%s", b.String(), eventsText)
	}
}

func TestInfoDateZone(t *testing.T) {
	var b bytes.Buffer
	zone := time.FixedZone("UTC-5", -5*3600)
	if err := Info(eventsRecording(), &b, InfoOptions{Location: zone}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), "\nDate: 11/23/21 09:08:48\n") {
		t.Errorf("date not in the given zone:\n%s", b.String())
	}
}

// A decode error prints the frames read and no closing lines.
func TestInfoError(t *testing.T) {
	src := eventsRecording()
	src.ps = src.ps[:7] // frame 1 and frame 2's start
	bad := &recorder.FormatError{Offset: 1234, Packet: 6, Msg: "truncated"}
	src.err = bad
	var b bytes.Buffer
	err := Info(src, &b, InfoOptions{Location: time.UTC})
	if !errors.Is(err, bad) {
		t.Fatalf("err = %v, want the source's", err)
	}
	want := eventsText[:strings.Index(eventsText, "Frame 3")]
	if b.String() != want {
		t.Errorf("got\n%s\nwant\n%s", b.String(), want)
	}
}

// errWriter fails every write.
type errWriter struct{}

func (errWriter) Write([]byte) (int, error) { return 0, errors.New("disk full") }

func TestInfoWriteError(t *testing.T) {
	if err := Info(eventsRecording(), errWriter{}, InfoOptions{}); err == nil || err.Error() != "disk full" {
		t.Errorf("err = %v, want the writer's", err)
	}
}

// everyPacket is one frame with a packet of every type.
func everyPacket() *memSource {
	v := func(x, y, z float64) recorder.Vec3 { return recorder.Vec3{X: x, Y: y, Z: z} }
	var s staged
	s.frame(0.05,
		&recorder.PlatformTime{Seconds: 1.25},
		&recorder.VisualTime{Seconds: 2.5},
		&recorder.FrameCounter{Counter: 77},
		positions(recorder.Position{ID: 5, Location: v(1, -2, 0.5), Rotation: v(0, 90, -180)}),
		&recorder.TrafficLightStates{Records: []recorder.TrafficLightState{{ID: 7, Frozen: true, Elapsed: 3.5, State: recorder.LightGreen}}},
		&recorder.VehicleAnimations{Records: []recorder.VehicleAnimation{{ID: 5, Steering: -0.25, Throttle: 1, Brake: 0, Handbrake: true, Gear: -1}}},
		&recorder.WalkerAnimations{Records: []recorder.WalkerAnimation{{ID: 6, Speed: 140.5}}},
		&recorder.VehicleLights{Records: []recorder.VehicleLight{
			{ID: 5, Bits: recorder.LightPosition | recorder.LightFog | recorder.LightInterior}, {ID: 8}}},
		&recorder.SceneLights{Records: []recorder.SceneLight{{LightID: -3, Intensity: 50, Color: [4]float32{1, 0.5, 0, 1}, On: true}}},
		&recorder.KinematicsList{Records: []recorder.Kinematics{{ID: 5, Linear: v(10, 0, 0), Angular: v(0, 0, 1e-7)}}},
		&recorder.BoundingBoxes{Records: []recorder.Box{{ID: 5, Origin: v(0, 0, 70), Extent: v(240, 100, 75)}}},
		&recorder.TriggerVolumes{Records: []recorder.Box{{ID: 7, Origin: v(1e6, 2, 3), Extent: v(1, 1, 1)}}},
		&recorder.PhysicsControls{Records: []recorder.PhysicsControl{{
			ID: 5, MaxRPM: 5000, MOI: 1, DampingFullThrottle: 0.15, DampingZeroThrottleClutchEngaged: 2,
			DampingZeroThrottleClutchDisengaged: 0.35, UseGearAutobox: true, ClutchStrength: 10, FinalRatio: 4,
			Mass: 1845, DragCoefficient: 0.3, CenterOfMass: [3]float32{0.45, 0, -0.5},
			TorqueCurve:   []recorder.CurvePoint{{X: 0, Y: 400}, {X: 1890, Y: 500}},
			Gears:         []recorder.Gear{{Ratio: 3.5, DownRatio: 0.15, UpRatio: 0.65}},
			SteeringCurve: []recorder.CurvePoint{{X: 0, Y: 1}},
			Wheels: []recorder.Wheel{
				{TireFriction: 3.5, DampingRate: 0.25, MaxSteerAngle: 70, Radius: 37, MaxBrakeTorque: 1500,
					MaxHandbrakeTorque: 3000, Position: [3]float32{1, 2, 3}, HasPosition: true},
				{TireFriction: 3.5, Position: [3]float32{-150, 80.5, 35}}, // the 36-byte form of 0.9.10 and 0.9.11
			},
		}}},
		&recorder.TrafficLightTimes{Records: []recorder.TrafficLightTime{{ID: 7, Green: 10, Yellow: 3, Red: 2}}},
		&recorder.WalkerBonesList{Records: []recorder.WalkerBones{{ID: 6, Bones: []recorder.Bone{{Name: "crl_root", Location: v(0, 0, 1), Rotation: v(0, 0, 0)}}}}},
		&recorder.VehicleWheelsList{Records: []recorder.VehicleWheels{{ID: 5, Wheels: []recorder.WheelState{{Location: 0, SteeringAngle: 12.5, TireRotation: 90}, {Location: 9}}}}},
		&recorder.BikerAnimations{Records: []recorder.BikerAnimation{{ID: 9, ForwardSpeed: 3, EngineRotation: 0.5}}},
		&recorder.VehicleDoors{Records: []recorder.VehicleDoor{{ID: 5, Door: 0, Open: true}, {ID: 5, Door: 5}, {ID: 5, Door: 42, Open: true}}},
		&recorder.Weather{Cloudiness: 10, Precipitation: 20, SunAltitudeAngle: -90, DustStorm: 1},
		&recorder.Raw{WireID: 105, Data: []byte{1, 2, 3}},
		positions(),
	)
	return s.source()
}

const everyPacketText = `Version: 1
Map: Town01
Date: 11/23/21 14:08:48

Frame 1 at 0 seconds
 Current platform time: 1.25
 Current visual time: 2.5
 Frame counter: 77
 Positions: 1
  Id: 5 Location: (1, -2, 0.5) Rotation: (0, 90, -180)
 State traffic lights: 1
  Id: 7 state: 2 frozen: 1 elapsedTime: 3.5
 Vehicle animations: 1
  Id: 5 Steering: -0.25 Throttle: 1 Brake: 0 Handbrake: 1 Gear: -1
 Walker animations: 1
  Id: 6 speed: 140.5
 Vehicle light animations: 2
  Id: 5 Position Interior Fog
  Id: 8 None
 Scene light changes: 1
  Id: -3 enabled: True intensity: 50 RGB_color: (1, 0.5, 0)
 Dynamic actors: 1
  Id: 5 linear_velocity: (10, 0, 0) angular_velocity: (0, 0, 1e-07)
 Actor bounding boxes: 1
  Id: 5 origin: (0, 0, 70) extension: (240, 100, 75)
 Actor trigger volumes: 1
  Id: 7 origin: (1e+06, 2, 3) extension: (1, 1, 1)
 Physics Control events: 1
  Id: 5
   max_rpm = 5000
   MOI = 1
   damping_rate_full_throttle = 0.15
   damping_rate_zero_throttle_clutch_engaged = 2
   damping_rate_zero_throttle_clutch_disengaged = 0.35
   use_gear_auto_box = true
   gear_switch_time = 0.5
   clutch_strength = 10
   final_ratio = 4
   mass = 1845
   drag_coefficient = 0.3
   center_of_mass = (0.45, 0, -0.5)
   torque_curve = (0, 400) (1890, 500)
   steering_curve = (0, 1)
   forward_gears:
    gear 0: ratio 3.5 down_ratio 0.15 up_ratio 0.65
   wheels:
    wheel 0: tire_friction 3.5 damping_rate 0.25 max_steer_angle 70 radius 37 max_brake_torque 1500 max_handbrake_torque 3000 position (1, 2, 3)
    wheel 1: tire_friction 3.5 damping_rate 0 max_steer_angle 0 radius 0 max_brake_torque 0 max_handbrake_torque 0 position (-150, 80.5, 35)
 Traffic Light time events: 1
  Id: 7 green_time: 10 yellow_time: 3 red_time: 2
 Walkers Bones: 1
  Id: 6
     Bone: "crl_root" relative: Loc(0, 0, 1) Rot(0, 0, 0)

 Vehicle wheels: 1
  Id: 5 wheels: 2
   Wheel: FL steering_angle: 12.5 tire_rotation: 90
   Wheel: 9 steering_angle: 0 tire_rotation: 0
 Biker animations: 1
  Id: 9 forward_speed: 3 engine_rotation: 0.5
 Vehicle door animations: 3
  Id: 5
  Doors opened:  Front Left 
  Id: 5
  Doors closed:  Trunk 
  Id: 5
  Doors opened:  Unknown 42 
 Weather:
   cloudiness = 10
   precipitation = 20
   precipitation_deposits = 0
   wind_intensity = 0
   sun_azimuth_angle = 0
   sun_altitude_angle = -90
   fog_density = 0
   fog_distance = 0
   fog_falloff = 0
   wetness = 0
   scattering_intensity = 0
   mie_scattering_scale = 0
   rayleigh_scattering_scale = 0
   dust_storm = 1
 Packet 105: 3 bytes (not decoded)
 Positions: 0

Frames: 1
Duration: 0 seconds
`

func TestInfoAll(t *testing.T) {
	var b bytes.Buffer
	if err := Info(everyPacket(), &b, InfoOptions{All: true, Location: time.UTC}); err != nil {
		t.Fatal(err)
	}
	if b.String() != everyPacketText {
		t.Errorf("got\n%s\nwant\n%s", b.String(), everyPacketText)
	}
	// Without All, none of it shows: the frame has no events.
	b.Reset()
	if err := Info(everyPacket(), &b, InfoOptions{Location: time.UTC}); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(b.String(), "Frame 1") {
		t.Errorf("a frame without events is listed:\n%s", b.String())
	}
}

// infoDoc is the JSON document of InfoJSON, for the tests.
type infoDoc struct {
	Header struct {
		Version  int    `json:"version"`
		Magic    string `json:"magic"`
		Map      string `json:"map"`
		Date     string `json:"date"`
		DateUnix int64  `json:"date_unix"`
	} `json:"header"`
	Frames []struct {
		Frame    uint64            `json:"frame"`
		Elapsed  float64           `json:"elapsed"`
		Duration *float64          `json:"duration"`
		Events   []map[string]any  `json:"events"`
		Packets  []json.RawMessage `json:"packets"`
	} `json:"frames"`
	Totals map[string]float64 `json:"totals"`
	Error  *struct {
		Message string `json:"message"`
		Offset  *int64 `json:"offset"`
		Packet  *int   `json:"packet"`
	} `json:"error"`
}

func TestInfoJSON(t *testing.T) {
	var b bytes.Buffer
	if err := InfoJSON(eventsRecording(), &b, InfoOptions{Location: time.UTC}); err != nil {
		t.Fatal(err)
	}
	var doc infoDoc
	if err := json.Unmarshal(b.Bytes(), &doc); err != nil {
		t.Fatalf("%v\n%s", err, b.String())
	}
	if doc.Header.Date != "2021-11-23T14:08:48Z" || doc.Header.DateUnix != 1637676528 || doc.Header.Map != "Town01" ||
		doc.Header.Magic != "CARLA_RECORDER" || doc.Header.Version != 1 {
		t.Errorf("header = %+v", doc.Header)
	}
	if len(doc.Frames) != 2 || doc.Frames[0].Frame != 1 || doc.Frames[1].Frame != 3 {
		t.Fatalf("frames = %+v, want frames 1 and 3 (those with events)", doc.Frames)
	}
	f := doc.Frames[1]
	if f.Elapsed != 0.1 || f.Duration == nil || *f.Duration != 0.05 {
		t.Errorf("frame 3 time = %v, %v", f.Elapsed, f.Duration)
	}
	var kinds []string
	for _, e := range f.Events {
		kinds = append(kinds, e["event"].(string))
	}
	if got := strings.Join(kinds, " "); got != "parent collision collision destroy" {
		t.Errorf("frame 3 events = %s", got)
	}
	c := f.Events[1]
	if c["collision_id"] != 3.0 || c["actor1"] != 174.0 || c["hero1"] != true || c["actor2"] != 175.0 || c["hero2"] != false {
		t.Errorf("collision = %v", c)
	}
	cr := doc.Frames[0].Events[0]
	loc := cr["location"].(map[string]any)
	if cr["event"] != "create" || cr["description"] != "spectator" || loc["x"] != 542.481 || loc["y"] != 4236.74 {
		t.Errorf("create = %v", cr)
	}
	attrs := doc.Frames[0].Events[1]["attributes"].([]any)
	if a := attrs[1].(map[string]any); a["key"] != "color" || a["type"] != "rgb" || a["value"] != "17,37,103" {
		t.Errorf("attribute = %v", a)
	}
	want := map[string]float64{"frames": 4, "duration": 0.15000000000000002, "frame_count": 4,
		"actors_created": 2, "actors_destroyed": 1, "parentings": 1, "collisions": 2}
	for k, v := range want {
		if doc.Totals[k] != v {
			t.Errorf("totals[%s] = %v, want %v", k, doc.Totals[k], v)
		}
	}
	if doc.Error != nil {
		t.Errorf("error = %+v", doc.Error)
	}
}

func TestInfoJSONAll(t *testing.T) {
	var b bytes.Buffer
	if err := InfoJSON(everyPacket(), &b, InfoOptions{All: true, Location: time.UTC}); err != nil {
		t.Fatal(err)
	}
	var doc infoDoc
	if err := json.Unmarshal(b.Bytes(), &doc); err != nil {
		t.Fatalf("%v\n%s", err, b.String())
	}
	if len(doc.Frames) != 1 || doc.Frames[0].Duration != nil {
		t.Fatalf("frames = %+v, want one, the last, without duration", doc.Frames)
	}
	ps := doc.Frames[0].Packets
	if len(ps) != 21 {
		t.Fatalf("%d packets, want 21", len(ps))
	}
	for i, want := range []string{
		`{"packet":"platform_time","seconds":1.25}`,
		`{"packet":"positions","records":[{"id":5,"location":{"x":1,"y":-2,"z":0.5},"rotation":{"x":0,"y":90,"z":-180}}]}`,
		`{"packet":"vehicle_lights","records":[{"id":5,"bits":385},{"id":8,"bits":0}]}`,
		`{"packet":"scene_lights","records":[{"light_id":-3,"intensity":50,"color":[1,0.5,0,1],"on":true,"group":0}]}`,
		`{"packet":"raw","wire_id":105,"data":"AQID"}`,
	} {
		found := false
		for _, p := range ps {
			found = found || string(p) == want
		}
		if !found {
			t.Errorf("packet %d not found: %s", i, want)
		}
	}
	// Both wheel forms have a position; the flag says whether the
	// stiffness values are in the record.
	for _, want := range []string{`"position":[1,2,3],"has_stiffness":true}`, `"position":[-150,80.5,35],"has_stiffness":false}`} {
		if !bytes.Contains(b.Bytes(), []byte(want)) {
			t.Errorf("no wheel %s in the physics packet", want)
		}
	}
}

// The JSON of a stopped query holds the frames read and the error.
func TestInfoJSONError(t *testing.T) {
	src := eventsRecording()
	src.ps = src.ps[:7]
	src.err = &recorder.FormatError{Offset: 1234, Packet: 6, Msg: "truncated"}
	var b bytes.Buffer
	if err := InfoJSON(src, &b, InfoOptions{}); err == nil {
		t.Fatal("no error")
	}
	var doc infoDoc
	if err := json.Unmarshal(b.Bytes(), &doc); err != nil {
		t.Fatalf("%v\n%s", err, b.String())
	}
	if len(doc.Frames) != 1 || doc.Error == nil || doc.Error.Offset == nil || *doc.Error.Offset != 1234 ||
		doc.Error.Packet == nil || *doc.Error.Packet != 6 || !strings.Contains(doc.Error.Message, "truncated") {
		t.Errorf("frames %d, error %+v", len(doc.Frames), doc.Error)
	}
}

// NaN cannot be spelled in JSON: it becomes null, and the document parses.
func TestJSONNonFinite(t *testing.T) {
	var s staged
	a := actor(1, recorder.ActorVehicle, "v")
	a.Location.X = math.NaN()
	s.frame(0.05, add(a))
	var b bytes.Buffer
	if err := InfoJSON(s.source(), &b, InfoOptions{}); err != nil {
		t.Fatal(err)
	}
	if !json.Valid(b.Bytes()) || !strings.Contains(b.String(), `"x":null`) {
		t.Errorf("not valid or NaN not null:\n%s", b.String())
	}
}
