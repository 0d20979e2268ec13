package app

import (
	"slices"
	"testing"
)

// TestDiffOrder: the differences list puts the hero first, then the
// actors that diverge, the most first, then those of one run only by
// time, whatever order they were found in.
func TestDiffOrder(t *testing.T) {
	rows := []diffRow{
		{kind: DiffOnlyB, t: 0, id: 7},
		{kind: DiffDiverges, t: 10, id: 2, peak: 5},
		{kind: DiffOnlyA, t: 3, id: 1, hero: true},
		{kind: DiffDiverges, t: 1, id: 3, peak: 2},
		{kind: DiffOnlyA, t: 2, id: 8},
		{kind: DiffDiverges, t: 20, id: 1, peak: 1, hero: true},
		{kind: DiffDiverges, t: 4, id: 4, peak: 9},
	}
	slices.SortStableFunc(rows, diffOrder)
	var got []uint32
	for _, r := range rows {
		got = append(got, r.id)
	}
	if want := []uint32{1, 1, 4, 2, 3, 7, 8}; !slices.Equal(got, want) || rows[0].kind != DiffDiverges {
		t.Errorf("order %v (first %v), want %v, the hero's divergence first", got, rows[0].kind, want)
	}
	if got := shortBlueprint("vehicle.tesla.model3"); got != "tesla.model3" {
		t.Errorf("short blueprint %q", got)
	}
}
