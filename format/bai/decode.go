package bai

import (
	"encoding/binary"
	"fmt"
	"io"
	"math"
	"strings"
)

var le = binary.LittleEndian

// Header holds the counts at the start of a CAI1 file.
type Header struct{ Intersections, Roads int }

// DecodeHeader reads only the magic and the two counts, for callers that
// want a map's size without decoding it.
func DecodeHeader(r io.Reader) (Header, error) {
	var b [headerSize]byte
	n, err := io.ReadFull(r, b[:])
	if err != nil && err != io.EOF && err != io.ErrUnexpectedEOF {
		return Header{}, fmt.Errorf("bai: reading header: %w", err)
	}
	d := decoder{buf: b[:n]}
	h := d.header()
	return h, d.err
}

// Decode reads a whole CAI1 map from r. See DecodeBytes, including what
// it returns on error.
func Decode(r io.Reader) (*Map, error) {
	b, err := io.ReadAll(r)
	if err != nil {
		return nil, fmt.Errorf("bai: reading: %w", err)
	}
	return DecodeBytes(b)
}

// DecodeBytes decodes a whole CAI1 map. Every field is kept as stored
// (units, axes, unknown and fill values), so Encode gives back the same
// bytes. Bytes left after the culling lists are an error. Empty lists
// decode as nil. A road must have at least two sections. The map is not
// checked for meaning; use Validate for that.
//
// When the data ends early, the *FormatError names the field it ends in
// ("road 12, side B, lane curves") and that field's offset, and says which
// counts asked for the missing bytes: a truncated file and a corrupt count
// look the same in the bytes, so the error gives the reader both.
// Allocation follows the bytes actually read, never a count alone: the
// decoder allocates at most 12 bytes per input byte, the worst case being
// empty culling lists (2 bytes in the file, a 24-byte slice in the map).
//
// On error the returned map, if non-nil, holds the complete records read
// before the error, so that a viewer can show what a damaged file still
// has: every road read whole, then (if the error came after the roads)
// every intersection read whole, then (if it came after them) the culling
// lists, kept only when all of them were read. A record the error cut
// short is left out, never half-filled, so Encode and Validate work on the
// partial map (Validate will report, say, road ends naming intersections
// that were not read). The map is nil when not even the header was read.
func DecodeBytes(b []byte) (*Map, error) {
	d := decoder{buf: b}
	h := d.header()
	if d.err != nil {
		return nil, d.err
	}
	m := &Map{}
	m.Roads = makeUpTo[Road](int64(h.Roads), d.remaining(), minRoadSize())
	for i := range h.Roads {
		m.Roads = append(m.Roads, Road{})
		if d.road(i, &m.Roads[i]); d.err != nil {
			m.Roads = complete(m.Roads, i)
			return m, d.explain(h)
		}
	}
	m.Intersections = makeUpTo[Intersection](int64(h.Intersections), d.remaining(), interHeadSize)
	for i := range h.Intersections {
		m.Intersections = append(m.Intersections, Intersection{})
		if d.intersection(i, &m.Intersections[i]); d.err != nil {
			m.Intersections = complete(m.Intersections, i)
			return m, d.explain(h)
		}
	}
	var c Culling
	if d.culling(&c); d.err != nil {
		return m, d.explain(h)
	}
	m.Culling = c
	if extra := len(d.buf) - d.off; extra > 0 {
		d.at = at("after the culling lists", -1)
		d.fail(d.off, fmt.Sprintf("%d trailing bytes; the map ends with its culling lists", extra), nil)
		return m, d.err
	}
	return m, nil
}

// complete drops the record at index n, which an error cut short, and
// everything after it: it is zeroed so that the partial map holds no
// half-filled record even in its slice's spare capacity, and nil is
// returned for none, as for an empty list.
func complete[T any](s []T, n int) []T {
	clear(s[n:])
	if n == 0 {
		return nil
	}
	return s[:n]
}

// explain relates an error to the header when the header's counts alone
// need more bytes than the file has. A truncation keeps its place (the
// file may simply be cut) and notes the header; any other error, found
// while reading bytes the header wrongly calls roads or intersections,
// is reported at the header's counts, with the later error as context.
func (d *decoder) explain(h Header) error {
	need := int64(h.Roads)*minRoadSize() + int64(h.Intersections)*interHeadSize + cullHeadSize
	have := int64(len(d.buf) - headerSize)
	fe, ok := d.err.(*FormatError)
	if !ok || need <= have {
		return d.err
	}
	if fe.Err == io.ErrUnexpectedEOF {
		fe.Msg += fmt.Sprintf("; the header's %d roads and %d intersections alone need at least %d bytes, only %d follow it",
			h.Roads, h.Intersections, need, have)
		return fe
	}
	return &FormatError{Offset: 4, Where: "header", Msg: fmt.Sprintf(
		"%d roads and %d intersections need at least %d bytes, only %d follow the header; reading on: %s",
		h.Roads, h.Intersections, need, have, strings.TrimPrefix(fe.Error(), "bai: ")),
		Err: io.ErrUnexpectedEOF}
}

