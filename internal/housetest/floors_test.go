package housetest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// floors lists every top-level directory (cmd/viewer on its own) that
// holds packages, with its floor: a package may import from its own floor
// and the ones below. A new directory must be added here deliberately; a
// package under none of them fails the test.
var floors = []struct {
	dir   string
	floor int
}{
	{"format", 1},
	{"scene", 2},
	{"analysis", 3},
	{"sim", 4},
	{"render", 5},
	{"assets", 6},
	{"ui", 7},
	{"cmd/viewer", 8},
	{"cmd/dist", 8},
}

// testOnly is the directory of test helpers: any package's tests may
// import it, no production code may, and its own code is test code, so
// it may import from any floor.
const testOnly = "internal"

// stdlibFloor is the floor whose packages import only the standard
// library: the formats are bytes to types and back, nothing else.
const stdlibFloor = 1

// pkg is what `go list -json` says of a package that the rules look at.
type pkg struct {
	ImportPath   string
	Imports      []string // of its non-test files
	TestImports  []string
	XTestImports []string
	// Where the package's files are, for touchSources.
	Dir                                string
	GoFiles, TestGoFiles, XTestGoFiles []string
}

// floorOf returns the floor of rel, a package path inside the module
// ("" for the module's root), or 0 when it is on none; testOnly reports
// a test helper.
func floorOf(rel string) (floor int, testHelper bool) {
	if under(rel, testOnly) {
		return 0, true
	}
	for _, f := range floors {
		if under(rel, f.dir) {
			return f.floor, false
		}
	}
	return 0, false
}

// under reports whether the path rel is dir or inside it.
func under(rel, dir string) bool { return rel == dir || strings.HasPrefix(rel, dir+"/") }

// standard reports whether an import path is the standard library's: as
// for the go command, its first element has no dot.
func standard(path string) bool {
	first, _, _ := strings.Cut(path, "/")
	return !strings.Contains(first, ".")
}

// violations returns every break of the house rules among the packages
// of module, one sentence each. Only production imports (Imports) are
// checked for floors: tests may cross floors, and may import internal/.
func violations(module string, pkgs []pkg) []string {
	var out []string
	rel := func(path string) (string, bool) {
		if path == module {
			return "", true
		}
		r, ok := strings.CutPrefix(path, module+"/")
		return r, ok
	}
	for _, p := range pkgs {
		name, _ := rel(p.ImportPath)
		floor, helper := floorOf(name)
		if floor == 0 && !helper {
			out = append(out, fmt.Sprintf("%s is on no floor: add its directory to the floors table deliberately", p.ImportPath))
			continue
		}
		for _, imp := range p.Imports {
			if floor == stdlibFloor && !standard(imp) {
				out = append(out, fmt.Sprintf("%s (floor %d) imports %s: the formats import only the standard library", name, floor, imp))
				continue
			}
			r, inModule := rel(imp)
			if !inModule {
				continue
			}
			impFloor, impHelper := floorOf(r)
			switch {
			case helper:
				// Test helpers are test code.
			case impHelper:
				out = append(out, fmt.Sprintf("%s imports %s: internal/ is for test helpers, production code must not import it", name, r))
			case impFloor > floor:
				out = append(out, fmt.Sprintf("%s (floor %d) imports %s (floor %d): production code imports only its own floor or below", name, floor, r, impFloor))
			}
		}
	}
	return out
}

// goList runs `go list -json` on every package of the module the test
// runs in and returns the module path and the packages.
func goList(t *testing.T) (string, []pkg) {
	t.Helper()
	if _, err := exec.LookPath("go"); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("the go command is needed: %v", err)
		}
		t.Skipf("no go command: %v", err)
	}
	mod, err := exec.Command("go", "list", "-m").Output()
	if err != nil {
		t.Fatalf("go list -m: %v", err)
	}
	module := strings.TrimSpace(string(mod))
	cmd := exec.Command("go", "list", "-json", module+"/...")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list -json: %v\n%s", err, stderr.Bytes())
	}
	var pkgs []pkg
	dec := json.NewDecoder(bytes.NewReader(out))
	defer touchSources(t, &pkgs)
	for {
		var p pkg
		if err := dec.Decode(&p); err == io.EOF {
			break
		} else if err != nil {
			t.Fatalf("reading go list's output: %v", err)
		}
		pkgs = append(pkgs, p)
	}
	return module, pkgs
}

// touchSources opens every Go file go list named, so that go test's cache
// keys this test on them: go list runs in a subprocess, whose reads the
// cache does not see, and a cached pass would hide a new upward import.
func touchSources(t *testing.T, pkgs *[]pkg) {
	t.Helper()
	for _, p := range *pkgs {
		for _, f := range slices.Concat(p.GoFiles, p.TestGoFiles, p.XTestGoFiles) {
			if _, err := os.Stat(filepath.Join(p.Dir, f)); err != nil {
				t.Fatalf("go list named %s: %v", f, err)
			}
		}
		if _, err := os.ReadDir(p.Dir); err != nil {
			t.Fatalf("go list named %s: %v", p.Dir, err)
		}
	}
}

