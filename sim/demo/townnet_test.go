package demo

import (
	"testing"

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

// TownNet and CheckOn are townNet and checkOn for the external tests
// (town_test.go).
var (
	TownNet = townNet
	CheckOn = checkOn
)
