package ui

import (
	"image"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/mm2carla/viewer/internal/testrec"
	"github.com/mm2carla/viewer/render/scenedraw"
	"github.com/mm2carla/viewer/ui/app"
	"github.com/mm2carla/viewer/ui/input"
	"github.com/mm2carla/viewer/ui/loader"
)

// comparing opens the test recording (A) and the same run with the hero
// 6 m to its left from the start (B) over the demo city, following the
// hero.
func comparing(t *testing.T) (*Game, *script) {
	t.Helper()
	g, sc := newTestGame(t, demoMap(t),
		loader.BytesSource("a.log", testrec.Bytes(testFrames)),
		loader.BytesSource("b.log", testrec.Shifted(testFrames, testrec.Hero, 0, 0, 600)))
	if !g.App().Comparing() || g.App().CompareState() == nil {
		t.Fatal("two recordings did not open as a comparison")
	}
	sc.key(input.KeyTab, false, false) // follow the hero: close enough to see it
	drain(t, g, sc)
	run(t, g, 30)
	return g, sc
}

// violet counts the pixels around (x, y) with the ghosts' tint: blue and
// red above green (the grey road and the yellow hero have neither).
func violet(img *image.RGBA, x, y float64) int {
	n := 0
	for py := int(y) - 3; py <= int(y)+3; py++ {
		for px := int(x) - 3; px <= int(x)+3; px++ {
			c := img.RGBAAt(px, py)
			if int(c.R)-int(c.G) > 10 && int(c.B)-int(c.G) > 20 {
				n++
			}
		}
	}
	return n
}

// TestWindowGhost: B's hero is drawn as a violet ghost beside A's; the B
// key shows A only (no ghost), then B only (B's hero in its own colours,
// no ghost), and the status line says which.
func TestWindowGhost(t *testing.T) {
	g, sc := comparing(t)
	a := g.App()
	b := a.CompareState().Actor(testrec.Hero)
	x, y, _, ok := a.View().WorldToScreen(b.World.Apply(b.Box.Center))
	if !ok || !g.lay.view.contains(x, y) {
		t.Fatalf("B's hero off screen at %v,%v", x, y)
	}
	for _, step := range []struct {
		name   string
		violet bool
		status string
	}{
		{"both", true, "showing A and B"},
		{"a-only", false, "showing A only"},
		{"b-only", false, "showing B only"},
	} {
		if step.name != "both" {
			sc.key(input.KeyB, false, false)
			drain(t, g, sc)
		}
		img := shot(t, g, "compare-"+step.name)
		if n := violet(img, x, y); (n > 20) != step.violet {
			t.Errorf("%s: %d violet pixels of 49 at B's hero (%.0f, %.0f)", step.name, n, x, y)
		}
		if got := a.StatusText().String(); !strings.Contains(got, step.status) {
			t.Errorf("%s: status %q", step.name, got)
		}
	}
	if a.Runs() != app.RunsB {
		t.Errorf("runs %v after two presses of B", a.Runs())
	}
}

// TestWindowCompareRows: under the timeline the divergence strip shows
// in the ghosts' tint (B's hero is 6 m off all along), and the tooltip
// over the start names the hero's first divergence.
func TestWindowCompareRows(t *testing.T) {
	g, sc := comparing(t)
	strip := irect(g.lay.strip)
	if strip.Empty() || g.lay.view.y1 >= newLayout(float64(g.outW), float64(g.outH), g.scale).view.y1 {
		t.Fatalf("no compare rows: strip %v", strip)
	}
	img := shot(t, g, "compare-rows")
	if n := countNear(img, strip, 30, rgb(scenedraw.GhostColor)); n < strip.Dx()*strip.Dy()/3 {
		t.Errorf("the strip %v: %d pixels in the ghost tint", strip, n)
	}
	b := g.lay.bar
	sc.queue = append(sc.queue, input.Snapshot{Mouse: input.Mouse{X: b.x0 + 1, Y: (b.y0 + b.y1) / 2}})
	drain(t, g, sc)
	run(t, g, 1)
	if tip := string(g.hud.tip); !strings.Contains(tip, "diverges  100 from B's 100 by 6.0 m") {
		t.Errorf("tooltip %q", tip)
	}
}

// TestWindowDropTwo: two recordings dropped together are compared, the
// first by name as A; one dropped then replaces B.
func TestWindowDropTwo(t *testing.T) {
	g, _ := demo(t)
	a := g.App()
	g.openFS(fstest.MapFS{"ref.log": {Data: testrec.Bytes(30)}, "run2.log": {Data: testrec.Bytes(40)}})
	waitLoads(t, g)
	if rec, b := a.Recording(), a.CompareRecording(); rec == nil || b == nil || len(rec.Frames()) != 30 || len(b.Frames()) != 40 {
		t.Fatalf("after dropping two: A %v, B %v", rec, b)
	}
	g.openFS(fstest.MapFS{"run3.log": {Data: testrec.Bytes(50)}})
	waitLoads(t, g)
	if b := a.CompareRecording(); b == nil || len(b.Frames()) != 50 || !strings.Contains(a.Title(), "ref.log vs run3.log") {
		t.Errorf("a third run dropped: title %q", a.Title())
	}
}

// TestWindowCompareAllocs: a playing Update while comparing, with the
// ghosts, the strip and the panel's divergence line, allocates nothing.
func TestWindowCompareAllocs(t *testing.T) {
	g, sc := comparing(t) // following the hero: its panel shows
	sc.key(input.KeyL, false, false)
	sc.key(input.KeySpace, false, false)
	drain(t, g, sc)
	run(t, g, 200)
	if n := testing.AllocsPerRun(100, g.step); n != 0 {
		t.Errorf("a playing Update while comparing allocates %v times", n)
	}
	// B alone, its actor's panel, trails, fault marks and the plots of
	// both runs.
	sc.key(input.KeyB, false, false)
	sc.key(input.KeyB, false, false)
	drain(t, g, sc)
	run(t, g, 20)
	if g.App().Runs() != app.RunsB {
		t.Fatalf("runs %v, want B only", g.App().Runs())
	}
	if n := testing.AllocsPerRun(100, g.step); n != 0 {
		t.Errorf("a playing Update with B alone allocates %v times", n)
	}
}
