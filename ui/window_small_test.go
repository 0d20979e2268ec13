package ui

import (
	"bytes"
	"testing"

	"github.com/mm2carla/viewer/render/scenedraw"
	"github.com/mm2carla/viewer/ui/input"
)

// TestWindowSmallLegendAndFacts: in a 960x600 window the legend shows
// when 8 says so (it used to hide itself there), with the hero's own
// colour in it, and the followed actor's panel keeps its lane line
// before any plot (the plots took its room), its faults' lines whole.
func TestWindowSmallLegendAndFacts(t *testing.T) {
	g, sc := demo(t)
	g.Layout(960, 600)
	a := g.App()
	if a.LayerOn(input.LayerLegend) {
		sc.key(input.KeyDigit8, false, false) // collapsed
		sc.key(input.KeyDigit8, false, false) // hidden
	}
	sc.key(input.KeyDigit8, false, false) // shown whole
	sc.key(input.KeyTab, false, false)
	drain(t, g, sc)
	run(t, g, 3)
	if !a.LayerOn(input.LayerLegend) || a.LegendShort() {
		t.Fatalf("legend on %v collapsed %v after 8", a.LayerOn(input.LayerLegend), a.LegendShort())
	}
	x0, y0, x1, y1, ok := a.LegendBox()
	if !ok || x0 < 0 || x1 > g.lay.view.x1 || y1 > g.lay.view.y1 {
		t.Fatalf("legend %v,%v..%v,%v (%v) not inside the view %+v", x0, y0, x1, y1, ok, g.lay.view)
	}
	img := shot(t, g, "small-legend")
	if n := countNear(img, irect(rect{x0, y0, x1, y1}), 2, rgb(scenedraw.HeroColor)); n < 20 {
		t.Errorf("the legend has %d pixels of the hero's colour", n)
	}
	if a.Following() == 0 {
		t.Fatal("Tab followed no one")
	}
	lines := a.ActorPanel()
	b := g.pan.actor
	shown := map[string]bool{}
	for row := range b.n {
		i := row
		if row > 0 {
			i = b.first + row - 1
		}
		if l := lines.Line(i); bytes.IndexByte(l, '\t') > 0 {
			shown[string(l[:bytes.IndexByte(l, '\t')])] = true
		}
	}
	for i := range lines.Len() {
		l := lines.Line(i)
		k := bytes.IndexByte(l, '\t')
		if k <= 0 {
			continue
		}
		if label := string(l[:k]); (label == "lane" || label == "ahead" || label == "faults" || label == "speed") && !shown[label] {
			t.Errorf("960x600: the %q line is not shown (%d rows from line %d, %d more)", label, b.n, b.first, b.more)
		}
	}
	// The faults' lines fit the value column whole (the other actor of
	// a collision ran past it).
	room := b.r.w() - 2*g.lay.px(panelPad) - g.lay.px(labelColumn)
	inFaults, nFaults := false, 0
	for i := range lines.Len() {
		l := lines.Line(i)
		k := bytes.IndexByte(l, '\t')
		if k < 0 {
			continue
		}
		if k > 0 {
			label := string(l[:k])
			inFaults = label == "faults" || label == "lights" // the lights ran past it too
		}
		if inFaults {
			nFaults++
			if w := g.fonts.rRegular.widthBytes(l[k+1:]); w > room {
				t.Errorf("960x600: faults or lights line %q is %.0f px wide in %.0f", l[k+1:], w, room)
			}
		}
	}
	if nFaults == 0 {
		t.Errorf("the followed actor's panel lists no faults:\n%s", lines)
	}
	if b.r.y1 > g.lay.view.y1 || (g.pan.plotRows > 0 && g.pan.plots.y1 > g.lay.view.y1) {
		t.Errorf("the actor panel %+v or its plots %+v run under the timeline", b.r, g.pan.plots)
	}
}
