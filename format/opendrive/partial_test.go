package opendrive

import (
	"bytes"
	"errors"
	"io"
	"reflect"
	"strings"
	"testing"
)

// checkPartial checks the map Decode returned with an error on data, a
// prefix or a damaged copy of the file full decodes to: the records it
// holds are whole and the file's own, and (when sample is set) it can be
// sampled.
func checkPartial(t *testing.T, m, full *Map, sample bool) {
	t.Helper()
	if len(m.Roads) > len(full.Roads) || !reflect.DeepEqual(m.Roads, nilIfEmpty(full.Roads[:len(m.Roads)])) {
		t.Fatalf("the %d roads kept are not the file's first ones", len(m.Roads))
	}
	if len(m.Junctions) > len(full.Junctions) || !reflect.DeepEqual(m.Junctions, nilIfEmpty(full.Junctions[:len(m.Junctions)])) {
		t.Fatalf("the %d junctions kept are not the file's first ones", len(m.Junctions))
	}
	if len(m.Controllers) > len(full.Controllers) || !reflect.DeepEqual(m.Controllers, nilIfEmpty(full.Controllers[:len(m.Controllers)])) {
		t.Fatalf("the %d controllers kept are not the file's first ones", len(m.Controllers))
	}
	if !sample {
		return
	}
	if _, err := Sample(m, 0); err != nil {
		t.Fatalf("the partial map does not sample: %v", err)
	}
}

func nilIfEmpty[T any](s []T) []T {
	if len(s) == 0 {
		return nil
	}
	return s
}

// TestTruncationSweep cuts the small network at every byte: each cut is
// refused with a *FormatError on a line the cut holds, never a panic;
// once inside the root a cut wraps io.ErrUnexpectedEOF, before it
// ErrNotOpenDRIVE; and the records kept are exactly those whose end tag
// the cut holds.
func TestTruncationSweep(t *testing.T) {
	data := readSmall(t)
	full := decodeSmall(t)
	rootEnd := bytes.Index(data, []byte("<OpenDRIVE>")) + len("<OpenDRIVE>")
	closeAt := bytes.Index(data, []byte("</OpenDRIVE>")) + len("</OpenDRIVE>")
	kept := -1 // roads kept by the previous cut
	step := 1
	if testing.Short() {
		step = 7
	}
	for n := 0; n < len(data); n += step {
		cut := data[:n]
		m, err := DecodeBytes(cut)
		if n >= closeAt {
			if err != nil {
				t.Fatalf("cut to %d bytes, after the root's end: %v", n, err)
			}
			continue
		}
		var fe *FormatError
		if !errors.As(err, &fe) {
			t.Fatalf("cut to %d bytes: %v, want a *FormatError", n, err)
		}
		if lines := bytes.Count(cut, []byte("\n")) + 1; fe.Line < 1 || fe.Line > lines {
			t.Fatalf("cut to %d bytes (%d lines): error on line %d: %v", n, lines, fe.Line, err)
		}
		want := io.ErrUnexpectedEOF
		if n < rootEnd {
			want = ErrNotOpenDRIVE
		}
		if !errors.Is(err, want) {
			t.Fatalf("cut to %d bytes: %v, want it to wrap %v", n, err, want)
		}
		if n < rootEnd {
			if m != nil {
				t.Fatalf("cut to %d bytes, before the root: a map with %v", n, err)
			}
			continue
		}
		if m == nil {
			t.Fatalf("cut to %d bytes, inside the root: no map with %v", n, err)
		}
		checkPartial(t, m, full, len(m.Roads) != kept) // sampling each new set once
		kept = len(m.Roads)
		roads := bytes.Count(cut, []byte("</road>"))
		juncs := bytes.Count(cut, []byte("</junction>"))
		ctrls := bytes.Count(cut, []byte("</controller>"))
		if len(m.Roads) != roads || len(m.Junctions) != juncs || len(m.Controllers) != ctrls {
			t.Fatalf("cut to %d bytes: kept %d roads, %d junctions, %d controllers; the cut ends %d, %d, %d",
				n, len(m.Roads), len(m.Junctions), len(m.Controllers), roads, juncs, ctrls)
		}
		if haveHeader := bytes.Contains(cut, []byte("</header>")); (m.Header.RevMajor == 1) != haveHeader {
			t.Fatalf("cut to %d bytes: header kept %v, the cut holds it %v", n, m.Header.RevMajor == 1, haveHeader)
		}
	}
}

// An error in a later record keeps the earlier ones whole, as a
// truncation does.
func TestPartialAfterBadRecord(t *testing.T) {
	data := readSmall(t)
	full := decodeSmall(t)
	for _, tc := range []struct {
		name, old, new string
		roads, juncs   int
		want           string
	}{
		{"bad second road", `<poly3 a="0"`, `<poly3 a="x"`, 1, 0,
			`opendrive: line 114: road 2: <poly3> a is "x", not a number`},
		{"bad junction", `<laneLink from="-1"`, `<laneLink from="-1.5"`, 3, 0,
			`opendrive: line 168: junction 100: <laneLink> from is "-1.5", not an integer`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			bad := []byte(strings.Replace(string(data), tc.old, tc.new, 1))
			m, err := DecodeBytes(bad)
			if err == nil || err.Error() != tc.want {
				t.Fatalf("error %v, want %s", err, tc.want)
			}
			if m == nil || len(m.Roads) != tc.roads || len(m.Junctions) != tc.juncs {
				t.Fatalf("kept %+v", m)
			}
			checkPartial(t, m, full, true)
		})
	}
}

// TestSizeLimit feeds an endless stream: Decode must stop at the limit
// with ErrTooLarge, having read no more than the limit and a buffer.
func TestSizeLimit(t *testing.T) {
	old := maxSize
	maxSize = 1 << 20
	defer func() { maxSize = old }()
	src := &endless{head: []byte(`<OpenDRIVE><header revMajor="1" revMinor="4"/>` + "\n"), unit: []byte("<userData/>\n")}
	m, err := Decode(src)
	if !errors.Is(err, ErrTooLarge) {
		t.Fatalf("error %v, want ErrTooLarge", err)
	}
	if src.read > maxSize+64<<10 {
		t.Errorf("read %d bytes for a limit of %d", src.read, maxSize)
	}
	if m == nil || m.Header.RevMinor != 4 {
		t.Errorf("the header read before the limit was not kept: %+v", m)
	}
	var fe *FormatError
	if errors.As(err, &fe); fe == nil || fe.Line < 80000 {
		t.Errorf("error %v; want it near line 87000", err)
	}
	// Exactly at the limit is still allowed.
	doc := []byte(base)
	maxSize = int64(len(doc))
	if _, err := DecodeBytes(doc); err != nil {
		t.Errorf("a file of exactly the limit: %v", err)
	}
	maxSize = int64(len(doc)) - 1
	if _, err := DecodeBytes(doc); !errors.Is(err, ErrTooLarge) {
		t.Errorf("a file one byte over the limit: %v", err)
	}
}

// endless yields head, then unit over and over, counting what it gives.
type endless struct {
	head, unit []byte
	read       int64
	pos        int
}

func (e *endless) Read(p []byte) (int, error) {
	n := 0
	for n < len(p) {
		var src []byte
		if e.pos < len(e.head) {
			src = e.head[e.pos:]
		} else {
			src = e.unit[(e.pos-len(e.head))%len(e.unit):]
		}
		k := copy(p[n:], src)
		n += k
		e.pos += k
	}
	e.read += int64(n)
	return n, nil
}
