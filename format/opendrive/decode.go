package opendrive

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"strings"
)

// MaxSize is the largest input Decode reads, in bytes. The largest real
// networks (CARLA's biggest towns) are around 30 MB; Town01 is under
// 1 MB. A longer input is refused when the reader gets there, so that a
// hostile or mistaken file is never read whole.
const MaxSize = 128 << 20

// maxSize is MaxSize, lowered by tests that check the limit without
// making 128 MiB of input.
var maxSize int64 = MaxSize

// Decode reads an OpenDRIVE file from r, as a stream: the input is never
// held whole in memory, and reading stops at the first error or after
// MaxSize bytes.
//
// The first problem stops decoding with a *FormatError naming its line and
// element. With the error comes, when anything was read whole, the map of
// the complete records before it: the header, every road, junction and
// controller read to its end tag. A record the error cut short is left
// out, never half-filled, so that a viewer can still show what a damaged
// file holds. The map is nil when not even the root element was read.
//
// Decode checks what the geometry needs: numbers are finite and of sane
// size, lengths not negative, curves no sharper than a millimetre's
// radius nor turning more than 1000 rad in one geometry, records in order
// of s, every road has a reference line and lanes, lane ids run without
// gaps. Links between roads and junctions are kept as written and not
// checked.
func Decode(r io.Reader) (*Map, error) {
	d := newDecoder(r)
	m := d.document()
	return m, d.err
}

// DecodeBytes decodes a whole file held in memory; see Decode.
func DecodeBytes(b []byte) (*Map, error) { return Decode(bytes.NewReader(b)) }

// decoder walks the token stream of one file. Its error is sticky: once
// set, child reports no more children, so every element function unwinds
// at once and callers check the error once per record.
//
// It reads raw tokens, which skip the namespace translation OpenDRIVE
// has no use for (a quarter of encoding/xml's time on Town01), and keeps
// its own stack of open elements to check that end tags match, as
// Token would.
type decoder struct {
	x     *xml.Decoder
	lim   *limitReader
	err   error
	open  []string // names of the elements open at this point
	place []frame
}

func newDecoder(r io.Reader) *decoder {
	lim := &limitReader{r: r, left: maxSize}
	x := xml.NewDecoder(lim)
	x.Strict = true
	return &decoder{x: x, lim: lim}
}

// elem is a start tag and the line it ends on.
type elem struct {
	xml.StartElement
	line int
}

func (e *elem) name() string { return e.Name.Local }

// line returns the line the decoder has read to.
func (d *decoder) line() int {
	l, _ := d.x.InputPos()
	return l
}

// fail records the first error, at line, in the current place.
func (d *decoder) fail(line int, cause error, format string, args ...any) {
	if d.err == nil {
		d.err = &FormatError{Line: line, Where: placeString(d.place), Msg: fmt.Sprintf(format, args...), Err: cause}
	}
}

// push and pop keep the place for error messages.
func (d *decoder) push(kind, id string) { d.place = append(d.place, frame{kind, id}) }
func (d *decoder) pop()                 { d.place = d.place[:len(d.place)-1] }

// token returns the next token, checking that end tags match their
// start tags and turning a reading error into the decoder's error.
func (d *decoder) token() (xml.Token, bool) {
	if d.err != nil {
		return nil, false
	}
	tok, err := d.x.RawToken()
	if err != nil {
		d.readErr(err)
		return nil, false
	}
	switch t := tok.(type) {
	case xml.StartElement:
		d.open = append(d.open, t.Name.Local)
	case xml.EndElement:
		n := len(d.open)
		if n == 0 || d.open[n-1] != t.Name.Local {
			d.fail(d.line(), nil, "malformed XML: element <%s> closed by </%s>", d.innermost(), t.Name.Local)
			return nil, false
		}
		d.open = d.open[:n-1]
	}
	return tok, true
}

// innermost names the innermost open element, for messages.
func (d *decoder) innermost() string {
	if len(d.open) == 0 {
		return ""
	}
	return d.open[len(d.open)-1]
}

// child returns the next element inside the current one, or false at the
// current element's end tag or on an error. Text, comments and processing
// instructions between elements are passed over.
func (d *decoder) child() (elem, bool) {
	for {
		tok, ok := d.token()
		if !ok {
			return elem{}, false
		}
		switch t := tok.(type) {
		case xml.StartElement:
			return elem{t, d.line()}, true
		case xml.EndElement:
			return elem{}, false
		}
	}
}

// skip passes over the rest of an element whose start tag was just read:
// its children and its end tag.
func (d *decoder) skip() {
	for depth := len(d.open) - 1; len(d.open) > depth; {
		if _, ok := d.token(); !ok {
			return
		}
	}
}

