package render

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
)

// plane is n·p + d >= 0 on the visible side, with |n| = 1 so that the
// value is a signed distance in metres.
type plane struct {
	n mgl64.Vec3
	d float64
}

// distance returns n·q + d, the signed distance of q from the plane. It
// reads the vectors in place rather than through mgl64's Dot, which takes
// both [3]float64 by value through memory: culling tests every primitive
// of every frame against six planes. The sum is Dot's, in its order.
func (p *plane) distance(q *mgl64.Vec3) float64 {
	return p.n[0]*q[0] + p.n[1]*q[1] + p.n[2]*q[2] + p.d
}

// frustumPlanes extracts the near, far and four side planes from the rows
// of the homogeneous-screen matrix (the Gribb–Hartmann construction): the
// side conditions 0 <= X <= Width·W and 0 <= Y <= Height·W are linear in
// the world point, so each is a plane.
func frustumPlanes(m *mgl64.Mat4, near, far float64, vp Viewport) [6]plane {
	r := m.Row
	comb := func(a mgl64.Vec4, sa float64, b mgl64.Vec4, sb float64) mgl64.Vec4 {
		return mgl64.Vec4{a[0]*sa + b[0]*sb, a[1]*sa + b[1]*sb, a[2]*sa + b[2]*sb, a[3]*sa + b[3]*sb}
	}
	depth := r(2)
	nearP := depth
	nearP[3] -= near
	farP := mgl64.Vec4{-depth[0], -depth[1], -depth[2], far - depth[3]}
	raw := [6]mgl64.Vec4{
		nearP,
		farP,
		r(0),                            // X >= 0
		comb(r(3), vp.Width, r(0), -1),  // X <= Width·W
		r(1),                            // Y >= 0
		comb(r(3), vp.Height, r(1), -1), // Y <= Height·W
	}
	var ps [6]plane
	for i, q := range raw {
		n := q.Vec3()
		l := n.Len()
		if l == 0 {
			// A degenerate plane (e.g. zero-size viewport) rejects nothing.
			ps[i] = plane{d: math.Inf(1)}
			continue
		}
		ps[i] = plane{n.Mul(1 / l), q[3] / l}
	}
	return ps
}

// SphereVisible reports whether a sphere may be visible. It is
// conservative: false means certainly outside the frustum, true means
// possibly inside. Use it to skip whole actors cheaply.
func (v *View) SphereVisible(c mgl64.Vec3, r float64) bool {
	for i := range v.planes {
		if v.planes[i].distance(&c) < -r {
			return false
		}
	}
	return true
}

// BoxVisible reports whether an axis-aligned box may be visible
// (conservative, like SphereVisible). It tests the box corner farthest
// along each plane's normal.
func (v *View) BoxVisible(b AABB) bool {
	for i := range v.planes {
		p := &v.planes[i]
		q := b.Min
		if p.n[0] >= 0 {
			q[0] = b.Max[0]
		}
		if p.n[1] >= 0 {
			q[1] = b.Max[1]
		}
		if p.n[2] >= 0 {
			q[2] = b.Max[2]
		}
		if p.distance(&q) < 0 {
			return false
		}
	}
	return true
}

// RectVisible reports whether the screen rectangle [minX,maxX]×[minY,maxY]
// (device pixels) overlaps the viewport. It is the 2D cull applied to every
// emitted triangle.
func (vp Viewport) RectVisible(minX, minY, maxX, maxY float64) bool {
	return maxX >= 0 && maxY >= 0 && minX <= vp.Width && minY <= vp.Height
}
