package ebitenrender

import (
	"image"
	"image/color"
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

// signalFrame is a replay's frame with two lights: the "map"
// (LayerGround), stop lines in the lights' colours (LayerSignal: the
// first always green, the second red or not), and the actor at x
// (LayerOverlay).
func signalFrame(x float64, red bool) *render.DrawList {
	return lightsFrame(x, false, red)
}

func lightsFrame(x float64, red1, red2 bool) *render.DrawList {
	dl := newList(96, 64)
	for i := range 6 {
		o := float64(i * 7)
		dl.Triangle2D(render.LayerGround, 2+o, 3, 90-o, 9+o, 5, 60-o, render.RGB(uint8(40*i), 200, uint8(255-40*i)))
	}
	for i, red := range []bool{red1, red2} {
		light := render.RGB(40, 220, 60)
		if red {
			light = render.RGB(230, 40, 40)
		}
		y := float64(44 + 6*i)
		dl.Rect2D(render.LayerSignal, 60, y, 90, y+4, light)
	}
	dl.Rect2D(render.LayerOverlay, x, 20, x+11, 31, render.RGBA(250, 30, 30, 200))
	dl.Finish(nil)
	return dl
}

// TestCacheKeepsWholeLayers: while a light changes now and then and the
// actor moves, the kept start is the layers below the light's, made once,
// not a start cut at each change and made again after each (a
// supersampled drawing each time).
func TestCacheKeepsWholeLayers(t *testing.T) {
	r := New(nil)
	opt := Options{AntiAlias: true, Cache: true, Playing: true}
	ground := signalFrame(0, false).LayerEnd(render.LayerMarking)
	frames := 3 * calmFrames
	for i := range frames {
		// The lights change every 40 and 9 frames.
		dl := lightsFrame(float64(10+i%50), i/40%2 == 1, i/9%2 == 1)
		readBack(t, r, dl, 96, 64, black, opt)
	}
	if images, held := r.Kept(); images != 1 || held != ground {
		t.Errorf("%d frames with lights changing every 40 and 9: %d images drawn, holding %d indices; want 1 holding the ground's %d",
			frames, images, held, ground)
	}
}

// TestCachePlayingRepeat: a replay's frame drawn twice (the window ticks
// faster than the recording's frames) is not kept whole while playing,
// and the calm ground is still kept after calmFrames; paused, a repeated
// frame is kept whole at once.
func TestCachePlayingRepeat(t *testing.T) {
	r := New(nil)
	opt := Options{AntiAlias: true, Cache: true, Playing: true}
	ground := signalFrame(0, false).LayerEnd(render.LayerSignal)
	for i := range calmFrames + 6 {
		dl := signalFrame(float64(10+i/2), false) // each step drawn twice
		readBack(t, r, dl, 96, 64, black, opt)
		if images, held := r.Kept(); held > ground {
			t.Fatalf("frame %d: %d images, holding %d indices: a frame of the moving actor was kept", i, images, held)
		}
	}
	if images, held := r.Kept(); images != 1 || held != ground {
		t.Errorf("%d images holding %d indices, want 1 holding the calm layers' %d", images, held, ground)
	}
	opt.Playing = false
	dl := signalFrame(70, false)
	readBack(t, r, dl, 96, 64, black, opt)
	readBack(t, r, dl, 96, 64, black, opt)
	if _, held := r.Kept(); held != len(dl.Indices()) {
		t.Errorf("paused: %d of %d indices kept after a repeat, want all", held, len(dl.Indices()))
	}
}

// TestCacheBackground: with an opaque Background the frame is the
// background under the list, whether the list is drawn as it comes or a
// kept image (which holds the background) is copied over dst.
func TestCacheBackground(t *testing.T) {
	bg := render.RGB(23, 25, 30)
	dl := mapAndActor(40, false, false)
	r := New(nil)
	opt := Options{AntiAlias: true, Cache: true, Background: bg}
	red := color.RGBA{255, 0, 0, 255} // what dst held: must not show
	first := readBack(t, r, dl, 96, 64, red, opt)
	kept := readBack(t, r, dl, 96, 64, red, opt)
	if _, held := r.Kept(); held != len(dl.Indices()) {
		t.Fatalf("the second frame kept %d of %d indices", held, len(dl.Indices()))
	}
	want := color.RGBA{23, 25, 30, 255}
	for name, img := range map[string]*image.RGBA{"drawn": first, "kept": kept} {
		if got := img.RGBAAt(94, 62); !close(got, want, 0) {
			t.Errorf("%s frame: the corner outside the list is %v, want the background %v", name, got, want)
		}
	}
	if d := sameImage(kept, readBack(t, New(nil), dl, 96, 64, want, Options{AntiAlias: true}), 2); d != 0 {
		t.Errorf("the kept frame differs from the supersampled drawing over the background in %d pixels", d)
	}
}

// TestCacheBacksOff: a light that stays long enough to be kept with the
// ground and then changes makes its layer wait twice as long each time,
// instead of a supersampled drawing after each change.
func TestCacheBacksOff(t *testing.T) {
	r := New(nil)
	opt := Options{AntiAlias: true, Cache: true, Playing: true}
	frames := 10 * 45
	for i := range frames {
		dl := lightsFrame(float64(10+i%50), false, i/45%2 == 1) // a change every 45 frames
		readBack(t, r, dl, 96, 64, black, opt)
	}
	// Without waiting longer: the signals kept after 30 calm frames, the
	// ground alone again after each change, 2 images every 45 frames.
	if images, _ := r.Kept(); images > 6 {
		t.Errorf("%d frames with a light changing every 45: %d images drawn, want at most 6", frames, images)
	}
}
