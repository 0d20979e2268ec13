package icon

import (
	"bytes"
	"flag"
	"fmt"
	"image/color"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden icons in testdata")

// near reports whether c is within tol of want in every channel.
func near(c, want color.RGBA, tol int) bool {
	d := func(a, b uint8) bool { return math.Abs(float64(a)-float64(b)) <= float64(tol) }
	return d(c.R, want.R) && d(c.G, want.G) && d(c.B, want.B) && d(c.A, want.A)
}

// TestDesignAtEverySize probes each size where the design puts its parts:
// the car's centre is the car's colour, the recording dot's centre red,
// the tile's centre column above the lane is tile, and the corner outside
// the tile's rounding is transparent. A design change that loses a part
// at some size (the car shrunk below a pixel, the dot clipped) fails here.
func TestDesignAtEverySize(t *testing.T) {
	for _, size := range Sizes {
		t.Run(fmt.Sprint(size), func(t *testing.T) {
			img := Image(size)
			if b := img.Bounds(); b.Dx() != size || b.Dy() != size {
				t.Fatalf("bounds %v, want %dx%d", b, size, size)
			}
			s := float64(size)
			lane := cubic(scale(laneA, s), scale(laneB, s), scale(laneC, s), scale(laneD, s), 256)
			cx, cy, _, _ := lane.point(carAt * lane.length())
			probes := []struct {
				what string
				x, y float64
				want color.RGBA
				tol  int
			}{
				{"car", cx, cy, carColor, 8},
				{"recording dot", recX * s, recY * s, recColor, 8},
				{"corner", 0, 0, color.RGBA{}, 64},
			}
			for _, p := range probes {
				got := img.RGBAAt(int(p.x), int(p.y))
				if !near(got, p.want, p.tol) {
					t.Errorf("%s at (%d, %d) is %v, want %v", p.what, int(p.x), int(p.y), got, p.want)
				}
			}
			// Above the car, between the dot and the lane: the tile,
			// opaque and darker than the road.
			tile := img.RGBAAt(size/2, size/8)
			if tile.A != 0xff || tile.R >= roadColor.R {
				t.Errorf("tile at (%d, %d) is %v, want opaque and darker than the road", size/2, size/8, tile)
			}
		})
	}
}

// TestSmallSizesKeepWholePixels: at 16 px the road and the car keep the
// widths the design floors them to, counted as opaque-enough pixels on a
// row across them, so they read as shapes and not as grey smudges.
func TestSmallSizesKeepWholePixels(t *testing.T) {
	img := Image(16)
	lane := cubic(scale(laneA, 16), scale(laneB, 16), scale(laneC, 16), scale(laneD, 16), 256)
	_, cy, _, _ := lane.point(carAt * lane.length())
	cars := 0
	for x := range 16 {
		if near(img.RGBAAt(x, int(cy)), carColor, 48) {
			cars++
		}
	}
	if cars < carMinPx-1 {
		t.Errorf("the car is %d pixels wide on row %d at 16 px, want at least %d", cars, int(cy), carMinPx-1)
	}
}

func TestImagePanicsOutOfRange(t *testing.T) {
	for _, size := range []int{0, MinSize - 1, MaxSize + 1} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("Image(%d) did not panic", size)
				}
			}()
			Image(size)
		}()
	}
}

func TestImagesInOrder(t *testing.T) {
	imgs := Images(WindowSizes)
	for i, img := range imgs {
		if img.Bounds().Dx() != WindowSizes[i] {
			t.Errorf("image %d is %d px, want %d", i, img.Bounds().Dx(), WindowSizes[i])
		}
	}
}

// TestGolden compares the smallest sizes, where every pixel shows, with
// the reviewed pictures in testdata (go test -update rewrites them). A
// channel may differ by a little: the rasteriser's float arithmetic is
// fused differently on some architectures.
func TestGolden(t *testing.T) {
	for _, size := range []int{16, 32} {
		got, err := PNG(size)
		if err != nil {
			t.Fatal(err)
		}
		path := filepath.Join("testdata", fmt.Sprintf("icon_%d.png", size))
		if *update {
			if err := os.WriteFile(path, got, 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		wantPNG, err := os.ReadFile(path)
		if err != nil {
			t.Fatalf("%v (go test -update writes it)", err)
		}
		want, err := png.Decode(bytes.NewReader(wantPNG))
		if err != nil {
			t.Fatal(err)
		}
		img := Image(size)
		for y := range size {
			for x := range size {
				w := color.RGBAModel.Convert(want.At(x, y)).(color.RGBA)
				if g := img.RGBAAt(x, y); !near(g, w, 2) {
					t.Fatalf("%d px: pixel (%d, %d) is %v, %s has %v", size, x, y, g, path, w)
				}
			}
		}
	}
}

func BenchmarkImage(b *testing.B) {
	for _, size := range []int{16, 256, 1024} {
		b.Run(fmt.Sprint(size), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				Image(size)
			}
		})
	}
}

// BenchmarkAllSizes is what a release build spends on icons.
func BenchmarkAllSizes(b *testing.B) {
	for b.Loop() {
		Images(Sizes)
	}
}
