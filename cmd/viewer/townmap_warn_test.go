package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/mm2carla/viewer/internal/drivetest"
)

// offRoadsRun is a recording whose header names town, of 60 cars driving
// for 4 s far from every road of Town01: enough moving vehicles at any
// one moment for `viewer state` to judge the map by, and samples of one
// (81) for `viewer track`.
func offRoadsRun(town string) []byte {
	s := drivetest.Script{Map: town, Hz: 20, Seconds: 4}
	for i := range 60 {
		x0 := 3000 + 20*float64(i)
		s.Vehicles = append(s.Vehicles, drivetest.Vehicle{ID: uint32(10 + i), Blueprint: "vehicle.audi.tt",
			Pose: func(t float64) (mgl64.Vec3, float64, bool) { return mgl64.Vec3{x0 + 8*t, 3000, 0}, 0, true }})
	}
	return s.Bytes()
}

// TestMapWarnings: every command that uses a map with a recording says,
// on standard error, when the map is another CARLA town than the header
// names (the mismatch, by name) and when most driving positions fall off
// its roads (by the vehicles), as `viewer check` always did (#25); a
// recording of a place that is no CARLA town gets the second alone, and
// the map it was made on neither.
func TestMapWarnings(t *testing.T) {
	xodr, err := filepath.Abs(realFile(t, "Town01.xodr"))
	if err != nil {
		t.Fatal(err)
	}
	real, err := filepath.Abs(realFile(t, "carla-0.9.13-town01-lanecenter.log"))
	if err != nil {
		t.Fatal(err)
	}
	t.Chdir(t.TempDir())
	for name, data := range map[string][]byte{"town05.log": offRoadsRun("Town05"), "elsewhere.log": offRoadsRun("Somewhere")} {
		if err := os.WriteFile(name, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	commands := []struct {
		name string
		args func(rec string) []string
	}{
		{"check", func(rec string) []string { return []string{"check", rec, xodr} }},
		{"state", func(rec string) []string { return []string{"state", xodr, rec, "--at", "2"} }},
		{"track", func(rec string) []string { return []string{"track", rec, xodr, "--actor", "10"} }},
		{"diff", func(rec string) []string { return []string{"diff", rec, rec, xodr} }},
		{"shot", func(rec string) []string {
			return []string{"shot", rec, xodr, "--at", "2", "--size", "64x48", "--out", "s.png"}
		}},
		{"shot without paths", func(rec string) []string {
			return []string{"shot", rec, xodr, "--at", "2", "--paths=false", "--size", "64x48", "--out", "s.png"}
		}},
		{"clip", func(rec string) []string {
			return []string{"clip", rec, xodr, "--from", "1", "--to", "1.2", "--size", "64x48", "--out", "c.gif"}
		}},
	}
	const mismatch, offRoads = "warning: map Town01.xodr is not Town05", "of the driving positions of"
	for _, c := range commands {
		t.Run(c.name, func(t *testing.T) {
			code, _, errOut := runCLI(c.args("town05.log")...)
			if code == ExitUsage || code == ExitBadInput {
				t.Fatalf("exit %d: %s", code, errOut)
			}
			prefix := "viewer " + strings.Fields(c.name)[0] + ": "
			if !strings.Contains(errOut, prefix+mismatch) {
				t.Errorf("no mismatch warning: %s", errOut)
			}
			if !strings.Contains(errOut, prefix+"warning: 100% "+offRoads+" town05.log") {
				t.Errorf("no off-roads warning: %s", errOut)
			}
			if n := strings.Count(errOut, offRoads); n != 1 && c.name != "diff" || n != 2 && c.name == "diff" { // diff: once a run
				t.Errorf("%d off-roads warnings: %s", n, errOut)
			}
			code, _, errOut = runCLI(c.args("elsewhere.log")...)
			if code == ExitUsage || code == ExitBadInput {
				t.Fatalf("exit %d: %s", code, errOut)
			}
			if strings.Contains(errOut, "is not Town") || !strings.Contains(errOut, offRoads+" elsewhere.log") {
				t.Errorf("a place that is no CARLA town: %s", errOut)
			}
			args := c.args(real)
			if c.name == "track" {
				args = c.args(real)[:3] // its one car, the hero
				args = append(args, "--actor", "hero")
			}
			code, _, errOut = runCLI(args...)
			if code == ExitUsage || code == ExitBadInput {
				t.Fatalf("exit %d: %s", code, errOut)
			}
			if strings.Contains(errOut, "is not Town") || strings.Contains(errOut, offRoads) {
				t.Errorf("the real Town01 run on Town01: %s", errOut)
			}
		})
	}
}
