package scenedraw_test

import (
	"fmt"
	"image"

	"github.com/mm2carla/viewer/render"
	"github.com/mm2carla/viewer/render/raster"
	"github.com/mm2carla/viewer/render/scenedraw"
	"github.com/mm2carla/viewer/scene"
	"github.com/mm2carla/viewer/sim/citygen"
)

// Draw a generated city to an image, then ask what is under a pixel.
// A window does the same each frame, with its camera's view, the
// recording's state and render/ebitenrender instead of render/raster.
func Example() {
	bm, err := citygen.Generate(citygen.Default())
	if err != nil {
		panic(err)
	}
	m := scene.NewMap(bm)

	r := scenedraw.New()
	r.SetMap(m) // once per map

	vp := render.Viewport{Width: 800, Height: 600, Scale: 1}
	cam := render.NewOrbitCamera()
	scenedraw.FrameOrbit(&cam, r.Bounds(nil), vp)
	view := cam.View(vp)

	dl := render.NewDrawList()
	r.Build(dl, &view, nil, scenedraw.DefaultOptions()) // every frame
	img := image.NewRGBA(image.Rect(0, 0, 800, 600))
	raster.Rasterize(dl, img, raster.Options{Background: scenedraw.Background.NRGBA()})

	x, y, _, _ := view.WorldToScreen(m.Intersections[7].Center)
	e, _ := r.PickMapElement(&view, x, y)
	fmt.Println(e.Kind == scenedraw.ElementIntersection, e.ID)
	// Output: true 7
}
