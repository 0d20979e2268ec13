package bai

import (
	"bytes"
	"strings"
	"testing"
)

func TestEncodeMinimal(t *testing.T) {
	f := minimalFile()
	m, err := DecodeBytes(f.b)
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if err := Encode(&out, m); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(out.Bytes(), f.b) {
		t.Fatalf("Encode gives %d bytes that differ from the 630 decoded ones", out.Len())
	}
}

// roundTrip encodes m, decodes the bytes, checks the map came back equal
// and that encoding it again gives the same bytes.
func roundTrip(t *testing.T, m *Map) []byte {
	t.Helper()
	var b1 bytes.Buffer
	if err := Encode(&b1, m); err != nil {
		t.Fatal(err)
	}
	if got, want := int64(b1.Len()), encodedSize(m); got != want {
		t.Errorf("wrote %d bytes, size formulas say %d", got, want)
	}
	m2, err := DecodeBytes(b1.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	if !equal(m2, m) {
		t.Fatal("decoded map differs from the one encoded")
	}
	var b2 bytes.Buffer
	if err := Encode(&b2, m2); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(b1.Bytes(), b2.Bytes()) {
		t.Fatal("second encoding differs from the first")
	}
	return b1.Bytes()
}

func TestRoundTrip(t *testing.T) {
	for _, tc := range []struct {
		name string
		m    *Map
		want func(m *Map) bool // a property of the map the case is about
	}{
		{"small city with trams and trains", smallCity(), func(m *Map) bool {
			return len(m.Roads[0].SideB.Trams) == 1 && len(m.Roads[0].SideB.Trains) == 2
		}},
		{"several lanes", buildCity(citySpec{cols: 2, intersections: 2, roads: 1,
			sections: func(int) int { return 5 }, lanesA: 4, lanesB: 5, sidewalks: 1, rooms: 2}),
			func(m *Map) bool { return len(m.Roads[0].SideB.Lanes()) == 5 && len(m.Roads[0].SideA.Curves) == 5 }},
		{"no sidewalk centre", buildCity(citySpec{cols: 2, intersections: 2, roads: 1,
			sections: func(int) int { return 3 }, lanesA: 1, lanesB: 1, sidewalks: 0, rooms: 2}),
			func(m *Map) bool { return len(m.Roads[0].SideA.SidewalkCentres()) == 0 }},
		{"no lanes at all", buildCity(citySpec{cols: 2, intersections: 2, roads: 1,
			sections: func(int) int { return 2 }, sidewalks: 0, rooms: 2}),
			func(m *Map) bool { return m.Roads[0].SideA.Curves == nil }},
		{"empty map", &Map{}, func(m *Map) bool { return len(m.Roads) == 0 }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if !tc.want(tc.m) {
				t.Fatal("the test map lacks what the case is about")
			}
			roundTrip(t, tc.m)
		})
	}
}

func TestEncodeRefusesInconsistentMaps(t *testing.T) {
	for _, tc := range []struct {
		name, want string
		mutate     func(m *Map)
	}{
		{"short distances", "road 1: 2 distances for 3 sections", func(m *Map) { m.Roads[1].Distance = m.Roads[1].Distance[:2] }},
		{"one section", "road 0: 1 sections", func(m *Map) {
			r := &m.Roads[0]
			r.Origin = r.Origin[:1]
		}},
		{"curve count", "road 2 side B: 4 curves for 3 lanes + 0 sidewalks", func(m *Map) { m.Roads[2].SideB.NumSidewalks = 0 }},
		{"short lane", "road 0 side A: curve 1 has 1 points for 2 sections", func(m *Map) { m.Roads[0].SideA.Curves[1] = m.Roads[0].SideA.Curves[1][:1] }},
		{"short tram", "road 3 side B: tram rail 0 has 0 points", func(m *Map) { m.Roads[3].SideB.Trams[0] = nil }},
		{"short inner edge", "road 0 side B: sidewalk inner edge 0 has 3 points", func(m *Map) {
			m.Roads[0].SideB.SidewalkInner = append(m.Roads[0].SideB.SidewalkInner, Vec3{})
		}},
		{"edge distances", "road 0 side A: 2 edge distances", func(m *Map) { m.Roads[0].SideA.EdgeDistances = m.Roads[0].SideA.EdgeDistances[:2] }},
		{"culling lists", "culling: 4 car lists but 3 pedestrian lists", func(m *Map) { m.Culling.Peds = m.Culling.Peds[:3] }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := smallCity()
			tc.mutate(m)
			err := Encode(&bytes.Buffer{}, m)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("Encode error = %v, want one containing %q", err, tc.want)
			}
		})
	}
	if err := Encode(&bytes.Buffer{}, nil); err == nil {
		t.Error("Encode(nil) succeeded")
	}
}
