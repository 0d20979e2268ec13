package ui

import "testing"

func TestRoomForPanel(t *testing.T) {
	for _, tc := range []struct {
		top, bottom float64
		want        bool
	}{
		{600, 700, true},  // 100 px: title, lines
		{660, 700, true},  // 40 px: 2*6 + 2*14
		{661, 700, false}, // a pixel short of a title and a line
		{720, 700, false}, // below the bottom: it would spill over the timeline
	} {
		if got := roomForPanel(tc.top, tc.bottom, 6, 14); got != tc.want {
			t.Errorf("roomForPanel(%v, %v) = %v, want %v", tc.top, tc.bottom, got, tc.want)
		}
	}
}
