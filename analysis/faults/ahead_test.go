package faults

import (
	"context"
	"math"
	"testing"

	"github.com/mm2carla/viewer/analysis/lanes"
	"github.com/mm2carla/viewer/internal/drivetest"
)

// TestAhead: in closing (car 2 at 12 m/s behind car 1 at 4 m/s in lane
// B0, 15.5 m between their 4.5 m boxes, braking to 4 m/s 6 m behind it),
// with car 3 in lane B1 beside them, car 1 is ahead of car 2 with the
// gap and time to collision of the frame; then the gap stays and does not
// close; nothing is ahead of car 1, and car 3's lane is not theirs.
func TestAhead(t *testing.T) {
	w := newWorld(t)
	vs := append(closing(w, 0), car(3, w.b1, steady(40, 4), false))
	rec := open(t, drivetest.Script{Hz: 20, Seconds: 6, Vehicles: vs}.Bytes())
	a, err := lanes.Associate(context.Background(), rec, w.m, nil)
	if err != nil {
		t.Fatal(err)
	}
	track := func(id uint32) int32 { return a.TracksOf(id)[0] }
	for _, tc := range []struct {
		frame    int
		gap, ttc float64
	}{
		{10, 20 + 4*0.5 - 12*0.5 - 4.5, (20 + 4*0.5 - 12*0.5 - 4.5) / 8}, // 0.5 s: 11.5 m closing at 8 m/s
		{60, 6, math.Inf(1)}, // 3 s: both at 4 m/s, 6 m apart
	} {
		ld, ok := Ahead(a, track(2), tc.frame, Defaults())
		if !ok || ld.ID != 1 || math.Abs(ld.Gap-tc.gap) > 0.01 ||
			!(math.IsInf(tc.ttc, 1) && math.IsInf(ld.TTC, 1) || math.Abs(ld.TTC-tc.ttc) < 0.01) {
			t.Errorf("frame %d: %+v, %v; want car 1 %.3f m ahead, %.3f s to collision", tc.frame, ld, ok, tc.gap, tc.ttc)
		}
	}
	if ld, ok := Ahead(a, track(1), 10, Defaults()); ok {
		t.Errorf("ahead of the first car: %+v", ld)
	}
	if ld, ok := Ahead(a, track(3), 10, Defaults()); ok {
		t.Errorf("ahead of car 3, alone in lane B1: %+v", ld)
	}
}
