package app

import (
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/mm2carla/viewer/internal/drivetest"
	"github.com/mm2carla/viewer/scene/playback"
	"github.com/mm2carla/viewer/ui/input"
	"github.com/mm2carla/viewer/ui/loader"
	"github.com/mm2carla/viewer/ui/settings"
)

// TestActorPanelLaneType: a car standing in a parking lane of an
// OpenDRIVE road is said to be in one; a car in its driving lane is not
// said to be in any other.
func TestActorPanelLaneType(t *testing.T) {
	at := func(y float64) func(float64) (mgl64.Vec3, float64, bool) {
		return func(float64) (mgl64.Vec3, float64, bool) { return mgl64.Vec3{40, y, 0}, 0, true }
	}
	s := drivetest.Script{Hz: 20, Seconds: 2, Vehicles: []drivetest.Vehicle{
		{ID: 1, Blueprint: "vehicle.tesla.model3", Pose: at(-6.25)},
		{ID: 2, Blueprint: "vehicle.tesla.model3", Pose: at(-1.75)},
	}}
	a := New(settings.Settings{}, nil)
	a.SetViewport(testVP)
	a.Open(loader.BytesSource("kerb.xodr", []byte(drivetest.KerbXODR)))
	a.Open(loader.BytesSource("kerb.log", s.Bytes()))
	settle(t, a)
	if a.Association() == nil {
		t.Fatal("no association after the loads")
	}
	for id, want := range map[uint32]bool{1: true, 2: false} {
		a.sel.selectActor(id)
		a.Apply(input.Clock(playback.GoTo(1)))
		a.Tick()
		p := a.ActorPanel().String()
		if got := strings.Contains(p, "\tin a parking lane"); got != want || !strings.Contains(p, "lane\troad 7") {
			t.Errorf("actor %d: in a parking lane %v, want %v:\n%s", id, got, want, p)
		}
	}
}
