package query

import (
	"strconv"

	"github.com/mm2carla/viewer/format/recorder"
)

// The blocks of CARLA's show_all mode, one per packet type, as CARLA
// 0.9.13-0.9.15 print them. Blocks marked "ours" are for packets CARLA's
// show_all skips; they follow CARLA's style (a count line with one leading
// space, then one "  Id: " line per record) so that the same scripts can
// read them.

// showAll appends the show_all block of a packet that is not an event.
func (t *infoText) showAll(p recorder.Packet) {
	switch p := p.(type) {
	case *recorder.Positions:
		t.positions(p.Records)
	case *recorder.TrafficLightStates:
		t.lightStates(p.Records)
	case *recorder.VehicleAnimations:
		t.vehicleAnims(p.Records)
	case *recorder.WalkerAnimations:
		t.count(" Walker animations: ", len(p.Records))
		for _, r := range p.Records {
			t.id(r.ID)
			t.field(" speed: ", float64(r.Speed))
			t.b = append(t.b, '\n')
		}
	case *recorder.VehicleDoors:
		t.doors(p)
	case *recorder.VehicleLights:
		t.count(" Vehicle light animations: ", len(p.Records))
		for _, r := range p.Records {
			t.id(r.ID)
			t.lights(r.Bits)
			t.b = append(t.b, '\n')
		}
	case *recorder.SceneLights:
		t.sceneLights(p.Records)
	case *recorder.KinematicsList:
		t.kinematics(p.Records)
	case *recorder.BoundingBoxes:
		t.boxes(" Actor bounding boxes: ", p.Records)
	case *recorder.TriggerVolumes:
		t.boxes(" Actor trigger volumes: ", p.Records)
	case *recorder.PlatformTime:
		t.frameLine(1)
		t.field(" Current platform time: ", p.Seconds)
		t.b = append(t.b, '\n')
	case *recorder.PhysicsControls:
		t.count(" Physics Control events: ", len(p.Records))
		for i := range p.Records {
			t.physics(&p.Records[i])
		}
	case *recorder.TrafficLightTimes:
		t.lightTimes(p.Records)
	case *recorder.WalkerBonesList:
		t.bones(p.Records)
	default:
		t.ours(p)
	}
}

func (t *infoText) positions(rs []recorder.Position) {
	t.count(" Positions: ", len(rs))
	for _, r := range rs {
		t.id(r.ID)
		t.b = append(t.b, " Location: "...)
		t.vec(r.Location)
		t.b = append(t.b, " Rotation: "...)
		t.vec(r.Rotation)
		t.b = append(t.b, '\n')
	}
}

func (t *infoText) lightStates(rs []recorder.TrafficLightState) {
	t.count(" State traffic lights: ", len(rs))
	for _, r := range rs {
		t.id(r.ID)
		// CARLA prints the state as the character '0' + state.
		t.b = append(t.b, " state: "...)
		t.b = append(t.b, '0'+byte(r.State))
		t.b = append(t.b, " frozen: "...)
		t.b = appendBool(t.b, r.Frozen)
		t.field(" elapsedTime: ", float64(r.Elapsed))
		t.b = append(t.b, '\n')
	}
}

func (t *infoText) vehicleAnims(rs []recorder.VehicleAnimation) {
	t.count(" Vehicle animations: ", len(rs))
	for _, r := range rs {
		t.id(r.ID)
		t.field(" Steering: ", float64(r.Steering))
		t.field(" Throttle: ", float64(r.Throttle))
		t.field(" Brake: ", float64(r.Brake))
		t.b = append(t.b, " Handbrake: "...)
		t.b = appendBool(t.b, r.Handbrake)
		t.b = append(t.b, " Gear: "...)
		t.b = appendInt(t.b, int64(r.Gear))
		t.b = append(t.b, '\n')
	}
}

