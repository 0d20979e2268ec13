package demo

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/mm2carla/viewer/format/recorder"
	"github.com/mm2carla/viewer/scene"
)

// The engine, gearbox and steering of every car are those a real CARLA
// 0.9.13 recording shows for its Lincoln, scaled to the model's mass and
// rev limit: what matters for the viewer is that the packet is complete
// and plausible, not a vehicle dynamics model.
var (
	torqueShape = [...]recorder.CurvePoint{{X: 0.154, Y: 347}, {X: 0.231, Y: 523}, {X: 0.308, Y: 606},
		{X: 0.462, Y: 695}, {X: 0.615, Y: 677}, {X: 0.815, Y: 607}, {X: 1, Y: 466}}
	gearbox = [...]recorder.Gear{{Ratio: 4.584, DownRatio: 0.23, UpRatio: 0.54}, {Ratio: 2.964, DownRatio: 0.23, UpRatio: 0.5},
		{Ratio: 1.912, DownRatio: 0.23, UpRatio: 0.46}, {Ratio: 1.446, DownRatio: 0.23, UpRatio: 0.46},
		{Ratio: 1, DownRatio: 0.23, UpRatio: 0.46}, {Ratio: 0.746, DownRatio: 0.23, UpRatio: 0.46}}
	steeringCurve = [...]recorder.CurvePoint{{X: 0, Y: 1}, {X: 20, Y: 0.9}, {X: 60, Y: 0.8}, {X: 120, Y: 0.7}}
)

// maxSteerDeg is the front wheels' steering lock.
const maxSteerDeg = 70

// physicsOf returns the PhysicsControl record of a car spawned at pos
// facing yaw (radians): wheel positions are world points in centimetres,
// front left, front right, rear left, rear right, as CARLA writes them.
func physicsOf(id uint32, bp *vehicleBlueprint, pos mgl64.Vec3, yaw float64) recorder.PhysicsControl {
	scale := bp.mass / 1696
	torque := make([]recorder.CurvePoint, len(torqueShape))
	for i, p := range torqueShape {
		torque[i] = recorder.CurvePoint{X: p.X * bp.maxRPM, Y: p.Y * scale}
	}
	ext := scene.FromUnrealExtent(bp.extent)
	radius := scene.FromUnrealExtent(recorder.Vec3{X: float64(bp.wheelR)})[0]
	fwd := mgl64.Vec3{math.Cos(yaw), math.Sin(yaw), 0}
	left := mgl64.Vec3{-fwd[1], fwd[0], 0}
	wheels := make([]recorder.Wheel, 4)
	for i := range wheels {
		along, side := 0.6*ext[0], 0.74*ext[1]
		if i >= 2 {
			along = -0.57 * ext[0]
		}
		if i%2 == 1 {
			side = -side
		}
		w := pos.Add(fwd.Mul(along)).Add(left.Mul(side)).Add(mgl64.Vec3{0, 0, radius})
		u := scene.ToUnreal(w)
		wh := recorder.Wheel{TireFriction: 3.5, DampingRate: 0.25, Radius: bp.wheelR, MaxBrakeTorque: 800,
			LatStiffMaxLoad: 3, LatStiffValue: 20, LongStiffValue: 3000,
			Position: [3]float32{float32(u.X), float32(u.Y), float32(u.Z)}, HasPosition: true}
		if i < 2 {
			wh.MaxSteerAngle = maxSteerDeg
		} else {
			wh.MaxHandbrakeTorque = 1600
		}
		wheels[i] = wh
	}
	return recorder.PhysicsControl{
		ID: id, MaxRPM: bp.maxRPM, MOI: 1,
		DampingFullThrottle: 0.15, DampingZeroThrottleClutchEngaged: 2, DampingZeroThrottleClutchDisengaged: 0.35,
		UseGearAutobox: true, ClutchStrength: 10, FinalRatio: 4, Mass: bp.mass, DragCoefficient: 0.3,
		CenterOfMass:  [3]float32{0.6, 0, -0.3},
		TorqueCurve:   torque,
		Gears:         gearbox[:],
		SteeringCurve: steeringCurve[:],
		Wheels:        wheels,
	}
}
