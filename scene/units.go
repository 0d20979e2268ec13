package scene

import (
	"github.com/go-gl/mathgl/mgl64"
	"math"

	"github.com/mm2carla/viewer/format/bai"
	"github.com/mm2carla/viewer/format/opendrive"
	"github.com/mm2carla/viewer/format/recorder"
)

// This file is the one place where the viewer converts units and axes.
// Nothing else in the program may scale by 100 or flip an axis.
//
// The viewer world is metres, right-handed, Z up. A world Rotation is
// (Roll, Pitch, Yaw) in degrees with these senses:
//
//   - Yaw turns about +Z, counter-clockwise seen from above (+X toward +Y).
//   - Pitch raises the nose: positive pitch tilts the forward axis toward +Z.
//   - Roll turns about the forward axis, right-handed: positive roll lifts
//     the left side and lowers the right side.
//
// so an actor's forward axis is (cos p cos y, cos p sin y, sin p), and its
// orientation matrix is Rz(yaw) * Ry(-pitch) * Rx(roll) (see Rotation.Matrix).
//
// Recordings use Unreal axes: centimetres, X forward, Y right, Z up, which is
// left-handed. Mirroring Y, (x, y, z) -> (x, -y, z) / 100, makes it the world
// frame. Unreal's rotator has positive yaw turning X toward +Y (to the right),
// positive pitch raising the nose, and positive roll lowering the right
// side (FRotationMatrix). The mirror keeps "right" as the actor's right, so
// the physical turn is the same but the axis sense flips for yaw only:
//
//	world (roll, pitch, yaw) = unreal (roll, pitch, -yaw)
//
// The tests check this with the forward and up vectors of both matrices,
// not just by restating the formula. (CARLA's ROS bridge, whose pitch is
// right-handed about Y, i.e. nose-down positive, uses (roll, -pitch, -yaw).)
//
// BAI maps are metres, Y up, right-handed: (x, y, z) -> (x, -z, y) is a
// proper rotation (determinant +1) that puts Y up onto Z up.
//
// OpenDRIVE maps are metres, right-handed, Z up, headings counter-
// clockwise from +X. CARLA's world is OpenDRIVE's with Y negated: a
// recorded location (x, y) cm lies at OpenDRIVE (x/100, -y/100). That is
// exactly what FromUnreal makes of it, so the viewer world and
// OpenDRIVE's frame coincide and the conversion is the identity; it is
// spelled out here all the same, so that the claim has one place to be
// tested (a Town01 light signal lands on its recorded light actor).

// centimetresPerMetre is the recording's length unit.
const centimetresPerMetre = 100

// FromUnreal converts a recorded location (cm, Unreal axes) to world metres.
func FromUnreal(v recorder.Vec3) mgl64.Vec3 {
	return mgl64.Vec3{v.X / centimetresPerMetre, -v.Y / centimetresPerMetre, v.Z / centimetresPerMetre}
}

// ToUnreal is the inverse of FromUnreal: world metres to recorder
// centimetres on Unreal axes (used to write recordings and to print the
// file's own coordinates).
func ToUnreal(v mgl64.Vec3) recorder.Vec3 {
	return recorder.Vec3{X: v[0] * centimetresPerMetre, Y: -v[1] * centimetresPerMetre, Z: v[2] * centimetresPerMetre}
}

// ToUnrealLength converts a length in metres to the recording's
// centimetres (for thresholds handed to code that works in file units).
func ToUnrealLength(m float64) float64 { return m * centimetresPerMetre }

// FromUnrealExtent converts a recorded half size (cm) to metres. Extents
// are magnitudes along the actor's own axes, so no sign flips.
func FromUnrealExtent(v recorder.Vec3) mgl64.Vec3 {
	return mgl64.Vec3{abs(v.X) / centimetresPerMetre, abs(v.Y) / centimetresPerMetre, abs(v.Z) / centimetresPerMetre}
}

// FromUnrealRotation converts a recorded rotation (roll, pitch, yaw in
// degrees, Unreal senses) to a world Rotation. Only yaw changes sign.
func FromUnrealRotation(r recorder.Vec3) Rotation {
	return Rotation{Roll: r.X, Pitch: r.Y, Yaw: -r.Z}
}

// ToUnrealRotation is the inverse of FromUnrealRotation.
func ToUnrealRotation(r Rotation) recorder.Vec3 {
	return recorder.Vec3{X: r.Roll, Y: r.Pitch, Z: -r.Yaw}
}

// FromUnrealSpeed converts a recorded walker speed (cm/s) to m/s.
func FromUnrealSpeed(cmPerS float32) float64 { return float64(cmPerS) / centimetresPerMetre }

// FromUnrealVelocity converts a recorded linear velocity (already m/s in
// CARLA's Kinematics packet, Unreal axes) to world axes.
func FromUnrealVelocity(v recorder.Vec3) mgl64.Vec3 {
	return mgl64.Vec3{v.X, -v.Y, v.Z}
}

// FromUnrealAngularVelocity converts a recorded angular velocity vector
// (deg/s about Unreal axes) to world axes. An angular velocity is an axial
// vector: under the Y mirror (determinant -1) it becomes -(M w), i.e. the
// X and Z components change sign and Y keeps it.
func FromUnrealAngularVelocity(w recorder.Vec3) mgl64.Vec3 {
	return mgl64.Vec3{-w.X, w.Y, -w.Z}
}

// FromBAI converts a BAI map point (metres, Y up) to world metres.
func FromBAI(v bai.Vec3) mgl64.Vec3 {
	return mgl64.Vec3{float64(v.X), -float64(v.Z), float64(v.Y)}
}

// ToBAI is the inverse of FromBAI (used to write maps).
func ToBAI(v mgl64.Vec3) bai.Vec3 {
	return bai.Vec3{X: float32(v[0]), Y: float32(v[2]), Z: float32(-v[1])}
}

// FromOpenDRIVE converts an OpenDRIVE point (metres, Z up) to world
// metres: the same numbers (see above).
func FromOpenDRIVE(v opendrive.Vec3) mgl64.Vec3 { return mgl64.Vec3{v.X, v.Y, v.Z} }

// FromOpenDRIVEHeading converts an OpenDRIVE heading (radians counter-
// clockwise from +X) to a world yaw in degrees, in [-180, 180).
func FromOpenDRIVEHeading(hdg float64) float64 { return WrapDegrees(hdg * 180 / math.Pi) }

func abs(x float64) float64 {
	if x < 0 {
		return -x
	}
	return x
}

// FromCarla converts a location in CARLA's Python API (metres, Unreal
// axes), as the leaderboard's route files give waypoints, to world metres.
func FromCarla(x, y, z float64) mgl64.Vec3 {
	return FromUnreal(recorder.Vec3{X: x * centimetresPerMetre, Y: y * centimetresPerMetre, Z: z * centimetresPerMetre})
}

// ToCarla is the inverse of FromCarla: world metres to the metres and axes
// CARLA's Python API and the leaderboard's messages use.
func ToCarla(v mgl64.Vec3) (x, y, z float64) {
	u := ToUnreal(v)
	return u.X / centimetresPerMetre, u.Y / centimetresPerMetre, u.Z / centimetresPerMetre
}
