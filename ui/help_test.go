package ui

import "testing"

func TestHelpLineHeight(t *testing.T) {
	for _, tc := range []struct {
		lh, lines, room, least, want float64
	}{
		{19, 30, 600, 14, 19}, // fits
		{19, 30, 570, 14, 19}, // just fits
		{19, 30, 540, 14, 18}, // closer
		{19, 30, 300, 14, 14}, // no closer than the text
		{19, 0, 100, 14, 19},  // nothing to fit
		{19, 30, -50, 0.5, 1}, // no room at all: still a pixel
	} {
		if got := helpLineHeight(tc.lh, tc.lines, tc.room, tc.least); got != tc.want {
			t.Errorf("helpLineHeight(%v, %v, %v, %v) = %v, want %v", tc.lh, tc.lines, tc.room, tc.least, got, tc.want)
		}
	}
}
