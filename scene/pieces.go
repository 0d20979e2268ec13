package scene

import (
	"context"
	"io"
	"math"
	"sync"
	"sync/atomic"

	"github.com/mm2carla/viewer/format/recorder"
)

// Open splits a big file into pieces that other goroutines read and check
// while the scan (scan.go) applies the ones before: reading a gigabyte
// from the page cache costs about what the whole scan of it costs, and
// checking every packet about as much again, while applying the frames
// must go in order. A piece is the frames that start in one stretch of
// pieceSize bytes; a decoder finds the first of them by their packet
// headers (recorder.FindFrame), reads them whole into a buffer of its own
// and checks every packet as a Reader from the start of the file would.
// The scan then decodes from that buffer, with no copy and no second
// read, only what it applies (recorder.Reader.Ignore), and takes from the
// decoder which actors each animation, light and kinematics packet names
// for the first time (firsts), so as not to look at the others.
//
// A piece is used only if it starts where the one before it ends, which
// the scan knows exactly; a piece that does not (a payload that looked
// like frames), or that could not be read or checked, is read again by
// the scan from where the one before ended, through a Reader of the file,
// so that a damaged file gives the same frames and the same error as a
// read from the start.

// pieceSize is the stretch of the file one piece covers. Bigger pieces
// mean fewer hand-overs, smaller ones less memory in flight (one piece
// more than there are decoders, see newPieces).
const pieceSize = 4 << 20

// skimGroups are the packets whose values the scan needs only at
// keyframes, with their group of actor values (see actorState).
var skimGroups = [...]struct {
	id recorder.PacketID
	g  int
}{
	{recorder.IDVehicleAnimation, gControl},
	{recorder.IDWalkerAnimation, gWalker},
	{recorder.IDVehicleLight, gLights},
	{recorder.IDKinematics, gKin},
}

// piece is the frames of one stretch of the file, read and checked.
type piece struct {
	index int
	start int64  // file offset of data[0], a frame start; -1: no frame starts in the stretch
	data  []byte // whole frames
	// bad: the frames from start+len(data) on (at least the one that
	// starts there) could not be read or checked here.
	bad bool
	// firsts[ends[k-1]:ends[k]] are the actors the k-th animation, light
	// or kinematics packet of the piece names for the first time in the
	// piece since their last spawn.
	firsts []uint32
	ends   []int32
	// knew is the layout the decoder started with.
	knew *recorder.Index
	// The decoder's sums of the actors' steps, and what the scan must
	// take itself (movement.go).
	marks      []mark
	moves      []move
	firstMoves []firstMove
	// frames lists the piece's frames (for a scan that stops early and
	// only needs the index of the rest); light: the decoder only checked
	// them (no firsts, marks or movements).
	frames []recorder.FrameInfo
	light  bool
	// faulted: the file's mapping faulted while the decoder read it: the
	// scan reads the piece again itself.
	faulted bool
	mapped  bool // data is the file's mapping's (tests)
	// keyMarks: the decoder marked every keyframe candidate (always for
	// Open; for OpenAt only in a piece that may hold its moment).
	keyMarks bool

	buf []byte // what data is cut from (from buf[at]): mem's, or the file's mapping
	at  int
	mem []byte // the piece's own buffer, reused for the next piece
}

// end is the offset just past the piece's frames.
func (p *piece) end() int64 { return p.start + int64(len(p.data)) }

// pieces hands the scan the pieces of a file in order, read and checked
// by decoders on other goroutines (or, for a small file, by the scan's own
// goroutine when it asks).
type pieces struct {
	ctx       context.Context
	src       io.ReaderAt
	size      int64
	plen      int64 // the stretch a piece covers
	key       int64 // keyframe spacing
	body      int64 // where the frames begin (the header's size)
	count     int
	results   []chan *piece // piece i arrives on results[i]
	free      chan *piece   // buffers: how many pieces may be in flight
	mu        sync.Mutex
	next      int             // the next piece a decoder takes
	first     *recorder.Index // the header, for piece 0
	known     *recorder.Index // the layout the scan knows, for decoders starting a piece
	lightFrom atomic.Int64    // pieces from this one on are only checked (a scan that stopped)
	own       decoder         // the scan's, for small files and pieces read again
	moment    *momentCut      // OpenAt's: what its decoders leave out; nil for Open
	mapped    *fileMap        // the file's mapping, which the decoders read (not own); nil: ReadAt
	redone    int             // decoded pieces read again (see fits)
	faults    atomic.Int32    // pieces whose mapping faulted (tests)
	wg        sync.WaitGroup
	cancel    context.CancelFunc
}

