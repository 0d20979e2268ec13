package towns

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
)

func TestTownFile(t *testing.T) {
	for _, tt := range []struct{ header, want string }{
		{"Town01", "Town01.xodr"},
		{"Carla/Maps/Town01", "Town01.xodr"},
		{`Carla\Maps\Town10HD`, "Town10HD.xodr"},
		{"", ""},
		{"  ", ""},
	} {
		if got := TownFile(tt.header); got != tt.want {
			t.Errorf("TownFile(%q) = %q, want %q", tt.header, got, tt.want)
		}
	}
}

func TestTownCandidates(t *testing.T) {
	rec := filepath.Join("rec", "a.log")
	for _, tt := range []struct {
		maps string
		want []string
	}{
		{"maps", []string{filepath.Join("rec", "Town01.xodr"), filepath.Join("maps", "Town01.xodr")}},
		{"", []string{filepath.Join("rec", "Town01.xodr")}},
		{MapsOff, []string{filepath.Join("rec", "Town01.xodr")}},
	} {
		if got := TownCandidates(rec, tt.maps, "Town01.xodr"); !slices.Equal(got, tt.want) {
			t.Errorf("maps %q: candidates %q, want %q", tt.maps, got, tt.want)
		}
	}
}

// TestFindTown: beside the recording wins over the maps folder; a folder
// of that name is no map; not found says where it looked.
func TestFindTown(t *testing.T) {
	dir := t.TempDir()
	recDir, mapsDir := filepath.Join(dir, "rec"), filepath.Join(dir, "maps")
	for _, d := range []string{recDir, mapsDir, filepath.Join(recDir, "Town02.xodr")} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	write := func(p string) {
		if err := os.WriteFile(p, []byte("<OpenDRIVE/>"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(filepath.Join(mapsDir, "Town01.xodr"))
	write(filepath.Join(mapsDir, "Town02.xodr"))
	rec := filepath.Join(recDir, "a.log")

	if got := FindTown(rec, "Carla/Maps/Town01", mapsDir).Path; got != filepath.Join(mapsDir, "Town01.xodr") {
		t.Errorf("Town01 from the maps folder: %q", got)
	}
	write(filepath.Join(recDir, "Town01.xodr"))
	if got := FindTown(rec, "Town01", mapsDir).Path; got != filepath.Join(recDir, "Town01.xodr") {
		t.Errorf("Town01 beside the recording: %q", got)
	}
	if got := FindTown(rec, "Town02", mapsDir).Path; got != filepath.Join(mapsDir, "Town02.xodr") {
		t.Errorf("Town02 (a folder beside the recording): %q", got)
	}
	miss := FindTown(rec, "Town03", mapsDir)
	if miss.Path != "" || miss.Missing() != "no Town03.xodr beside the recording or in "+mapsDir {
		t.Errorf("Town03: path %q, %q", miss.Path, miss.Missing())
	}
	if miss := FindTown(rec, "Town03", MapsOff); miss.Missing() != "no Town03.xodr beside the recording" {
		t.Errorf("Town03, maps off: %q", miss.Missing())
	}
	if none := FindTown(rec, "", mapsDir); none.File != "" || none.Path != "" || len(none.Looked) != 0 {
		t.Errorf("no town named: %+v", none)
	}
}
