package demo

import (
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
