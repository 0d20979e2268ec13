package scenedraw

import (
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/mm2carla/viewer/render"
)

// TestLayersSwitchGeometry turns each layer off in turn and checks that
// exactly its geometry disappears: a colour only that layer uses is drawn
// with the layer on and absent with it off, and the frame has fewer
// triangles.
func TestLayersSwitchGeometry(t *testing.T) {
	f := newFixture(t)
	r := f.renderer()
	c := r.cache
	var tramRoad, lightRoad = -1, -1
	for i := range c.roads {
		if len(c.roads[i].trams) > 0 && tramRoad < 0 {
			tramRoad = i
		}
		for _, s := range c.roads[i].stops {
			if s.light >= 0 && lightRoad < 0 {
				lightRoad = i
			}
		}
	}
	if tramRoad < 0 || lightRoad < 0 {
		t.Fatalf("test city lacks a tram road (%d) or a road with a light (%d)", tramRoad, lightRoad)
	}
	mid := func(i int) mgl64.Vec3 { p := c.roads[i].centre.fine(); return p[len(p)/2] }
	st := f.state(t, 0.5)
	// The legend only shows in a viewport it leaves room in.
	wideCam := render.TopDownCamera{Center: mid(0), PixelsPerMetre: 8}
	wideTop := wideCam.View(render.Viewport{Width: 1280, Height: 720, Scale: 1})
	tests := []struct {
		layer Layers
		view  render.View
		probe func(*render.DrawList) int
	}{
		{Lanes, topView(mid(0), 8), func(dl *render.DrawList) int { return countColor(dl, colSideA) + countColor(dl, colSideB) }},
		{Sidewalks, topView(mid(0), 8), func(dl *render.DrawList) int { return countColor(dl, colSidewalk) + countColor(dl, colKerb) }},
		{Rails, topView(mid(tramRoad), 8), func(dl *render.DrawList) int { return countColor(dl, colTram) }},
		{Intersections, topView(c.inters[0].center, 8), func(dl *render.DrawList) int { return countColor(dl, colIntersection) }},
		{Lights, orbitView(c.lights[0].origin, 40), func(dl *render.DrawList) int { return countColor(dl, colPole) }},
		{Grid, topView(mid(0), 8), func(dl *render.DrawList) int { return countColor(dl, colGrid) + countColor(dl, colGridMajor) }},
		{Legend, wideTop, func(dl *render.DrawList) int { return countColor(dl, colPanel) }},
		{Labels, topView(c.inters[0].center, 8), func(dl *render.DrawList) int { return len(dl.Labels()) }},
	}
	for _, tc := range tests {
		t.Run(tc.layer.String(), func(t *testing.T) {
			// The legend repeats the colours and the grid's scale bar has a
			// label: they are off unless under test.
			base := AllLayers&^(Legend|Grid) | tc.layer
			on := build(r, tc.view, st, Options{Layers: base})
			nOn, triOn := tc.probe(on), on.TriangleCount()
			off := build(r, tc.view, st, Options{Layers: base &^ tc.layer})
			nOff, triOff := tc.probe(off), off.TriangleCount()
			if nOn == 0 {
				t.Errorf("with %v on, none of its geometry is drawn", tc.layer)
			}
			if nOff != 0 {
				t.Errorf("with %v off, %d of its vertices/labels remain", tc.layer, nOff)
			}
			if tc.layer != Labels && triOff >= triOn {
				t.Errorf("turning %v off leaves %d triangles, was %d", tc.layer, triOff, triOn)
			}
		})
	}
}

// TestLaneColoursBySide checks that side A's lanes are drawn in side A's
// colour and side B's in B's: the vertices of each lane colour lie near
// a lane curve of that side.
func TestLaneColoursBySide(t *testing.T) {
	f := newFixture(t)
	r := f.renderer()
	g := &r.cache.roads[0]
	p := g.centre.fine()
	v := topView(p[len(p)/2], 10)
	dl := build(r, v, nil, Options{Layers: Lanes})
	checked := 0
	for _, vx := range dl.Vertices() {
		side := -1
		switch vx.Color {
		case colSideA:
			side = sideA
		case colSideB:
			side = sideB
		default:
			continue
		}
		w, ok := v.GroundPoint(float64(vx.X), float64(vx.Y), p[0][2])
		if !ok {
			t.Fatal("vertex off the ground")
		}
		best, bestSide := 1e9, -1
		for _, l := range g.lanes {
			if d := polyDistXY(w[0], w[1], l.c.fine()); d < best {
				best, bestSide = d, int(l.side)
			}
		}
		if best > arrowWidth && best < 1e9 {
			continue // a vertex of another road's lane
		}
		if bestSide != side {
			t.Fatalf("a vertex in side %c's colour lies on a side %c lane", "AB"[side], "AB"[bestSide])
		}
		checked++
	}
	if checked == 0 {
		t.Fatal("no lane vertex found")
	}
}

func TestParseLayerAndString(t *testing.T) {
	for i, n := range LayerNames() {
		l, ok := ParseLayer(n)
		if !ok || l != 1<<i || l.String() != n {
			t.Errorf("ParseLayer(%q) = %v, %v", n, l, ok)
		}
	}
	if l, ok := ParseLayer("LANES"); !ok || l != Lanes {
		t.Errorf("ParseLayer is not case-insensitive: %v %v", l, ok)
	}
	if _, ok := ParseLayer("roads"); ok {
		t.Error("ParseLayer accepted an unknown name")
	}
	if s := (Lanes | Grid).String(); s != "lanes,grid" {
		t.Errorf("String = %q", s)
	}
	if !AllLayers.Has(Lanes|Legend) || Layers(0).Has(Lanes) {
		t.Error("Has")
	}
}
