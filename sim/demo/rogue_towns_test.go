package demo

import (
	"bytes"
	"math"
	"strings"
	"testing"

	"github.com/mm2carla/viewer/analysis/lanes"
	"github.com/mm2carla/viewer/analysis/towns"
)

// darkTowns are the built-in towns every junction entry of which has a
// light, whose stop sign is the demo's at the one junction whose lights
// it puts out of order (darkjunction.go): Town01's and Town02's signals
// light every entry (their files' signals are traffic lights only, 36
// and 24, type 1000001, and speed-limit objects: no stop or yield sign,
// type 206 or 205, as Town07's and Town10HD's files have). Before, the
// demo stood no stop sign there and the rogue had no stop-sign to
// stage. The 2019 Town05, whose file has no signals, was one while the
// demo lit all of its 21 junctions; now its T-junctions no wider than
// their stem get stop signs (signedT).
var darkTowns = map[string]bool{"Town01": true, "Town02": true}

// townKinds is how many of its five kinds the rogue stages today on each
// built-in town at the default seed: all five on every one, as issue 25
// wants; a town may not stage fewer. On CARLA's towns the lanes run for
// hundreds of metres and the rogue gets through a few in the two
// minutes, most of them in queues: the kinds it misses are those whose
// lanes it does not reach (TestRogueOnTowns logs which).
//
// Town01 and Town02 stage all five since the demo puts the lights of
// one junction out of order and stands a temporary stop sign on its
// stem (darkjunction.go): Town01 with plan 4 (junction 255, where road
// 12 starts), Town02 with plan 7 (junction 298, where road 9 ends); the
// stop-sign comes last, at 84 s and 97 s. Before, with a light at every
// entry, they staged four (plans 2 and 10), all but the stop-sign. Of
// the junctions whose stem can take a sign, darkened one at a time, 7
// of Town01's 12 and 2 of Town02's 8 let the rogue stage all five; the
// one nearest the town's middle, which darkJunction picks, is among
// them on both (the one with the longest stem, Town02's junction 76,
// staged four: no close call). Over seeds 1-8 Town01 now stages five
// on seeds 1, 2, 6, 7 and 8 (four on every seed before), Town02 on all
// but seeds 2 (four) and 6 (three) (three or four before); since a left
// turn merging with a platoon claims its lane's room (claimMerge) Town01
// seed 6 went from three to five and Town02 seed 6 from five to three,
// and no plan of the 32 of Town02 seed 8 now stages all five with the
// staged collision (its plan 3 stages the five without it, and is the
// one written).
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
// Town05 stages all five with plan 4 of 5, thanks to the rogue's lane
// change (roguelane.go); without it, four (close call, red light,
// wrong-way, stop sign) with plan 4 of 32, and no plan staged off-lane
// as well as wrong-way. The demo's cars keep their lane, and on Town05's
// two-lane grid a right lane leads only to right lanes (it turns right
// or goes straight), a left lane only to left lanes; off-lane wants a
// rightmost lane and wrong-way the lane beside the oncoming one, and
// the only ways from one kind of lane to the other are the one-lane
// roads of the east loop (19, 20, 48). A rogue that staged one of the
// two reached a place for the other in over a minute, if at all (plan 4
// ended its stop sign at 82 s, and 87 s into the run its route search
// put the nearest off-lane place, road 48, 188 s away). Now plan 4's
// rogue moves across to the rightmost lane at 87.75 s and drifts off it.
//
// Town06 stages all five with plan 25 of 26. Its two-way roads are all
// divided, so its wrong-way is the act across a median (roguemedian.go,
// TestRogueMedian) from the junctions where roads 33 and 54 leave their
// turnarounds, before which the demo stands stop signs (turnaround.go).
// From road 33 to junction 6 each lane has one way on, and a rogue that
// started there for the wrong-way met no car within reach: four at
// best, no close call. Now such a start gets a lead car (roguelead.go):
// plan 25's rogue starts on road 33's lane of rank 1 behind a standing
// car, closes in on it at 5 s, moves across to the leftmost lane, rolls
// through the sign at 10 s, drives the wrong way at 37-55 s, runs a red
// at junction 6 at 80 s and drifts into the median (off-lane,
// medianEdge) at 91 s. Tried and left out: the lead car ahead on the
// leftmost lane itself (it takes the median lane first, and the rogue
// waiting for it found the oncoming lane filled from road 19), and on
// road 19's lane before it, which has a way of its own (the rogue
// reached the turnaround's exit some 40 s after junction 15, just after
// its next green sent cars onto the oncoming lane); before, plans that
// start behind a car elsewhere (they reach road 33 too late) and the
// act on road 34's gently bent lanes (radius 373 m).
//
// Town10HD stages all five with plan 22. Plan 1 stages all but the close
// call: heading for lanes nobody is on, its rogue never has a car ahead
// within 40 m at 8 m/s or less. A rogue started behind a car stages the
// close call at once, but Town10HD's lanes of 160-180 m hold queues, and
// from most starts it then spends 25-50 s a lane and reaches only a red
// light; the plans after plan 1, whose focus is the close call alone,
// drew their start among the same three cars (31 plans in three runs)
// until they drew it among nearly all (planStartAny). Plan 16 staged all
// five first but left two cars blocked before the 11 m link (road 2),
// which a plan may not (blockWatch; TestTown10HDNotBlocked).
var townKinds = map[string]int{"Town01": 5, "Town02": 5, "Town03": 5, "Town04": 5, "Town05": 5,
	"Town06": 5, "Town07": 5, "Town10HD": 5}

