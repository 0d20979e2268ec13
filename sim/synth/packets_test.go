package synth

import (
	"bytes"
	"fmt"
	"io"
	"testing"

	"github.com/mm2carla/viewer/format/recorder"
)

// TestFrameWrite: a Frame comes out in CARLA 0.9.13's packet order, every
// packet written even when empty except Physics and LightTimes.
func TestFrameWrite(t *testing.T) {
	const every = "[FrameStart EventAdd EventDel EventParent Collision Position TrafficLight VehicleAnimation " +
		"WalkerAnimation VehicleLight Kinematics BoundingBox PlatformTime"
	for _, tt := range []struct {
		name            string
		physics, lights bool
		want            string
	}{
		{"empty", false, false, every + " FrameEnd]"},
		{"physics", true, false, every + " PhysicsControl FrameEnd]"},
		{"light times", false, true, every + " TrafficLightTime FrameEnd]"},
		{"both", true, true, every + " PhysicsControl TrafficLightTime FrameEnd]"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var b bytes.Buffer
			w, err := recorder.NewWriter(&b, recorder.Header{Version: 1, Magic: recorder.Magic, Map: "Test"}, recorder.Layout{})
			if err != nil {
				t.Fatal(err)
			}
			var f Frame
			f.Start = recorder.FrameStart{Frame: 1, Duration: -1}
			if tt.physics {
				f.Physics.Records = []recorder.PhysicsControl{{ID: 5}}
			}
			if tt.lights {
				f.LightTimes.Records = []recorder.TrafficLightTime{{ID: 6, Green: 10}}
			}
			if err := f.Write(w); err != nil {
				t.Fatal(err)
			}
			if err := w.Flush(); err != nil {
				t.Fatal(err)
			}
			rd, err := recorder.NewReader(bytes.NewReader(b.Bytes()))
			if err != nil {
				t.Fatal(err)
			}
			var ids []recorder.PacketID
			for {
				p, err := rd.Next()
				if err == io.EOF {
					break
				}
				if err != nil {
					t.Fatal(err)
				}
				ids = append(ids, p.ID())
			}
			if got := fmt.Sprint(ids); got != tt.want {
				t.Errorf("packets %s, want %s", got, tt.want)
			}
		})
	}
}
