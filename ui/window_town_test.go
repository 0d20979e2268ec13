package ui

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/mm2carla/viewer/internal/drivetest"
	"github.com/mm2carla/viewer/ui/loader"
)

// TestWindowTownArrives: a recording opened alone whose header names a
// CARLA town gets the town's map in the window, now that the search runs
// off the UI goroutine: the roads, the lane pass on them, and the notice
// saying where the map came from.
func TestWindowTownArrives(t *testing.T) {
	t.Setenv("CARLA_ROOT", "")
	s := drivetest.Script{Map: "/Game/Carla/Maps/Town01", Hz: 10, Seconds: 2, Vehicles: []drivetest.Vehicle{{ID: 1, Blueprint: "vehicle.audi.tt",
		Pose: func(tm float64) (mgl64.Vec3, float64, bool) { return mgl64.Vec3{100 + 5*tm, 2, 0}, 0, true }}}}
	p := filepath.Join(t.TempDir(), "run.log")
	if err := os.WriteFile(p, s.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	g, _ := newTestGame(t, loader.FileSource(p))
	waitLoads(t, g)
	a := g.App()
	if rn := a.Roads(); rn == nil || len(rn.Roads) != 122 {
		t.Fatalf("no Town01 (122 roads) in the window; notices %v", a.Notices())
	}
	if as := a.Association(); as == nil || as.Map == nil {
		t.Errorf("the lane pass did not run on the town")
	}
	found := false
	for _, n := range a.Notices() {
		found = found || n.Text == "map Town01 (named by run.log): built in (CARLA 2020 edition)"
	}
	if !found {
		t.Errorf("no notice of the town: %v", a.Notices())
	}
	shot(t, g, "town-arrives")
}
