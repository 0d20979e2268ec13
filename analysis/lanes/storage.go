package lanes

import (
	"context"
	"fmt"

	"github.com/mm2carla/viewer/scene"
)

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

// A recording's spawn and destroy events say how many samples the pass
// will keep, before a frame is read, and a few bytes of events can claim
// billions: thousands of vehicles spawned once and never destroyed, over
// frames that hold nothing. CARLA writes a position of 28 bytes or more
// for every actor in every frame, so a real recording's frames hold more
// bytes than minSampleBytes for each sample it gives. A claim beyond that
// (and beyond freeSamples, which any recording may have) is refused
// before anything is allocated for it (CheckClaim); within it, the slab
// is committed at once.
const (
	minSampleBytes = 16
	freeSamples    = 1 << 20
)

// ClaimError is Associate's refusal of a recording whose spawn and
// destroy events keep vehicles alive for more samples than its frames
// could have recorded.
type ClaimError struct {
	Samples    int64 // what the events claim
	FrameBytes int64 // the bytes of the recording's frames
}

func (e *ClaimError) Error() string {
	return fmt.Sprintf("lanes: the recording's spawn and destroy events keep vehicles alive for %d samples (%d MiB), "+
		"more than its %d bytes of frames can hold (CARLA writes 28 bytes or more for a vehicle in a frame): not associated",
		e.Samples, e.Samples*SampleBytes>>20, e.FrameBytes)
}

// CheckClaim returns the *ClaimError that Associate gives rec, or nil: a
// command that draws trails can then leave them out and still draw.
func CheckClaim(rec *scene.Recording) error { return checkClaim(rec, EstimateSamples(rec)) }

// checkClaim refuses a recording whose events claim more vehicle samples
// (n) than its frames could have recorded.
func checkClaim(rec *scene.Recording, n int64) error {
	fr := rec.Frames()
	var bytes int64
	if len(fr) > 0 {
		bytes = fr[len(fr)-1].End - fr[0].Offset
	}
	if n <= freeSamples || n <= bytes/minSampleBytes {
		return nil
	}
	return &ClaimError{Samples: n, FrameBytes: bytes}
}

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
