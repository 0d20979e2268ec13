package scene_test

import (
	"bytes"
	"fmt"
	"io"
	"log"

	"github.com/mm2carla/viewer/format/recorder"
	"github.com/mm2carla/viewer/scene"
)

// Feed a recording's packets to the blocked rule, as `viewer blocked`
// does, with thresholds of your own: here 1.5 m, which the car, driving
// 1 m a frame, stays within for one frame.
func ExampleBlockScan() {
	data := drive()
	rd, err := recorder.NewReader(bytes.NewReader(data))
	if err != nil {
		log.Fatal(err)
	}
	scan, err := scene.NewBlockScan(scene.BlockRule{MinTime: 0, MinDistance: 150})
	if err != nil {
		log.Fatal(err)
	}
	for {
		p, err := rd.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			log.Fatal(err)
		}
		scan.Apply(p)
	}
	for _, s := range scan.Finish() {
		fmt.Printf("actor %d (%s) stood %.1f s from t=%.1f (frame %d), then %v\n",
			s.Actor, s.Blueprint, s.Duration, s.Time, s.FrameID, s.End)
	}
	// Output:
	// actor 7 (vehicle.tesla.model3) stood 0.1 s from t=0.1 (frame 2), then moved
}
