package scene

import (
	"context"
	"io"
	"math"
	"runtime"
	"slices"

	"github.com/mm2carla/viewer/format/recorder"
)

// scanner is Open's one pass over the file: it applies every frame to a
// World, keeping keyframes, static data and events.
//
// It reads the pieces other goroutines have read and checked (pieces.go),
// decoding only what it applies. Most of a frame is per-frame values
// (poses, controls, lights, kinematics) that the next frame overwrites,
// and a keyframe keeps only what its own frame cannot give back
// (keyframe.go). So the scan decodes the keyframes' frames in full; in the
// others it decodes positions (distance travelled needs every pose),
// traffic lights (their changes are events) and the events, and leaves the
// animation, vehicle light and kinematics packets undecoded: the decoders
// tell it which actors such a packet names for the first time since their
// spawn, which is all it needs until a keyframe (stale.go). After a piece
// that could not be read or checked, the scan reads the rest of the file
// itself, through a Reader of the file, which then skims those packets.
type scanner struct {
	rec    *Recording
	size   int64
	mapped *fileMap  // the file's mapping for the decoders, or nil (mapped.go)
	rule   BlockRule // for the blocked spans among the events
	w      *World

	rd         *recorder.Reader     // of the pieces, or of the file once onFile
	onFile     bool                 // rd reads the file after a bad piece
	prior      []recorder.FrameInfo // the frames read from pieces, once onFile
	payloadErr bool                 // the error that stopped the scan is not the framing's
	decoded    int                  // frames applied whole

	keyBytes   int64 // keyframe spacing in bytes (keyframe.go)
	body       int64 // where the frames begin
	prevStart  int64 // where the frame before began
	lastKey    int   // the last keyframe's frame
	key        bool  // the current frame will be a keyframe
	lastReport int64

	// Of the piece being read (see piece): the firsts, and the decoder's
	// movements (movement.go); frame0 is the index of its first frame.
	firsts []uint32
	ends   []int32
	nfirst int
	pc     *piece
	frame0 int
	nmark  int
	nfm    int

	// A scan for one moment (OpenAt) follows no blocked rule, stops
	// applying frames after the first one later than until, and only
	// lists the frames after it; before, it keeps only the keyframes a
	// seek to the moment may start from (momentKeys), and its decoders
	// sum no steps (no distances).
	moment   bool
	until    float64
	nsplit   int     // actors the scan follows itself in the current piece
	maxTime  float64 // the latest frame time applied so far
	stopped  bool
	consumed int                  // frames of the current piece applied
	drained  []recorder.FrameInfo // frames listed after the scan stopped

	// A moment's scan keeps the keyframes of the current piece if the
	// moment's stop lies in it (keepAll), else a keyframe at its last
	// frame (pieceLast) only; see momentKeys.
	pieceLast int
	keepAll   bool

	stale      map[uint32]*staleActor
	side       *recorder.Reader // re-reads frames for settleStale
	need       []int32          // scratch: frames refill reads
	refetched  int              // frames read again (tests check the path runs)
	redone     int              // pieces read again by the scan (tests and benchmarks)
	readMapped bool             // the decoders read the file's mapping (tests)
	keysLeft   int              // keyframes a moment's scan left out (tests check the path runs)
}

// Packets the scene does not use, which the scan's reader leaves
// undecoded; walker bones only once the vector width is known, since
// decoding them can teach it.
var unused = []recorder.PacketID{recorder.IDSceneLight, recorder.IDPlatformTime, recorder.IDTriggerVolume,
	recorder.IDFrameCounter, recorder.IDVisualTime, recorder.IDVehicleWheels, recorder.IDBikerAnimation}

// Open's tuning, variables so that tests can make small files go through
// the pieces' paths.
var (
	pieceWorkers = func() int { return runtime.GOMAXPROCS(0) } // decoders for a big file
	scanPieces   = int64(pieceSize)
)

