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
	laneMap := func(town string) lanes.Map {
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
		return lanes.NewOpenDRIVE(rn)
	}
	assoc := func(town string) *lanes.Association {
		var m lanes.Map
		if town != "" {
			m = laneMap(town)
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
	// One moment at a time (OffRoadsAt, `viewer state`'s evidence): the
	// same vehicles, placed the same way, counted over every tenth frame.
	m01, m05 := laneMap("Town01"), laneMap("Town05")
	var at [4]int
	var st scene.State
	for i := 0; i < len(rec.Times()); i += 10 {
		if err := rec.StateAt(rec.Times()[i], &st); err != nil {
			t.Fatal(err)
		}
		o1, n1 := OffRoadsAt(m01, &st)
		o5, n5 := OffRoadsAt(m05, &st)
		at[0], at[1], at[2], at[3] = at[0]+o1, at[1]+n1, at[2]+o5, at[3]+n5
	}
	if at[1] == 0 || at[1] != at[3] || 10*at[0] > at[1] || 2*at[2] <= at[3] {
		t.Errorf("moments: on Town01 %d of %d off, on Town05 %d of %d", at[0], at[1], at[2], at[3])
	}
	if off, moving := OffRoadsAt(nil, &st); off != 0 || moving != 0 {
		t.Errorf("moment without a map: %d of %d", off, moving)
	}
}
