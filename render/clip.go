package render

import "github.com/go-gl/mathgl/mgl64"

// Near-plane clipping in homogeneous screen space.
//
// A point is kept when its depth Z is at least near. Both Z and the screen
// coordinates X, Y, W are affine in the world point, so cutting an edge at
// the parameter where Z crosses near and interpolating all four components
// linearly gives exactly the world point on the near plane: the divide
// happens only afterwards, on vertices that all have Z >= near (and, for
// perspective, W = Z > 0). Nothing behind the camera ever reaches the
// screen.

// ClipSegmentNear clips the segment a–b to Z >= near. It returns the
// visible part and ok = false when nothing is visible.
func ClipSegmentNear(a, b mgl64.Vec4, near float64) (mgl64.Vec4, mgl64.Vec4, bool) {
	ina, inb := a[2] >= near, b[2] >= near
	switch {
	case ina && inb:
		return a, b, true
	case !ina && !inb:
		return a, b, false
	}
	t := (near - a[2]) / (b[2] - a[2])
	p := lerp4(a, b, t)
	p[2] = near // exact, so rounding never puts it behind
	if ina {
		return a, p, true
	}
	return p, b, true
}

// ClipPolygonNear clips a convex polygon to Z >= near (one Sutherland–
// Hodgman pass) and appends the result to out, returning it. A polygon of
// n vertices yields 0 or 3..n+1 vertices; fewer than 3 means invisible.
func ClipPolygonNear(poly []mgl64.Vec4, near float64, out []mgl64.Vec4) []mgl64.Vec4 {
	n := len(poly)
	if n == 0 {
		return out
	}
	prev := poly[n-1]
	prevIn := prev[2] >= near
	start := len(out)
	for _, cur := range poly {
		curIn := cur[2] >= near
		if curIn != prevIn {
			t := (near - prev[2]) / (cur[2] - prev[2])
			p := lerp4(prev, cur, t)
			p[2] = near
			out = append(out, p)
		}
		if curIn {
			out = append(out, cur)
		}
		prev, prevIn = cur, curIn
	}
	if len(out)-start < 3 {
		return out[:start]
	}
	return out
}

// ClipTriangleNear clips triangle a, b, c to Z >= near and writes the
// visible part into out as 0, 1 or 2 triangles (one vertex behind gives a
// quad split in two; two behind give one smaller triangle). Winding is
// preserved.
func ClipTriangleNear(a, b, c mgl64.Vec4, near float64, out *[2][3]mgl64.Vec4) int {
	if a[2] >= near && b[2] >= near && c[2] >= near {
		out[0] = [3]mgl64.Vec4{a, b, c}
		return 1
	}
	var buf [4]mgl64.Vec4
	in := [3]mgl64.Vec4{a, b, c}
	poly := ClipPolygonNear(in[:], near, buf[:0])
	switch len(poly) {
	case 3:
		out[0] = [3]mgl64.Vec4{poly[0], poly[1], poly[2]}
		return 1
	case 4:
		out[0] = [3]mgl64.Vec4{poly[0], poly[1], poly[2]}
		out[1] = [3]mgl64.Vec4{poly[0], poly[2], poly[3]}
		return 2
	}
	return 0
}
