package render

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
)

// RayAABB intersects the ray origin + t·dir (t >= 0) with an axis-aligned
// box using the slab method. It returns the entry distance t (0 when the
// origin is inside) and whether the ray hits. dir need not be unit length;
// t is then in units of dir.
func RayAABB(origin, dir mgl64.Vec3, b AABB) (t float64, ok bool) {
	tmin, tmax := 0.0, math.Inf(1)
	o := [3]float64{origin[0], origin[1], origin[2]}
	d := [3]float64{dir[0], dir[1], dir[2]}
	lo := [3]float64{b.Min[0], b.Min[1], b.Min[2]}
	hi := [3]float64{b.Max[0], b.Max[1], b.Max[2]}
	for i := range 3 {
		if d[i] == 0 {
			if o[i] < lo[i] || o[i] > hi[i] {
				return 0, false
			}
			continue
		}
		inv := 1 / d[i]
		t0, t1 := (lo[i]-o[i])*inv, (hi[i]-o[i])*inv
		if t0 > t1 {
			t0, t1 = t1, t0
		}
		tmin, tmax = max(tmin, t0), min(tmax, t1)
		if tmin > tmax {
			return 0, false
		}
	}
	return tmin, true
}

// RayBox intersects a ray with an oriented box given like DrawList.Box
// (centre, half extents, rotation with orthonormal columns): the ray is
// moved into the box's frame, where the box is axis-aligned. Use it with
// View.ScreenRay to pick the actor under the cursor (the smallest t wins).
func RayBox(origin, dir, center, half mgl64.Vec3, rot mgl64.Mat3) (t float64, ok bool) {
	inv := rot.Transpose() // a rotation's inverse
	o := inv.Mul3x1(origin.Sub(center))
	d := inv.Mul3x1(dir)
	return RayAABB(o, d, AABB{half.Mul(-1), half})
}
