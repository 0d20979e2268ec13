package render

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

func TestGridLines(t *testing.T) {
	for _, tt := range []struct {
		i0, i1 float64
		max    int
		want   int
	}{
		{-3, 3, 201, 7},
		{5, 5, 201, 1},
		{6, 5, 201, 0},        // nothing in view
		{-500, 500, 201, 202}, // beyond the cap
		{math.NaN(), 3, 201, 0},
		{1e28, 1e28 + 1e13, 201, 0}, // a step of one does not move
		{-math.MaxFloat64, math.MaxFloat64, 201, 0},
		{0, math.Inf(1), 201, 0},
	} {
		if got := gridLines(tt.i0, tt.i1, tt.max); got != tt.want {
			t.Errorf("gridLines(%g, %g, %d) = %d, want %d", tt.i0, tt.i1, tt.max, got, tt.want)
		}
	}
}

// TestGridFarAway: a grid around a point 10^28 m away (a hostile
// recording's actor) is drawn in bounded time, as none, where the loop
// over line indices used to spin for ever; near the origin it has lines.
func TestGridFarAway(t *testing.T) {
	vp := Viewport{Width: 640, Height: 480, Scale: 1}
	for _, tt := range []struct {
		at    mgl64.Vec3
		lines bool
	}{
		{mgl64.Vec3{}, true},
		{mgl64.Vec3{1e28, -1e28, 0}, false},
		{mgl64.Vec3{3e38, 3e38, 0}, false},
	} {
		c := OrbitCamera{Target: tt.at, Distance: 50, Pitch: 40 * deg}
		v := c.View(vp)
		dl := NewDrawList()
		dl.Reset(&v)
		dl.Grid(tt.at, GridStyle{Color: RGB(80, 80, 80)})
		if got := dl.TriangleCount() > 0; got != tt.lines {
			t.Errorf("grid at %v: %d triangles", tt.at, dl.TriangleCount())
		}
	}
}
