package lanes

import (
	"context"
	"testing"
)

// TestSlabTake checks that tracks get consecutive pieces of the slab that
// cannot grow into each other, and new memory once it is used up.
func TestSlabTake(t *testing.T) {
	sl := newSlab(10)
	a, b := sl.take(4), sl.take(5)
	if len(a) != 4 || cap(a) != 4 || len(b) != 5 || cap(b) != 5 {
		t.Fatalf("len/cap %d/%d and %d/%d, want 4/4 and 5/5", len(a), cap(a), len(b), cap(b))
	}
	if &a[0] != &sl.all[0] || &b[0] != &sl.all[4] {
		t.Fatal("pieces are not the slab's, in order")
	}
	c := sl.take(2) // one left: new memory
	if len(c) != 2 || &c[0] == &sl.all[9] {
		t.Fatal("a piece larger than what is left came from the slab")
	}
	if d := sl.take(1); &d[0] != &sl.all[9] {
		t.Fatal("the last sample of the slab was not given out")
	}
	if newSlab(maxSlab+1).all != nil || newSlab(0).all != nil {
		t.Fatal("a slab was made beyond the limit or for nothing")
	}
}

// TestPopulateKeepsBytes checks that populating memory (here several
// pages, at an offset that is not a page's) changes none of it, and
// that fill finishes, also when cancelled.
func TestPopulateKeepsBytes(t *testing.T) {
	sl := newSlab(3 * populateStep / 2)
	for i := range sl.all {
		sl.all[i].pos[0], sl.all[i].lane = float32(i), uint8(i)
	}
	populate(sl.all[3:])
	sl.fill(context.Background())
	<-sl.done
	for i := range sl.all {
		if sl.all[i].pos[0] != float32(i) || sl.all[i].lane != uint8(i) {
			t.Fatalf("sample %d changed", i)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	sl = newSlab(10)
	sl.fill(ctx)
	<-sl.done
}
