package recorder

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"math"
)

// Writer encodes packets as CARLA writes them. It does not check the frame
// structure (tests use it to build broken files on purpose).
type Writer struct {
	w   *bufio.Writer
	lay Layout
	buf []byte // scratch for one packet, reused
	off int64  // bytes accepted so far, buffered or not
	err error  // sticky
}

// NewWriter writes the info header h (buffered) and returns a Writer that
// encodes packets in layout l. An empty h.Magic is written as Magic.
func NewWriter(w io.Writer, h Header, l Layout) (*Writer, error) {
	wr := &Writer{w: bufio.NewWriterSize(w, 64<<10), lay: l}
	if h.Magic == "" {
		h.Magic = Magic
	}
	b := le.AppendUint16(nil, h.Version)
	b, err1 := appendStr(b, h.Magic)
	b = le.AppendUint64(b, uint64(h.Date))
	b, err2 := appendStr(b, h.Map)
	if err := errors.Join(err1, err2); err != nil {
		return nil, err
	}
	if _, err := wr.w.Write(b); err != nil {
		return nil, err
	}
	wr.off = int64(len(b))
	return wr, nil
}

// Offset returns the number of bytes written so far (header included,
// buffered or not): the offset at which the next packet will start.
func (w *Writer) Offset() int64 { return w.off }

// Layout returns the layout the Writer encodes in.
func (w *Writer) Layout() Layout { return w.lay }

// Write encodes one packet in w's layout: vecs as float64 when Wide, ids
// 21-23 renumbered when DevNumbering. A *Raw packet is copied as it is.
// Errors (counts or strings too long for their fields, write errors) are
// sticky.
func (w *Writer) Write(p Packet) error {
	if w.err != nil {
		return w.err
	}
	b := append(w.buf[:0], 0, 0, 0, 0, 0)
	b, err := w.appendPayload(b, p)
	w.buf = b
	if err == nil && len(b)-packetHeader > math.MaxUint32 {
		err = fmt.Errorf("recorder: %v packet of %d bytes is too large", p.ID(), len(b)-packetHeader)
	}
	if err != nil {
		w.err = err
		return err
	}
	if raw, ok := p.(*Raw); ok {
		b[0] = raw.WireID
	} else {
		b[0] = wireID(p.ID(), w.lay.DevNumbering)
	}
	le.PutUint32(b[1:], uint32(len(b)-packetHeader))
	if _, err := w.w.Write(b); err != nil {
		w.err = err
		return err
	}
	w.off += int64(len(b))
	return nil
}

// Flush writes any buffered data to the underlying writer.
func (w *Writer) Flush() error {
	if w.err != nil {
		return w.err
	}
	if err := w.w.Flush(); err != nil {
		w.err = err
	}
	return w.err
}

// appendStr appends a str: uint16 length and the bytes.
func appendStr(b []byte, s string) ([]byte, error) {
	if len(s) > math.MaxUint16 {
		return b, fmt.Errorf("recorder: string of %d bytes is too long for a str", len(s))
	}
	b = le.AppendUint16(b, uint16(len(s)))
	return append(b, s...), nil
}

// appendCount appends a uint16 record count.
func appendCount(b []byte, n int, id PacketID) ([]byte, error) {
	if n > math.MaxUint16 {
		return b, fmt.Errorf("recorder: %v packet with %d records, at most %d fit", id, n, math.MaxUint16)
	}
	return le.AppendUint16(b, uint16(n)), nil
}

// appendCount32 appends a uint32 item count.
func appendCount32(b []byte, n int) ([]byte, error) {
	if int64(n) > math.MaxUint32 {
		return b, fmt.Errorf("recorder: list of %d items is too long", n)
	}
	return le.AppendUint32(b, uint32(n)), nil
}

func appendF32(b []byte, v float32) []byte { return le.AppendUint32(b, math.Float32bits(v)) }

func appendBool(b []byte, v bool) []byte {
	if v {
		return append(b, 1)
	}
	return append(b, 0)
}

// appendVec appends a vec in the Writer's width.
func (w *Writer) appendVec(b []byte, v Vec3) []byte {
	if w.lay.Wide {
		b = le.AppendUint64(b, math.Float64bits(v.X))
		b = le.AppendUint64(b, math.Float64bits(v.Y))
		return le.AppendUint64(b, math.Float64bits(v.Z))
	}
	b = appendF32(b, float32(v.X))
	b = appendF32(b, float32(v.Y))
	return appendF32(b, float32(v.Z))
}
