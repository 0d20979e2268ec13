package scene

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"sync"
	"sync/atomic"

	"github.com/mm2carla/viewer/format/recorder"
)

// Recording is an opened recording that can show its state at any time,
// forward or backward, in about the same time whatever the file size.
//
// Open reads the file once: it indexes the frames and applies every frame
// to a World (scan.go), keeping a compact keyframe every keySpacing bytes
// (which widens with the file), the static data of every actor, and the timeline's
// events, blocked spans included. StateAt then costs a binary search for the frame plus decoding
// from the nearest keyframe before it: about keySpacing and a few frames.
// The file is never held whole: Open reads a big file on disk through a
// mapping of it whose pages it lets go as it goes (mapped.go), seeks read
// it with ReadAt.
//
// The methods are safe for concurrent use; StateAt calls are serialized.
type Recording struct {
	src      io.ReaderAt
	ix       *recorder.Index
	frames   []recorder.FrameInfo // complete, decodable frames (a prefix of ix.Frames)
	times    []float64            // frame times made non-decreasing, for searching
	keys     []keyframe
	statics  *staticTable
	events   []Event
	err      error
	refills  int  // frames Open decoded again for skimmed values (tests check the path runs)
	redone   int  // pieces of the file the scan read again itself (pieces.go)
	noDist   bool // OpenAt's: Actor.Distance is not computed (0)
	keysLeft int  // keyframes OpenAt left out (tests check the path runs)
	// How the file was read (mapped.go; tests check the paths run): the
	// decoders read its mapping; the scan's read of it faulted and Open
	// started again without it.
	mapped, remapped bool

	mu  sync.Mutex
	sk  seeker
	fc  frameCache
	tmp State
}

// Progress lets a UI goroutine watch Open running in another: pass its
// Report method as Open's progress callback and read Load from anywhere.
type Progress struct{ done, total atomic.Int64 }

// Report records progress; it has the signature of Open's callback.
func (p *Progress) Report(done, total int64) {
	p.total.Store(total)
	p.done.Store(done)
}

// Load returns the last reported progress.
func (p *Progress) Load() (done, total int64) { return p.done.Load(), p.total.Load() }

// progressStep is how often (in bytes) Open reports progress.
const progressStep = 4 << 20

// Open reads the recording of size bytes in r and prepares it for StateAt.
// It is meant to run in a background goroutine; progress, if not nil, is
// called from that goroutine with the bytes read so far out of size. See
// OpenContext to cancel it.
//
// A file that is truncated or corrupt after some complete frames opens
// with those frames, and the error (a *recorder.FormatError with the byte
// offset) is kept in Err. Open fails only when the header is bad or not
// one frame is complete.
func Open(r io.ReaderAt, size int64, progress func(done, total int64)) (*Recording, error) {
	return OpenContext(context.Background(), r, size, progress)
}

// OpenContext is Open stopping early, with ctx's error, when ctx is done.
//
// It reads the file once: a big file in pieces that goroutines read and
// check while the scan applies the pieces before (pieces.go); the scan's
// reader lists the frames as it goes (recorder.Reader.TrackFrames), so the
// index costs no second read. Only a file with a record that cannot be
// decoded is indexed again with recorder.BuildIndex, which goes on past
// that frame.
func OpenContext(ctx context.Context, r io.ReaderAt, size int64, progress func(done, total int64)) (*Recording, error) {
	return openRule(ctx, r, size, progress, DefaultBlockRule())
}

// OpenAt opens the recording for the one moment t (seconds since it
// began), for a program that shows one state and exits (`viewer state`,
// `viewer shot`): it reads and checks the whole file as OpenContext does,
// finding the same frames and the same error, but applies the frames only
// up to the first one after t. StateAt at t is then what Open's
// Recording gives, bit for bit, except that Distance is not computed (it
// is 0: it would need every step of every actor before t), and as fast;
// at another time it decodes from the keyframe before it, and OpenAt
// keeps about one keyframe per 4 MiB before t's and none after (slow
// far from t). Events lists only the events of the frames applied, and
// no blocked spans (they need the whole file; Blocked still reads it).
func OpenAt(ctx context.Context, r io.ReaderAt, size int64, t float64, progress func(done, total int64)) (*Recording, error) {
	return open(ctx, r, size, progress, openOptions{rule: DefaultBlockRule(), moment: true, at: t})
}

