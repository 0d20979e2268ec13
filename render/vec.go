package render

import "math"

// Vec3 is a point or direction in world space (metres, Z up). Its layout
// matches scene.Vec3{X, Y, Z float64}, so a scene vector converts with a
// plain type conversion render.Vec3(v).
type Vec3 struct{ X, Y, Z float64 }

// Vec4 is a point in homogeneous screen space (see the package doc).
type Vec4 struct{ X, Y, Z, W float64 }

// Add returns a+b.
func (a Vec3) Add(b Vec3) Vec3 { return Vec3{a.X + b.X, a.Y + b.Y, a.Z + b.Z} }

// Sub returns a-b.
func (a Vec3) Sub(b Vec3) Vec3 { return Vec3{a.X - b.X, a.Y - b.Y, a.Z - b.Z} }

// Scale returns a*s.
func (a Vec3) Scale(s float64) Vec3 { return Vec3{a.X * s, a.Y * s, a.Z * s} }

// Dot returns the dot product a·b.
func (a Vec3) Dot(b Vec3) float64 { return a.X*b.X + a.Y*b.Y + a.Z*b.Z }

// Cross returns the cross product a×b (right-handed).
func (a Vec3) Cross(b Vec3) Vec3 {
	return Vec3{a.Y*b.Z - a.Z*b.Y, a.Z*b.X - a.X*b.Z, a.X*b.Y - a.Y*b.X}
}

// Len returns the Euclidean length of a.
func (a Vec3) Len() float64 { return math.Sqrt(a.Dot(a)) }

// Normalize returns a scaled to unit length, or the zero vector if a is
// (almost) zero, so callers never divide by zero.
func (a Vec3) Normalize() Vec3 {
	l := a.Len()
	if l < 1e-12 {
		return Vec3{}
	}
	return a.Scale(1 / l)
}

// Lerp returns a + (b-a)*t.
func (a Vec3) Lerp(b Vec3, t float64) Vec3 {
	return Vec3{a.X + (b.X-a.X)*t, a.Y + (b.Y-a.Y)*t, a.Z + (b.Z-a.Z)*t}
}

// lerp4 interpolates homogeneous points; linear interpolation is exact in
// homogeneous space, which is why clipping happens before the divide.
func lerp4(a, b Vec4, t float64) Vec4 {
	return Vec4{a.X + (b.X-a.X)*t, a.Y + (b.Y-a.Y)*t, a.Z + (b.Z-a.Z)*t, a.W + (b.W-a.W)*t}
}

// Mat3 is a 3x3 rotation (or any linear map), row-major: v' = M·v.
// The columns of a rotation are the world directions of the local X, Y and
// Z axes.
type Mat3 [3][3]float64

// Identity3 is the identity rotation.
var Identity3 = Mat3{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}

// MulVec returns m·v.
func (m *Mat3) MulVec(v Vec3) Vec3 {
	return Vec3{
		m[0][0]*v.X + m[0][1]*v.Y + m[0][2]*v.Z,
		m[1][0]*v.X + m[1][1]*v.Y + m[1][2]*v.Z,
		m[2][0]*v.X + m[2][1]*v.Y + m[2][2]*v.Z,
	}
}

// MulTVec returns mᵀ·v, the inverse rotation when m is orthonormal.
func (m *Mat3) MulTVec(v Vec3) Vec3 {
	return Vec3{
		m[0][0]*v.X + m[1][0]*v.Y + m[2][0]*v.Z,
		m[0][1]*v.X + m[1][1]*v.Y + m[2][1]*v.Z,
		m[0][2]*v.X + m[1][2]*v.Y + m[2][2]*v.Z,
	}
}

// Col returns column i (the world direction of local axis i).
func (m *Mat3) Col(i int) Vec3 { return Vec3{m[0][i], m[1][i], m[2][i]} }

