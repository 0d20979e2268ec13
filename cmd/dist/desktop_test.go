package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

func TestDesktopEntryGolden(t *testing.T) {
	golden(t, appID+".desktop", []byte(desktopEntry()))
}

// TestDesktopEntryKeys pins what the issue asks of the entry, key by key.
func TestDesktopEntryKeys(t *testing.T) {
	keys := map[string]string{}
	lines := strings.Split(strings.TrimSuffix(desktopEntry(), "\n"), "\n")
	if lines[0] != "[Desktop Entry]" {
		t.Fatalf("first line %q", lines[0])
	}
	for _, l := range lines[1:] {
		k, v, ok := strings.Cut(l, "=")
		if !ok {
			t.Fatalf("line %q is not KEY=VALUE", l)
		}
		if _, dup := keys[k]; dup {
			t.Errorf("key %s twice", k)
		}
		keys[k] = v
	}
	for k, want := range map[string]string{
		"Type":       "Application",
		"Exec":       "viewer %F",
		"Icon":       appID,
		"Terminal":   "false",
		"MimeType":   "application/x-carla-recording;application/x-mm2-bai;application/x-opendrive+xml;",
		"Categories": "Development;Debugger;",
	} {
		if keys[k] != want {
			t.Errorf("%s=%q, want %q", k, keys[k], want)
		}
	}
}

// TestDesktopEntryValidates runs desktop-file-validate on the entry as
// shipped (scripts_test.go validates it as install.sh rewrites it).
func TestDesktopEntryValidates(t *testing.T) {
	validate := tool(t, "desktop-file-validate")
	dir := t.TempDir()
	shipped := filepath.Join(dir, appID+".desktop")
	if err := os.WriteFile(shipped, []byte(desktopEntry()), 0o644); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command(validate, shipped).CombinedOutput(); err != nil || len(out) > 0 {
		t.Errorf("desktop-file-validate: %v\n%s", err, out)
	}
}