// newPieces starts workers decoders of stretches of plen bytes; with 0
// the scan reads each piece itself when it asks for it. Piece 0 is checked
// with first (the header, no layout), the others with known (the layout
// the file's first frames show) until the scan knows more. moment is nil
// for Open.
func newPieces(ctx context.Context, src io.ReaderAt, size int64, first, known *recorder.Index, workers int, plen, key int64, moment *momentCut, mapped *fileMap) *pieces {
	ps := &pieces{src: src, size: size, plen: plen, key: key, body: first.HeaderSize, first: first, known: known, moment: moment}
	if workers > 0 {
		ps.mapped = mapped
	}
	ps.own = ps.decoder()
	ps.count = int((size - ps.body + plen - 1) / plen)
	window := workers + 1
	ps.free = make(chan *piece, window)
	for range window {
		ps.free <- &piece{}
	}
	ps.ctx, ps.cancel = context.WithCancel(ctx)
	ps.lightFrom.Store(math.MaxInt64)
	if workers > 0 {
		ps.results = make([]chan *piece, ps.count)
		for i := range ps.results {
			ps.results[i] = make(chan *piece, 1)
		}
	}
	for range workers {
		ps.wg.Add(1)
		go ps.work()
	}
	return ps
}

// decoder returns a decoder of the file's pieces.
func (ps *pieces) decoder() decoder {
	d := decoder{src: ps.src, size: ps.size, plen: ps.plen, body: ps.body, key: ps.key, moment: ps.moment}
	d.trk.noSteps = ps.moment != nil
	return d
}

// workDecoder returns a decoder for a goroutine of work: it reads the
// file's mapping, when there is one (the scan's own decoder does not).
func (ps *pieces) workDecoder() decoder {
	d := ps.decoder()
	d.mapped = ps.mapped
	return d
}

// bounds returns the stretch piece i covers.
func (ps *pieces) bounds(i int) (lo, hi int64) {
	lo = ps.body + int64(i)*ps.plen
	return lo, min(lo+ps.plen, ps.size)
}

// work decodes pieces until none is left or the scan stops. A decoder
// takes a buffer before it takes the next piece, so the pieces in flight
// are always the first ones the scan has not finished, and the one it
// waits for is always being decoded.
func (ps *pieces) work() {
	defer ps.wg.Done()
	if ps.mapped != nil {
		defer faultPanics()()
	}
	d := ps.workDecoder()
	for {
		var p *piece
		select {
		case p = <-ps.free:
		case <-ps.ctx.Done():
			return
		}
		ps.mu.Lock()
		i, ix := ps.next, ps.known
		if i == 0 {
			ix = ps.first
		}
		ps.next++
		ps.mu.Unlock()
		if i >= ps.count {
			return
		}
		p.index = i
		p.light = int64(i) >= ps.lightFrom.Load()
		lo, hi := ps.bounds(i)
		start := int64(-1)
		if i == 0 {
			start = ps.body
		}
		ps.decode(&d, p, lo, hi, start, ix)
		ps.results[i] <- p
	}
}

// decode is a decoder's d.decode of piece p: when the mapped file shrank
// under it (a fault, see mapped.go), p is left with no frames, which the
// scan then reads again itself from the file, and d starts afresh.
func (ps *pieces) decode(d *decoder, p *piece, lo, hi, start int64, ix *recorder.Index) {
	defer func() {
		if r := recover(); r != nil {
			if !ps.mapped.faulted(r) {
				panic(r)
			}
			ps.faults.Add(1)
			p.faulted, p.data, p.buf = true, nil, nil
			*d = ps.workDecoder()
		}
	}()
	d.decode(p, lo, hi, start, ix)
}

// get returns piece i, its first frame being the one at start (where the
// piece before ended) and checked with the layout ix: the decoder's piece
// if it is that, else the piece read again here. It returns nil if the
// scan was cancelled.
func (ps *pieces) get(i int, start int64, ix *recorder.Index) *piece {
	var p *piece
	if ps.results == nil {
		p = <-ps.free
		p.index = i
		p.light = int64(i) >= ps.lightFrom.Load()
	} else {
		select {
		case p = <-ps.results[i]:
		case <-ps.ctx.Done():
			return nil
		}
		if ps.fits(p, i, start, ix) {
			return p
		}
		ps.redone++
	}
	lo, hi := ps.bounds(i)
	ps.own.decode(p, lo, hi, start, ix)
	return p
}

// fits reports whether decoded piece i is what the scan needs: its first
// frame is the one after the last frame the scan read (start), or it has
// none and the scan has read past it; and it was checked with the layout
// the scan knows.
func (ps *pieces) fits(p *piece, i int, start int64, ix *recorder.Index) bool {
	if p.faulted {
		return false
	}
	if p.light && int64(i) < ps.lightFrom.Load() {
		return false // taken as light before the scan stopped: read it again
	}
	if p.knew != ix && !recorder.SameLayout(p.knew, ix) {
		return false
	}
	if p.start < 0 {
		_, hi := ps.bounds(i)
		return start >= hi
	}
	return p.start == start
}

// done hands piece p's buffer back, and tells decoders starting a piece
// the layout the scan now knows.
func (ps *pieces) done(p *piece, ix *recorder.Index) {
	if ix != nil {
		ps.mu.Lock()
		ps.known = ix
		ps.mu.Unlock()
	}
	if p.mapped && len(p.data) > 0 {
		ps.mapped.release(p.start, p.end())
	}
	p.data = nil
	ps.free <- p
}

// stop ends the decoders.
func (ps *pieces) stop() {
	ps.cancel()
	ps.wg.Wait()
}
