package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"testing"

	"github.com/mm2carla/viewer/analysis/towns"
	"github.com/tc-hib/winres"
	"github.com/tc-hib/winres/version"
)

// tinyExe builds an empty Go program for windows/arch as a GUI program,
// like the release's: a real PE file for the resources to be patched into
// (the viewer itself takes a minute to cross-build; the release's own
// check runs on it).
func tinyExe(t *testing.T, arch string) []byte {
	t.Helper()
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module tiny\n\ngo 1.26\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "main.go"), []byte("package main\n\nfunc main() {}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("go", "build", "-trimpath", "-ldflags=-s -w -H=windowsgui", "-o", "tiny.exe", ".")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOOS=windows", "GOARCH="+arch, "CGO_ENABLED=0", "GOFLAGS=")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	b, err := os.ReadFile(filepath.Join(dir, "tiny.exe"))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestExeResourcesReadBack patches a real exe of each architecture and
// reads the resources back: the icon at every size, the version numbers
// and strings, the manifest; and the PE file still parses as a GUI
// program for its CPU.
func TestExeResourcesReadBack(t *testing.T) {
	for _, arch := range []string{"amd64", "arm64"} {
		t.Run(arch, func(t *testing.T) {
			exe, err := patchExe(tinyExe(t, arch), testRelease)
			if err != nil {
				t.Fatal(err)
			}
			if err := checkMachine(exe, platform{"windows", arch}); err != nil {
				t.Error(err)
			}
			sizes, strs, err := exeResources(exe)
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(sizes, windowsIconSizes) {
				t.Errorf("icon sizes %v, want %v", sizes, windowsIconSizes)
			}
			for k, want := range map[string]string{
				"ProductName":      "Viewer",
				"ProductVersion":   "1.2.0-rc.1",
				"FileVersion":      "1.2.0-rc.1",
				"OriginalFilename": "viewer.exe",
				"Comments":         summary + "; " + homepage + " commit " + testRelease.commit,
			} {
				if strs[k] != want {
					t.Errorf("%s = %q, want %q", k, strs[k], want)
				}
			}
			rs, err := winres.LoadFromEXE(bytes.NewReader(exe))
			if err != nil {
				t.Fatal(err)
			}
			vi, err := version.FromBytes(rs.Get(winres.RT_VERSION, winres.ID(1), version.LangDefault))
			if err != nil {
				t.Fatal(err)
			}
			if vi.FileVersion != [4]uint16{1, 2, 0, 0} || vi.ProductVersion != [4]uint16{1, 2, 0, 0} || !vi.Flags.Prerelease {
				t.Errorf("fixed version %v %v prerelease %v, want 1.2.0.0 twice, prerelease", vi.FileVersion, vi.ProductVersion, vi.Flags.Prerelease)
			}
			manifest := rs.Get(winres.RT_MANIFEST, winres.ID(1), winres.LCIDDefault)
			for _, want := range []string{"<dpiAwareness xmlns=\"http://schemas.microsoft.com/SMI/2016/WindowsSettings\">permonitorv2", "Microsoft.Windows.Common-Controls", "<longPathAware xmlns=\"http://schemas.microsoft.com/SMI/2016/WindowsSettings\">true"} {
				if !bytes.Contains(manifest, []byte(want)) {
					t.Errorf("the manifest lacks %s:\n%s", want, manifest)
				}
			}
		})
	}
}

func TestWindowsPackageLayout(t *testing.T) {
	files := windowsPackage("viewer-1.2.0-windows-arm64", []byte("exe"))
	if len(files) != 2 || files[0].name != "viewer-1.2.0-windows-arm64/viewer.exe" ||
		files[1].name != "viewer-1.2.0-windows-arm64/LICENSE-CARLA.txt" || string(files[1].data) != towns.License {
		t.Errorf("layout %+v", files)
	}
}
