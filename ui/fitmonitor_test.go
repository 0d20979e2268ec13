package ui

import "testing"

func TestFitMonitor(t *testing.T) {
	for _, tt := range []struct {
		w, h, mw, mh int
		wantW, wantH int
	}{
		{1280, 800, 1600, 1000, 1280, 800},  // fits
		{2400, 1350, 1600, 1000, 1472, 827}, // issue 26: remembered on a larger screen
		{1600, 1000, 1600, 1000, 1472, 920}, // the whole screen leaves no room for the title bar
		{1000, 3000, 1920, 1080, 480, 993},  // a tall one keeps its aspect down to the narrowest layout
		{1280, 800, 0, 0, 1280, 800},        // no monitor size known
		{4000, 3000, 300, 200, 480, 320},    // never below the smallest layout
	} {
		w, h := fitMonitor(tt.w, tt.h, tt.mw, tt.mh)
		if w != tt.wantW || h != tt.wantH {
			t.Errorf("fitMonitor(%dx%d on %dx%d) = %dx%d, want %dx%d", tt.w, tt.h, tt.mw, tt.mh, w, h, tt.wantW, tt.wantH)
		}
		if tt.mw > 0 && w > minWindowW && (w > tt.mw || h > tt.mh) {
			t.Errorf("%dx%d does not fit %dx%d", w, h, tt.mw, tt.mh)
		}
	}
}
