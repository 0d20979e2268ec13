package recorder

import (
	"fmt"
	"io"
)

// FrameInfo locates one complete frame in a file.
type FrameInfo struct {
	Offset   int64 // of the FrameStart packet header
	End      int64 // just after the FrameEnd packet
	Frame    uint64
	Elapsed  float64 // seconds since the recording began
	Duration float64 // seconds to the next frame; -1 in the last one
}

// Index lists the frames of a recording, for random access.
type Index struct {
	Header     Header
	Layout     Layout
	HeaderSize int64 // bytes of the info header; packets start here
	Frames     []FrameInfo
	Size       int64 // bytes covered by complete frames (end of the last one)
	Err        error // nil, or what stopped indexing (the complete frames before it are kept)

	// Whether the data showed each half of Layout; a frame reader
	// detects what the index could not.
	wideKnown, devKnown bool
}

// SameLayout reports whether a and b know the same of the layout: the same
// halves of it (see Layout), with the same values. A reader started from
// one decodes exactly as a reader started from the other; nil knows
// nothing.
func SameLayout(a, b *Index) bool {
	var la, lb layoutState
	if a != nil {
		la = layoutState{Layout: a.Layout, wideKnown: a.wideKnown, devKnown: a.devKnown}
	}
	if b != nil {
		lb = layoutState{Layout: b.Layout, wideKnown: b.wideKnown, devKnown: b.devKnown}
	}
	return la == lb
}

// Index scanning reads the file through a window of this size, jumping
// over payloads that do not fall in it.
const (
	indexWindow    = 1 << 20
	progressPeriod = 64 << 20
)

// BuildIndex finds every complete frame of the recording in r (size bytes)
// reading only packet headers and FrameStart payloads (plus, until the
// layout is known, the few payloads that show it). It checks the frame
// structure exactly as Reader does, so both agree on which frames are
// complete. progress, if not nil, is called now and then with the bytes
// done.
//
// A bad file gives an Index with every complete frame and Index.Err set;
// the returned error is non-nil only when not even the header could be
// read.
func BuildIndex(r io.ReaderAt, size int64, progress func(done int64)) (*Index, error) {
	if size < 0 {
		return nil, fmt.Errorf("recorder: negative size %d", size)
	}
	hr := newReader(io.NewSectionReader(r, 0, size), 0, 4096)
	if err := hr.readHeader(); err != nil {
		return nil, err
	}
	ix := &Index{Header: hr.hdr, HeaderSize: int64(hr.rpos), Size: int64(hr.rpos)}
	s := indexScan{win: window{r: r, size: size, buf: make([]byte, min(indexWindow, size))}, ix: ix}
	ix.Err = s.run(ix.HeaderSize, progress)
	ix.Layout, ix.wideKnown, ix.devKnown = s.lay.Layout, s.lay.wideKnown, s.lay.devKnown
	if progress != nil {
		progress(size)
	}
	return ix, nil
}

// indexScan is the state of one BuildIndex pass.
type indexScan struct {
	win window
	ix  *Index
	fr  framer
	lay layoutState
}

// run scans packets from off to the end of the file.
func (s *indexScan) run(off int64, progress func(int64)) error {
	size := s.win.size
	var cur FrameInfo
	next := off + progressPeriod
	for off < size {
		h, err := s.win.at(off, min(packetHeader, size-off))
		if err != nil {
			return err
		}
		if len(h) < packetHeader {
			return errShort(size, off, h, -1)
		}
		wire, psize := h[0], le.Uint32(h[1:])
		if err := s.fr.step(off, wire, psize); err != nil {
			return err
		}
		end := off + packetHeader + int64(psize)
		if end > size {
			return errShort(size, off, h, int64(psize))
		}
		switch PacketID(wire) {
		case IDFrameStart:
			p, err := s.win.at(off+packetHeader, frameStartSize)
			if err != nil {
				return err
			}
			cur = FrameInfo{Offset: off, Frame: le.Uint64(p), Duration: f64(p[8:]), Elapsed: f64(p[16:])}
		case IDFrameEnd:
			cur.End = end
			s.ix.Frames = append(s.ix.Frames, cur)
			s.ix.Size = end
		default:
			if err := s.detect(off, wire, psize); err != nil {
				return err
			}
		}
		off = end
		if progress != nil && off >= next {
			progress(off)
			next = off + progressPeriod
		}
	}
	if s.fr.inFrame {
		return errNoFrameEnd(size, s.fr.start)
	}
	return nil
}

