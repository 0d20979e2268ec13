package main

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/mm2carla/viewer/format/bai"
	"github.com/mm2carla/viewer/render"
	"github.com/mm2carla/viewer/render/scenedraw"
	"github.com/mm2carla/viewer/render/scenedraw/scenetest"
	"github.com/mm2carla/viewer/scene"
)

// shotFiles writes the test city and its recording into a temporary
// directory and returns their paths.
func shotFiles(t *testing.T) (mapPath, logPath string, sc *scenetest.Scene) {
	t.Helper()
	sc, err := scenetest.New()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	var b bytes.Buffer
	if err := bai.Encode(&b, sc.BAI); err != nil {
		t.Fatal(err)
	}
	mapPath, logPath = filepath.Join(dir, "city.bai"), filepath.Join(dir, "run.log")
	if err := os.WriteFile(mapPath, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(logPath, sc.Log, 0o644); err != nil {
		t.Fatal(err)
	}
	return mapPath, logPath, sc
}

func readPNG(t *testing.T, path string) *image.RGBA {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	rgba := image.NewRGBA(img.Bounds())
	for y := img.Bounds().Min.Y; y < img.Bounds().Max.Y; y++ {
		for x := img.Bounds().Min.X; x < img.Bounds().Max.X; x++ {
			rgba.Set(x, y, img.At(x, y))
		}
	}
	return rgba
}

// goldenTolerance: anti-aliasing may round a channel differently by a
// level or two on another machine; a real change moves many pixels more.
const (
	goldenChannelTol = 3
	goldenPixelShare = 0.002 // share of pixels allowed beyond the tolerance
)

// TestShotGolden renders the test scene from the default camera and
// compares it with a golden PNG (go test -update rewrites it).
func TestShotGolden(t *testing.T) {
	mapPath, logPath, _ := shotFiles(t)
	out := filepath.Join(t.TempDir(), "shot.png")
	code, stdout, stderr := runCLI("shot", logPath, mapPath, "--at", "1.0", "--size", "480x270", "--out", out)
	if code != ExitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if !strings.Contains(stdout, "480x270") || !strings.Contains(stdout, "orbit view") {
		t.Errorf("stdout %q", stdout)
	}
	compareGoldenPNG(t, out, filepath.Join("testdata", "shot_orbit.golden.png"))
}

// compareGoldenPNG compares the PNG at out with the golden one at path,
// within goldenChannelTol on all but goldenPixelShare of the channels, or
// rewrites the golden with -update.
func compareGoldenPNG(t *testing.T, out, path string) {
	t.Helper()
	if *update {
		data, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	got, want := readPNG(t, out), readPNG(t, path)
	if got.Bounds() != want.Bounds() {
		t.Fatalf("size %v, golden %v", got.Bounds(), want.Bounds())
	}
	bad, worst := 0, 0
	for i := range got.Pix {
		d := int(got.Pix[i]) - int(want.Pix[i])
		if d < 0 {
			d = -d
		}
		worst = max(worst, d)
		if d > goldenChannelTol {
			bad++
		}
	}
	if share := float64(bad) / float64(len(got.Pix)); share > goldenPixelShare {
		t.Errorf("%.2f%% of channels differ from %s by more than %d (worst %d); look at %s, go test -update rewrites the golden",
			100*share, path, goldenChannelTol, worst, out)
	}
}

// TestShotPixels checks, in a shot drawn like the command's, pixels whose
// place is computed by projecting known world points with the same view:
// a road, an actor and the background.
func TestShotPixels(t *testing.T) {
	_, _, sc := shotFiles(t)
	rec, err := sc.Open()
	if err != nil {
		t.Fatal(err)
	}
	shot := &shotScene{m: sc.Map, rec: rec, recName: "test"}
	// A time with no collision flash: only surfaces and actors are drawn,
	// so every pixel has a known colour.
	const at = 1.5
	var st scene.State
	if err := rec.StateAt(at, &st); err != nil {
		t.Fatal(err)
	}
	sp := shotSpec{at: at, width: 640, height: 360, view: shotView{kind: "orbit"},
		layers: scenedraw.AllLayers &^ (scenedraw.Lanes | scenedraw.Sidewalks | scenedraw.Rails |
			scenedraw.Lights | scenedraw.Labels | scenedraw.Grid | scenedraw.Legend | scenedraw.Intersections)}
	for _, kind := range []string{"orbit", "top"} {
		sp.view.kind = kind
		img, view, err := renderShot(shot, sp)
		if err != nil {
			t.Fatal(err)
		}
		pixel := func(p mgl64.Vec3) (color.RGBA, bool) {
			x, y, _, ok := view.WorldToScreen(p)
			if !ok || x < 0 || y < 0 || x >= float64(sp.width) || y >= float64(sp.height) {
				return color.RGBA{}, false
			}
			return img.RGBAAt(int(x), int(y)), true
		}
		// A road with no tram, halfway along its centre line, away from
		// every actor.
		road := -1
		for i := range sc.Map.Roads {
			r := &sc.Map.Roads[i]
			if len(r.SideA.Trams)+len(r.SideB.Trams) == 0 && farFromActors(&st, r.Centre[len(r.Centre)/2], 8) {
				road = i
				break
			}
		}
		if road < 0 {
			t.Fatal("no free road")
		}
		c := sc.Map.Roads[road].Centre
		if got, ok := pixel(c[len(c)/2]); !ok || !near(got, scenedraw.RoadColor.NRGBA(), 2) {
			t.Errorf("%s: road %d centre pixel %v (on screen %v), want the road colour", kind, road, got, ok)
		}
		truck := st.Actor(scenetest.TruckID)
		top := truck.World.Location.Add(mgl64.Vec3{0, 0, 2 * truck.Box.Extent[2]})
		if got, ok := pixel(top); !ok || !shadeOf(got, scenedraw.KindColor(scene.KindTruck)) {
			t.Errorf("%s: pixel on top of the truck %v (on screen %v), want a shade of the truck colour", kind, got, ok)
		}
		// The middle of the block between intersections 0, 1, 4 and 5.
		in := sc.Map.Intersections
		block := in[0].Center.Add(in[1].Center).Add(in[4].Center).Add(in[5].Center).Mul(0.25)
		if got, ok := pixel(block); !ok || !near(got, scenedraw.Background.NRGBA(), 0) {
			t.Errorf("%s: pixel inside a block %v (on screen %v), want the background", kind, got, ok)
		}
	}
}

func farFromActors(st *scene.State, p mgl64.Vec3, d float64) bool {
	for _, a := range st.Actors {
		if math.Hypot(a.World.Location[0]-p[0], a.World.Location[1]-p[1]) < d {
			return false
		}
	}
	return true
}

func near(got color.RGBA, want color.NRGBA, tol int) bool {
	d := func(a, b uint8) bool { return math.Abs(float64(a)-float64(b)) <= float64(tol) }
	return d(got.R, want.R) && d(got.G, want.G) && d(got.B, want.B)
}

// shadeOf reports whether got is base darkened by one factor (box faces
// are lit from one side), within rounding.
func shadeOf(got color.RGBA, base render.Color) bool {
	b := base.NRGBA()
	k := float64(int(got.R)+int(got.G)+int(got.B)) / float64(int(b.R)+int(b.G)+int(b.B))
	if k < 0.4 || k > 1.02 {
		return false
	}
	ok := func(g, c uint8) bool { return math.Abs(float64(g)-float64(c)*k) <= 3 }
	return ok(got.R, b.R) && ok(got.G, b.G) && ok(got.B, b.B)
}

// TestShotViews: top and follow views render; following an actor that
// does not exist, or following without a recording, fails with status 1.
func TestShotViews(t *testing.T) {
	mapPath, logPath, _ := shotFiles(t)
	dir := t.TempDir()
	for _, view := range []string{"top", "follow:hero", "follow:101"} {
		out := filepath.Join(dir, strings.ReplaceAll(view, ":", "_")+".png")
		if code, _, stderr := runCLI("shot", mapPath, logPath, "--view", view, "--at", "0.5", "--size", "64x48", "--out", out); code != ExitOK {
			t.Errorf("--view %s: exit %d: %s", view, code, stderr)
			continue
		}
		if img := readPNG(t, out); img.Bounds().Dx() != 64 || img.Bounds().Dy() != 48 {
			t.Errorf("--view %s: image %v", view, img.Bounds())
		}
	}
	out := filepath.Join(dir, "x.png")
	for _, tc := range []struct {
		args []string
		msg  string
	}{
		{[]string{logPath, "--view", "follow:99999"}, "no actor 99999"},
		{[]string{mapPath, "--view", "follow:hero"}, "needs a recording"},
	} {
		code, _, stderr := runCLI(append(append([]string{"shot"}, tc.args...), "--out", out)...)
		if code != ExitBadInput || !strings.Contains(stderr, tc.msg) {
			t.Errorf("%v: exit %d, stderr %q; want 1 and %q", tc.args, code, stderr, tc.msg)
		}
	}
}

// TestShotErrors: bad usage exits 2, bad files exit 1 with the file and
// the byte offset in the message.
func TestShotErrors(t *testing.T) {
	mapPath, logPath, _ := shotFiles(t)
	dir := t.TempDir()
	out := filepath.Join(dir, "x.png")
	junk := filepath.Join(dir, "junk.bin")
	os.WriteFile(junk, []byte("hello, this is neither"), 0o644)
	badMap := filepath.Join(dir, "bad.bai")
	data, _ := os.ReadFile(mapPath)
	os.WriteFile(badMap, data[:len(data)/3], 0o644)
	badLog := filepath.Join(dir, "bad.log")
	logData, _ := os.ReadFile(logPath)
	os.WriteFile(badLog, logData[:60], 0o644) // the header and part of the first packet
	usage := []struct {
		args []string
		msg  string
	}{
		{[]string{mapPath}, "--out"},
		{[]string{mapPath, "--out", out, "--size", "12x10"}, "--size"},
		{[]string{mapPath, "--out", out, "--size", "big"}, "--size"},
		{[]string{mapPath, "--out", out, "--view", "side"}, "--view"},
		{[]string{mapPath, "--out", out, "--view", "follow:x"}, "--view"},
		{[]string{mapPath, "--out", out, "--hide", "roads"}, "no layer"},
		{[]string{mapPath, "--out", out, "--at", "NaN"}, "--at"},
		{[]string{mapPath, mapPath, "--out", out}, "two maps"},
		{[]string{logPath, logPath, "--out", out}, "two recordings"},
		{[]string{mapPath, "--out", out, "--select", "99999999999"}, "--select"},
	}
	for _, tc := range usage {
		code, _, stderr := runCLI(append([]string{"shot"}, tc.args...)...)
		if code != ExitUsage || !strings.Contains(stderr, tc.msg) {
			t.Errorf("%v: exit %d, stderr %q; want 2 and %q", tc.args, code, stderr, tc.msg)
		}
	}
	bad := []struct {
		args []string
		msg  []string
	}{
		{[]string{junk}, []string{junk, "not a CARLA recording", "byte 0"}},
		{[]string{badMap}, []string{badMap, "bai: byte"}},
		{[]string{badLog}, []string{badLog, "byte"}},
		{[]string{dir}, []string{dir}},
		{[]string{filepath.Join(dir, "missing.log")}, []string{"missing.log"}},
	}
	for _, tc := range bad {
		code, _, stderr := runCLI(append([]string{"shot"}, append(tc.args, "--out", out)...)...)
		if code != ExitBadInput {
			t.Errorf("%v: exit %d, want 1 (%s)", tc.args, code, stderr)
		}
		for _, m := range tc.msg {
			if !strings.Contains(stderr, m) {
				t.Errorf("%v: stderr %q lacks %q", tc.args, stderr, m)
			}
		}
	}
	if _, err := os.Stat(out); err == nil {
		t.Error("a failed shot wrote its output")
	}
}

// TestShotFlashAfterCollision: a shot taken shortly after a collision
// shows its flash, as the window playing up to that time does.
func TestShotFlashAfterCollision(t *testing.T) {
	_, _, sc := shotFiles(t)
	rec, err := sc.Open()
	if err != nil {
		t.Fatal(err)
	}
	shot := &shotScene{m: sc.Map, rec: rec, recName: "test"}
	at := float64(scenetest.CollideFrame) / 10
	// Surfaces and actors only, and the flash's rays: pale yellow, the
	// one colour of the scene with that much blue in a yellow.
	bare := scenedraw.AllLayers &^ (scenedraw.Lanes | scenedraw.Sidewalks | scenedraw.Rails | scenedraw.Lights |
		scenedraw.Labels | scenedraw.Grid | scenedraw.Legend | scenedraw.Intersections)
	for _, tc := range []struct {
		at   float64
		want bool
	}{{at - 0.3, false}, {at + 0.3, true}, {at + scenedraw.FlashDuration + 0.2, false}} {
		sp := shotSpec{at: tc.at, width: 480, height: 270, view: shotView{kind: "top"}, layers: bare}
		img, _, err := renderShot(shot, sp)
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		for y := range sp.height {
			for x := range sp.width {
				if c := img.RGBAAt(x, y); c.R > 180 && c.G > 150 && c.B > 60 && c.B < 120 {
					n++
				}
			}
		}
		if (n > 30) != tc.want {
			t.Errorf("at %g s (collision at %g s): %d pixels of the flash's rays, want a flash: %v", tc.at, at, n, tc.want)
		}
	}
}

// FuzzShotSizeView: any --size and --view text is accepted within the
// documented bounds or refused as bad usage, never a panic.
func FuzzShotSizeView(f *testing.F) {
	for _, s := range [][2]string{{"1280x720", "orbit"}, {"16X16", "follow:hero"}, {"8192x8192", "follow:4294967295"},
		{"x", "follow:0"}, {"-5x10", "follow:-1"}, {"99999999999999999999x1", "top"}} {
		f.Add(s[0], s[1])
	}
	f.Fuzz(func(t *testing.T, size, view string) {
		w, h, err := parseSize(size)
		if err == nil && (w < 16 || h < 16 || w > maxShotSide || h > maxShotSide) {
			t.Fatalf("--size %q accepted as %dx%d", size, w, h)
		}
		v, err := parseView(view)
		if err != nil {
			return
		}
		switch v.kind {
		case "orbit", "top":
			if view != v.kind {
				t.Fatalf("--view %q read as %q", view, v.kind)
			}
		case "follow":
			if v.follow == 0 && view != "follow:hero" {
				t.Fatalf("--view %q follows the hero", view)
			}
		default:
			t.Fatalf("--view %q gave kind %q", view, v.kind)
		}
	})
}

// TestShotClampsTime: a time outside the recording draws its first or
// last frame and says so, on stderr and in the line naming what was drawn.
func TestShotClampsTime(t *testing.T) {
	mapPath, logPath, sc := shotFiles(t)
	rec, err := sc.Open()
	if err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "x.png")
	for _, tc := range []struct {
		at, warn string
		drawn    float64
	}{{"999", "after the end", rec.Duration()}, {"-3", "before the start", rec.Times()[0]}, {"1.5", "", 1.5}} {
		code, stdout, stderr := runCLI("shot", mapPath, logPath, "--at", tc.at, "--size", "64x48", "--out", out)
		if code != ExitOK {
			t.Fatalf("--at %s: exit %d: %s", tc.at, code, stderr)
		}
		if want := fmt.Sprintf("at %.3f s", tc.drawn); !strings.Contains(stdout, want) {
			t.Errorf("--at %s: stdout %q lacks %q", tc.at, stdout, want)
		}
		if (tc.warn == "") != (stderr == "") || !strings.Contains(stderr, tc.warn) {
			t.Errorf("--at %s: stderr %q, want a warning %q", tc.at, stderr, tc.warn)
		}
	}
}
