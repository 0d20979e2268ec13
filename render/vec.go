package render

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
)

// Points and directions in world space (metres, Z up) are mgl64.Vec3, the
// same type package scene uses, so scene positions need no conversion.
// Homogeneous screen points are mgl64.Vec4 (see the package doc) and
// matrices mgl64.Mat3 and mgl64.Mat4 (column-major, acting on column
// vectors: index them with At(row, col)). What mathgl lacks is written
// here as free functions.

// Normalize returns a scaled to unit length, or the zero vector if a is
// (almost) zero, so callers never divide by zero. mathgl's Normalize
// returns infinities or NaN for a zero vector.
func Normalize(a mgl64.Vec3) mgl64.Vec3 {
	l := a.Len()
	if l < 1e-12 {
		return mgl64.Vec3{}
	}
	return a.Mul(1 / l)
}

// Lerp returns a + (b-a)*t. mathgl has no vector Lerp.
func Lerp(a, b mgl64.Vec3, t float64) mgl64.Vec3 {
	return mgl64.Vec3{a[0] + (b[0]-a[0])*t, a[1] + (b[1]-a[1])*t, a[2] + (b[2]-a[2])*t}
}

// lerp4 interpolates homogeneous points; linear interpolation is exact in
// homogeneous space, which is why clipping happens before the divide.
func lerp4(a, b mgl64.Vec4, t float64) mgl64.Vec4 {
	return mgl64.Vec4{a[0] + (b[0]-a[0])*t, a[1] + (b[1]-a[1])*t, a[2] + (b[2]-a[2])*t, a[3] + (b[3]-a[3])*t}
}

// Finite reports whether every component is a finite number. mathgl lacks
// it.
func Finite(a mgl64.Vec3) bool { return finite(a[0]) && finite(a[1]) && finite(a[2]) }

// Rotation returns the rotation for a body with the given yaw, pitch and
// roll in radians, in the viewer's world (right-handed, Z up), with the
// body's local axes X forward, Y left, Z up. Yaw turns counter-clockwise
// about +Z (0 faces +X); pitch is positive nose UP; roll turns about the
// forward axis by the right-hand rule, so positive roll lifts the left
// side. R = Rz(yaw)·Ry(−pitch)·Rx(roll). The columns of the result are the
// world directions of the local X, Y and Z axes. mathgl has no rotation
// from these angles in this convention, so it is written out in closed
// form.
func Rotation(yaw, pitch, roll float64) mgl64.Mat3 {
	cy, sy := math.Cos(yaw), math.Sin(yaw)
	cp, sp := math.Cos(-pitch), math.Sin(-pitch)
	cr, sr := math.Cos(roll), math.Sin(roll)
	return mgl64.Mat3{
		cy * cp, sy * cp, -sp, // local X
		cy*sp*sr - sy*cr, sy*sp*sr + cy*cr, cp * sr, // local Y
		cy*sp*cr + sy*sr, sy*sp*cr - cy*sr, cp * cr, // local Z
	}
}

// AABB is an axis-aligned box in world space. The zero value is a
// degenerate box at the origin; use [EmptyAABB] to start accumulating.
// mathgl has no bounding boxes.
type AABB struct{ Min, Max mgl64.Vec3 }

// EmptyAABB returns a box that contains nothing, ready for Extend.
func EmptyAABB() AABB {
	inf := math.Inf(1)
	return AABB{mgl64.Vec3{inf, inf, inf}, mgl64.Vec3{-inf, -inf, -inf}}
}

// IsEmpty reports whether the box contains no point.
func (b AABB) IsEmpty() bool {
	return b.Min[0] > b.Max[0] || b.Min[1] > b.Max[1] || b.Min[2] > b.Max[2]
}

// Extend returns the smallest box containing b and p.
func (b AABB) Extend(p mgl64.Vec3) AABB {
	b.grow(&p)
	return b
}

// grow extends b in place to contain p. Loops over many points use it
// rather than Extend: it updates the six floats where they are instead of
// copying boxes and vectors (arrays, so passed through memory) per point.
func (b *AABB) grow(p *mgl64.Vec3) {
	for k := range 3 {
		b.Min[k] = min(b.Min[k], p[k])
		b.Max[k] = max(b.Max[k], p[k])
	}
}

// Center returns the centre of the box.
func (b AABB) Center() mgl64.Vec3 { return b.Min.Add(b.Max).Mul(0.5) }

// Corner returns corner i (0..7): bit k selects Max on axis k.
func (b AABB) Corner(i int) mgl64.Vec3 {
	c := b.Min
	for k := range 3 {
		if i&(1<<k) != 0 {
			c[k] = b.Max[k]
		}
	}
	return c
}

// wrapAngle maps a to (-π, π]; it is how yaw differences take the short way.
func wrapAngle(a float64) float64 {
	a = math.Mod(a+math.Pi, 2*math.Pi)
	if a <= 0 {
		a += 2 * math.Pi
	}
	return a - math.Pi
}
