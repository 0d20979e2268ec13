package scene

import "math"

// Vec3 is a point or direction in the viewer world: metres, right-handed,
// Z up (see units.go for how recordings and maps get here).
type Vec3 struct{ X, Y, Z float64 }

// Add returns v + w.
func (v Vec3) Add(w Vec3) Vec3 { return Vec3{v.X + w.X, v.Y + w.Y, v.Z + w.Z} }

// Sub returns v - w.
func (v Vec3) Sub(w Vec3) Vec3 { return Vec3{v.X - w.X, v.Y - w.Y, v.Z - w.Z} }

// Scale returns v * s.
func (v Vec3) Scale(s float64) Vec3 { return Vec3{v.X * s, v.Y * s, v.Z * s} }

// Dot returns the dot product of v and w.
func (v Vec3) Dot(w Vec3) float64 { return v.X*w.X + v.Y*w.Y + v.Z*w.Z }

// Cross returns v x w (right-handed).
func (v Vec3) Cross(w Vec3) Vec3 {
	return Vec3{v.Y*w.Z - v.Z*w.Y, v.Z*w.X - v.X*w.Z, v.X*w.Y - v.Y*w.X}
}

// Len returns the length of v.
func (v Vec3) Len() float64 { return math.Sqrt(v.Dot(v)) }

// Lerp returns the point a fraction t of the way from v to w. Lerp(w, 0)
// is exactly v, so a pose sampled at a frame time is the recorded one.
func (v Vec3) Lerp(w Vec3, t float64) Vec3 {
	if t == 0 {
		return v
	}
	return Vec3{v.X + (w.X-v.X)*t, v.Y + (w.Y-v.Y)*t, v.Z + (w.Z-v.Z)*t}
}

// Rotation is an orientation in the world as (Roll, Pitch, Yaw) in degrees:
// yaw counter-clockwise about +Z seen from above, pitch positive nose up,
// roll right-handed about the forward axis (positive lowers the right
// side). The orientation matrix is Rz(Yaw) * Ry(-Pitch) * Rx(Roll).
type Rotation struct{ Roll, Pitch, Yaw float64 }

// Mat3 is a 3x3 rotation matrix, row-major, acting on column vectors.
// Its columns are an actor's forward, left and up axes.
type Mat3 [3][3]float64

const degToRad = math.Pi / 180

// Matrix returns the orientation matrix of r.
func (r Rotation) Matrix() Mat3 {
	sr, cr := math.Sincos(r.Roll * degToRad)
	sp, cp := math.Sincos(r.Pitch * degToRad)
	sy, cy := math.Sincos(r.Yaw * degToRad)
	return Mat3{
		{cy * cp, -cy*sp*sr - sy*cr, -cy*sp*cr + sy*sr},
		{sy * cp, -sy*sp*sr + cy*cr, -sy*sp*cr - cy*sr},
		{sp, cp * sr, cp * cr},
	}
}

// Forward is the unit vector the actor faces.
func (r Rotation) Forward() Vec3 {
	sp, cp := math.Sincos(r.Pitch * degToRad)
	sy, cy := math.Sincos(r.Yaw * degToRad)
	return Vec3{cp * cy, cp * sy, sp}
}

// Left is the unit vector to the actor's left.
func (r Rotation) Left() Vec3 { m := r.Matrix(); return Vec3{m[0][1], m[1][1], m[2][1]} }

// Up is the unit vector out of the actor's roof.
func (r Rotation) Up() Vec3 { m := r.Matrix(); return Vec3{m[0][2], m[1][2], m[2][2]} }

// Rotation converts a rotation matrix back to angles, with pitch in
// [-90, 90] and roll and yaw in (-180, 180]. At pitch +-90 (gimbal lock)
// roll is reported as 0 and the whole turn about Z goes to yaw.
func (m Mat3) Rotation() Rotation {
	sp := max(-1, min(1, m[2][0]))
	pitch := math.Asin(sp)
	if math.Abs(sp) > 1-1e-12 {
		yaw := math.Atan2(-m[0][1], m[1][1])
		return Rotation{Pitch: pitch / degToRad, Yaw: yaw / degToRad}
	}
	return Rotation{
		Roll:  math.Atan2(m[2][1], m[2][2]) / degToRad,
		Pitch: pitch / degToRad,
		Yaw:   math.Atan2(m[1][0], m[0][0]) / degToRad,
	}
}

// Mul returns m * n.
func (m Mat3) Mul(n Mat3) Mat3 {
	var o Mat3
	for i := range 3 {
		for j := range 3 {
			o[i][j] = m[i][0]*n[0][j] + m[i][1]*n[1][j] + m[i][2]*n[2][j]
		}
	}
	return o
}

// Transpose returns the transpose of m, which is its inverse for a rotation.
func (m Mat3) Transpose() Mat3 {
	return Mat3{
		{m[0][0], m[1][0], m[2][0]},
		{m[0][1], m[1][1], m[2][1]},
		{m[0][2], m[1][2], m[2][2]},
	}
}

// Apply returns m * v.
func (m Mat3) Apply(v Vec3) Vec3 {
	return Vec3{
		m[0][0]*v.X + m[0][1]*v.Y + m[0][2]*v.Z,
		m[1][0]*v.X + m[1][1]*v.Y + m[1][2]*v.Z,
		m[2][0]*v.X + m[2][1]*v.Y + m[2][2]*v.Z,
	}
}

// Transform places something in its parent's frame: rotate by Rotation,
// then move to Location.
type Transform struct {
	Location Vec3
	Rotation Rotation
}

// Apply maps a point in t's local frame to t's parent frame.
func (t Transform) Apply(p Vec3) Vec3 { return t.Location.Add(t.Rotation.Matrix().Apply(p)) }

// Mul composes t (outer, e.g. a parent's world transform) with local (a
// child's transform relative to that parent): the result is the child in
// t's parent frame.
func (t Transform) Mul(local Transform) Transform {
	m := t.Rotation.Matrix()
	return Transform{
		Location: t.Location.Add(m.Apply(local.Location)),
		Rotation: m.Mul(local.Rotation.Matrix()).Rotation(),
	}
}

// Inverse returns the transform u with t.Mul(u) the identity.
func (t Transform) Inverse() Transform {
	mt := t.Rotation.Matrix().Transpose()
	return Transform{Location: mt.Apply(t.Location).Scale(-1), Rotation: mt.Rotation()}
}

// Relative returns child expressed in t's frame: t.Inverse().Mul(child),
// computed without the round trip through angles.
func (t Transform) Relative(child Transform) Transform {
	mt := t.Rotation.Matrix().Transpose()
	return Transform{
		Location: mt.Apply(child.Location.Sub(t.Location)),
		Rotation: mt.Mul(child.Rotation.Matrix()).Rotation(),
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
	return Transform{t.Location.Lerp(u.Location, f), t.Rotation.Lerp(u.Rotation, f)}
}
