package raster

import (
	"bytes"
	"flag"
	"image"
	"image/color"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/mm2carla/viewer/render"
)

var update = flag.Bool("update", false, "rewrite the golden PNG files in testdata")

var bg = color.NRGBA{20, 24, 28, 255}

// smallScene draws a little crossroads seen in perspective: grid, two
// roads, an intersection disc, lane lines, an arrow, three cars (one
// partly behind another), a traffic light and labels.
func smallScene(w, h int) *render.DrawList {
	cam := render.OrbitCamera{Target: mgl64.Vec3{0, 0, 0}, Distance: 40, Yaw: 60 * math.Pi / 180, Pitch: 35 * math.Pi / 180}
	v := cam.View(render.Viewport{Width: float64(w), Height: float64(h), Scale: 1})
	dl := render.NewDrawList()
	dl.Reset(&v)
	dl.Grid(mgl64.Vec3{}, render.GridStyle{Color: render.RGBA(255, 255, 255, 25), MajorColor: render.RGBA(255, 255, 255, 60), ScaleColor: render.RGB(220, 220, 220)})
	ew := []mgl64.Vec3{{-80, 0, 0}, {80, 0, 0}}
	ns := render.SmoothCurve([]mgl64.Vec3{{0, -80, 0}, {0, 0, 0}, {15, 30, 0}, {20, 80, 0}}, 2, nil)
	dl.GroundRibbon(render.LayerRoad, ew, 7, render.RGB(70, 70, 78))
	dl.GroundRibbon(render.LayerRoad, ns, 7, render.RGB(70, 70, 78))
	dl.Disc(render.LayerRoad, mgl64.Vec3{}, 6, render.RGB(85, 85, 92))
	dl.Polyline3D(render.LayerMarking, ns, 1, render.RGB(240, 240, 240))
	dl.Arrow(render.LayerMarking, mgl64.Vec3{8, -1.75, 0}, mgl64.Vec3{1, 0, 0}, 4, 1.5, render.RGB(240, 240, 240))
	dl.Polyline3D(render.LayerPath, []mgl64.Vec3{{-30, 1.75, 0.1}, {-5, 1.75, 0.1}, {0, -3, 0.1}, {0, -40, 0.1}}, 2, render.RGB(60, 200, 255))
	red := render.RGB(220, 30, 30)
	dl.Box(render.LayerObjects, mgl64.Vec3{-12, 1.75, 0.8}, mgl64.Vec3{2.3, 1, 0.8}, mgl64.Ident3(), red)
	dl.Box(render.LayerObjects, mgl64.Vec3{-18, 1.75, 0.8}, mgl64.Vec3{2.3, 1, 0.8}, mgl64.Ident3(), render.RGB(40, 120, 220))
	dl.Box(render.LayerObjects, mgl64.Vec3{1.75, -15, 1.2}, mgl64.Vec3{4, 1.3, 1.2}, render.Rotation(math.Pi/2, 0, 0), render.RGB(230, 200, 40))
	dl.Pole(render.LayerObjects, mgl64.Vec3{5, 5, 0}, 5, 2, render.RGB(160, 160, 160), 0.4, render.RGB(40, 230, 60))
	white := render.RGB(255, 255, 255)
	shade := render.RGBA(0, 0, 0, 160)
	dl.Label3D(mgl64.Vec3{-12, 1.75, 1.6}, render.Label{Text: "car 12", Color: white, Background: shade, Priority: 2})
	dl.Label3D(mgl64.Vec3{1.75, -15, 2.4}, render.Label{Text: "bus 7", Color: white, Background: shade, Priority: 1})
	dl.Finish(render.NewBasicFace())
	return dl
}

func TestGoldenScene(t *testing.T) {
	const w, h = 240, 160
	dst := image.NewRGBA(image.Rect(0, 0, w, h))
	dl := smallScene(w, h)
	Rasterize(dl, dst, Options{Background: bg, Face: render.NewBasicFace().Face()})
	compareGolden(t, dst, filepath.Join("testdata", "scene.png"))
}

