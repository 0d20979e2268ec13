package lanes

import (
	"context"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/mm2carla/viewer/format/recorder"
	"github.com/mm2carla/viewer/internal/drivetest"
)

// TestEndLightsByPlace: on drivetest's crossing, which has no signals,
// EndLights ties each recorded light to the entry it governs by place:
// the eastbound entry (road 1's end) the light on its right facing east,
// the westbound one (road 3's start) the light on its right facing
// west; a light facing along the road (north) governs nothing.
func TestEndLightsByPlace(t *testing.T) {
	m := NewOpenDRIVE(drivetest.Crossing())
	x := drivetest.CrossingEntryX
	red := func(float64) recorder.LightState { return recorder.LightRed }
	s := drivetest.Script{Hz: 10, Seconds: 1, Lights: []drivetest.Light{
		{ID: 901, Pos: mgl64.Vec3{x + 23, 6, 0}, Yaw: 90, State: red},
		{ID: 902, Pos: mgl64.Vec3{x - 3, -6, 0}, Yaw: -90, State: red},
		{ID: 903, Pos: mgl64.Vec3{x - 3, -6, 0}, Yaw: 0, State: red},
	}}
	data := s.Bytes()
	_, a := openAssociated(t, data, m)
	got := map[EndKey]uint32{}
	for k, i := range a.EndLights() {
		got[k] = a.Lights[i].ID
	}
	want := map[EndKey]uint32{{Road: 0, AtStart: false}: 902, {Road: 2, AtStart: true}: 901}
	if len(got) != len(want) {
		t.Errorf("EndLights %v, want %v", got, want)
	}
	for k, id := range want {
		if got[k] != id {
			t.Errorf("road %d start %v: light %d, want %d", k.Road, k.AtStart, got[k], id)
		}
		if m.End(k.Road, k.AtStart).HasLight {
			t.Errorf("road %d start %v: the map names a light; the crossing has none", k.Road, k.AtStart)
		}
	}
}

// TestTown01ActorsByPlace checks the place rule with CARLA's own light
// actors: on each real Town01 recording, every one of the town's 36
// lit entries has the light actor that the signals give it (EndLights
// on the map as it is), and the map stripped of its signals gives each
// of them the same actor by place, and no other entry a light.
func TestTown01ActorsByPlace(t *testing.T) {
	rn, m := town01Map(t)
	bare := *rn
	bare.Signals = nil
	mb := NewOpenDRIVE(&bare)
	for _, name := range []string{"carla-0.9.10-town01-lanecenter.log", "carla-0.9.13-town01-lanecenter.log"} {
		rec, a := town01Assoc(t, m, name)
		bySignal := a.EndLights()
		if len(bySignal) != 36 {
			t.Errorf("%s: %d entries with a light by the signals, want 36", name, len(bySignal))
		}
		b, err := Associate(context.Background(), rec, mb, nil)
		if err != nil {
			t.Fatal(err)
		}
		byPlace := b.EndLights()
		agree := 0
		for k, i := range bySignal {
			j, ok := byPlace[k]
			if !ok {
				t.Errorf("%s: road %d start %v: light actor %d by the signals, none by place", name, k.Road, k.AtStart, a.Lights[i].ID)
				continue
			}
			if a.Lights[i].ID != b.Lights[j].ID {
				t.Errorf("%s: road %d start %v: light actor %d by the signals, %d by place", name, k.Road, k.AtStart,
					a.Lights[i].ID, b.Lights[j].ID)
				continue
			}
			agree++
		}
		if len(byPlace) != len(bySignal) {
			t.Errorf("%s: %d entries lit by place, %d by the signals", name, len(byPlace), len(bySignal))
		}
		t.Logf("%s: %d of %d entries get the signals' light actor by place", name, agree, len(bySignal))
	}
}
