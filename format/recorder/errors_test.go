package recorder

import (
	"bytes"
	"errors"
	"io"
	"runtime"
	"testing"
)

// file builds recordings byte by byte, for errors a Writer cannot make.
type file struct{ b []byte }

func newFile() *file {
	b, _ := appendStr(le.AppendUint16(nil, 1), Magic)
	b, _ = appendStr(le.AppendUint64(b, 1637671165), "Town06")
	return &file{b}
}

// pkt appends a packet whose size field is size (len of the payload when
// size < 0) and returns its offset.
func (f *file) pkt(id uint8, size int64, payload ...[]byte) int64 {
	off := int64(len(f.b))
	var p []byte
	for _, q := range payload {
		p = append(p, q...)
	}
	if size < 0 {
		size = int64(len(p))
	}
	f.b = le.AppendUint32(append(f.b, id), uint32(size))
	f.b = append(f.b, p...)
	return off
}

func (f *file) start(frame uint64) int64 { return f.pkt(0, -1, frameStartPayload(frame)) }
func (f *file) end() int64               { return f.pkt(1, -1) }

func frameStartPayload(frame uint64) []byte {
	return append(le.AppendUint64(nil, frame), make([]byte, 16)...)
}
func u16(v uint16) []byte { return le.AppendUint16(nil, v) }
func u32(v uint32) []byte { return le.AppendUint32(nil, v) }
func zeros(n int) []byte  { return make([]byte, n) }

