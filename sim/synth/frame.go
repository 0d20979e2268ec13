package synth

import (
	"fmt"
	"math"

	"github.com/mm2carla/viewer/format/recorder"
)

// gen writes frames, reusing its packet structs (Frame) so that
// generating hundreds of megabytes stays cheap.
type gen struct {
	*world
	Frame
	dt float64

	spawnedV, spawnedW []int // indexes of actors born this frame
}

func newGen(cfg Config) *gen {
	return &gen{world: newWorld(cfg), dt: 1 / cfg.Hz}
}

// frame writes frame n (from 1): the actors of the frame in ascending
// ids, as CARLA writes them, in the packets of a Frame.
func (g *gen) frame(rw *recorder.Writer, n int, last bool) error {
	t := float64(n-1) * g.dt
	g.churn(n, t)
	g.Start = recorder.FrameStart{Frame: uint64(n), Duration: g.dt, Elapsed: t}
	if last {
		g.Start.Duration = -1 // CARLA patches it at the next frame, so the last keeps -1
	}
	g.events(n, t)
	g.moves(t)
	g.spawnData(n, t)
	g.Platform.Seconds = t * 1.02
	return g.Frame.Write(rw)
}

// churn replaces the actors whose time is up (and, in frame 1, marks every
// actor as born).
func (g *gen) churn(n int, t float64) {
	g.spawnedV, g.spawnedW, g.Del.IDs = g.spawnedV[:0], g.spawnedW[:0], g.Del.IDs[:0]
	for i := range g.vehicles {
		if n == 1 {
			g.spawnedV = append(g.spawnedV, i)
		} else if g.vehicles[i].dies <= t {
			g.Del.IDs = append(g.Del.IDs, g.vehicles[i].id)
			g.vehicles[i] = g.vehicle(t)
			g.spawnedV = append(g.spawnedV, i)
		}
	}
	for i := range g.walkers {
		if n == 1 {
			g.spawnedW = append(g.spawnedW, i)
		} else if g.walkers[i].dies <= t {
			g.Del.IDs = append(g.Del.IDs, g.walkers[i].id)
			g.walkers[i] = g.walker(t)
			g.spawnedW = append(g.spawnedW, i)
		}
	}
}

// events fills EventAdd with the actors born this frame (frame 1 also adds
// the spectator and the traffic lights, as CARLA does).
func (g *gen) events(n int, t float64) {
	actors := g.Add.Actors[:0]
	if n == 1 {
		actors = append(actors, recorder.ActorAdd{ID: spectatorID, Type: recorder.ActorOther,
			Location: recorder.Vec3{Z: 5000}, Description: "spectator"})
		for _, l := range g.lights {
			actors = append(actors, recorder.ActorAdd{ID: l.id, Type: recorder.ActorTrafficLight,
				Location: recorder.Vec3{X: l.x, Y: l.y}, UID: 64, Description: "traffic.traffic_light",
				Attributes: []recorder.Attribute{{Type: recorder.AttrString, Key: "role_name", Value: "traffic_light"}}})
		}
	}
	for _, i := range g.spawnedV {
		m := &g.vehicles[i]
		x, y, yaw := m.at(t)
		role := "autopilot"
		if i == 0 && n == 1 {
			role = "hero"
		}
		actors = append(actors, recorder.ActorAdd{ID: m.id, Type: recorder.ActorVehicle,
			Location: recorder.Vec3{X: x, Y: y, Z: m.z}, Rotation: recorder.Vec3{Z: yaw},
			UID: uint32(100 + m.blueprint), Description: vehicleBlueprints[m.blueprint].id,
			Attributes: []recorder.Attribute{
				{Type: recorder.AttrString, Key: "role_name", Value: role},
				{Type: recorder.AttrRGB, Key: "color", Value: fmt.Sprintf("%d,%d,%d", m.id%256, m.id*7%256, m.id*13%256)},
				{Type: recorder.AttrInt, Key: "number_of_wheels", Value: "4"},
			}})
	}
	for _, i := range g.spawnedW {
		m := &g.walkers[i]
		x, y, yaw := m.at(t)
		actors = append(actors, recorder.ActorAdd{ID: m.id, Type: recorder.ActorWalker,
			Location: recorder.Vec3{X: x, Y: y, Z: m.z}, Rotation: recorder.Vec3{Z: yaw},
			UID: uint32(200 + m.blueprint), Description: fmt.Sprintf("walker.pedestrian.%04d", m.blueprint),
			Attributes: []recorder.Attribute{
				{Type: recorder.AttrFloat, Key: "speed", Value: fmt.Sprintf("%.2f", m.speed()/100)},
				{Type: recorder.AttrBool, Key: "is_invincible", Value: "false"},
			}})
	}
	g.Add.Actors = actors
}

