package opendrive

import (
	"errors"
	"strconv"
	"strings"
)

// ErrNotOpenDRIVE means the data is XML (or nothing) whose root element is
// not <OpenDRIVE>, so it is some other file. Decode returns it wrapped in
// a *FormatError; test with errors.Is.
var ErrNotOpenDRIVE = errors.New("not an OpenDRIVE road network (the root element is not <OpenDRIVE>)")

// ErrTooLarge means the input is longer than MaxSize. Decode stops reading
// there rather than build a map from a file no real road network needs.
var ErrTooLarge = errors.New("larger than the " + strconv.Itoa(MaxSize>>20) + " MiB an OpenDRIVE file may have")

// FormatError reports a file that is not a valid OpenDRIVE road network.
// Error gives one sentence, without the file's name (the caller adds it):
//
//	opendrive: line 4120: road 37: geometry of negative length (-2)
type FormatError struct {
	Line  int    // 1-based line in the file, 0 when not known
	Where string // element the problem is in, e.g. "road 37, lane section 1, lane -2"
	Msg   string
	// Err is the underlying cause when there is one: ErrNotOpenDRIVE,
	// ErrTooLarge, io.ErrUnexpectedEOF when the data ends inside an
	// element, or the reader's own error.
	Err error
}

func (e *FormatError) Error() string {
	var b strings.Builder
	b.WriteString("opendrive: ")
	if e.Line > 0 {
		b.WriteString("line ")
		b.WriteString(strconv.Itoa(e.Line))
		b.WriteString(": ")
	}
	if e.Where != "" {
		b.WriteString(e.Where)
		b.WriteString(": ")
	}
	b.WriteString(e.Msg)
	return b.String()
}

// Unwrap returns the underlying cause, if any.
func (e *FormatError) Unwrap() error { return e.Err }

// frame is one step of the decoder's place in the file: an element worth
// naming in an error ("road", "lane section", "lane") and its id or index.
// The place is kept as these small values and turned into a string only
// when an error happens.
type frame struct {
	kind string
	id   string
}

// placeString joins frames into "road 37, lane section 1, lane -2".
func placeString(frames []frame) string {
	var b strings.Builder
	for i, f := range frames {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(f.kind)
		if f.id != "" {
			b.WriteByte(' ')
			b.WriteString(f.id)
		}
	}
	return b.String()
}
