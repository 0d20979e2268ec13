package scene

import (
	"bytes"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/mm2carla/viewer/format/recorder"
	"github.com/mm2carla/viewer/sim/synth"
)

// A file opens the same however it is cut into pieces and however many
// goroutines read them: these tests make small files go through the
// pieces' paths (pieces.go) by making the pieces small.

// withPieces runs fn with pieces of plen bytes read by workers decoders
// (0: by the scan itself).
func withPieces(plen int64, workers int, fn func()) {
	oldLen, oldWorkers := scanPieces, pieceWorkers
	scanPieces, pieceWorkers = plen, func() int { return workers }
	defer func() { scanPieces, pieceWorkers = oldLen, oldWorkers }()
	fn()
}

// pieceTunings are the cuts the tests try: tiny pieces (a frame spans
// several, most hold none), small ones, and the default.
var pieceTunings = []struct {
	plen    int64
	workers int
}{{700, 2}, {4 << 10, 0}, {4 << 10, 3}, {64 << 10, 1}, {64 << 10, 2}, {pieceSize, 2}}

// openDigest describes everything Open produced that does not depend on
// the pointers of one Recording: frames, index, keyframes, static data,
// events, error and refills.
func openDigest(rec *Recording, err error) string {
	if err != nil {
		return "error: " + err.Error()
	}
	var b bytes.Buffer
	fmt.Fprintf(&b, "frames %v\nindex %d %d %+v %v\nerr %v\nrefills %d\n", rec.Frames(), len(rec.Index().Frames),
		rec.Index().Size, rec.Index().Layout, rec.Index().Err, rec.Err(), rec.refills)
	for _, k := range rec.keys {
		fmt.Fprintf(&b, "key %d %v %v %+v %v\n", k.frame, k.actors, k.fullAt, k.weather, k.hasWeather)
		for _, a := range k.full {
			st := a.st
			a.st = nil
			fmt.Fprintf(&b, "  full %d %+v\n", st.index, a)
		}
	}
	for _, st := range rec.statics.all {
		fmt.Fprintf(&b, "static %+v\n", *st)
	}
	for _, e := range rec.Events() {
		fmt.Fprintf(&b, "event %+v\n", e)
	}
	return b.String()
}

// checkPiecesAgree opens data with every tuning and compares the result
// with the default one's.
func checkPiecesAgree(t *testing.T, name string, data []byte) {
	t.Helper()
	want := openDigest(Open(bytes.NewReader(data), int64(len(data)), nil))
	for _, tu := range pieceTunings {
		withPieces(tu.plen, tu.workers, func() {
			got := openDigest(Open(bytes.NewReader(data), int64(len(data)), nil))
			if got != want {
				t.Fatalf("%s with %d-byte pieces and %d decoders: Open differs:\n%s", name, tu.plen, tu.workers, firstDiff(got, want))
			}
		})
	}
}

// firstDiff shows where two digests part.
func firstDiff(a, b string) string {
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	lo := max(0, i-200)
	return fmt.Sprintf("got  ...%s\nwant ...%s", a[lo:min(len(a), i+200)], b[lo:min(len(b), i+200)])
}

func TestPiecesAgree(t *testing.T) {
	files := momentFiles(t)
	files["stops"] = genBytes(t, genConfig{vehicles: 12, walkers: 4, lights: 3, frames: 500, hz: 20, seed: 7, churn: true, stops: true})
	for name, data := range files {
		t.Run(name, func(t *testing.T) { checkPiecesAgree(t, name, data) })
	}
}

// TestPiecesSeek is the seek property on files opened from tiny pieces:
// the keyframes that hold stale values (gaps) are made from the firsts
// the decoders found.
func TestPiecesSeek(t *testing.T) {
	data := genBytes(t, genConfig{vehicles: 20, walkers: 5, lights: 4, frames: 300, hz: 10, seed: 4, churn: true, gaps: true, teleports: true, sensors: true})
	withPieces(4<<10, 2, func() {
		checkSeeks(t, data)
		if openBytes(t, data).refills == 0 {
			t.Error("no skimmed value was read again: the path is not tested")
		}
	})
}

// TestPiecesDamaged cuts and breaks a file: the frames kept and the error
// are those of the default scan, whichever piece the damage falls in.
func TestPiecesDamaged(t *testing.T) {
	data := readRealOrGen(t)
	rng := rand.New(rand.NewPCG(3, 4))
	for range 40 {
		n := rng.IntN(len(data))
		cut := data[:n]
		broken := bytes.Clone(data)
		broken[n] ^= 0xff
		for _, d := range [][]byte{cut, broken} {
			want := openDigest(Open(bytes.NewReader(d), int64(len(d)), nil))
			withPieces(2<<10, 2, func() {
				if got := openDigest(Open(bytes.NewReader(d), int64(len(d)), nil)); got != want {
					t.Fatalf("damaged at %d: Open differs:\n%s", n, firstDiff(got, want))
				}
			})
		}
	}
}

