package demo

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/mm2carla/viewer/format/recorder"
	"github.com/mm2carla/viewer/scene"
)

// extentOf returns a blueprint's half size in metres.
func extentOf(bp *vehicleBlueprint) mgl64.Vec3 { return scene.FromUnrealExtent(bp.extent) }

// pose computes vi's transform from its place on its path, and the
// controls and lights a driver would show for the motion of the step:
// steering for the turn the body made, throttle or brake from the
// acceleration, brake lights when braking or held, blinkers before and
// through a turn, hazards after the crash.
func (s *sim) pose(vi int32) {
	v := &s.veh[vi]
	p := s.pathOf(v)
	pos, yaw := p.at(v.s)
	v.slide = mgl64.Vec3{}
	if v.lat != 0 || v.latRate != 0 { // the rogue moving sideways: it turns towards where it goes
		left := rogueLeft(yaw)
		pos, v.slide = pos.Add(left.Mul(v.lat)), left.Mul(v.latRate)
		yaw += math.Atan2(v.latRate, max(v.v, 1))
	}
	if v.posed {
		v.yawRate = wrapRad(yaw-v.yaw) / s.dt
	}
	v.pos, v.yaw, v.pitch, v.dir, v.posed = pos, yaw, p.pitchAt(v.s), p.dirAt(v.s), true
	v.steer = steering(v.yawRate, v.v, 1.17*v.hl, v.steer)
	v.throttle, v.brake = 0, 0
	switch {
	case v.v < stopSpeed && v.acc <= 0:
		v.brake = 1
	case v.acc < -0.3:
		v.brake = min(max(-v.acc/maxBrake*1.5, 0.1), 1)
	case v.acc > 0.05:
		v.throttle = min(0.25+0.45*v.acc/accMax+0.3*v.v/cityLimit, 1)
	default:
		v.throttle = 0.2 + 0.2*v.v/cityLimit
	}

	v.bits = recorder.LightPosition
	if v.brake > 0 {
		v.bits |= recorder.LightBrake
	}
	turn := turnStraight
	switch {
	case v.onMove:
		turn = s.net.moves[v.seg].turn
	case v.prev >= 0: // the rear is still in the intersection: the turn is not over
		turn = s.net.moves[v.prev].turn
	case v.next >= 0 && p.length()-v.s < blinkReach:
		turn = s.net.moves[v.next].turn
	}
	if b := s.shiftBlink(v); b != turnStraight { // the rogue changing lanes
		turn = b
	}
	switch turn {
	case turnLeft, turnU:
		v.bits |= recorder.LightLeftBlinker
	case turnRight:
		v.bits |= recorder.LightRightBlinker
	}
	if v.hazard > s.t {
		v.bits |= recorder.LightLeftBlinker | recorder.LightRightBlinker
	}
}

// steering returns the steering (-1 full left to 1 full right, as CARLA
// records it) of a car with the given wheelbase turning at yawRate (rad/s,
// left positive) at speed v: the bicycle model's wheel angle for that
// turn, so the wheel matches the recorded motion. A car too slow for the
// turn to tell keeps its wheel where it was.
func steering(yawRate, v, wheelbase, was float64) float64 {
	if v < 0.5 {
		return was
	}
	st := -math.Atan(wheelbase*yawRate/v) / (maxSteerDeg * math.Pi / 180)
	return min(max(st, -1), 1)
}

// gear is the automatic gearbox's choice at speed v (0 when stopped, as
// CARLA records a standing car).
func gear(v float64) int32 {
	if v < stopSpeed {
		return 0
	}
	return int32(min(1+v/5.5, 6))
}

// rotation returns a world rotation in degrees for a heading and pitch
// in radians.
func rotation(yaw, pitch float64) scene.Rotation {
	return scene.Rotation{Pitch: pitch * 180 / math.Pi, Yaw: scene.WrapDegrees(yaw * 180 / math.Pi)}
}
