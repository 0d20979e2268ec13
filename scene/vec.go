package scene

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
)

// Points and directions in the viewer world are mgl64.Vec3: metres,
// right-handed, Z up (see units.go for how recordings and maps get here).
// Orientation matrices are mgl64.Mat3 (column-major, acting on column
// vectors). What mathgl lacks is written here as free functions.

// Lerp returns the point a fraction t of the way from v to w. mathgl has no
// vector Lerp; this one is exactly v at t == 0, so a pose sampled at a
// frame time is the recorded one.
func Lerp(v, w mgl64.Vec3, t float64) mgl64.Vec3 {
	if t == 0 {
		return v
	}
	return mgl64.Vec3{v[0] + (w[0]-v[0])*t, v[1] + (w[1]-v[1])*t, v[2] + (w[2]-v[2])*t}
}

// dist is |a - b|, as a.Sub(b).Len() computes it. mathgl has no distance
// between points, and its value methods pass [3]float64 arrays through
// memory, which showed in the per-frame loops of seeking; this reads both
// points in place.
func dist(a, b *mgl64.Vec3) float64 {
	dx, dy, dz := a[0]-b[0], a[1]-b[1], a[2]-b[2]
	return math.Sqrt(dx*dx + dy*dy + dz*dz)
}

// Rotation is an orientation in the world as (Roll, Pitch, Yaw) in degrees:
// yaw counter-clockwise about +Z seen from above, pitch positive nose up,
// roll right-handed about the forward axis (positive lowers the right
// side). The orientation matrix is Rz(Yaw) * Ry(-Pitch) * Rx(Roll).
//
// It stays a domain type rather than an mgl64.Quat because recordings
// store these three angles and CARLA's replayer interpolates them one by
// one the short way (see Rotation.Lerp), which a quaternion slerp would
// not reproduce.
type Rotation struct{ Roll, Pitch, Yaw float64 }

const degToRad = math.Pi / 180

// Matrix returns the orientation matrix of r. Its columns are the actor's
// forward, left and up axes. mathgl has no matrix for these angles in
// this convention, so the product is written out in closed form.
func (r Rotation) Matrix() mgl64.Mat3 {
	sr, cr := math.Sincos(r.Roll * degToRad)
	sp, cp := math.Sincos(r.Pitch * degToRad)
	sy, cy := math.Sincos(r.Yaw * degToRad)
	return mgl64.Mat3{
		cy * cp, sy * cp, sp, // forward
		-cy*sp*sr - sy*cr, -sy*sp*sr + cy*cr, cp * sr, // left
		-cy*sp*cr + sy*sr, -sy*sp*cr - cy*sr, cp * cr, // up
	}
}

// Forward is the unit vector the actor faces.
func (r Rotation) Forward() mgl64.Vec3 {
	sp, cp := math.Sincos(r.Pitch * degToRad)
	sy, cy := math.Sincos(r.Yaw * degToRad)
	return mgl64.Vec3{cp * cy, cp * sy, sp}
}

// Left is the unit vector to the actor's left.
func (r Rotation) Left() mgl64.Vec3 { return r.Matrix().Col(1) }

// Up is the unit vector out of the actor's roof.
func (r Rotation) Up() mgl64.Vec3 { return r.Matrix().Col(2) }

// RotationFromMatrix converts a rotation matrix back to angles, with pitch
// in [-90, 90] and roll and yaw in (-180, 180]. At pitch +-90 (gimbal lock)
// roll is reported as 0 and the whole turn about Z goes to yaw. mathgl
// lacks it: it has no Euler angles in this convention.
func RotationFromMatrix(m mgl64.Mat3) Rotation {
	sp := max(-1, min(1, m.At(2, 0)))
	pitch := math.Asin(sp)
	if math.Abs(sp) > 1-1e-12 {
		yaw := math.Atan2(-m.At(0, 1), m.At(1, 1))
		return Rotation{Pitch: pitch / degToRad, Yaw: yaw / degToRad}
	}
	return Rotation{
		Roll:  math.Atan2(m.At(2, 1), m.At(2, 2)) / degToRad,
		Pitch: pitch / degToRad,
		Yaw:   math.Atan2(m.At(1, 0), m.At(0, 0)) / degToRad,
	}
}

// Transform places something in its parent's frame: rotate by Rotation,
// then move to Location.
type Transform struct {
	Location mgl64.Vec3
	Rotation Rotation
}

// Apply maps a point in t's local frame to t's parent frame.
func (t Transform) Apply(p mgl64.Vec3) mgl64.Vec3 {
	return t.Location.Add(t.Rotation.Matrix().Mul3x1(p))
}

// Mul composes t (outer, e.g. a parent's world transform) with local (a
// child's transform relative to that parent): the result is the child in
// t's parent frame.
func (t Transform) Mul(local Transform) Transform {
	m := t.Rotation.Matrix()
	return Transform{
		Location: t.Location.Add(m.Mul3x1(local.Location)),
		Rotation: RotationFromMatrix(m.Mul3(local.Rotation.Matrix())),
	}
}

// Inverse returns the transform u with t.Mul(u) the identity.
func (t Transform) Inverse() Transform {
	mt := t.Rotation.Matrix().Transpose()
	return Transform{Location: mt.Mul3x1(t.Location).Mul(-1), Rotation: RotationFromMatrix(mt)}
}

// Relative returns child expressed in t's frame: t.Inverse().Mul(child),
// computed without the round trip through angles.
func (t Transform) Relative(child Transform) Transform {
	mt := t.Rotation.Matrix().Transpose()
	return Transform{
		Location: mt.Mul3x1(child.Location.Sub(t.Location)),
		Rotation: RotationFromMatrix(mt.Mul3(child.Rotation.Matrix())),
	}
}

// WrapDegrees maps an angle to [-180, 180).
func WrapDegrees(a float64) float64 {
	if a >= -180 && a < 180 {
		return a
	}
	a = math.Mod(a+180, 360)
	if a < 0 {
		a += 360
	}
	return a - 180
}

// lerpAngle turns from a toward b the short way round, in [-180, 180).
// At t == 0 it is a exactly, as recorded.
func lerpAngle(a, b, t float64) float64 {
	if t == 0 {
		return a
	}
	return WrapDegrees(a + WrapDegrees(b-a)*t)
}

// Lerp interpolates each angle the short way round (as CARLA's replayer
// does), giving angles in [-180, 180). Lerp(s, 0) is exactly r.
func (r Rotation) Lerp(s Rotation, t float64) Rotation {
	return Rotation{lerpAngle(r.Roll, s.Roll, t), lerpAngle(r.Pitch, s.Pitch, t), lerpAngle(r.Yaw, s.Yaw, t)}
}

// Lerp interpolates location linearly and rotation per angle the short
// way. Lerp(u, 0) is exactly t.
func (t Transform) Lerp(u Transform, f float64) Transform {
	t.lerpTo(&u, f)
	return t
}

// lerpTo is Lerp in place. Seeking calls it for every actor of every
// StateAt, so the location is the package Lerp written per component on
// the stored transforms (see dist for why), with the same roundings.
func (t *Transform) lerpTo(u *Transform, f float64) {
	if f != 0 {
		for k := range 3 {
			t.Location[k] += (u.Location[k] - t.Location[k]) * f
		}
	}
	t.Rotation = t.Rotation.Lerp(u.Rotation, f)
}
