package recorder

import (
	"bytes"
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

// FuzzReader feeds arbitrary bytes to the Reader and BuildIndex: neither
// may panic, the index must list exactly the complete frames the reader
// yields (or more, when the reader stopped at a payload error), what
// decodes must encode and decode again to the same bytes, skimming must
// agree with decoding, and a Reader's own index with BuildIndex's.
func FuzzReader(f *testing.F) {
	f.Add(sampleFile(f))
	f.Add(encodeFrames(f, sampleFrames(0.1), Layout{Wide: true}))
	f.Add(encodeFrames(f, sampleFrames(0), Layout{DevNumbering: true}))
	for _, rf := range realFiles {
		b, err := os.ReadFile(filepath.Join(realDir, rf.name))
		if err != nil {
			continue
		}
		ix, err := BuildIndex(bytes.NewReader(b), int64(len(b)), nil)
		if err != nil || len(ix.Frames) < 3 {
			f.Fatalf("%s: %v", rf.name, err)
		}
		// Small seeds keep the fuzzer's minimization fast: frame 1 alone
		// is 20 KB, so its first 2 KB stand for it (a cut EventAdd), and
		// the header is joined to a few later frames.
		f.Add(b[:2048])
		f.Add(append(b[:ix.HeaderSize:ix.HeaderSize], b[ix.Frames[1].Offset:ix.Frames[1].End]...))
		f.Add(append(b[:ix.HeaderSize:ix.HeaderSize], b[ix.Frames[1].Offset:ix.Frames[2].End+40]...))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		h, l, frames, err := decodeAll(data)
		checkSkim(t, data, 0)
		ix, ierr := BuildIndex(bytes.NewReader(data), int64(len(data)), nil)
		if (ierr == nil) != (h.Magic == Magic) {
			t.Fatalf("index header error %v, reader header %+v", ierr, h)
		}
		if ierr != nil {
			return
		}
		checkTracked(t, data, ix)
		if len(ix.Frames) < len(frames) || (err == nil && (len(ix.Frames) != len(frames) || ix.Err != nil)) {
			t.Fatalf("index: %d frames, err %v; reader: %d frames, err %v", len(ix.Frames), ix.Err, len(frames), err)
		}
		for i, fr := range frames {
			fs := fr[0].(*FrameStart)
			if ix.Frames[i].Frame != fs.Frame {
				t.Fatalf("frame %d: index %+v, reader %+v", i, ix.Frames[i], fs)
			}
		}
		b1 := encodeAll(t, h, l, frames)
		h2, l2, frames2, err := decodeAll(b1)
		if err != nil || h2 != h || len(frames2) != len(frames) {
			t.Fatalf("re-decoding: %v, header %+v, %d frames, want %d", err, h2, len(frames2), len(frames))
		}
		if b2 := encodeAll(t, h2, l2, frames2); !bytes.Equal(b1, b2) {
			t.Fatalf("decode-encode-decode is not stable (layouts %+v, %+v)", l, l2)
		}
		if !reflect.DeepEqual(l2, l) && len(frames) > 0 {
			t.Logf("layout %+v read back as %+v", l, l2)
		}
	})
}
