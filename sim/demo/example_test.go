package demo_test

import (
	"bytes"
	"fmt"
	"log"

	"github.com/mm2carla/viewer/format/bai"
	"github.com/mm2carla/viewer/format/recorder"
	"github.com/mm2carla/viewer/sim/demo"
)

// Build makes a city and half a minute of traffic on it; both decode with
// the project's own readers.
func ExampleBuild() {
	mapBytes, logBytes, sum, err := demo.Build(demo.City(demo.DefaultSeed), demo.Options{Seed: demo.DefaultSeed, Minutes: 0.5})
	if err != nil {
		log.Fatal(err)
	}
	m, err := bai.DecodeBytes(mapBytes)
	if err != nil {
		log.Fatal(err)
	}
	rd, err := recorder.NewReader(bytes.NewReader(logBytes))
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("map: %d roads, %d intersections\n", len(m.Roads), len(m.Intersections))
	fmt.Printf("recording of %q: %d frames, %g s\n", rd.Header().Map, sum.Frames, sum.Duration)
	fmt.Println("at least 40 vehicles and 30 walkers:", sum.MinVehicles >= 40, sum.Walkers >= 30)
	// Output:
	// map: 79 roads, 42 intersections
	// recording of "Demo City": 601 frames, 30 s
	// at least 40 vehicles and 30 walkers: true true
}
