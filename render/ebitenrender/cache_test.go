package ebitenrender

import (
	"image"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/mm2carla/viewer/render"
)

// mapAndActor is a list like a replay's frame: a "map" of overlapping
// ground triangles with diagonal edges (most of the list), then an
// "actor" rectangle at x.
func mapAndActor(x float64, mapOnly, actorOnly bool) *render.DrawList {
	dl := newList(96, 64)
	if !actorOnly {
		for i := range 6 {
			o := float64(i * 7)
			dl.Triangle2D(render.LayerGround, 2+o, 3, 90-o, 9+o, 5, 60-o, render.RGB(uint8(40*i), 200, uint8(255-40*i)))
		}
	}
	if !mapOnly {
		dl.Rect2D(render.LayerOverlay, x, 20, x+11, 31, render.RGBA(250, 30, 30, 200))
	}
	dl.Finish(nil)
	return dl
}

// sameImage counts the pixels of a and b further apart than tol.
func sameImage(a, b *image.RGBA, tol int) int {
	n := 0
	for y := range a.Rect.Dy() {
		for x := range a.Rect.Dx() {
			if !close(a.RGBAAt(x, y), b.RGBAAt(x, y), tol) {
				n++
			}
		}
	}
	return n
}

// TestCacheStill: a list drawn again unchanged is kept and drawn
// supersampled, as AntiAlias draws it every frame.
func TestCacheStill(t *testing.T) {
	dl := mapAndActor(40, false, false)
	want := readBack(t, New(nil), dl, 96, 64, black, Options{AntiAlias: true})
	plain := readBack(t, New(nil), dl, 96, 64, black, Options{})
	r := New(nil)
	opt := Options{AntiAlias: true, Cache: true}
	if first := readBack(t, r, dl, 96, 64, black, opt); sameImage(first, plain, 0) != 0 {
		t.Error("a first frame is not drawn directly")
	}
	for i := range 3 {
		got := readBack(t, r, dl, 96, 64, black, opt)
		if d := sameImage(got, want, 2); d != 0 || r.cache.n != len(dl.Indices()) {
			t.Fatalf("still frame %d: %d pixels differ from the supersampled drawing, %d of %d indices kept", i, d, r.cache.n, len(dl.Indices()))
		}
	}
	if sameImage(want, plain, 8) == 0 {
		t.Fatal("supersampling changes nothing here: the test does not test")
	}
}

// TestCacheMoving: while only the actor moves, the list is drawn as it
// comes until the map has stayed calmFrames frames; then the map is kept,
// supersampled, and the actor drawn over it at full resolution.
func TestCacheMoving(t *testing.T) {
	r := New(nil)
	opt := Options{AntiAlias: true, Cache: true}
	mapN := len(mapAndActor(0, true, false).Indices())
	for i := range calmFrames + 4 {
		x := float64(10 + i%50)
		dl := mapAndActor(x, false, false)
		got := readBack(t, r, dl, 96, 64, black, opt)
		kept := i >= calmFrames
		if n := r.cache.n; kept && n != mapN || !kept && n != 0 {
			t.Fatalf("frame %d: %d indices kept, want the map's %d from frame %d on", i, n, mapN, calmFrames)
		}
		dst := ebiten.NewImage(96, 64)
		dst.Fill(black)
		if kept { // the map supersampled, then the actor plainly
			New(nil).Draw(dst, mapAndActor(0, true, false), Options{AntiAlias: true})
			New(nil).Draw(dst, mapAndActor(x, false, true), Options{})
		} else {
			New(nil).Draw(dst, dl, Options{})
		}
		want := image.NewRGBA(image.Rect(0, 0, 96, 64))
		dst.ReadPixels(want.Pix)
		dst.Deallocate()
		if d := sameImage(got, want, 2); d != 0 {
			t.Fatalf("frame %d: %d pixels differ from the expected drawing", i, d)
		}
	}
}

// TestCacheCameraMoves: when every vertex moves nothing is kept and the
// list is drawn plainly.
func TestCacheCameraMoves(t *testing.T) {
	r := New(nil)
	for i := range 4 {
		dl := newList(96, 64)
		o := float64(i)
		dl.Triangle2D(render.LayerGround, 2+o, 3, 90, 9, 5+o, 60, render.RGB(0, 200, 255))
		dl.Finish(nil)
		got := readBack(t, r, dl, 96, 64, black, Options{AntiAlias: true, Cache: true})
		want := readBack(t, New(nil), dl, 96, 64, black, Options{})
		if d := sameImage(got, want, 0); d != 0 || r.cache.n != 0 {
			t.Fatalf("frame %d: %d pixels differ from the plain drawing, %d indices kept", i, d, r.cache.n)
		}
	}
}
