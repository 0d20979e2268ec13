package scenedraw

import (
	"github.com/mm2carla/viewer/analysis/faults"
	"math"
	"slices"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/mm2carla/viewer/render"
	"github.com/mm2carla/viewer/scene"
)

// TestLegendPinned: every legend text is placed, inside the legend panel,
// starting just right of a swatch of its entry's colour, and no two
// legend texts overlap, whatever the label placer would have chosen.
func TestLegendPinned(t *testing.T) {
	f := newFixture(t)
	st := f.state(t, 1)
	for _, scale := range []float64{1, 2} {
		r := f.renderer()
		face, err := LabelFace(scale)
		if err != nil {
			t.Fatal(err)
		}
		r.SetMeasurer(face)
		vp := render.Viewport{Width: 1280 * scale, Height: 720 * scale, Scale: scale}
		v := render.NewOrthoView(mgl64.Vec3{1e5, 0, 0}, 1, 100, vp) // nothing but the legend in view
		dl := render.NewDrawList()
		// A fault (out of view) shows the trail and fault column too.
		paths := &Paths{Faults: []faults.Fault{{Kind: faults.Collision}}, Current: -1}
		r.Build(dl, &v, st, Options{Layers: Legend, Paths: paths})
		panel := render.Rect{MinX: math.Inf(1), MinY: math.Inf(1), MaxX: math.Inf(-1), MaxY: math.Inf(-1)}
		for _, vx := range dl.Vertices() {
			if vx.Color == colPanel {
				x, y := float64(vx.X), float64(vx.Y)
				panel = render.Rect{MinX: min(panel.MinX, x), MinY: min(panel.MinY, y), MaxX: max(panel.MaxX, x), MaxY: max(panel.MaxY, y)}
			}
		}
		want, shaped := map[string]render.Color{}, map[string]bool{}
		for _, c := range legendColumns {
			if c.forNet {
				continue // the fixture's map is a BAI map
			}
			want[c.title] = colLegendTitle
			for _, e := range c.entries {
				want[e.text], shaped[e.text] = e.color, e.shaped
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
			// A fault kind's swatch is its mark's shape instead.
			found := false
			for _, vx := range dl.Vertices() {
				if vx.Color == col && (shaped[l.Text] || math.Abs(float64(vx.X)-(l.TextX-4*scale)) < 0.01) &&
					float64(vx.X) < l.TextX &&
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
	f := newFixture(t)
	st := f.state(t, 1)
	for _, tc := range []struct {
		w, h  float64
		shown bool
	}{{320, 200, false}, {640, 360, false}, {960, 540, true}, {1280, 720, true}, {1600, 400, false}} {
		r := f.renderer()
		r.SetMeasurer(face)
		v := render.NewOrthoView(mgl64.Vec3{1e5, 0, 0}, 1, 100, render.Viewport{Width: tc.w, Height: tc.h, Scale: 1})
		dl := render.NewDrawList()
		r.Build(dl, &v, st, Options{Layers: Legend})
		if shown := countColor(dl, colPanel) != 0; shown != tc.shown || shown != (len(dl.Labels()) != 0) {
			t.Errorf("%gx%g: legend shown %v (%d labels), want %v", tc.w, tc.h, shown, len(dl.Labels()), tc.shown)
		}
	}
}

// TestLegendColumnsFollowContent: the map's columns show with a map, the
// lights' and actors' with a recording, and nothing with neither.
func TestLegendColumnsFollowContent(t *testing.T) {
	f := newFixture(t)
	st := f.state(t, 1)
	titles := func(r *Renderer, st *scene.State) []string {
		v := render.NewOrthoView(mgl64.Vec3{1e5, 0, 0}, 1, 100, render.Viewport{Width: 1280, Height: 720, Scale: 1})
		dl := render.NewDrawList()
		r.Build(dl, &v, st, Options{Layers: Legend})
		var out []string
		for _, l := range dl.Labels() {
			if l.Color == colLegendTitle {
				out = append(out, l.Text)
			}
		}
		return out
	}
	noMap := New()
	net := New()
	net.SetRoads(netFromXODR(t, straightXODR))
	for _, tc := range []struct {
		name string
		r    *Renderer
		st   *scene.State
		want []string
	}{
		{"map and recording", f.renderer(), st, []string{"road end rule", "markings", "lights, events", "actors"}},
		{"map alone", f.renderer(), nil, []string{"road end rule", "markings"}},
		{"recording alone", noMap, st, []string{"lights, events", "actors"}},
		{"nothing", noMap, nil, nil},
		{"OpenDRIVE and recording", net, st, []string{"OpenDRIVE", "lights, events", "actors"}},
	} {
		if got := titles(tc.r, tc.st); !slices.Equal(got, tc.want) {
			t.Errorf("%s: legend columns %q, want %q", tc.name, got, tc.want)
		}
	}
}

// TestLegendGhostRow: the actors column ends with the ghosts' row, in
// their colour, only while a second run is drawn as ghosts.
func TestLegendGhostRow(t *testing.T) {
	f := newFixture(t)
	st := f.state(t, 1)
	face, err := LabelFace(1)
	if err != nil {
		t.Fatal(err)
	}
	for _, ghost := range []*scene.State{nil, st} {
		r := f.renderer()
		r.SetMeasurer(face)
		v := render.NewOrthoView(mgl64.Vec3{1e5, 0, 0}, 1, 100, render.Viewport{Width: 1280, Height: 720, Scale: 1})
		dl := render.NewDrawList()
		r.Build(dl, &v, st, Options{Layers: Legend, Ghost: ghost})
		found := false
		for _, l := range dl.Labels() {
			found = found || l.Text == ghostEntry.text
		}
		if found != (ghost != nil) {
			t.Errorf("ghost run %v: legend row %q shown %v", ghost != nil, ghostEntry.text, found)
		}
		if ghost != nil && countColor(dl, GhostColor) == 0 {
			t.Error("no swatch in the ghosts' colour")
		}
	}
}
