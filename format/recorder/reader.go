package recorder

import (
	"encoding/binary"

	"io"
)

// Buffer sizes of the Reader. The buffer holds at least one whole frame and
// grows only when data arrives to fill it, so a hostile size field never
// makes it larger than twice the data actually present.
const (
	initialBufSize = 64 << 10  // enough for small files and frames
	defaultBufSize = 512 << 10 // what a long stream grows the buffer to
	minReadSize    = 16 << 10
	packetHeader   = 5 // uint8 id + uint32 size
	frameStartSize = 24
)

// Reader decodes the packets of a recording in order. It reads a whole
// frame into its buffer before returning the frame's first packet, checks
// the frame structure as it does, and decodes each packet into a struct it
// owns and reuses: a Packet returned by Next is valid only until the next
// call of Next (see Clone).
//
// The layout (see Layout) is learnt from the buffered frame before its
// packets are decoded: the vector width from the first non-empty Position,
// Kinematics, BoundingBox or TriggerVolume (28- or 52-byte records), the id
// numbering from the first non-empty packet 21, 22 or 23. Until the width
// is known, EventAdd and WalkerBones are tried narrow, then wide.
//
// Errors: a file cut short yields its complete frames, then one
// *FormatError whose Offset is where the data stops; a frame-structure
// error stops before the frame that holds it; a payload error is returned
// when its packet is reached. Unknown ids come back as *Raw.
type Reader struct {
	src       io.Reader
	sec       section // src of a frame reader (see Reset)
	srcErr    error   // first error of src (io.EOF at the end)
	zeroReads int
	nread     int64 // bytes read from src

	buf        []byte // buf[rpos:wpos] is read but not yet decoded
	rpos, wpos int
	base       int64 // file offset of buf[0]

	inFrame  bool // buf[rpos:frameEnd] holds the rest of a checked frame
	frameEnd int
	fr       framer

	hdr     Header
	hdrSize int64 // bytes of the info header
	lay     layoutState

	track  bool        // list complete frames in frames (see TrackFrames)
	frames []FrameInfo // the frames read whole so far, when track

	off  int64  // offset of the last packet returned
	size uint32 // its payload size
	err  error  // sticky

	pk     packets
	strs   interner
	skim   uint32 // bit 1<<id: return packet id as *Skimmed (see Skim)
	ignore uint32 // bit 1<<id: return packet id as *Raw, undecoded (see Ignore)
	// borrowed: buf is the caller's data (ResetBytes, Feed), never written
	// to nor kept as a read buffer.
	borrowed bool
}

// NewReader reads and checks the info header of a recording. A header
// whose magic is not "CARLA_RECORDER" gives a *FormatError whose message
// starts "not a CARLA recorder file".
func NewReader(r io.Reader) (*Reader, error) {
	rd := newReader(r, 0, initialBufSize)
	if err := rd.readHeader(); err != nil {
		return nil, err
	}
	return rd, nil
}

func newReader(r io.Reader, base int64, bufSize int) *Reader {
	return &Reader{src: r, base: base, buf: make([]byte, bufSize)}
}

// Header returns the info header.
func (r *Reader) Header() Header { return r.hdr }

// Layout returns the layout as detected so far: fields the data has not
// shown yet are false.
func (r *Reader) Layout() Layout { return r.lay.Layout }

// LayoutKnown reports which halves of Layout the data has shown so far:
// the vector width, and the numbering of ids 21-23.
func (r *Reader) LayoutKnown() (width, numbering bool) { return r.lay.wideKnown, r.lay.devKnown }

// Offset returns the byte offset of the header of the packet Next last
// returned.
func (r *Reader) Offset() int64 { return r.off }

// Size returns the payload size of the packet Next last returned.
func (r *Reader) Size() uint32 { return r.size }

// Next returns the next packet. It returns io.EOF after the last complete
// frame; a file that ends inside a frame gives a *FormatError instead,
// after every complete frame. Errors are sticky.
func (r *Reader) Next() (Packet, error) {
	if r.err != nil {
		return nil, r.err
	}
	if !r.inFrame {
		if err := r.scanFrame(); err != nil {
			r.err = err
			return nil, err
		}
	}
	b := r.buf[r.rpos:r.frameEnd]
	wire := b[0]
	size := binary.LittleEndian.Uint32(b[1:])
	r.off = r.base + int64(r.rpos)
	r.size = size
	payload := b[packetHeader : packetHeader+int(size)]
	r.rpos += packetHeader + int(size)
	if r.rpos == r.frameEnd {
		r.inFrame = false
	}
	p, err := r.decode(wire, payload)
	if err != nil {
		r.err = err
		return nil, err
	}
	return p, nil
}

// scanFrame buffers the next frame whole, checking its structure, and
// feeds its packets to layout detection before any of them is decoded.
// Indexes below are relative to r.rpos, which ensure may move.
func (r *Reader) scanFrame() error {
	if !r.ensure(1) {
		if r.srcErr == io.EOF {
			return io.EOF
		}
		return r.srcErr
	}
	q := 0
	for {
		if !r.ensure(q + packetHeader) {
			return r.short(q, -1)
		}
		b := r.buf[r.rpos+q:]
		wire := b[0]
		size := binary.LittleEndian.Uint32(b[1:])
		if err := r.fr.step(r.base+int64(r.rpos+q), wire, size); err != nil {
			return err
		}
		end := q + packetHeader + int(size)
		if !r.ensure(end) {
			return r.short(q, int64(size))
		}
		if !r.lay.known() {
			r.lay.detect(wire, r.buf[r.rpos+q+packetHeader:r.rpos+end])
		}
		q = end
		if PacketID(wire) == IDFrameEnd {
			r.inFrame, r.frameEnd = true, r.rpos+q
			if r.track {
				r.trackFrame()
			}
			return nil
		}
	}
}

