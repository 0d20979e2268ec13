package render

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
)

// Viewport is the size of the drawing surface in device pixels plus the
// device scale factor (device pixels per logical pixel; Ebitengine's
// DeviceScaleFactor). A zero Scale means 1.
type Viewport struct {
	Width, Height float64
	Scale         float64
}

// DeviceScale returns Scale, or 1 when it is unset or invalid.
func (vp Viewport) DeviceScale() float64 {
	if vp.Scale > 0 && !math.IsInf(vp.Scale, 0) {
		return vp.Scale
	}
	return 1
}

// Usable reports whether the viewport has a positive, finite size. A
// minimised window reports 0x0; cameras ignore input against such a
// viewport instead of dividing by zero.
func (vp Viewport) Usable() bool {
	return vp.Width > 0 && vp.Height > 0 && finite(vp.Width+vp.Height)
}

// Aspect returns Width/Height, or 1 for a degenerate viewport.
func (vp Viewport) Aspect() float64 {
	if vp.Width <= 0 || vp.Height <= 0 {
		return 1
	}
	return vp.Width / vp.Height
}

// View is one frame's camera: where it is, how it projects and what it can
// see. Cameras produce a View; everything that draws or picks uses it. A
// View is a plain value, cheap to copy, and never changes once built.
type View struct {
	Viewport Viewport
	// Ortho is true for an orthographic (top-down) view.
	Ortho bool
	// Eye is the camera position; Right, Up and Forward are its unit basis
	// in world space, with Up = Right × Forward.
	Eye, Right, Up, Forward mgl64.Vec3
	// Near and Far bound the visible depth range in metres. Near is the
	// clipping plane; Far only serves culling (there is no depth buffer).
	Near, Far float64
	// Focal is the perspective focal length in device pixels
	// (Height/2 / tan(FovY/2)), or the device pixels per metre of an
	// orthographic view.
	Focal float64
	// ViewMatrix maps world to view space (x right, y up, z = depth).
	// Projection maps view space to homogeneous screen space, and ViewProj
	// is their product, the only matrix used per vertex.
	ViewMatrix, Projection, ViewProj mgl64.Mat4

	planes [6]plane
}

// NewPerspectiveView builds a perspective view from the eye, the viewing
// direction, the vertical field of view in radians and the depth range.
// The camera's up is derived from world +Z, so forward must not be vertical
// (cameras clamp their pitch to guarantee it); a vertical forward falls back
// to +X as the camera's right.
func NewPerspectiveView(eye, forward mgl64.Vec3, fovY, near, far float64, vp Viewport) View {
	f := Normalize(forward)
	r := Normalize(f.Cross(mgl64.Vec3{0, 0, 1}))
	if r == (mgl64.Vec3{}) {
		r = mgl64.Vec3{1, 0, 0}
	}
	v := View{Viewport: vp, Eye: eye, Forward: f, Right: r, Up: r.Cross(f), Near: near, Far: far}
	v.Focal = vp.Height / 2 / math.Tan(fovY/2)
	cx, cy := vp.Width/2, vp.Height/2
	v.Projection = mgl64.Mat4FromRows(
		mgl64.Vec4{v.Focal, 0, cx, 0},
		mgl64.Vec4{0, -v.Focal, cy, 0},
		mgl64.Vec4{0, 0, 1, 0},
		mgl64.Vec4{0, 0, 1, 0},
	)
	v.finish()
	return v
}

// NewOrthoView builds the top-down orthographic view centred on center,
// at pixelsPerMetre LOGICAL pixels per metre (multiplied by the viewport's
// device scale), with the eye height metres above center. +X is screen
// right and +Y screen up.
func NewOrthoView(center mgl64.Vec3, pixelsPerMetre, height float64, vp Viewport) View {
	v := View{
		Viewport: vp, Ortho: true,
		Eye:     center.Add(mgl64.Vec3{0, 0, height}),
		Right:   mgl64.Vec3{1, 0, 0},
		Up:      mgl64.Vec3{0, 1, 0},
		Forward: mgl64.Vec3{0, 0, -1},
		Near:    0,
		Far:     2 * height,
		Focal:   pixelsPerMetre * vp.DeviceScale(),
	}
	cx, cy := vp.Width/2, vp.Height/2
	v.Projection = mgl64.Mat4FromRows(
		mgl64.Vec4{v.Focal, 0, 0, cx},
		mgl64.Vec4{0, -v.Focal, 0, cy},
		mgl64.Vec4{0, 0, 1, 0},
		mgl64.Vec4{0, 0, 0, 1},
	)
	v.finish()
	return v
}

