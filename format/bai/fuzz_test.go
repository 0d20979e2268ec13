package bai

import (
	"bytes"
	"errors"
	"testing"
)

// FuzzDecode: decoding never panics, refuses with a FormatError inside the
// data, and whatever decodes re-encodes to the same bytes and validates
// without a panic. A partial map that comes with an error holds only
// whole records: they re-encode to the bytes they were read from.
func FuzzDecode(f *testing.F) {
	mini := minimalFile().b
	var city bytes.Buffer
	if err := Encode(&city, smallCity()); err != nil {
		f.Fatal(err)
	}
	for _, seed := range [][]byte{mini, city.Bytes(), mini[:300], []byte("CAI1"), nil,
		patched(26, 0xFFFF, 2), patched(614, 0xFFFFFFFF, 4), append(bytes.Clone(mini), 0)} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		m, err := DecodeBytes(b)
		if err != nil {
			var fe *FormatError
			if !errors.As(err, &fe) {
				t.Fatalf("error %v is not a *FormatError", err)
			}
			if fe.Offset < 0 || fe.Offset > int64(len(b)) {
				t.Fatalf("error at byte %d of %d", fe.Offset, len(b))
			}
			if m != nil {
				checkPartial(t, b, m)
			}
			return
		}
		h, err := DecodeHeader(bytes.NewReader(b))
		if err != nil || h.Roads != len(m.Roads) || h.Intersections != len(m.Intersections) {
			t.Fatalf("header %+v, %v disagrees with the map", h, err)
		}
		Validate(m)
		var out bytes.Buffer
		if err := Encode(&out, m); err != nil {
			t.Fatalf("decoded map does not encode: %v", err)
		}
		if !bytes.Equal(out.Bytes(), b) {
			t.Fatal("re-encoding changed the bytes")
		}
	})
}
