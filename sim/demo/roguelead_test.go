package demo

import (
	"testing"

	"github.com/mm2carla/viewer/analysis/faults"
)

// TestLeadCar holds the lead car of Town06's run (roguelead.go): the
// rogue's close call is with it, and the check finds nothing else
// against it (no fault of its own, no other close call, no collision).
// It is the actor spawned right after the rogue (addLead). Other towns
// never get one: their wrong-way is the swerve (TestRogueMedian), and
// their runs are those of before (TestRogueOnTowns).
func TestLeadCar(t *testing.T) {
	if testing.Short() {
		t.Skip("a two-minute demo on Town06, with its plans")
	}
	sum, _, found := townChecked(t, Options{Seed: DefaultSeed, Minutes: DefaultMinutes, MapName: "Town06"})
	lead, closeCalls := sum.Rogue+1, 0
	for _, f := range found.Faults {
		switch {
		case f.Kind == faults.CloseCall && f.Actor == sum.Rogue && f.Other == lead:
			closeCalls++
		case f.Actor == lead || f.Other == lead:
			t.Errorf("the lead car %d has %v at %.2f-%.2f", lead, f.Kind, f.Start, f.End)
		}
	}
	if closeCalls != 1 {
		t.Errorf("the rogue has %d close calls with the lead car %d, want 1", closeCalls, lead)
	}
}
