package citygen

import (
	"bytes"
	"errors"
	"io"
	"reflect"
	"testing"

	"github.com/mm2carla/viewer/format/bai"
)

// roundTrip encodes m, decodes the bytes, and wants the same map and the
// same bytes again.
func roundTrip(t *testing.T, name string, m *bai.Map) {
	t.Helper()
	var buf bytes.Buffer
	if err := bai.Encode(&buf, m); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	got, err := bai.DecodeBytes(buf.Bytes())
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	if !reflect.DeepEqual(got, m) {
		t.Errorf("%s: decoded map differs from the generated one", name)
	}
	var again bytes.Buffer
	if err := bai.Encode(&again, got); err != nil || !bytes.Equal(again.Bytes(), buf.Bytes()) {
		t.Errorf("%s: re-encoding gives different bytes (%v)", name, err)
	}
}

// TestTruncationSweep cuts a small generated city (one-way sides without
// lanes, several rooms a road, tram and train rails, free road ends) at
// every byte: each cut is a truncation error inside the data, at the
// first byte of the field the data ends in, so cutting right there again
// names the same place.
func TestTruncationSweep(t *testing.T) {
	cfg := Config{BlocksX: 2, BlocksY: 2, BlockSize: 60, Seed: 3, OneWayFraction: 1, Tram: true, Train: true, Rooms: 60}
	m, err := Generate(cfg)
	if err != nil {
		t.Fatal(err)
	}
	oneWay, multiRoom := 0, 0
	for _, r := range m.Roads {
		if r.SideA.NumLanes == 0 || r.SideB.NumLanes == 0 {
			oneWay++
		}
		if len(r.Rooms) > 1 {
			multiRoom++
		}
	}
	if oneWay == 0 || multiRoom == 0 {
		t.Fatalf("%d one-way roads, %d with several rooms: the city lacks what the sweep is for", oneWay, multiRoom)
	}
	var buf bytes.Buffer
	if err := bai.Encode(&buf, m); err != nil {
		t.Fatal(err)
	}
	data := buf.Bytes()
	cut := func(n int) *bai.FormatError {
		_, err := bai.DecodeBytes(data[:n])
		var fe *bai.FormatError
		if !errors.As(err, &fe) || !errors.Is(err, io.ErrUnexpectedEOF) || fe.Offset > int64(n) {
			t.Fatalf("cut to %d of %d bytes: %v, want a truncation inside the data", n, len(data), err)
		}
		return fe
	}
	for n := range len(data) {
		fe := cut(n)
		if again := cut(int(fe.Offset)); again.Offset != fe.Offset || again.Where != fe.Where {
			t.Fatalf("cut to %d bytes: byte %d (%s); cut there: byte %d (%s)", n, fe.Offset, fe.Where, again.Offset, again.Where)
		}
	}
	t.Logf("%d cuts of a %d-road city", len(data), len(m.Roads))
}
