package render

import "github.com/go-gl/mathgl/mgl64"

// Oriented boxes: the actor shape. Only the faces turned toward the camera
// are emitted (a box is convex, so those never overlap each other on
// screen and need no sorting among themselves); the box as a whole is one
// depth-sorted primitive keyed on its centre and ordered against its
// neighbours by the box itself (occlusion.go).

// lightDir is the fixed direction toward the light used to shade faces:
// mostly from above, a little from +X+Y, so the top is brightest and the
// sides differ from each other.
var lightDir = Normalize(mgl64.Vec3{0.35, 0.55, 1})

// Face shading: ambient plus a Lambert term.
const (
	ambient = 0.55
	diffuse = 0.45
)

// boxFaces lists each face as (axis, sign, four corner indices in a loop).
// Corner index bits select +half along local X (bit 0), Y (bit 1), Z (bit 2).
var boxFaces = [6]struct {
	axis    int
	sign    float64
	corners [4]uint8
}{
	{0, -1, [4]uint8{0, 2, 6, 4}},
	{0, +1, [4]uint8{1, 3, 7, 5}},
	{1, -1, [4]uint8{0, 1, 5, 4}},
	{1, +1, [4]uint8{2, 3, 7, 6}},
	{2, -1, [4]uint8{0, 1, 3, 2}},
	{2, +1, [4]uint8{4, 5, 7, 6}},
}

// Box adds an oriented box on layer l (normally LayerObjects): centre,
// half extents along its local axes, and rotation rot whose columns are
// the world directions of the local X (forward), Y (left) and Z (up) axes
// (see Rotation). Visible faces are shaded by a fixed directional light;
// faces crossing the near plane are clipped.
func (dl *DrawList) Box(l Layer, center, half mgl64.Vec3, rot mgl64.Mat3, col Color) {
	v := &dl.view
	if !v.SphereVisible(center, half.Len()) {
		return
	}
	axes := [3]mgl64.Vec3{rot.Col(0), rot.Col(1), rot.Col(2)}
	hs := [3]float64{half[0], half[1], half[2]}
	var corner [8]mgl64.Vec4
	for i := range corner {
		// p = center + Σ ±half[a]·axes[a], component by component: the
		// same sums as p.Add(axes[a].Mul(s)), without copying [3]float64
		// arrays through memory eight times per box.
		p := center
		for a := range 3 {
			s := -hs[a]
			if i&(1<<a) != 0 {
				s = hs[a]
			}
			ax := &axes[a]
			p[0], p[1], p[2] = p[0]+ax[0]*s, p[1]+ax[1]*s, p[2]+ax[2]*s
		}
		v.projectTo(&corner[i], &p)
	}
	dl.begin(l)
	dl.setDepth(v.Depth(center))
	dl.setOccluder(occluder{c: center, half: hs, axes: axes})
	for _, f := range boxFaces {
		n := axes[f.axis].Mul(f.sign)
		if !v.FacesCamera(center.Add(n.Mul(hs[f.axis])), n) {
			continue
		}
		k := float32(ambient + diffuse*max(0, n.Dot(lightDir)))
		quad := [4]mgl64.Vec4{corner[f.corners[0]], corner[f.corners[1]], corner[f.corners[2]], corner[f.corners[3]]}
		dl.quadHom(&quad, col.Shade(k))
	}
	dl.end()
}

// quadHom emits a planar convex quad: four shared vertices when it is
// wholly in front of the near plane, a clipped fan otherwise.
func (dl *DrawList) quadHom(q *[4]mgl64.Vec4, col Color) {
	near := dl.view.Near
	if q[0][2] < near || q[1][2] < near || q[2][2] < near || q[3][2] < near {
		dl.polyHom(q[:], col)
		return
	}
	var x, y [4]float64
	for i, h := range q {
		x[i], y[i] = h[0]/h[3], h[1]/h[3]
	}
	minX, maxX := min(x[0], x[1], x[2], x[3]), max(x[0], x[1], x[2], x[3])
	minY, maxY := min(y[0], y[1], y[2], y[3]), max(y[0], y[1], y[2], y[3])
	if !dl.view.Viewport.RectVisible(minX, minY, maxX, maxY) || !finite(minX+maxX+minY+maxY) {
		return
	}
	i := dl.vtx(x[0], y[0], col)
	dl.vtx(x[1], y[1], col)
	dl.vtx(x[2], y[2], col)
	dl.vtx(x[3], y[3], col)
	dl.tri(i, i+1, i+2)
	dl.tri(i, i+2, i+3)
}
