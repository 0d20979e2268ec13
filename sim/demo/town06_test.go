package demo

import (
	"math"
	"testing"
)

// TestTown06Apart measures why the rogue cannot stage all five kinds on
// Town06 at any seed (townKinds): its stop-sign act and its wrong-way
// act lie in parts of the network that no way joins. The wrong-way there
// is the act across a median (roguemedian.go), begun on the way into the
// leftmost lane of a divided road (medianInto); the stop signs are made
// up (odrsigns.go) and stand before three lanes. The rogue changes no
// lane between junctions and the ways keep to their side of a road, so
// what it can drive after a lane is what the ways from that lane's end
// reach. The test logs the places and the nearest distance, and fails
// when a way joins the two, so that townKinds is raised then.
func TestTown06Apart(t *testing.T) {
	rn := townNet(t, "Town06")
	s := &sim{net: newODRNetwork(rn)}
	n := s.net
	var stops, meds []int
	for l := range n.lanes {
		if s.actLane(actStopSign, l) {
			stops = append(stops, l)
		}
		if s.medianInto(l) {
			meds = append(meds, l)
		}
	}
	if len(stops) == 0 || len(meds) == 0 {
		t.Fatalf("stop lanes %v, median lanes %v: want both on Town06", stops, meds)
	}
	near, pair := math.Inf(1), [2]int{}
	for _, a := range stops {
		ln := &n.lanes[a]
		p, _ := ln.path.at(ln.path.length())
		reach := lanesFrom(n, a)
		t.Logf("stop lane %d (road %s) ends at (%.0f, %.0f); the ways from it reach %d lanes", a, rn.Roads[ln.road].ID, p[0], p[1], countTrue(reach))
		for _, d := range meds {
			q, _ := n.lanes[d].path.at(0)
			if dist := flat(q).Sub(flat(p)).Len(); dist < near {
				near, pair = dist, [2]int{a, d}
			}
			if reach[d] {
				t.Errorf("stop lane %d leads on to median lane %d: Town06 may stage all five kinds now (raise townKinds)", a, d)
			}
		}
	}
	for _, d := range meds {
		ln := &n.lanes[d]
		p, _ := ln.path.at(0)
		reach := lanesFrom(n, d)
		t.Logf("median lane %d (road %s) starts at (%.0f, %.0f); the ways from it reach %d lanes", d, rn.Roads[ln.road].ID, p[0], p[1], countTrue(reach))
		for _, a := range stops {
			if reach[a] {
				t.Errorf("median lane %d leads on to stop lane %d: Town06 may stage all five kinds now (raise townKinds)", d, a)
			}
		}
	}
	t.Logf("nearest: stop lane %d's line and median lane %d's start, %.0f m apart", pair[0], pair[1], near)
}

// lanesFrom marks the lanes some way leads to from the end of lane l,
// however many lanes on.
func lanesFrom(n *network, l int) []bool {
	seen := make([]bool, len(n.lanes))
	queue := []int{l}
	for len(queue) > 0 {
		c := queue[0]
		queue = queue[1:]
		for _, m := range n.lanes[c].out {
			if to := n.moves[m].to; !seen[to] {
				seen[to] = true
				queue = append(queue, to)
			}
		}
	}
	return seen
}

// countTrue is how many are true.
func countTrue(bs []bool) int {
	k := 0
	for _, b := range bs {
		if b {
			k++
		}
	}
	return k
}
