package demo

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/mm2carla/viewer/analysis/faults"
	"github.com/mm2carla/viewer/analysis/lanes"
	"github.com/mm2carla/viewer/analysis/towns"
	"github.com/mm2carla/viewer/scene"
)

// noStopTowns are the built-in towns every junction entry of which has a
// light, so that the demo stands no stop sign there and the rogue has no
// stop-sign fault to stage: Town01's and Town02's signals light every
// entry (their files' signals are traffic lights only, 36 and 24, type
// 1000001, and speed-limit objects: no stop or yield sign, type 206 or
// 205, as Town07's and Town10HD's files have). The 2019 Town05, whose
// file has no signals, was one while the demo lit all of its 21
// junctions; now its T-junctions no wider than their stem get stop
// signs (signedT).
var noStopTowns = map[string]bool{"Town01": true, "Town02": true}

// townKinds is how many of its five kinds the rogue stages today on each
// built-in town at the default seed. Issue 25 wants all five (four where
// the town has no stop sign), as Town01 and Town02 stage; the
// others hold the line: a town may not stage fewer. On CARLA's towns the lanes run for hundreds
// of metres and the rogue gets through a few in the two minutes, most
// of them in queues: the kinds it misses are those whose lanes it does
// not reach (TestRogueOnTowns logs which).
//
// Town04 and Town07 stage all five since the eager plans head for the
// kinds the best plan so far missed rather than those the plan just
// before missed (plan.go): Town04 with plan 3, Town07 with plan 9, and
// plan 1 since an eager plan's rogue starts near the light whose red it
// is to run (redRunUp). Before,
// a plan that staged one kind set the next plan's focus on the other
// four, and the plans went back and forth between two halves (Town04:
// close call alone, then the other four, again and again).
//
// Town03 stages all five with plan 10 since the demo leaves its
// T-junctions no wider than their stem unlit (signedT): before, it had
// one stop sign, on road 52's end at junction 31 (a diagonal link on
// the west loop, 5 cars in two minutes), and staged four at best (plan
// 3: no stop-sign). The eager plans that started the rogue before that
// sign all ran the same: stop-sign at 6 s, off-lane and red-light by
// 26 s, then nothing for 94 s; the other plans never reached it (plans
// 14, 15 and 31, at 96-104 s). Now 6 of its entries have a sign.
//
// Town05 stages four (close call, red light, wrong-way, stop sign) with
// plan 4 of 32: no plan stages off-lane as well as wrong-way. The demo's
// cars keep their lane, and on Town05's two-lane grid a right lane
// leads only to right lanes (it turns right or goes straight), a left
// lane only to left lanes; off-lane wants a rightmost lane and wrong-way
// the lane beside the oncoming one, and the only ways from one kind of
// lane to the other are the one-lane roads of the east loop (19, 20,
// 48). A rogue that staged one of the two reaches a place for the other
// in over a minute, if at all (plan 4 ends its stop sign at 82 s, 87 s
// into the run its route search puts the nearest off-lane place, road
// 48, 188 s away).
//
// Town06 stages three (close call, off-lane, red light) with plan 22 of
// 32. It can stage no wrong-way: none of its 142 lanes has the oncoming
// lane 2.5-5 m off (actLane), its roads being split by medians; its stop
// signs stand on three lanes the rogue has not reached in time.
var townKinds = map[string]int{"Town01": 4, "Town02": 4, "Town03": 5, "Town04": 5, "Town05": 4,
	"Town06": 3, "Town07": 5, "Town10HD": 4}

// TestRogueOnTowns runs the demo with its rogue on every built-in town
// at the default seed and checks it as TestRogueSeeds does the demo
// city's (checkSeed): every fault the rogue staged is one the check
// finds once, by the rogue, over the same span; the rogue commits no
// other; the one collision is the staged one. The stop signs the demo
// stands on towns whose files name none (Town03-Town06) are
// recorded actors the check ties to their entries by place. It logs the
// kinds staged and those missed, and holds each town to townKinds.
func TestRogueOnTowns(t *testing.T) {
	if testing.Short() {
		t.Skip("eight two-minute demos on CARLA's towns, with their plans")
	}
	for _, town := range towns.Builtin() {
		t.Run(town, func(t *testing.T) {
			rn := townNet(t, town)
			var log bytes.Buffer
			sum, err := RecordTown(&log, rn, Options{Seed: DefaultSeed, Minutes: DefaultMinutes, MapName: town})
			if err != nil {
				t.Fatal(err)
			}
			if (sum.StopSigns == 0) != noStopTowns[town] {
				t.Errorf("%d stop signs; want none only on %v", sum.StopSigns, noStopTowns)
			}
			rec, err := scene.Open(bytes.NewReader(log.Bytes()), int64(log.Len()), nil)
			if err != nil {
				t.Fatal(err)
			}
			a, err := lanes.Associate(context.Background(), rec, lanes.NewOpenDRIVE(rn), nil)
			if err != nil {
				t.Fatal(err)
			}
			if len(a.Signs) != sum.StopSigns {
				t.Errorf("%d stop sign actors recorded, %d stood", len(a.Signs), sum.StopSigns)
			}
			r := seedRun{seed: DefaultSeed, sum: sum, found: faults.Find(a, rec.Events(), faults.Defaults())}
			checkSeed(t, r)
			var missed []string
			for k, m := range missing(sum.Staged) {
				if m && rogueAct(k) != actStopSign || m && !noStopTowns[town] {
					missed = append(missed, actKinds[k])
				}
			}
			note := ""
			if noStopTowns[town] {
				note = " (every junction entry has a light: no stop sign, no stop-sign to stage)"
			}
			t.Logf("%s: staged %d kinds with plan %d of %d tried: %s; missed: %s%s", town, len(sum.Staged),
				sum.RoguePlan, sum.RoguePlans, strings.Join(r.kinds(), ", "), strings.Join(missed, ", "), note)
			if len(sum.Staged) < townKinds[town] {
				t.Errorf("staged %d kinds, want at least %d", len(sum.Staged), townKinds[town])
			}
		})
	}
}