// readRealQuiet reads a real recording; its absence is an error only
// under CI (the test goes on with the other files).
func readRealQuiet(t *testing.T, name string) ([]byte, error) {
	data, err := os.ReadFile(filepath.Join(carlaDir, name))
	if err != nil && os.Getenv("CI") != "" {
		t.Fatalf("real recording missing under CI: %v", err)
	}
	return data, err
}

// readRealOrGen is a real recording, or a generated one without them.
func readRealOrGen(t *testing.T) []byte {
	data, err := readRealQuiet(t, realFiles[1])
	if err != nil {
		return genBytes(t, genConfig{vehicles: 10, walkers: 3, lights: 2, frames: 200, hz: 20, seed: 9, churn: true, sensors: true})
	}
	return data
}

// TestPiecesFalseFrames hides copies of whole frames in the payloads of
// user packets (id 100), where a decoder looking for a frame start finds
// them first: those pieces must be read again from where the one before
// ended, and the file open as with one reader.
func TestPiecesFalseFrames(t *testing.T) {
	plain := genBytes(t, genConfig{vehicles: 8, walkers: 2, lights: 2, frames: 120, hz: 20, seed: 11, churn: true})
	ix, err := recorder.BuildIndex(bytes.NewReader(plain), int64(len(plain)), nil)
	if err != nil {
		t.Fatal(err)
	}
	rd, err := recorder.NewReader(bytes.NewReader(plain))
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	w, err := recorder.NewWriter(&out, ix.Header, ix.Layout)
	if err != nil {
		t.Fatal(err)
	}
	f := 0
	for {
		p, err := rd.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		if p.ID() == recorder.IDFrameEnd {
			// Two earlier frames, whole, as the payload of a user packet.
			a, b := ix.Frames[f/2], ix.Frames[f/2+1]
			if err := w.Write(&recorder.Raw{WireID: 100, Data: plain[a.Offset:b.End]}); err != nil {
				t.Fatal(err)
			}
			f++
		}
		if err := w.Write(p); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	data := out.Bytes()
	if bix, _ := recorder.BuildIndex(bytes.NewReader(data), int64(len(data)), nil); bix.Err != nil || len(bix.Frames) != len(ix.Frames) {
		t.Fatalf("the file itself: %d frames, %v (size %d)", len(bix.Frames), bix.Err, len(data))
	}
	want := openDigest(Open(bytes.NewReader(data), int64(len(data)), nil))
	if r := openBytes(t, data); len(r.Frames()) != len(ix.Frames) {
		t.Fatalf("%d frames, want %d (%v): the hidden frames were taken for frames", len(r.Frames()), len(ix.Frames), r.Err())
	}
	for _, plen := range []int64{1 << 10, 16 << 10, 40 << 10} {
		withPieces(plen, 2, func() {
			if got := openDigest(Open(bytes.NewReader(data), int64(len(data)), nil)); got != want {
				t.Fatalf("%d-byte pieces: Open differs:\n%s", plen, firstDiff(got, want))
			}
		})
	}
	// The hidden frames do fool a decoder: some piece starts inside one.
	ps := newPieces(t.Context(), bytes.NewReader(data), int64(len(data)), ix, ix, 1, 40<<10, keySpacing(int64(len(data))), nil, nil)
	defer ps.stop()
	fooled := 0
	for i := range ps.count {
		p := <-ps.results[i]
		if p.start >= 0 && !inFrames(p.start, openBytes(t, data).Frames()) {
			fooled++
		}
		ps.done(p, nil)
	}
	if fooled == 0 {
		t.Error("no decoder took a hidden frame for a frame: the test does not test")
	}
}

func inFrames(off int64, frames []recorder.FrameInfo) bool {
	for _, f := range frames {
		if f.Offset == off {
			return true
		}
	}
	return false
}

// TestPiecesBig pins the default tuning against the tiny one
// on a recording of several pieces, with decoders on other goroutines.
func TestPiecesBig(t *testing.T) {
	var b bytes.Buffer
	if err := synth.Write(&b, synth.Config{Vehicles: 60, Walkers: 10, TrafficLights: 8, Hz: 20, TargetBytes: 14 << 20, Churn: true, Seed: 5}); err != nil {
		t.Fatal(err)
	}
	data := b.Bytes()
	var serial, parallel string
	withPieces(pieceSize, 0, func() { serial = openDigest(Open(bytes.NewReader(data), int64(len(data)), nil)) })
	withPieces(pieceSize, 2, func() {
		rec, err := Open(bytes.NewReader(data), int64(len(data)), nil)
		parallel = openDigest(rec, err)
		if err == nil && rec.redone != 0 {
			t.Errorf("%d of 4 pieces read again: the decoders did not find where their pieces start", rec.redone)
		}
	})
	if serial != parallel {
		t.Fatalf("decoders on other goroutines change Open:\n%s", firstDiff(parallel, serial))
	}
}
