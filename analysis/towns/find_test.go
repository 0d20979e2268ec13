package towns

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/mm2carla/viewer/format/opendrive"
)

func TestTownName(t *testing.T) {
	for _, tt := range []struct{ header, want string }{
		{"Town05", "Town05"},
		{"Carla/Maps/Town05", "Town05"},
		{"/Game/Carla/Maps/Town05", "Town05"},
		{`Carla\Maps\Town10HD_Opt`, "Town10HD_Opt"},
		{" Town01 ", "Town01"},
		{"", ""},
		{"/", ""},
	} {
		if got := TownName(tt.header); got != tt.want {
			t.Errorf("TownName(%q) = %q, want %q", tt.header, got, tt.want)
		}
	}
	if got := fileNames("Town10HD_Opt"); !slices.Equal(got, []string{"Town10HD_Opt.xodr", "Town10HD.xodr"}) {
		t.Errorf("files of Town10HD_Opt: %q", got)
	}
	if got := fileNames("Town05"); !slices.Equal(got, []string{"Town05.xodr"}) {
		t.Errorf("files of Town05: %q", got)
	}
}

// write makes the file p (and its folders) with content s.
func write(t *testing.T, p, s string) string {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// The layouts of a CARLA installation the search knows, relative to its
// root: packaged Unreal Engine 4 and 5 releases and their source trees.
var layouts = map[string]string{
	"UE4":        "CarlaUE4/Content/Carla/Maps",
	"UE5":        "CarlaUnreal/Content/Carla/Maps",
	"UE4 source": "Unreal/CarlaUE4/Content/Carla/Maps",
	"UE5 source": "Unreal/CarlaUnreal/Content/Carla/Maps",
}

// TestFindOrder: with the town in every place, each place wins over the
// ones after it (beside the recording, the maps folder, a CARLA
// installation given as the maps folder, CARLA_ROOT, built in), in every
// layout of a CARLA installation.
func TestFindOrder(t *testing.T) {
	for layout, maps := range layouts {
		t.Run(layout, func(t *testing.T) {
			dir := t.TempDir()
			rec := filepath.Join(dir, "rec", "run.log")
			beside := write(t, filepath.Join(dir, "rec", "Town05.xodr"), "beside")
			folder := write(t, filepath.Join(dir, "maps", "Town05.xodr"), "folder")
			mapsCarla := filepath.Join(dir, "carla-maps")
			asMaps := write(t, filepath.Join(mapsCarla, maps, "OpenDrive", "Town05.xodr"), "as maps")
			root := filepath.Join(dir, "carla-root")
			inRoot := write(t, filepath.Join(root, maps, "OpenDrive", "Town05.xodr"), "root")

			steps := []struct {
				opt  Options
				from Source
				path string
				gone string // removed after this step
			}{
				{Options{MapsDir: filepath.Dir(folder), CarlaRoot: root}, Beside, beside, beside},
				{Options{MapsDir: filepath.Dir(folder), CarlaRoot: root}, MapsFolder, folder, folder},
				{Options{MapsDir: mapsCarla, CarlaRoot: root}, Carla, asMaps, asMaps},
				{Options{MapsDir: mapsCarla, CarlaRoot: root}, Carla, inRoot, inRoot},
				{Options{MapsDir: mapsCarla, CarlaRoot: root}, BuiltIn, "", ""},
			}
			for i, s := range steps {
				r := Find(rec, "/Game/Carla/Maps/Town05", s.opt)
				if r.From != s.from || r.Path != s.path || r.Town != "Town05" || r.Name != "Town05.xodr" {
					t.Fatalf("step %d: from %v path %q name %q, want %v %q", i, r.From, r.Path, r.Name, s.from, s.path)
				}
				if (r.Data != nil) != (s.from == BuiltIn) {
					t.Errorf("step %d: %d bytes of data from %v", i, len(r.Data), r.From)
				}
				if s.path != "" && !strings.Contains(r.Notice(), s.path) {
					t.Errorf("step %d: notice %q does not name %s", i, r.Notice(), s.path)
				}
				if r.Warn() {
					t.Errorf("step %d: a warning: %q", i, r.Notice())
				}
				if s.gone != "" {
					os.Remove(s.gone)
				}
			}
		})
	}
}

// TestFindInCarla: a town's file anywhere under the installation's
// Content/Carla/Maps/ is found (the large maps keep theirs in their own
// folder), the layered town's own file before its base town's, and
// OpenDrive/ before the rest; the root may also be the project or the
// maps folder itself.
func TestFindInCarla(t *testing.T) {
	dir := t.TempDir()
	root := filepath.Join(dir, "CARLA_0.9.15")
	maps := filepath.Join(root, "CarlaUE4", "Content", "Carla", "Maps")
	town12 := write(t, filepath.Join(maps, "Town12", "OpenDrive", "Town12.xodr"), "12")
	write(t, filepath.Join(maps, "Nav", "Town12.bin"), "nav")
	base := write(t, filepath.Join(maps, "OpenDrive", "Town10HD.xodr"), "10")
	layered := write(t, filepath.Join(maps, "Layered", "Town10HD_Opt.xodr"), "10 opt")
	write(t, filepath.Join(maps, "A", "Town03.xodr"), "3 elsewhere") // before OpenDrive/ in a walk
	std := write(t, filepath.Join(maps, "OpenDrive", "Town03.xodr"), "3")
	rec := filepath.Join(dir, "run.log")
	for _, tt := range []struct {
		root, header, want string
	}{
		{root, "Carla/Maps/Town12", town12},
		{root, "Town10HD_Opt", layered},
		{root, "Town10HD", base},
		{root, "Town03", std},
		{filepath.Join(root, "CarlaUE4"), "Town12", town12},
		{maps, "Town12", town12},
		{root, "Town13", ""},
	} {
		r := Find(rec, tt.header, Options{CarlaRoot: tt.root})
		if r.Path != tt.want {
			t.Errorf("%s in %s: %q (%v), want %q", tt.header, tt.root, r.Path, r.From, tt.want)
		}
		if tt.want != "" && (r.From != Carla || r.Root != tt.root || !strings.HasSuffix(r.Notice(), "from the CARLA installation "+tt.root+" (CARLA_ROOT)")) {
			t.Errorf("%s: from %v root %q, notice %q", tt.header, r.From, r.Root, r.Notice())
		}
	}
}

// TestFindNone: the header names no town, CARLA's standalone OpenDRIVE
// mode, a town that is neither found nor built in, and the search turned
// off (no map at all, not even a built-in town) each say so, or nothing
// for off.
func TestFindNone(t *testing.T) {
	rec := filepath.Join(t.TempDir(), "run.log")
	for _, tt := range []struct {
		header string
		opt    Options
		notice []string // "" : no notice
		warn   bool
	}{
		{"", Options{}, []string{"run.log names no map, and none was given"}, false},
		{"OpenDriveMap", Options{}, []string{"map OpenDriveMap (named by run.log)", "names no town: give the .xodr file"}, true},
		{"Carla/Maps/Town12", Options{MapsDir: "/m", CarlaRoot: "/c"}, []string{"no Town12.xodr beside the recording, in /m, in CARLA_ROOT /c, and not built in (Town01, ", "give the map, or --maps DIR"}, true},
		{"Town05", Options{MapsDir: MapsOff, CarlaRoot: "/c"}, nil, false},
	} {
		r := Find(rec, tt.header, tt.opt)
		if r.Found() || r.Path != "" || r.Data != nil {
			t.Errorf("%q: found %v %q", tt.header, r.From, r.Path)
		}
		n := r.Notice()
		for _, s := range tt.notice {
			if !strings.Contains(n, s) {
				t.Errorf("%q: notice %q lacks %q", tt.header, n, s)
			}
		}
		if tt.notice == nil && n != "" {
			t.Errorf("%q: notice %q, want none", tt.header, n)
		}
		if r.Warn() != tt.warn {
			t.Errorf("%q: warn %v", tt.header, r.Warn())
		}
	}
}

// TestFindBuiltin: every built-in town, the layered Town10HD_Opt and a
// path form come from the binary with a notice naming the edition.
func TestFindBuiltin(t *testing.T) {
	rec := filepath.Join(t.TempDir(), "run.log")
	for _, tt := range []struct{ header, town, edition string }{
		{"Town01", "Town01", "CARLA 2020 edition"},
		{"Town02", "Town02", "CARLA 2020 edition"},
		{"Town03", "Town03", "CARLA 2019 edition: lights matched by place"},
		{"Town04", "Town04", "CARLA 2020 edition"},
		{"Town05", "Town05", "CARLA 2019 edition: lights matched by place"},
		{"Town06", "Town06", "CARLA 2020 edition"},
		{"Town07", "Town07", "CARLA 2020 edition"},
		{"Town10HD", "Town10HD", "CARLA 2020 edition"},
		{"Carla/Maps/Town10HD_Opt", "Town10HD", "CARLA 2020 edition"},
		{"/Game/Carla/Maps/Town05", "Town05", "CARLA 2019 edition: lights matched by place"},
	} {
		r := Find(rec, tt.header, Options{})
		if r.From != BuiltIn || r.Name != tt.town+".xodr" || !bytes.HasPrefix(bytes.TrimSpace(r.Data), []byte("<?xml")) {
			t.Errorf("%s: from %v name %q, %d bytes", tt.header, r.From, r.Name, len(r.Data))
			continue
		}
		named := tt.town + ", " // the town again only where the header calls it otherwise
		if TownName(tt.header) == tt.town {
			named = ""
		}
		want := fmt.Sprintf("map %s (named by run.log): %sbuilt in (%s)", TownName(tt.header), named, tt.edition)
		if r.Notice() != want || r.Warn() {
			t.Errorf("%s: notice %q (warn %v), want %q", tt.header, r.Notice(), r.Warn(), want)
		}
	}
}

// TestFallback: a damaged file in the maps folder is passed over with its
// file and line in the notice, a warning; the search goes on to CARLA_ROOT
// when it has the town, else to the built-in town.
func TestFallback(t *testing.T) {
	dir := t.TempDir()
	rec := filepath.Join(dir, "rec", "run.log")
	const damaged = "<?xml version=\"1.0\"?>\n<OpenDRIVE>\n<header revMajor=\"1\" revMinor=\"4\"/>\n<road id=\"1\" length=\"x\">\n"
	bad := write(t, filepath.Join(dir, "maps", "Town05.xodr"), damaged)
	opt := Options{MapsDir: filepath.Dir(bad)}
	r := Find(rec, "Town05", opt)
	if r.From != MapsFolder || r.Path != bad {
		t.Fatalf("from %v %q, want the maps folder's", r.From, r.Path)
	}
	_, err := opendrive.DecodeBytes([]byte(damaged))
	if err == nil {
		t.Fatal("the damaged file decodes")
	}
	err = fmt.Errorf("%s: %w", bad, err) // as the loader names it
	b := r.Fallback(err)
	want := "map Town05 (named by run.log): built in (CARLA 2019 edition: lights matched by place); passed over " + bad + ": opendrive: line 4: "
	if b.From != BuiltIn || !strings.HasPrefix(b.Notice(), want) || !b.Warn() {
		t.Errorf("fallback: from %v, warn %v, notice\n%q\nwant it to start\n%q", b.From, b.Warn(), b.Notice(), want)
	}
	if len(b.Passed) != 1 {
		t.Errorf("passed over %q", b.Passed)
	}

	root := filepath.Join(dir, "carla")
	good := write(t, filepath.Join(root, layouts["UE5"], "OpenDrive", "Town05.xodr"), "good")
	opt.CarlaRoot = root
	if c := Find(rec, "Town05", opt).Fallback(err); c.From != Carla || c.Path != good || !strings.Contains(c.Notice(), "passed over "+bad) {
		t.Errorf("fallback with CARLA_ROOT: from %v %q, notice %q", c.From, c.Path, c.Notice())
	}
	// The built-in town is the last resort: past it there is nothing.
	if n := b.Fallback(fmt.Errorf("broken")); n.Found() || len(n.Passed) != 2 || !n.Warn() {
		t.Errorf("past the built-in town: %v, passed %q", n.From, n.Passed)
	}
}

// TestOptionsFromEnv: CARLA_ROOT is the installation looked in.
func TestOptionsFromEnv(t *testing.T) {
	t.Setenv("CARLA_ROOT", "/opt/carla")
	if o := OptionsFromEnv("/m"); o != (Options{MapsDir: "/m", CarlaRoot: "/opt/carla"}) {
		t.Errorf("%+v", o)
	}
}

// TestWalkBounded: the walk of a CARLA maps folder stops after maxWalk
// entries, so that a folder far bigger than CARLA's does not stall the
// search; the file is still found in OpenDrive/ without a walk.
func TestWalkBounded(t *testing.T) {
	root := t.TempDir()
	maps := filepath.Join(root, layouts["UE4"])
	for i := range 20 {
		write(t, filepath.Join(maps, "A", fmt.Sprintf("level%02d.umap", i)), "")
	}
	deep := write(t, filepath.Join(maps, "Z", "Town12.xodr"), "12")
	old := maxWalk
	defer func() { maxWalk = old }()
	maxWalk = 10
	rec := filepath.Join(t.TempDir(), "run.log")
	if r := Find(rec, "Town12", Options{CarlaRoot: root}); r.Found() {
		t.Errorf("found %q past the bound", r.Path)
	}
	std := write(t, filepath.Join(maps, "OpenDrive", "Town12.xodr"), "12")
	if r := Find(rec, "Town12", Options{CarlaRoot: root}); r.Path != std {
		t.Errorf("found %q, want %q", r.Path, std)
	}
	maxWalk = old
	os.Remove(std)
	if r := Find(rec, "Town12", Options{CarlaRoot: root}); r.Path != deep {
		t.Errorf("within the bound: found %q, want %q", r.Path, deep)
	}
}
