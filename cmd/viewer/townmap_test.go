package main

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
)

// TestTownMapFound: given only a Town01 recording, state and check find
// Town01.xodr beside it (before the built-in Town01), say so on stderr,
// and place the vehicles on its lanes; --maps off keeps them off the map.
func TestTownMapFound(t *testing.T) {
	path := realFile(t, realFiles[1].file)
	code, out, errs := runQuery("state", path, "--at", "5", "--json")
	if code != ExitOK || !strings.Contains(errs, "map Town01") || !strings.Contains(errs, filepath.Join(filepath.Dir(path), "Town01.xodr")+", beside the recording") {
		t.Fatalf("state: exit %d, stderr %q", code, errs)
	}
	var doc struct {
		Actors []struct {
			Lane *struct {
				Road   int     `json:"road"`
				Offset float64 `json:"offset"`
			} `json:"lane"`
		} `json:"actors"`
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatal(err)
	}
	placed := 0
	for _, a := range doc.Actors {
		if a.Lane != nil && a.Lane.Offset < 1 && a.Lane.Offset > -1 {
			placed++
		}
	}
	if placed == 0 {
		t.Errorf("no vehicle within 1 m of a lane at 5 s")
	}
	code, _, errs = runQuery("check", path)
	if strings.Contains(errs, "no map given") || !strings.Contains(errs, "beside the recording") || (code != ExitOK && code != ExitFaults) {
		t.Errorf("check: exit %d, stderr %q", code, errs)
	}
	if _, _, errs = runQuery("check", path, "--maps", "off"); !strings.Contains(errs, "no map given") {
		t.Errorf("check --maps off: stderr %q", errs)
	}
}
