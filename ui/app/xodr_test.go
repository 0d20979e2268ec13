package app

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/mm2carla/viewer/analysis/lanes"
	"github.com/mm2carla/viewer/analysis/pipeline"
	"github.com/mm2carla/viewer/analysis/towns"
	"github.com/mm2carla/viewer/internal/drivetest"
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
	// The map open is named for the recording's town: the status says
	// the town once (it had no room for it twice at 960 wide).
	if st := a.StatusText().String(); !strings.HasPrefix(st, "Town01.xodr + carla-0.9.13-town01-lanecenter.log  |  recorded ") {
		t.Errorf("status %q: want the files, then the date", st)
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
// from beside it, the maps folder, a CARLA installation (CARLA_ROOT) or
// the towns built in, and says which and from where; a damaged file in
// the maps folder is passed over to the built-in town with a warning
// naming its file and line; with the search off no map opens and nothing
// is said.
func TestTownSearch(t *testing.T) {
	dir := carlaDir(t)
	abs, err := filepath.Abs(filepath.Join(dir, "carla-0.9.13-town01-lanecenter.log"))
	if err != nil {
		t.Fatal(err)
	}
	town01 := filepath.Join(filepath.Dir(abs), "Town01.xodr")
	// A recording alone in a folder: a link to the shared one.
	alone := filepath.Join(t.TempDir(), "alone.log")
	if err := os.Symlink(abs, alone); err != nil {
		t.Skipf("no symlinks here: %v", err)
	}
	root := t.TempDir() // a CARLA 0.10 (Unreal Engine 5) installation
	inRoot := filepath.Join(root, "CarlaUnreal", "Content", "Carla", "Maps", "OpenDrive", "Town01.xodr")
	if err := os.MkdirAll(filepath.Dir(inRoot), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(town01, inRoot); err != nil {
		t.Fatal(err)
	}
	damagedDir := t.TempDir()
	good, err := os.ReadFile(town01)
	if err != nil {
		t.Fatal(err)
	}
	damaged := filepath.Join(damagedDir, "Town01.xodr")
	if err := os.WriteFile(damaged, []byte(strings.Replace(string(good[:300_000]), `length="`, `length="-`, 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name, rec, maps, root string
		found                 bool
		level                 Level
		notice                []string
	}{
		{"beside", abs, "", "", true, Info, []string{"map Town01", town01 + ", beside the recording"}},
		{"maps folder", alone, filepath.Dir(abs), root, true, Info, []string{"map Town01 (named by alone.log): " + town01 + ", from the maps folder"}},
		{"CARLA_ROOT", alone, t.TempDir(), root, true, Info, []string{inRoot + ", from the CARLA installation " + root + " (CARLA_ROOT)"}},
		{"built in", alone, t.TempDir(), "", true, Info, []string{"map Town01 (named by alone.log): built in (CARLA 2020 edition)"}},
		{"damaged", alone, damagedDir, "", true, Warning, []string{"Town01 (named by alone.log): built in (CARLA 2020 edition); passed over " + damaged + ": opendrive: line "}},
		{"off", abs, towns.MapsOff, root, false, Info, nil},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Setenv("CARLA_ROOT", tt.root)
			a := New(settings.Settings{MapsDir: tt.maps}, nil)
			a.SetViewport(testVP)
			a.Open(loader.FileSource(tt.rec))
			settleLong(t, a)
			if found := a.Roads() != nil; found != tt.found {
				t.Fatalf("map opened %v, want %v; notices %v", found, tt.found, a.Notices())
			}
			if tt.notice != nil && !noticeWith(a, tt.level, tt.notice...) {
				t.Errorf("no notice (level %v) with %q: %v", tt.level, tt.notice, a.Notices())
			}
			if tt.notice == nil && noticeWith(a, Info, "map Town01") || noticeWith(a, Warning, "map Town01") && tt.level != Warning {
				t.Errorf("notices %v", a.Notices())
			}
			if tt.found {
				if n := len(a.Roads().Roads); n != 122 {
					t.Errorf("%d roads, want Town01's 122", n)
				}
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

// TestWrongTownWarns: a Town01 recording opened with Town05's map is
// warned about by name, and once the lanes are worked out, by its
// vehicles driving off the roads.
func TestWrongTownWarns(t *testing.T) {
	dir := carlaDir(t)
	town05, err := towns.BuiltinData("Town05")
	if err != nil {
		t.Fatal(err)
	}
	a := New(settings.Settings{}, nil)
	a.SetViewport(testVP)
	a.OpenFiles([]loader.Source{loader.BytesSource("Town05.xodr", town05), loader.FileSource(filepath.Join(dir, "carla-0.9.13-town01-lanecenter.log"))})
	settleLong(t, a) // the loads and the lane pass
	if !noticeWith(a, Warning, "map Town05.xodr is not Town01, the town carla-0.9.13-town01-lanecenter.log was recorded on") {
		t.Errorf("no warning of the wrong town: %v", a.Notices())
	}
	if !noticeWith(a, Warning, "of the driving positions of carla-0.9.13-town01-lanecenter.log", "are off the roads of Town05.xodr") {
		t.Errorf("no warning of driving off the roads: %v", a.Notices())
	}
	if noticeWith(a, Info, "built in") {
		t.Errorf("the town was searched for beside a map given: %v", a.Notices())
	}
}

// TestTownFollowsRecording: the town found for one recording gives way to
// the next recording's town, and stays for a recording of the same town
// without a second search; a map the user opened stays whatever comes.
func TestTownFollowsRecording(t *testing.T) {
	t.Setenv("CARLA_ROOT", "")
	dir := t.TempDir()
	rec := func(name, town string) loader.Source {
		s := drivetest.Script{Map: town, Hz: 10, Seconds: 1, Vehicles: []drivetest.Vehicle{{ID: 1, Blueprint: "vehicle.audi.tt",
			Pose: func(float64) (mgl64.Vec3, float64, bool) { return mgl64.Vec3{}, 0, true }}}}
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, s.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		return loader.FileSource(p)
	}
	a := New(settings.Settings{}, nil)
	a.SetViewport(testVP)
	roads := func() int {
		settleLong(t, a)
		if a.Roads() == nil {
			return 0
		}
		return len(a.Roads().Roads)
	}
	a.Open(rec("a.log", "Town01"))
	if n := roads(); n != 122 {
		t.Fatalf("Town01: %d roads; %v", n, a.Notices())
	}
	a.Open(rec("b.log", "Carla/Maps/Town05"))
	if n := roads(); n != 259 {
		t.Fatalf("then Town05: %d roads; %v", n, a.Notices())
	}
	a.Open(rec("c.log", "Town05"))
	if n := roads(); n != 259 || noticeWith(a, Info, "named by c.log") {
		t.Errorf("Town05 again: %d roads, searched again: %v", n, a.Notices())
	}
	town01, err := towns.BuiltinData("Town01")
	if err != nil {
		t.Fatal(err)
	}
	a.Open(loader.BytesSource("mine.xodr", town01))
	roads()
	a.Open(rec("d.log", "Town05"))
	if n := roads(); n != 122 || noticeWith(a, Info, "named by d.log") {
		t.Errorf("the user's map replaced by %d roads: %v", n, a.Notices())
	}
}

// TestTownSearchOffTheTick: the search for a recording's town (stat calls
// across folders and a CARLA installation) runs off the UI goroutine:
// held up, it holds up no tick, shows as a load, and keeps the lane pass
// waiting; let go, its town opens in a later tick and the pass runs once,
// on the town's lanes.
func TestTownSearchOffTheTick(t *testing.T) {
	t.Setenv("CARLA_ROOT", "")
	s := drivetest.Script{Map: "Town01", Hz: 10, Seconds: 1, Vehicles: []drivetest.Vehicle{{ID: 1, Blueprint: "vehicle.audi.tt",
		Pose: func(float64) (mgl64.Vec3, float64, bool) { return mgl64.Vec3{}, 0, true }}}}
	p := filepath.Join(t.TempDir(), "run.log")
	if err := os.WriteFile(p, s.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	a := New(settings.Settings{}, nil)
	a.SetViewport(testVP)
	started, release := make(chan struct{}, 1), make(chan struct{})
	a.tw.find = func(recPath, header string, opt towns.Options) towns.Result {
		started <- struct{}{}
		<-release
		return pipeline.FindTown(recPath, header, opt)
	}
	// Tick in a goroutine of the test's: a search on the tick would block
	// it, which the watchdog turns into a failure instead of a hang.
	ticks := func(what string, until func() bool) {
		t.Helper()
		done := make(chan bool)
		go func() {
			deadline := time.Now().Add(20 * time.Second)
			ok := until()
			for !ok && time.Now().Before(deadline) {
				a.Tick()
				time.Sleep(time.Millisecond)
				ok = until()
			}
			done <- ok
		}()
		select {
		case ok := <-done:
			if !ok {
				t.Fatalf("%s: not after 20 s; notices %v", what, a.Notices())
			}
		case <-time.After(30 * time.Second):
			t.Fatalf("%s: a tick blocked (the town search on the UI goroutine?)", what)
		}
	}
	a.Open(loader.FileSource(p))
	ticks("the recording shown and its search started", func() bool {
		select {
		case <-started:
			return true
		default:
			return false
		}
	})
	n := 0
	ticks("ten ticks while the search is held", func() bool { n++; return n > 10 })
	if a.Roads() != nil || !a.TownSearching() || !a.LoadsRunning() || a.Analyzing() || a.Association() != nil {
		t.Fatalf("while the search is held: roads %v, searching %v, loads %v, pass %v/%v",
			a.Roads() != nil, a.TownSearching(), a.LoadsRunning(), a.Analyzing(), a.Association() != nil)
	}
	if l := a.Loading(nil); len(l) != 1 || !l[0].Town || l[0].Name != "run.log" {
		t.Errorf("loads while searching: %+v", l)
	}
	close(release)
	ticks("the search's result taken", func() bool { return !a.TownSearching() })
	if !noticeWith(a, Info, "map Town01 (named by run.log): built in") {
		t.Errorf("no notice of the town: %v", a.Notices())
	}
	ticks("the town and the pass", func() bool { return !a.LoadsRunning() })
	if rn := a.Roads(); rn == nil || len(rn.Roads) != 122 {
		t.Fatalf("no Town01 (122 roads) after the search: %v", a.Notices())
	}
	if as := a.Association(); as == nil || as.Map == nil || noticeWith(a, Info, "no map") {
		t.Errorf("the pass did not wait for the town: %v", a.Notices())
	}
}

// TestWrongTownOpenedAfter: a map the user opens after the recording is
// checked against its town too, once, and a town search under way gives
// way to it.
func TestWrongTownOpenedAfter(t *testing.T) {
	t.Setenv("CARLA_ROOT", "")
	s := drivetest.Script{Map: "Town01", Hz: 10, Seconds: 1, Vehicles: []drivetest.Vehicle{{ID: 1, Blueprint: "vehicle.audi.tt",
		Pose: func(float64) (mgl64.Vec3, float64, bool) { return mgl64.Vec3{}, 0, true }}}}
	p := filepath.Join(t.TempDir(), "run.log")
	if err := os.WriteFile(p, s.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	town05, err := towns.BuiltinData("Town05")
	if err != nil {
		t.Fatal(err)
	}
	a := New(settings.Settings{}, nil)
	a.SetViewport(testVP)
	a.Open(loader.FileSource(p))
	settleLong(t, a)
	a.Open(loader.BytesSource("Town05.xodr", town05))
	settleLong(t, a)
	const w = "map Town05.xodr is not Town01, the town run.log was recorded on"
	if rn := a.Roads(); rn == nil || len(rn.Roads) != 259 || !noticeWith(a, Warning, w) {
		t.Fatalf("Town05 opened after a Town01 run: %v", a.Notices())
	}
	n := 0
	for _, x := range a.Notices() {
		if strings.Contains(x.Text, w) {
			n++
		}
	}
	if n != 1 {
		t.Errorf("%d warnings: %v", n, a.Notices())
	}
}

// TestTownFoundNotAMap: a file called after the town beside the
// recording that is no map (here a recording) is passed over to the
// built-in town with a warning, and never opened as the recording.
func TestTownFoundNotAMap(t *testing.T) {
	t.Setenv("CARLA_ROOT", "")
	s := drivetest.Script{Map: "Town01", Hz: 10, Seconds: 1, Vehicles: []drivetest.Vehicle{{ID: 1, Blueprint: "vehicle.audi.tt",
		Pose: func(float64) (mgl64.Vec3, float64, bool) { return mgl64.Vec3{}, 0, true }}}}
	dir := t.TempDir()
	p, fake := filepath.Join(dir, "run.log"), filepath.Join(dir, "Town01.xodr")
	for _, f := range []string{p, fake} {
		if err := os.WriteFile(f, s.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	a := New(settings.Settings{}, nil)
	a.SetViewport(testVP)
	a.Open(loader.FileSource(p))
	settleLong(t, a)
	if a.RecordingPath() != p || a.Roads() == nil || len(a.Roads().Roads) != 122 ||
		!noticeWith(a, Warning, "Town01 (named by run.log): built in", "passed over "+fake+": not a map") {
		t.Fatalf("recording %q, roads %v: %v", a.RecordingPath(), a.Roads() != nil, a.Notices())
	}
}
