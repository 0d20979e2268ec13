package main

import (
	"flag"
	"os"
	"os/exec"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// tool returns the path of a command the test needs. Without it the test
// skips, except in CI (CI set), where a missing tool means .ci/run did not
// install it, and the test fails instead of silently checking nothing.
func tool(t *testing.T, name string) string {
	t.Helper()
	p, err := exec.LookPath(name)
	if err == nil {
		return p
	}
	if os.Getenv("CI") != "" {
		t.Fatalf("%s is missing and CI is set: .ci/run installs it (desktop-file-utils, shared-mime-info, xdg-utils, libglib2.0-bin, nsis, wine)", name)
	}
	t.Skipf("%s is missing (apt-get install desktop-file-utils shared-mime-info xdg-utils libglib2.0-bin nsis wine)", name)
	return ""
}

// golden compares got with testdata/name, or writes it with -update.
func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := "testdata/" + name
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (go test ./cmd/dist -update writes it)", err)
	}
	if string(got) != string(want) {
		t.Errorf("%s differs (go test ./cmd/dist -update rewrites it)\ngot:\n%s\nwant:\n%s", path, got, want)
	}
}
