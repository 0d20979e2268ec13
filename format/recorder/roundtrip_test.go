package recorder

import (
	"bytes"
	"errors"
	"reflect"
	"testing"
)

// TestRealRoundTrip decodes each real recording and encodes it again: the
// bytes must come back identical.
func TestRealRoundTrip(t *testing.T) {
	for _, rf := range realFiles {
		data := readReal(t, rf.name)
		got := reencode(t, data)
		if !bytes.Equal(got, data) {
			i := 0
			for i < len(got) && i < len(data) && got[i] == data[i] {
				i++
			}
			t.Errorf("%s: re-encoded %d bytes differ from the %d read, first at byte %d", rf.name, len(got), len(data), i)
		}
	}
}

// TestRoundTripLayouts encodes every packet type in each layout, decodes
// it, and checks the values, the detected layout and the re-encoded bytes.
func TestRoundTripLayouts(t *testing.T) {
	for _, tc := range []struct {
		name string
		l    Layout
		frac float64
	}{
		{"UE4", Layout{}, 0},
		{"UE5", Layout{Wide: true}, 0.1},
		{"dev", Layout{DevNumbering: true}, 0},
		{"UE5 dev", Layout{Wide: true, DevNumbering: true}, 0.1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			want := sampleFrames(tc.frac)
			data := encodeFrames(t, want, tc.l)
			h, l, got, err := decodeAll(data)
			if err != nil {
				t.Fatal(err)
			}
			if h != sampleHeader || l != tc.l {
				t.Errorf("header %+v layout %+v, want %+v %+v", h, l, sampleHeader, tc.l)
			}
			if len(got) != len(want) {
				t.Fatalf("%d frames, want %d", len(got), len(want))
			}
			for i := range want {
				if len(got[i]) != len(want[i]) {
					t.Fatalf("frame %d: %d packets, want %d", i+1, len(got[i]), len(want[i]))
				}
				for j := range want[i] {
					if !reflect.DeepEqual(got[i][j], want[i][j]) {
						t.Errorf("frame %d packet %d:\n got %+v\nwant %+v", i+1, j, got[i][j], want[i][j])
					}
				}
			}
			if again := reencode(t, data); !bytes.Equal(again, data) {
				t.Errorf("re-encoding changed the bytes")
			}
		})
	}
}

// TestWireNumbering checks the ids on the wire for both numberings.
func TestWireNumbering(t *testing.T) {
	frame := []Packet{&FrameStart{Frame: 1}, &VehicleDoors{}, &VehicleWheelsList{}, &BikerAnimations{}, &FrameEnd{}}
	for _, tc := range []struct {
		dev  bool
		want []byte
	}{{false, []byte{0, 23, 21, 22, 1}}, {true, []byte{0, 21, 22, 23, 1}}} {
		data := encodeFrames(t, [][]Packet{frame}, Layout{DevNumbering: tc.dev})
		var ids []byte
		for off := headerLen(sampleHeader); off < len(data); {
			ids = append(ids, data[off])
			off += packetHeader + int(le.Uint32(data[off+1:]))
		}
		if !bytes.Equal(ids, tc.want) {
			t.Errorf("dev %v: wire ids %v, want %v", tc.dev, ids, tc.want)
		}
	}
}

// TestWideFromEventAddOnly covers frame 1 of a UE5 file before any
// packet whose size tells the width: EventAdd must be tried both ways.
func TestWideFromEventAddOnly(t *testing.T) {
	frames := sampleFrames(0.1)
	only := [][]Packet{{frames[0][0], frames[0][1], &FrameEnd{}}}
	data := encodeFrames(t, only, Layout{Wide: true})
	_, l, got, err := decodeAll(data)
	if err != nil {
		t.Fatal(err)
	}
	if !l.Wide || !reflect.DeepEqual(got[0][1], only[0][1]) {
		t.Errorf("layout %+v, actors %+v", l, got[0][1])
	}
}

// headerLen is the size of an encoded info header.
func headerLen(h Header) int { return 2 + 2 + len(h.Magic) + 8 + 2 + len(h.Map) }

// TestUE5PhysicsRaw covers the PhysicsControl of Unreal 5 builds, a record
// this package does not model: in a wide file it comes back as *Raw and
// copies byte for byte, while the same bytes in a UE4 file are an error.
func TestUE5PhysicsRaw(t *testing.T) {
	ue5 := append(u16(1), u32(234)...) // one vehicle, then Chaos fields
	for i := range 40 {
		ue5 = append(ue5, byte(i*7))
	}
	frame := []Packet{&FrameStart{Frame: 1, Duration: -1},
		&Positions{Records: []Position{{ID: 234, Location: Vec3{X: 0.25}}}}, // shows the width
		&Raw{WireID: uint8(IDPhysicsControl), Data: ue5}, &FrameEnd{}}
	data := encodeFrames(t, [][]Packet{frame}, Layout{Wide: true})
	_, l, got, err := decodeAll(data)
	if err != nil || !l.Wide {
		t.Fatalf("wide file: %v, layout %+v", err, l)
	}
	if raw, ok := got[0][2].(*Raw); !ok || raw.ID() != IDPhysicsControl || !bytes.Equal(raw.Data, ue5) {
		t.Errorf("got %#v, want the packet as *Raw", got[0][2])
	}
	if again := reencode(t, data); !bytes.Equal(again, data) {
		t.Error("re-encoding changed the bytes")
	}
	data = encodeFrames(t, [][]Packet{frame}, Layout{})
	var fe *FormatError
	if _, _, _, err := decodeAll(data); !errors.As(err, &fe) || fe.Packet != int(IDPhysicsControl) {
		t.Errorf("UE4 file: err %v, want a FormatError of packet 15", err)
	}
}