// Rotation returns the rotation for a body with the given yaw, pitch and
// roll in radians, in the viewer's world (right-handed, Z up), with the
// body's local axes X forward, Y left, Z up. Yaw turns counter-clockwise
// about +Z (0 faces +X); pitch is positive nose UP; roll turns about the
// forward axis by the right-hand rule, so positive roll lifts the left
// side. R = Rz(yaw)·Ry(−pitch)·Rx(roll).
func Rotation(yaw, pitch, roll float64) Mat3 {
	cy, sy := math.Cos(yaw), math.Sin(yaw)
	cp, sp := math.Cos(-pitch), math.Sin(-pitch)
	cr, sr := math.Cos(roll), math.Sin(roll)
	return Mat3{
		{cy * cp, cy*sp*sr - sy*cr, cy*sp*cr + sy*sr},
		{sy * cp, sy*sp*sr + cy*cr, sy*sp*cr - cy*sr},
		{-sp, cp * sr, cp * cr},
	}
}

// Mat4 is a 4x4 matrix, row-major, acting on column vectors (v' = M·v).
type Mat4 [4][4]float64

// Mul returns a·b.
func (a *Mat4) Mul(b *Mat4) Mat4 {
	var r Mat4
	for i := range 4 {
		for j := range 4 {
			r[i][j] = a[i][0]*b[0][j] + a[i][1]*b[1][j] + a[i][2]*b[2][j] + a[i][3]*b[3][j]
		}
	}
	return r
}

// MulPoint returns m·(p, 1).
func (m *Mat4) MulPoint(p Vec3) Vec4 {
	return Vec4{
		m[0][0]*p.X + m[0][1]*p.Y + m[0][2]*p.Z + m[0][3],
		m[1][0]*p.X + m[1][1]*p.Y + m[1][2]*p.Z + m[1][3],
		m[2][0]*p.X + m[2][1]*p.Y + m[2][2]*p.Z + m[2][3],
		m[3][0]*p.X + m[3][1]*p.Y + m[3][2]*p.Z + m[3][3],
	}
}

// AABB is an axis-aligned box in world space. The zero value is a
// degenerate box at the origin; use [EmptyAABB] to start accumulating.
type AABB struct{ Min, Max Vec3 }

// EmptyAABB returns a box that contains nothing, ready for Extend.
func EmptyAABB() AABB {
	inf := math.Inf(1)
	return AABB{Vec3{inf, inf, inf}, Vec3{-inf, -inf, -inf}}
}

// IsEmpty reports whether the box contains no point.
func (b AABB) IsEmpty() bool { return b.Min.X > b.Max.X || b.Min.Y > b.Max.Y || b.Min.Z > b.Max.Z }

// Extend returns the smallest box containing b and p.
func (b AABB) Extend(p Vec3) AABB {
	return AABB{
		Vec3{min(b.Min.X, p.X), min(b.Min.Y, p.Y), min(b.Min.Z, p.Z)},
		Vec3{max(b.Max.X, p.X), max(b.Max.Y, p.Y), max(b.Max.Z, p.Z)},
	}
}

// Center returns the centre of the box.
func (b AABB) Center() Vec3 { return b.Min.Add(b.Max).Scale(0.5) }

// Corner returns corner i (0..7): bit 0 selects Max.X, bit 1 Max.Y,
// bit 2 Max.Z.
func (b AABB) Corner(i int) Vec3 {
	c := b.Min
	if i&1 != 0 {
		c.X = b.Max.X
	}
	if i&2 != 0 {
		c.Y = b.Max.Y
	}
	if i&4 != 0 {
		c.Z = b.Max.Z
	}
	return c
}

// Finite reports whether every component is a finite number.
func (a Vec3) Finite() bool { return finite(a.X) && finite(a.Y) && finite(a.Z) }

// wrapAngle maps a to (-π, π]; it is how yaw differences take the short way.
func wrapAngle(a float64) float64 {
	a = math.Mod(a+math.Pi, 2*math.Pi)
	if a <= 0 {
		a += 2 * math.Pi
	}
	return a - math.Pi
}
