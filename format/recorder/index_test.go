package recorder

import (
	"bytes"
	"errors"
	"io"
	"math"
	"reflect"
	"slices"
	"testing"
)

// streamFrames lists the frames the streaming reader finds, with the
// offsets it reports, and its final error (nil at a clean end).
func streamFrames(data []byte) ([]FrameInfo, Layout, error) {
	r, err := NewReader(bytes.NewReader(data))
	if err != nil {
		return nil, Layout{}, err
	}
	var frames []FrameInfo
	var cur FrameInfo
	for {
		p, err := r.Next()
		if errors.Is(err, io.EOF) {
			return frames, r.Layout(), nil
		}
		if err != nil {
			return frames, r.Layout(), err
		}
		switch p := p.(type) {
		case *FrameStart:
			cur = FrameInfo{Offset: r.Offset(), Frame: p.Frame, Elapsed: p.Elapsed, Duration: p.Duration}
		case *FrameEnd:
			cur.End = r.Offset() + packetHeader + int64(r.Size())
			frames = append(frames, cur)
		}
	}
}

// checkIndexAgrees builds the index of data and compares it with what the
// streaming reader reports.
func checkIndexAgrees(t *testing.T, data []byte) *Index {
	t.Helper()
	var calls []int64
	ix, err := BuildIndex(bytes.NewReader(data), int64(len(data)), func(done int64) { calls = append(calls, done) })
	if err != nil {
		t.Fatal(err)
	}
	frames, lay, serr := streamFrames(data)
	if !reflect.DeepEqual(ix.Frames, frames) {
		t.Fatalf("index frames differ from the streaming reader's:\n%+v\n%+v", ix.Frames, frames)
	}
	if ix.Layout != lay {
		t.Errorf("index layout %+v, reader %+v", ix.Layout, lay)
	}
	if !sameError(ix.Err, serr) {
		t.Errorf("index error %v, reader %v", ix.Err, serr)
	}
	if len(calls) == 0 || calls[len(calls)-1] != int64(len(data)) {
		t.Errorf("progress calls %v, want the last to be %d", calls, len(data))
	}
	checkTracked(t, data, ix)
	return ix
}

// sameFrames compares frame lists bit for bit, so that NaN times (a fuzzed
// file can have them) compare equal to themselves.
func sameFrames(a, b []FrameInfo) bool {
	bits := math.Float64bits
	return slices.EqualFunc(a, b, func(x, y FrameInfo) bool {
		return x.Offset == y.Offset && x.End == y.End && x.Frame == y.Frame &&
			bits(x.Elapsed) == bits(y.Elapsed) && bits(x.Duration) == bits(y.Duration)
	})
}

// trackedIndex reads data to its end with a Reader listing its frames.
func trackedIndex(data []byte) (*Index, error) {
	r, err := NewReader(bytes.NewReader(data))
	if err != nil {
		return nil, err
	}
	r.TrackFrames()
	for {
		if _, err = r.Next(); err != nil {
			break
		}
	}
	if err == io.EOF {
		err = nil
	}
	return r.Index(), err
}

// checkTracked compares the index a Reader lists as it reads data with
// BuildIndex's ix: the same at a clean end, a prefix of it after an error.
func checkTracked(t testing.TB, data []byte, ix *Index) {
	t.Helper()
	tr, err := trackedIndex(data)
	if tr == nil {
		return // bad header: BuildIndex failed too
	}
	n := len(tr.Frames)
	if n > len(ix.Frames) || !sameFrames(tr.Frames, ix.Frames[:n]) {
		t.Fatalf("tracked frames differ from BuildIndex's:\n%+v\n%+v", tr.Frames, ix.Frames)
	}
	if tr.Header != ix.Header || tr.HeaderSize != ix.HeaderSize || tr.Err != nil {
		t.Errorf("tracked index %+v, BuildIndex %+v", tr, ix)
	}
	if err != nil {
		return
	}
	// The reader learns the layout from what it decodes too (a spawn that
	// fits only one vector width), so it may know more than BuildIndex,
	// never something else.
	lay := ix.wideKnown && (!tr.wideKnown || tr.Layout.Wide != ix.Layout.Wide) || ix.devKnown && (!tr.devKnown || tr.Layout.DevNumbering != ix.Layout.DevNumbering)
	if n != len(ix.Frames) || tr.Size != ix.Size || lay {
		t.Errorf("at the end: tracked %d frames, size %d, layout %+v; BuildIndex %d, %d, %+v",
			n, tr.Size, tr.Layout, len(ix.Frames), ix.Size, ix.Layout)
	}
}

// sameError compares two errors by message (both nil counts as same).
func sameError(a, b error) bool {
	if a == nil || b == nil {
		return a == b
	}
	return a.Error() == b.Error()
}

func TestIndexReal(t *testing.T) {
	for _, rf := range realFiles {
		data := readReal(t, rf.name)
		ix := checkIndexAgrees(t, data)
		if uint64(len(ix.Frames)) != rf.frames || ix.Err != nil || ix.Size != int64(len(data)) || ix.HeaderSize != 34 {
			t.Errorf("%s: %d frames, err %v, size %d header %d", rf.name, len(ix.Frames), ix.Err, ix.Size, ix.HeaderSize)
		}
		if ix.Header.Map != "Town01" {
			t.Errorf("header %+v", ix.Header)
		}
		last := ix.Frames[len(ix.Frames)-1]
		if last.Duration != -1 || ix.Frames[0].Elapsed != 0 {
			t.Errorf("first elapsed %g, last duration %g", ix.Frames[0].Elapsed, last.Duration)
		}
		checkFrameReaders(t, data, ix)
	}
}

