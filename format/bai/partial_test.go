package bai

import (
	"bytes"
	"errors"
	"testing"
)

// checkPartial checks the map DecodeBytes returned with an error on data:
// every record it holds is whole, which shows as its re-encoding being
// exactly the bytes it was read from (the roads and intersections
// directly follow the header; the culling lists, when kept, end where the
// map does), and Validate runs on it without a panic.
func checkPartial(t testing.TB, data []byte, m *Map) {
	t.Helper()
	var body bytes.Buffer
	if err := Encode(&body, &Map{Roads: m.Roads, Intersections: m.Intersections}); err != nil {
		t.Fatalf("partial map does not encode: %v", err)
	}
	recs := body.Bytes()[headerSize : body.Len()-cullHeadSize] // without the empty culling header
	if len(data) < headerSize+len(recs) || !bytes.Equal(recs, data[headerSize:headerSize+len(recs)]) {
		t.Fatalf("the partial map's %d roads and %d intersections do not re-encode to the bytes they came from",
			len(m.Roads), len(m.Intersections))
	}
	if len(m.Culling.Cars) > 0 || len(m.Culling.Peds) > 0 {
		var all bytes.Buffer
		if err := Encode(&all, m); err != nil {
			t.Fatalf("partial map with culling lists does not encode: %v", err)
		}
		if !bytes.Equal(all.Bytes()[headerSize:], data[headerSize:all.Len()]) {
			t.Fatal("the partial map's culling lists do not re-encode to the bytes they came from")
		}
	}
	Validate(m)
}

// recordEnds returns where, in m encoded, each road and then each
// intersection ends, worked out by encoding growing prefixes of m.
func recordEnds(t *testing.T, m *Map) (roads, inters []int) {
	t.Helper()
	size := func(p *Map) int {
		var b bytes.Buffer
		if err := Encode(&b, p); err != nil {
			t.Fatal(err)
		}
		return b.Len() - cullHeadSize
	}
	for k := 1; k <= len(m.Roads); k++ {
		roads = append(roads, size(&Map{Roads: m.Roads[:k]}))
	}
	for k := 1; k <= len(m.Intersections); k++ {
		inters = append(inters, size(&Map{Roads: m.Roads, Intersections: m.Intersections[:k]}))
	}
	return roads, inters
}

// TestPartialMap cuts the small city at places worked out from its
// records and checks how many complete roads, intersections and culling
// rooms come back with the error, and that they are the city's own.
func TestPartialMap(t *testing.T) {
	city := smallCity()
	data := roundTrip(t, city)
	re, ie := recordEnds(t, city)
	if len(re) != 7 || len(ie) != 6 {
		t.Fatalf("small city has %d roads, %d intersections; the table assumes 7 and 6", len(re), len(ie))
	}
	for _, tc := range []struct {
		name                 string
		cut                  int
		roads, inters, rooms int
	}{
		{"in road 0's header", headerSize + 3, 0, 0, 0},
		{"in road 0's side B", headerSize + (re[0]-headerSize)/2, 0, 0, 0},
		{"one byte short of road 0", re[0] - 1, 0, 0, 0},
		{"just after road 0", re[0], 1, 0, 0},
		{"one byte into road 1", re[0] + 1, 1, 0, 0},
		{"in road 4", (re[3] + re[4]) / 2, 4, 0, 0},
		{"one byte short of the last road", re[6] - 1, 6, 0, 0},
		{"after the roads", re[6], 7, 0, 0},
		{"in intersection 0", re[6] + 5, 7, 0, 0},
		{"after intersection 2", ie[2], 7, 3, 0},
		{"in intersection 3's roads", ie[3] - 2, 7, 3, 0},
		{"after the intersections", ie[5], 7, 6, 0},
		{"in the culling lists", ie[5] + 7, 7, 6, 0},
		{"one byte short of the end", len(data) - 1, 7, 6, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m, err := DecodeBytes(data[:tc.cut])
			var fe *FormatError
			if !errors.As(err, &fe) {
				t.Fatalf("cut to %d bytes: %v, want a *FormatError", tc.cut, err)
			}
			if m == nil {
				t.Fatalf("cut to %d bytes: no map with %v", tc.cut, err)
			}
			if len(m.Roads) != tc.roads || len(m.Intersections) != tc.inters || len(m.Culling.Cars) != tc.rooms {
				t.Errorf("cut to %d bytes (%v): %d roads, %d intersections, %d culling rooms; want %d, %d, %d",
					tc.cut, err, len(m.Roads), len(m.Intersections), len(m.Culling.Cars), tc.roads, tc.inters, tc.rooms)
			}
			if !equal(m.Roads, nilIfEmpty(city.Roads[:tc.roads])) || !equal(m.Intersections, nilIfEmpty(city.Intersections[:tc.inters])) {
				t.Error("the records kept differ from the city's")
			}
			checkPartial(t, data[:tc.cut], m)
		})
	}
	// Trailing bytes come after every record: the whole map is kept.
	m, err := DecodeBytes(append(bytes.Clone(data), 0, 0))
	if err == nil || m == nil || !equal(m, city) {
		t.Errorf("trailing bytes: %v; want the whole city with the error", err)
	}
}

// TestPartialMapSweep: at every cut the partial map grows, never holds a
// half-read record, and always validates and encodes.
func TestPartialMapSweep(t *testing.T) {
	data := roundTrip(t, smallCity())
	prev := 0
	for n := headerSize; n < len(data); n++ {
		m, err := DecodeBytes(data[:n])
		if err == nil || m == nil {
			t.Fatalf("cut to %d bytes: map %v, error %v", n, m != nil, err)
		}
		checkPartial(t, data[:n], m)
		if got := len(m.Roads) + len(m.Intersections); got < prev {
			t.Fatalf("cut to %d bytes: %d records, the cut before kept %d", n, got, prev)
		} else {
			prev = got
		}
	}
	if prev != 13 {
		t.Errorf("one byte short of the end kept %d records, want all 13", prev)
	}
}
