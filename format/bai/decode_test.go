package bai

import (
	"bytes"
	"encoding/binary"
	"errors"
	"io"
	"strings"
	"testing"
)

// patched returns a copy of the minimal file with a little-endian value
// written at off (size 2 or 4 bytes).
func patched(off int, v uint32, size int) []byte {
	b := bytes.Clone(minimalFile().b)
	if size == 2 {
		binary.LittleEndian.PutUint16(b[off:], uint16(v))
	} else {
		binary.LittleEndian.PutUint32(b[off:], v)
	}
	return b
}

func TestDecodeErrors(t *testing.T) {
	mini := minimalFile().b
	mm1 := append([]byte{2, 0, 1, 0}, mini[8:]...) // MM1-like: counts where the magic should be
	for _, tc := range []struct {
		name   string
		data   []byte
		offset int64
		where  string
		msg    string
		cause  error
		// kept: complete roads, intersections and culling rooms of the
		// partial map; roads -1 for no map (the header was not read).
		kept [3]int
	}{
		{"empty", nil, 0, "header", "need 8 bytes", io.ErrUnexpectedEOF, [3]int{-1}},
		{"MM1-like, no magic", mm1, 0, "header", "not a Midtown Madness 2 AI map", ErrNotCAI1, [3]int{-1}},
		{"other magic", append([]byte("CAI2"), mini[4:]...), 0, "header", "no CAI1 magic", ErrNotCAI1, [3]int{-1}},
		{"text file", []byte("hello"), 0, "header", "not a Midtown Madness 2 AI map", ErrNotCAI1, [3]int{-1}},
		{"header cut", mini[:6], 0, "header", "need 8 bytes here, only 6 remain", io.ErrUnexpectedEOF, [3]int{-1}},
		{"too many intersections", patched(4, 40000, 2), 614, "intersection 2", "need 18 bytes here, only 16 remain; " +
			"the header's 1 roads and 40000 intersections alone need at least 720420 bytes, only 622 follow it", io.ErrUnexpectedEOF, [3]int{1, 2}},
		{"too many roads", patched(6, 2, 2), 4, "header", "2 roads and 2 intersections need at least 872 bytes, only 622 follow the header; " +
			"reading on: byte 572 (road 1): 1 sections; a road needs at least 2", io.ErrUnexpectedEOF, [3]int{1}},
		{"too many sections", patched(10, 60000, 2), 36, "road 0, side A, curve distances", "need 480000 bytes here, only 594 remain " +
			"(side counts at byte 26: 1 lanes, 1 sidewalks, 0 tram and 0 train rails, on a road of 60000 sections)", io.ErrUnexpectedEOF, [3]int{}},
		{"one section", patched(10, 1, 2), 10, "road 0", "1 sections; a road needs at least 2", nil, [3]int{}},
		{"too many rooms", patched(14, 4000, 2), 16, "road 0, rooms", "need 8000 bytes here, only 614 remain (road counts at byte 10: 2 sections, 4000 rooms)", io.ErrUnexpectedEOF, [3]int{}},
		{"too many lanes", patched(26, 500, 2), 36, "road 0, side A, curve distances", "need 4008 bytes here, only 594 remain (side counts at byte 26: 500 lanes,", io.ErrUnexpectedEOF, [3]int{}},
		{"too many trams", patched(196+2, 20, 2), 318, "road 0, side B, tram curves", "need 480 bytes here, only 312 remain (side counts at byte 196: 1 lanes, 1 sidewalks, 20 tram and 0 train rails", io.ErrUnexpectedEOF, [3]int{}},
		{"cut in side B lane curves", mini[:280], 270, "road 0, side B, lane curves", "need 24 bytes here, only 10 remain", io.ErrUnexpectedEOF, [3]int{}},
		{"cut in road end", mini[:500], 494, "road 0, end", "need 38 bytes here, only 6 remain (road counts at byte 10: 2 sections, 1 rooms)", io.ErrUnexpectedEOF, [3]int{}},
		{"cut in intersection", mini[:580], 570, "intersection 0", "need 18 bytes here, only 10 remain", io.ErrUnexpectedEOF, [3]int{1}},
		{"intersection roads", patched(592+16, 1000, 2), 610, "intersection 1, roads", "need 4000 bytes here, only 20 remain (1000 roads, counted at byte 608)", io.ErrUnexpectedEOF, [3]int{1, 1}},
		{"too many culling rooms", patched(614, 1e9, 4), 630, "culling, cars room 4", "need 2 bytes here, only 0 remain (culling counts 1000000000 rooms at byte 614)", io.ErrUnexpectedEOF, [3]int{1, 2}},
		{"culling list", patched(620, 300, 2), 622, "culling, cars room 1", "need 600 bytes here, only 8 remain (300 roads, counted at byte 620)", io.ErrUnexpectedEOF, [3]int{1, 2}},
		{"cut in culling", mini[:627], 626, "culling, pedestrians room 1", "need 2 bytes here, only 1 remain", io.ErrUnexpectedEOF, [3]int{1, 2}},
		{"trailing bytes", append(bytes.Clone(mini), 1, 2, 3), 630, "after the culling lists", "3 trailing bytes", nil, [3]int{1, 2, 2}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m, err := DecodeBytes(tc.data)
			var fe *FormatError
			if !errors.As(err, &fe) {
				t.Fatalf("DecodeBytes = %v, %v; want a *FormatError", m, err)
			}
			switch {
			case tc.kept[0] < 0 && m != nil:
				t.Error("a map came back although the header was not read")
			case tc.kept[0] < 0:
			case m == nil:
				t.Error("no partial map came back with the error")
			default:
				if got := [3]int{len(m.Roads), len(m.Intersections), len(m.Culling.Cars)}; got != tc.kept {
					t.Errorf("partial map has %v roads, intersections, culling rooms; want %v", got, tc.kept)
				}
				checkPartial(t, tc.data, m)
			}
			if fe.Offset != tc.offset || fe.Where != tc.where || !strings.Contains(fe.Msg, tc.msg) {
				t.Errorf("got byte %d (%s): %s\nwant byte %d (%s): ...%s...", fe.Offset, fe.Where, fe.Msg, tc.offset, tc.where, tc.msg)
			}
			if tc.cause != nil && !errors.Is(err, tc.cause) {
				t.Errorf("error %v does not wrap %v", err, tc.cause)
			}
			if tc.cause == nil && fe.Err != nil {
				t.Errorf("error wraps %v, want no cause", fe.Err)
			}
			if _, err2 := Decode(bytes.NewReader(tc.data)); err2 == nil || err2.Error() != err.Error() {
				t.Errorf("Decode(reader) = %v, DecodeBytes = %v", err2, err)
			}
		})
	}
}