// run scans the file. It returns how many frames it applied whole and the
// error that stopped it, if any (io.EOF is not one).
func (s *scanner) run(ctx context.Context, head *recorder.Index, progress func(int64)) (int, error) {
	rec := s.rec
	w := NewWorld()
	w.statics = rec.statics
	w.events = &rec.events
	if !s.moment {
		w.watch = newBlockWatch(s.rule)
	}
	s.w, s.lastKey, s.body = w, -1, head.HeaderSize
	s.maxTime = math.Inf(-1)
	s.keyBytes = keySpacing(s.size)
	first := &recorder.Index{Header: head.Header, HeaderSize: head.HeaderSize, Size: head.HeaderSize}
	workers := 0 // a file of a few pieces is read faster by the scan alone
	if s.size-head.HeaderSize >= 3*scanPieces {
		workers = pieceWorkers()
	}
	w.split = []bool{}
	ps := newPieces(ctx, rec.src, s.size, first, head, workers, scanPieces, s.keyBytes, s.cut(), s.mapped)
	defer func() {
		ps.stop()
		s.redone = ps.redone
	}()
	s.readMapped = ps.mapped != nil
	s.rd = recorder.NewBytesReader(nil, head.HeaderSize, first)
	s.rd.TrackFrames()
	start, known := head.HeaderSize, first
	for i := range ps.count {
		p := ps.get(i, start, known)
		if p == nil {
			return s.decoded, nil // cancelled: Open returns ctx's error
		}
		if pieceTaken != nil {
			pieceTaken(i, p)
		}
		if s.stopped {
			if p.start >= 0 {
				s.drained = append(s.drained, p.frames...)
				start = p.end()
			}
		} else if p.start >= 0 && len(p.data) > 0 {
			s.rd.Feed(p.data, p.start)
			s.startPiece(p)
			s.consumed = 0
			if err := s.apply(ctx, progress); err != nil {
				ps.done(p, nil)
				return s.decoded, err
			}
			start = p.end()
			known = s.rd.Index()
			if s.stopped {
				ps.lightFrom.Store(int64(i + 1))
				s.drained = append(s.drained, p.frames[s.consumed:]...)
			}
		}
		bad := p.bad
		ps.done(p, known)
		if ctx.Err() != nil {
			return s.decoded, nil
		}
		if bad {
			return s.rest(ctx, progress, start)
		}
	}
	if s.stopped {
		s.decoded = len(s.index().Frames)
	}
	return s.decoded, nil
}

// rest reads the file from start to its end through a Reader of the file:
// a piece from there on could not be read or checked, and this gives the
// frames and the error a Reader from the start would.
func (s *scanner) rest(ctx context.Context, progress func(int64), start int64) (int, error) {
	ix := s.rd.Index()
	s.prior = append(ix.Frames, s.drained...)
	s.drained = nil
	s.rd = new(recorder.Reader)
	s.rd.ResetAt(s.rec.src, ix, start, s.size)
	s.rd.TrackFrames()
	s.onFile = true
	s.w.split = nil // it follows every actor from here on
	if s.stopped {
		return s.check(start)
	}
	err := s.apply(ctx, progress)
	return s.decoded, err
}

// check reads the rest of the file, from start, only to list its frames
// and find what stops it, for a scan that stopped applying frames.
func (s *scanner) check(start int64) (int, error) {
	in := false
	for {
		p, err := s.rd.Next()
		if err == io.EOF {
			err = nil
		}
		if err != nil || p == nil {
			n := len(s.index().Frames)
			if in {
				s.payloadErr, n = true, n-1 // the frame it stopped in is listed, not usable
			}
			return n, err
		}
		switch p.ID() {
		case recorder.IDFrameStart:
			in = true
		case recorder.IDFrameEnd:
			in = false
		}
	}
}

