package scenedraw

import (
	"testing"

	"github.com/mm2carla/viewer/render/scenedraw/scenetest"
)

// TestElementHighlight: the map element the inspector shows is drawn
// highlighted, and only that one.
func TestElementHighlight(t *testing.T) {
	f := newFixture(t)
	r := f.renderer()
	g := &r.cache.roads[0]
	p := g.centre.fine()[len(g.centre.fine())/2]
	v := topView(p, 4)
	plain := build(r, v, nil, Options{Layers: Intersections})
	if countColor(plain, colHighlight) != 0 {
		t.Fatal("a highlight with no element chosen")
	}
	road := build(r, v, nil, Options{Layers: Intersections, Element: MapElement{Kind: ElementRoad, Index: 0}})
	if countColor(road, colHighlight) == 0 {
		t.Error("road 0 chosen but not highlighted")
	}
	other := build(r, v, nil, Options{Layers: Intersections, Element: MapElement{Kind: ElementRoad, Index: len(r.cache.roads) - 1}})
	if n := countColor(other, colHighlight); n != 0 && len(r.cache.roads) > 1 {
		// The last road is elsewhere in the city: its highlight, if any,
		// must not be on road 0.
		for _, vx := range other.Vertices() {
			if vx.Color == colHighlight {
				w, _ := v.GroundPoint(float64(vx.X), float64(vx.Y), p[2])
				if polyDistXY(w[0], w[1], g.centre.fine()) < 1 {
					t.Fatal("highlighting another road lit road 0")
				}
			}
		}
	}
	in := r.cache.inters[0]
	iv := topView(in.center, 4)
	lit := build(r, iv, nil, Options{Layers: Intersections, Element: MapElement{Kind: ElementIntersection, Index: 0}})
	if countColor(lit, brighten(colIntersection, 0.3)) == 0 {
		t.Error("intersection 0 chosen but not highlighted")
	}
}

// TestHovered: a hovered actor gets a ring and its label even when small.
func TestHovered(t *testing.T) {
	f := newFixture(t)
	r := f.renderer()
	st := f.state(t, 1)
	c := actorCenter(t, st, scenetest.BrakingID)
	opt := Options{Layers: Labels, Hovered: scenetest.BrakingID}
	dl := build(r, topView(c, 1), st, opt)
	if countColor(dl, colHover) == 0 {
		t.Error("no hover ring")
	}
	found := false
	for _, l := range dl.Labels() {
		if l.Text == "101 audi.a2" && l.Placed {
			found = true
		}
	}
	if !found {
		t.Error("the hovered car has no label from afar")
	}
}
