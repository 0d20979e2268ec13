package raster_test

import (
	"fmt"
	"image"
	"image/color"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/mm2carla/viewer/render"
	"github.com/mm2carla/viewer/render/raster"
)

// Example builds one frame headless: a camera gives the view, the draw
// list collects a road and a car, and the software backend paints it.
func Example() {
	cam := render.TopDownCamera{PixelsPerMetre: 8}
	v := cam.View(render.Viewport{Width: 160, Height: 120})

	dl := render.NewDrawList()
	dl.Reset(&v)
	road := []mgl64.Vec3{{-20, 0, 0}, {20, 0, 0}}
	dl.GroundRibbon(render.LayerRoad, road, 7, render.RGB(80, 80, 80))
	dl.Box(render.LayerObjects, mgl64.Vec3{0, 0, 0.8}, mgl64.Vec3{2.3, 1, 0.8}, mgl64.Ident3(), render.RGB(255, 0, 0))
	dl.Finish(nil)

	img := image.NewRGBA(image.Rect(0, 0, 160, 120))
	raster.Rasterize(dl, img, raster.Options{Background: color.Black})
	fmt.Println("car:", img.RGBAAt(80, 60)) // the roof, lit from above
	fmt.Println("road:", img.RGBAAt(20, 60))
	fmt.Println("grass:", img.RGBAAt(20, 10))
	// Output:
	// car: {236 0 0 255}
	// road: {80 80 80 255}
	// grass: {0 0 0 255}
}
