package main

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// update rewrites golden files instead of comparing: go test ./cmd/viewer -update
var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// golden compares got with testdata/name, or writes it there with -update.
func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("output differs from %s (go test -update rewrites it)\ngot:\n%s\nwant:\n%s", path, got, want)
	}
}

// goldenCase is a command line whose standard output is kept in
// testdata/golden, and the exit status it must give.
type goldenCase struct {
	golden string
	args   []string
	code   int
}

// goldenRuns writes the files with setup in a temporary directory (so
// that the file names in the output are stable) and runs every case
// there.
func goldenRuns(t *testing.T, setup func(*testing.T), cases []goldenCase) {
	t.Helper()
	here, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	t.Chdir(t.TempDir())
	setup(t)
	for _, tt := range cases {
		t.Run(tt.golden, func(t *testing.T) {
			code, out, _ := runCLI(tt.args...)
			if code != tt.code {
				t.Errorf("exit %d, want %d", code, tt.code)
			}
			t.Chdir(here)
			golden(t, tt.golden, []byte(out))
		})
	}
}

// statusCase is a command line, the exit status it must give and text
// its standard error and output must hold.
type statusCase struct {
	args      []string
	code      int
	stderrHas string
	stdoutHas string
}

// runStatus runs every case in the current directory. A note on
// standard error comes at most once.
func runStatus(t *testing.T, cases []statusCase) {
	t.Helper()
	for _, tt := range cases {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			code, out, errOut := runCLI(tt.args...)
			if code != tt.code || !strings.Contains(errOut, tt.stderrHas) || !strings.Contains(out, tt.stdoutHas) {
				t.Errorf("exit %d, stdout %q, stderr %q", code, out, errOut)
			}
			if strings.Count(errOut, "no map given") > 1 {
				t.Errorf("the note comes more than once: %q", errOut)
			}
		})
	}
}
