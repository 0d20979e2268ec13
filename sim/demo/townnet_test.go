package demo

import (
	"bytes"
	"testing"

	"github.com/mm2carla/viewer/analysis/faults"
	"github.com/mm2carla/viewer/analysis/lanes"
	"github.com/mm2carla/viewer/analysis/towns"
	"github.com/mm2carla/viewer/format/opendrive"
	"github.com/mm2carla/viewer/scene"
)

// townNet reads a built-in town's road network, for the tests of this
// package and, as TownNet, of demo_test.
func townNet(t testing.TB, town string) *scene.RoadNet {
	t.Helper()
	data, err := towns.BuiltinData(town)
	if err != nil {
		t.Fatal(err)
	}
	m, err := opendrive.DecodeBytes(data)
	if err != nil {
		t.Fatal(err)
	}
	rn, err := scene.NewRoadNet(m, 0)
	if err != nil {
		t.Fatal(err)
	}
	return rn
}

// townRunNet returns the network a run of opt on a built-in town is
// simulated on (as RecordTown makes it, conflicts added) and the run's
// frames, for tests that step the simulation themselves.
func townRunNet(t testing.TB, opt Options) (*network, int) {
	t.Helper()
	frames, err := opt.frames()
	if err != nil {
		t.Fatal(err)
	}
	return withConflicts(townMaker(townNet(t, opt.MapName), opt, frames)()), frames
}

// townChecked records the demo on the built-in town opt.MapName and
// checks the recording on the town's lane map (checkOn).
func townChecked(t testing.TB, opt Options) (Summary, *lanes.Association, *faults.Result) {
	t.Helper()
	rn := townNet(t, opt.MapName)
	var log bytes.Buffer
	sum, err := RecordTown(&log, rn, opt)
	if err != nil {
		t.Fatal(err)
	}
	a, found := checkOn(t, log.Bytes(), lanes.NewOpenDRIVE(rn))
	return sum, a, found
}

// TownNet and CheckOn are townNet and checkOn for the external tests
// (town_test.go).
var (
	TownNet = townNet
	CheckOn = checkOn
)
