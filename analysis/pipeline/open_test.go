package pipeline

import (
	"bytes"
	"context"
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
			res, err := Load(context.Background(), BytesSource("city.bai", tc.data), nil)
			if err == nil || !strings.Contains(err.Error(), tc.msg) {
				t.Errorf("error %v, want one containing %q", err, tc.msg)
			}
			var fe *bai.FormatError
			if !errors.As(err, &fe) {
				t.Errorf("error %v does not wrap a *bai.FormatError", err)
			}
			if tc.roads == 0 {
				if res != nil {
					t.Errorf("a map of %d roads came with %v; want none", len(res.Map.Roads), err)
				}
				return
			}
			if res == nil || res.Map == nil {
				t.Fatalf("no map came with %v", err)
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
	res, err := Load(context.Background(), BytesSource("cut.log", cut), nil)
	if err != nil {
		t.Fatal(err)
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
	r, err := Open(FileSource(recPath))
	if err != nil {
		t.Fatal(err)
	}
	m, err := Open(FileSource(mapPath))
	if err != nil {
		t.Fatal(err)
	}
	if r.Kind() != KindRecording || m.Kind() != KindMap {
		t.Fatalf("kinds %v, %v", r.Kind(), m.Kind())
	}
	rr, err := r.Load(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	mr, err := m.Load(context.Background(), nil)
	if err != nil || mr.Map == nil || len(mr.Map.Roads) == 0 {
		t.Fatalf("map: %v", err)
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

	if _, err := Open(FileSource(filepath.Join(dir, "missing.log"))); err == nil || !strings.Contains(err.Error(), "missing.log") {
		t.Errorf("missing file: %v", err)
	}
	if _, err := Open(FileSource(dir)); err == nil || !strings.Contains(err.Error(), "not a regular file") {
		t.Errorf("directory: %v", err)
	}
}

// TestLoadOpenDRIVE opens an OpenDRIVE map by content, whatever its name,
// and a damaged one with the error naming the file and the line.
func TestLoadOpenDRIVE(t *testing.T) {
	good, err := os.ReadFile(filepath.Join("..", "..", "format", "opendrive", "testdata", "small.xodr"))
	if err != nil {
		t.Fatal(err)
	}
	res, err := Load(context.Background(), BytesSource("roads.dat", good), nil)
	if err != nil || res.Kind != KindMap || res.Roads == nil || res.Map == nil || len(res.Roads.Lanes) == 0 {
		t.Fatalf("small.xodr: %+v, err %v", res, err)
	}
	bad := []byte("<?xml version=\"1.0\"?>\n<OpenDRIVE>\n<header revMajor=\"1\" revMinor=\"4\"/>\n<road id=\"1\" length=\"-3\" junction=\"-1\">\n</OpenDRIVE>\n")
	_, err = Load(context.Background(), BytesSource("bad.xodr", bad), nil)
	if err == nil || !strings.HasPrefix(err.Error(), "bad.xodr: ") || !strings.Contains(err.Error(), "line 4") {
		t.Errorf("damaged map: err %v, want it to name bad.xodr and line 4", err)
	}
}

// TestOpenUnknown: a file that is neither kind is refused by Open, with
// an *UnknownError naming it and showing its first bytes, and nothing is
// left open.
func TestOpenUnknown(t *testing.T) {
	for _, tc := range []struct {
		name string
		data []byte
		msg  string
	}{
		{"empty", nil, "x.dat: the file is empty"},
		{"text", []byte("hello, world"), "x.dat: byte 0: not a CARLA recording"},
	} {
		in, err := Open(BytesSource("x.dat", tc.data))
		var ue *UnknownError
		if in != nil || !errors.As(err, &ue) || !strings.Contains(err.Error(), tc.msg) {
			t.Errorf("%s: input %v, err %v; want an *UnknownError saying %q", tc.name, in, err, tc.msg)
		}
	}
}

// TestLoadAtAndPreview: LoadAt opens a recording for one moment, with
// every frame indexed; Preview opens its start alone, apart from the
// file; neither applies to a map.
func TestLoadAtAndPreview(t *testing.T) {
	data := testrec.Bytes(100)
	in, err := Open(BytesSource("run.log", data))
	if err != nil {
		t.Fatal(err)
	}
	p := in.Preview(context.Background(), int64(len(data))/4)
	if p == nil || len(p.Frames()) == 0 || len(p.Frames()) >= 100 {
		t.Fatalf("preview %v", p)
	}
	f, err := in.LoadAt(context.Background(), 1, nil)
	if err != nil {
		t.Fatal(err)
	}
	if n := len(f.Recording.Frames()); n != 100 {
		t.Errorf("LoadAt indexed %d frames, want 100", n)
	}
	var st scene.State
	if err := f.Recording.StateAt(1, &st); err != nil || st.Actor(testrec.Hero) == nil {
		t.Errorf("state at the moment: %v", err)
	}
	m, err := Open(BytesSource("city.bai", mapBytes(t)))
	if err != nil {
		t.Fatal(err)
	}
	if m.Preview(context.Background(), 100) != nil {
		t.Error("a map gave a preview")
	}
	mf, err := m.LoadAt(context.Background(), 1, nil)
	if err != nil || mf.Map == nil {
		t.Errorf("map through LoadAt: %v", err)
	}
}

// TestLoadCancelled: a cancelled context stops a recording's load with
// an error that names the file and wraps context.Canceled.
func TestLoadCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	f, err := Load(ctx, BytesSource("run.log", testrec.Bytes(50)), nil)
	if f != nil || !errors.Is(err, context.Canceled) || !strings.HasPrefix(err.Error(), "run.log: ") {
		t.Errorf("file %v, err %v; want a cancellation naming run.log", f, err)
	}
}
