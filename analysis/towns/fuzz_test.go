package towns

import (
	"path/filepath"
	"strings"
	"testing"
)

// FuzzFind: a recording's header is the file's bytes, so the town it
// names may be anything. Whatever it is, the search never looks outside
// the folders it was given (the name is reduced to its last element),
// never panics, and says something unless the search is off.
func FuzzFind(f *testing.F) {
	for _, s := range []string{"Town05", "/Game/Carla/Maps/Town10HD_Opt", `Carla\Maps\Town01`, "OpenDriveMap",
		"../../etc/passwd", "Town05\x00", "", "_Opt", "Town05_Opt_Opt", strings.Repeat("a/", 300)} {
		f.Add(s)
	}
	dir := f.TempDir()
	rec := filepath.Join(dir, "rec", "run.log")
	f.Fuzz(func(t *testing.T, header string) {
		town := TownName(header)
		if strings.ContainsAny(town, `/\`) {
			t.Fatalf("TownName(%q) = %q: a path", header, town)
		}
		r := Find(rec, header, Options{MapsDir: filepath.Join(dir, "maps")})
		if r.Path != "" && filepath.Dir(r.Path) != filepath.Dir(rec) && !strings.HasPrefix(r.Path, filepath.Join(dir, "maps")+string(filepath.Separator)) {
			t.Fatalf("%q found %q, outside the folders searched", header, r.Path)
		}
		if r.Notice() == "" {
			t.Fatalf("%q: no notice", header)
		}
		_ = Mismatch(header, header, "run.log")
	})
}