// detect feeds a packet that can show the layout to layout detection,
// while the layout is unknown and the payload fits the window.
func (s *indexScan) detect(off int64, wire uint8, psize uint32) error {
	if s.lay.known() || int(psize) > len(s.win.buf) {
		return nil
	}
	switch PacketID(wire) {
	case IDPosition, IDKinematics, IDBoundingBox, IDTriggerVolume, 21, 22, 23:
		p, err := s.win.at(off+packetHeader, int64(psize))
		if err != nil {
			return err
		}
		s.lay.detect(wire, p)
	}
	return nil
}

// window caches a span of an io.ReaderAt.
type window struct {
	r     io.ReaderAt
	size  int64
	buf   []byte
	start int64 // file offset of buf[0]
	n     int   // valid bytes in buf
}

// at returns bytes [off, off+n) of the file, which the caller has checked
// lie inside it, and n <= len(w.buf).
func (w *window) at(off, n int64) ([]byte, error) {
	if off >= w.start && off+n <= w.start+int64(w.n) {
		i := off - w.start
		return w.buf[i : i+n], nil
	}
	want := min(int64(len(w.buf)), w.size-off)
	k, err := w.r.ReadAt(w.buf[:want], off)
	if int64(k) < n {
		w.n = 0
		if err == nil || err == io.EOF {
			err = io.ErrUnexpectedEOF
		}
		return nil, fmt.Errorf("recorder: reading byte %d: %w", off, err)
	}
	w.start, w.n = off, k
	return w.buf[:n], nil
}

// NewFrameReader returns a Reader that decodes the packets of frames
// [first, last] (indexes into ix.Frames) on their own, reading r from the
// first frame's offset; Offset reports absolute file offsets. Bad indexes
// give a Reader whose Next fails.
func NewFrameReader(r io.ReaderAt, ix *Index, first, last int) *Reader {
	rd := new(Reader)
	rd.Reset(r, ix, first, last)
	return rd
}

// Reset makes rd a frame reader of frames [first, last] of ix in r, as
// NewFrameReader does, but keeps rd's read buffer and the storage of the
// packets it decodes: a reader that seeks again and again (the scene's
// StateAt) then allocates nothing once its buffers have grown. Packets
// returned before the call are invalid after it. It works on any Reader,
// clears its error and ends skimming (see Skim).
func (rd *Reader) Reset(r io.ReaderAt, ix *Index, first, last int) {
	if ix == nil || first < 0 || last >= len(ix.Frames) || first > last {
		n := 0
		if ix != nil {
			n = len(ix.Frames)
		}
		rd.reuse()
		rd.err = fmt.Errorf("recorder: frames [%d, %d] out of the index of %d frames", first, last, n)
		return
	}
	rd.ResetAt(r, ix, ix.Frames[first].Offset, ix.Frames[last].End)
}

// ResetAt makes rd decode the bytes [off, end) of r, which must start at
// a frame (end is the file's size, or the end of a frame), with the header
// and the layout ix knows; it keeps rd's buffers as Reset does. It is how
// a reader goes on from a known frame to the end of a file without an
// index of the frames in between: a Reader told to TrackFrames lists the
// frames it reads from off on.
func (rd *Reader) ResetAt(r io.ReaderAt, ix *Index, off, end int64) {
	rd.reuse()
	rd.sec = section{r: r, off: off, end: end}
	rd.src, rd.base = &rd.sec, off
	if len(rd.buf) == 0 {
		rd.buf = make([]byte, max(min(defaultBufSize, end-off), 0))
	}
	rd.setIndex(ix)
}

// ResetBytes makes rd decode data, the bytes of a recording from file
// offset base on (base must be the start of a frame), with the header and
// the layout ix knows, without copying them: data must not change while
// rd reads it. Next returns io.EOF after the last frame that data holds
// whole; data that ends inside a frame gives the *FormatError of a file
// ending there. Offsets (Offset, errors, TrackFrames) are file offsets.
// Readers of data already in memory (a big file read in chunks by several
// goroutines) use it to decode with no copy at all.
func (rd *Reader) ResetBytes(data []byte, base int64, ix *Index) {
	rd.reuse()
	rd.setIndex(ix)
	rd.Feed(data, base)
}

