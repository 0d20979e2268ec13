package main

import (
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestOnlyTheWindowImportsUI: the commands open and analyse files through
// package analysis/pipeline, below the UI; only the window's command
// (window.go) puts the window together from the ui packages. A command
// that reached for ui/loader again would run a background job to wait on
// it at once, and a second copy of the window's choices.
func TestOnlyTheWindowImportsUI(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	const ui = "github.com/mm2carla/viewer/ui"
	checked := 0
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") || name == "window.go" {
			continue
		}
		f, err := parser.ParseFile(token.NewFileSet(), name, nil, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		checked++
		for _, imp := range f.Imports {
			p, _ := strconv.Unquote(imp.Path.Value)
			if p == ui || strings.HasPrefix(p, ui+"/") {
				t.Errorf("%s imports %s: only window.go may", name, p)
			}
		}
	}
	if checked < 10 {
		t.Fatalf("only %d files checked", checked)
	}
}
