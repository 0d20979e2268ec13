package scene

import (
	"bytes"
	"io"
	"testing"

	"github.com/mm2carla/viewer/format/recorder"
	"github.com/mm2carla/viewer/internal/testrec"
)

// TestPoses: a pass with FrameReader and Poses sees every frame's actors
// as StateAt shows them at the frame's time.
func TestPoses(t *testing.T) {
	data := testrec.Bytes(80)
	rec, err := Open(bytes.NewReader(data), int64(len(data)), nil)
	if err != nil {
		t.Fatal(err)
	}
	rd := rec.FrameReader(0, len(rec.Frames())-1)
	rd.Skim(recorder.IDVehicleAnimation, recorder.IDKinematics)
	w := NewWorld()
	var poses []Pose
	var st State
	frames := 0
	for {
		p, err := rd.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		w.Apply(p)
		if p.ID() != recorder.IDFrameEnd {
			continue
		}
		poses = w.Poses(poses, nil)
		if err := rec.StateAt(rec.Times()[w.Frame()], &st); err != nil {
			t.Fatal(err)
		}
		if len(poses) != len(st.Actors) {
			t.Fatalf("frame %d: %d poses, %d actors", w.Frame(), len(poses), len(st.Actors))
		}
		for i, ps := range poses {
			a := &st.Actors[i]
			if ps.ID != a.ID || ps.Kind != a.Kind || ps.Blueprint != a.Blueprint || ps.SpawnFrame != a.SpawnFrame ||
				ps.World != a.World || ps.Box != a.Box || ps.HasLight != (a.TrafficLight != nil) ||
				ps.HasLight && ps.Light != a.TrafficLight.State {
				t.Fatalf("frame %d: pose %+v, actor %+v", w.Frame(), ps, a)
			}
		}
		vehicles := w.Poses(poses[:0], func(k Kind) bool { return k.IsVehicle() })
		for _, ps := range vehicles {
			if !ps.Kind.IsVehicle() {
				t.Fatalf("the filter let %v through", ps.Kind)
			}
		}
		poses = vehicles
		frames++
	}
	if frames != len(rec.Frames()) {
		t.Errorf("%d frames read of %d", frames, len(rec.Frames()))
	}
}