// TestFloors checks the house rules on the module's own packages.
func TestFloors(t *testing.T) {
	module, pkgs := goList(t)
	// The lists must be what the rules think they are: were go list's
	// fields renamed, every list would be empty and every rule hold.
	byPath := map[string]pkg{}
	for _, p := range pkgs {
		byPath[p.ImportPath] = p
	}
	scene, ok := byPath[module+"/scene"]
	if !ok || !slices.Contains(scene.Imports, module+"/format/recorder") {
		t.Fatalf("go list lists no package scene importing format/recorder among %d packages", len(pkgs))
	}
	testrec := module + "/" + testOnly + "/testrec"
	usedInTests := false
	for _, p := range pkgs {
		usedInTests = usedInTests || slices.Contains(p.TestImports, testrec) || slices.Contains(p.XTestImports, testrec)
	}
	if !usedInTests {
		t.Fatalf("no package's tests import %s: the test imports were not read", testrec)
	}
	for _, v := range violations(module, pkgs) {
		t.Error(v)
	}
}

// TestViolations checks the checker on made-up import lists, so that
// TestFloors passing means the rules hold, not that the checker is blind.
func TestViolations(t *testing.T) {
	const m = "example.com/v"
	p := func(path string, imports ...string) pkg { return pkg{ImportPath: m + "/" + path, Imports: imports} }
	for _, tt := range []struct {
		name string
		pkgs []pkg
		want []string // a substring of each violation, in order
	}{
		{"clean house", []pkg{
			p("format/recorder", "io", "encoding/binary"),
			p("scene", m+"/format/recorder", "github.com/go-gl/mathgl/mgl64"),
			p("scene/playback", m+"/scene"),
			p("analysis/query", m+"/scene", m+"/format/recorder"),
			p("sim/demo", m+"/sim/synth", m+"/sim/citygen", m+"/scene"),
			p("render/scenedraw", m+"/render", m+"/scene"),
			p("assets", m+"/sim/demo"),
			p("ui", m+"/ui/app", m+"/render/ebitenrender", m+"/assets"),
			p("cmd/viewer", m+"/ui", m+"/analysis/query"),
			p(testOnly+"/testrec", m+"/ui/app", m+"/format/recorder"),
		}, nil},
		{"tests cross floors and use helpers", []pkg{
			{ImportPath: m + "/scene", TestImports: []string{m + "/sim/synth", m + "/internal/testrec"},
				XTestImports: []string{m + "/cmd/viewer"}},
		}, nil},
		{"scene imports a floor above", []pkg{p("scene", m+"/analysis/query")},
			[]string{"scene (floor 2) imports analysis/query (floor 3)"}},
		{"render imports the app", []pkg{p("render/scenedraw", m+"/render", m+"/ui/app")},
			[]string{"render/scenedraw (floor 5) imports ui/app (floor 7)"}},
		{"format imports outside the standard library", []pkg{
			p("format/bai", "github.com/go-gl/mathgl/mgl64", "bytes"),
			p("format/recorder", m+"/format/bai", m+"/scene"),
		}, []string{"format/bai (floor 1) imports github.com/go-gl/mathgl/mgl64",
			"format/recorder (floor 1) imports example.com/v/format/bai",
			"format/recorder (floor 1) imports example.com/v/scene"}},
		{"production imports a test helper", []pkg{p("ui/app", m+"/"+testOnly+"/testrec")},
			[]string{"ui/app imports internal/testrec: internal/ is for test helpers"}},
		{"packages on no floor", []pkg{p("tools/gen", "fmt"), p("cmd/other", m+"/ui"), {ImportPath: m}, p("scenery", "fmt")},
			[]string{"example.com/v/tools/gen is on no floor", "example.com/v/cmd/other is on no floor",
				"example.com/v is on no floor", "example.com/v/scenery is on no floor"}},
		{"imports of a module with the same prefix", []pkg{p("scene", m+"x/ui", "example.com/v2/ui")}, nil},
	} {
		t.Run(tt.name, func(t *testing.T) {
			got := violations(m, tt.pkgs)
			if len(got) != len(tt.want) {
				t.Fatalf("violations:\n%s\nwant %d: %q", strings.Join(got, "\n"), len(tt.want), tt.want)
			}
			for i, w := range tt.want {
				if !strings.Contains(got[i], w) {
					t.Errorf("violation %d is %q, want it to say %q", i, got[i], w)
				}
			}
		})
	}
}
