package main

import (
	"bytes"
	"os"
	"runtime"
	"runtime/debug"
	"slices"
	"strings"
	"testing"

	"github.com/mm2carla/viewer/analysis/towns"
)

func TestAboutFrom(t *testing.T) {
	ebiten := &debug.Module{Path: "github.com/hajimehoshi/ebiten/v2", Version: "v2.10.4"}
	goStamped := &debug.BuildInfo{
		GoVersion: "go1.26.8",
		Main:      debug.Module{Path: "github.com/mm2carla/viewer", Version: "v0.0.0-20261125094653-40da2ff919c8+dirty"},
		Deps:      []*debug.Module{{Path: "golang.org/x/image", Version: "v0.47.0"}, ebiten},
		Settings: []debug.BuildSetting{
			{Key: "vcs.revision", Value: "40da2ff919c80d490c525448b4c6edcee459ff6a"},
			{Key: "vcs.modified", Value: "true"},
		},
	}
	goRun := &debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Version: "(devel)"}, Deps: []*debug.Module{ebiten}}
	replaced := &debug.BuildInfo{GoVersion: "go1.26.8", Deps: []*debug.Module{{
		Path: ebiten.Path, Version: "v2.10.4", Replace: &debug.Module{Path: "../ebiten", Version: "v2.11.0-alpha"},
	}}}
	for _, tc := range []struct {
		name           string
		bi             *debug.BuildInfo
		version, commt string
		want           About
		line           string
	}{
		{
			name: "dist stamps win over the toolchain's", bi: goStamped, version: "1.2.0", commt: "0123456789abcdef",
			want: About{Version: "1.2.0", Commit: "0123456789abcdef", Modified: true, Go: "go1.26.8", Ebitengine: "v2.10.4"},
			line: "viewer 1.2.0 (0123456789ab, modified) · Go 1.26.8 · Ebitengine v2.10.4",
		},
		{
			name: "toolchain stamp of a plain go build", bi: goStamped,
			want: About{Version: "0.0.0-20261125094653-40da2ff919c8+dirty", Commit: "40da2ff919c80d490c525448b4c6edcee459ff6a", Modified: true, Go: "go1.26.8", Ebitengine: "v2.10.4"},
			line: "viewer 0.0.0-20261125094653-40da2ff919c8+dirty (40da2ff919c8) · Go 1.26.8 · Ebitengine v2.10.4",
		},
		{
			name: "go run", bi: goRun,
			want: About{Version: "(devel)", Go: "go1.26.8", Ebitengine: "v2.10.4"},
			line: "viewer (devel) · Go 1.26.8 · Ebitengine v2.10.4",
		},
		{
			name: "replaced Ebitengine", bi: replaced, version: "1.0.0",
			want: About{Version: "1.0.0", Go: "go1.26.8", Ebitengine: "v2.11.0-alpha"},
			line: "viewer 1.0.0 · Go 1.26.8 · Ebitengine v2.11.0-alpha",
		},
		{
			name: "no build information", version: "",
			want: About{Version: "(devel)", Go: runtime.Version()},
			line: "viewer (devel) · Go " + strings.TrimPrefix(runtime.Version(), "go"),
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := aboutFrom(tc.bi, tc.version, tc.commt)
			tc.want.Platform = runtime.GOOS + "/" + runtime.GOARCH
			if got != tc.want {
				t.Errorf("aboutFrom = %+v\nwant        %+v", got, tc.want)
			}
			if l := got.Line(); l != tc.line {
				t.Errorf("Line = %q\nwant   %q", l, tc.line)
			}
		})
	}
}

// TestVersionCommand runs `viewer version` (and its flag spellings) in the
// test binary, which carries real build information: the Ebitengine it
// names is the one go.mod requires.
func TestVersionCommand(t *testing.T) {
	ebitengine := goModVersion(t, "github.com/hajimehoshi/ebiten/v2")
	for _, args := range [][]string{{"version"}, {"--version"}, {"-version"}, {"-v"}} {
		var out, errb bytes.Buffer
		env := &Env{Stdout: &out, Stderr: &errb}
		if code := Main(env, versionAlias(args)); code != ExitOK {
			t.Fatalf("%v: exit %d, stderr %q", args, code, errb.String())
		}
		lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
		if len(lines) != 5 || !strings.HasPrefix(lines[0], "viewer ") {
			t.Fatalf("%v printed %q, want 5 lines starting with \"viewer \"", args, out.String())
		}
		for _, want := range []string{"commit:", "go:         " + runtime.Version(), "ebitengine: " + ebitengine, "towns:      Town01 Town02"} {
			if !slices.ContainsFunc(lines, func(l string) bool { return strings.HasPrefix(l, want) }) {
				t.Errorf("%v: no line starting %q in\n%s", args, want, out.String())
			}
		}
	}
}

// TestLicenses: `viewer licenses` prints CARLA's notice whole, and takes
// no arguments.
func TestLicenses(t *testing.T) {
	var out, errb bytes.Buffer
	if code := Main(&Env{Stdout: &out, Stderr: &errb}, []string{"licenses"}); code != ExitOK || !strings.HasSuffix(out.String(), towns.License) ||
		!strings.Contains(out.String(), "Town10HD") || !strings.Contains(towns.License, "Computer Vision Center") {
		t.Errorf("licenses: exit %d, stdout %q, stderr %q", code, out.String(), errb.String())
	}
	if code := Main(&Env{Stdout: &bytes.Buffer{}, Stderr: &errb}, []string{"licenses", "x"}); code != ExitUsage {
		t.Errorf("licenses x: exit %d", code)
	}
}

func TestVersionAliasLeavesOtherArgs(t *testing.T) {
	for _, args := range [][]string{{}, {"x.log"}, {"--version", "x.log"}, {"--size", "800x600"}} {
		if got := versionAlias(args); !slices.Equal(got, args) {
			t.Errorf("versionAlias(%q) = %q, want it unchanged", args, got)
		}
	}
	var errb bytes.Buffer
	if code := Main(&Env{Stdout: &bytes.Buffer{}, Stderr: &errb}, []string{"version", "extra"}); code != ExitUsage {
		t.Errorf("version extra: exit %d, want %d (%s)", code, ExitUsage, errb.String())
	}
}

// goModVersion is the version of module path that ../../go.mod requires.
func goModVersion(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile("../../go.mod")
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range strings.Split(string(b), "\n") {
		if f := strings.Fields(l); len(f) >= 2 && f[0] == path {
			return f[1]
		}
	}
	t.Fatalf("go.mod does not require %s", path)
	return ""
}
