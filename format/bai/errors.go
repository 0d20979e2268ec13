package bai

import (
	"errors"
	"strconv"
)

// ErrNotCAI1 means the data does not start with the "CAI1" magic, so it is
// not a Midtown Madness 2 AI map (a Midtown Madness 1 .bai has no magic).
// Decoders return it wrapped in a *FormatError; test with errors.Is.
var ErrNotCAI1 = errors.New("not a Midtown Madness 2 AI map (no CAI1 magic; a Midtown Madness 1 .bai has none)")

// FormatError reports bytes that are not a valid CAI1 map.
type FormatError struct {
	Offset int64  // byte offset of the offending field
	Where  string // place in the map, e.g. "road 12, side B, lane curves"
	Msg    string
	// Err is the underlying cause when there is one: ErrNotCAI1, or
	// io.ErrUnexpectedEOF when the data ends early. Counts too large for
	// the bytes that remain also wrap io.ErrUnexpectedEOF, because a
	// truncated file and a corrupt count cannot be told apart.
	Err error
}

func (e *FormatError) Error() string {
	s := "bai: byte " + strconv.FormatInt(e.Offset, 10)
	if e.Where != "" {
		s += " (" + e.Where + ")"
	}
	return s + ": " + e.Msg
}

// Unwrap returns the underlying cause, if any.
func (e *FormatError) Unwrap() error { return e.Err }

// place names where the decoder is, cheaply: it is built from constants as
// the decoder moves and turned into a string only when an error happens.
type place struct {
	kind  string // "header", "road", "intersection", "culling", "end of file"
	index int    // road or intersection index, -1 for none
	side  byte   // 'A' or 'B' inside a road side, else 0
	field string // "lane curves", "rooms", "cars room", ...
	item  int    // number after field (a culling room), -1 for none
}

func at(kind string, index int) place {
	return place{kind: kind, index: index, item: -1}
}

func (p place) String() string {
	s := p.kind
	if p.index >= 0 {
		s += " " + strconv.Itoa(p.index)
	}
	if p.side != 0 {
		s += ", side " + string(p.side)
	}
	if p.field != "" {
		s += ", " + p.field
		if p.item >= 0 {
			s += " " + strconv.Itoa(p.item)
		}
	}
	return s
}
