package citygen

import (
	"math"

	"github.com/mm2carla/viewer/format/bai"
)

// vec is a point or direction in the BAI frame (metres, Y up,
// right-handed), kept in float64 while the city is laid out so that
// rounding happens once, when a value is stored in the map.
type vec struct{ x, y, z float64 }

// up is the BAI vertical.
var up = vec{0, 1, 0}

func (a vec) add(b vec) vec       { return vec{a.x + b.x, a.y + b.y, a.z + b.z} }
func (a vec) sub(b vec) vec       { return vec{a.x - b.x, a.y - b.y, a.z - b.z} }
func (a vec) scale(s float64) vec { return vec{a.x * s, a.y * s, a.z * s} }
func (a vec) dot(b vec) float64   { return a.x*b.x + a.y*b.y + a.z*b.z }
func (a vec) length() float64     { return math.Sqrt(a.dot(a)) }
func (a vec) f32() bai.Vec3       { return bai.Vec3{X: float32(a.x), Y: float32(a.y), Z: float32(a.z)} }
func fromF32(v bai.Vec3) vec      { return vec{float64(v.X), float64(v.Y), float64(v.Z)} }
func (a vec) cross(b vec) vec {
	return vec{a.y*b.z - a.z*b.y, a.z*b.x - a.x*b.z, a.x*b.y - a.y*b.x}
}

// unit returns a scaled to length 1; a zero vector stays zero.
func (a vec) unit() vec {
	l := a.length()
	if l == 0 {
		return a
	}
	return a.scale(1 / l)
}

// rightOf is the right-hand side of someone facing f with Y up in a
// right-handed frame: f × up. Facing +X, it is +Z; facing -Z ("north" on a
// map drawn from above with X to the right), it is +X.
func rightOf(f vec) vec { return f.cross(up).unit() }

// heading is the angle of a horizontal direction measured counter-clockwise
// as seen from above (looking down -Y), in [0, 2π): 0 along +X, π/2 along
// -Z. Looking down with +X to the right, +Z points towards the bottom of
// the picture, hence the minus sign.
func heading(d vec) float64 {
	a := math.Atan2(-d.z, d.x)
	if a < 0 {
		a += 2 * math.Pi
	}
	return a
}

// polylineLengths returns the cumulative length along pts, starting at 0.
// It measures the float32 points as stored so that the distances agree
// with what a reader recomputes from the file.
func polylineLengths(pts []bai.Vec3) []float32 {
	d := make([]float32, len(pts))
	var acc float64
	for k := 1; k < len(pts); k++ {
		acc += fromF32(pts[k]).sub(fromF32(pts[k-1])).length()
		d[k] = float32(acc)
	}
	return d
}
