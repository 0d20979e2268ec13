package scenedraw

import (
	"math"
	"testing"

	"github.com/mm2carla/viewer/render"
)

// TestLegendPinned: every legend text is placed, inside the legend panel,
// starting just right of a swatch of its entry's colour, and no two
// legend texts overlap, whatever the label placer would have chosen.
func TestLegendPinned(t *testing.T) {
	for _, scale := range []float64{1, 2} {
		r := New()
		face, err := LabelFace(scale)
		if err != nil {
			t.Fatal(err)
		}
		r.SetMeasurer(face)
		vp := render.Viewport{Width: 1280 * scale, Height: 720 * scale, Scale: scale}
		v := render.NewOrthoView(render.Vec3{}, 1, 100, vp)
		dl := render.NewDrawList()
		r.Build(dl, &v, nil, Options{Layers: Legend})
		panel := render.Rect{MinX: math.Inf(1), MinY: math.Inf(1), MaxX: math.Inf(-1), MaxY: math.Inf(-1)}
		for _, vx := range dl.Vertices() {
			if vx.Color == colPanel {
				x, y := float64(vx.X), float64(vx.Y)
				panel = render.Rect{MinX: min(panel.MinX, x), MinY: min(panel.MinY, y), MaxX: max(panel.MaxX, x), MaxY: max(panel.MaxY, y)}
			}
		}
		want := map[string]render.Color{}
		for _, c := range legendColumns {
			want[c.title] = colLegendTitle
			for _, e := range c.entries {
				want[e.text] = e.color
			}
		}
		labels := dl.Labels()
		if len(labels) != len(want) {
			t.Fatalf("scale %g: %d labels, want %d", scale, len(labels), len(want))
		}
		for i, l := range labels {
			col, ok := want[l.Text]
			if !ok || !l.Placed {
				t.Errorf("scale %g: label %q unexpected or not placed", scale, l.Text)
				continue
			}
			if l.Box.MinX < panel.MinX || l.Box.MaxX > panel.MaxX || l.Box.MinY < panel.MinY || l.Box.MaxY > panel.MaxY {
				t.Errorf("scale %g: %q box %+v outside the panel %+v", scale, l.Text, l.Box, panel)
			}
			for _, m := range labels[i+1:] {
				if l.Box.Overlaps(m.Box) {
					t.Errorf("scale %g: %q overlaps %q", scale, l.Text, m.Text)
				}
			}
			if col == colLegendTitle {
				continue
			}
			// The swatch: a square of the entry's colour ending 4 px
			// (logical) left of the text, vertically within its box.
			found := false
			for _, vx := range dl.Vertices() {
				if vx.Color == col && math.Abs(float64(vx.X)-(l.TextX-4*scale)) < 0.01 &&
					float64(vx.Y) >= l.Box.MinY && float64(vx.Y) <= l.Box.MaxY {
					found = true
				}
			}
			if !found {
				t.Errorf("scale %g: no %v swatch just left of %q", scale, col, l.Text)
			}
		}
	}
}

// TestLegendHiddenWhenSmall: a small viewport gets no legend rather than
// one covering the scene.
func TestLegendHiddenWhenSmall(t *testing.T) {
	face, err := LabelFace(1)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		w, h  float64
		shown bool
	}{{320, 200, false}, {640, 360, false}, {960, 540, true}, {1280, 720, true}, {1600, 400, false}} {
		r := New()
		r.SetMeasurer(face)
		v := render.NewOrthoView(render.Vec3{}, 1, 100, render.Viewport{Width: tc.w, Height: tc.h, Scale: 1})
		dl := render.NewDrawList()
		r.Build(dl, &v, nil, Options{Layers: Legend})
		if shown := countColor(dl, colPanel) != 0; shown != tc.shown || shown != (len(dl.Labels()) != 0) {
			t.Errorf("%gx%g: legend shown %v (%d labels), want %v", tc.w, tc.h, shown, len(dl.Labels()), tc.shown)
		}
	}
}