// openOptions are what the ways of opening differ in.
type openOptions struct {
	rule   BlockRule // for the blocked spans (tests use shorter times than CARLA's 30 s)
	moment bool      // OpenAt
	at     float64
}

// openRule is OpenContext listing blocked spans by the given rule.
func openRule(ctx context.Context, r io.ReaderAt, size int64, progress func(done, total int64), rule BlockRule) (*Recording, error) {
	return open(ctx, r, size, progress, openOptions{rule: rule})
}

func open(ctx context.Context, r io.ReaderAt, size int64, progress func(done, total int64), o openOptions) (*Recording, error) {
	if size < 0 {
		return nil, fmt.Errorf("scene: negative size %d", size)
	}
	head, err := readHead(r, size)
	if err != nil {
		return nil, err
	}
	m := mapSource(r, size)
	if m != nil {
		if rec, faulted, err := openMapped(ctx, r, size, head, progress, o, m); !faulted {
			return rec, err
		}
		// The file shrank under the mapping: read it as it is now.
	}
	rec, err := openWith(ctx, r, size, head, progress, o, nil)
	if rec != nil {
		rec.remapped = m != nil
	}
	return rec, err
}

// openMapped is openWith with the decoders reading the file's mapping m,
// which it unmaps when done; faulted reports that the mapping faulted in
// the scan (see mapped.go), and then it returns nothing else.
func openMapped(ctx context.Context, r io.ReaderAt, size int64, head *recorder.Index, progress func(done, total int64),
	o openOptions, m *fileMap) (rec *Recording, faulted bool, err error) {
	defer m.close()
	defer faultPanics()()
	defer func() {
		if v := recover(); v != nil {
			if !m.faulted(v) {
				panic(v)
			}
			rec, faulted, err = nil, true, nil
		}
	}()
	rec, err = openWith(ctx, r, size, head, progress, o, m)
	return rec, false, err
}

// openWith opens the recording whose header and first frames are head,
// its decoders reading mapped when it is not nil.
func openWith(ctx context.Context, r io.ReaderAt, size int64, head *recorder.Index, progress func(done, total int64),
	o openOptions, mapped *fileMap) (*Recording, error) {
	rule := o.rule
	rec := &Recording{src: r, statics: newStaticTable(), noDist: o.moment}
	report := func(done int64) {
		if progress != nil {
			progress(done, size)
		}
	}
	sc := scanner{rec: rec, size: size, rule: rule, until: math.Inf(1), mapped: mapped}
	if o.moment {
		sc.moment, sc.until = true, o.at // NaN: the first frame's time
	}
	decoded, scanErr := sc.run(ctx, head, report)
	rec.refills, rec.redone, rec.keysLeft = sc.refetched, sc.redone, sc.keysLeft
	rec.mapped = sc.readMapped
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if err := rec.settle(&sc, decoded, scanErr, size); err != nil {
		return nil, err
	}
	rec.statics.lookup = true
	rec.times = searchTimes(rec.frames)
	rec.events = trimEvents(mergeSpans(rec.events, rec.spans(&sc), len(rec.frames)))
	rec.sk = seeker{rec: rec, w: NewWorld()}
	rec.sk.w.statics, rec.sk.w.skimSeen = rec.statics, true
	report(size)
	return rec, nil
}

// readHead reads the info header and the first frames, whose packets
// show the layout (see recorder.Layout), for the decoders of pieces to
// start with.
func readHead(r io.ReaderAt, size int64) (*recorder.Index, error) {
	rd, err := recorder.NewReader(io.NewSectionReader(r, 0, size))
	if err != nil {
		return nil, err
	}
	rd.TrackFrames()
	for frames := 0; frames < 4; {
		p, err := rd.Next()
		if err != nil {
			break
		}
		if p.ID() == recorder.IDFrameEnd {
			frames++
		}
	}
	ix := rd.Index()
	ix.Frames, ix.Size = nil, ix.HeaderSize
	return ix, nil
}

