package loader

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/mm2carla/viewer/format/bai"
	"github.com/mm2carla/viewer/format/recorder"
	"github.com/mm2carla/viewer/internal/testrec"
	"github.com/mm2carla/viewer/scene"
	"github.com/mm2carla/viewer/sim/citygen"
)

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

func TestSniff(t *testing.T) {
	rec := testrec.Bytes(2)
	for _, tc := range []struct {
		name string
		head []byte
		want Kind
	}{
		{"map", []byte("CAI1\x02\x00\x03\x00"), KindMap},
		{"map magic only", []byte("CAI1"), KindMap},
		{"recording", rec[:SniffLen], KindRecording},
		{"recording, more bytes", rec[:100], KindRecording},
		{"recording version 7", append([]byte{7, 0}, rec[2:SniffLen]...), KindRecording},
		{"recording cut in the magic", rec[:SniffLen-1], KindUnknown},
		{"wrong magic length", append([]byte{1, 0, 15, 0}, rec[4:SniffLen]...), KindUnknown},
		{"lower-case cai1", []byte("cai1...."), KindUnknown},
		{"Midtown Madness 1 map", []byte{0x02, 0x00, 0x03, 0x00}, KindUnknown},
		{"png", []byte("\x89PNG\r\n\x1a\n\x00\x00\x00\x0dIHDR"), KindUnknown},
		{"empty", nil, KindUnknown},
		{"OpenDRIVE", []byte("<?xml version=\"1.0\"?>\n<!-- roads -->\n<OpenDRIVE>\n<header/>"), KindMap},
		{"OpenDRIVE after a BOM and blanks", []byte("\xef\xbb\xbf  \r\n<OpenDRIVE xmlns=\"x\">"), KindMap},
		{"OpenDRIVE root cut short", []byte("<?xml version=\"1.0\"?><OpenDR"), KindUnknown},
		{"other XML", []byte("<?xml version=\"1.0\"?><svg><OpenDRIVE/></svg>"), KindUnknown},
		{"text before the root", []byte("roads <OpenDRIVE>"), KindUnknown},
	} {
		if got := Sniff(tc.head); got != tc.want {
			t.Errorf("%s: Sniff = %v, want %v", tc.name, got, tc.want)
		}
	}
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
		{"header only", rec[:SniffLen+3], KindRecording, []string{"x.dat: ", "byte "}},
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

// TestDamagedMapKeepsRoads: a map cut or corrupted after some roads
// loads with those roads, whole, and the error that stopped it; one
// damaged before its first road is whole gives the error alone, so that
// it does not replace the map on screen with an empty one.
func TestDamagedMapKeepsRoads(t *testing.T) {
	mp := mapBytes(t)
	whole, err := bai.DecodeBytes(mp)
	if err != nil || len(whole.Roads) < 4 {
		t.Fatalf("test map: %v, %d roads", err, len(whole.Roads))
	}
	var prefix bytes.Buffer // the header and the first 3 roads
	if err := bai.Encode(&prefix, &bai.Map{Roads: whole.Roads[:3]}); err != nil {
		t.Fatal(err)
	}
	afterRoad3 := prefix.Len() - 4 // less the empty culling lists' count
	corrupt := bytes.Clone(mp)
	corrupt[afterRoad3+2], corrupt[afterRoad3+3] = 1, 0 // road 3 claims one section
	for _, tc := range []struct {
		name  string
		data  []byte
		roads int // kept; 0: no map
		msg   string
	}{
		{"cut inside road 3", mp[:afterRoad3+100], 3, "city.bai: bai: byte "},
		{"road 3 corrupt", corrupt, 3, "city.bai: bai: byte " + strconv.Itoa(afterRoad3+2) + " (road 3): 1 sections"},
		{"cut inside road 0", mp[:100], 0, "city.bai: bai: byte 76 (road 0, side A, misc)"},
		{"cut in the culling lists", mp[:len(mp)-1], len(whole.Roads), "(culling, pedestrians room"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res := Start(BytesSource("city.bai", tc.data)).Wait()
			if res.Err == nil || !strings.Contains(res.Err.Error(), tc.msg) {
				t.Errorf("error %v, want one containing %q", res.Err, tc.msg)
			}
			var fe *bai.FormatError
			if !errors.As(res.Err, &fe) {
				t.Errorf("error %v does not wrap a *bai.FormatError", res.Err)
			}
			if tc.roads == 0 {
				if res.Map != nil {
					t.Errorf("a map of %d roads came with %v; want none", len(res.Map.Roads), res.Err)
				}
				return
			}
			if res.Map == nil {
				t.Fatalf("no map came with %v", res.Err)
			}
			if len(res.Map.Roads) != tc.roads {
				t.Errorf("%d roads kept, want %d", len(res.Map.Roads), tc.roads)
			}
			want := scene.NewMap(&bai.Map{Roads: whole.Roads[:tc.roads]})
			if tc.roads == len(whole.Roads) {
				want = scene.NewMap(&bai.Map{Roads: whole.Roads, Intersections: whole.Intersections})
			}
			for i := range want.Roads {
				if !reflect.DeepEqual(res.Map.Roads[i], want.Roads[i]) {
					t.Fatalf("road %d differs from the whole map's", i)
				}
			}
		})
	}
}

