package demo_test

import (
	"bytes"
	"context"
	"testing"

	"github.com/mm2carla/viewer/analysis/faults"
	"github.com/mm2carla/viewer/analysis/lanes"
	"github.com/mm2carla/viewer/analysis/towns"
	"github.com/mm2carla/viewer/format/opendrive"
	"github.com/mm2carla/viewer/format/recorder"
	"github.com/mm2carla/viewer/scene"
	"github.com/mm2carla/viewer/sim/demo"
)

// townNet reads a built-in town's road network.
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

// TestTownTrafficIsClean drives the clean demo traffic on every
// built-in town and runs over it what `viewer check` runs with the
// town's map: the recording names the town, has its lights, and the
// staged collision is the only fault (no car off its lane, the wrong
// way, through a red light or a stop sign, nor close to another), and
// no car stands blocked 30 s.
func TestTownTrafficIsClean(t *testing.T) {
	names := towns.Builtin()
	if testing.Short() {
		names = names[:1]
	}
	for _, town := range names {
		t.Run(town, func(t *testing.T) {
			rn := townNet(t, town)
			var log bytes.Buffer
			sum, err := demo.RecordTown(&log, rn, demo.Options{Seed: demo.DefaultSeed, Minutes: demo.DefaultMinutes, MapName: town, Clean: true})
			if err != nil {
				t.Fatal(err)
			}
			rd, err := recorder.NewReader(bytes.NewReader(log.Bytes()))
			if err != nil {
				t.Fatal(err)
			}
			if h := rd.Header(); h.Map != town {
				t.Errorf("header names %q", h.Map)
			}
			if signed := town == "Town07" || town == "Town10HD"; (sum.StopSigns > 0) != signed {
				t.Errorf("%d stop signs; only Town07 and Town10HD have them", sum.StopSigns)
			}
			if sum.Vehicles < 30 || sum.MinVehicles < 25 || sum.TrafficLights == 0 || sum.Collisions != 1 {
				t.Errorf("summary %+v", sum)
			}
			rec, err := scene.Open(bytes.NewReader(log.Bytes()), int64(log.Len()), nil)
			if err != nil {
				t.Fatal(err)
			}
			a, err := lanes.Associate(context.Background(), rec, lanes.NewOpenDRIVE(rn), nil)
			if err != nil {
				t.Fatal(err)
			}
			r := faults.Find(a, rec.Events(), faults.Defaults())
			collisions := 0
			for _, f := range r.Faults {
				if f.Kind == faults.Collision && collisions == 0 {
					collisions++
					continue
				}
				t.Errorf("the traffic broke a rule: %+v", f)
			}
			if collisions != 1 {
				t.Errorf("%d collisions, want the staged one", collisions)
			}
		})
	}
}