// checkFrameReaders decodes some frame ranges on their own and compares
// them with the same frames read by one streaming pass.
func checkFrameReaders(t *testing.T, data []byte, ix *Index) {
	t.Helper()
	_, _, all, err := decodeAll(data)
	if err != nil {
		t.Fatal(err)
	}
	n := len(ix.Frames)
	reused := NewFrameReader(bytes.NewReader(data), ix, n-1, n-1)
	for _, rg := range [][2]int{{0, 0}, {0, n - 1}, {n / 2, min(n/2+3, n-1)}, {n - 1, n - 1}, {0, n - 1}} {
		fr := NewFrameReader(bytes.NewReader(data), ix, rg[0], rg[1])
		checkFrameRange(t, ix, fr, rg, all)
		// The same frames through one Reader reset again and again,
		// whatever it read before.
		reused.Reset(bytes.NewReader(data), ix, rg[0], rg[1])
		checkFrameRange(t, ix, reused, rg, all)
	}
}

// checkFrameRange reads fr to its end and compares its packets with those
// of frames rg in all.
func checkFrameRange(t *testing.T, ix *Index, fr *Reader, rg [2]int, all [][]Packet) {
	t.Helper()
	i := rg[0]
	j := 0
	for {
		p, err := fr.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatalf("frames %v: %v", rg, err)
		}
		if j == 0 && fr.Offset() != ix.Frames[i].Offset {
			t.Errorf("frame %d starts at %d, index says %d", i, fr.Offset(), ix.Frames[i].Offset)
		}
		if !samePacket(t, ix.Layout, Clone(p), all[i][j]) {
			t.Fatalf("frames %v: frame %d packet %d differs:\n%+v\n%+v", rg, i, j, p, all[i][j])
		}
		if j++; j == len(all[i]) {
			i, j = i+1, 0
		}
	}
	if i != rg[1]+1 || j != 0 {
		t.Errorf("frames %v: stopped at frame %d packet %d", rg, i, j)
	}
	if fr.Header() != ix.Header {
		t.Errorf("frame reader header %+v", fr.Header())
	}
}

func TestIndexSample(t *testing.T) {
	for _, l := range []Layout{{}, {Wide: true}, {DevNumbering: true}} {
		data := encodeFrames(t, sampleFrames(0), l)
		ix := checkIndexAgrees(t, data)
		if len(ix.Frames) != 3 || ix.Layout != l {
			t.Errorf("layout %+v: %d frames, layout %+v", l, len(ix.Frames), ix.Layout)
		}
		checkFrameReaders(t, data, ix)
		tr, err := trackedIndex(data)
		if err != nil {
			t.Fatal(err)
		}
		checkFrameReaders(t, data, tr)
	}
}

func TestTrackFramesOff(t *testing.T) {
	r, err := NewReader(bytes.NewReader(sampleFile(t)))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := r.Next(); err != nil || r.Index() != nil {
		t.Errorf("an index without TrackFrames: %v", err)
	}
}

func TestNewFrameReaderBadRange(t *testing.T) {
	data := sampleFile(t)
	ix, err := BuildIndex(bytes.NewReader(data), int64(len(data)), nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, rg := range [][2]int{{-1, 0}, {0, 3}, {2, 1}} {
		if _, err := NewFrameReader(bytes.NewReader(data), ix, rg[0], rg[1]).Next(); err == nil || err == io.EOF {
			t.Errorf("frames %v: err %v", rg, err)
		}
	}
	if _, err := NewFrameReader(bytes.NewReader(data), nil, 0, 0).Next(); err == nil {
		t.Error("nil index: no error")
	}
}

func TestBuildIndexNotRecorder(t *testing.T) {
	data := []byte("\x01\x00\x04\x00JUNKxxxxxxxxxxxxxxxxxxxxx")
	_, err := BuildIndex(bytes.NewReader(data), int64(len(data)), nil)
	var fe *FormatError
	if !errors.As(err, &fe) || fe.Msg != notRecorderMsg {
		t.Errorf("err %v", err)
	}
}

// TestResetAllocs checks that a warm Reader re-targeted with Reset
// allocates nothing, as the scene's seeking needs. It reads the same frame
// each time: decoding a spawn whose strings differ from the last one read
// allocates them, whatever the Reader.
func TestResetAllocs(t *testing.T) {
	data := sampleFile(t)
	ra := bytes.NewReader(data)
	ix, err := BuildIndex(ra, int64(len(data)), nil)
	if err != nil {
		t.Fatal(err)
	}
	n := len(ix.Frames)
	fr := NewFrameReader(ra, ix, 0, n-1)
	readAll := func() {
		fr.Reset(ra, ix, n-1, n-1)
		for {
			if _, err := fr.Next(); err == io.EOF {
				return
			} else if err != nil {
				t.Fatal(err)
			}
		}
	}
	readAll() // warm up: packet storage reaches its size
	readAll()
	if a := testing.AllocsPerRun(20, readAll); a != 0 {
		t.Errorf("Reset and read: %v allocations, want 0", a)
	}
	fr.Reset(ra, ix, 2, 1)
	if _, err := fr.Next(); err == nil || err == io.EOF {
		t.Errorf("bad range after Reset: err %v", err)
	}
	fr.Reset(ra, ix, 0, 0)
	if p, err := fr.Next(); err != nil || p.ID() != IDFrameStart {
		t.Errorf("Reset after an error: %v, %v", p, err)
	}
}
