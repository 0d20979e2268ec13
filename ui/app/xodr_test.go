package app

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/mm2carla/viewer/analysis/lanes"
	"github.com/mm2carla/viewer/analysis/towns"
	"github.com/mm2carla/viewer/render/scenedraw"
	"github.com/mm2carla/viewer/ui/input"
	"github.com/mm2carla/viewer/ui/loader"
	"github.com/mm2carla/viewer/ui/settings"
)

// carlaDir is the shared directory of real CARLA files: the test skips
// without it, and fails on CI, where it must be.
func carlaDir(t *testing.T) string {
	t.Helper()
	dir := filepath.Join("..", "..", "..", "shared", "testdata", "carla")
	if _, err := os.Stat(filepath.Join(dir, "Town01.xodr")); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("shared test data missing: %v", err)
		}
		t.Skipf("shared test data missing: %v", err)
	}
	return dir
}

// settleLong is settle with room for real files on a busy machine.
func settleLong(t *testing.T, a *App) {
	t.Helper()
	deadline := time.Now().Add(2 * time.Minute)
	for a.LoadsRunning() {
		if time.Now().After(deadline) {
			t.Fatal("loads did not finish")
		}
		time.Sleep(5 * time.Millisecond)
		a.Tick()
	}
	a.Tick()
}

// TestTown01Window opens CARLA's Town01 with a recording made on it: the
// map installs as a road network, framing covers it, and the lane pass
// runs on its lanes and puts the recorded vehicles on them.
func TestTown01Window(t *testing.T) {
	dir := carlaDir(t)
	a := New(settings.Settings{}, nil)
	a.SetViewport(testVP)
	a.Open(loader.FileSource(filepath.Join(dir, "Town01.xodr")))
	a.Open(loader.FileSource(filepath.Join(dir, "carla-0.9.13-town01-lanecenter.log")))
	settleLong(t, a)

	rn := a.Roads()
	if rn == nil || len(rn.Roads) == 0 || len(rn.Junctions) == 0 {
		t.Fatalf("Roads() = %v, want Town01's network", rn)
	}
	if !noticeWith(a, Info, "Town01.xodr", itoa(len(rn.Roads))+" roads", itoa(len(rn.Junctions))+" junctions") {
		t.Errorf("no notice naming the map and its counts: %v", a.Notices())
	}

	if st, want := a.StatusText().String(), itoa(len(rn.Roads))+" roads, "+itoa(len(rn.Junctions))+" junctions"; !strings.Contains(st, want) {
		t.Errorf("status %q does not say %q", st, want)
	}

	// Framing holds the whole network, not only the cars.
	lo, hi := rn.Bounds()
	b := a.bounds()
	for i := range 2 {
		if b.Min[i] > lo[i] || b.Max[i] < hi[i] {
			t.Errorf("framed box %v..%v misses the network's %v..%v", b.Min, b.Max, lo, hi)
		}
	}

	as := a.Association()
	if as == nil {
		t.Fatal("the lane pass did not finish")
	}
	if _, ok := as.Map.(*lanes.OpenDRIVE); !ok {
		t.Fatalf("the pass ran on %T, want *lanes.OpenDRIVE", as.Map)
	}
	onLane, total := 0, 0
	for i := range as.Tracks {
		tr := &as.Tracks[i]
		for k := 0; k < tr.Len(); k++ {
			total++
			if s := tr.At(k); s.Place == lanes.OnRoad && s.HasLane {
				onLane++
			}
		}
	}
	// The recording drives along lane centres: nearly every sample is on
	// a lane of the map.
	if total == 0 || float64(onLane) < 0.8*float64(total) {
		t.Errorf("%d of %d vehicle samples on a lane, want at least 80%%", onLane, total)
	}
	t.Logf("%d roads, %d junctions; %d of %d samples on a lane", len(rn.Roads), len(rn.Junctions), onLane, total)

	// A click on a lane selects its road, and the map panel names it by
	// the file's id.
	for i := range rn.Lanes {
		l := &rn.Lanes[i]
		if l.Type != "driving" || rn.Roads[l.Road].Junction >= 0 || len(l.Center) < 3 {
			continue
		}
		x, y, _, ok := a.View().WorldToScreen(l.Center[len(l.Center)/2])
		if !ok {
			continue
		}
		a.Apply(input.Select(x, y))
		a.Tick()
		e := a.SelectedElement()
		if e.Kind != scenedraw.ElementNetRoad {
			continue // an actor or a neighbouring road's surface is in front
		}
		want := "Selected road " + rn.Roads[e.Index].ID
		if got := a.ElementPanel().String(); !strings.HasPrefix(got, want) || !strings.Contains(got, "driving lanes") {
			t.Errorf("panel after a click on road %s:\n%s", rn.Roads[e.Index].ID, got)
		}
		return
	}
	t.Error("no click on a lane selected a road")
}

// TestTownSearch: a recording opened alone brings its town map along,
// from beside it or from the maps folder, and says so; when it is in
// neither, or the search is off, a notice (or nothing, for off) says so
// and no map opens.
func TestTownSearch(t *testing.T) {
	dir := carlaDir(t)
	abs, err := filepath.Abs(filepath.Join(dir, "carla-0.9.13-town01-lanecenter.log"))
	if err != nil {
		t.Fatal(err)
	}
	// A recording alone in a folder: a link to the shared one.
	alone := filepath.Join(t.TempDir(), "alone.log")
	if err := os.Symlink(abs, alone); err != nil {
		t.Skipf("no symlinks here: %v", err)
	}
	for _, tt := range []struct {
		name, rec, maps string
		found           bool
		notice          []string
	}{
		{"beside", abs, "", true, []string{"map Town01", "loading " + filepath.Join(filepath.Dir(abs), "Town01.xodr")}},
		{"maps folder", alone, filepath.Dir(abs), true, []string{"map Town01", "(named by alone.log)", "loading"}},
		{"missing", alone, t.TempDir(), false, []string{"no Town01.xodr beside the recording or in"}},
		{"off", abs, towns.MapsOff, false, nil},
	} {
		t.Run(tt.name, func(t *testing.T) {
			a := New(settings.Settings{MapsDir: tt.maps}, nil)
			a.SetViewport(testVP)
			a.Open(loader.FileSource(tt.rec))
			settleLong(t, a)
			if found := a.Roads() != nil; found != tt.found {
				t.Fatalf("map opened %v, want %v; notices %v", found, tt.found, a.Notices())
			}
			if tt.notice != nil && !noticeWith(a, Info, tt.notice...) && !noticeWith(a, Warning, tt.notice...) {
				t.Errorf("no notice with %q: %v", tt.notice, a.Notices())
			}
			if tt.found {
				if as := a.Association(); as == nil || as.Map == nil {
					t.Errorf("the lane pass did not run on the town found")
				}
				// It waited for the town: no pass ran without it first.
				if noticeWith(a, Info, "no map") {
					t.Errorf("a pass without the map reported: %v", a.Notices())
				}
			}
			if got := a.Settings().MapsDir; got != tt.maps {
				t.Errorf("remembered maps folder %q, want %q", got, tt.maps)
			}
		})
	}
}