// moves fills the per-frame packets: positions, light states, animations,
// vehicle lights and kinematics.
func (g *gen) moves(t float64) {
	pos := append(g.Positions.Records[:0], recorder.Position{ID: spectatorID, Location: recorder.Vec3{Z: 5000},
		Rotation: recorder.Vec3{Y: -90}})
	vanim, vlight, kin := g.VehicleAnims.Records[:0], g.VehicleLights.Records[:0], g.Kinematics.Records[:0]
	for i := range g.vehicles {
		m := &g.vehicles[i]
		x, y, yaw := m.at(t)
		pos = append(pos, recorder.Position{ID: m.id, Location: recorder.Vec3{X: x, Y: y, Z: m.z}, Rotation: recorder.Vec3{Z: yaw}})
		// Steering for a 2.9 m wheelbase on this circle, over a 70 degree lock.
		steer := math.Copysign(math.Atan(290/m.radius)*180/math.Pi/70, m.omega)
		vanim = append(vanim, recorder.VehicleAnimation{ID: m.id, Steering: float32(steer), Throttle: 0.45, Gear: 3})
		bits := recorder.LightPosition | recorder.LightLowBeam
		if math.Mod(t+float64(m.id), 8) < 1 {
			bits |= recorder.LightBrake
		}
		vlight = append(vlight, recorder.VehicleLight{ID: m.id, Bits: bits})
		a := m.phase + m.omega*t
		v := m.speed() / 100 // m/s
		s := math.Copysign(1, m.omega)
		kin = append(kin, recorder.Kinematics{ID: m.id,
			Linear:  recorder.Vec3{X: -s * v * math.Sin(a), Y: s * v * math.Cos(a)},
			Angular: recorder.Vec3{Z: m.omega * 180 / math.Pi}})
	}
	wanim := g.WalkerAnims.Records[:0]
	for i := range g.walkers {
		m := &g.walkers[i]
		x, y, yaw := m.at(t)
		pos = append(pos, recorder.Position{ID: m.id, Location: recorder.Vec3{X: x, Y: y, Z: m.z}, Rotation: recorder.Vec3{Z: yaw}})
		wanim = append(wanim, recorder.WalkerAnimation{ID: m.id, Speed: float32(m.speed())})
	}
	tl := g.Lights.Records[:0]
	for i := range g.lights {
		st, el := g.lights[i].state(t)
		tl = append(tl, recorder.TrafficLightState{ID: g.lights[i].id, Elapsed: el, State: st})
	}
	g.Positions.Records, g.VehicleAnims.Records, g.VehicleLights.Records, g.Kinematics.Records = pos, vanim, vlight, kin
	g.WalkerAnims.Records, g.Lights.Records = wanim, tl
}

// spawnData fills the packets written when actors appear at time t:
// bounding boxes, physics controls and (in frame 1) traffic light times.
func (g *gen) spawnData(n int, t float64) {
	boxes, physics := g.Boxes.Records[:0], g.Physics.Records[:0]
	for _, i := range g.spawnedV {
		m := &g.vehicles[i]
		bp := vehicleBlueprints[m.blueprint]
		boxes = append(boxes, recorder.Box{ID: m.id, Origin: recorder.Vec3{Z: bp.extent.Z}, Extent: bp.extent})
		x, y, yaw := m.at(t)
		physics = append(physics, physicsFor(m.id, bp, recorder.Vec3{X: x, Y: y, Z: m.z}, yaw))
	}
	for _, i := range g.spawnedW {
		boxes = append(boxes, recorder.Box{ID: g.walkers[i].id, Extent: recorder.Vec3{X: 19, Y: 19, Z: 95}})
	}
	times := g.LightTimes.Records[:0]
	if n == 1 {
		for _, l := range g.lights {
			times = append(times, recorder.TrafficLightTime{ID: l.id, Green: green, Yellow: yellow, Red: red})
		}
	}
	g.Boxes.Records, g.Physics.Records, g.LightTimes.Records = boxes, physics, times
}

// physicsFor is a plausible 0.9.13-style physics setup for a blueprint
// spawned at loc (cm) heading yaw (deg). As in the real recordings, each
// wheel's position is the world location of its centre at spawn.
func physicsFor(id uint32, bp blueprint, loc recorder.Vec3, yaw float64) recorder.PhysicsControl {
	sin, cos := math.Sincos(yaw * math.Pi / 180)
	wheel := func(fwd, right float32, steer float32) recorder.Wheel {
		x := loc.X + float64(fwd)*cos - float64(right)*sin
		y := loc.Y + float64(fwd)*sin + float64(right)*cos
		return recorder.Wheel{TireFriction: 3.5, DampingRate: 0.25, MaxSteerAngle: steer, Radius: 35.5,
			MaxBrakeTorque: 800, MaxHandbrakeTorque: 1600 * float32(boolTo01(steer == 0)),
			LatStiffMaxLoad: 3, LatStiffValue: 20, LongStiffValue: 3000,
			Position: [3]float32{float32(x), float32(y), float32(loc.Z + 25)}, HasPosition: true}
	}
	ex, ey := float32(bp.extent.X)*0.7, float32(bp.extent.Y)*0.8
	return recorder.PhysicsControl{ID: id, MaxRPM: 6500, MOI: 1, DampingFullThrottle: 0.05,
		DampingZeroThrottleClutchEngaged: 2, DampingZeroThrottleClutchDisengaged: 0.35, UseGearAutobox: true,
		ClutchStrength: 10, FinalRatio: 3.21, Mass: 1700, DragCoefficient: 0.3, CenterOfMass: [3]float32{0.6, 0, -0.3},
		TorqueCurve:   []recorder.CurvePoint{{X: 1000, Y: 347}, {X: 3000, Y: 695}, {X: 6500, Y: 466}},
		Gears:         []recorder.Gear{{Ratio: 4.58, DownRatio: 0.23, UpRatio: 0.54}, {Ratio: 2.96, DownRatio: 0.23, UpRatio: 0.5}, {Ratio: 1.91, DownRatio: 0.23, UpRatio: 0.46}, {Ratio: 1.45, DownRatio: 0.23, UpRatio: 0.46}, {Ratio: 1, DownRatio: 0.23, UpRatio: 0.46}},
		SteeringCurve: []recorder.CurvePoint{{X: 0, Y: 1}, {X: 20, Y: 0.9}, {X: 60, Y: 0.8}, {X: 120, Y: 0.7}},
		Wheels:        []recorder.Wheel{wheel(ex, -ey, 70), wheel(ex, ey, 70), wheel(-ex, -ey, 0), wheel(-ex, ey, 0)},
	}
}

func boolTo01(b bool) int {
	if b {
		return 1
	}
	return 0
}
