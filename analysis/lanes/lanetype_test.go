package lanes

import (
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/mm2carla/viewer/internal/drivetest"
)

// TestLocateLaneType: a point on the road is in the lane whose strip
// holds it; within TypeReach of a driving lane's curve, or anywhere in
// a driving lane, it is Driving.
func TestLocateLaneType(t *testing.T) {
	m := NewOpenDRIVE(drivetest.KerbNet())
	for _, tt := range []struct {
		y    float64
		want LaneType
	}{
		{-1.75, Driving}, {-2.6, Driving}, {-3.4, Driving}, {1.75, Driving}, {3.5, Driving},
		{-3.6, Biking}, {-4.25, Biking}, {-6.25, Parking}, {-7.4, Parking}, {-8, Shoulder},
		{-9.5, Sidewalk}, {8, Sidewalk},
	} {
		loc := m.Locate(mgl64.Vec3{50, tt.y, 0})
		if loc.Place != OnRoad || loc.Type != tt.want {
			t.Errorf("at t = %g: %v, type %v, want on a road in a %v lane", tt.y, loc.Place, loc.Type, tt.want)
		}
	}
}

func TestLaneTypeNames(t *testing.T) {
	for s, want := range map[string]LaneType{"driving": Driving, "parking": Parking, "Biking": Biking,
		"shoulder": Shoulder, "sidewalk": Sidewalk, "border": Border, "median": Median, "bidirectional": OtherLane,
		"none": OtherLane, "": OtherLane} {
		if got := laneTypeOf(s); got != want {
			t.Errorf("%q: %v, want %v", s, got, want)
		}
	}
	if Parking.String() != "parking" || OtherLane.String() != "other" || LaneType(99).String() != "other" {
		t.Errorf("names %v %v %v", Parking, OtherLane, LaneType(99))
	}
}