// text returns the character data of an element whose start tag was just
// read, up to its end tag; nested elements are skipped.
func (d *decoder) text() string {
	var b strings.Builder
	for {
		tok, ok := d.token()
		if !ok {
			return b.String()
		}
		switch t := tok.(type) {
		case xml.CharData:
			b.Write(t)
		case xml.StartElement:
			d.skip()
		case xml.EndElement:
			return b.String()
		}
	}
}

// readErr turns an error of the XML reader into a FormatError.
func (d *decoder) readErr(err error) {
	var se *xml.SyntaxError
	switch {
	case errors.Is(err, ErrTooLarge):
		d.fail(d.line(), ErrTooLarge, "%v", ErrTooLarge)
	case errors.As(err, &se) && strings.HasPrefix(se.Msg, "unexpected EOF"):
		d.fail(se.Line, io.ErrUnexpectedEOF, "the data ends inside an element (the file is cut short)")
	case errors.As(err, &se):
		d.fail(se.Line, nil, "malformed XML: %s", se.Msg)
	case err == io.EOF && len(d.open) > 0:
		d.fail(d.line(), io.ErrUnexpectedEOF, "the data ends inside an element (the file is cut short)")
	case err == io.EOF:
		d.fail(d.line(), io.ErrUnexpectedEOF, "the data ends before the root element")
	default:
		d.fail(d.line(), err, "reading: %v", err)
	}
}

// document reads the root element and everything in it.
func (d *decoder) document() *Map {
	root, ok := d.child()
	if !ok {
		d.noRoot()
		return nil
	}
	if root.name() != "OpenDRIVE" {
		d.fail(root.line, ErrNotOpenDRIVE, "the root element is <%s>; %v", root.name(), ErrNotOpenDRIVE)
		return nil
	}
	m := &Map{}
	haveHeader := false
	for {
		e, ok := d.child()
		if !ok {
			break
		}
		switch e.name() {
		case "header":
			if haveHeader {
				d.fail(e.line, nil, "a second <header>")
				break
			}
			if h := d.header(&e); d.err == nil {
				m.Header, haveHeader = h, true
			}
		case "road":
			if r := d.road(&e); d.err == nil {
				m.Roads = append(m.Roads, r)
			}
		case "junction":
			if j := d.junction(&e); d.err == nil {
				m.Junctions = append(m.Junctions, j)
			}
		case "controller":
			if c := d.controller(&e); d.err == nil {
				m.Controllers = append(m.Controllers, c)
			}
		default:
			d.skip()
		}
	}
	if d.err == nil && !haveHeader {
		d.fail(d.line(), nil, "no <header> in <OpenDRIVE>")
	}
	d.trailing()
	return m
}

// noRoot explains a failure to read the root element: data with no
// element is not OpenDRIVE, and neither is data that is not XML, so both
// wrap ErrNotOpenDRIVE (a file chooser can tell files apart by it); an
// input too large or a failing reader keeps its own cause.
func (d *decoder) noRoot() {
	fe, _ := d.err.(*FormatError)
	switch {
	case fe == nil || fe.Err == io.ErrUnexpectedEOF:
		d.err = &FormatError{Line: d.line(), Msg: "no root element; " + ErrNotOpenDRIVE.Error(), Err: ErrNotOpenDRIVE}
	case fe.Err == nil:
		fe.Msg += "; " + ErrNotOpenDRIVE.Error()
		fe.Err = ErrNotOpenDRIVE
	}
}

// trailing checks that nothing but comments and space follow the root.
func (d *decoder) trailing() {
	for d.err == nil {
		tok, err := d.x.RawToken()
		if err == io.EOF {
			return
		}
		if err != nil {
			d.readErr(err)
			return
		}
		switch t := tok.(type) {
		case xml.EndElement:
			d.fail(d.line(), nil, "malformed XML: unexpected end element </%s>", t.Name.Local)
		case xml.StartElement:
			d.fail(d.line(), nil, "element <%s> after the end of <OpenDRIVE>", t.Name.Local)
		case xml.CharData:
			if len(bytes.TrimSpace(t)) > 0 {
				d.fail(d.line(), nil, "text after the end of <OpenDRIVE>")
			}
		}
	}
}

// limitReader reads at most left bytes from r, then fails with
// ErrTooLarge if more remain.
type limitReader struct {
	r    io.Reader
	left int64
}

func (l *limitReader) Read(p []byte) (int, error) {
	if l.left <= 0 {
		// Only refuse if there really is more.
		var one [1]byte
		n, err := l.r.Read(one[:])
		if n > 0 {
			return 0, ErrTooLarge
		}
		return 0, err
	}
	if int64(len(p)) > l.left {
		p = p[:l.left]
	}
	n, err := l.r.Read(p)
	l.left -= int64(n)
	return n, err
}