// NewBytesReader returns a Reader of data as ResetBytes sets it.
func NewBytesReader(data []byte, base int64, ix *Index) *Reader {
	rd := new(Reader)
	rd.ResetBytes(data, base, ix)
	return rd
}

// Feed gives a reader of bytes (ResetBytes) the next bytes to decode, which
// start at file offset base with a frame, keeping everything it has learnt
// (the layout, Skim, Ignore and the frames it tracks). Call it when Next
// has returned io.EOF, or before the first Next: the frames of a file can
// then come in pieces that are never joined.
func (rd *Reader) Feed(data []byte, base int64) {
	rd.buf, rd.borrowed = data[:len(data):len(data)], true
	rd.rpos, rd.wpos, rd.base = 0, len(data), base
	rd.src, rd.srcErr, rd.nread = nil, io.EOF, 0
	rd.inFrame = false
	if rd.err == io.EOF {
		rd.err = nil
	}
}

// reuse clears rd for a new source, keeping its own read buffer (not a
// borrowed one) and the storage of the packets it decodes.
func (rd *Reader) reuse() {
	buf, pk, strs := rd.buf, rd.pk, rd.strs
	if rd.borrowed {
		buf = nil
	}
	*rd = Reader{buf: buf[:cap(buf)], pk: pk, strs: strs}
}

// setIndex takes the header and the layout ix knows.
func (rd *Reader) setIndex(ix *Index) {
	if ix == nil {
		return
	}
	rd.hdr, rd.hdrSize = ix.Header, ix.HeaderSize
	rd.lay = layoutState{Layout: ix.Layout, wideKnown: ix.wideKnown, devKnown: ix.devKnown}
}

// TrackFrames makes r list every frame it reads whole, so that a caller
// that decodes the whole file anyway gets the frame index from Index
// instead of reading the file a second time with BuildIndex. Call it
// before the first Next.
func (r *Reader) TrackFrames() { r.track = true }

// Index returns the index of the frames r has read whole since TrackFrames
// (nil without it): a frame counts once Next has returned its first
// packet, since the Reader checks a frame's structure before that. Once
// Next has returned io.EOF it lists the frames BuildIndex lists; after
// another error it lists those up to the frame that failed, which may be
// fewer. Its Err is nil. Its Layout is what r has learnt so far, which
// can be more than BuildIndex learns (a Reader also learns the vector
// width from the spawns it decodes), and is what frame readers made from
// the index need to decode those frames as r did.
func (r *Reader) Index() *Index {
	if !r.track {
		return nil
	}
	ix := &Index{Header: r.hdr, Layout: r.lay.Layout, HeaderSize: r.hdrSize, Size: r.hdrSize,
		Frames: r.frames[:len(r.frames):len(r.frames)], wideKnown: r.lay.wideKnown, devKnown: r.lay.devKnown}
	if n := len(r.frames); n > 0 {
		ix.Size = r.frames[n-1].End
	}
	return ix
}

// trackFrame lists the frame just buffered whole (from r.rpos to
// r.frameEnd); its first packet is a FrameStart of checked size.
func (r *Reader) trackFrame() {
	p := r.buf[r.rpos+packetHeader : r.rpos+packetHeader+frameStartSize]
	r.frames = append(r.frames, FrameInfo{Offset: r.base + int64(r.rpos), End: r.base + int64(r.frameEnd),
		Frame: le.Uint64(p), Duration: f64(p[8:]), Elapsed: f64(p[16:])})
}

// section reads the bytes [off, end) of an io.ReaderAt in order, like
// io.SectionReader; the Reader holds it by value so Reset need not
// allocate one.
type section struct {
	r        io.ReaderAt
	off, end int64
}

func (s *section) Read(p []byte) (int, error) {
	if s.off >= s.end {
		return 0, io.EOF
	}
	p = p[:min(int64(len(p)), s.end-s.off)]
	n, err := s.r.ReadAt(p, s.off)
	s.off += int64(n)
	return n, err
}
