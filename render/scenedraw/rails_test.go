package scenedraw

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/mm2carla/viewer/render"
	"github.com/mm2carla/viewer/scene"
)

// TestTrackRails: a track's rails run half a gauge to each side of its
// middle all along a bend, and are drawn as two lines once the gauge
// spans a few pixels (one line below that).
func TestTrackRails(t *testing.T) {
	var bend []mgl64.Vec3
	for i := range 10 {
		a := float64(i) / 9 * math.Pi / 2
		bend = append(bend, mgl64.Vec3{30 * math.Cos(a), 30 * math.Sin(a), 2})
	}
	c := newMapCache(&scene.Map{})
	tr := c.newTrack(bend)
	if levelFor(railPairPx/railGauge) != 0 {
		t.Fatal("rails are drawn at a scale that uses a coarse level: they need levels of their own")
	}
	for s, r := range tr.rails {
		for _, p := range r.fine() {
			if d := polyDistXY(p[0], p[1], tr.middle.fine()); math.Abs(d-railGauge/2) > 0.01 {
				t.Fatalf("rail %d: point %v is %.3f m from the middle, want %.4f", s, p, d, railGauge/2)
			}
		}
	}
	// Left of a counter-clockwise bend is inside it.
	if r0, r1 := tr.rails[0].fine()[0], tr.rails[1].fine()[0]; math.Hypot(r0[0], r0[1]) > math.Hypot(r1[0], r1[1]) {
		t.Errorf("rail 0 starts at %v, outside rail 1 at %v: not on the left", r0, r1)
	}
	straight := c.newTrack([]mgl64.Vec3{{-50, 0, 0}, {50, 0, 0}})
	for _, tc := range []struct {
		ppm  float64
		rows int
	}{{railPairPx / railGauge * 0.8, 1}, {20, 2}} {
		v := topView(mgl64.Vec3{}, tc.ppm)
		dl := render.NewDrawList()
		dl.Reset(&v)
		drawTrack(dl, render.LayerMarking, &straight, 0, tc.ppm, colTram)
		dl.Finish(nil)
		// Rows of tram pixels: vertex y values grouped within 4 px.
		var ys []float64
		for _, vx := range dl.Vertices() {
			y := float64(vx.Y)
			found := false
			for _, g := range ys {
				if math.Abs(g-y) <= 4 {
					found = true
				}
			}
			if !found {
				ys = append(ys, y)
			}
		}
		if len(ys) != tc.rows {
			t.Errorf("%.1f px/m: %d rows of rail %v, want %d", tc.ppm, len(ys), ys, tc.rows)
		}
		if tc.rows == 2 && math.Abs(math.Abs(ys[0]-ys[1])-railGauge*tc.ppm) > 2 {
			t.Errorf("%.1f px/m: rails %.1f px apart, want %.1f", tc.ppm, math.Abs(ys[0]-ys[1]), railGauge*tc.ppm)
		}
	}
}
