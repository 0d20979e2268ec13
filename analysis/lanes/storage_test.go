package lanes

import (
	"bytes"
	"context"
	"runtime"
	"testing"

	"github.com/mm2carla/viewer/internal/testrec"
	"github.com/mm2carla/viewer/scene"
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

// claimRecording opens testrec.Crowd.
func claimRecording(t testing.TB, vehicles, frames int) *scene.Recording {
	data := testrec.Crowd(vehicles, frames)
	rec, err := scene.Open(bytes.NewReader(data), int64(len(data)), nil)
	if err != nil {
		t.Fatal(err)
	}
	return rec
}

// TestAssociateRefusesClaims: a recording whose events claim far more
// samples than its frames could hold (here 8 million, 256 MiB, from
// about 100 kB) is refused at once, allocating little; one that claims
// few samples is associated, also over empty frames.
func TestAssociateRefusesClaims(t *testing.T) {
	rec := claimRecording(t, 2000, 4000)
	if n := EstimateSamples(rec); n != 2000*4000 {
		t.Fatalf("estimate %d, want %d", n, 2000*4000)
	}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	a, err := Associate(context.Background(), rec, nil, nil)
	runtime.ReadMemStats(&after)
	if err == nil || a != nil {
		t.Fatalf("associated a claim of %d samples: %v", EstimateSamples(rec), err)
	}
	if got := after.TotalAlloc - before.TotalAlloc; got > 16<<20 {
		t.Errorf("refusing allocated %d MiB", got>>20)
	}
	small := claimRecording(t, 20, 400)
	a, err = Associate(context.Background(), small, nil, nil)
	if err != nil || a.Samples() != 20*400 {
		t.Fatalf("a small recording: %v, %d samples, want %d", err, a.Samples(), 20*400)
	}
}