// TestFormatErrors builds one bad file per error the reader reports and
// checks the offset and packet of the error, that the complete frames
// before it were read, that the error is sticky, and that BuildIndex
// reports the same when the error is in the framing.
func TestFormatErrors(t *testing.T) {
	type built struct {
		data   []byte
		off    int64 // want Offset
		frames int   // complete frames before the error
	}
	cases := []struct {
		name   string
		packet int
		msg    string // the whole Error() text
		index  bool   // BuildIndex sees it too (framing errors)
		build  func(f *file) built
	}{
		{"size past the end", 6, "recorder: byte 98: packet 6 (Position) of 1000 payload bytes starting at byte 63 runs past the end of the data", true, func(f *file) built {
			f.start(1)
			f.pkt(6, 1000, u16(1), zeros(28))
			return built{f.b, int64(len(f.b)), 0}
		}},
		{"count does not fit", 6, "recorder: byte 97: packet 6 (Position) counts 5 records of 28 bytes, but its payload of 30 bytes holds only 28 after the count", false, func(f *file) built {
			f.start(1)
			f.end()
			f.start(2)
			off := f.pkt(6, -1, u16(5), zeros(28))
			f.end()
			return built{f.b, off, 1}
		}},
		{"trailing bytes", 6, "recorder: byte 98: packet 6 (Position) starting at byte 63 has 3 bytes left over after its 1 records", false, func(f *file) built {
			f.start(1)
			off := f.pkt(6, -1, u16(1), zeros(28+3))
			f.end()
			return built{f.b, off + 5 + 30, 0}
		}},
		{"packet outside a frame", 6, "recorder: byte 68: packet 6 (Position) comes outside a frame, where only a FrameStart may come", true, func(f *file) built {
			f.start(1)
			f.end()
			off := f.pkt(6, -1, u16(0))
			return built{f.b, off, 1}
		}},
		{"missing FrameEnd", 0, "recorder: byte 70: packet 0 (FrameStart) comes before the FrameEnd of the frame starting at byte 34", true, func(f *file) built {
			f.start(1)
			f.pkt(6, -1, u16(0))
			off := f.start(2)
			f.end()
			return built{f.b, off, 0}
		}},
		{"string longer than its packet", 2, "recorder: byte 103: packet 2 (EventAdd) starting at byte 63 has a string of 500 bytes here, longer than the 6 bytes left in the packet after its length", false, func(f *file) built {
			f.start(1)
			strAt := len(f.b) + 5 + 2 + 4 + 1 + 24 + 4
			f.pkt(2, -1, u16(1), zeros(4+1+24+4), u16(500), []byte("vehicl"))
			f.end()
			return built{f.b, int64(strAt), 0}
		}},
		{"EventAdd count", 2, "recorder: byte 68: packet 2 (EventAdd) starting at byte 63 counts 1000 items of at least 37 bytes here, more than the 40 bytes left in the packet hold", false, func(f *file) built {
			f.start(1)
			off := f.pkt(2, -1, u16(1000), zeros(40))
			f.end()
			return built{f.b, off + 5, 0}
		}},
		{"attribute count", 2, "recorder: byte 105: packet 2 (EventAdd) starting at byte 63 counts 65535 items of at least 5 bytes here, more than the 10 bytes left in the packet hold", false, func(f *file) built {
			f.start(1)
			off := f.pkt(2, -1, u16(1), zeros(4+1+24+4), u16(0), u16(65535), zeros(10))
			f.end()
			return built{f.b, off + 5 + 2 + 4 + 1 + 24 + 4 + 2, 0}
		}},
		{"EventAdd trailing", 2, "recorder: byte 107: packet 2 (EventAdd) starting at byte 63 has 2 bytes left over after its records", false, func(f *file) built {
			f.start(1)
			off := f.pkt(2, -1, u16(1), zeros(4+1+24+4), u16(0), u16(0), zeros(2))
			f.end()
			return built{f.b, off + 5 + 2 + 37, 0}
		}},
		{"physics wheel count", 15, "recorder: byte 135: packet 15 (PhysicsControl) starting at byte 63 counts 4294967295 items of at least 48 bytes here, more than the 48 bytes left in the packet hold", false, func(f *file) built {
			f.start(1)
			off := f.pkt(15, -1, u16(1), zeros(4+20+1+16+12), u32(0), u32(0), u32(0), u32(0xFFFFFFFF), zeros(48))
			f.end()
			return built{f.b, off + 5 + 2 + 53 + 12, 0}
		}},
		{"wheel state count", 21, "recorder: byte 74: packet 21 (VehicleWheels) starting at byte 63 counts 1000 items of at least 9 bytes here, more than the 9 bytes left in the packet hold", false, func(f *file) built {
			f.start(1)
			off := f.pkt(21, -1, u16(1), u32(7), u32(1000), zeros(9))
			f.end()
			return built{f.b, off + 5 + 2 + 4, 0}
		}},
		{"bone count", 19, "recorder: byte 74: packet 19 (WalkerBones) starting at byte 63 counts 9 items of at least 26 bytes here, more than the 26 bytes left in the packet hold", false, func(f *file) built {
			f.start(1)
			off := f.pkt(19, -1, u16(1), u32(8), u16(9), zeros(26))
			f.end()
			return built{f.b, off + 5 + 2 + 4, 0}
		}},
		{"FrameStart size", 0, "recorder: byte 34: packet 0 (FrameStart) has a payload of 16 bytes; it must have 24", true, func(f *file) built {
			off := f.pkt(0, -1, zeros(16))
			f.end()
			return built{f.b, off, 0}
		}},
		{"FrameEnd size", 1, "recorder: byte 63: packet 1 (FrameEnd) has a payload of 2 bytes; it must have none", true, func(f *file) built {
			f.start(1)
			off := f.pkt(1, -1, zeros(2))
			return built{f.b, off, 0}
		}},
		{"PlatformTime size", 14, "recorder: byte 63: packet 14 (PlatformTime) has a payload of 4 bytes; it must have 8", false, func(f *file) built {
			f.start(1)
			off := f.pkt(14, -1, zeros(4))
			f.end()
			return built{f.b, off, 0}
		}},
		{"Weather size", 24, "recorder: byte 63: packet 24 (Weather) counts 1 records of 56 bytes, but its payload of 40 bytes holds only 38 after the count", false, func(f *file) built {
			f.start(1)
			off := f.pkt(24, -1, u16(1), zeros(38))
			f.end()
			return built{f.b, off, 0}
		}},
		{"no count", 3, "recorder: byte 63: packet 3 (EventDel) has a payload of 1 bytes, too short for its 2-byte record count", false, func(f *file) built {
			f.start(1)
			off := f.pkt(3, -1, zeros(1))
			f.end()
			return built{f.b, off, 0}
		}},
		{"ends inside a packet header", 6, "recorder: byte 65: packet 6 (Position) starting at byte 63 runs past the end of the data inside its 5-byte header", true, func(f *file) built {
			f.start(1)
			f.b = append(f.b, 6, 30)
			return built{f.b, int64(len(f.b)), 0}
		}},
		{"ends between packets", 1, "recorder: byte 104: packet 1 (FrameEnd) of the frame starting at byte 68 is missing: the data ends between its packets", true, func(f *file) built {
			f.start(1)
			f.end()
			f.start(2) // at byte 68: header 34, frame 1 of 29 + 5
			f.pkt(6, -1, u16(0))
			return built{f.b, int64(len(f.b)), 1}
		}},
		{"neither width fits", 12, "recorder: byte 63: packet 12 (Kinematics) counts 3 records of 28 bytes, but its payload of 60 bytes holds only 58 after the count", false, func(f *file) built {
			f.start(1)
			off := f.pkt(12, -1, u16(3), zeros(58))
			f.end()
			return built{f.b, off, 0}
		}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			b := tc.build(newFile())
			_, _, frames, err := decodeAll(b.data)
			var fe *FormatError
			if !errors.As(err, &fe) {
				t.Fatalf("err %v, want a *FormatError", err)
			}
			if fe.Offset != b.off || fe.Packet != tc.packet || err.Error() != tc.msg {
				t.Errorf("got byte %d packet %d\n%q\nwant byte %d packet %d\n%q", fe.Offset, fe.Packet, err, b.off, tc.packet, tc.msg)
			}
			if len(frames) != b.frames {
				t.Errorf("%d frames before the error, want %d", len(frames), b.frames)
			}
			checkSkim(t, b.data, 0)
			r, _ := NewReader(bytes.NewReader(b.data))
			for {
				if _, err = r.Next(); err != nil {
					break
				}
			}
			if _, again := r.Next(); again != err {
				t.Errorf("error not sticky: %v then %v", err, again)
			}
			ix, ierr := BuildIndex(bytes.NewReader(b.data), int64(len(b.data)), nil)
			if ierr != nil {
				t.Fatal(ierr)
			}
			if tc.index && !sameError(ix.Err, err) {
				t.Errorf("index error %v, reader %v", ix.Err, err)
			}
			if !tc.index && ix.Err != nil {
				t.Errorf("index error %v for a payload error", ix.Err)
			}
		})
	}
}

