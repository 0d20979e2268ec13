package loader

import (
	"testing"

	"github.com/mm2carla/viewer/internal/testrec"
	"github.com/mm2carla/viewer/scene"
)

// FuzzLoad: whatever the bytes, a load ends with an error, a map or a
// recording (a damaged map may come with its error; nothing else comes in
// pairs), and an opened recording, and the preview of its first half, can
// be shown at any time. This is the window's promise that no file
// crashes it.
func FuzzLoad(f *testing.F) {
	rec := testrec.Bytes(8)
	mp := mapBytes(f)
	f.Add(rec)
	f.Add(rec[:len(rec)/2])
	f.Add(mp)
	f.Add(mp[:len(mp)/3])
	f.Add([]byte("CAI1"))
	f.Add([]byte{})
	f.Fuzz(func(t *testing.T, data []byte) {
		j := StartWith(BytesSource("fuzz", data), Options{PreviewMin: 1, PreviewLen: int64(len(data)) / 2})
		res := j.Wait()
		defer res.Close()
		n := 0
		for _, ok := range []bool{res.Err != nil, res.Map != nil, res.Recording != nil} {
			if ok {
				n++
			}
		}
		if n != 1 && !(n == 2 && res.Err != nil && res.Map != nil && res.Kind == KindMap) {
			t.Fatalf("err %v, map %v, recording %v", res.Err, res.Map != nil, res.Recording != nil)
		}
		for _, r := range []*scene.Recording{res.Recording, j.Preview()} {
			if r == nil {
				continue
			}
			var st scene.State
			for _, tm := range []float64{-1, 0, r.Duration() / 2, r.Duration(), r.Duration() + 1} {
				r.StateAt(tm, &st) // an error is fine; a panic is not
			}
		}
	})
}
