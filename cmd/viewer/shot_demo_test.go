package main

import (
	"image"
	"image/color"
	"math"
	"path/filepath"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/mm2carla/viewer/render"
	"github.com/mm2carla/viewer/render/scenedraw"
	"github.com/mm2carla/viewer/scene"
)

// demoShotAt is the replay time of the demo's golden shot: traffic is
// spread over the city and every light has a state.
const demoShotAt = 20

// TestShotDemoGolden renders the built-in demo (no files) at a fixed time
// with every layer and compares it with a golden PNG (-update rewrites it).
func TestShotDemoGolden(t *testing.T) {
	out := filepath.Join(t.TempDir(), "demo.png")
	code, stdout, stderr := runCLI("shot", "--at", "20", "--size", "640x360", "--out", out)
	if code != ExitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if !strings.Contains(stdout, "demo-traffic.log at 20.000 s on demo-city.bai") {
		t.Errorf("stdout %q does not say the demo was drawn", stdout)
	}
	compareGoldenPNG(t, out, filepath.Join("testdata", "shot_demo.golden.png"))
}

// TestShotDemoPixels checks pixels of demo shots whose places come from
// projecting known world points with the shot's own view: a road surface,
// the background in the middle of a block, and the hero's roof.
func TestShotDemoPixels(t *testing.T) {
	sc, err := loadShotScene(nil, 0, false)
	if err != nil {
		t.Fatal(err)
	}
	defer sc.close()
	var st scene.State
	if err := sc.rec.StateAt(demoShotAt, &st); err != nil {
		t.Fatal(err)
	}
	// Surfaces and actors only: no line or label may cover the pixels.
	bare := scenedraw.AllLayers &^ (scenedraw.Lanes | scenedraw.Sidewalks | scenedraw.Rails | scenedraw.Lights |
		scenedraw.Labels | scenedraw.Grid | scenedraw.Legend | scenedraw.Intersections)
	sp := shotSpec{at: demoShotAt, width: 960, height: 540, layers: bare}
	roads := []render.Color{scenedraw.RoadColor, scenedraw.RoadFarColor}
	for _, kind := range []string{"orbit", "top"} {
		sp.view = shotView{kind: kind}
		img, view, err := renderShot(sc, sp)
		if err != nil {
			t.Fatal(err)
		}
		road, ok := freeRoadPoint(sc.m, &st)
		if !ok {
			t.Fatal("no road point clear of the traffic")
		}
		if c, on := pixelAt(img, &view, road); !on || !nearAny(c, roads) {
			t.Errorf("%s: road point %v: pixel %v (on screen %v), want a road colour", kind, road, c, on)
		}
		bg := blockMiddle(sc.m)
		if c, on := pixelAt(img, &view, bg); !on || !nearAny(c, []render.Color{scenedraw.Background}) {
			t.Errorf("%s: block middle %v: pixel %v (on screen %v), want the background", kind, bg, c, on)
		}
	}
	// The hero, followed: the middle of its roof, clear of its marker and,
	// with no paths, of its ghosts ahead (it stands still at this time).
	sp.view, sp.noPaths = shotView{kind: "follow"}, true
	img, view, err := renderShot(sc, sp)
	if err != nil {
		t.Fatal(err)
	}
	hero := st.Hero()
	if hero == nil {
		t.Fatal("the demo has no hero")
	}
	roof := hero.World.Location.Add(hero.World.Rotation.Matrix().Mul3x1(
		hero.Box.Center.Add(mgl64.Vec3{0, 0, hero.Box.Extent[2]})))
	if c, on := pixelAt(img, &view, roof); !on || !shadeOf(c, scenedraw.HeroColor) {
		t.Errorf("follow: hero roof %v: pixel %v (on screen %v), want a shade of the hero colour", roof, c, on)
	}
}

// pixelAt returns the pixel of img where view projects p.
func pixelAt(img *image.RGBA, view *render.View, p mgl64.Vec3) (color.RGBA, bool) {
	x, y, _, ok := view.WorldToScreen(p)
	b := img.Bounds()
	if !ok || x < 0 || y < 0 || x >= float64(b.Dx()) || y >= float64(b.Dy()) {
		return color.RGBA{}, false
	}
	return img.RGBAAt(int(x), int(y)), true
}

func nearAny(c color.RGBA, want []render.Color) bool {
	for _, w := range want {
		if near(c, w.NRGBA(), 2) {
			return true
		}
	}
	return false
}

// freeRoadPoint is the middle of the centre line of the first road whose
// middle is 15 m from every actor: no box, ring or shadow of one can
// cover it.
func freeRoadPoint(m *scene.Map, st *scene.State) (mgl64.Vec3, bool) {
	for i := range m.Roads {
		c := m.Roads[i].Centre
		if len(c) > 2 && farFromActors(st, c[len(c)/2], 15) {
			return c[len(c)/2], true
		}
	}
	return mgl64.Vec3{}, false
}

// blockMiddle is the point of the map's inner part farthest from every
// road's full width and every intersection: the middle of a city block,
// where only the background can be.
func blockMiddle(m *scene.Map) mgl64.Vec3 {
	lo, hi := m.Bounds()
	best, bestD := mgl64.Vec3{}, math.Inf(-1)
	for fx := 0.2; fx <= 0.8; fx += 0.01 {
		for fy := 0.2; fy <= 0.8; fy += 0.01 {
			p := mgl64.Vec3{lo[0] + fx*(hi[0]-lo[0]), lo[1] + fy*(hi[1]-lo[1]), lo[2]}
			if d := clearance(m, p); d > bestD {
				best, bestD = p, d
			}
		}
	}
	return best
}

// clearance is how far p is from the edge of every road and intersection.
func clearance(m *scene.Map, p mgl64.Vec3) float64 {
	d := math.Inf(1)
	for i := range m.Roads {
		r := &m.Roads[i]
		for _, q := range r.Centre {
			d = min(d, math.Hypot(q[0]-p[0], q[1]-p[1])-r.HalfWidth)
		}
	}
	for _, in := range m.Intersections {
		d = min(d, math.Hypot(in.Center[0]-p[0], in.Center[1]-p[1])-20)
	}
	return d
}
