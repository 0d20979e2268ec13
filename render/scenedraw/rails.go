package scenedraw

import (
	"math"

	"github.com/mm2carla/viewer/render"
	"github.com/mm2carla/viewer/scene"
)

// Tram and train tracks. A BAI map gives one curve per track, its middle;
// drawn as one line it reads as one more lane marking, so a track seen
// close enough is drawn as what it is: two rails a standard gauge apart.

// Track sizes.
const (
	railGauge  = 1.435 // metres between the rails (standard gauge)
	railPairPx = 5.0   // the gauge on screen, device pixels, from which both rails are drawn
)

// track is one tram or train track: its middle curve and its two rails,
// each with the middle's levels of detail.
type track struct {
	middle curve
	rails  [2]curve
}

// newTrack smooths pts and offsets the result by half the gauge to each
// side. Rails are only drawn when the gauge spans railPairPx, where
// levelFor always picks the finest level, so every level of a rail is
// the finest one.
func (c *mapCache) newTrack(pts []scene.Vec3) track {
	t := track{middle: c.cb.curve(pts)}
	for s, side := range [2]float64{1, -1} {
		fine := offsetXY(t.middle.fine(), side*railGauge/2)
		for l := range numLOD {
			t.rails[s].lod[l] = fine
		}
	}
	return t
}

// offsetXY returns pts moved d metres to their left on the ground (to the
// right for a negative d), with mitred corners.
func offsetXY(pts []render.Vec3, d float64) []render.Vec3 {
	out := make([]render.Vec3, len(pts))
	for i, p := range pts {
		nx, ny := miterXY(pts, i)
		out[i] = render.Vec3{X: p.X + nx*d, Y: p.Y + ny*d, Z: p.Z}
	}
	return out
}

// miterXY is the left offset direction at pts[i]: the mean of the
// neighbouring segments' left normals, lengthened so that the offset line
// stays parallel (at most twice, at a hairpin).
func miterXY(pts []render.Vec3, i int) (x, y float64) {
	left := func(a, b render.Vec3) (float64, float64) {
		dx, dy := b.X-a.X, b.Y-a.Y
		l := math.Hypot(dx, dy)
		if l == 0 {
			return 0, 0
		}
		return -dy / l, dx / l
	}
	var ax, ay, bx, by float64
	if i > 0 {
		ax, ay = left(pts[i-1], pts[i])
	}
	if i+1 < len(pts) {
		bx, by = left(pts[i], pts[i+1])
	}
	switch {
	case i == 0:
		return bx, by
	case i+1 == len(pts):
		return ax, ay
	}
	sx, sy := ax+bx, ay+by
	sl := math.Hypot(sx, sy)
	if sl < 1e-9 {
		return ax, ay
	}
	k := 1 / max(sl/2, 0.5)
	return sx / sl * k, sy / sl * k
}

// drawTrack draws a track seen at ppm: both rails when the gauge spans
// railPairPx, else its middle as one line.
func drawTrack(dl *render.DrawList, l render.Layer, t *track, lvl int, ppm float64, col render.Color) {
	if railGauge*ppm < railPairPx {
		dl.Polyline3D(l, t.middle.at(lvl), lineWidth(ppm, 0.15, 1.5, 3), col)
		return
	}
	w := lineWidth(ppm, 0.08, 1.2, 2.5)
	for s := range t.rails {
		dl.Polyline3D(l, t.rails[s].at(lvl), w, col)
	}
}
