package scene_test

import (
	"bytes"
	"fmt"
	"log"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/mm2carla/viewer/format/recorder"
	"github.com/mm2carla/viewer/scene"
)

// drive writes a tiny recording: a car driving 1 m a frame along the
// Unreal X axis at 10 Hz, for three frames.
func drive() []byte {
	var b bytes.Buffer
	w, err := recorder.NewWriter(&b, recorder.Header{Version: 1, Map: "Town01"}, recorder.Layout{})
	if err != nil {
		log.Fatal(err)
	}
	car := recorder.ActorAdd{ID: 7, Type: recorder.ActorVehicle, Description: "vehicle.tesla.model3",
		Attributes: []recorder.Attribute{{Type: recorder.AttrString, Key: "role_name", Value: "hero"}}}
	for i := range 3 {
		d := 0.1
		if i == 2 {
			d = -1 // CARLA leaves the last frame's duration at -1
		}
		w.Write(&recorder.FrameStart{Frame: uint64(i + 1), Duration: d, Elapsed: float64(i) / 10})
		if i == 0 {
			w.Write(&recorder.EventAdd{Actors: []recorder.ActorAdd{car}})
		}
		w.Write(&recorder.Positions{Records: []recorder.Position{{ID: 7, Location: recorder.Vec3{X: float64(i) * 100}}}})
		w.Write(&recorder.FrameEnd{})
	}
	if err := w.Flush(); err != nil {
		log.Fatal(err)
	}
	return b.Bytes()
}

// Open a recording once, then ask for the world at any time, in any order:
// between frames poses are interpolated.
func ExampleRecording_StateAt() {
	data := drive()
	// Open reads the file once; for big files run it in a goroutine and
	// pass a (*scene.Progress).Report to watch it.
	rec, err := scene.Open(bytes.NewReader(data), int64(len(data)), nil)
	if err != nil {
		log.Fatal(err)
	}
	var s scene.State // reused by every call
	for _, t := range []float64{0.15, 0, 0.05, 9} {
		if err := rec.StateAt(t, &s); err != nil {
			log.Fatal(err)
		}
		h := s.Hero()
		fmt.Printf("t=%.2f frame %d: %s at x=%.2f m, %.0f m/s, %.2f m driven\n",
			s.Time, s.FrameID, h.Blueprint, h.World.Location[0], h.Speed, h.Distance)
	}
	// Output:
	// t=0.15 frame 2: vehicle.tesla.model3 at x=1.50 m, 10 m/s, 1.50 m driven
	// t=0.00 frame 1: vehicle.tesla.model3 at x=0.00 m, 10 m/s, 0.00 m driven
	// t=0.05 frame 1: vehicle.tesla.model3 at x=0.50 m, 10 m/s, 0.50 m driven
	// t=0.20 frame 3: vehicle.tesla.model3 at x=2.00 m, 10 m/s, 2.00 m driven
}

// Convert a recorded CARLA location (cm, Unreal's left-handed axes) to the
// viewer's world (m, right-handed, Z up), and back.
func ExampleFromUnreal() {
	fmt.Println(scene.FromUnreal(recorder.Vec3{X: 100, Y: -200, Z: 300}))
	fmt.Println(scene.ToUnreal(mgl64.Vec3{1, 2, 3}))
	// Output:
	// [1 2 3]
	// {100 -200 300}
}
