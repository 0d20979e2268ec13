package lanes_test

import (
	"bytes"
	"context"
	"fmt"
	"log"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/mm2carla/viewer/analysis/lanes"
	"github.com/mm2carla/viewer/internal/drivetest"
	"github.com/mm2carla/viewer/scene"
)

// Locate says where a point is: here 0.9 m to the left of a lane.
func ExampleBAI_Locate() {
	sm := scene.NewMap(drivetest.City())
	m := lanes.NewBAI(sm)
	r := drivetest.Through(sm)
	p, _ := drivetest.Lane(sm, r, true, 0).At(20, 0.9)
	loc := m.Locate(p)
	fmt.Printf("%v: road %d side %v lane %d, offset %+.2f m, %.1f m along\n",
		loc.Place, m.RoadID(loc.Road), loc.Lane.Lane.Side, loc.Lane.Lane.Lane, loc.Lane.Offset, loc.Along)
	end := lanes.EndAhead(m, loc.Lane.Lane)
	fmt.Printf("the lane drives into intersection %d (%v)\n", m.IntersectionID(end.Intersection), end.Rule)
	// Output:
	// on a road: road 0 side B lane 0, offset +0.90 m, 20.0 m along
	// the lane drives into intersection 1 (traffic light)
}

// Associate places every vehicle of a recording at every frame; a
// Track answers for one vehicle at any time.
func ExampleAssociate() {
	sm := scene.NewMap(drivetest.City())
	r := drivetest.Through(sm)
	lane := drivetest.Lane(sm, r, true, 1)
	script := drivetest.Script{Hz: 20, Seconds: 3, Vehicles: []drivetest.Vehicle{{ID: 7, Blueprint: "vehicle.audi.tt",
		Pose: func(t float64) (mgl64.Vec3, float64, bool) { p, yaw := lane.At(10+6*t, -0.4); return p, yaw, true }}}}
	data := script.Bytes()
	rec, err := scene.Open(bytes.NewReader(data), int64(len(data)), nil)
	if err != nil {
		log.Fatal(err)
	}
	a, err := lanes.Associate(context.Background(), rec, lanes.NewBAI(sm), nil)
	if err != nil {
		log.Fatal(err)
	}
	tr := a.TrackAt(7, 1.5)
	s := tr.At(tr.Index(1.5))
	fmt.Printf("%d samples; at %.2f s: lane %d, offset %+.2f m, heading error %.1f deg, %.1f m/s\n",
		tr.Len(), s.Time, s.Lane.Lane, s.Offset, s.HeadingError, s.Speed)
	// Output:
	// 61 samples; at 1.50 s: lane 1, offset -0.40 m, heading error 0.0 deg, 6.0 m/s
}