func TestFormatErrorString(t *testing.T) {
	e := &FormatError{Offset: 1234, Where: "road 12, side B, lane curves", Msg: "bad"}
	if got, want := e.Error(), "bai: byte 1234 (road 12, side B, lane curves): bad"; got != want {
		t.Errorf("Error() = %q, want %q", got, want)
	}
}

func TestDecodeHeader(t *testing.T) {
	mini := minimalFile().b
	if _, err := DecodeHeader(bytes.NewReader(mini[:7])); !errors.Is(err, io.ErrUnexpectedEOF) {
		t.Errorf("7 bytes: %v, want unexpected EOF", err)
	}
	if _, err := DecodeHeader(strings.NewReader("PK\x03\x04zip")); !errors.Is(err, ErrNotCAI1) {
		t.Errorf("zip: %v, want ErrNotCAI1", err)
	}
	h, err := DecodeHeader(bytes.NewReader(mini[:8]))
	if err != nil || h != (Header{Intersections: 2, Roads: 1}) {
		t.Errorf("8 bytes: %+v, %v", h, err)
	}
	boom := errors.New("disk on fire")
	if _, err := DecodeHeader(io.MultiReader(strings.NewReader("CA"), errReader{boom})); !errors.Is(err, boom) {
		t.Errorf("read error: %v, want it passed on", err)
	}
	if _, err := Decode(errReader{boom}); !errors.Is(err, boom) {
		t.Errorf("Decode read error: %v, want it passed on", err)
	}
}

type errReader struct{ err error }

func (r errReader) Read([]byte) (int, error) { return 0, r.err }
