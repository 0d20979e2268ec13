package query

import (
	"bytes"
	"encoding/json"
	"io"
	"os"
	"testing"

	"github.com/mm2carla/viewer/format/recorder"
)

// encode writes a staged recording as bytes, as CARLA would.
func encode(tb testing.TB, src *memSource) []byte {
	var b bytes.Buffer
	w, err := recorder.NewWriter(&b, src.hdr, recorder.Layout{})
	if err != nil {
		tb.Fatal(err)
	}
	for _, p := range src.ps {
		w.Write(p)
	}
	if err := w.Flush(); err != nil {
		tb.Fatal(err)
	}
	return b.Bytes()
}

// The queries read what the decoder makes of any bytes: they must not
// panic or hang, the JSON must parse, and an error must come with the
// output read so far.
func FuzzQueries(f *testing.F) {
	for _, src := range []*memSource{eventsRecording(), everyPacket(), collisionRecording()} {
		f.Add(encode(f, src))
	}
	if data, err := os.ReadFile("../../../shared/testdata/carla/carla-0.9.10-town01-lanecenter.log"); err == nil {
		f.Add(data[:4096])
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		open := func() *recorder.Reader {
			r, err := recorder.NewReader(bytes.NewReader(data))
			if err != nil {
				return nil
			}
			return r
		}
		r := open()
		if r == nil {
			return
		}
		if err := Info(r, io.Discard, InfoOptions{All: true}); err == io.EOF {
			t.Fatal("io.EOF leaked")
		}
		var js bytes.Buffer
		InfoJSON(open(), &js, InfoOptions{All: true})
		if !json.Valid(js.Bytes()) {
			t.Fatalf("invalid JSON:\n%s", js.Bytes())
		}
		c, err := Collisions(open(), CatAny, CatAny)
		if c == nil || c.Err != err {
			t.Fatalf("collisions: report %v, err %v", c, err)
		}
		js.Reset()
		if err := c.WriteJSON(&js, nil); err != nil || !json.Valid(js.Bytes()) {
			t.Fatalf("collisions JSON: %v", err)
		}
		b, err := Blocked(open(), 0, 100)
		if b == nil || b.Err != err {
			t.Fatalf("blocked: report %v, err %v", b, err)
		}
		js.Reset()
		if err := b.WriteJSON(&js, nil); err != nil || !json.Valid(js.Bytes()) {
			t.Fatalf("blocked JSON: %v", err)
		}
	})
}
