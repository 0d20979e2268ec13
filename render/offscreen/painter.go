// Package offscreen draws the viewer's scene into images without a
// display, and encodes runs of them: `viewer shot` paints one frame,
// `viewer clip` and the window's clip export paint a span of a recording
// frame by frame. Everything goes through the same scenedraw.Renderer the
// window uses and render/raster, so a picture shows what the window shows.
//
// A GIF keeps the scene's colours: its palette starts with every flat
// colour scenedraw paints (lanes, rules, light states, actor kinds) and
// fills the rest with a median cut of sampled frames (palette.go), and
// each frame stores only the rectangle that changed (gif.go).
package offscreen

import (
	"image"
	"image/color"

	"github.com/mm2carla/viewer/render"
	"github.com/mm2carla/viewer/render/raster"
	"github.com/mm2carla/viewer/render/scenedraw"
	"github.com/mm2carla/viewer/scene"
)

// Painter paints frames of one map, reusing its draw list, rasterizer and
// image between frames. It is not safe for concurrent use: a background
// export makes its own.
type Painter struct {
	r    *scenedraw.Renderer
	ras  raster.Rasterizer
	dl   *render.DrawList
	face *render.FontFace
	img  *image.RGBA
	bg   color.NRGBA
}

// NewPainter prepares the map's geometry (the costly part, once) and the
// label face for a device scale (1 for a plain image).
func NewPainter(m *scene.Map, roads *scene.RoadNet, scale float64) (*Painter, error) {
	face, err := scenedraw.LabelFace(scale)
	if err != nil {
		return nil, err
	}
	r := scenedraw.New()
	r.SetMeasurer(face)
	r.SetMap(m)
	r.SetRoads(roads)
	return &Painter{r: r, dl: render.NewDrawList(), face: face, bg: scenedraw.Background.NRGBA()}, nil
}

// Renderer is the scene renderer, for framing a camera (Bounds,
// LegendRect) before painting.
func (p *Painter) Renderer() *scenedraw.Renderer { return p.r }

// Paint draws st (nil: the map alone) as view sees it and returns the
// image, the size of view's viewport. The image is reused by the next
// Paint of the same size: copy it to keep it.
func (p *Painter) Paint(view *render.View, st *scene.State, opt scenedraw.Options) *image.RGBA {
	w, h := int(view.Viewport.Width), int(view.Viewport.Height)
	if p.img == nil || p.img.Rect.Dx() != w || p.img.Rect.Dy() != h {
		p.img = image.NewRGBA(image.Rect(0, 0, w, h))
	}
	p.r.Build(p.dl, view, st, opt)
	p.ras.Rasterize(p.dl, p.img, raster.Options{Background: p.bg, Face: p.face.Face()})
	return p.img
}
