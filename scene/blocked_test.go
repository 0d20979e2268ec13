package scene

import (
	"testing"

	"github.com/mm2carla/viewer/format/recorder"
)

func TestBlocked(t *testing.T) {
	add := &recorder.EventAdd{Actors: []recorder.ActorAdd{
		addActor(1, 1, "vehicle.a.stuck", recorder.Vec3{}, recorder.Vec3{}),
		addActor(2, 1, "vehicle.b.moving", recorder.Vec3{}, recorder.Vec3{}),
	}}
	var frames []frameSpec
	for i := range 50 { // 49 s at 1 Hz; car 1 creeps 50 cm in total, car 2 drives
		p := []recorder.Packet{positions(pos(1, float64(i), 0, 0, 0), pos(2, float64(i)*500, 0, 0, 0))}
		if i == 0 {
			p = append([]recorder.Packet{add}, p...)
		}
		frames = append(frames, frameSpec{float64(i), p})
	}
	rec := openBytes(t, writeFrames(t, frames))
	evs, err := rec.Blocked(BlockedTime, BlockedDistance)
	if err != nil {
		t.Fatal(err)
	}
	if len(evs) != 1 || evs[0].Kind != EventBlocked || evs[0].Actor != 1 || evs[0].Blueprint != "vehicle.a.stuck" ||
		evs[0].Frame != 1 || evs[0].Duration != 48 { // as CARLA counts: from the frame after it was placed
		t.Fatalf("blocked events %+v", evs)
	}
	if evs, _ := rec.Blocked(60, 1); len(evs) != 0 {
		t.Errorf("60 s minimum: %+v", evs)
	}
}
