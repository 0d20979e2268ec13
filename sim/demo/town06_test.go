package demo

import (
	"slices"
	"testing"

	"github.com/mm2carla/viewer/analysis/towns"
)

// TestTurnaroundSigns holds the stop signs before Town06's turnarounds
// (turnaround.go): only Town06 has them (Town03's cul-de-sac loop at
// junction 29 keeps none: its roads are not all divided); there they
// stand at the ends of roads 33 and 54, whose every lane goes on into
// the loop; and the leftmost of those lanes leads, through the loop, on
// to the lane beside which the rogue drives the wrong way across the
// median (roguemedian.go), so one rogue can stage both. Before, the
// demo's stop signs on Town06 stood on lanes no way joins with those
// (lanes 16 and 18, on a closed loop of four lanes, and lane 141).
func TestTurnaroundSigns(t *testing.T) {
	for _, town := range towns.Builtin() {
		rn := townNet(t, town)
		n := newODRNetwork(rn)
		s := &sim{net: n}
		var roads []string
		for j := range n.junctions {
			for _, a := range n.turnIns(j) {
				if ap := &n.approaches[a]; ap.kind != approachStop || !ap.signed {
					t.Errorf("%s: turnaround entry %d (road %s) is no stop", town, a, rn.Roads[ap.road].ID)
				}
				roads = append(roads, rn.Roads[n.approaches[a].road].ID)
			}
		}
		slices.Sort(roads)
		want := []string(nil)
		if town == "Town06" {
			want = []string{"33", "54"}
		}
		if !slices.Equal(roads, want) {
			t.Errorf("%s: turnaround stops on roads %v, want %v", town, roads, want)
		}
		if town != "Town06" {
			continue
		}
		for j := range n.junctions {
			for _, a := range n.turnIns(j) {
				ls := n.approaches[a].lanes
				left := ls[slices.IndexFunc(ls, func(l int) bool { return n.lanes[l].rank == 0 })]
				loop, next := n.moves[n.lanes[left].out[0]].to, -1
				for _, m := range n.lanes[loop].out {
					if d := n.moves[m].to; s.medianInto(d) {
						next = d
					}
				}
				if len(n.lanes[left].out) != 1 || next < 0 {
					t.Errorf("stop lane %d (road %s) leads through loop %d to no median lane", left, rn.Roads[n.lanes[left].road].ID, loop)
				}
				t.Logf("stop lane %d (road %s) leads through loop %d to median lane %d", left, rn.Roads[n.lanes[left].road].ID, loop, next)
			}
		}
	}
}

// TestMedianEdge: the lanes into whose median the rogue may drift for
// its off-lane (medianEdge) are Town06's leftmost lanes of its divided
// roads 33, 34, 54 and 58, and no lane of another town.
func TestMedianEdge(t *testing.T) {
	for _, town := range towns.Builtin() {
		rn := townNet(t, town)
		s := &sim{net: newODRNetwork(rn)}
		var roads []string
		for l := range s.net.lanes {
			if s.medianEdge(l) {
				if s.net.lanes[l].rank != 0 {
					t.Errorf("%s: lane %d of rank %d", town, l, s.net.lanes[l].rank)
				}
				if id := rn.Roads[s.net.lanes[l].road].ID; !slices.Contains(roads, id) {
					roads = append(roads, id)
				}
			}
		}
		slices.Sort(roads)
		want := []string(nil)
		if town == "Town06" {
			want = []string{"33", "34", "54", "58"}
		}
		if !slices.Equal(roads, want) {
			t.Errorf("%s: median edges on roads %v, want %v", town, roads, want)
		}
	}
}

// TestFastest: the least time over a stretch starting and ending at one
// speed, with and without a cruise at the top speed between.
func TestFastest(t *testing.T) {
	for _, c := range []struct{ length, v0, top, want float64 }{
		{0, 5, 10, 0},
		// up 5->10 at 1.6 m/s^2 (23.4 m, 3.125 s), down at 1.5 (25 m, 3.333 s), 51.6 m at 10
		{100, 5, 10, 3.125 + 10.0/3 + 5.15625},
		// no room for the top: the peak is 8.453 m/s
		{30, 5, 20, 3.453/1.6 + 3.453/1.5},
		{50, 10, 10, 5},
	} {
		if got := fastest(c.length, c.v0, c.top); got < c.want-0.01 || got > c.want+0.01 {
			t.Errorf("fastest(%v, %v, %v) = %.3f, want %.3f", c.length, c.v0, c.top, got, c.want)
		}
	}
}
