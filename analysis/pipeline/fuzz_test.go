package pipeline

import (
	"context"
	"testing"

	"github.com/mm2carla/viewer/internal/testrec"
	"github.com/mm2carla/viewer/scene"
)

// FuzzLoad: whatever the bytes, Load ends with an error, a map or a
// recording (a damaged map may come with its error; nothing else comes
// in pairs), and an opened recording, and the preview of its first half,
// can be seeked anywhere. This is every command's and the window's
// promise that no file crashes them.
func FuzzLoad(f *testing.F) {
	rec := testrec.Bytes(8)
	mp := mapBytes(f)
	f.Add(rec)
	f.Add(rec[:len(rec)/2])
	f.Add(mp)
	f.Add(mp[:len(mp)/3])
	f.Add([]byte("CAI1"))
	f.Add([]byte("<OpenDRIVE><road"))
	f.Add([]byte{})
	f.Fuzz(func(t *testing.T, data []byte) {
		in, err := Open(BytesSource("fuzz", data))
		if err != nil {
			if in != nil {
				t.Fatal("an input and an error")
			}
			return
		}
		preview := in.Preview(context.Background(), int64(len(data))/2)
		file, err := in.Load(context.Background(), nil)
		defer file.Close()
		switch {
		case file == nil && err == nil:
			t.Fatal("neither a file nor an error")
		case file != nil && err != nil && (file.Kind != KindMap || file.Map == nil):
			t.Fatalf("a %v and an error %v", file.Kind, err)
		case file != nil && file.Map == nil && file.Recording == nil:
			t.Fatalf("a %v holding nothing", file.Kind)
		}
		var recs []*scene.Recording
		if file != nil && file.Recording != nil {
			recs = append(recs, file.Recording)
		}
		if preview != nil {
			recs = append(recs, preview)
		}
		for _, r := range recs {
			var st scene.State
			for _, tm := range []float64{-1, 0, r.Duration() / 2, r.Duration(), r.Duration() + 1} {
				r.StateAt(tm, &st) // an error is fine; a panic is not
			}
		}
	})
}
