package bai_test

import (
	"fmt"
	"log"
	"os"

	"github.com/mm2carla/viewer/format/bai"
)

// Decode a map, look at a lane, and check it. testdata/minimal.bai is the
// smallest sensible map: one road of two sections between two
// intersections.
func ExampleDecode() {
	f, err := os.Open("testdata/minimal.bai")
	if err != nil {
		log.Fatal(err)
	}
	defer f.Close()
	m, err := bai.Decode(f)
	if err != nil {
		log.Fatal(err) // a *bai.FormatError names the byte offset and the place
	}
	r := &m.Roads[0]
	fmt.Printf("%d road, %d sections, %d intersections, %d culling rooms\n",
		len(m.Roads), r.Sections(), len(m.Intersections), len(m.Culling.Cars))
	lane := r.SideB.Lanes()[0] // side B drives start -> end
	fmt.Printf("side B lane 0 runs %v -> %v\n", lane[0], lane[len(lane)-1])
	fmt.Printf("start: intersection %d, %v\n", r.Start.Intersection, r.Start.Rule)
	fmt.Printf("problems: %d\n", len(bai.Validate(m)))
	// Output:
	// 1 road, 2 sections, 2 intersections, 2 culling rooms
	// side B lane 0 runs {0 0 2} -> {20 0 2}
	// start: intersection 0, traffic light
	// problems: 0
}