func (t *infoText) sceneLights(rs []recorder.SceneLight) {
	t.count(" Scene light changes: ", len(rs))
	for _, r := range rs {
		t.b = append(t.b, "  Id: "...)
		t.b = appendInt(t.b, int64(r.LightID))
		if r.On {
			t.b = append(t.b, " enabled: True"...)
		} else {
			t.b = append(t.b, " enabled: False"...)
		}
		t.field(" intensity: ", float64(r.Intensity))
		t.b = append(t.b, " RGB_color: "...)
		t.b = appendVec(t.b, float64(r.Color[0]), float64(r.Color[1]), float64(r.Color[2]))
		t.b = append(t.b, '\n')
	}
}

func (t *infoText) kinematics(rs []recorder.Kinematics) {
	t.count(" Dynamic actors: ", len(rs))
	for _, r := range rs {
		t.id(r.ID)
		t.b = append(t.b, " linear_velocity: "...)
		t.vec(r.Linear)
		t.b = append(t.b, " angular_velocity: "...)
		t.vec(r.Angular)
		t.b = append(t.b, '\n')
	}
}

func (t *infoText) lightTimes(rs []recorder.TrafficLightTime) {
	t.count(" Traffic Light time events: ", len(rs))
	for _, r := range rs {
		t.id(r.ID)
		t.field(" green_time: ", float64(r.Green))
		t.field(" yellow_time: ", float64(r.Yellow))
		t.field(" red_time: ", float64(r.Red))
		t.b = append(t.b, '\n')
	}
}

func (t *infoText) bones(rs []recorder.WalkerBones) {
	t.count(" Walkers Bones: ", len(rs))
	for _, r := range rs {
		t.id(r.ID)
		t.b = append(t.b, '\n')
		for _, bone := range r.Bones {
			t.b = append(t.b, "     Bone: \""...)
			t.b = append(t.b, bone.Name...)
			t.b = append(t.b, "\" relative: Loc"...)
			t.vec(bone.Location)
			t.b = append(t.b, " Rot"...)
			t.vec(bone.Rotation)
			t.b = append(t.b, '\n')
		}
	}
	t.b = append(t.b, '\n') // CARLA ends the block with a blank line
}

// ours appends our blocks for the packets CARLA's show_all skips.
func (t *infoText) ours(p recorder.Packet) {
	switch p := p.(type) {
	case *recorder.VisualTime: // ours, like PlatformTime
		t.frameLine(1)
		t.field(" Current visual time: ", p.Seconds)
		t.b = append(t.b, '\n')
	case *recorder.FrameCounter: // ours; CARLA never writes it to files
		t.frameLine(1)
		t.b = append(t.b, " Frame counter: "...)
		t.b = appendUint(t.b, p.Counter)
		t.b = append(t.b, '\n')
	case *recorder.VehicleWheelsList: // ours
		t.count(" Vehicle wheels: ", len(p.Records))
		for _, r := range p.Records {
			t.id(r.ID)
			t.b = append(t.b, " wheels: "...)
			t.b = appendUint(t.b, uint64(len(r.Wheels)))
			t.b = append(t.b, '\n')
			for _, w := range r.Wheels {
				t.b = append(t.b, "   Wheel: "...)
				t.b = append(t.b, wheelName(w.Location)...)
				t.field(" steering_angle: ", float64(w.SteeringAngle))
				t.field(" tire_rotation: ", float64(w.TireRotation))
				t.b = append(t.b, '\n')
			}
		}
	case *recorder.BikerAnimations: // ours
		t.count(" Biker animations: ", len(p.Records))
		for _, r := range p.Records {
			t.id(r.ID)
			t.field(" forward_speed: ", float64(r.ForwardSpeed))
			t.field(" engine_rotation: ", float64(r.EngineRotation))
			t.b = append(t.b, '\n')
		}
	case *recorder.Weather: // ours
		t.weather(p)
	case *recorder.Raw: // ours: a packet the reader does not decode
		t.frameLine(1)
		t.b = append(t.b, " Packet "...)
		t.b = appendUint(t.b, uint64(p.WireID))
		t.b = append(t.b, ": "...)
		t.b = appendUint(t.b, uint64(len(p.Data)))
		t.b = append(t.b, " bytes (not decoded)\n"...)
	}
}

