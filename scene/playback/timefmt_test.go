package playback

import (
	"math"
	"testing"
)

func TestParseTime(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want float64
	}{
		{"0", 0},
		{"90.5", 90.5},
		{"12", 12},
		{".5", 0.5},
		{"5.", 5},
		{"1:30.5", 90.5},
		{"1:30", 90},
		{"0:07", 7},
		{"1:5", 65},
		{"90:00", 5400},
		{"1:02:03", 3723},
		{"1:02:03.25", 3723.25},
		{"0:0:0.5", 0.5},
		{"007", 7},
	} {
		got, err := ParseTime(tc.in)
		if err != nil || got != tc.want {
			t.Errorf("ParseTime(%q) = %v, %v; want %v", tc.in, got, err, tc.want)
		}
	}
}

func TestParseTimeRejects(t *testing.T) {
	for _, in := range []string{
		"", ".", ":", "1:", ":30", "1::2", "1:2:3:4",
		"1:60", "1:75.5", "1:60:00", "1:59:60",
		"1.5:30", "1:2.5:30", "1.2.3", "-5", "+5", "1e3", "inf", "NaN",
		"0x10", "1_000", " 5", "5 ", "1:3O",
		"1" + string(make([]byte, 400)),
	} {
		if got, err := ParseTime(in); err == nil {
			t.Errorf("ParseTime(%q) = %v, want an error", in, got)
		}
	}
	// Hundreds of digits overflow float64.
	big := "1"
	for range 400 {
		big += "0"
	}
	if got, err := ParseTime(big); err == nil {
		t.Errorf("ParseTime(10^400) = %v, want an error", got)
	}
}

func TestAppendTime(t *testing.T) {
	for _, tc := range []struct {
		t        float64
		decimals int
		want     string
	}{
		{0, 0, "0:00"},
		{0, 1, "0:00.0"},
		{7, 0, "0:07"},
		{90.5, 1, "1:30.5"},
		{90.5, 2, "1:30.50"},
		{90.25, 1, "1:30.3"}, // half rounds away from zero
		{59.96, 1, "1:00.0"}, // rounds before splitting: never 0:60.0
		{59.4, 0, "0:59"},
		{599.99, 3, "9:59.990"},
		{15.8809, 2, "0:15.88"},
		{3723.25, 2, "1:02:03.25"},
		{36000, 0, "10:00:00"},
		{0.05, 2, "0:00.05"},
		{-1.5, 1, "-0:01.5"},
		{-0.01, 1, "0:00.0"}, // rounds to zero: no "-0"
		{12, -3, "0:12"},     // decimals clamp to 0..3
		{12.34567, 9, "0:12.346"},
		{math.NaN(), 1, "-:--"},
		{math.Inf(1), 1, "-:--"},
		{1e300, 1, "-:--"},
	} {
		if got := FormatTime(tc.t, tc.decimals); got != tc.want {
			t.Errorf("FormatTime(%v, %d) = %q, want %q", tc.t, tc.decimals, got, tc.want)
		}
	}
	if got := string(AppendTime([]byte("t="), 1, 0)); got != "t=0:01" {
		t.Errorf("AppendTime kept prefix wrong: %q", got)
	}
}

// TestFormatParseRoundTrip: what the timeline shows can be typed back.
func TestFormatParseRoundTrip(t *testing.T) {
	for _, v := range []float64{0, 0.001, 0.5, 12.345, 59.999, 60, 90.5, 3599.5, 3600, 86399.999, 123456.789} {
		s := FormatTime(v, 3)
		got, err := ParseTime(s)
		if err != nil || math.Abs(got-v) > 0.0005+1e-9 {
			t.Errorf("ParseTime(FormatTime(%v)) = ParseTime(%q) = %v, %v", v, s, got, err)
		}
	}
}

// FuzzParseTime: no input panics; anything accepted is a finite,
// non-negative time that formats and parses back to itself (to the
// millisecond the format keeps).
func FuzzParseTime(f *testing.F) {
	for _, s := range []string{"90.5", "1:30.5", "1:02:03.25", ":", "1:60", "..", "9999999999999999999999"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		v, err := ParseTime(s)
		if err != nil {
			return
		}
		if !finite(v) || v < 0 {
			t.Fatalf("ParseTime(%q) = %v", s, v)
		}
		if v > 1<<40 {
			return // beyond what AppendTime prints with 3 decimals
		}
		back, err := ParseTime(FormatTime(v, 3))
		if err != nil || math.Abs(back-v) > 0.0005*(1+1e-9)+v*1e-15 {
			t.Fatalf("ParseTime(%q)=%v formats as %q which parses to %v, %v", s, v, FormatTime(v, 3), back, err)
		}
	})
}
