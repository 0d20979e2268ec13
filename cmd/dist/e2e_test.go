package main

import (
	"bytes"
	"context"
	"crypto/sha256"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/mm2carla/viewer/analysis/towns"
	"github.com/mm2carla/viewer/format/bai"
	"github.com/mm2carla/viewer/sim/citygen"
)

// carlaDir holds the real CARLA recordings, outside the repository.
const carlaDir = "../../../shared/testdata/carla"

// realRecording copies a real CARLA recording into dir as name (the
// recordings themselves never enter the project). Without them the test
// skips, except in CI, where it fails.
func realRecording(t *testing.T, dir, name string) string {
	t.Helper()
	src := filepath.Join(carlaDir, "carla-0.9.13-town01-lanecenter.log")
	b, err := os.ReadFile(src)
	if err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("the real recordings are missing and CI is set: %v", err)
		}
		t.Skipf("the real recordings are missing: %v", err)
	}
	dst := filepath.Join(dir, name)
	if err := os.WriteFile(dst, b, 0o644); err != nil {
		t.Fatal(err)
	}
	return dst
}

// generatedMap writes a generated city as name in dir.
func generatedMap(t *testing.T, dir, name string) string {
	t.Helper()
	m, err := citygen.Generate(citygen.Default())
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := bai.Encode(&b, m); err != nil {
		t.Fatal(err)
	}
	dst := filepath.Join(dir, name)
	if err := os.WriteFile(dst, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return dst
}

// TestLinuxReleaseEndToEnd builds the Linux amd64 artefact as a release
// does, unpacks it with tar, runs its install.sh into a temporary home,
// and asks the desktop's own tools what they now make of our files: the
// MIME database (through xdg-mime, as a GNOME session would ask it) calls
// a real recording renamed x.dat a CARLA recording and a generated map a
// BAI map, both whatever their names, and a .xodr file an OpenDRIVE
// network; the viewer is their default application;
// desktop-file-validate passes the installed entry; the installed binary
// reports the stamped version; and the archive and the binary both carry
// the license notice of CARLA's towns.
func TestLinuxReleaseEndToEnd(t *testing.T) {
	validate := tool(t, "desktop-file-validate")
	xdgMime := tool(t, "xdg-mime")
	tool(t, "update-mime-database")
	tool(t, "update-desktop-database")
	tool(t, "gio") // xdg-mime asks gio in a GNOME session
	tarCmd := tool(t, "tar")
	tmp := t.TempDir()
	rec := realRecording(t, tmp, "x.dat")
	maps := []string{generatedMap(t, tmp, "city.bai"), generatedMap(t, tmp, "city.dat")}
	road := filepath.Join(tmp, "road.xodr")
	if err := os.WriteFile(road, []byte(`<?xml version="1.0"?>`+"\n<OpenDRIVE><header/></OpenDRIVE>\n"), 0o644); err != nil {
		t.Fatal(err)
	}

	const v = "1.2.3-e2e"
	out := filepath.Join(tmp, "dist")
	var log bytes.Buffer
	written, err := run(context.Background(), options{out: out, version: v, only: []string{"linux-amd64"}}, &log)
	if err != nil {
		t.Fatalf("%v\n%s", err, log.String())
	}
	archive := filepath.Join(out, "viewer-"+v+"-linux-amd64.tar.gz")
	if len(written) != 1 || written[0] != archive {
		t.Fatalf("wrote %v, want %s", written, archive)
	}
	checkSums(t, out, archive)

	unpacked := filepath.Join(tmp, "unpacked")
	if err := os.Mkdir(unpacked, 0o755); err != nil {
		t.Fatal(err)
	}
	if b, err := exec.Command(tarCmd, "-xzf", archive, "-C", unpacked).CombinedOutput(); err != nil {
		t.Fatalf("tar: %v\n%s", err, b)
	}
	home := filepath.Join(tmp, "home")
	env := []string{"HOME=" + home, "PATH=" + os.Getenv("PATH"), "XDG_CURRENT_DESKTOP=GNOME", "GIO_USE_VFS=local"}
	sh := func(name string, args ...string) string {
		t.Helper()
		cmd := exec.Command(name, args...)
		cmd.Env = env
		b, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("%s %v: %v\n%s", filepath.Base(name), args, err, b)
		}
		return strings.TrimSpace(string(b))
	}
	sh("sh", filepath.Join(unpacked, "viewer-"+v+"-linux-amd64", "install.sh"))

	for file, want := range map[string]string{rec: "application/x-carla-recording", maps[0]: "application/x-mm2-bai", maps[1]: "application/x-mm2-bai", road: "application/x-opendrive+xml"} {
		if got := sh(xdgMime, "query", "filetype", file); got != want {
			t.Errorf("xdg-mime query filetype %s = %q, want %q", filepath.Base(file), got, want)
		}
	}
	for _, d := range docTypes {
		if got := sh(xdgMime, "query", "default", d.mime); got != appID+".desktop" {
			t.Errorf("the default application for %s is %q, want %s.desktop", d.mime, got, appID)
		}
	}
	entry := filepath.Join(home, ".local/share/applications", appID+".desktop")
	if b, err := exec.Command(validate, entry).CombinedOutput(); err != nil || len(b) > 0 {
		t.Errorf("desktop-file-validate %s: %v\n%s", entry, err, b)
	}
	if b, err := os.ReadFile(filepath.Join(unpacked, "viewer-"+v+"-linux-amd64", towns.LicenseFile)); err != nil || string(b) != towns.License {
		t.Errorf("the unpacked archive's %s: %v, %d bytes", towns.LicenseFile, err, len(b))
	}
	if runtime.GOOS == "linux" && runtime.GOARCH == "amd64" {
		got := sh(filepath.Join(home, ".local/bin/viewer"), "--version")
		if first, _, _ := strings.Cut(got, "\n"); first != "viewer "+v {
			t.Errorf("the installed viewer says %q, want first line %q", got, "viewer "+v)
		}
		if got := sh(filepath.Join(home, ".local/bin/viewer"), "licenses"); !strings.HasSuffix(got, strings.TrimSpace(towns.License)) {
			t.Errorf("the installed viewer's licenses: %q", got)
		}
	}
}

// checkSums checks that SHA256SUMS names the archive with its hash.
func checkSums(t *testing.T, dir, archive string) {
	t.Helper()
	sums, err := os.ReadFile(filepath.Join(dir, "SHA256SUMS"))
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(archive)
	if err != nil {
		t.Fatal(err)
	}
	want := fmt.Sprintf("%x  %s\n", sha256.Sum256(data), filepath.Base(archive))
	if string(sums) != want {
		t.Errorf("SHA256SUMS is %q, want %q", sums, want)
	}
}