func compareGolden(t *testing.T, got *image.RGBA, path string) {
	t.Helper()
	if *update {
		var buf bytes.Buffer
		if err := png.Encode(&buf, got); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	defer f.Close()
	want, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	if want.Bounds() != got.Bounds() {
		t.Fatalf("golden is %v, got %v", want.Bounds(), got.Bounds())
	}
	// A tolerance of 2/255 per channel absorbs rounding differences of
	// the rasterizer's accumulation kernels between architectures; any
	// real change of the picture moves far more.
	bad := 0
	for y := got.Rect.Min.Y; y < got.Rect.Max.Y; y++ {
		for x := got.Rect.Min.X; x < got.Rect.Max.X; x++ {
			a := got.RGBAAt(x, y)
			r, g, b, al := want.At(x, y).RGBA()
			if diff(a.R, r) > 2 || diff(a.G, g) > 2 || diff(a.B, b) > 2 || diff(a.A, al) > 2 {
				if bad < 5 {
					t.Errorf("pixel (%d, %d) = %v, golden %v", x, y, a, want.At(x, y))
				}
				bad++
			}
		}
	}
	if bad > 0 {
		t.Errorf("%d pixels differ from %s (go test -update rewrites it after checking the new picture)", bad, path)
	}
}

func diff(a uint8, b16 uint32) int {
	d := int(a) - int(b16>>8)
	if d < 0 {
		return -d
	}
	return d
}

func TestDeterministic(t *testing.T) {
	a := image.NewRGBA(image.Rect(0, 0, 200, 120))
	b := image.NewRGBA(image.Rect(0, 0, 200, 120))
	var r Rasterizer
	r.Rasterize(smallScene(200, 120), a, Options{Background: bg, Face: render.NewBasicFace().Face()})
	r.Rasterize(smallScene(200, 120), b, Options{Background: bg, Face: render.NewBasicFace().Face()})
	if !bytes.Equal(a.Pix, b.Pix) {
		t.Error("two rasterizations of the same scene differ")
	}
}

// TestPixels checks colours exactly where they are unambiguous: the middle
// of a red box's roof seen from above, and the background away from it.
func TestPixels(t *testing.T) {
	cam := render.TopDownCamera{PixelsPerMetre: 10}
	vp := render.Viewport{Width: 100, Height: 100}
	v := cam.View(vp)
	dl := render.NewDrawList()
	dl.Reset(&v)
	red := render.RGB(255, 0, 0)
	dl.Box(render.LayerObjects, mgl64.Vec3{0, 0, 1}, mgl64.Vec3{2, 1, 1}, mgl64.Ident3(), red)
	dl.Finish(nil)
	dst := image.NewRGBA(image.Rect(0, 0, 100, 100))
	Rasterize(dl, dst, Options{Background: bg})
	c := dst.RGBAAt(50, 50)
	if c.R < 200 || c.G != 0 || c.B != 0 || c.A != 255 {
		t.Errorf("centre pixel %v, want the shaded red of the roof", c)
	}
	// The roof spans x 30..70, y 40..60: just inside is red, just outside
	// is background.
	for _, p := range []image.Point{{31, 41}, {68, 58}} {
		if got := dst.RGBAAt(p.X, p.Y); got != c {
			t.Errorf("pixel %v = %v, want roof colour %v", p, got, c)
		}
	}
	want := color.RGBA{bg.R, bg.G, bg.B, bg.A}
	for _, p := range []image.Point{{5, 5}, {29, 50}, {70, 50}, {50, 39}, {50, 60}, {95, 95}} {
		if got := dst.RGBAAt(p.X, p.Y); got != want {
			t.Errorf("pixel %v = %v, want background %v", p, got, want)
		}
	}
}

// TestNoSeams draws a translucent square as two triangles of opposite
// winding: the diagonal must not show (no double blending, no gap).
func TestNoSeams(t *testing.T) {
	cam := render.TopDownCamera{PixelsPerMetre: 1}
	v := cam.View(render.Viewport{Width: 64, Height: 64})
	dl := render.NewDrawList()
	dl.Reset(&v)
	c := render.RGBA(0, 200, 0, 128)
	dl.Triangle2D(render.LayerOverlay, 8, 8, 56, 8, 56, 56, c) // clockwise on screen
	dl.Triangle2D(render.LayerOverlay, 8, 8, 8, 56, 56, 56, c) // counter-clockwise
	// And an overlapping pair: the overlap must not be darker.
	dl.Rect2D(render.LayerOverlay, 0, 58, 30, 63, c)
	dl.Rect2D(render.LayerOverlay, 20, 58, 50, 63, c)
	dl.Finish(nil)
	dst := image.NewRGBA(image.Rect(0, 0, 64, 64))
	Rasterize(dl, dst, Options{Background: color.Black})
	ref := dst.RGBAAt(40, 20)
	for i := 10; i < 54; i++ {
		if got := dst.RGBAAt(i, i); got != ref {
			t.Fatalf("diagonal pixel (%d, %d) = %v, interior %v: a seam", i, i, got, ref)
		}
	}
	if a, b := dst.RGBAAt(10, 60), dst.RGBAAt(25, 60); a != b || a == (color.RGBA{0, 0, 0, 255}) {
		t.Errorf("overlap of same-colour triangles %v differs from single cover %v", b, a)
	}
}

// TestHugeTriangle feeds coordinates far beyond the image, as a vertex
// just past the near plane produces: clipping keeps the rasterizer safe.
func TestHugeTriangle(t *testing.T) {
	cam := render.TopDownCamera{PixelsPerMetre: 1}
	v := cam.View(render.Viewport{Width: 32, Height: 32})
	dl := render.NewDrawList()
	dl.Reset(&v)
	dl.Triangle2D(render.LayerOverlay, -1e7, -1e7, 1e7, -1e7, 0, 1e7, render.RGB(0, 0, 255))
	dl.Finish(nil)
	dst := image.NewRGBA(image.Rect(0, 0, 32, 32))
	Rasterize(dl, dst, Options{Background: color.Black})
	for _, p := range []image.Point{{0, 0}, {31, 31}, {16, 16}} {
		if got := dst.RGBAAt(p.X, p.Y); got != (color.RGBA{0, 0, 255, 255}) {
			t.Errorf("pixel %v = %v, want blue", p, got)
		}
	}
}

// TestOffsetDestination draws into a sub-image: device pixel (0, 0) is the
// sub-image's Min.
func TestOffsetDestination(t *testing.T) {
	cam := render.TopDownCamera{PixelsPerMetre: 1}
	v := cam.View(render.Viewport{Width: 20, Height: 20})
	dl := render.NewDrawList()
	dl.Reset(&v)
	dl.Rect2D(render.LayerOverlay, 0, 0, 10, 10, render.RGB(255, 255, 255))
	dl.Finish(nil)
	full := image.NewRGBA(image.Rect(0, 0, 60, 60))
	sub := full.SubImage(image.Rect(30, 30, 50, 50)).(*image.RGBA)
	Rasterize(dl, sub, Options{Background: color.Black})
	if got := full.RGBAAt(35, 35); got != (color.RGBA{255, 255, 255, 255}) {
		t.Errorf("pixel (35, 35) = %v, want white", got)
	}
	if got := full.RGBAAt(5, 5); got != (color.RGBA{}) {
		t.Errorf("pixel outside the sub-image touched: %v", got)
	}
}

func TestLabelsDrawn(t *testing.T) {
	cam := render.TopDownCamera{PixelsPerMetre: 1}
	v := cam.View(render.Viewport{Width: 120, Height: 60})
	dl := render.NewDrawList()
	dl.Reset(&v)
	dl.AddLabel(render.Label{X: 20, Y: 40, Text: "HELLO", Color: render.RGB(255, 255, 0), Background: render.RGB(0, 0, 255)})
	face := render.NewBasicFace()
	dl.Finish(face)
	l := dl.Labels()[0]
	if !l.Placed {
		t.Fatal("label not placed")
	}
	dst := image.NewRGBA(image.Rect(0, 0, 120, 60))
	Rasterize(dl, dst, Options{Background: color.Black, Face: face.Face()})
	yellow, blue := 0, 0
	for y := int(l.Box.MinY); y < int(l.Box.MaxY); y++ {
		for x := int(l.Box.MinX); x < int(l.Box.MaxX); x++ {
			switch dst.RGBAAt(x, y) {
			case color.RGBA{255, 255, 0, 255}:
				yellow++
			case color.RGBA{0, 0, 255, 255}:
				blue++
			}
		}
	}
	if yellow < 20 || blue < 20 {
		t.Errorf("label box has %d text pixels and %d background pixels", yellow, blue)
	}
}
