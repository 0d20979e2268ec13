package lanes

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/mm2carla/viewer/scene"
)

// Locate places one vehicle as the association does at every frame: at
// pos, moving with velocity vel (m/s, world axes), facing yaw (degrees).
// m may be nil (then Place is NoMap). The Sample's Time is left 0.
//
// The heading error is measured from the motion, not from the yaw, so
// that a car backing up along its lane is not driving the wrong way (it
// is Reversing instead), and a car standing across a lane has none.
func Locate(m Map, pos, vel mgl64.Vec3, yaw float64) Sample {
	motion, reversing := motionOf(vel, yaw)
	s := Sample{Pos: pos, Yaw: scene.WrapDegrees(yaw), Speed: vel.Len(), Road: -1, Intersection: -1,
		HeadingError: math.NaN(), Reversing: reversing}
	if m == nil {
		return s
	}
	loc := m.Locate(pos)
	s.Place, s.Road, s.Intersection = loc.Place, loc.Road, loc.Intersection
	if loc.Place == OnRoad {
		s.Along, s.HasLane = loc.Along, loc.HasLane
		if loc.HasLane {
			s.Lane, s.Offset = loc.Lane.Lane, loc.Lane.Offset
			s.HeadingError = headingError(motion, loc.Lane.Dir)
		}
	}
	return s
}

// motionOf returns the direction of motion of a vehicle with velocity
// vel, degrees counter-clockwise from +X (NaN when it stands), and
// whether it moves backwards, away from the way it faces (yaw).
func motionOf(vel mgl64.Vec3, yaw float64) (float64, bool) {
	if math.Hypot(vel[0], vel[1]) < StandingSpeed {
		return math.NaN(), false
	}
	sy, cy := math.Sincos(yaw * math.Pi / 180)
	return math.Atan2(vel[1], vel[0]) * 180 / math.Pi, vel[0]*cy+vel[1]*sy < 0
}

// headingError is the angle from a lane's direction of travel dir to the
// direction of motion (degrees), in (-180, 180]; NaN when motion is.
func headingError(motion float64, dir mgl64.Vec3) float64 {
	if math.IsNaN(motion) {
		return motion
	}
	e := scene.WrapDegrees(motion - math.Atan2(dir[1], dir[0])*180/math.Pi)
	if e == -180 {
		e = 180
	}
	return e
}

// raw returns the part of a sample the pass knows before placing it on
// the map: position, speed, yaw, and in herr the direction of motion.
func rawSample(pos, vel mgl64.Vec3, yaw float64) sample {
	motion, reversing := motionOf(vel, yaw)
	s := sample{pos: [3]float32{float32(pos[0]), float32(pos[1]), float32(pos[2])}, speed: float32(vel.Len()),
		yaw: centi(yaw), herr: noHeading, place: -1}
	if !math.IsNaN(motion) {
		s.herr = centi(motion)
	}
	if reversing {
		s.flags |= flagReversing
	}
	return s
}

// placeRaw completes a raw sample with its location on the map.
func placeRaw(s *sample, loc Location) {
	s.flags = s.flags&^flagPlace | uint8(loc.Place)
	motion := math.NaN()
	if s.herr != noHeading {
		motion = float64(s.herr) / 100
	}
	s.herr = noHeading
	switch loc.Place {
	case OnRoad:
		s.place, s.along = int32(loc.Road), float32(loc.Along)
		if !loc.HasLane {
			return
		}
		s.flags |= flagLane
		if loc.Lane.Lane.Side == SideB {
			s.flags |= flagSideB
		}
		s.lane = loc.Lane.Lane.Lane
		s.offset = int16(min(max(math.Round(loc.Lane.Offset*1000), -math.MaxInt16), math.MaxInt16))
		if e := headingError(motion, loc.Lane.Dir); !math.IsNaN(e) {
			s.herr = int16(math.Round(e * 100))
		}
	case InIntersection:
		s.place = int32(loc.Intersection)
	}
}
