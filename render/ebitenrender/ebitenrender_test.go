package ebitenrender

import (
	"image"
	"image/color"
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/mm2carla/viewer/render"
	"github.com/mm2carla/viewer/render/raster"
	"github.com/mm2carla/viewer/render/scenedraw"
	"github.com/mm2carla/viewer/render/scenedraw/scenetest"
	"github.com/mm2carla/viewer/scene"
)

// newList returns a draw list for a w x h viewport.
func newList(w, h int) *render.DrawList {
	vp := render.Viewport{Width: float64(w), Height: float64(h), Scale: 1}
	v := render.NewOrthoView(mgl64.Vec3{}, 1, 10, vp)
	dl := render.NewDrawList()
	dl.Reset(&v)
	return dl
}

// readBack draws dl onto a w x h image cleared to bg and reads it back.
func readBack(t *testing.T, r *Renderer, dl *render.DrawList, w, h int, bg color.Color, opt Options) *image.RGBA {
	t.Helper()
	dst := ebiten.NewImage(w, h)
	defer dst.Deallocate()
	dst.Fill(bg)
	r.Draw(dst, dl, opt)
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	dst.ReadPixels(img.Pix)
	return img
}

func close(a color.RGBA, b color.RGBA, tol int) bool {
	d := func(x, y uint8) bool { return math.Abs(float64(x)-float64(y)) <= float64(tol) }
	return d(a.R, b.R) && d(a.G, b.G) && d(a.B, b.B) && d(a.A, b.A)
}

var black = color.RGBA{0, 0, 0, 255}

// TestDrawTriangle draws a known opaque triangle and a translucent
// rectangle over it and reads the pixels back.
func TestDrawTriangle(t *testing.T) {
	dl := newList(64, 48)
	dl.Triangle2D(render.LayerGround, 8, 8, 56, 8, 8, 40, render.RGB(255, 0, 0))
	dl.Rect2D(render.LayerOverlay, 4, 4, 20, 20, render.RGBA(0, 0, 255, 128))
	dl.Finish(nil)
	img := readBack(t, New(nil), dl, 64, 48, black, Options{})
	tests := []struct {
		x, y int
		want color.RGBA
	}{
		{30, 12, color.RGBA{255, 0, 0, 255}},   // inside the triangle only
		{12, 12, color.RGBA{127, 0, 128, 255}}, // half blue over red
		{6, 6, color.RGBA{0, 0, 128, 255}},     // half blue over black
		{50, 40, black},                        // outside both
		{40, 30, black},                        // beyond the hypotenuse
	}
	for _, tc := range tests {
		if got := img.RGBAAt(tc.x, tc.y); !close(got, tc.want, 2) {
			t.Errorf("pixel (%d, %d) = %v, want %v", tc.x, tc.y, got, tc.want)
		}
	}
}

// TestDrawOrigin: a sub-image destination draws at its own origin.
func TestDrawOrigin(t *testing.T) {
	dl := newList(16, 16)
	dl.Rect2D(render.LayerGround, 0, 0, 16, 16, render.RGB(0, 255, 0))
	dl.Finish(nil)
	whole := ebiten.NewImage(48, 48)
	defer whole.Deallocate()
	whole.Fill(black)
	sub := whole.SubImage(image.Rect(20, 20, 36, 36)).(*ebiten.Image)
	New(nil).Draw(sub, dl, Options{})
	img := image.NewRGBA(image.Rect(0, 0, 48, 48))
	whole.ReadPixels(img.Pix)
	if got := img.RGBAAt(28, 28); !close(got, color.RGBA{0, 255, 0, 255}, 1) {
		t.Errorf("inside the sub-image %v, want green", got)
	}
	if got := img.RGBAAt(10, 10); !close(got, black, 0) {
		t.Errorf("outside the sub-image %v, want black", got)
	}
}

// TestAntiAlias: with AntiAlias a diagonal edge gets intermediate
// shades; without, every pixel is one colour or the other.
func TestAntiAlias(t *testing.T) {
	dl := newList(64, 64)
	dl.Triangle2D(render.LayerGround, 0, 0, 64, 0, 0, 61, render.RGB(255, 255, 255))
	dl.Finish(nil)
	r := New(nil)
	mixed := func(img *image.RGBA) int {
		n := 0
		for y := range 64 {
			for x := range 64 {
				if v := img.RGBAAt(x, y).R; v > 20 && v < 235 {
					n++
				}
			}
		}
		return n
	}
	if n := mixed(readBack(t, r, dl, 64, 64, black, Options{})); n != 0 {
		t.Errorf("%d intermediate pixels without anti-aliasing", n)
	}
	aa := readBack(t, r, dl, 64, 64, black, Options{AntiAlias: true})
	if n := mixed(aa); n < 30 {
		t.Errorf("only %d intermediate pixels along a 90-pixel edge with anti-aliasing", n)
	}
	if got := aa.RGBAAt(10, 10); !close(got, color.RGBA{255, 255, 255, 255}, 1) {
		t.Errorf("inside the anti-aliased triangle %v", got)
	}
	if got := aa.RGBAAt(60, 60); !close(got, black, 0) {
		t.Errorf("outside the anti-aliased triangle %v", got)
	}
}

