package assets_test

import (
	"fmt"
	"log"

	"github.com/mm2carla/viewer/assets"
)

// The viewer calls Demo when it is opened with no file.
func ExampleDemo() {
	spec, err := assets.Spec()
	if err != nil {
		log.Fatal(err)
	}
	mapBytes, logBytes, err := assets.Demo()
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("%s: %g minutes of traffic, seed %d\n", spec.City.Name, spec.Minutes, spec.Seed)
	fmt.Println(string(mapBytes[:4]), len(logBytes) > 1<<20)
	// Output:
	// Demo City: 2 minutes of traffic, seed 1
	// CAI1 true
}