// apply applies the packets rd gives until it ends (nil) or fails.
func (s *scanner) apply(ctx context.Context, progress func(int64)) error {
	rd, w := s.rd, s.w
	for {
		p, err := rd.Next()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			s.payloadErr = w.inFrame
			return err
		}
		switch p.ID() {
		case recorder.IDFrameStart:
			s.frameStart()
		case recorder.IDVehicleAnimation, recorder.IDWalkerAnimation, recorder.IDVehicleLight, recorder.IDKinematics:
			if !s.onFile {
				s.takeFirsts(p)
			}
		case recorder.IDEventParent:
			if !s.onFile && len(p.(*recorder.EventParent).Links) > 0 {
				if err := s.takeMark(true); err != nil {
					return err
				}
			}
		case recorder.IDPosition:
			if raw, ok := p.(*recorder.Raw); ok {
				s.positions(recorder.NewPositionView(raw.Data, rd.Layout()))
				continue
			}
		case recorder.IDFrameEnd:
			if !s.onFile {
				s.takeFirstMoves()
			}
		}
		w.Apply(p)
		switch p.ID() {
		case recorder.IDEventParent:
			if !s.onFile {
				s.follow(p.(*recorder.EventParent).Links)
			}
			continue
		case recorder.IDFrameEnd:
		default:
			continue
		}
		if !s.onFile && s.nmark < len(s.pc.marks) && !s.pc.marks[s.nmark].link && int(s.pc.marks[s.nmark].frame) == w.frame-s.frame0 {
			if err := s.takeMark(false); err != nil {
				return err
			}
		}
		if err := s.frameEnd(); err != nil {
			s.payloadErr = true // not the framing: index the rest anew
			return err
		}
		s.consumed++
		if pastMoment(w.frame, w.time, &s.maxTime, &s.until) {
			// The frame after the moment's: the last a state at the
			// moment needs (Recording.build).
			s.stopped = true
			return nil
		}
		if end := rd.Offset() + 5; end-s.lastReport >= progressStep {
			s.lastReport = end
			progress(end)
			if ctx.Err() != nil {
				return nil
			}
		}
	}
}

// frameStart decides whether the frame starting is a keyframe, and tells
// the reader what to decode of it.
func (s *scanner) frameStart() {
	f := s.w.frame + 1
	off := s.rd.Offset()
	s.key = f == 0 || (off-s.body)/s.keyBytes > (s.prevStart-s.body)/s.keyBytes
	if s.moment && !s.onFile && f > 0 && !s.keepAll {
		// Only the piece's last frame (momentKeys).
		if s.key && f != s.pieceLast {
			s.keysLeft++
		}
		s.key = f == s.pieceLast
	}
	s.prevStart = off
	bones := 0
	if w, _ := s.rd.LayoutKnown(); w {
		bones = 1
	}
	switch {
	case s.key:
		s.rd.Skim()
		s.rd.Ignore(ignoreKey[bones]...)
	case s.onFile:
		s.rd.Skim(idsOnly...)
		s.rd.Ignore(ignoreKey[bones]...)
	default:
		s.rd.Skim()
		s.rd.Ignore(ignoreRest[bones]...)
	}
}

// What frameStart has the reader leave undecoded in a keyframe's frame
// and in the others, without and with walker bones (once the layout is
// known), made once: a frame must not allocate.
var (
	ignoreKey  = [2][]recorder.PacketID{unused, slices.Concat(unused, []recorder.PacketID{recorder.IDWalkerBones})}
	ignoreRest = [2][]recorder.PacketID{slices.Concat(unused, idsOnly, []recorder.PacketID{recorder.IDPosition}),
		slices.Concat(unused, idsOnly, []recorder.PacketID{recorder.IDPosition, recorder.IDWalkerBones})}
)

// frameEnd keeps a keyframe of the frame just applied if it is one.
func (s *scanner) frameEnd() error {
	if s.key {
		if err := s.settleStale(); err != nil {
			return err
		}
		rec := s.rec
		rec.keys = append(rec.keys, keyframe{})
		s.w.capture(&rec.keys[len(rec.keys)-1])
		s.lastKey = s.w.frame
	}
	s.decoded = s.w.frame + 1
	return nil
}

// index returns the index of the frames read so far.
func (s *scanner) index() *recorder.Index {
	ix := s.rd.Index()
	if len(s.prior) > 0 {
		ix.Frames = append(slices.Clip(s.prior), ix.Frames...)
	}
	if len(s.drained) > 0 {
		ix.Frames = append(slices.Clip(ix.Frames), s.drained...)
	}
	if n := len(ix.Frames); n > 0 {
		ix.Size = ix.Frames[n-1].End
	}
	return ix
}

// pastMoment takes frame f, at time t, into maxTime, the latest frame
// time so far (the frame times made non-decreasing, as Recording.Times
// has them), and reports whether it is later than the moment until; a
// moment before the first frame is the first frame's.
func pastMoment(f int, t float64, maxTime, until *float64) bool {
	switch {
	case f == 0:
		*maxTime = t
		if math.IsNaN(t) || math.IsInf(t, 0) {
			*maxTime = 0
		}
		if !(*until >= *maxTime) {
			*until = *maxTime
		}
	case t >= *maxTime:
		*maxTime = t
	}
	return *maxTime > *until
}
