package recorder

import (
	"bytes"
	"errors"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// splitFiles are the recordings the piecewise tests read: the samples in
// three layouts and, when present, the real ones.
func splitFiles(t *testing.T) map[string][]byte {
	files := map[string][]byte{}
	for name, l := range map[string]Layout{"narrow": {}, "wide": {Wide: true}, "dev": {DevNumbering: true}} {
		files[name] = encodeFrames(t, sampleFrames(0), l)
	}
	for _, rf := range realFiles {
		b, err := os.ReadFile(filepath.Join(realDir, rf.name))
		if err != nil {
			if os.Getenv("CI") != "" {
				t.Fatalf("real recording needed under CI: %v", err)
			}
			continue
		}
		files[rf.name] = b
	}
	return files
}

// TestFeedPieces reads files in pieces cut at frame boundaries through one
// reader of bytes, and checks that it returns every packet a streaming
// reader returns, lists the same frames and learns the same layout.
func TestFeedPieces(t *testing.T) {
	for name, data := range splitFiles(t) {
		t.Run(name, func(t *testing.T) {
			ix, err := trackedIndex(data)
			if err != nil {
				t.Fatal(err)
			}
			_, _, all, err := decodeAll(data)
			if err != nil {
				t.Fatal(err)
			}
			head := &Index{Header: ix.Header, HeaderSize: ix.HeaderSize} // knows no layout yet
			for _, per := range []int{1, 2, 7} {
				rd := NewBytesReader(nil, ix.HeaderSize, head)
				rd.TrackFrames()
				i := 0
				for first := 0; first < len(ix.Frames); first += per {
					last := min(first+per, len(ix.Frames)) - 1
					start, end := ix.Frames[first].Offset, ix.Frames[last].End
					rd.Feed(data[start:end], start)
					checkPieceReads(t, rd, ix, all, &i)
				}
				if i != len(ix.Frames) {
					t.Fatalf("%d frames a piece: read %d frames, want %d", per, i, len(ix.Frames))
				}
				got := rd.Index()
				if !sameFrames(got.Frames, ix.Frames) || got.Layout != ix.Layout || got.wideKnown != ix.wideKnown || got.devKnown != ix.devKnown {
					t.Errorf("%d frames a piece: index %+v, want %+v", per, got, ix)
				}
			}
		})
	}
}

// checkPieceReads reads rd to io.EOF, comparing its packets with the
// frames of all from *i on.
func checkPieceReads(t *testing.T, rd *Reader, ix *Index, all [][]Packet, i *int) {
	t.Helper()
	j := 0
	for {
		p, err := rd.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatalf("frame %d: %v", *i, err)
		}
		if j == 0 && rd.Offset() != ix.Frames[*i].Offset {
			t.Fatalf("frame %d at %d, want %d", *i, rd.Offset(), ix.Frames[*i].Offset)
		}
		if !samePacket(t, ix.Layout, Clone(p), all[*i][j]) {
			t.Fatalf("frame %d packet %d: %+v, want %+v", *i, j, p, all[*i][j])
		}
		if j++; j == len(all[*i]) {
			*i, j = *i+1, 0
		}
	}
	if j != 0 {
		t.Fatalf("stopped inside frame %d", *i)
	}
}

// TestBytesReaderCut gives a reader of bytes data cut anywhere: it must
// fail exactly as a streaming reader of a file cut there does, and never
// write to the data.
func TestBytesReaderCut(t *testing.T) {
	data := sampleFile(t)
	ix, err := trackedIndex(data)
	if err != nil {
		t.Fatal(err)
	}
	body := int(ix.HeaderSize)
	for cut := body; cut <= len(data); cut++ {
		_, _, want, wantErr := decodeAll(data[:cut])
		piece := bytes.Clone(data[body:cut])
		rd := NewBytesReader(piece, int64(body), ix)
		n := 0
		var err error
		for {
			var p Packet
			if p, err = rd.Next(); err != nil {
				break
			}
			if p.ID() == IDFrameEnd {
				n++
			}
		}
		if errors.Is(err, io.EOF) {
			err = nil
		}
		if n != len(want) || !sameError(err, wantErr) {
			t.Fatalf("cut at %d: %d frames, %v; a file cut there: %d, %v", cut, n, err, len(want), wantErr)
		}
		if !bytes.Equal(piece, data[body:cut]) {
			t.Fatalf("cut at %d: the reader wrote to its data", cut)
		}
	}
}

