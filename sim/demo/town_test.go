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

// stillBlocks are the towns where, at the default seed, a few cars
// still stand 30 s or more in queues through junctions whose lit
// approaches cross busy flows (Town06's highway junctions, Town07,
// Town10HD's junction after an 11 m link): logged, not failed, until
// fixed.
var stillBlocks = map[string]bool{"Town06": true, "Town07": true, "Town10HD": true}

// everyEntryLit are the towns on which the demo stands no stop sign:
// every entry of every junction has a light (Town01's and Town02's
// signals; on the 2019 Town05, whose file has no signals, the lights the
// demo stands at each of its crossings, all of its 21 junctions). The
// others have their file's stop signs (Town07, Town10HD) or the demo's
// at their unlit junctions (odrsigns.go).
var everyEntryLit = map[string]bool{"Town01": true, "Town02": true, "Town05": true}

// TestTownTrafficIsClean drives the clean demo traffic on every
// built-in town and runs over it what `viewer check` runs with the
// town's map: the recording names the town, has its lights, and the
// staged collision is the only fault (no car off its lane, the wrong
// way, through a red light or a stop sign, nor close to another).
// No car stands blocked either, except on the towns in stillBlocks.
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
			if signed := !everyEntryLit[town]; (sum.StopSigns > 0) != signed {
				t.Errorf("%d stop signs; want some on every town but %v", sum.StopSigns, everyEntryLit)
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
				if f.Kind == faults.Blocked && stillBlocks[town] {
					t.Logf("blocked (known, not yet fixed): %+v", f)
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
