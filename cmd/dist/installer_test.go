package main

import (
	"context"
	"strings"
	"testing"
)

// TestInstallerScriptGolden pins the NSIS script of the x64 installer
// (go test ./cmd/dist -update rewrites testdata/installer-amd64.nsi), and
// checks that the ARM64 one differs only in the stub it is built on.
func TestInstallerScriptGolden(t *testing.T) {
	amd, err := nsisScript(testRelease, "amd64", 20<<20)
	if err != nil {
		t.Fatal(err)
	}
	golden(t, "installer-amd64.nsi", []byte(amd))
	arm, err := nsisScript(testRelease, "arm64", 20<<20)
	if err != nil {
		t.Fatal(err)
	}
	al, bl := strings.Split(amd, "\n"), strings.Split(arm, "\n")
	if len(al) != len(bl) {
		t.Fatalf("the scripts have %d and %d lines", len(al), len(bl))
	}
	var diff []string
	for i := range al {
		if al[i] != bl[i] {
			diff = append(diff, bl[i])
		}
	}
	want := []string{"; Written by cmd/dist for Viewer 1.2.0-rc.1 (windows/arm64); do not edit.", "Target x86-unicode"}
	if strings.Join(diff, "\n") != strings.Join(want, "\n") {
		t.Errorf("the ARM64 script differs in %q, want only %q", diff, want)
	}
}

// TestInstallerFileTypes reads the script's registry writes: the maps'
// extensions name our ProgID as their default, .log never does (it only
// lists the viewer under OpenWithProgids), and the uninstaller removes
// a default only while it is still ours.
func TestInstallerFileTypes(t *testing.T) {
	s, err := nsisScript(testRelease, "amd64", 1)
	if err != nil {
		t.Fatal(err)
	}
	install, uninstall, _ := strings.Cut(s, `Section "Uninstall"`)
	for ext, progID := range map[string]string{"bai": appID + ".BAI", "xodr": appID + ".OpenDRIVE"} {
		def := `WriteRegStr HKCU "Software\Classes\.` + ext + `" "" "` + progID + `"`
		if !strings.Contains(install, def) {
			t.Errorf(".%s: no %s", ext, def)
		}
		guard := `StrCmp $0 "` + progID + `" 0 +2` + "\n" + `  DeleteRegValue HKCU "Software\Classes\.` + ext + `" ""`
		if !strings.Contains(uninstall, guard) {
			t.Errorf(".%s: the uninstaller does not check the default is ours before removing it", ext)
		}
	}
	if strings.Contains(s, `WriteRegStr HKCU "Software\Classes\.log" ""`) {
		t.Error("the installer takes .log over")
	}
	if !strings.Contains(install, `WriteRegStr HKCU "Software\Classes\.log\OpenWithProgids" "`+appID+`.Recording" ""`) {
		t.Error("the installer does not offer the viewer for .log under Open With")
	}
	for _, d := range docTypes {
		if len(d.winProgID) > 39 || strings.ContainsAny(d.winProgID, " -_") {
			t.Errorf("ProgID %q: at most 39 characters, periods the only punctuation", d.winProgID)
		}
	}
}

func TestNSISSafe(t *testing.T) {
	for _, bad := range []string{"Name \"a$$b\"", "Name \"a$\\\"b\"", "Name `a`"} {
		if nsisSafe(bad) == nil {
			t.Errorf("nsisSafe(%q) = nil", bad)
		}
	}
}

// TestMakeInstaller runs makensis on a small real exe of each
// architecture: the installer is a PE file of its stub's CPU carrying
// NSIS data. Without makensis it skips, except in CI.
func TestMakeInstaller(t *testing.T) {
	tool(t, "makensis")
	for _, arch := range []string{"amd64", "arm64"} {
		t.Run(arch, func(t *testing.T) {
			exe, err := patchExe(tinyExe(t, arch), testRelease)
			if err != nil {
				t.Fatal(err)
			}
			b, err := makeInstaller(context.Background(), exe, testRelease, arch)
			if err != nil {
				t.Fatal(err)
			}
			if err := checkInstaller(b, arch); err != nil {
				t.Error(err)
			}
			other := map[string]string{"amd64": "arm64", "arm64": "amd64"}[arch]
			if checkInstaller(b, other) == nil {
				t.Errorf("the %s installer passes as %s", arch, other)
			}
		})
	}
}
