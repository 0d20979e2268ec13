package recorder_test

import (
	"bytes"
	"fmt"
	"io"
	"log"
	"os"

	"github.com/mm2carla/viewer/format/recorder"
)

// Example reads a recording packet by packet. The recording is made here
// with a Writer; a program would pass an *os.File (through bufio or not:
// the Reader buffers) to NewReader.
func Example() {
	var file bytes.Buffer
	w, err := recorder.NewWriter(&file, recorder.Header{Version: 1, Date: 1637671165, Map: "Town01"}, recorder.Layout{})
	if err != nil {
		log.Fatal(err)
	}
	for _, p := range []recorder.Packet{
		&recorder.FrameStart{Frame: 1, Duration: 0.05},
		&recorder.EventAdd{Actors: []recorder.ActorAdd{{ID: 7, Type: recorder.ActorVehicle,
			Description: "vehicle.tesla.model3", Attributes: []recorder.Attribute{{Type: recorder.AttrString, Key: "role_name", Value: "hero"}}}}},
		&recorder.Positions{Records: []recorder.Position{{ID: 7, Location: recorder.Vec3{X: 100, Y: 200, Z: 30}}}},
		&recorder.FrameEnd{},
		&recorder.FrameStart{Frame: 2, Duration: -1, Elapsed: 0.05},
		&recorder.Positions{Records: []recorder.Position{{ID: 7, Location: recorder.Vec3{X: 101.5, Y: 200, Z: 30}}}},
		&recorder.FrameEnd{},
	} {
		if err := w.Write(p); err != nil {
			log.Fatal(err)
		}
	}
	if err := w.Flush(); err != nil {
		log.Fatal(err)
	}

	r, err := recorder.NewReader(&file)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("map", r.Header().Map)
	for {
		p, err := r.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			log.Fatal(err) // a *recorder.FormatError names the byte offset
		}
		switch p := p.(type) {
		case *recorder.FrameStart:
			fmt.Printf("frame %d at %gs\n", p.Frame, p.Elapsed)
		case *recorder.EventAdd:
			for _, a := range p.Actors {
				fmt.Printf("  add %d %s\n", a.ID, a.Description)
			}
		case *recorder.Positions:
			for _, pos := range p.Records {
				fmt.Printf("  actor %d at %v cm\n", pos.ID, pos.Location)
			}
		}
	}
	// Output:
	// map Town01
	// frame 1 at 0s
	//   add 7 vehicle.tesla.model3
	//   actor 7 at {100 200 30} cm
	// frame 2 at 0.05s
	//   actor 7 at {101.5 200 30} cm
}

// ExampleBuildIndex indexes a file once, then decodes one frame on its own
// (as a timeline does when the user jumps).
func ExampleBuildIndex() {
	f, err := os.Open("recording.log")
	if err != nil {
		log.Fatal(err)
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		log.Fatal(err)
	}
	ix, err := recorder.BuildIndex(f, st.Size(), nil)
	if err != nil {
		log.Fatal(err)
	}
	if ix.Err != nil {
		log.Printf("using the %d complete frames: %v", len(ix.Frames), ix.Err)
	}
	mid := len(ix.Frames) / 2
	r := recorder.NewFrameReader(f, ix, mid, mid)
	for {
		p, err := r.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			log.Fatal(err)
		}
		if pos, ok := p.(*recorder.Positions); ok {
			fmt.Println(len(pos.Records), "actors moving at", ix.Frames[mid].Elapsed, "s")
		}
	}
}