// decoder walks a byte slice. Its error is sticky: once set, take returns
// nil and every later step does nothing, so callers check once per item.
type decoder struct {
	buf []byte
	off int
	at  place
	err error
}

func (d *decoder) remaining() int64 { return int64(len(d.buf) - d.off) }

// fail records the first error, at byte off, in the current place.
func (d *decoder) fail(off int, msg string, cause error) {
	if d.err == nil {
		d.err = &FormatError{Offset: int64(off), Where: d.at.String(), Msg: msg, Err: cause}
	}
}

// take returns the next n bytes, or nil (and records an error) when fewer
// remain.
func (d *decoder) take(n int) []byte {
	if d.err != nil {
		return nil
	}
	if rem := len(d.buf) - d.off; n > rem {
		d.fail(d.off, fmt.Sprintf("data ends early: need %d bytes here, only %d remain", n, rem),
			io.ErrUnexpectedEOF)
		return nil
	}
	b := d.buf[d.off : d.off+n : d.off+n]
	d.off += n
	return b
}

// fit checks that fields, laid one after another from the current
// offset, fit in the data, so that what they hold can be allocated and
// read. If they do not, it fails at the start of the field in which the
// data ends, naming that field; counts is called only then, to say which
// counts (and where) asked for the bytes.
func (d *decoder) fit(fields []field, counts func() string) bool {
	if d.err != nil {
		return false
	}
	off, rem := d.off, d.remaining()
	for _, f := range fields {
		if f.size > rem {
			d.at.field = f.name
			d.fail(off, fmt.Sprintf("data ends early: need %d bytes here, only %d remain (%s)", f.size, rem, counts()),
				io.ErrUnexpectedEOF)
			return false
		}
		off += int(f.size)
		rem -= f.size
	}
	return true
}

func (d *decoder) header() Header {
	d.at = at("header", -1)
	n := min(len(magic), len(d.buf))
	if string(d.buf[:n]) != magic[:n] {
		d.fail(0, ErrNotCAI1.Error(), ErrNotCAI1)
		return Header{}
	}
	b := d.take(headerSize)
	if b == nil {
		return Header{}
	}
	return Header{Intersections: int(le.Uint16(b[4:])), Roads: int(le.Uint16(b[6:]))}
}

func (d *decoder) f32s(dst []float32) {
	b := d.take(4 * len(dst))
	if b == nil {
		return
	}
	for i := range dst {
		dst[i] = math.Float32frombits(le.Uint32(b[4*i:]))
	}
}

func (d *decoder) vec3s(dst []Vec3) {
	b := d.take(vec3Size * len(dst))
	if b == nil {
		return
	}
	for i := range dst {
		dst[i] = getVec3(b[vec3Size*i:])
	}
}

func (d *decoder) u16s(dst []uint16) {
	b := d.take(2 * len(dst))
	if b == nil {
		return
	}
	for i := range dst {
		dst[i] = le.Uint16(b[2*i:])
	}
}

func (d *decoder) u32s(dst []uint32) {
	b := d.take(4 * len(dst))
	if b == nil {
		return
	}
	for i := range dst {
		dst[i] = le.Uint32(b[4*i:])
	}
}

func getF32(b []byte) float32 { return math.Float32frombits(le.Uint32(b)) }

func getVec3(b []byte) Vec3 {
	_ = b[11]
	return Vec3{getF32(b[0:]), getF32(b[4:]), getF32(b[8:])}
}

// makeOrNil allocates n elements, or returns nil for none, so that empty
// lists always decode the same way.
func makeOrNil[T any](n int) []T {
	if n == 0 {
		return nil
	}
	return make([]T, n)
}

// makeUpTo returns an empty slice to append n items to, each of which
// takes at least unit bytes of the rem that remain. The capacity is what
// those bytes can hold, so a count larger than the file allocates no more
// than a true one; append grows the slice as items are actually read.
func makeUpTo[T any](n, rem, unit int64) []T {
	if n == 0 {
		return nil
	}
	return make([]T, 0, min(n, rem/unit))
}

// rows cuts flat into n rows of ns elements. Each row's capacity ends at
// its length so that appending to one row cannot overwrite the next.
func rows[T any](flat []T, n, ns int) [][]T {
	if n == 0 {
		return nil
	}
	out := make([][]T, n)
	for i := range out {
		out[i] = flat[i*ns : (i+1)*ns : (i+1)*ns]
	}
	return out
}
