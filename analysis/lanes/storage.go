package lanes

import "context"

// The tracks' storage.
//
// A 20-minute recording of 200 vehicles keeps 4.8 million samples, 154
// MB, all of it memory the process never touched before. Writing it
// faulted it in a page at a time, and on a virtual machine (where many of
// our users run the viewer, over VNC) a fault costs 8-15 us: 0.3-0.5 s of
// a pass whose decoding costs about 1 s. So the pass takes every track's
// storage from one slab, sized beforehand from the spawn and destroy
// events (EstimateSamples), and has the kernel give the slab its pages in
// a few calls (populate), on a goroutine of its own while the decoding
// starts: about a third of the cost.

// maxSlab is the most samples the pass takes in one slab (4 GiB); a
// larger pass, which the window declines anyway, allocates track by track.
const maxSlab = 1 << 27

// populateStep is how much of the slab one call populates: a cancelled
// pass stops within one.
const populateStep = 32 << 20 / SampleBytes

// slab is the storage that the tracks are cut from.
type slab struct {
	all  []sample      // the whole slab: fill's, read-only
	rest []sample      // what take has not given out: the decoder's
	done chan struct{} // closed when fill is over
}

func newSlab(n int64) *slab {
	sl := &slab{done: make(chan struct{})}
	if n > 0 && n <= maxSlab {
		sl.all = make([]sample, n)
		sl.rest = sl.all
	}
	return sl
}

// fill populates the slab's pages, step by step, until ctx ends.
func (sl *slab) fill(ctx context.Context) {
	defer close(sl.done)
	for i := 0; i < len(sl.all) && ctx.Err() == nil; i += populateStep {
		populate(sl.all[i:min(i+populateStep, len(sl.all))])
	}
}

// take returns storage for n samples: the slab's next n when it has them
// (with no room to grow into the next track's), else new memory.
func (sl *slab) take(n int) []sample {
	if n > len(sl.rest) {
		return make([]sample, n)
	}
	s := sl.rest[:n:n]
	sl.rest = sl.rest[n:]
	return s
}
