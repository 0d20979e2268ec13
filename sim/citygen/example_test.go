package citygen_test

import (
	"bytes"
	"fmt"
	"log"

	"github.com/mm2carla/viewer/format/bai"
	"github.com/mm2carla/viewer/sim/citygen"
)

// Generate the demo city and look at one road: side B drives from its
// start to its end on the right of the centre line (+XAxis), side A the
// other way, with its curves stored from the end back to the start.
func Example() {
	m, err := citygen.Generate(citygen.Default())
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(len(m.Intersections), "intersections,", len(m.Roads), "roads")

	r := &m.Roads[0]
	n := r.Sections()
	fmt.Printf("road 0 runs %v -> %v, lanes: side A %d, side B %d\n", r.Origin[0], r.Origin[n-1], r.SideA.NumLanes, r.SideB.NumLanes)
	fmt.Printf("side B lane 0 starts at %v\n", r.SideB.Lanes()[0][0])
	fmt.Printf("side A lane 0 starts at %v\n", r.SideA.Lanes()[0][0])

	var file bytes.Buffer
	if err := bai.Encode(&file, m); err != nil {
		log.Fatal(err)
	}
	fmt.Println("CAI1 file of", file.Len(), "bytes")
	// Output:
	// 42 intersections, 79 roads
	// road 0 runs {11.5 0 0} -> {70.25 0 0}, lanes: side A 1, side B 1
	// side B lane 0 starts at {11.5 0 1.75}
	// side A lane 0 starts at {70.25 0 -1.75}
	// CAI1 file of 120206 bytes
}
