package citygen

import (
	"bytes"
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