// notRecorderMsg is the message for data that is not a recording.
const notRecorderMsg = `not a CARLA recorder file: its length-prefixed "CARLA_RECORDER" magic is not here`

func TestHeaderErrors(t *testing.T) {
	good := newFile().b
	for _, tc := range []struct {
		name string
		data []byte
		off  int64
		msg  string
	}{
		{"empty", nil, 0, "the info header runs past the end of the data"},
		{"short", good[:10], 10, "the info header runs past the end of the data"},
		{"no map", good[:len(good)-1], int64(len(good) - 1), "the info header runs past the end of the data"},
		{"wrong magic length", []byte{1, 0, 4, 0, 'C', 'A', 'R', 'L'}, 2, notRecorderMsg},
		{"wrong magic", append([]byte{1, 0, 14, 0}, "CARLA_RECORDEX\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"...), 2, notRecorderMsg},
		{"short wrong magic", append([]byte{1, 0, 14, 0}, "PNG"...), 2, notRecorderMsg},
	} {
		_, err := NewReader(bytes.NewReader(tc.data))
		var fe *FormatError
		if !errors.As(err, &fe) || fe.Offset != tc.off || fe.Packet != -1 || fe.Msg != tc.msg {
			t.Errorf("%s: err %v, want byte %d %q", tc.name, err, tc.off, tc.msg)
		}
	}
	if r, err := NewReader(bytes.NewReader(good)); err != nil {
		t.Errorf("header only: %v", err)
	} else if _, err := r.Next(); err != io.EOF {
		t.Errorf("header only: Next gives %v, want io.EOF", err)
	}
}

func TestFormatErrorText(t *testing.T) {
	for _, tc := range []struct {
		e    FormatError
		want string
	}{
		{FormatError{3000, 6, "of 9409 payload bytes starting at byte 2937 runs past the end of the data"},
			"recorder: byte 3000: packet 6 (Position) of 9409 payload bytes starting at byte 2937 runs past the end of the data"},
		{FormatError{2, -1, "not a CARLA recorder file"}, "recorder: byte 2: not a CARLA recorder file"},
		{FormatError{9, 105, "is x"}, "recorder: byte 9: packet 105 (user 105) is x"},
		{FormatError{9, 77, "is x"}, "recorder: byte 9: packet 77 (unknown 77) is x"},
	} {
		if got := tc.e.Error(); got != tc.want {
			t.Errorf("got %q, want %q", got, tc.want)
		}
	}
}