// TestDrawLabels: a placed label gets its background box and its text.
func TestDrawLabels(t *testing.T) {
	face, err := scenedraw.LabelFace(1)
	if err != nil {
		t.Fatal(err)
	}
	dl := newList(96, 48)
	dl.AddLabel(render.Label{X: 10, Y: 40, Text: "HHHH", Color: render.RGB(255, 255, 255), Background: render.RGB(0, 0, 200)})
	dl.Finish(face)
	l := dl.Labels()[0]
	if !l.Placed {
		t.Fatal("label not placed")
	}
	img := readBack(t, New(face), dl, 96, 48, black, Options{})
	var bgN, textN int
	for y := int(l.Box.MinY) + 1; y < int(l.Box.MaxY)-1; y++ {
		for x := int(l.Box.MinX) + 1; x < int(l.Box.MaxX)-1; x++ {
			c := img.RGBAAt(x, y)
			switch {
			case close(c, color.RGBA{0, 0, 200, 255}, 2):
				bgN++
			case c.R > 200 && c.G > 200:
				textN++
			}
		}
	}
	if bgN == 0 || textN < 10 {
		t.Errorf("label box has %d background and %d text pixels", bgN, textN)
	}
	if got := img.RGBAAt(int(l.Box.MaxX)+4, int(l.Box.MaxY)+2); !close(got, black, 0) {
		t.Errorf("outside the label %v, want black", got)
	}
	// No face: the box is drawn, the text is not.
	img = readBack(t, New(nil), dl, 96, 48, black, Options{})
	for y := int(l.Box.MinY) + 1; y < int(l.Box.MaxY)-1; y++ {
		for x := int(l.Box.MinX) + 1; x < int(l.Box.MaxX)-1; x++ {
			if c := img.RGBAAt(x, y); !close(c, color.RGBA{0, 0, 200, 255}, 2) {
				t.Fatalf("pixel (%d, %d) %v in a label drawn without a face", x, y, c)
			}
		}
	}
}

// TestSceneMatchesRaster draws the test city through scenedraw with both
// backends: the window must show the picture `viewer shot` writes, up to
// anti-aliasing along edges.
func TestSceneMatchesRaster(t *testing.T) {
	sc, err := scenetest.New()
	if err != nil {
		t.Fatal(err)
	}
	rec, err := sc.Open()
	if err != nil {
		t.Fatal(err)
	}
	face, err := scenedraw.LabelFace(1)
	if err != nil {
		t.Fatal(err)
	}
	const w, h = 320, 180
	sr := scenedraw.New()
	sr.SetMeasurer(face)
	sr.SetMap(sc.Map)
	st := new(scene.State)
	if err := rec.StateAt(1.5, st); err != nil {
		t.Fatal(err)
	}
	vp := render.Viewport{Width: w, Height: h, Scale: 1}
	cam := render.NewOrbitCamera()
	scenedraw.FrameOrbit(&cam, sr.Bounds(st), vp)
	v := cam.View(vp)
	dl := render.NewDrawList()
	sr.Build(dl, &v, st, scenedraw.Options{Layers: scenedraw.AllLayers &^ (scenedraw.Labels | scenedraw.Legend | scenedraw.Grid)})

	want := image.NewRGBA(image.Rect(0, 0, w, h))
	raster.Rasterize(dl, want, raster.Options{Background: scenedraw.Background.NRGBA()})
	bg := scenedraw.Background.NRGBA()
	got := readBack(t, New(face), dl, w, h, color.RGBA{bg.R, bg.G, bg.B, 255}, Options{AntiAlias: true})

	differ, notBG := 0, 0
	for y := range h {
		for x := range w {
			a, b := got.RGBAAt(x, y), want.RGBAAt(x, y)
			if !close(a, b, 24) {
				differ++
			}
			if !close(b, color.RGBA{bg.R, bg.G, bg.B, 255}, 4) {
				notBG++
			}
		}
	}
	if notBG < w*h/20 {
		t.Fatalf("the scene covers only %d pixels", notBG)
	}
	t.Logf("%d of %d pixels differ, scene covers %d", differ, w*h, notBG)
	if share := float64(differ) / (w * h); share > 0.03 {
		t.Errorf("%.1f%% of pixels differ between the Ebitengine and the software backends", 100*share)
	}
}
