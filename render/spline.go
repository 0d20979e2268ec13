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
			steps = int(min(math.Ceil(dist(&p2, &p1)/maxSegLen), maxSamplesPerSegment))
			steps = max(steps, 1)
		}
		for s := 1; s < steps; s++ {
			out = append(out, centripetal(&p0, &p1, &p2, &p3, float64(s)/float64(steps)))
		}
		out = append(out, p2)
		i = j
	}
	return out
}

func nextDistinct(p []mgl64.Vec3, i int) int {
	j := i + 1
	for j < len(p) && dist(&p[j], &p[i]) <= dupEps {
		j++
	}
	return j
}

func prevDistinct(p []mgl64.Vec3, i int) int {
	k := i - 1
	for k >= 0 && dist(&p[k], &p[i]) <= dupEps {
		k--
	}
	return k
}

// dist is |a - b|. This file is the inner loop of every map load, so it
// reads points through pointers into scalars: chained mgl64 methods pass
// [3]float64 arrays by value through memory, which made smoothing a
// London-sized map several times slower. The arithmetic is that of
// a.Sub(b).Len(), in the same order.
func dist(a, b *mgl64.Vec3) float64 {
	dx, dy, dz := a[0]-b[0], a[1]-b[1], a[2]-b[2]
	return math.Sqrt(dx*dx + dy*dy + dz*dz)
}

// centripetal evaluates the span p1→p2 at u in [0, 1] with the
// Barry–Goldman pyramid, knots spaced by the square root of the distance.
// Each level of the pyramid is Lerp with one weight for the three axes,
// computed per axis on scalars (see dist for why).
func centripetal(p0, p1, p2, p3 *mgl64.Vec3, u float64) mgl64.Vec3 {
	t0 := 0.0
	t1 := t0 + math.Sqrt(dist(p1, p0))
	t2 := t1 + math.Sqrt(dist(p2, p1))
	t3 := t2 + math.Sqrt(dist(p3, p2))
	t := t1 + (t2-t1)*u
	// A level of the pyramid mixes from knot ta to tb; where the knots
	// coincide it keeps its first point.
	type level struct {
		w    float64
		keep bool
	}
	at := func(ta, tb float64) level {
		if tb-ta < 1e-12 {
			return level{keep: true}
		}
		return level{w: (t - ta) / (tb - ta)}
	}
	mix := func(a, b float64, l level) float64 {
		if l.keep {
			return a
		}
		return a + (b-a)*l.w
	}
	w01, w12, w23 := at(t0, t1), at(t1, t2), at(t2, t3)
	w02, w13 := at(t0, t2), at(t1, t3)
	var out mgl64.Vec3
	for k := range 3 {
		a1 := mix(p0[k], p1[k], w01)
		a2 := mix(p1[k], p2[k], w12)
		a3 := mix(p2[k], p3[k], w23)
		b1 := mix(a1, a2, w02)
		b2 := mix(a2, a3, w13)
		out[k] = mix(b1, b2, w12)
	}
	return out
}