// settle takes the index the scan's readers made (or, after an
// undecodable record, BuildIndex's) and keeps the frames the scan applied
// whole.
func (rec *Recording) settle(sc *scanner, decoded int, scanErr error, size int64) error {
	rec.ix = sc.index()
	rec.err = scanErr
	switch {
	case sc.payloadErr:
		// The reader stopped inside a frame; the frames after it may
		// still index fine (Recording.Index lists them).
		ix, err := recorder.BuildIndex(rec.src, size, nil)
		if err != nil {
			return err
		}
		rec.ix = ix
	case scanErr != nil:
		// The framing, or the data, stopped the reader between frames,
		// where BuildIndex, sharing its rules, stops too.
		rec.ix.Err = scanErr
	}
	rec.truncate(min(decoded, len(rec.ix.Frames)))
	if len(rec.frames) == 0 {
		if rec.err != nil {
			return fmt.Errorf("no complete frame: %w", rec.err)
		}
		return errors.New("recorder: the file has no frames")
	}
	return nil
}

// searchTimes returns the frames' start times made non-decreasing (a NaN
// or a step back repeats the time before it), for binary search.
func searchTimes(frames []recorder.FrameInfo) []float64 {
	times := make([]float64, len(frames))
	for i, f := range frames {
		t := f.Elapsed
		if i > 0 && !(t >= times[i-1]) { // also catches NaN
			t = times[i-1]
		}
		if i == 0 && (math.IsNaN(t) || math.IsInf(t, 0)) {
			t = 0
		}
		times[i] = t
	}
	return times
}

// spans returns the blocked spans of the usable frames in file order:
// the scan's, unless it stopped inside a frame, part of which the rule
// has seen; then the rule runs again over the usable frames only.
func (rec *Recording) spans(sc *scanner) []Event {
	if sc.moment {
		return nil
	}
	if !sc.payloadErr {
		return finishSpans(sc.w.watch)
	}
	spans, _ := rec.blocked(sc.rule) // its error is the one in rec.err
	sortSpans(spans)
	return spans
}

// truncate keeps the first n frames (n <= len(rec.ix.Frames)) and the
// keyframes and events within them.
func (rec *Recording) truncate(n int) {
	rec.frames = rec.ix.Frames[:n]
	for len(rec.keys) > 0 && rec.keys[len(rec.keys)-1].frame >= n {
		rec.keys = rec.keys[:len(rec.keys)-1]
	}
	i := len(rec.events)
	for i > 0 && rec.events[i-1].Frame >= n {
		i--
	}
	rec.events = rec.events[:i]
}

// Err returns what stopped the recording early (nil if the whole file is
// good): the complete frames before it are still available.
func (rec *Recording) Err() error { return rec.err }

// Header returns the recording's info header.
func (rec *Recording) Header() recorder.Header { return rec.ix.Header }

// Index returns the frame index (read-only). Its Frames may be longer than
// Frames() when a frame that indexes fine could not be decoded.
func (rec *Recording) Index() *recorder.Index { return rec.ix }

// Frames returns the usable frames (read-only).
func (rec *Recording) Frames() []recorder.FrameInfo { return rec.frames }

// Times returns each frame's start time in seconds, made non-decreasing
// (read-only): frame i covers [Times()[i], Times()[i+1]).
func (rec *Recording) Times() []float64 { return rec.times }

// Duration returns the time of the last frame (as CARLA's info prints it).
func (rec *Recording) Duration() float64 { return rec.times[len(rec.times)-1] }

// Events returns the timeline's events in file order (read-only): their
// frames never decrease. Collisions are listed when a pair starts
// touching, not every frame it stays in contact (their Duration says how
// long it did). Blocked spans (CARLA's
// rule with BlockedTime and BlockedDistance, see blockrule.go) are listed
// at the frame they began, after that frame's other events; Event.End is
// where they end. The list is complete when Open returns and never
// changes.
func (rec *Recording) Events() []Event { return rec.events }

// Keyframes returns how many keyframes Open kept (for tests and
// performance notes).
func (rec *Recording) Keyframes() int { return len(rec.keys) }

// FrameAt returns the index of the frame shown at time t: the last frame
// starting at or before t, clamped to the recording. NaN gives frame 0.
func (rec *Recording) FrameAt(t float64) int {
	lo, hi := 0, len(rec.times) // find the first frame after t
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if rec.times[m] <= t {
			lo = m + 1
		} else {
			hi = m
		}
	}
	return max(lo-1, 0)
}
