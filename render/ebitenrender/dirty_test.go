package ebitenrender

import (
	"image"
	"image/color"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/mm2carla/viewer/render"
)

// TestDirtyTiles: a replay drawn frame after frame on one image, with a
// panel the caller paints over it (Over), is the same picture as each
// frame drawn whole on a new image, though only the tiles painted over
// the kept map are copied back (the actor and the panel move, a light
// changes).
func TestDirtyTiles(t *testing.T) {
	bg := render.RGB(23, 25, 30)
	opt := Options{AntiAlias: true, Cache: true, Playing: true, Background: bg}
	r, ref := New(nil), New(nil)
	dst := ebiten.NewImage(96, 64)
	defer dst.Deallocate()
	panel := color.RGBA{200, 200, 40, 255}
	paint := func(img *ebiten.Image, rr *Renderer, x int) {
		p := image.Rect(x, 40, x+9, 47)
		img.SubImage(p).(*ebiten.Image).Fill(panel)
		rr.Over(p)
	}
	for i := range calmFrames + 40 {
		dl := lightsFrame(float64(5+i%60), false, i >= calmFrames+20)
		r.Draw(dst, dl, opt)
		paint(dst, r, 80-i%70)
		got := image.NewRGBA(image.Rect(0, 0, 96, 64))
		dst.ReadPixels(got.Pix)

		fresh := ebiten.NewImage(96, 64)
		ref.Draw(fresh, dl, opt)
		paint(fresh, ref, 80-i%70)
		want := image.NewRGBA(image.Rect(0, 0, 96, 64))
		fresh.ReadPixels(want.Pix)
		fresh.Deallocate()
		if d := sameImage(got, want, 0); d != 0 {
			t.Fatalf("frame %d: %d pixels differ from the frame drawn whole", i, d)
		}
	}
	if _, held := r.Kept(); held == 0 {
		t.Fatal("nothing was kept: the test does not test")
	}
}

// TestDirtyTilesInvalidate: a caller that paints dst otherwise (a fill)
// and says so gets the kept image back whole.
func TestDirtyTilesInvalidate(t *testing.T) {
	bg := render.RGB(23, 25, 30)
	opt := Options{AntiAlias: true, Cache: true, Background: bg}
	r := New(nil)
	dst := ebiten.NewImage(96, 64)
	defer dst.Deallocate()
	dl := mapAndActor(40, false, false)
	r.Draw(dst, dl, opt)
	r.Draw(dst, dl, opt) // kept whole
	want := image.NewRGBA(image.Rect(0, 0, 96, 64))
	dst.ReadPixels(want.Pix)
	dst.Fill(color.RGBA{255, 0, 0, 255})
	r.Invalidate()
	r.Draw(dst, dl, opt)
	got := image.NewRGBA(image.Rect(0, 0, 96, 64))
	dst.ReadPixels(got.Pix)
	if d := sameImage(got, want, 0); d != 0 {
		t.Errorf("%d pixels differ after a fill and Invalidate", d)
	}
}
