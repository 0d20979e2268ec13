package scenedraw

import (
	"github.com/go-gl/mathgl/mgl64"
	"github.com/mm2carla/viewer/render"
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
func (c *mapCache) newTrack(pts []mgl64.Vec3) track {
	t := track{middle: c.cb.curve(pts)}
	for s, side := range [2]float64{1, -1} {
		fine := render.OffsetGround(t.middle.fine(), side*railGauge/2, nil)
		for l := range numLOD {
			t.rails[s].lod[l] = fine
		}
	}
	return t
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