// finish derives the view matrix, the combined matrix and the culling
// planes from the basis and the projection.
func (v *View) finish() {
	row := func(a mgl64.Vec3) mgl64.Vec4 { return a.Vec4(-a.Dot(v.Eye)) }
	v.ViewMatrix = mgl64.Mat4FromRows(row(v.Right), row(v.Up), row(v.Forward), mgl64.Vec4{0, 0, 0, 1})
	v.ViewProj = v.Projection.Mul4(v.ViewMatrix)
	v.planes = frustumPlanes(&v.ViewProj, v.Near, v.Far, v.Viewport)
}

// Project returns p in homogeneous screen space (before the divide):
// ViewProj·(p, 1), as mgl64's Mul4x1 computes it (see projectTo).
func (v *View) Project(p mgl64.Vec3) mgl64.Vec4 {
	var h mgl64.Vec4
	v.projectTo(&h, &p)
	return h
}

// projectTo stores ViewProj·(p, 1) in *h. It runs for every vertex of
// every frame, so it reads the matrix and the point in place and writes
// the result where it is kept: mgl64's Mul4x1 takes the 128-byte matrix
// and both vectors by value, and Go moves arrays through memory, which
// cost a third of the frame. The sums are Mul4x1's, in its order, so the
// result is the same to the bit.
func (v *View) projectTo(h *mgl64.Vec4, p *mgl64.Vec3) {
	m := &v.ViewProj
	x, y, z := p[0], p[1], p[2]
	h[0] = m[0]*x + m[4]*y + m[8]*z + m[12]
	h[1] = m[1]*x + m[5]*y + m[9]*z + m[13]
	h[2] = m[2]*x + m[6]*y + m[10]*z + m[14]
	h[3] = m[3]*x + m[7]*y + m[11]*z + m[15]
}

// Depth returns the view depth of p: metres in front of the eye,
// Forward·(p - Eye), written on scalars for the reason given at Project.
func (v *View) Depth(p mgl64.Vec3) float64 {
	f, e := &v.Forward, &v.Eye
	return f[0]*(p[0]-e[0]) + f[1]*(p[1]-e[1]) + f[2]*(p[2]-e[2])
}

// WorldToScreen returns the device-pixel position of p and its depth.
// ok is false when p is closer than the near plane or behind the camera:
// such a point has no meaningful screen position and x, y are then zero.
func (v *View) WorldToScreen(p mgl64.Vec3) (x, y, depth float64, ok bool) {
	h := v.Project(p)
	if !(h[2] >= v.Near) || h[3] <= 0 {
		return 0, 0, h[2], false
	}
	return h[0] / h[3], h[1] / h[3], h[2], true
}

// ScreenRay returns the ray through the device pixel (x, y): its origin
// (the eye for perspective, a point on the eye plane for orthographic) and
// its unit direction.
func (v *View) ScreenRay(x, y float64) (origin, dir mgl64.Vec3) {
	dx := x - v.Viewport.Width/2
	dy := v.Viewport.Height/2 - y
	if v.Ortho {
		o := v.Eye.Add(v.Right.Mul(dx / v.Focal)).Add(v.Up.Mul(dy / v.Focal))
		return o, v.Forward
	}
	d := v.Forward.Add(v.Right.Mul(dx / v.Focal)).Add(v.Up.Mul(dy / v.Focal))
	return v.Eye, Normalize(d)
}

// GroundPoint intersects the ray through (x, y) with the horizontal plane
// z = groundZ. ok is false when the ray is parallel to the plane or meets
// it behind the camera (the cursor is above the horizon).
func (v *View) GroundPoint(x, y, groundZ float64) (p mgl64.Vec3, ok bool) {
	o, d := v.ScreenRay(x, y)
	if math.Abs(d[2]) < 1e-12 {
		return mgl64.Vec3{}, false
	}
	t := (groundZ - o[2]) / d[2]
	if t < 0 || math.IsInf(t, 0) || math.IsNaN(t) {
		return mgl64.Vec3{}, false
	}
	p = o.Add(d.Mul(t))
	p[2] = groundZ
	return p, true
}

// PixelsPerMetreAt returns how many device pixels one metre spans at p
// (measured across the line of sight). It drives grid spacing and the
// apparent size of billboards.
func (v *View) PixelsPerMetreAt(p mgl64.Vec3) float64 {
	if v.Ortho {
		return v.Focal
	}
	d := v.Depth(p)
	if d < v.Near || d <= 0 {
		d = math.Max(v.Near, 1e-6)
	}
	return v.Focal / d
}

// FacesCamera reports whether a surface through p with outward normal n
// is seen from its front; back faces of closed solids are skipped with it.
func (v *View) FacesCamera(p, n mgl64.Vec3) bool {
	if v.Ortho {
		return n.Dot(v.Forward) < 0
	}
	return n.Dot(p.Sub(v.Eye)) < 0
}