// count prints the frame line (if the packet has records) and the count
// line of a block.
func (t *infoText) count(title string, n int) {
	t.frameLine(n)
	t.b = append(t.b, title...)
	t.b = appendUint(t.b, uint64(n))
	t.b = append(t.b, '\n')
}

// id starts a record line.
func (t *infoText) id(id uint32) {
	t.b = append(t.b, "  Id: "...)
	t.b = appendUint(t.b, uint64(id))
}

// field appends a label and a %g number.
func (t *infoText) field(label string, v float64) {
	t.b = append(t.b, label...)
	t.b = appendG(t.b, v)
}

// vec appends "(x, y, z)".
func (t *infoText) vec(v recorder.Vec3) { t.b = appendVec(t.b, v.X, v.Y, v.Z) }

// boxes prints bounding boxes or trigger volumes.
func (t *infoText) boxes(title string, rs []recorder.Box) {
	t.count(title, len(rs))
	for _, r := range rs {
		t.id(r.ID)
		t.b = append(t.b, " origin: "...)
		t.vec(r.Origin)
		t.b = append(t.b, " extension: "...)
		t.vec(r.Extent)
		t.b = append(t.b, '\n')
	}
}

// lightNames are the vehicle light bits in CARLA's print order (Interior
// before Fog, unlike the bit order).
var lightNames = [...]struct {
	bit  uint32
	name string
}{
	{recorder.LightPosition, "Position"},
	{recorder.LightLowBeam, "LowBeam"},
	{recorder.LightHighBeam, "HighBeam"},
	{recorder.LightBrake, "Brake"},
	{recorder.LightRightBlinker, "RightBlinker"},
	{recorder.LightLeftBlinker, "LeftBlinker"},
	{recorder.LightReverse, "Reverse"},
	{recorder.LightInterior, "Interior"},
	{recorder.LightFog, "Fog"},
	{recorder.LightSpecial1, "Special1"},
	{recorder.LightSpecial2, "Special2"},
}

// lights appends the names of the lights that are on, or " None".
func (t *infoText) lights(bits uint32) {
	on := false
	for _, l := range lightNames {
		if bits&l.bit != 0 {
			t.b = append(t.b, ' ')
			t.b = append(t.b, l.name...)
			on = true
		}
	}
	if !on {
		t.b = append(t.b, " None"...)
	}
}

// doorNames are CARLA's EVehicleDoor values.
var doorNames = [...]string{"Front Left", "Front Right", "Rear Left", "Rear Right", "Hood", "Trunk", "All"}

// doors prints door changes. CARLA says "opened" for every change; we say
// "closed" when the door closes (see the package doc).
func (t *infoText) doors(p *recorder.VehicleDoors) {
	t.count(" Vehicle door animations: ", len(p.Records))
	for _, r := range p.Records {
		t.id(r.ID)
		if r.Open {
			t.b = append(t.b, "\n  Doors opened:  "...)
		} else {
			t.b = append(t.b, "\n  Doors closed:  "...)
		}
		if int(r.Door) < len(doorNames) {
			t.b = append(t.b, doorNames[r.Door]...)
		} else {
			t.b = append(t.b, "Unknown "...)
			t.b = appendUint(t.b, uint64(r.Door))
		}
		t.b = append(t.b, " \n"...)
	}
}

