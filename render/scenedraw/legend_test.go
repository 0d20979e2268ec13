package scenedraw

import (
	"math"
	"slices"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/mm2carla/viewer/render"
	"github.com/mm2carla/viewer/scene"
)

// framedView frames the fixture's map and st in vp, as F does.
func framedView(r *Renderer, st *scene.State, vp render.Viewport) render.View {
	var cam render.TopDownCamera
	cam.FrameAll(r.Bounds(st), vp)
	return cam.View(vp)
}

// farView looks at nothing: only the legend is drawn.
func farView(vp render.Viewport) render.View {
	return render.NewOrthoView(mgl64.Vec3{1e5, 0, 0}, 1, 100, vp)
}

// legendRows returns the legend's texts by column title, in order.
func legendRows(dl *render.DrawList) (titles []string, rows []string) {
	for _, l := range dl.Labels() {
		if l.Reserve { // the panel's own rectangle, kept free of labels
			continue
		}
		if l.Color == colLegendTitle {
			titles = append(titles, l.Text)
		} else {
			rows = append(rows, l.Text)
		}
	}
	return titles, rows
}

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
		v := framedView(r, st, vp)
		dl := render.NewDrawList()
		r.Build(dl, &v, st, Options{Layers: Legend | Lights})
		panel := render.Rect{MinX: math.Inf(1), MinY: math.Inf(1), MaxX: math.Inf(-1), MaxY: math.Inf(-1)}
		for _, vx := range dl.Vertices() {
			if vx.Color == colPanel {
				x, y := float64(vx.X), float64(vx.Y)
				panel = render.Rect{MinX: min(panel.MinX, x), MinY: min(panel.MinY, y), MaxX: max(panel.MaxX, x), MaxY: max(panel.MaxY, y)}
			}
		}
		want, shaped := map[string]render.Color{}, map[string]bool{}
		for _, c := range legendColumns {
			want[c.title] = colLegendTitle
			for _, e := range c.entries {
				want[e.text], shaped[e.text] = e.color, e.shaped
			}
		}
		var labels []render.Label
		for _, l := range dl.Labels() {
			if !l.Reserve { // the panel's own rectangle
				labels = append(labels, l)
			}
		}
		if len(labels) < 4 {
			t.Fatalf("scale %g: %d legend labels", scale, len(labels))
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

// TestLegendListsWhatShows: the legend lists the actor kinds and light
// states the frame drew, and nothing of the recording when none of it is
// in view; the map's columns are listed with the map.
func TestLegendListsWhatShows(t *testing.T) {
	f := newFixture(t)
	st := f.state(t, 1)
	vp := render.Viewport{Width: 1280, Height: 720, Scale: 1}
	kinds := map[string]bool{}
	hero := false
	for i := range st.Actors {
		a := &st.Actors[i]
		hero = hero || a.Hero
		if !a.Hero {
			kinds[kindColorName(a.Kind)] = true
		}
	}
	r := f.renderer()
	far := farView(vp)
	dl := render.NewDrawList()
	r.Build(dl, &far, st, Options{Layers: Legend | Lights})
	titles, rows := legendRows(dl)
	if len(titles) != 0 || len(rows) != 0 {
		t.Errorf("nothing in view: columns %q, rows %q; want none", titles, rows)
	}
	v := framedView(r, st, vp)
	dl = render.NewDrawList()
	r.Build(dl, &v, st, Options{Layers: Legend | Lights})
	titles, rows = legendRows(dl)
	// Framed whole, the lanes are too small to draw: not listed; the
	// stop lines are.
	if slices.Contains(titles, "markings") || !slices.Contains(titles, "road end rule") {
		t.Errorf("the whole map in view: columns %q, want road end rules and no lane markings", titles)
	}
	if !slices.Contains(titles, "actors") {
		t.Fatalf("the whole scene in view: columns %q, no actors", titles)
	}
	for _, c := range legendColumns {
		if c.title != "actors" {
			continue
		}
		for _, e := range c.entries {
			listed := slices.Contains(rows, e.text)
			switch {
			case e.key == legendHero && listed != hero:
				t.Errorf("hero listed %v, the state has a hero %v", listed, hero)
			case e.key != legendHero && listed && !kinds[e.text]:
				t.Errorf("%q listed, no such actor in the state (%v)", e.text, kinds)
			}
		}
	}
	if len(rows) >= 40 {
		t.Errorf("%d rows: not compact", len(rows))
	}
}

// kindColorName is the actors column's row text of kind k.
func kindColorName(k scene.Kind) string {
	for _, e := range legendColumns[4].entries {
		if e.key == legendKind0+legendKey(k) {
			return e.text
		}
	}
	return ""
}

// TestLegendAlwaysShown: a small or narrow viewport still gets its legend
// (its columns wrap), inside the viewport: the 8 key always shows it.
func TestLegendAlwaysShown(t *testing.T) {
	face, err := LabelFace(1)
	if err != nil {
		t.Fatal(err)
	}
	f := newFixture(t)
	st := f.state(t, 1)
	for _, sz := range [][2]float64{{320, 200}, {640, 360}, {960, 510}, {1280, 720}, {1600, 400}} {
		r := f.renderer()
		r.SetMeasurer(face)
		vp := render.Viewport{Width: sz[0], Height: sz[1], Scale: 1}
		v := framedView(r, st, vp)
		dl := render.NewDrawList()
		r.Build(dl, &v, st, Options{Layers: Legend | Lights})
		if countColor(dl, colPanel) == 0 || len(dl.Labels()) == 0 {
			t.Errorf("%gx%g: no legend", sz[0], sz[1])
			continue
		}
		b, ok := r.LegendRect(vp, st)
		if !ok || b.MinX < 0 || b.MaxX > vp.Width {
			t.Errorf("%gx%g: legend %+v (%v) not inside the viewport", sz[0], sz[1], b, ok)
		}
		if sz[1] >= 360 && b.MaxY-b.MinY > legendMaxH*vp.Height {
			t.Errorf("%gx%g: legend %v px tall: not collapsed to fit", sz[0], sz[1], b.MaxY-b.MinY)
		}
	}
}

// TestLegendGhostRow: the actors column lists the ghosts' row, in their
// colour, only while a second run is drawn as ghosts.
func TestLegendGhostRow(t *testing.T) {
	f := newFixture(t)
	st := f.state(t, 1)
	face, err := LabelFace(1)
	if err != nil {
		t.Fatal(err)
	}
	moved := f.state(t, 1)
	for i := range moved.Actors {
		moved.Actors[i].World.Location[0] += 30 // apart from run A: drawn at any zoom
	}
	for _, ghost := range []*scene.State{nil, moved} {
		r := f.renderer()
		r.SetMeasurer(face)
		vp := render.Viewport{Width: 1280, Height: 720, Scale: 1}
		v := framedView(r, st, vp)
		dl := render.NewDrawList()
		r.Build(dl, &v, st, Options{Layers: Legend, Ghost: ghost})
		_, rows := legendRows(dl)
		if found := slices.Contains(rows, "run B (ghost)"); found != (ghost != nil) {
			t.Errorf("ghost run %v: legend row shown %v", ghost != nil, found)
		}
	}
}

// hue is c's hue in degrees.
func hue(c render.Color) float64 {
	r, g, b := float64(c.R), float64(c.G), float64(c.B)
	mx, mn := max(r, g, b), min(r, g, b)
	if mx-mn < 1e-6 {
		return -1 // a grey
	}
	var h float64
	switch mx {
	case r:
		h = math.Mod((g-b)/(mx-mn), 6)
	case g:
		h = (b-r)/(mx-mn) + 2
	default:
		h = (r-g)/(mx-mn) + 4
	}
	return math.Mod(h*60+360, 360)
}

// TestHeroColorUnique: no other colour the scene paints with meaning (the
// legend's, the flat palette's, the trail's, the fault marks') is within
// 30 degrees of the hero's hue: the hero is never read as a yellow light
// or a 30-50 km/h trail.
func TestHeroColorUnique(t *testing.T) {
	others := FlatColors()
	for _, c := range legendColumns {
		for _, e := range c.entries {
			if e.key != legendHero {
				others = append(others, e.color)
			}
		}
	}
	others = append(others, speedColors[:]...)
	others = append(others, GhostColor, colMarkYellow, colMarkWhite, colArrow)
	hh := hue(colHero)
	for _, c := range others {
		if c == colHero {
			continue
		}
		h := hue(c)
		if h < 0 || max(c.R, c.G, c.B)-min(c.R, c.G, c.B) < 0.25 {
			continue // greys and near-greys are not mistaken for a hue
		}
		d := math.Abs(h - hh)
		d = min(d, 360-d)
		if d < 30 {
			t.Errorf("colour %v (hue %.0f) is %.0f degrees from the hero's (hue %.0f)", c, h, d, hh)
		}
	}
	n := 0
	for _, c := range FlatColors() {
		if c == colHero {
			n++
		}
	}
	if n != 1 {
		t.Errorf("the hero's colour is %d times in the palette, want once", n)
	}
}

// TestLegendShort: collapsed, the legend keeps a row a column (its title
// and its swatches, no row texts) in a smaller panel.
func TestLegendShort(t *testing.T) {
	f := newFixture(t)
	st := f.state(t, 1)
	vp := render.Viewport{Width: 1280, Height: 720, Scale: 1}
	r := f.renderer()
	v := framedView(r, st, vp)
	dl := render.NewDrawList()
	r.Build(dl, &v, st, Options{Layers: Legend | Lights})
	full, _ := r.LegendRect(vp, st)
	fullTitles, _ := legendRows(dl)
	dl = render.NewDrawList()
	r.Build(dl, &v, st, Options{Layers: Legend | Lights, LegendShort: true})
	short, ok := r.LegendRect(vp, st)
	titles, rows := legendRows(dl)
	if !ok || !slices.Equal(titles, fullTitles) || len(rows) != 0 {
		t.Errorf("collapsed: columns %q (full %q), row texts %q", titles, fullTitles, rows)
	}
	if short.MaxY-short.MinY >= full.MaxY-full.MinY || short.MaxX-short.MinX > full.MaxX-full.MinX {
		t.Errorf("collapsed legend %+v not smaller than %+v", short, full)
	}
	if countColor(dl, colHero) == 0 {
		t.Error("no hero swatch in the collapsed legend")
	}
}
