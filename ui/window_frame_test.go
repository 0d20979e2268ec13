package ui

import (
	"math"
	"testing"
	"time"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/mm2carla/viewer/internal/testrec"
	"github.com/mm2carla/viewer/render"
	"github.com/mm2carla/viewer/ui/input"
	"github.com/mm2carla/viewer/ui/loader"
	"github.com/mm2carla/viewer/ui/settings"
)

// TestWindowFirstFramingClearsLegend: in the top-down view (as remembered)
// the framing on load leaves the legend's corner free, as F does later:
// the legend lists only what a frame drew, so the first framing, before
// any frame, did not know it and put the map under it.
func TestWindowFirstFramingClearsLegend(t *testing.T) {
	sc := &script{}
	g, err := NewGame(Options{Sources: []loader.Source{demoMap(t), loader.BytesSource("run.log", testrec.Bytes(testFrames))},
		Input: sc, FixedStep: true, Settings: settings.Settings{TopDown: true}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(g.Close)
	g.Layout(1600, 1000)
	deadline := time.Now().Add(20 * time.Second)
	for run(t, g, 1); len(g.loads) > 0; run(t, g, 1) {
		if time.Now().After(deadline) {
			t.Fatal("files did not load")
		}
		time.Sleep(time.Millisecond)
	}
	run(t, g, 3)
	a := g.App()
	if !a.TopDown() {
		t.Fatal("the remembered top-down view is not on")
	}
	lo, hi := a.Map().Bounds()
	box := func() render.Rect {
		v := a.View()
		x0, y0, _, _ := v.WorldToScreen(mgl64.Vec3{lo[0], hi[1], lo[2]})
		x1, y1, _, _ := v.WorldToScreen(mgl64.Vec3{hi[0], lo[1], lo[2]})
		return render.Rect{MinX: min(x0, x1), MinY: min(y0, y1), MaxX: max(x0, x1), MaxY: max(y0, y1)}
	}
	first := box()
	lx0, ly0, lx1, ly1, ok := a.LegendBox()
	if !ok {
		t.Fatal("no legend drawn")
	}
	legend := render.Rect{MinX: lx0, MinY: ly0, MaxX: lx1, MaxY: ly1}
	if first.Overlaps(legend) {
		t.Errorf("the map framed on load, %+v, is under the legend, %+v", first, legend)
	}
	sc.key(input.KeyF, false, false)
	drain(t, g, sc)
	again := box()
	for _, d := range []float64{first.MinX - again.MinX, first.MinY - again.MinY, first.MaxX - again.MaxX, first.MaxY - again.MaxY} {
		if math.Abs(d) > 1 {
			t.Errorf("framed on load %+v, by F %+v: want the same", first, again)
			break
		}
	}
	shot(t, g, "first-framing")
}
