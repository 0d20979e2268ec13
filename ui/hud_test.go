package ui

import "testing"

// TestStatusFit: a status line too long for its room keeps the fields
// that fit whole, none cut in the middle; a first field too long is
// left for the drawing to cut.
func TestStatusFit(t *testing.T) {
	f, err := newFonts()
	if err != nil {
		t.Fatal(err)
	}
	line := []byte("Town05.xodr + traffic.log  |  recorded 2024-03-02 10:30 UTC  |  243 actors now  |  259 roads, 21 junctions")
	w := func(s string) float64 { return f.rRegular.width(s) }
	for _, tc := range []struct {
		room float64
		want string
	}{
		{w(string(line)), string(line)},
		{w(string(line)) - 1, "Town05.xodr + traffic.log  |  recorded 2024-03-02 10:30 UTC  |  243 actors now"},
		{w("Town05.xodr + traffic.log  |  recorded 2024-03-02 10:30 UTC  |  243 act"), "Town05.xodr + traffic.log  |  recorded 2024-03-02 10:30 UTC"},
		{w("Town05.xodr + traffic.log"), "Town05.xodr + traffic.log"},
		{w("Town05.xodr"), string(line)}, // the first field cut by the drawing
	} {
		if got := string(statusFit(line, f.rRegular, tc.room)); got != tc.want {
			t.Errorf("in %.0f px: %q, want %q", tc.room, got, tc.want)
		}
	}
	if n := testing.AllocsPerRun(10, func() { statusFit(line, f.rRegular, 300) }); n != 0 {
		t.Errorf("fitting allocates %v times", n)
	}
}
