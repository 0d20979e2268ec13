package offscreen_test

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/gif"

	"github.com/mm2carla/viewer/render"
	"github.com/mm2carla/viewer/render/offscreen"
	"github.com/mm2carla/viewer/render/scenedraw"
	"github.com/mm2carla/viewer/render/scenedraw/scenetest"
	"github.com/mm2carla/viewer/scene"
)

// A clip of a recording as an animated GIF: a painter for the map, a
// camera, the palette chosen from a few sample frames, then every frame
// painted in order and added.
func Example() {
	sc, err := scenetest.New()
	if err != nil {
		panic(err)
	}
	rec, err := scene.Open(bytes.NewReader(sc.Log), int64(len(sc.Log)), nil)
	if err != nil {
		panic(err)
	}
	p, err := offscreen.NewPainter(sc.Map, nil, 1)
	if err != nil {
		panic(err)
	}
	vp := render.Viewport{Width: 160, Height: 90, Scale: 1}
	cam := render.NewTopDownCamera()
	scenedraw.FrameTop(&cam, p.Renderer().Bounds(nil), vp, render.Rect{}, false)
	view := offscreen.Fixed(cam.View(vp))
	clip := &offscreen.Clip{Rec: rec, From: 0.5, To: 1.5, FPS: 10, Camera: &view,
		Options: scenedraw.Options{Layers: scenedraw.AllLayers &^ scenedraw.Legend}, Name: "run.log"}

	samples, err := p.Samples(clip, 4)
	if err != nil {
		panic(err)
	}
	enc := offscreen.NewGIF(offscreen.Palette(offscreen.SceneColors(), samples), clip.FPS, false)
	err = p.PaintClip(context.Background(), clip, func(_ int, img *image.RGBA) error {
		enc.Add(img)
		return nil
	})
	if err != nil {
		panic(err)
	}
	var out bytes.Buffer
	if err := enc.Encode(&out); err != nil {
		panic(err)
	}
	g, err := gif.DecodeAll(&out)
	if err != nil {
		panic(err)
	}
	fmt.Println(enc.Frames(), "frames,", g.Config.Width, "x", g.Config.Height)
	// Output: 10 frames, 160 x 90
}
