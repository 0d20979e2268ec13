package housetest

import (
	"bufio"
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestNoMergeMarkers fails on a merge's conflict markers left in a source
// or documentation file. Inside a Go string they still compile (one sat
// in `viewer demo --help` for a session), so only a look at the text
// finds them.
func TestNoMergeMarkers(t *testing.T) {
	root := filepath.Join("..", "..")
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if n := d.Name(); path != root && (strings.HasPrefix(n, ".") || n == "testdata" || n == "node_modules") {
				return filepath.SkipDir
			}
			return nil
		}
		switch filepath.Ext(path) {
		case ".go", ".md", ".sh", ".yml", ".yaml", ".nsi", ".txt":
		default:
			return nil
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		for n, sc := 1, bufio.NewScanner(bytes.NewReader(data)); sc.Scan(); n++ {
			if isMarker(sc.Text()) {
				t.Errorf("%s:%d: merge conflict marker %q", path, n, sc.Text())
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// isMarker reports whether line is one of git's conflict markers.
func isMarker(line string) bool {
	for _, m := range []string{"<<<<<<< ", ">>>>>>> ", "||||||| "} {
		if strings.HasPrefix(line, m) {
			return true
		}
	}
	return line == "======="
}

func TestIsMarker(t *testing.T) {
	for line, want := range map[string]bool{
		"<<<<<<< HEAD": true, ">>>>>>> main": true, "=======": true, "||||||| base": true,
		"========": false, "a <<<<<<< b": false, "": false, "// =======": false,
	} {
		if got := isMarker(line); got != want {
			t.Errorf("isMarker(%q) = %v, want %v", line, got, want)
		}
	}
}
