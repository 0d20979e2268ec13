package bai_test

import (
	"errors"
	"fmt"
	"io"
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

// A file cut short is refused with the byte offset of the field the data
// ends in, the place of that field in the map, and the counts that asked
// for the missing bytes; here the cut is early enough that the header's
// counts alone cannot fit either, which the message adds.
func ExampleDecodeBytes_truncated() {
	data, err := os.ReadFile("testdata/minimal.bai")
	if err != nil {
		log.Fatal(err)
	}
	_, err = bai.DecodeBytes(data[:280]) // cut inside side B's lane curve
	var fe *bai.FormatError
	if errors.As(err, &fe) {
		fmt.Println("offset:", fe.Offset)
		fmt.Println("where:", fe.Where)
		fmt.Println("truncated:", errors.Is(err, io.ErrUnexpectedEOF))
	}
	fmt.Println(err)
	// Output:
	// offset: 270
	// where: road 0, side B, lane curves
	// truncated: true
	// bai: byte 270 (road 0, side B, lane curves): data ends early: need 24 bytes here, only 10 remain (side counts at byte 196: 1 lanes, 1 sidewalks, 0 tram and 0 train rails, on a road of 2 sections); the header's 1 roads and 2 intersections alone need at least 456 bytes, only 272 follow it
}

// A damaged map still gives what could be read: here the file is cut
// inside its first intersection, so its one road comes back, whole, with
// the error; a viewer can draw it and show the error beside it.
func ExampleDecodeBytes_partial() {
	data, err := os.ReadFile("testdata/minimal.bai")
	if err != nil {
		log.Fatal(err)
	}
	m, err := bai.DecodeBytes(data[:580])
	fmt.Println(err)
	if m != nil {
		fmt.Printf("kept %d road (%d sections), %d intersections\n", len(m.Roads), m.Roads[0].Sections(), len(m.Intersections))
	}
	// Output:
	// bai: byte 570 (intersection 0): data ends early: need 18 bytes here, only 10 remain
	// kept 1 road (2 sections), 0 intersections
}
