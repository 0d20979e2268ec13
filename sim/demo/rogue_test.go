package demo

import (
	"bytes"
	"context"
	"math"
	"testing"

	"github.com/mm2carla/viewer/analysis/faults"
	"github.com/mm2carla/viewer/analysis/lanes"
	"github.com/mm2carla/viewer/scene"
)

// findFaults runs what `viewer check` runs over a recording on its map.
func findFaults(t testing.TB, logBytes []byte, m *scene.Map) *faults.Result {
	t.Helper()
	_, r := checkOn(t, logBytes, lanes.NewBAI(m))
	return r
}

// checkOn runs what `viewer check` runs over a recording on the lane map
// m (a town's: lanes.NewOpenDRIVE): the association, for what it read
// (the stop sign actors), and the faults with the default thresholds.
func checkOn(t testing.TB, logBytes []byte, m lanes.Map) (*lanes.Association, *faults.Result) {
	t.Helper()
	rec, err := scene.Open(bytes.NewReader(logBytes), int64(len(logBytes)), nil)
	if err != nil {
		t.Fatal(err)
	}
	a, err := lanes.Associate(context.Background(), rec, m, nil)
	if err != nil {
		t.Fatal(err)
	}
	return a, faults.Find(a, rec.Events(), faults.Defaults())
}

// rogueTimes pins when the default demo's rogue commits its faults
// (seconds since the recording began). They follow from the seed: a
// change to the traffic moves them, and then this table is updated by
// hand from what `viewer demo` prints, after looking at the new demo.
var rogueTimes = []StagedFault{
	{Kind: "close-call", Start: 1.50, End: 2.70},
	{Kind: "red-light", Start: 24.70, End: 24.70},
	{Kind: "off-lane", Start: 55.70, End: 57.35},
	{Kind: "stop-sign", Start: 74.50, End: 75.90},
	{Kind: "wrong-way", Start: 81.25, End: 83.85},
}

// rogueSlack is how far (s) the check's span may differ from the one the
// simulation wrote down: one frame, for where the rules place a front or
// a centre between two frames.
const rogueSlack = 0.051

// redSlack is rogueSlack for a red run from a stand (waitsForRed): the
// rogue's front creeps over the line at a metre or two a second, and
// where the sim's lane ends and where analysis/lanes puts the road's
// end differ by some 0.1-0.6 m on some lanes; the default demo's is two
// frames apart (TestRogueSeeds allows sameSpan on other seeds).
const redSlack = 0.151

// TestRogueFaults: the check finds every fault the rogue staged, once,
// at its time, and nothing else of the rogue's; the only other fault is
// the staged collision (no blocked span either, as in clean traffic), so
// the rogue forced nobody into a fault.
func TestRogueFaults(t *testing.T) {
	_, lb, _, m := defaultBuild(t)
	sum := defaultDemo.sum
	if sum.Rogue == 0 || len(sum.Staged) != len(rogueTimes) {
		t.Fatalf("rogue %d staged %+v, want %d faults", sum.Rogue, sum.Staged, len(rogueTimes))
	}
	for i, want := range rogueTimes {
		got := sum.Staged[i]
		if got.Kind != want.Kind || got.Actor != sum.Rogue || math.Abs(got.Start-want.Start) > 1e-6 || math.Abs(got.End-want.End) > 1e-6 {
			t.Errorf("staged fault %d: %+v, pinned %+v", i, got, want)
		}
	}
	r := findFaults(t, lb, m)
	found := map[string]int{}
	for _, f := range r.Faults {
		switch {
		case f.Actor == sum.Rogue:
			found[f.Kind.String()]++
			for _, st := range sum.Staged {
				slack := rogueSlack
				if f.Kind == faults.RedLight {
					slack = redSlack
				}
				if st.Kind == f.Kind.String() && (math.Abs(f.Start-st.Start) > slack || math.Abs(f.End-st.End) > slack) {
					t.Errorf("the check finds %v at %.2f-%.2f, staged at %.2f-%.2f", f.Kind, f.Start, f.End, st.Start, st.End)
				}
			}
		case f.Kind == faults.Collision:
			if f.Actor == sum.Rogue || f.Other == sum.Rogue {
				t.Errorf("the rogue collided: %+v", f)
			}
		default:
			t.Errorf("vehicle %d broke a rule: %v at %.2f-%.2f (other %d)", f.Actor, f.Kind, f.Start, f.End, f.Other)
		}
	}
	for _, st := range sum.Staged {
		if found[st.Kind] != 1 {
			t.Errorf("the check finds the rogue's %v %d times", st.Kind, found[st.Kind])
		}
	}
	if r.Count(faults.Collision) != 1 {
		t.Errorf("%d collisions, want the staged one", r.Count(faults.Collision))
	}
}

// TestCleanHasNoRogue: Clean leaves the rogue out, and the traffic is
// then the same as before the rogue existed (no draw of the traffic's
// random numbers depends on it).
func TestCleanHasNoRogue(t *testing.T) {
	_, lb, sum, err := Build(City(DefaultSeed), Options{Seed: DefaultSeed, Minutes: 0.25, Clean: true})
	if err != nil {
		t.Fatal(err)
	}
	if sum.Rogue != 0 || len(sum.Staged) != 0 {
		t.Errorf("clean run: rogue %d, staged %+v", sum.Rogue, sum.Staged)
	}
	rp := readReplay(t, lb)
	for _, a := range rp.actors {
		if a.attr("role_name") == "rogue" {
			t.Fatalf("clean run has a rogue: %+v", a.add)
		}
	}
}

// TestRogueLimits: the rogue writes its faults down by the check's
// default limits.
func TestRogueLimits(t *testing.T) {
	th := faults.Defaults()
	if th.OffLane != limitOffLane || th.StopDistance != limitStopAt || th.CloseCallTTC != limitTTC || th.MovingSpeed != limitMoving ||
		th.WrongWaySpeed != limitWrong {
		t.Errorf("analysis/faults' defaults %+v differ from the rogue's limits", th)
	}
	if rollSpeed <= th.StopSpeed {
		t.Errorf("a roll at %g m/s is a stop by the check's %g m/s", rollSpeed, th.StopSpeed)
	}
	for a := actOffLane; a < nActs; a++ {
		if _, ok := faults.ParseKind(actKinds[a]); !ok {
			t.Errorf("act %d's kind %q is not the check's", a, actKinds[a])
		}
	}
}
