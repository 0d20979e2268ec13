package playback

import (
	"math"
	"testing"
)

func TestTimelineMapping(t *testing.T) {
	tl := Timeline{X: 100, Width: 800, Start: 2, End: 12}
	for _, tc := range []struct {
		t, x float64
	}{
		{2, 100}, {12, 900}, {7, 500}, {4.5, 300},
	} {
		if got := tl.XAt(tc.t); got != tc.x {
			t.Errorf("XAt(%v) = %v, want %v", tc.t, got, tc.x)
		}
		if got := tl.TimeAt(tc.x); got != tc.t {
			t.Errorf("TimeAt(%v) = %v, want %v", tc.x, got, tc.t)
		}
	}
	for _, tc := range []struct {
		name string
		got  float64
		want float64
	}{
		{"XAt before start clamps", tl.XAt(-5), 100},
		{"XAt past end clamps", tl.XAt(50), 900},
		{"XAt NaN", tl.XAt(math.NaN()), 100},
		{"TimeAt left of bar clamps", tl.TimeAt(0), 2},
		{"TimeAt right of bar clamps", tl.TimeAt(2000), 12},
		{"TimeAt NaN", tl.TimeAt(math.NaN()), 2},
		{"zero width XAt", Timeline{X: 10, Start: 0, End: 5}.XAt(3), 10},
		{"zero width TimeAt", Timeline{X: 10, Start: 1, End: 5}.TimeAt(30), 1},
		{"empty span XAt", Timeline{X: 10, Width: 100, Start: 3, End: 3}.XAt(3), 10},
		{"empty span TimeAt", Timeline{X: 10, Width: 100, Start: 3, End: 3}.TimeAt(60), 3},
	} {
		if tc.got != tc.want {
			t.Errorf("%s: got %v, want %v", tc.name, tc.got, tc.want)
		}
	}
}

// TestTimelineRoundTrip: every pixel column maps to a time that maps back
// to that column, so a click puts the play head under the cursor.
func TestTimelineRoundTrip(t *testing.T) {
	tl := Timeline{X: 13, Width: 977, Start: 0, End: 15.8809}
	for x := 13.0; x <= 990; x++ {
		if got := tl.XAt(tl.TimeAt(x)); math.Abs(got-x) > 1e-9 {
			t.Fatalf("XAt(TimeAt(%v)) = %v", x, got)
		}
	}
}

func TestTickStep(t *testing.T) {
	for _, tc := range []struct {
		name       string
		tl         Timeline
		minSpacing float64
		want       float64
	}{
		{"15 s on 800 px, 60 px apart", Timeline{Width: 800, End: 15}, 60, 2},     // 53.3 px/s
		{"15 s on 800 px, 50 px apart", Timeline{Width: 800, End: 15}, 50, 1},     // 1 s = 53.3 px
		{"15 s on 1600 px, 10 px apart", Timeline{Width: 1600, End: 15}, 10, 0.1}, // 0.1 s = 10.7 px
		{"an hour on 1000 px", Timeline{Width: 1000, End: 3600}, 60, 300},         // 300 s = 83 px
		{"a minute on 1000 px", Timeline{Width: 1000, End: 60}, 80, 5},            // 5 s = 83 px
		{"tiny span picks the finest step", Timeline{Width: 1000, End: 0.1}, 50, 0.01},
		{"beyond an hour doubles", Timeline{Width: 100, End: 100000}, 50, 57600}, // 3600*16
		{"zero spacing means 1 px", Timeline{Width: 100, End: 100}, 0, 1},
		{"no width", Timeline{End: 10}, 50, 0},
		{"no span", Timeline{Width: 100, Start: 4, End: 4}, 50, 0},
		{"inverted span", Timeline{Width: 100, Start: 4, End: 2}, 50, 0},
	} {
		if got := tc.tl.TickStep(tc.minSpacing); got != tc.want {
			t.Errorf("%s: TickStep(%v) = %v, want %v", tc.name, tc.minSpacing, got, tc.want)
		}
	}
}

func collect(m TickMarks) []float64 {
	var ts []float64
	for i := range m.N {
		ts = append(ts, m.At(i))
	}
	return ts
}

func TestTicks(t *testing.T) {
	for _, tc := range []struct {
		name string
		tl   Timeline
		want []float64
	}{
		{"whole seconds including both ends", Timeline{Width: 400, Start: 0, End: 4}, []float64{0, 1, 2, 3, 4}},
		{"start between ticks", Timeline{Width: 400, Start: 0.5, End: 4.5}, []float64{1, 2, 3, 4}},
		{"tenths are the decimal values", Timeline{Width: 500, Start: 0.2, End: 0.7}, []float64{0.2, 0.3, 0.4, 0.5, 0.6, 0.7}},
		{"hundredths", Timeline{Width: 500, Start: 0, End: 0.05}, []float64{0, 0.01, 0.02, 0.03, 0.04, 0.05}},
		{"minutes", Timeline{Width: 500, Start: 0, End: 300}, []float64{0, 60, 120, 180, 240, 300}},
		{"degenerate has none", Timeline{Start: 0, End: 4}, nil},
	} {
		got := collect(tc.tl.Ticks(100))
		if !equalFloats(got, tc.want) {
			t.Errorf("%s: ticks %v, want %v", tc.name, got, tc.want)
		}
	}
}

func TestTickCountBounded(t *testing.T) {
	// A long recording on a wide bar with spacing 0: at most one tick per
	// pixel, never one per hundredth of a second.
	if n := (Timeline{Width: 2000, End: 36000}).Ticks(0).N; n == 0 || n > 2001 {
		t.Errorf("%d ticks on a 2000 px bar", n)
	}
}

func TestTicksNoAllocations(t *testing.T) {
	tl := Timeline{X: 10, Width: 800, End: 15.88}
	var buf [32]byte
	n := testing.AllocsPerRun(100, func() {
		m := tl.Ticks(60)
		for i := range m.N {
			_ = tl.XAt(m.At(i))
			_ = AppendTime(buf[:0], m.At(i), TickDecimals(m.Step))
		}
	})
	if n != 0 {
		t.Errorf("drawing the marks and labels allocates %v times, want 0", n)
	}
}

func TestTickDecimals(t *testing.T) {
	for _, tc := range []struct {
		step float64
		want int
	}{{0.01, 2}, {0.05, 2}, {0.1, 1}, {0.5, 1}, {1, 0}, {60, 0}, {0, 0}} {
		if got := TickDecimals(tc.step); got != tc.want {
			t.Errorf("TickDecimals(%v) = %d, want %d", tc.step, got, tc.want)
		}
	}
}