// TestResetAt reads from a frame in the middle of a file to its end, as a
// reader picking up after frames read otherwise.
func TestResetAt(t *testing.T) {
	for name, data := range splitFiles(t) {
		ix, err := trackedIndex(data)
		if err != nil {
			t.Fatal(err)
		}
		orig := bytes.Clone(data)
		_, _, all, _ := decodeAll(data)
		rd := NewBytesReader(data[ix.HeaderSize:], ix.HeaderSize, ix) // a borrowed buffer first
		for _, first := range []int{0, len(ix.Frames) / 2, len(ix.Frames) - 1} {
			rd.ResetAt(bytes.NewReader(data), ix, ix.Frames[first].Offset, int64(len(data)))
			rd.TrackFrames()
			i := first
			checkPieceReads(t, rd, ix, all, &i)
			if i != len(ix.Frames) || !sameFrames(rd.Index().Frames, ix.Frames[first:]) {
				t.Errorf("%s from frame %d: read to frame %d, tracked %d frames", name, first, i, len(rd.Index().Frames))
			}
		}
		if !bytes.Equal(data, orig) {
			t.Fatalf("%s: the reader wrote to data it borrowed", name)
		}
	}
}

// TestIgnore: ignored packets come back undecoded and unchecked, the
// others and the frames as without Ignore.
func TestIgnore(t *testing.T) {
	data := sampleFile(t)
	_, _, all, err := decodeAll(data)
	if err != nil {
		t.Fatal(err)
	}
	rd, err := NewReader(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	rd.Ignore(IDPosition, IDFrameStart, IDKinematics)
	rd.Skim(IDPosition, IDTrafficLight)
	var ignored, skimmed int
	for i, frame := range all {
		for j, want := range frame {
			p, err := rd.Next()
			if err != nil {
				t.Fatal(err)
			}
			switch want.ID() {
			case IDPosition, IDKinematics:
				raw, ok := p.(*Raw)
				if !ok || PacketID(raw.WireID) != want.ID() || int64(len(raw.Data)) != int64(rd.Size()) {
					t.Fatalf("frame %d packet %d: %T, want the ignored %v as *Raw", i, j, p, want.ID())
				}
				ignored++
			case IDTrafficLight:
				if _, ok := p.(*Skimmed); !ok {
					t.Fatalf("frame %d packet %d: %T, want *Skimmed", i, j, p)
				}
				skimmed++
			default:
				if !samePacket(t, Layout{}, Clone(p), want) {
					t.Fatalf("frame %d packet %d: %+v, want %+v", i, j, p, want)
				}
			}
		}
	}
	if ignored == 0 || skimmed == 0 {
		t.Fatalf("ignored %d, skimmed %d packets: the sample lacks them", ignored, skimmed)
	}
	if _, err := rd.Next(); !errors.Is(err, io.EOF) {
		t.Fatalf("after the last frame: %v", err)
	}
}

// TestFindFrame looks for frames from every offset of files, where the
// next frame start must be found, and in noise, where none may be.
func TestFindFrame(t *testing.T) {
	for name, data := range splitFiles(t) {
		ix, err := trackedIndex(data)
		if err != nil {
			t.Fatal(err)
		}
		k := 0
		step := max(1, len(data)/5000) // every byte of the samples, a sweep of the real files
		for from := 0; from < len(data); from += step {
			for k < len(ix.Frames) && ix.Frames[k].Offset < int64(from) {
				k++
			}
			want := -1
			if k+1 < len(ix.Frames) { // two frames must follow
				want = int(ix.Frames[k].Offset)
			}
			if got := FindFrame(data, from, 2); got != want {
				t.Fatalf("%s: from %d found %d, want %d", name, from, got, want)
			}
		}
		for _, f := range ix.Frames {
			n, ok := FrameLen(data[f.Offset:])
			if !ok || int64(n) != f.End-f.Offset {
				t.Fatalf("%s: frame at %d: FrameLen %d %v, want %d", name, f.Offset, n, ok, f.End-f.Offset)
			}
			if n, ok := FrameLen(data[f.Offset : f.End-1]); n != 0 || !ok {
				t.Fatalf("%s: cut frame at %d: FrameLen %d %v, want 0 true", name, f.Offset, n, ok)
			}
		}
	}
	rng := rand.New(rand.NewPCG(1, 2))
	noise := make([]byte, 1<<20)
	for i := range noise {
		noise[i] = byte(rng.UintN(4)) // mostly zeros: the bytes most like headers
	}
	if got := FindFrame(noise, 0, 2); got != -1 {
		t.Fatalf("found a frame at %d in noise", got)
	}
	if n, ok := FrameLen([]byte{1, 0, 0, 0, 0}); ok || n != 0 {
		t.Fatalf("a FrameEnd first: FrameLen %d %v", n, ok)
	}
}

// TestIgnoreChecks: an ignored packet of fixed-size records is still
// checked (the count against the size), another is not.
func TestIgnoreChecks(t *testing.T) {
	f := newFile()
	f.start(1)
	f.pkt(uint8(IDEventAdd), -1, u16(3), zeros(5)) // not a valid EventAdd
	f.pkt(uint8(IDPosition), -1, u16(5), zeros(28))
	f.end()
	rd, err := NewReader(bytes.NewReader(f.b))
	if err != nil {
		t.Fatal(err)
	}
	rd.Ignore(IDEventAdd, IDPosition)
	var got []PacketID
	for {
		p, err := rd.Next()
		if err != nil {
			if errors.Is(err, io.EOF) || !strings.Contains(err.Error(), "counts 5 records") {
				t.Fatalf("after %v: %v, want the Position's count error", got, err)
			}
			break
		}
		got = append(got, p.ID())
	}
	if len(got) != 2 || got[1] != IDEventAdd {
		t.Fatalf("read %v before the error, want FrameStart and the unchecked EventAdd", got)
	}
}

// TestPositionView reads every Position packet of the samples and real
// files through a view of its payload: the records are the decoded ones.
func TestPositionView(t *testing.T) {
	for name, data := range splitFiles(t) {
		_, lay, all, err := decodeAll(data)
		if err != nil {
			t.Fatal(err)
		}
		rd, _ := NewReader(bytes.NewReader(data))
		rd.Ignore(IDPosition)
		n := 0
		for _, frame := range all {
			for _, want := range frame {
				p, err := rd.Next()
				if err != nil {
					t.Fatal(err)
				}
				w, ok := want.(*Positions)
				if !ok {
					continue
				}
				v := NewPositionView(p.(*Raw).Data, lay)
				if v.Len() != len(w.Records) {
					t.Fatalf("%s: %d records, want %d", name, v.Len(), len(w.Records))
				}
				for i, r := range w.Records {
					if v.Record(i) != r {
						t.Fatalf("%s: record %d %+v, want %+v", name, i, v.Record(i), r)
					}
					n++
				}
			}
		}
		if n == 0 {
			t.Fatalf("%s: no position records", name)
		}
	}
	if v := NewPositionView([]byte{2, 0, 1}, Layout{}); v.Len() != 0 {
		t.Fatal("a payload of the wrong size gives records")
	}
}

// FuzzPieces feeds arbitrary bytes to what a reader of pieces uses:
// FindFrame, FrameLen, a reader of bytes with Ignore, and PositionView.
// None may panic; a frame FindFrame finds must be one FrameLen measures
// whole, and the bytes read by a reader of bytes must never change.
func FuzzPieces(f *testing.F) {
	data := sampleFile(f)
	f.Add(data[34:])
	f.Add(encodeFrames(f, sampleFrames(0), Layout{Wide: true})[34:])
	f.Add([]byte{0, 24, 0, 0, 0})
	f.Fuzz(func(t *testing.T, b []byte) {
		if i := FindFrame(b, 0, 2); i >= 0 {
			if n, ok := FrameLen(b[i:]); !ok || n == 0 {
				t.Fatalf("FindFrame found %d, FrameLen says %d %v", i, n, ok)
			}
		}
		orig := bytes.Clone(b)
		ix := &Index{Header: sampleHeader, HeaderSize: 34}
		rd := NewBytesReader(b, 34, ix)
		rd.Ignore(IDPosition, IDKinematics, IDEventAdd)
		for range 1000 {
			p, err := rd.Next()
			if err != nil {
				break
			}
			if raw, ok := p.(*Raw); ok && PacketID(raw.WireID) == IDPosition {
				v := NewPositionView(raw.Data, rd.Layout())
				for k := range v.Len() {
					_ = v.Record(k)
				}
			}
		}
		if !bytes.Equal(b, orig) {
			t.Fatal("the reader wrote to its data")
		}
		v := NewPositionView(b, Layout{})
		for k := range v.Len() {
			_ = v.Record(k)
		}
	})
}
