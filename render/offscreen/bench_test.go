package offscreen

import (
	"context"
	"image"
	"testing"

	"github.com/mm2carla/viewer/assets"
	"github.com/mm2carla/viewer/render"
	"github.com/mm2carla/viewer/render/scenedraw"
	"github.com/mm2carla/viewer/ui/loader"
)

// demoClip is 10 s of the built-in demo at 640x360 and 10 fps from the
// orbit camera framing the whole city, with every layer, as `viewer clip`
// draws it by default (without the fault pass).
func demoClip(tb testing.TB) (*Painter, *Clip) {
	tb.Helper()
	m, l, err := assets.Demo()
	if err != nil {
		tb.Fatal(err)
	}
	city := loader.Start(loader.BytesSource("demo-city.bai", m)).Wait()
	rec := loader.Start(loader.BytesSource("demo-traffic.log", l)).Wait()
	if city.Err != nil || rec.Err != nil {
		tb.Fatal(city.Err, rec.Err)
	}
	tb.Cleanup(func() { rec.Close() })
	p, err := NewPainter(city.Map, nil, 1)
	if err != nil {
		tb.Fatal(err)
	}
	vp := render.Viewport{Width: 640, Height: 360, Scale: 1}
	cam := render.NewOrbitCamera()
	scenedraw.FrameOrbit(&cam, p.Renderer().Bounds(nil), vp)
	f := Fixed(cam.View(vp))
	opt := scenedraw.Options{Layers: scenedraw.AllLayers, VehicleColors: true, Events: rec.Recording.Events()}
	return p, &Clip{Rec: rec.Recording, From: 10, To: 20, FPS: 10, Camera: &f, Options: opt, Name: "demo"}
}

// BenchmarkClipPaint measures painting the demo clip's frames (seek,
// draw list, rasterizer): frames/s is the rate of `viewer clip` to PNGs
// before encoding.
func BenchmarkClipPaint(b *testing.B) {
	p, c := demoClip(b)
	b.ResetTimer()
	frames := 0
	for b.Loop() {
		if err := p.PaintClip(context.Background(), c, func(int, *image.RGBA) error { frames++; return nil }); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(frames)/b.Elapsed().Seconds(), "frames/s")
}

// BenchmarkClipGIF measures the whole GIF path: the palette from 8
// sample frames, then every frame painted and mapped to it.
func BenchmarkClipGIF(b *testing.B) {
	p, c := demoClip(b)
	b.ResetTimer()
	frames := 0
	for b.Loop() {
		samples, err := p.Samples(c, 8)
		if err != nil {
			b.Fatal(err)
		}
		e := NewGIF(Palette(SceneColors(), samples), c.FPS, false)
		if err := p.PaintClip(context.Background(), c, func(_ int, img *image.RGBA) error { e.Add(img); return nil }); err != nil {
			b.Fatal(err)
		}
		frames += e.Frames()
	}
	b.ReportMetric(float64(frames)/b.Elapsed().Seconds(), "frames/s")
}
