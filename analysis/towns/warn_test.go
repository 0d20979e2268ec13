package towns

import (
	"bytes"
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mm2carla/viewer/analysis/lanes"
	"github.com/mm2carla/viewer/format/opendrive"
	"github.com/mm2carla/viewer/scene"
)

func TestMismatch(t *testing.T) {
	for _, tt := range []struct {
		header, file string
		warn         bool
	}{
		{"Town05", "/maps/Town01.xodr", true},
		{"Carla/Maps/Town10HD_Opt", "Town10.xodr", true}, // Town10 is not Town10HD
		{"Carla/Maps/Town05", "/maps/Town05.xodr", false},
		{"Town05", "town5.xodr", false},
		{"Town05_Opt", "Town05.xodr", false},
		{"Town10HD_Opt", `C:\maps\Town10HD.xodr`, false},
		{"Town05", "Town05_mine.xodr", false},
		{"Town05", "city.bai", false}, // not a town's name: OffRoads judges it
		{"Demo City", "Town01.xodr", false},
		{"", "Town01.xodr", false},
	} {
		w := Mismatch(tt.header, tt.file, "run.log")
		if (w != "") != tt.warn {
			t.Errorf("%q with %q: warning %q, want one %v", tt.header, tt.file, w, tt.warn)
		}
	}
	w := Mismatch("Carla/Maps/Town05", "/maps/Town01.xodr", "run.log")
	if !strings.HasPrefix(w, "map Town01.xodr is not Town05, the town run.log was recorded on") || !strings.Contains(w, "give Town05.xodr") {
		t.Errorf("warning %q", w)
	}
}

// TestOffRoads: the real Town01 recording's vehicles drive on Town01's
// roads and off Town05's, and only the wrong town gets a warning; an
// association without a map counts nothing.
func TestOffRoads(t *testing.T) {
	data := readShared(t, filepath.Join(sharedDir, "carla-0.9.13-town01-lanecenter.log"))
	rec, err := scene.Open(bytes.NewReader(data), int64(len(data)), nil)
	if err != nil {
		t.Fatal(err)
	}
	assoc := func(town string) *lanes.Association {
		var m lanes.Map
		if town != "" {
			x, err := BuiltinData(town)
			if err != nil {
				t.Fatal(err)
			}
			om, err := opendrive.DecodeBytes(x)
			if err != nil {
				t.Fatal(err)
			}
			rn, err := scene.NewRoadNet(om, 0)
			if err != nil {
				t.Fatal(err)
			}
			m = lanes.NewOpenDRIVE(rn)
		}
		a, err := lanes.Associate(context.Background(), rec, m, nil)
		if err != nil {
			t.Fatal(err)
		}
		return a
	}
	right, wrong := assoc("Town01"), assoc("Town05")
	off, moving := OffRoads(right)
	if moving < minMoving || 10*off > moving {
		t.Errorf("Town01 on Town01: %d of %d moving samples off the roads", off, moving)
	}
	if w := OffRoadsWarning(off, moving, "Town01.xodr", "run.log"); w != "" {
		t.Errorf("Town01 on Town01: %q", w)
	}
	woff, wmoving := OffRoads(wrong)
	if wmoving != moving || 2*woff <= wmoving {
		t.Errorf("Town01 on Town05: %d of %d moving samples off the roads", woff, wmoving)
	}
	w := OffRoadsWarning(woff, wmoving, "Town05.xodr", "run.log")
	if !strings.Contains(w, "of the driving positions of run.log") || !strings.Contains(w, "off the roads of Town05.xodr") {
		t.Errorf("Town01 on Town05: warning %q", w)
	}
	t.Logf("on Town01: %d of %d off; on Town05: %d of %d off: %s", off, moving, woff, wmoving, w)
	if off, moving := OffRoads(assoc("")); off != 0 || moving != 0 {
		t.Errorf("no map: %d of %d", off, moving)
	}
}