// physics prints one vehicle's physics as CARLA 0.9.10-0.9.15 do.
// gear_switch_time is not in the file: CARLA prints its default, 0.5.
// Every wheel has a position, in both wheel forms (see recorder.Wheel),
// and CARLA prints it in every version.
func (t *infoText) physics(r *recorder.PhysicsControl) {
	t.id(r.ID)
	t.field("\n   max_rpm = ", float64(r.MaxRPM))
	t.field("\n   MOI = ", float64(r.MOI))
	t.field("\n   damping_rate_full_throttle = ", float64(r.DampingFullThrottle))
	t.field("\n   damping_rate_zero_throttle_clutch_engaged = ", float64(r.DampingZeroThrottleClutchEngaged))
	t.field("\n   damping_rate_zero_throttle_clutch_disengaged = ", float64(r.DampingZeroThrottleClutchDisengaged))
	t.b = append(t.b, "\n   use_gear_auto_box = "...)
	t.b = strconv.AppendBool(t.b, r.UseGearAutobox)
	t.b = append(t.b, "\n   gear_switch_time = 0.5"...)
	t.field("\n   clutch_strength = ", float64(r.ClutchStrength))
	t.field("\n   final_ratio = ", float64(r.FinalRatio))
	t.field("\n   mass = ", float64(r.Mass))
	t.field("\n   drag_coefficient = ", float64(r.DragCoefficient))
	t.b = append(t.b, "\n   center_of_mass = "...)
	c := r.CenterOfMass
	t.b = appendVec(t.b, float64(c[0]), float64(c[1]), float64(c[2]))
	t.b = append(t.b, "\n   torque_curve ="...)
	t.curve(r.TorqueCurve)
	t.b = append(t.b, "\n   steering_curve ="...)
	t.curve(r.SteeringCurve)
	t.b = append(t.b, "\n   forward_gears:\n"...)
	for i, g := range r.Gears {
		t.b = append(t.b, "    gear "...)
		t.b = appendUint(t.b, uint64(i))
		t.field(": ratio ", float64(g.Ratio))
		t.field(" down_ratio ", float64(g.DownRatio))
		t.field(" up_ratio ", float64(g.UpRatio))
		t.b = append(t.b, '\n')
	}
	t.b = append(t.b, "   wheels:\n"...)
	for i, w := range r.Wheels {
		t.b = append(t.b, "    wheel "...)
		t.b = appendUint(t.b, uint64(i))
		t.field(": tire_friction ", float64(w.TireFriction))
		t.field(" damping_rate ", float64(w.DampingRate))
		t.field(" max_steer_angle ", float64(w.MaxSteerAngle))
		t.field(" radius ", float64(w.Radius))
		t.field(" max_brake_torque ", float64(w.MaxBrakeTorque))
		t.field(" max_handbrake_torque ", float64(w.MaxHandbrakeTorque))
		t.b = append(t.b, " position "...)
		p := w.Position
		t.b = appendVec(t.b, float64(p[0]), float64(p[1]), float64(p[2]))
		t.b = append(t.b, '\n')
	}
}

// curve appends " (x, y)" per point.
func (t *infoText) curve(c []recorder.CurvePoint) {
	for _, p := range c {
		t.field(" (", float64(p.X))
		t.field(", ", float64(p.Y))
		t.b = append(t.b, ')')
	}
}

// wheelNames name VehicleWheels locations.
var wheelNames = [...]string{"FL", "FR", "BL", "BR", "ML", "MR"}

// wheelName names a wheel location, or gives its number.
func wheelName(l uint8) string {
	if int(l) < len(wheelNames) {
		return wheelNames[l]
	}
	return strconv.Itoa(int(l))
}

// weather prints the weather, one "name = value" line per parameter like
// CARLA's physics block (ours).
func (t *infoText) weather(w *recorder.Weather) {
	t.frameLine(1)
	t.b = append(t.b, " Weather:"...)
	for _, f := range [...]struct {
		name string
		v    float32
	}{
		{"cloudiness", w.Cloudiness}, {"precipitation", w.Precipitation},
		{"precipitation_deposits", w.PrecipitationDeposits}, {"wind_intensity", w.WindIntensity},
		{"sun_azimuth_angle", w.SunAzimuthAngle}, {"sun_altitude_angle", w.SunAltitudeAngle},
		{"fog_density", w.FogDensity}, {"fog_distance", w.FogDistance},
		{"fog_falloff", w.FogFalloff}, {"wetness", w.Wetness},
		{"scattering_intensity", w.ScatteringIntensity}, {"mie_scattering_scale", w.MieScatteringScale},
		{"rayleigh_scattering_scale", w.RayleighScatteringScale}, {"dust_storm", w.DustStorm},
	} {
		t.b = append(t.b, "\n   "...)
		t.b = append(t.b, f.name...)
		t.field(" = ", float64(f.v))
	}
	t.b = append(t.b, '\n')
}
