package render_test

import (
	"bytes"
	"image"
	"image/color"
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/mm2carla/viewer/render"
	"github.com/mm2carla/viewer/render/raster"
)

// TestStrip3DMatchesTriangles: a strip drawn with Strip3D paints exactly
// the pixels its quads drawn as Triangle3D pairs paint, from above, from
// an orbit and from a camera low over the strip, which crosses its near
// plane (the clipped quads); and it makes fewer vertices than the pairs.
func TestStrip3DMatchesTriangles(t *testing.T) {
	var left, right []mgl64.Vec3
	for i := range 60 {
		x := float64(i)*2 - 60
		y := 8 * math.Sin(x/15)
		z := 0.5 * math.Cos(x/9)
		left = append(left, mgl64.Vec3{x, y + 2, z})
		right = append(right, mgl64.Vec3{x + 0.3, y - 2, z})
	}
	vp := render.Viewport{Width: 320, Height: 240, Scale: 1}
	low := render.OrbitCamera{Target: mgl64.Vec3{-20, 0, 0}, Distance: 4, Yaw: 0.2, Pitch: 0.15}
	orbit := render.OrbitCamera{Target: mgl64.Vec3{0, 0, 0}, Distance: 90, Yaw: 0.6, Pitch: 0.7}
	top := render.TopDownCamera{Center: mgl64.Vec3{10, 0, 0}, PixelsPerMetre: 3}
	col := render.RGB(0x30, 0x60, 0x90)
	for name, v := range map[string]render.View{"low": low.View(vp), "orbit": orbit.View(vp), "top": top.View(vp)} {
		strip, pairs := render.NewDrawList(), render.NewDrawList()
		strip.Reset(&v)
		strip.Strip3D(render.LayerRoad, left, right, col)
		strip.Finish(nil)
		pairs.Reset(&v)
		for k := 0; k+1 < len(left); k++ {
			pairs.Triangle3D(render.LayerRoad, left[k], right[k], right[k+1], col)
			pairs.Triangle3D(render.LayerRoad, left[k], right[k+1], left[k+1], col)
		}
		pairs.Finish(nil)
		a, b := paint(strip, vp), paint(pairs, vp)
		if !bytes.Equal(a.Pix, b.Pix) {
			t.Errorf("%s: the strip paints other pixels than its triangles", name)
		}
		if strip.TriangleCount() == 0 {
			t.Errorf("%s: nothing drawn", name)
		}
		if n, m := len(strip.Vertices()), len(pairs.Vertices()); n >= m {
			t.Errorf("%s: the strip made %d vertices, the pairs %d", name, n, m)
		}
	}
}

func paint(dl *render.DrawList, vp render.Viewport) *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, int(vp.Width), int(vp.Height)))
	raster.Rasterize(dl, img, raster.Options{Background: color.Black})
	return img
}
