package lanes

import (
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// TestLaneLessRoadInJunction: on Town03 a car park's mouth (road 83,
// parking lanes and lanes of type none only) lies across a junction's
// ways along the top street, and a stub road (69) touches junction 793
// without any of its ways leading to it, while a turn through the
// junction crosses its first metres: a car crossing either is in the
// junction, while beyond the junction both stay roads.
func TestLaneLessRoadInJunction(t *testing.T) {
	_, _, o := carlaTown(t, "towns/Town03.xodr")
	for _, tc := range []struct {
		p    mgl64.Vec3
		want Place
	}{
		{mgl64.Vec3{155, 200.9, 0}, InIntersection},   // a way through the junction, on the mouth
		{mgl64.Vec3{153, 210, 0}, OnRoad},             // the car park, beyond the junction
		{mgl64.Vec3{-148.9, -3.9, 0}, InIntersection}, // a turn through junction 793 over the stub road 69, joined to none of its ways
		{mgl64.Vec3{-155, 0, 0}, OnRoad},              // the stub itself, beyond the junction
	} {
		loc := o.Locate(tc.p)
		if loc.Place != tc.want {
			t.Errorf("Locate(%v) = %+v, want place %v", tc.p, loc, tc.want)
		}
	}
}
