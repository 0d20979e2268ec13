package query_test

import (
	"bytes"
	"fmt"
	"os"
	"time"

	"github.com/mm2carla/viewer/analysis/query"
	"github.com/mm2carla/viewer/format/recorder"
)

// recording writes a two-frame recording in which a hero car hits a truck.
func recording() []byte {
	var b bytes.Buffer
	w, _ := recorder.NewWriter(&b, recorder.Header{Version: 1, Date: 1637676528, Map: "Town01"}, recorder.Layout{})
	for _, p := range []recorder.Packet{
		&recorder.FrameStart{Frame: 1, Duration: 0.05, Elapsed: 0},
		&recorder.EventAdd{Actors: []recorder.ActorAdd{
			{ID: 7, Type: recorder.ActorVehicle, Description: "vehicle.tesla.model3", Location: recorder.Vec3{X: 100, Y: 250.5},
				Attributes: []recorder.Attribute{{Type: recorder.AttrString, Key: "role_name", Value: "hero"}}},
			{ID: 8, Type: recorder.ActorVehicle, Description: "vehicle.carlamotors.carlacola"},
		}},
		&recorder.FrameEnd{},
		&recorder.FrameStart{Frame: 2, Duration: -1, Elapsed: 0.05},
		&recorder.Collisions{Records: []recorder.Collision{{ID: 1, Actor1: 7, Actor2: 8, Hero1: true}}},
		&recorder.FrameEnd{},
	} {
		w.Write(p)
	}
	w.Flush()
	return b.Bytes()
}

func ExampleInfo() {
	r, err := recorder.NewReader(bytes.NewReader(recording()))
	if err != nil {
		fmt.Println(err)
		return
	}
	if err := query.Info(r, os.Stdout, query.InfoOptions{Location: time.UTC}); err != nil {
		fmt.Println(err)
	}
	// Output:
	// Version: 1
	// Map: Town01
	// Date: 11/23/21 14:08:48
	//
	// Frame 1 at 0 seconds
	//  Create 7: vehicle.tesla.model3 (1) at (100, 250.5, 0)
	//   role_name = hero
	//  Create 8: vehicle.carlamotors.carlacola (1) at (0, 0, 0)
	// Frame 2 at 0.05 seconds
	//  Collision id 1 between 7 (hero)  with 8
	//
	// Frames: 2
	// Duration: 0.05 seconds
}

func ExampleCollisions() {
	r, _ := recorder.NewReader(bytes.NewReader(recording()))
	rep, err := query.Collisions(r, query.CatHero, query.CatVehicle)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, row := range rep.Rows {
		fmt.Printf("%.2f s: %s hits %s\n", row.Time, row.Actor1.Description, row.Actor2.Description)
	}
	// Output:
	// 0.05 s: vehicle.tesla.model3 hits vehicle.carlamotors.carlacola
}
