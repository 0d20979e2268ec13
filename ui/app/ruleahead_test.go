package app

import (
	"math"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/mm2carla/viewer/analysis/lanes"
	"github.com/mm2carla/viewer/format/recorder"
	"github.com/mm2carla/viewer/internal/drivetest"
	"github.com/mm2carla/viewer/scene/playback"
	"github.com/mm2carla/viewer/ui/input"
	"github.com/mm2carla/viewer/ui/loader"
	"github.com/mm2carla/viewer/ui/settings"
)

// TestActorPanelRuleAhead: the actor panel says what the check holds at
// the line ahead. On drivetest's crossing a car stands 12 m before the
// eastbound entry, whose recorded light (tied by place) blinks yellow
// and off all run, as the demo's junction whose lights are out on
// Town01 and Town02: with a temporary stop sign (traffic.stop) beside
// the entry, the stop-sign rule checks it (Association.EndSigns), and
// the panel names the sign with the distance and says the light is out
// of order; without the sign, the light alone, out of order; a working
// light, its state, and no sign. A car driving against its lane (the
// rogue's wrong-way) has that lane's line behind it: nothing is said.
func TestActorPanelRuleAhead(t *testing.T) {
	x := drivetest.CrossingEntryX
	blink := func(t float64) recorder.LightState {
		if math.Mod(t, 1) < 0.5 {
			return recorder.LightYellow
		}
		return recorder.LightOff
	}
	red := func(float64) recorder.LightState { return recorder.LightRed }
	sign := []drivetest.Sign{{ID: 950, Blueprint: lanes.StopBlueprint, Pos: mgl64.Vec3{x - 2, -5, 0}, Yaw: -90}}
	for _, tt := range []struct {
		name      string
		light     func(float64) recorder.LightState
		signs     []drivetest.Sign
		against   bool // the car drives west in the eastbound lane
		want, not []string
	}{
		{"out of order, signed", blink, sign, false,
			[]string{"stop sign\tahead, 12 m to the line\n", "light ahead\tout of order (yellow)\n"}, []string{"yellow, "}},
		{"out of order, no sign", blink, nil, false,
			[]string{"light ahead\tout of order (yellow), 12 m to the line\n"}, []string{"stop sign"}},
		{"working", red, nil, false,
			[]string{"light ahead\tred, 12 m to the line\n"}, []string{"stop sign", "out of order"}},
		{"against its lane", red, sign, true, nil, []string{"to the line", "light ahead", "stop sign"}},
	} {
		pose := func(t float64) (mgl64.Vec3, float64, bool) { return mgl64.Vec3{x - 12, -1.75, 0}, 0, true }
		if tt.against {
			pose = func(t float64) (mgl64.Vec3, float64, bool) { return mgl64.Vec3{x - 12 - 5*t, -1.75, 0}, 180, true }
		}
		s := drivetest.Script{Hz: 20, Seconds: 3, Signs: tt.signs,
			Lights:   []drivetest.Light{{ID: 900, Pos: mgl64.Vec3{x - 3, -6, 0}, Yaw: -90, State: tt.light}},
			Vehicles: []drivetest.Vehicle{{ID: 7, Blueprint: "vehicle.tesla.model3", Pose: pose}}}
		a := New(settings.Settings{}, nil)
		a.SetViewport(testVP)
		a.Open(loader.BytesSource("crossing.xodr", []byte(drivetest.CrossingXODR)))
		a.Open(loader.BytesSource("run.log", s.Bytes()))
		settle(t, a)
		if a.Association() == nil {
			t.Fatalf("%s: no association after the loads", tt.name)
		}
		a.sel.selectActor(7)
		a.Apply(input.Clock(playback.GoTo(0.2)))
		a.Tick()
		p := a.ActorPanel().String()
		for _, w := range tt.want {
			if !strings.Contains(p, w) {
				t.Errorf("%s: the panel lacks %q:\n%s", tt.name, w, p)
			}
		}
		for _, n := range tt.not {
			if strings.Contains(p, n) {
				t.Errorf("%s: the panel has %q:\n%s", tt.name, n, p)
			}
		}
	}
}
