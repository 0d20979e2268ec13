package render

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
)

// maxSamplesPerSegment bounds how finely one span is cut, so a tiny or
// hostile maxSegLen cannot blow up the output.
const maxSamplesPerSegment = 256

// dupEps is the distance under which consecutive points count as one.
const dupEps = 1e-6

// SmoothCurve samples a centripetal Catmull–Rom spline through points and
// appends the samples to out[:0], returning it (pass the previous result to
// reuse its storage). Road sections can be 20 m apart; the spline passes
// through every given point, and the centripetal parameterisation (knot
// spacing √distance) never forms cusps or self-loops inside a span, unlike
// the uniform one. Each span is cut into pieces no longer than maxSegLen
// metres (measured along the chord; at most 256 per span). The ends use
// mirrored phantom points, so the curve starts and ends along its first and
// last chords. Consecutive duplicate points are skipped. With fewer than
// two distinct points the distinct points are returned as they are.
func SmoothCurve(points []mgl64.Vec3, maxSegLen float64, out []mgl64.Vec3) []mgl64.Vec3 {
	out = out[:0]
	n := len(points)
	if n == 0 {
		return out
	}
	out = append(out, points[0])
	for i := 0; i < n; {
		j := nextDistinct(points, i)
		if j >= n {
			break
		}
		p1, p2 := points[i], points[j]
		var p0, p3 mgl64.Vec3
		if k := prevDistinct(points, i); k >= 0 {
			p0 = points[k]
		} else {
			p0 = p1.Mul(2).Sub(p2)
		}
		if k := nextDistinct(points, j); k < n {
			p3 = points[k]
		} else {
			p3 = p2.Mul(2).Sub(p1)
		}
		steps := 1
		if maxSegLen > 0 {
			steps = int(min(math.Ceil(p2.Sub(p1).Len()/maxSegLen), maxSamplesPerSegment))
			steps = max(steps, 1)
		}
		for s := 1; s < steps; s++ {
			out = append(out, centripetal(p0, p1, p2, p3, float64(s)/float64(steps)))
		}
		out = append(out, p2)
		i = j
	}
	return out
}

func nextDistinct(p []mgl64.Vec3, i int) int {
	j := i + 1
	for j < len(p) && p[j].Sub(p[i]).Len() <= dupEps {
		j++
	}
	return j
}

func prevDistinct(p []mgl64.Vec3, i int) int {
	k := i - 1
	for k >= 0 && p[k].Sub(p[i]).Len() <= dupEps {
		k--
	}
	return k
}

// centripetal evaluates the span p1→p2 at u in [0, 1] with the
// Barry–Goldman pyramid, knots spaced by the square root of the distance.
func centripetal(p0, p1, p2, p3 mgl64.Vec3, u float64) mgl64.Vec3 {
	t0 := 0.0
	t1 := t0 + math.Sqrt(p1.Sub(p0).Len())
	t2 := t1 + math.Sqrt(p2.Sub(p1).Len())
	t3 := t2 + math.Sqrt(p3.Sub(p2).Len())
	t := t1 + (t2-t1)*u
	mix := func(a, b mgl64.Vec3, ta, tb float64) mgl64.Vec3 {
		if tb-ta < 1e-12 {
			return a
		}
		return Lerp(a, b, (t-ta)/(tb-ta))
	}
	a1 := mix(p0, p1, t0, t1)
	a2 := mix(p1, p2, t1, t2)
	a3 := mix(p2, p3, t2, t3)
	b1 := mix(a1, a2, t0, t2)
	b2 := mix(a2, a3, t1, t3)
	return mix(b1, b2, t1, t2)
}
