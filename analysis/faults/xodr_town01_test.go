package faults

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/mm2carla/viewer/analysis/lanes"
	"github.com/mm2carla/viewer/format/opendrive"
	"github.com/mm2carla/viewer/scene"
)

// readCarla returns a shared real file (Town01.xodr, the recordings
// made on it), skipping when absent and failing under CI.
func readCarla(t testing.TB, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "..", "..", "shared", "testdata", "carla", name))
	if err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("real file needed under CI: %v", err)
		}
		t.Skipf("real file absent: %v", err)
	}
	return b
}

// TestTown01NoWrongWay runs the fault rules over both real recordings
// on Town01's OpenDRIVE map: CARLA's autopilot and the scenario's hero
// keep to the right, so no vehicle may be reported driving the wrong way
// (with the lanes' directions taken backwards, each recording reports
// one), and the lane rules must have run.
func TestTown01NoWrongWay(t *testing.T) {
	_, m := carlaTown(t, "Town01.xodr")
	for _, name := range []string{"carla-0.9.10-town01-lanecenter.log", "carla-0.9.13-town01-lanecenter.log"} {
		data := readCarla(t, name)
		rec, err := scene.Open(bytes.NewReader(data), int64(len(data)), nil)
		if err != nil {
			t.Fatal(err)
		}
		a, err := lanes.Associate(context.Background(), rec, m, nil)
		if err != nil {
			t.Fatal(err)
		}
		r := Find(a, rec.Events(), Defaults())
		if !r.LaneRules || r.Vehicles == 0 {
			t.Fatalf("%s: lane rules %v over %d vehicles", name, r.LaneRules, r.Vehicles)
		}
		for _, k := range Kinds {
			t.Logf("%s: %d %v", name, r.Count(k), k)
		}
		if n := r.Count(WrongWay); n != 0 {
			t.Errorf("%s: %d wrong-way faults, want none", name, n)
		}
	}
}

// carlaTown reads one of CARLA's towns from the shared test data
// (Town01.xodr, towns/Town05.xodr, ...), skipped when absent and failing
// under CI: its road network and lane map.
func carlaTown(t testing.TB, name string) (*scene.RoadNet, *lanes.OpenDRIVE) {
	t.Helper()
	od, err := opendrive.DecodeBytes(readCarla(t, name))
	if err != nil {
		t.Fatal(err)
	}
	rn, err := scene.NewRoadNet(od, 0)
	if err != nil {
		t.Fatal(err)
	}
	return rn, lanes.NewOpenDRIVE(rn)
}
