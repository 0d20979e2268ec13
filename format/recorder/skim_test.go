package recorder

import (
	"bytes"
	"errors"
	"io"
	"slices"
	"testing"
)

// recordIDs returns the actor id of each record of a skimmable packet,
// and false for the other packets.
func recordIDs(p Packet) ([]uint32, bool) {
	var ids []uint32
	add := func(id uint32) { ids = append(ids, id) }
	switch p := p.(type) {
	case *Positions:
		for _, r := range p.Records {
			add(r.ID)
		}
	case *TrafficLightStates:
		for _, r := range p.Records {
			add(r.ID)
		}
	case *VehicleAnimations:
		for _, r := range p.Records {
			add(r.ID)
		}
	case *WalkerAnimations:
		for _, r := range p.Records {
			add(r.ID)
		}
	case *VehicleLights:
		for _, r := range p.Records {
			add(r.ID)
		}
	case *KinematicsList:
		for _, r := range p.Records {
			add(r.ID)
		}
	case *BoundingBoxes:
		for _, r := range p.Records {
			add(r.ID)
		}
	case *TriggerVolumes:
		for _, r := range p.Records {
			add(r.ID)
		}
	case *TrafficLightTimes:
		for _, r := range p.Records {
			add(r.ID)
		}
	case *BikerAnimations:
		for _, r := range p.Records {
			add(r.ID)
		}
	case *VehicleDoors:
		for _, r := range p.Records {
			add(r.ID)
		}
	default:
		return nil, false
	}
	return ids, true
}

// checkSkim reads data twice, decoding everything and skimming every
// packet that can be skimmed in every other frame (from frame skipFirst),
// and checks that the two agree: the same packets in the same order, the
// skimmed ones holding the ids of the decoded records, and the same error
// after the same packets. It returns how many packets were skimmed.
func checkSkim(t *testing.T, data []byte, skipFirst int) int {
	t.Helper()
	full, err := NewReader(bytes.NewReader(data))
	if err != nil {
		return 0
	}
	sk, err := NewReader(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("second reader: %v", err)
	}
	all := make([]PacketID, 32)
	for i := range all {
		all[i] = PacketID(i)
	}
	skimmed, frame := 0, 0
	for n := 0; ; n++ {
		want, werr := full.Next()
		got, gerr := sk.Next()
		if werr != nil || gerr != nil {
			if !sameError(werr, gerr) {
				t.Fatalf("packet %d: skimming gives error %v, decoding %v", n, gerr, werr)
			}
			return skimmed
		}
		ids, ok := recordIDs(want)
		if s, isSkim := got.(*Skimmed); isSkim {
			skimmed++
			if !ok || s.Type != want.ID() || !slices.Equal(s.IDs, ids) && len(s.IDs)+len(ids) > 0 {
				t.Fatalf("packet %d: skimmed %+v, decoded %+v", n, s, want)
			}
		} else if !samePacket(t, full.Layout(), got, want) {
			t.Fatalf("packet %d: %+v, want %+v", n, got, want)
		} else if ok && frame >= skipFirst && frame%2 == 0 && want.ID() != IDFrameStart {
			t.Fatalf("packet %d (%T) in frame %d was not skimmed", n, want, frame)
		}
		switch want.ID() {
		case IDFrameStart:
			if frame >= skipFirst && frame%2 == 0 {
				sk.Skim(all...)
			}
		case IDFrameEnd:
			sk.Skim()
			frame++
		}
	}
}

func TestSkim(t *testing.T) {
	for _, l := range []Layout{{}, {Wide: true}, {DevNumbering: true}} {
		data := encodeFrames(t, sampleFrames(0), l)
		if checkSkim(t, data, 0) == 0 {
			t.Errorf("layout %+v: nothing skimmed", l)
		}
	}
	for _, rf := range realFiles {
		if checkSkim(t, readReal(t, rf.name), 0) < 1000 {
			t.Errorf("%s: too few packets skimmed", rf.name)
		}
	}
}

// TestSkimErrors checks that a bad skimmed packet stops the reader with
// the error that decoding it gives.
func TestSkimErrors(t *testing.T) {
	for _, tc := range []struct {
		id   uint8
		body [][]byte
	}{
		{6, [][]byte{u16(5), zeros(28)}},       // count does not fit
		{8, [][]byte{u16(1), zeros(21 + 2)}},   // trailing bytes
		{12, [][]byte{u16(3), zeros(58)}},      // kinematics cut
		{10, [][]byte{{1}}},                    // no room for the count
		{23, [][]byte{u16(2), zeros(6 + 1)}},   // doors
		{16, [][]byte{u16(1), zeros(16), {9}}}, // light times
	} {
		f := newFile()
		f.start(1)
		f.pkt(6, -1, u16(1), zeros(28))
		f.end()
		f.start(2)
		f.pkt(tc.id, -1, tc.body...)
		f.end()
		checkSkim(t, f.b, 1)
		r, _ := NewReader(bytes.NewReader(f.b))
		r.Skim(PacketID(tc.id))
		var err error
		for err == nil {
			_, err = r.Next()
		}
		var fe *FormatError
		if !errors.As(err, &fe) || fe.Packet != int(tc.id) {
			t.Errorf("packet %d: %v, want a *FormatError for it", tc.id, err)
		}
	}
}

// TestSkimIgnoresOthers checks that ids that cannot be skimmed are decoded.
func TestSkimIgnoresOthers(t *testing.T) {
	data := sampleFile(t)
	r, _ := NewReader(bytes.NewReader(data))
	r.Skim(IDFrameStart, IDEventAdd, IDCollision, IDPhysicsControl, IDWalkerBones, 200)
	for {
		p, err := r.Next()
		if err == io.EOF {
			return
		}
		if err != nil {
			t.Fatal(err)
		}
		if _, ok := p.(*Skimmed); ok {
			t.Fatalf("%v skimmed", p.ID())
		}
	}
}

func TestSkimmedCloneWrite(t *testing.T) {
	if c := Clone(&Skimmed{Type: IDPosition, IDs: []uint32{4, 5}}).(*Skimmed); c.Type != IDPosition || !slices.Equal(c.IDs, []uint32{4, 5}) {
		t.Errorf("clone %+v", c)
	}
	if _, err := (&Writer{}).appendPayload(nil, &Skimmed{Type: IDPosition}); err == nil {
		t.Error("a Skimmed packet was written")
	}
}
