package bai

import (
	"bytes"
	"encoding/binary"
	"errors"
	"io"
	"runtime"
	"strconv"
	"testing"
)

// truncation decodes data cut to n bytes and returns the FormatError,
// failing the test unless it is a truncation.
func truncation(t *testing.T, data []byte, n int) *FormatError {
	t.Helper()
	_, err := DecodeBytes(data[:n])
	var fe *FormatError
	if !errors.As(err, &fe) || !errors.Is(err, io.ErrUnexpectedEOF) {
		t.Fatalf("cut to %d bytes: %v, want a truncation FormatError", n, err)
	}
	return fe
}

// Cutting the minimal file inside each of its fields names that field and
// gives its first byte. The offsets are worked out by hand from the sheet.
func TestTruncationPlaces(t *testing.T) {
	mini := minimalFile().b
	for _, tc := range []struct {
		start, end int
		where      string
	}{
		{0, 8, "header"},
		{8, 16, "road 0"},
		{16, 18, "road 0, rooms"},
		{18, 26, "road 0, half width and base speed"},
		{26, 36, "road 0, side A, counts"},
		{36, 52, "road 0, side A, curve distances"},
		{52, 60, "road 0, side A, edge distances"},
		{60, 100, "road 0, side A, misc"},
		{100, 124, "road 0, side A, lane curves"},
		{124, 148, "road 0, side A, sidewalk centre curves"},
		{148, 172, "road 0, side A, sidewalk inner edge"},
		{172, 196, "road 0, side A, sidewalk outer edge"},
		{196, 206, "road 0, side B, counts"},
		{206, 222, "road 0, side B, curve distances"},
		{222, 230, "road 0, side B, edge distances"},
		{230, 270, "road 0, side B, misc"},
		{270, 294, "road 0, side B, lane curves"},
		{294, 318, "road 0, side B, sidewalk centre curves"},
		{318, 342, "road 0, side B, sidewalk inner edge"},
		{342, 366, "road 0, side B, sidewalk outer edge"},
		{366, 374, "road 0, distances"},
		{374, 398, "road 0, origins"},
		{398, 422, "road 0, x axes"},
		{422, 446, "road 0, y axes"},
		{446, 470, "road 0, z axes"},
		{470, 494, "road 0, tangents"},
		{494, 532, "road 0, end"},
		{532, 570, "road 0, start"},
		{570, 588, "intersection 0"},
		{588, 592, "intersection 0, roads"},
		{592, 610, "intersection 1"},
		{610, 614, "intersection 1, roads"},
		{614, 618, "culling"},
		{618, 620, "culling, cars room 0"},
		{620, 622, "culling, cars room 1"}, // the list's count
		{622, 624, "culling, cars room 1"}, // its roads
		{624, 626, "culling, pedestrians room 0"},
		{626, 628, "culling, pedestrians room 1"},
		{628, 630, "culling, pedestrians room 1"},
	} {
		for _, n := range []int{tc.start, (tc.start + tc.end) / 2, tc.end - 1} {
			fe := truncation(t, mini, n)
			if fe.Offset != int64(tc.start) || fe.Where != tc.where {
				t.Errorf("cut to %d bytes: byte %d (%s): %s\nwant byte %d (%s)", n, fe.Offset, fe.Where, fe.Msg, tc.start, tc.where)
			}
		}
	}
}

// A map the size of London cut inside road 12's side B lane curves says
// so, as the example asks, although the header's counts alone
// already promise more bytes than the cut file has.
func TestTruncationPlaceLondon(t *testing.T) {
	m := londonSized()
	var prefix bytes.Buffer // the header and roads 0-11, as Encode writes them
	if err := Encode(&prefix, &Map{Roads: m.Roads[:12]}); err != nil {
		t.Fatal(err)
	}
	r := &m.Roads[12]
	ns, n := int64(r.Sections()), int64(len(r.SideB.Curves))
	sideA := sideSize(int64(r.SideA.NumLanes), int64(r.SideA.NumSidewalks), int64(len(r.SideA.Trams)), int64(len(r.SideA.Trains)), ns)
	lanes := int64(prefix.Len()-cullHeadSize) + roadHeadSize + 2*int64(len(r.Rooms)) + roadScalarSize + sideA +
		sideHeadSize + 4*n*ns + 4*n + miscSize
	var whole bytes.Buffer
	if err := Encode(&whole, m); err != nil {
		t.Fatal(err)
	}
	if got := getVec3(whole.Bytes()[lanes:]); got != r.SideB.Curves[0][0] {
		t.Fatalf("byte %d does not hold road 12's side B lane 0", lanes)
	}
	fe := truncation(t, whole.Bytes(), int(lanes)+100)
	if fe.Offset != lanes || fe.Where != "road 12, side B, lane curves" {
		t.Errorf("got byte %d (%s): %s\nwant byte %d (road 12, side B, lane curves)", fe.Offset, fe.Where, fe.Msg, lanes)
	}
	t.Log(fe)
}

