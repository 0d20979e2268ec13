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
	f := loc.Fix()
	s.Place, s.Road, s.Intersection = f.Place, f.Road, f.Intersection
	if f.Place == OnRoad {
		s.Along, s.HasLane, s.Type = f.Along, f.HasLane, f.Type
		if f.HasLane {
			s.Lane, s.Offset = f.Lane, f.Offset
			s.HeadingError = headingError(motion, f.Heading)
		}
	}
	return s
}

// motionOf returns the direction of motion of a vehicle with velocity
// vel, degrees counter-clockwise from +X (NaN when it stands), and
// whether it moves backwards: more than 90 degrees away from the way it
// faces (yaw).
func motionOf(vel mgl64.Vec3, yaw float64) (float64, bool) {
	if vel[0]*vel[0]+vel[1]*vel[1] < StandingSpeed*StandingSpeed {
		return math.NaN(), false
	}
	m := math.Atan2(vel[1], vel[0]) * 180 / math.Pi
	return m, math.Abs(scene.WrapDegrees(m-yaw)) > 90
}

// headingError is the angle from a lane's direction of travel (heading,
// degrees) to the direction of motion, in (-180, 180]; NaN when motion
// is.
func headingError(motion, heading float64) float64 {
	if math.IsNaN(motion) {
		return motion
	}
	e := scene.WrapDegrees(motion - heading)
	if e == -180 {
		e = 180
	}
	return e
}

// rawSample is a sample as the pass's decoder writes it, before it is
// placed on the map: position, speed and yaw, and the velocity on the
// ground in the fields along and place hold once placed. The decoder
// leaves the angles to the workers (placeRaw).
func rawSample(pos, vel mgl64.Vec3, yaw float64) sample {
	return sample{pos: [3]float32{float32(pos[0]), float32(pos[1]), float32(pos[2])},
		speed: float32(math.Sqrt(vel.Dot(vel))), yaw: centi(yaw),
		along: float32(vel[0]), place: int32(math.Float32bits(float32(vel[1])))}
}

// placeRaw completes a raw sample: its motion's angles, and where f says
// it is on the map (nil: no map).
func placeRaw(s *sample, f *Fix) {
	vx, vy := float64(s.along), float64(math.Float32frombits(uint32(s.place)))
	motion, reversing := motionOf(mgl64.Vec3{vx, vy, 0}, float64(s.yaw)/100)
	*s = sample{pos: s.pos, speed: s.speed, yaw: s.yaw, herr: noHeading, place: -1}
	if reversing {
		s.flags |= flagReversing
	}
	if f == nil {
		return
	}
	s.flags |= uint8(f.Place)
	switch f.Place {
	case OnRoad:
		s.place, s.along = int32(f.Road), float32(f.Along)
		s.flags |= uint8(f.Type&7) << typeShift
		if !f.HasLane {
			return
		}
		s.flags |= flagLane
		if f.Lane.Side == SideB {
			s.flags |= flagSideB
		}
		s.lane = f.Lane.Lane
		s.offset = int16(min(max(math.Round(f.Offset*1000), -math.MaxInt16), math.MaxInt16))
		if e := headingError(motion, f.Heading); !math.IsNaN(e) {
			s.herr = int16(math.Round(e * 100))
		}
	case InIntersection:
		s.place = int32(f.Intersection)
	}
}
