package demo

import (
	"slices"
	"testing"

	"github.com/mm2carla/viewer/analysis/lanes"
	"github.com/mm2carla/viewer/analysis/towns"
)

// TestStopsSeen: on every built-in town, each stop the traffic makes
// (the file's stop signs on Town07 and Town10HD, the demo's on the
// others) is one the check can see on every lane of its entry
// (stopsSeen); and Town04's road 38 start, whose rightmost lane the
// check measures 1.8 m short, has no sign (with one, a car that stood
// 0.8 m before its line was reported running it).
func TestStopsSeen(t *testing.T) {
	for _, town := range towns.Builtin() {
		rn := townNet(t, town)
		n, o := newODRNetwork(rn), lanes.NewOpenDRIVE(rn)
		for a := range n.approaches {
			ap := &n.approaches[a]
			k := n.endKeys[a]
			if ap.kind == approachStop && len(ap.lanes) > 0 && !n.stopsSeen(o, a) {
				t.Errorf("%s: the stop at road %d (start %v) is not seen on all its lanes", town, k.Road, k.AtStart)
			}
			if town == "Town04" && k == (lanes.EndKey{Road: 38, AtStart: true}) && (ap.kind == approachStop || n.stopsSeen(o, a)) {
				t.Errorf("Town04 road 38's start: kind %v, seen %v; want no stop, not seen", ap.kind, n.stopsSeen(o, a))
			}
		}
	}
}

// TestSignedT: on the 2019 towns, whose files have no signals, the demo
// leaves unlit exactly the T-junctions no wider than their stem
// (signedT) and stands a sign on the stems the check can judge: Town05's
// inner loop's two Ts and the avenue's ends at the west and east loops,
// seven of Town03's Ts (and junction 31, where road 52 joins askew,
// which is no crossing and had no lights before either); the Ts joining
// Town05's three-lane ring (13, 20) and its avenue from one-lane roads
// (17, 18) keep their lights.
func TestSignedT(t *testing.T) {
	for _, c := range []struct {
		town  string
		unlit []int
		signs int
	}{
		{"Town03", []int{0, 7, 10, 13, 25, 27, 30, 31}, 6},
		{"Town05", []int{2, 11, 12, 15}, 4},
	} {
		n := newODRNetwork(townNet(t, c.town))
		var unlit []int
		for j := range n.junctions {
			if n.signedT(j) {
				unlit = append(unlit, j)
				if n.junctions[j].phases != 0 {
					t.Errorf("%s junction %d: signed T with %d phases", c.town, j, n.junctions[j].phases)
				}
			}
		}
		if !slices.Equal(unlit, c.unlit) {
			t.Errorf("%s: signed Ts %v, want %v", c.town, unlit, c.unlit)
		}
		signs := 0
		for a := range n.approaches {
			if ap := &n.approaches[a]; ap.signed && ap.kind == approachStop {
				signs++
			}
		}
		if signs != c.signs || len(n.signs) != c.signs {
			t.Errorf("%s: %d stop entries, %d sign actors; want %d", c.town, signs, len(n.signs), c.signs)
		}
	}
}

// TestSignOrder: the demo's made-up stop signs stand in the same order
// on every build of a town's network, so a seed gives the same bytes:
// they were appended in the order of a map of the lane map's ties, and
// Town04's recording (whose signs are actors with ids in that order)
// differed from run to run.
func TestSignOrder(t *testing.T) {
	rn := townNet(t, "Town04")
	first := newODRNetwork(rn).signs
	if len(first) < 2 {
		t.Fatalf("%d signs on Town04, want several", len(first))
	}
	for range 5 {
		if again := newODRNetwork(rn).signs; !slices.Equal(again, first) {
			t.Fatalf("signs in another order: %v, then %v", first, again)
		}
	}
}
