package loader

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mm2carla/viewer/analysis/pipeline"
	"github.com/mm2carla/viewer/format/bai"
	"github.com/mm2carla/viewer/internal/testrec"
	"github.com/mm2carla/viewer/scene"
	"github.com/mm2carla/viewer/sim/citygen"
)

// Telling files apart and decoding them is package pipeline's, tested
// there; these tests are about the job: its kind known at once, its
// progress, its errors handed over as results, cancellation, previews.

func mapBytes(t testing.TB) []byte {
	t.Helper()
	cfg := citygen.Default()
	cfg.BlocksX, cfg.BlocksY, cfg.Roads = 2, 2, 0
	m, err := citygen.Generate(cfg)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := bai.Encode(&b, m); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func TestLoadBytes(t *testing.T) {
	m := Start(BytesSource("city.bai", mapBytes(t)))
	if m.Kind() != KindMap {
		t.Fatalf("map job kind %v", m.Kind())
	}
	res := m.Wait()
	if res.Err != nil || res.Map == nil || len(res.Map.Roads) == 0 {
		t.Fatalf("map: %+v", res)
	}
	if m.Progress() != 1 {
		t.Errorf("map progress %v after loading", m.Progress())
	}
	r := Start(BytesSource("run.log", testrec.Bytes(50)))
	if r.Kind() != KindRecording {
		t.Fatalf("recording job kind %v", r.Kind())
	}
	res = r.Wait()
	if res.Err != nil || res.Recording == nil {
		t.Fatalf("recording: %v", res.Err)
	}
	if n := len(res.Recording.Frames()); n != 50 {
		t.Errorf("recording has %d frames, want 50", n)
	}
	if res.Recording.Err() != nil {
		t.Errorf("complete recording has Err %v", res.Recording.Err())
	}
	if r.Progress() != 1 {
		t.Errorf("recording progress %v after loading", r.Progress())
	}
}

// TestLoadErrors: every failure names the file, and format errors say the
// byte offset.
func TestLoadErrors(t *testing.T) {
	rec := testrec.Bytes(3)
	mp := mapBytes(t)
	for _, tc := range []struct {
		name     string
		data     []byte
		kind     Kind
		contains []string
	}{
		{"empty", nil, KindUnknown, []string{"x.dat: the file is empty"}},
		{"text", []byte("hello, world: not a recording"), KindUnknown,
			[]string{"x.dat: byte 0: not a CARLA recording", "68 65 6c 6c 6f"}},
		{"header only", rec[:pipeline.SniffLen+3], KindRecording, []string{"x.dat: ", "byte "}},
		{"no complete frame", rec[:60], KindRecording, []string{"x.dat: ", "no complete frame", "byte "}},
		{"map cut short", mp[:len(mp)/2], KindMap, []string{"x.dat: bai: byte "}},
		{"map with a bad count", append([]byte("CAI1\xff\xff\xff\xff"), mp[8:]...), KindMap, []string{"x.dat: bai: byte 4"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			j := Start(BytesSource("x.dat", tc.data))
			if j.Kind() != tc.kind {
				t.Errorf("kind %v, want %v", j.Kind(), tc.kind)
			}
			res := j.Wait()
			if res.Err == nil {
				t.Fatalf("no error; result %+v", res)
			}
			if res.Recording != nil || (res.Map != nil && tc.kind != KindMap) {
				t.Errorf("an error and a result: %+v", res)
			}
			for _, s := range tc.contains {
				if !strings.Contains(res.Err.Error(), s) {
					t.Errorf("error %q does not contain %q", res.Err, s)
				}
			}
		})
	}
}

// TestCancel: a cancelled load ends with a cancellation (or, if it won the
// race, a result that Cancel released), and never hangs.
func TestCancel(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "big.log")
	if err := os.WriteFile(path, testrec.Bytes(4000), 0o644); err != nil {
		t.Fatal(err)
	}
	j := Start(FileSource(path))
	j.Cancel()
	j.Cancel() // twice is fine
	<-j.done
	if j.res.Err != nil && !IsCanceled(j.res.Err) {
		t.Errorf("cancelled job failed with %v", j.res.Err)
	}
	if j.res.Err != nil && j.res.Recording != nil {
		t.Error("cancelled job kept its recording")
	}
}

// TestPreview: a recording over the preview size shows its start while it
// is indexed; the preview is the whole recording's first frames, and it
// still seeks once the file is closed.
func TestPreview(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "long.log")
	data := testrec.Bytes(600)
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	const previewLen = 8 << 10
	j := StartWith(FileSource(path), Options{PreviewMin: int64(len(data)) - 1, PreviewLen: previewLen})
	res := j.Wait()
	if res.Err != nil {
		t.Fatal(res.Err)
	}
	p := j.Preview()
	if p == nil {
		t.Fatal("no preview")
	}
	pf, ff := p.Frames(), res.Recording.Frames()
	if len(pf) == 0 || len(pf) >= len(ff) {
		t.Fatalf("preview of %d frames, recording %d", len(pf), len(ff))
	}
	if end := pf[len(pf)-1].End; end > previewLen {
		t.Errorf("the preview's frames end at byte %d, past its %d bytes", end, previewLen)
	}
	for i := range pf {
		if pf[i] != ff[i] || p.Times()[i] != res.Recording.Times()[i] {
			t.Fatalf("frame %d: preview %+v at %v, recording %+v at %v", i, pf[i], p.Times()[i], ff[i], res.Recording.Times()[i])
		}
	}
	res.Close()
	var st scene.State
	if err := p.StateAt(p.Duration(), &st); err != nil || st.Actor(testrec.Hero) == nil {
		t.Errorf("preview after the file closed: %v, hero %v", err, st.Actor(testrec.Hero))
	}
	// A file at or under the threshold has none.
	j = StartWith(FileSource(path), Options{PreviewMin: int64(len(data)), PreviewLen: previewLen})
	j.Wait().Close()
	if j.Preview() != nil {
		t.Error("a small file got a preview")
	}
}

// StartOpened takes over an input opened on another goroutine, as
// StartWith would have opened it, and hands an opening error over as the
// result.
func TestStartOpened(t *testing.T) {
	p := filepath.Join(t.TempDir(), "city.bai")
	if err := os.WriteFile(p, mapBytes(t), 0o644); err != nil {
		t.Fatal(err)
	}
	src := FileSource(p)
	done := make(chan *pipeline.Input)
	var openErr error
	go func() {
		in, err := pipeline.Open(src)
		openErr = err
		done <- in
	}()
	in := <-done
	if openErr != nil {
		t.Fatal(openErr)
	}
	j := StartOpened(src, in, nil, DefaultOptions())
	if res := j.Wait(); j.Kind() != KindMap || res.Err != nil || res.Map == nil || len(res.Map.Roads) == 0 {
		t.Fatalf("kind %v, result %+v", j.Kind(), res)
	}
	_, err := pipeline.Open(FileSource(filepath.Join(t.TempDir(), "missing.bai")))
	j = StartOpened(FileSource("missing.bai"), nil, err, DefaultOptions())
	if res := j.Wait(); j.Kind() != KindUnknown || res.Err == nil || !strings.Contains(res.Err.Error(), "missing.bai") {
		t.Fatalf("kind %v, error %v", j.Kind(), res.Err)
	}
}