// TestRogueOnTowns runs the demo with its rogue on every built-in town
// at the default seed and checks it as TestRogueSeeds does the demo
// city's (checkSeed): every fault the rogue staged is one the check
// finds once, by the rogue, over the same span; the rogue commits no
// other; the one collision is the staged one. The stop signs the demo
// stands on towns whose files name none (Town01-Town06; on Town01 and
// Town02 at a junction whose lights are out of order) are recorded
// actors the check ties to their entries by place. It logs the
// kinds staged and those missed, and holds each town to townKinds.
func TestRogueOnTowns(t *testing.T) {
	if testing.Short() {
		t.Skip("eight two-minute demos on CARLA's towns, with their plans")
	}
	for _, town := range towns.Builtin() {
		t.Run(town, func(t *testing.T) {
			sum, a, found := townChecked(t, Options{Seed: DefaultSeed, Minutes: DefaultMinutes, MapName: town})
			if sum.StopSigns == 0 {
				t.Errorf("no stop sign; want some on every town (on %v at the junction whose lights are out)", darkTowns)
			}
			if len(a.Signs) != sum.StopSigns {
				t.Errorf("%d stop sign actors recorded, %d stood", len(a.Signs), sum.StopSigns)
			}
			r := seedRun{seed: DefaultSeed, sum: sum, found: found}
			checkSeed(t, r)
			var missed []string
			for k, m := range missing(sum.Staged) {
				if m {
					missed = append(missed, actKinds[k])
				}
			}
			t.Logf("%s: staged %d kinds with plan %d of %d tried: %s; missed: %s", town, len(sum.Staged),
				sum.RoguePlan, sum.RoguePlans, strings.Join(r.kinds(), ", "), strings.Join(missed, ", "))
			if len(sum.Staged) < townKinds[town] {
				t.Errorf("staged %d kinds, want at least %d", len(sum.Staged), townKinds[town])
			}
		})
	}
}

// TestRogueMedian holds the wrong-way act across a median
// (roguemedian.go): only Town06, whose two-way roads are all divided,
// has lanes for it (the leftmost lanes of roads 33 and 54 out of their
// turnarounds, the oncoming lane's centre 8 m off: a 3.5 m median
// between 0.5 m shoulders; the lanes into the turnarounds end at a stop
// sign, turnaround.go), every other town keeping to the swerve; and
// there an eager plan that heads for the wrong-way (plan 1, its rogue
// starting up to two lanes before the junction into such a lane) stages
// it, found once by the check over the same span, with no off-lane,
// collision or other fault of the rogue's beside it (checkSeed).
func TestRogueMedian(t *testing.T) {
	for _, town := range towns.Builtin() {
		s := &sim{net: newODRNetwork(townNet(t, town))}
		var ls []int
		for l, o := range s.medianLanes() {
			if o >= 0 {
				ls = append(ls, l)
				p, _ := s.net.lanes[l].path.at(s.net.lanes[l].path.length() / 2)
				if d := distTo(s.net.lanes[o].path.pts, p); math.Abs(d-8) > 0.1 {
					t.Errorf("%s: lane %d's oncoming lane is %.2f m off, want Town06's 8", town, l, d)
				}
			}
		}
		if want := town == "Town06"; (len(ls) > 0) != want {
			t.Errorf("%s: median lanes %v; want some only on Town06", town, ls)
		}
	}
	if testing.Short() {
		return
	}
	opt := Options{Seed: DefaultSeed, Minutes: DefaultMinutes, MapName: "Town06"}
	n, frames := townRunNet(t, opt)
	var focus [nActs]bool
	focus[actWrongWay] = true
	var log bytes.Buffer
	sum, err := run(&log, n, opt, frames, 1, focus)
	if err != nil {
		t.Fatal(err)
	}
	_, found := checkOn(t, log.Bytes(), lanes.NewOpenDRIVE(townNet(t, "Town06")))
	r := seedRun{seed: DefaultSeed, sum: sum, found: found}
	if missing(sum.Staged)[actWrongWay] {
		t.Fatalf("plan 1 heading for the wrong-way staged %v", r.kinds())
	}
	checkSeed(t, r)
}
