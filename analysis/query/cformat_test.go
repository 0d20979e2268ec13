package query

import (
	"math"
	"testing"
)

// The wants were printed by g++ 12 (libstdc++, glibc) with a default
// std::ostream, and with std::fixed << std::setprecision(0).
func TestFormatG(t *testing.T) {
	for _, c := range []struct {
		in   float64
		want string
	}{
		{0, "0"},
		{0.05, "0.05"},
		{1e-05, "1e-05"},
		{123456, "123456"},
		{1234567, "1.23457e+06"},
		{math.Copysign(0, -1), "-0"},
		{15.880899902343749, "15.8809"},
		{0.0001, "0.0001"},
		{1.234e-05, "1.234e-05"},
		{1e6, "1e+06"},
		{100, "100"},
		{1234565, "1.23456e+06"}, // a tie: to even
		{1234575, "1.23458e+06"},
		{999999.5, "1e+06"},
		{0.000123456789, "0.000123457"},
		{1e100, "1e+100"},
		{-1.5, "-1.5"},
		{542.48101806640625, "542.481"},
		{float64(float32(0.1)), "0.1"},
		{4236.740234375, "4236.74"},
		{1e-300, "1e-300"},
		{5e-324, "4.94066e-324"},
		{123456.5, "123456"},
		{0.1 + 0.2, "0.3"},
		{-123.456789, "-123.457"},
		{9.9999949999, "9.99999"},
		{99999.95, "99999.9"},
		{math.NaN(), "nan"},
		{math.Copysign(math.NaN(), -1), "-nan"},
		{math.Inf(1), "inf"},
		{math.Inf(-1), "-inf"},
	} {
		if got := formatG(c.in); got != c.want {
			t.Errorf("formatG(%v) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestFixed0(t *testing.T) {
	for _, c := range []struct {
		in   float64
		want string
	}{
		{0.5, "0"}, {1.5, "2"}, {2.5, "2"}, {-0.4, "-0"}, {12.05, "12"},
		{39.99, "40"}, {1e10, "10000000000"}, {0.49999999999999994, "0"},
		{math.NaN(), "nan"}, {math.Inf(1), "inf"},
	} {
		if got := string(appendFixed0(nil, c.in)); got != c.want {
			t.Errorf("fixed0(%v) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestColumns(t *testing.T) {
	if got := string(appendRight(nil, "Id", 6)); got != "    Id" {
		t.Errorf("right = %q", got)
	}
	if got := string(appendLeft(nil, "Actor", 8)); got != "Actor   " {
		t.Errorf("left = %q", got)
	}
	if got := string(appendRight(nil, "1234567", 6)); got != "1234567" {
		t.Errorf("a long field is cut: %q", got)
	}
}

func TestSnake(t *testing.T) {
	for in, want := range map[string]string{
		"MaxRPM": "max_rpm", "LightID": "light_id", "UID": "uid", "MOI": "moi",
		"X": "x", "TrafficLightStates": "traffic_light_states", "KinematicsList": "kinematics_list",
		"DampingZeroThrottleClutchEngaged": "damping_zero_throttle_clutch_engaged",
		"WireID":                           "wire_id", "CenterOfMass": "center_of_mass", "HasPosition": "has_position",
	} {
		if got := snake(in); got != want {
			t.Errorf("snake(%q) = %q, want %q", in, got, want)
		}
	}
}