// Every proper prefix of a valid map is refused as truncated, at the first
// byte of the field the data ends in: cutting the data right there gives
// the same error place, and the place never moves back as the cut moves
// on.
func TestTruncationSweep(t *testing.T) {
	for name, data := range map[string][]byte{"minimal": minimalFile().b, "small city": roundTrip(t, smallCity())} {
		last := int64(0)
		for n := range len(data) {
			fe := truncation(t, data, n)
			if fe.Offset < last || fe.Offset > int64(n) {
				t.Fatalf("%s cut to %d bytes: error at byte %d; the cut before gave byte %d", name, n, fe.Offset, last)
			}
			last = fe.Offset
			if at := truncation(t, data, int(fe.Offset)); at.Offset != fe.Offset || at.Where != fe.Where {
				t.Fatalf("%s cut to %d bytes: byte %d (%s), but cut there: byte %d (%s)", name, n, fe.Offset, fe.Where, at.Offset, at.Where)
			}
		}
		if _, err := DecodeBytes(data); err != nil {
			t.Fatalf("%s whole: %v", name, err)
		}
	}
}

// Counts that claim far more than the data holds must be refused before
// anything big is allocated.
func TestHostileCountsAllocateLittle(t *testing.T) {
	inputs := [][]byte{
		patched(4, 0xFFFF, 2),       // intersections
		patched(6, 0xFFFF, 2),       // roads
		patched(10, 0xFFFF, 2),      // sections
		patched(14, 0xFFFF, 2),      // rooms
		patched(26, 0xFFFF, 2),      // lanes
		patched(26+2, 0xFFFF, 2),    // trams
		patched(26+6, 0xFFFF, 2),    // sidewalks
		patched(614, 0xFFFFFFFF, 4), // culling rooms
		patched(592+16, 0xFFFF, 2),  // intersection roads
		patched(620, 0xFFFF, 2),     // culling list
	}
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	for _, in := range inputs {
		if _, err := DecodeBytes(in); err == nil {
			t.Fatal("hostile count accepted")
		}
	}
	runtime.ReadMemStats(&after)
	if got := after.TotalAlloc - before.TotalAlloc; got > 64<<10 {
		t.Errorf("decoding %d hostile 630-byte files allocated %d bytes", len(inputs), got)
	}
}

// DecodeBytes allocates at most 12 bytes per input byte (plus a little):
// the worst case is a run of empty culling lists, 2 bytes each in the
// file and a 24-byte slice each in the map. Counts alone, however large,
// allocate nothing beyond what the bytes read can back.
func TestDecodeAllocationBound(t *testing.T) {
	cull := append([]byte("CAI1\x00\x00\x00\x00"), make([]byte, 4+4*50000)...)
	binary.LittleEndian.PutUint32(cull[8:], 50000) // 50000 rooms, all empty
	inputs := map[string][]byte{
		"minimal": minimalFile().b, "small city": roundTrip(t, smallCity()), "london sized": roundTrip(t, londonSized()),
		"empty culling lists": cull, "empty culling lists, cut": cull[:len(cull)/2],
		"huge culling count": patched(614, 0xFFFFFFFF, 4), "huge section count": patched(10, 0xFFFF, 2),
	}
	city := inputs["small city"]
	for n := 0; n < len(city); n += 97 {
		inputs["small city cut to "+strconv.Itoa(n)] = city[:n]
	}
	for name, in := range inputs {
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		m, err := DecodeBytes(in)
		runtime.ReadMemStats(&after)
		if got, limit := after.TotalAlloc-before.TotalAlloc, 12*uint64(len(in))+16<<10; got > limit {
			t.Errorf("%s: %d input bytes, %d allocated; limit %d", name, len(in), got, limit)
		}
		if name == "empty culling lists" && (err != nil || len(m.Culling.Peds) != 50000) {
			t.Errorf("%s: %v", name, err)
		}
	}
}
