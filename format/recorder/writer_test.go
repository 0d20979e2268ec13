package recorder

import (
	"bytes"
	"errors"
	"strings"
	"testing"
)

// TestWriterErrors checks what does not fit CARLA's fields: more than
// 65535 records, a string over 65535 bytes. Each fails the Write, writes
// nothing of the packet, and stays the Writer's error.
func TestWriterErrors(t *testing.T) {
	long := strings.Repeat("x", 1<<16)
	for _, tc := range []struct {
		name string
		p    Packet
		msg  string
	}{
		{"records", &EventDel{IDs: make([]uint32, 1<<16)}, "EventDel packet with 65536 records"},
		{"attributes", &EventAdd{Actors: []ActorAdd{{Attributes: make([]Attribute, 1<<16)}}}, "EventAdd packet with 65536 records"},
		{"description", &EventAdd{Actors: []ActorAdd{{Description: long}}}, "string of 65536 bytes"},
		{"attribute value", &EventAdd{Actors: []ActorAdd{{Attributes: []Attribute{{Key: "k", Value: long}}}}}, "string of 65536 bytes"},
		{"bone name", &WalkerBonesList{Records: []WalkerBones{{Bones: []Bone{{Name: long}}}}}, "string of 65536 bytes"},
		{"type", &Skimmed{Type: IDPosition}, "cannot encode packet type *recorder.Skimmed"},
	} {
		var buf bytes.Buffer
		w, err := NewWriter(&buf, sampleHeader, Layout{})
		if err != nil {
			t.Fatal(err)
		}
		if err := w.Write(&FrameStart{Frame: 1}); err != nil {
			t.Fatal(err)
		}
		before := w.Offset()
		err = w.Write(tc.p)
		if err == nil || !strings.Contains(err.Error(), tc.msg) {
			t.Errorf("%s: err %v, want %q", tc.name, err, tc.msg)
			continue
		}
		if w.Offset() != before {
			t.Errorf("%s: offset moved from %d to %d", tc.name, before, w.Offset())
		}
		if again := w.Write(&FrameEnd{}); again != err || w.Flush() != err {
			t.Errorf("%s: error not sticky: %v", tc.name, again)
		}
	}
	if _, err := NewWriter(&bytes.Buffer{}, Header{Map: long}, Layout{}); err == nil {
		t.Error("a map name of 65536 bytes was accepted")
	}
}

// failWriter fails every write.
type failWriter struct{}

var errDiskFull = errors.New("disk full")

func (failWriter) Write([]byte) (int, error) { return 0, errDiskFull }

// TestWriterWriteError checks that the underlying writer's error comes
// back from Flush and sticks.
func TestWriterWriteError(t *testing.T) {
	w, err := NewWriter(failWriter{}, sampleHeader, Layout{})
	if err != nil {
		t.Fatal(err) // the header is buffered
	}
	if err := w.Flush(); !errors.Is(err, errDiskFull) {
		t.Fatalf("Flush: %v", err)
	}
	if err := w.Write(&FrameEnd{}); !errors.Is(err, errDiskFull) {
		t.Errorf("Write after a failed Flush: %v", err)
	}
}
