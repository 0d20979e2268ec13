package opendrive_test

import (
	"errors"
	"fmt"
	"io"
	"log"
	"os"
	"strings"

	"github.com/mm2carla/viewer/format/opendrive"
)

// Decode a network, ask where its first road goes and how wide a lane
// is, then sample it for drawing. testdata/small.xodr is a hand-written
// network of three roads: a straight into a quarter circle into a spiral,
// a road of parametric curves, and a connecting road in a junction.
func ExampleDecode() {
	f, err := os.Open("testdata/small.xodr")
	if err != nil {
		log.Fatal(err)
	}
	defer f.Close()
	m, err := opendrive.Decode(f)
	if err != nil {
		log.Fatal(err) // a *opendrive.FormatError names the line and the element
	}
	fmt.Printf("OpenDRIVE %d.%d: %d roads, %d junction\n", m.Header.RevMajor, m.Header.RevMinor, len(m.Roads), len(m.Junctions))

	r := &m.Roads[0]
	for _, g := range r.Geometry {
		end := g.End()
		fmt.Printf("%-6v to (%.3f, %.3f) heading %.3f\n", g.Kind, end.X, end.Y, end.Hdg)
	}
	s := 7.0
	sec := r.SectionAt(s)
	inner, outer, ok := r.LaneBorders(sec, s, 2)
	if !ok {
		log.Fatal("no lane 2 there")
	}
	fmt.Printf("at s=%g lane 2 is %.2f m wide, from t=%.2f to %.2f\n", s, r.LaneWidth(sec, s, 2), inner, outer)

	net, err := opendrive.Sample(m, opendrive.DefaultTolerance)
	if err != nil {
		log.Fatal(err)
	}
	l := net.Lanes[0]
	fmt.Printf("%d lane strips, %d road marks; road %s lane %d (%s) forward=%v has %d points\n",
		len(net.Lanes), len(net.Marks), m.Roads[l.Road].ID, l.Lane, l.Type, l.Forward, len(l.Center))
	// Output:
	// OpenDRIVE 1.6: 3 roads, 1 junction
	// line   to (10.000, 0.000) heading 0.000
	// arc    to (20.000, 10.000) heading 1.571
	// spiral to (8.130, 24.996) heading 2.571
	// at s=7 lane 2 is 2.20 m wide, from t=4.00 to 6.20
	// 10 lane strips, 5 road marks; road 1 lane 1 (driving) forward=false has 26 points
}

// A file cut short is refused with the line it ends on and the element it
// ends in; the roads read whole before the cut come back with the error.
func ExampleDecode_truncated() {
	data, err := os.ReadFile("testdata/small.xodr")
	if err != nil {
		log.Fatal(err)
	}
	cut := strings.Index(string(data), `<road name="Link"`) + 40
	m, err := opendrive.DecodeBytes(data[:cut])
	fmt.Println(err)
	fmt.Println("truncated:", errors.Is(err, io.ErrUnexpectedEOF))
	fmt.Printf("kept %d roads: %s, %s\n", len(m.Roads), m.Roads[0].Name, m.Roads[1].Name)
	// Output:
	// opendrive: line 139: the data ends inside an element (the file is cut short)
	// truncated: true
	// kept 2 roads: Bend, Curves
}
