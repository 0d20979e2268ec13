package lanes

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// city is n small boxes on a 1 km square, 4 m each.
func city(n int) []box {
	out := make([]box, n)
	for i := range out {
		x, y := float64(i%40)*25, float64(i/40)*25
		out[i] = box{x, y, x + 4, y + 4}
	}
	return out
}

// TestGridStrays: a grid over a city and a few strays (9,000 km away, a
// segment 10^7 m long, 10^30 m away, not a number) indexes the city at
// its own cell size and none of the strays; a second town 30 km away,
// a third of the boxes, is no stray; few boxes are all indexed.
func TestGridStrays(t *testing.T) {
	boxes := append(city(1000),
		box{9e6, 9e6, 9e6 + 4, 9e6 + 4},
		box{0, 0, 1e7, 4},
		box{1e30, 0, 1e30 + 4, 4},
		box{math.NaN(), 0, 4, 4})
	g := newGrid(boxes, 8)
	if g.size != 8 {
		t.Errorf("cell size %v m, want 8: the strays grew the cells", g.size)
	}
	for _, stray := range []int{1000, 1001, 1002, 1003} {
		for c := range g.nx * g.ny {
			for _, it := range g.items[g.start[c]:g.start[c+1]] {
				if int(it) == stray {
					t.Fatalf("stray %d is in cell %d", stray, c)
				}
			}
		}
	}
	if got := g.cell(mgl64.Vec3{502, 502, 0}); len(got) == 0 {
		t.Error("a point of the city finds no box")
	}
	if got := g.cell(mgl64.Vec3{9e6 + 2, 9e6 + 2, 0}); len(got) != 0 {
		t.Errorf("the stray's point finds %v", got)
	}

	two := city(1000)
	for _, b := range city(500) {
		two = append(two, box{b.x0 + 30e3, b.y0, b.x1 + 30e3, b.y1})
	}
	for i, ok := range indexable(two) {
		if !ok {
			t.Fatalf("box %d of two towns 30 km apart is a stray", i)
		}
	}
	few := append(city(50), box{9e6, 9e6, 9e6 + 4, 9e6 + 4})
	for i, ok := range indexable(few) {
		if !ok {
			t.Fatalf("box %d of %d is a stray", i, len(few))
		}
	}
}