// TestTruncatedRecordingKeepsFrames: a file cut inside a frame opens with
// the complete frames, and says where it stopped.
func TestTruncatedRecordingKeepsFrames(t *testing.T) {
	full := testrec.Bytes(30)
	cut := full[:len(full)-10]
	res := Start(BytesSource("cut.log", cut)).Wait()
	if res.Err != nil {
		t.Fatal(res.Err)
	}
	if n := len(res.Recording.Frames()); n != 29 {
		t.Errorf("%d frames, want 29", n)
	}
	var fe *recorder.FormatError
	if !errors.As(res.Recording.Err(), &fe) {
		t.Fatalf("Recording.Err = %v, want a *recorder.FormatError", res.Recording.Err())
	}
	if fe.Offset <= 0 || fe.Offset > int64(len(cut)) {
		t.Errorf("error offset %d outside the file (%d bytes)", fe.Offset, len(cut))
	}
}

func TestLoadFile(t *testing.T) {
	dir := t.TempDir()
	// Names lie on purpose: the content decides.
	recPath := filepath.Join(dir, "looks-like-a-map.bai")
	mapPath := filepath.Join(dir, "looks-like-a-recording.log")
	if err := os.WriteFile(recPath, testrec.Bytes(10), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(mapPath, mapBytes(t), 0o644); err != nil {
		t.Fatal(err)
	}
	r := Start(FileSource(recPath))
	m := Start(FileSource(mapPath))
	if r.Kind() != KindRecording || m.Kind() != KindMap {
		t.Fatalf("kinds %v, %v", r.Kind(), m.Kind())
	}
	rr, mr := r.Wait(), m.Wait()
	if rr.Err != nil || mr.Err != nil {
		t.Fatal(rr.Err, mr.Err)
	}
	if rr.Source.Name != "looks-like-a-map.bai" {
		t.Errorf("name %q", rr.Source.Name)
	}
	// The recording reads its file as the user seeks; after Close it cannot.
	if err := rr.Close(); err != nil {
		t.Errorf("Close: %v", err)
	}
	if err := rr.Close(); err != nil {
		t.Errorf("second Close: %v", err)
	}

	res := Start(FileSource(filepath.Join(dir, "missing.log"))).Wait()
	if res.Err == nil || !strings.Contains(res.Err.Error(), "missing.log") {
		t.Errorf("missing file: %v", res.Err)
	}
	res = Start(FileSource(dir)).Wait()
	if res.Err == nil || !strings.Contains(res.Err.Error(), "not a regular file") {
		t.Errorf("directory: %v", res.Err)
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

// TestLoadOpenDRIVE opens an OpenDRIVE map by content, whatever its name,
// and a damaged one with the error naming the file and the line.
func TestLoadOpenDRIVE(t *testing.T) {
	good, err := os.ReadFile(filepath.Join("..", "..", "format", "opendrive", "testdata", "small.xodr"))
	if err != nil {
		t.Fatal(err)
	}
	res := Start(BytesSource("roads.dat", good)).Wait()
	if res.Err != nil || res.Kind != KindMap || res.Roads == nil || res.Map == nil || len(res.Roads.Lanes) == 0 {
		t.Fatalf("small.xodr: kind %v, roads %v, map %v, err %v", res.Kind, res.Roads != nil, res.Map != nil, res.Err)
	}
	bad := []byte("<?xml version=\"1.0\"?>\n<OpenDRIVE>\n<header revMajor=\"1\" revMinor=\"4\"/>\n<road id=\"1\" length=\"-3\" junction=\"-1\">\n</OpenDRIVE>\n")
	res = Start(BytesSource("bad.xodr", bad)).Wait()
	if res.Err == nil || !strings.HasPrefix(res.Err.Error(), "bad.xodr: ") || !strings.Contains(res.Err.Error(), "line 4") {
		t.Errorf("damaged map: err %v, want it to name bad.xodr and line 4", res.Err)
	}
}
