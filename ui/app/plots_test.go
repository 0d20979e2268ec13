package app

import (
	"math"
	"testing"

	"github.com/mm2carla/viewer/ui/input"
)

func TestNiceCeil(t *testing.T) {
	for _, tc := range []struct{ in, want float64 }{
		{0.19, 0.2}, {0.5, 0.5}, {1, 1}, {1.8, 2}, {2.1, 2.5}, {3, 3}, {3.1, 4}, {7, 8}, {38, 40}, {67, 80}, {120, 150}, {170, 200},
	} {
		if got := NiceCeil(tc.in); math.Abs(got-tc.want) > 1e-9 {
			t.Errorf("NiceCeil(%v) = %v, want %v", tc.in, got, tc.want)
		}
	}
}

// TestPlotScale: each band is scaled to what its series reaches (a few
// degrees of heading error is not a flat line on ±180), the heading
// keeps ±180 once it reaches wrong-way, and a series without values
// keeps a finite band.
func TestPlotScale(t *testing.T) {
	for _, tc := range []struct {
		name           string
		lo, hi         [NumSeries]float64
		speed, off, hd float64
	}{
		{"lane keeping", [NumSeries]float64{0, -0.19, -3}, [NumSeries]float64{38, 0.12, 4.2}, 40, 0.5, 5},
		{"a drift", [NumSeries]float64{0, -1.8, -12}, [NumSeries]float64{67, 0.3, 20}, 80, 2, 20},
		{"wrong-way", [NumSeries]float64{0, -3, -178}, [NumSeries]float64{30, 3, 10}, 30, 3, 180},
		{"just under wrong-way", [NumSeries]float64{0, -1, -89}, [NumSeries]float64{5, 1, 2}, 10, 1, 100},
		{"no values", [NumSeries]float64{math.Inf(1), math.Inf(1), math.Inf(1)}, [NumSeries]float64{math.Inf(-1), math.Inf(-1), math.Inf(-1)}, 10, 0.5, 5},
	} {
		p := &Plot{Min: tc.lo, Max: tc.hi}
		p.scale()
		want := [NumSeries][2]float64{{0, tc.speed}, {-tc.off, tc.off}, {-tc.hd, tc.hd}}
		if tc.name == "just under wrong-way" {
			want[SeriesHeading] = [2]float64{-100, 100}
		}
		for s := range NumSeries {
			if p.Min[s] != want[s][0] || p.Max[s] != want[s][1] {
				t.Errorf("%s: %v spans %v..%v, want %v..%v", tc.name, s, p.Min[s], p.Max[s], want[s][0], want[s][1])
			}
		}
	}
}

// TestPlotValueAt: the value under the cursor is the track's at that
// time: the drifting vehicle is 1.8 m off its lane at 4 s and in it at
// 1 s, standing still reads 0 km/h.
func TestPlotValueAt(t *testing.T) {
	a := newFaulty(t)
	a.Apply(input.FindActor(1))
	p := a.Plot(300)
	if p.Width() == 0 {
		t.Fatal("no plot for actor 1")
	}
	if v, ok := p.ValueAt(SeriesOffset, 4); !ok || math.Abs(math.Abs(v)-1.8) > 0.3 {
		t.Errorf("offset at 4 s: %v, %v; want about 1.8 m", v, ok)
	}
	if v, ok := p.ValueAt(SeriesOffset, 1); !ok || math.Abs(v) > 0.3 {
		t.Errorf("offset at 1 s: %v, %v; want about 0", v, ok)
	}
	if _, ok := p.ValueAt(SeriesSpeed, 1e6); ok {
		t.Error("a value far past the track's end")
	}
	if got := string(SeriesOffset.AppendValue(nil, 1.8)); got != "+1.80 m" {
		t.Errorf("offset written %q", got)
	}
	if got := string(SeriesSpeed.AppendValue(nil, 12.34)); got != "12.3 km/h" {
		t.Errorf("speed written %q", got)
	}
}