// TestTruncationSweep cuts the sample recording at every length. The rule:
// a cut file yields exactly its complete frames, then (unless the cut
// falls between frames) one *FormatError whose Offset is the cut, i.e.
// where the data stops. BuildIndex must agree.
func TestTruncationSweep(t *testing.T) {
	for _, l := range []Layout{{}, {Wide: true}, {DevNumbering: true}} {
		truncationSweep(t, encodeFrames(t, sampleFrames(0), l))
	}
}

func truncationSweep(t *testing.T, data []byte) {
	full, err := BuildIndex(bytes.NewReader(data), int64(len(data)), nil)
	if err != nil || full.Err != nil {
		t.Fatal(err, full.Err)
	}
	boundary := map[int]bool{int(full.HeaderSize): true}
	for _, f := range full.Frames {
		boundary[int(f.End)] = true
	}
	for n := 0; n <= len(data); n++ {
		prefix := data[:n]
		r, err := NewReader(bytes.NewReader(prefix))
		if n < int(full.HeaderSize) {
			var fe *FormatError
			if !errors.As(err, &fe) || fe.Offset != int64(n) {
				t.Fatalf("cut %d: header error %v", n, err)
			}
			continue
		}
		if err != nil {
			t.Fatalf("cut %d: %v", n, err)
		}
		complete := 0
		for _, f := range full.Frames {
			if f.End <= int64(n) {
				complete++
			}
		}
		var packets, frames int
		for {
			p, err2 := r.Next()
			if err2 != nil {
				err = err2
				break
			}
			packets++
			if p.ID() == IDFrameEnd {
				frames++
				packets = 0
			}
		}
		if frames != complete || packets != 0 {
			t.Fatalf("cut %d: %d frames and %d packets of a partial one, want %d frames", n, frames, packets, complete)
		}
		var fe *FormatError
		switch {
		case boundary[n]:
			if err != io.EOF {
				t.Fatalf("cut %d between frames: %v, want io.EOF", n, err)
			}
		case !errors.As(err, &fe) || fe.Offset != int64(n):
			t.Fatalf("cut %d: %v, want a *FormatError at byte %d", n, err, n)
		}
		ix, ierr := BuildIndex(bytes.NewReader(prefix), int64(n), nil)
		if ierr != nil || len(ix.Frames) != complete {
			t.Fatalf("cut %d: index %v frames %d", n, ierr, len(ix.Frames))
		}
		checkTracked(t, prefix, ix)
		if (err == io.EOF) != (ix.Err == nil) || (ix.Err != nil && ix.Err.Error() != err.Error()) {
			t.Fatalf("cut %d: index error %v, reader %v", n, ix.Err, err)
		}
	}
}

// TestHostileSize checks that a size field of 4 GiB in a tiny file costs
// no more memory than the reader's buffer.
func TestHostileSize(t *testing.T) {
	f := newFile()
	f.start(1)
	f.pkt(6, 0xFFFFFFF0, u16(1), zeros(100))
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	_, _, _, err := decodeAll(f.b)
	runtime.ReadMemStats(&after)
	var fe *FormatError
	if !errors.As(err, &fe) || fe.Offset != int64(len(f.b)) {
		t.Errorf("err %v", err)
	}
	if got := after.TotalAlloc - before.TotalAlloc; got > 2*defaultBufSize {
		t.Errorf("allocated %d bytes for a %d-byte file", got, len(f.b))
	}
}

// TestUnknownPackets checks that unknown and user ids come back as Raw.
func TestUnknownPackets(t *testing.T) {
	f := newFile()
	f.start(1)
	f.pkt(77, -1, []byte("abc"))
	f.pkt(200, -1)
	f.end()
	_, _, frames, err := decodeAll(f.b)
	if err != nil {
		t.Fatal(err)
	}
	a, ok1 := frames[0][1].(*Raw)
	b, ok2 := frames[0][2].(*Raw)
	if !ok1 || !ok2 || a.WireID != 77 || string(a.Data) != "abc" || b.WireID != 200 || len(b.Data) != 0 {
		t.Errorf("got %+v %+v", frames[0][1], frames[0][2])
	}
	if a.ID().String() != "unknown 77" || b.ID().String() != "user 200" {
		t.Errorf("names %v %v", a.ID(), b.ID())
	}
}
