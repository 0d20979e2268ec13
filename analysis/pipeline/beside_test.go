package pipeline

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mm2carla/viewer/analysis/towns"
)

// FindTown takes, when package towns' search finds nothing, a map beside
// the recording that is the place by its content: an OpenDRIVE map whose
// header names the place wins; a lone AI map is taken for a place that is
// no CARLA town, never for a CARLA town, and two AI maps are a guess not
// taken. A town found by name (built in) wins over a map named inside,
// and --maps off looks nowhere.
func TestFindTown(t *testing.T) {
	xodr := func(name string) []byte {
		return []byte(`<?xml version="1.0"?><OpenDRIVE><header revMajor="1" name="` + name + `"/></OpenDRIVE>`)
	}
	bai := []byte("CAI1\x00\x00\x00\x00\x00\x00\x00\x00")
	tests := []struct {
		name   string
		files  map[string][]byte
		header string
		opt    towns.Options
		want   string
		from   towns.Source
	}{
		{"named xodr", map[string][]byte{"a.xodr": xodr("Other"), "m.xodr": xodr("Demo City")}, "Demo City", towns.Options{}, "m.xodr", towns.Named},
		{"lone bai", map[string][]byte{"city.bai": bai}, "Demo City", towns.Options{}, "city.bai", towns.Named},
		{"two bai", map[string][]byte{"a.bai": bai, "b.bai": bai}, "Demo City", towns.Options{}, "", towns.None},
		{"carla town not built in", map[string][]byte{"city.bai": bai}, "/Game/Carla/Maps/Town12", towns.Options{}, "", towns.None},
		{"carla town named inside", map[string][]byte{"m.xodr": xodr("Town12")}, "Town12", towns.Options{}, "m.xodr", towns.Named},
		{"built in wins", map[string][]byte{"m.xodr": xodr("Town02")}, "Town02", towns.Options{}, "", towns.BuiltIn},
		{"file by the town's name wins", map[string][]byte{"Demo City.xodr": xodr("x"), "m.xodr": xodr("Demo City")}, "Demo City", towns.Options{}, "Demo City.xodr", towns.Beside},
		{"off", map[string][]byte{"city.bai": bai}, "Demo City", towns.Options{MapsDir: towns.MapsOff}, "", towns.None},
		{"no name", map[string][]byte{"city.bai": bai}, "", towns.Options{}, "", towns.None},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			rec := filepath.Join(dir, "traffic.log")
			writeFile(t, rec, []byte("a recording"))
			for n, b := range tc.files {
				writeFile(t, filepath.Join(dir, n), b)
			}
			got := FindTown(rec, tc.header, tc.opt)
			if tc.want != "" {
				tc.want = filepath.Join(dir, tc.want)
			}
			if got.Path != tc.want || got.From != tc.from {
				t.Errorf("got %q from %v, want %q from %v (%s)", got.Path, got.From, tc.want, tc.from, got.Notice())
			}
			if tc.from == towns.Named && !strings.Contains(got.Notice(), tc.want+", beside the recording (") {
				t.Errorf("notice %q does not say where the map is from", got.Notice())
			}
		})
	}
}

// LoadTown loads the map found by its content, and a damaged one gives
// way with a warning naming it.
func TestLoadTownNamed(t *testing.T) {
	ctx := context.Background()
	src, rec := townRun(t, "Demo City")
	m := filepath.Join(filepath.Dir(src.Path), "m.xodr")
	writeFile(t, m, []byte(`<OpenDRIVE><header name="Demo City"/><road id="1" length="x">`))
	f, res := LoadTown(ctx, src, rec.Recording, towns.Options{})
	if f != nil || !res.Warn() || !strings.Contains(res.Notice(), "passed over "+m) {
		t.Fatalf("a damaged map named inside loaded %v: %s", f, res.Notice())
	}
	data, err := towns.BuiltinData("Town02")
	if err != nil {
		t.Fatal(err)
	}
	writeFile(t, m, []byte(strings.Replace(string(data), `name="`, `name="Demo City`, 1)))
	f, res = LoadTown(ctx, src, rec.Recording, towns.Options{})
	if f == nil || res.From != towns.Named || f.Roads == nil || len(f.Roads.Roads) == 0 {
		t.Fatalf("map %v from %v: %s", f, res.From, res.Notice())
	}
	f.Close()
}

// FuzzFindTown feeds arbitrary map files to the search beside a
// recording: it must not panic, and only a map file may be chosen.
func FuzzFindTown(f *testing.F) {
	f.Add([]byte(`<OpenDRIVE><header name="Demo City"/></OpenDRIVE>`), "Demo City")
	f.Add([]byte("CAI1"), "x")
	f.Fuzz(func(t *testing.T, data []byte, header string) {
		dir := t.TempDir()
		writeFile(t, filepath.Join(dir, "m"), data)
		r := FindTown(filepath.Join(dir, "r.log"), header, towns.Options{MapsDir: t.TempDir()})
		if r.From == towns.Named && r.Path != filepath.Join(dir, "m") {
			t.Errorf("chose %q", r.Path)
		}
	})
}

func writeFile(t *testing.T, path string, data []byte) {
	t.Helper()
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
}