// short explains why the data stopped inside the packet at q bytes past
// r.rpos (size is its payload size, or -1 when its header is incomplete).
func (r *Reader) short(q int, size int64) error {
	if r.srcErr != io.EOF {
		return r.srcErr
	}
	p := r.rpos + q
	if p == r.wpos {
		return errNoFrameEnd(r.base+int64(r.wpos), r.fr.start)
	}
	return errShort(r.base+int64(r.wpos), r.base+int64(p), r.buf[p:r.wpos], size)
}

// errShort is the error for data that stops at dataEnd inside the packet
// that starts at off (have holds its bytes that exist, at least its id;
// size is its payload size or -1 if the header is incomplete). The Reader
// and BuildIndex share it.
func errShort(dataEnd, off int64, have []byte, size int64) error {
	if size < 0 {
		return formatErr(dataEnd, int(have[0]), "starting at byte %d runs past the end of the data inside its %d-byte header", off, packetHeader)
	}
	return formatErr(dataEnd, int(have[0]), "of %d payload bytes starting at byte %d runs past the end of the data", size, off)
}

// errNoFrameEnd is the error for data that stops at dataEnd between the
// packets of the frame that starts at frameStart: its FrameEnd is missing.
func errNoFrameEnd(dataEnd, frameStart int64) error {
	return formatErr(dataEnd, int(IDFrameEnd), "of the frame starting at byte %d is missing: the data ends between its packets", frameStart)
}

// ensure reads until buf[rpos:rpos+n] holds data. It reports false when
// the source ends (or fails) first; r.srcErr says why. To make room it first
// moves the unread bytes to the front (only ever called between frames,
// when no decoded packet points into the buffer), then doubles the buffer,
// which is therefore never larger than twice the data it holds, whatever n
// a hostile size asks for.
func (r *Reader) ensure(n int) bool {
	for r.wpos-r.rpos < n {
		if r.srcErr != nil {
			return false
		}
		if len(r.buf)-r.wpos < minReadSize && len(r.buf) < defaultBufSize && r.nread > int64(len(r.buf)) {
			// A long stream: read in bigger chunks, copy less.
			r.grow()
		}
		if len(r.buf)-r.wpos < minReadSize && r.rpos > 0 {
			m := copy(r.buf, r.buf[r.rpos:r.wpos])
			r.base += int64(r.rpos)
			r.rpos, r.wpos = 0, m
		}
		if r.wpos == len(r.buf) {
			r.grow()
		}
		k, err := r.src.Read(r.buf[r.wpos:])
		r.wpos += k
		r.nread += int64(k)
		switch {
		case err != nil:
			r.srcErr = err
		case k == 0:
			if r.zeroReads++; r.zeroReads > 100 {
				r.srcErr = io.ErrNoProgress
			}
		default:
			r.zeroReads = 0
		}
	}
	return true
}

// grow doubles the buffer, keeping its contents.
func (r *Reader) grow() {
	nb := make([]byte, max(2*len(r.buf), minReadSize))
	copy(nb, r.buf[:r.wpos])
	r.buf = nb
}

// readHeader reads the info header at the start of the buffer.
func (r *Reader) readHeader() error {
	short := func() error {
		if r.srcErr != io.EOF {
			return r.srcErr
		}
		return formatErr(r.base+int64(r.wpos), -1, "the info header runs past the end of the data")
	}
	notRecorder := formatErr(r.base+2, -1, "not a CARLA recorder file: its length-prefixed %q magic is not here", Magic)
	if !r.ensure(4) {
		return short()
	}
	le := binary.LittleEndian
	r.hdr.Version = le.Uint16(r.buf)
	if int(le.Uint16(r.buf[2:])) != len(Magic) {
		return notRecorder
	}
	if !r.ensure(4 + len(Magic)) {
		if string(r.buf[4:r.wpos]) != Magic[:r.wpos-4] {
			return notRecorder
		}
		return short()
	}
	if string(r.buf[4:4+len(Magic)]) != Magic {
		return notRecorder
	}
	r.hdr.Magic = Magic
	p := 4 + len(Magic)
	if !r.ensure(p + 10) {
		return short()
	}
	r.hdr.Date = int64(le.Uint64(r.buf[p:]))
	n := int(le.Uint16(r.buf[p+8:]))
	p += 10
	if !r.ensure(p + n) {
		return short()
	}
	r.hdr.Map = string(r.buf[p : p+n])
	r.rpos = p + n
	r.hdrSize = int64(r.rpos)
	return nil
}

// framer checks the frame structure one packet header at a time: every
// packet but FrameStart must be inside a frame, and a frame must end with
// FrameEnd before the next one starts. The Reader and BuildIndex share it
// so that they agree on which frames are complete.
type framer struct {
	inFrame bool
	start   int64 // offset of the open frame's FrameStart
}

func (f *framer) step(off int64, wire uint8, size uint32) error {
	id := PacketID(wire)
	switch {
	case !f.inFrame && id != IDFrameStart:
		return formatErr(off, int(wire), "comes outside a frame, where only a FrameStart may come")
	case f.inFrame && id == IDFrameStart:
		return formatErr(off, int(wire), "comes before the FrameEnd of the frame starting at byte %d", f.start)
	case id == IDFrameStart && size != frameStartSize:
		return formatErr(off, int(wire), "has a payload of %d bytes; it must have %d", size, frameStartSize)
	case id == IDFrameEnd && size != 0:
		return formatErr(off, int(wire), "has a payload of %d bytes; it must have none", size)
	}
	switch id {
	case IDFrameStart:
		f.inFrame, f.start = true, off
	case IDFrameEnd:
		f.inFrame = false
	}
	return nil
}
