package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"image"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/mm2carla/viewer/analysis/towns"
	"github.com/mm2carla/viewer/format/opendrive"
	"github.com/mm2carla/viewer/internal/drivetest"
	"github.com/mm2carla/viewer/scene"
)

// townLane returns the longest driving lane of an ordinary road of the
// OpenDRIVE file xodr, in driving order, without repeated points.
func townLane(t *testing.T, xodr []byte) drivetest.Path {
	t.Helper()
	m, err := opendrive.DecodeBytes(xodr)
	if err != nil {
		t.Fatal(err)
	}
	rn, err := scene.NewRoadNet(m, 0)
	if err != nil {
		t.Fatal(err)
	}
	var best drivetest.Path
	for _, l := range rn.Lanes {
		if l.Type != "driving" || rn.Roads[l.Road].Junction >= 0 {
			continue
		}
		var p drivetest.Path
		for _, c := range l.Center {
			if len(p) == 0 || c.Sub(p[len(p)-1]).Len() > 0.01 {
				p = append(p, c)
			}
		}
		if !l.Forward {
			for i, j := 0, len(p)-1; i < j; i, j = i+1, j-1 {
				p[i], p[j] = p[j], p[i]
			}
		}
		if len(p) >= 2 && p.Length() > best.Length() {
			best = p
		}
	}
	if best == nil {
		t.Fatal("no driving lane")
	}
	return best
}

// townRecording writes, alone in a new folder, a recording whose header
// names the map header: a car drives 6 s along the longest driving lane
// of town's file xodr at 8 m/s, another stands 2 m before it.
func townRecording(t *testing.T, header string, xodr []byte) string {
	t.Helper()
	lane := townLane(t, xodr)
	speed := min(8, lane.Length()/8)
	pose := func(s0, v float64) func(float64) (mgl64.Vec3, float64, bool) {
		return func(tm float64) (mgl64.Vec3, float64, bool) { p, yaw := lane.At(s0+v*tm, 0); return p, yaw, true }
	}
	script := drivetest.Script{Map: header, Hz: 10, Seconds: 6, Vehicles: []drivetest.Vehicle{
		{ID: 7, Blueprint: "vehicle.audi.tt", Role: "hero", Pose: pose(2, speed)},
		{ID: 8, Blueprint: "vehicle.tesla.model3", Pose: pose(0, 0)},
	}}
	p := filepath.Join(t.TempDir(), "run.log")
	if err := os.WriteFile(p, script.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// laneOfHero runs `viewer state` on the recording at 3 s and returns the
// hero's lane offset (false: not on a lane) and the command's stderr.
func laneOfHero(t *testing.T, rec string, args ...string) (offset float64, onLane bool, stderr string) {
	t.Helper()
	code, out, errs := runQuery(append([]string{"state", rec, "--at", "3", "--json"}, args...)...)
	if code != ExitOK {
		t.Fatalf("state: exit %d, %s", code, errs)
	}
	var doc struct {
		Actors []struct {
			ID   uint32 `json:"id"`
			Lane *struct {
				Offset float64 `json:"offset"`
			} `json:"lane"`
		} `json:"actors"`
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatal(err)
	}
	for _, a := range doc.Actors {
		if a.ID == 7 && a.Lane != nil {
			return a.Lane.Offset, true, errs
		}
	}
	return 0, false, errs
}

// roadShare is the share of a picture's pixels in the grey of road
// surfaces and marks (lit and nearly colourless): a town's roads cover
// much of a top view of it, a void of vehicles over the dark ground
// almost nothing (the legend's words and the scale bar).
func roadShare(img *image.RGBA) float64 {
	n := 0
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			c := img.RGBAAt(x, y)
			hi, lo := max(c.R, c.G, c.B), min(c.R, c.G, c.B)
			if hi >= 50 && hi-lo < 24 {
				n++
			}
		}
	}
	return float64(n) / float64(b.Dx()*b.Dy())
}

// TestBuiltinTownsOpen: a recording naming each built-in town (and the
// layered Town10HD_Opt, and path forms), alone in its folder with no map
// given and no CARLA installation, opens with that town's roads: the
// notice says built in, the hero is on a lane of them, and a top view of
// it is not a void (roads cover a twentieth of the picture at least, five
// times what the same view with --maps off has: the legend's words).
func TestBuiltinTownsOpen(t *testing.T) {
	t.Setenv("CARLA_ROOT", "")
	for _, tt := range []struct{ header, town string }{
		{"Town01", "Town01"}, {"Town02", "Town02"}, {"Town03", "Town03"}, {"Town04", "Town04"},
		{"Town05", "Town05"}, {"Town06", "Town06"}, {"Town07", "Town07"}, {"Town10HD", "Town10HD"},
		{"Carla/Maps/Town10HD_Opt", "Town10HD"}, {"/Game/Carla/Maps/Town03", "Town03"},
	} {
		t.Run(strings.ReplaceAll(tt.header, "/", "_"), func(t *testing.T) {
			xodr, err := towns.BuiltinData(tt.town)
			if err != nil {
				t.Fatal(err)
			}
			rec := townRecording(t, tt.header, xodr)
			off, on, errs := laneOfHero(t, rec)
			if !on || math.Abs(off) > 0.5 || !(strings.Contains(errs, "map "+tt.town+" (named by run.log): built in (CARLA 20") ||
				strings.Contains(errs, ": "+tt.town+", built in (CARLA 20")) { // the town again where the header calls it otherwise (Town10HD_Opt)
				t.Errorf("hero on a lane %v (offset %.2f m); stderr %q", on, off, errs)
			}
			roads := map[string]float64{}
			for _, maps := range []string{"", towns.MapsOff} {
				out := filepath.Join(t.TempDir(), "top.png")
				code, _, errs := runQuery("shot", rec, "--maps", maps, "--view", "top", "--at", "3", "--size", "320x180", "--out", out)
				if code != ExitOK {
					t.Fatalf("shot --maps %q: exit %d, %s", maps, code, errs)
				}
				roads[maps] = roadShare(readPNG(t, out))
			}
			if roads[""] < 0.05 || roads[""] < 5*roads[towns.MapsOff] {
				t.Errorf("top view: %.1f%% of the pixels road grey with the town, %.1f%% without", 100*roads[""], 100*roads[towns.MapsOff])
			}
			t.Logf("%.1f%% of the pixels road grey with the town, %.1f%% without", 100*roads[""], 100*roads[towns.MapsOff])
		})
	}
}

// writeIn writes data to p, making its folders.
func writeIn(t *testing.T, p string, data []byte) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestCarlaRootWins: a CARLA installation in CARLA_ROOT (Unreal Engine 4
// and 5 layouts) holding its own edition of Town05 wins over the built-in
// Town05. Its "edition" here is Town01's roads, on which the recording's
// hero drives: on a lane with CARLA_ROOT, off the built-in Town05's
// lanes without it.
func TestCarlaRootWins(t *testing.T) {
	town01, err := towns.BuiltinData("Town01")
	if err != nil {
		t.Fatal(err)
	}
	rec := townRecording(t, "Carla/Maps/Town05", town01)
	t.Setenv("CARLA_ROOT", "")
	if _, on, errs := laneOfHero(t, rec); on || !strings.Contains(errs, "Town05 (named by run.log): built in") {
		t.Fatalf("without CARLA_ROOT: on a lane %v, stderr %q", on, errs)
	}
	for _, project := range []string{"CarlaUE4", "CarlaUnreal"} {
		t.Run(project, func(t *testing.T) {
			root := t.TempDir()
			file := filepath.Join(root, project, "Content", "Carla", "Maps", "OpenDrive", "Town05.xodr")
			writeIn(t, file, town01)
			t.Setenv("CARLA_ROOT", root)
			off, on, errs := laneOfHero(t, rec)
			if !on || math.Abs(off) > 0.5 || !strings.Contains(errs, file+", from the CARLA installation "+root+" (CARLA_ROOT)") {
				t.Errorf("on a lane %v (offset %.2f m), stderr %q", on, off, errs)
			}
		})
	}
}

// TestDamagedMapsFolderTown: a damaged Town05.xodr in the maps folder is
// reported with its file and line, and the built-in Town05 is used with
// the notice; the command still succeeds and places the hero.
func TestDamagedMapsFolderTown(t *testing.T) {
	t.Setenv("CARLA_ROOT", "")
	town05, err := towns.BuiltinData("Town05")
	if err != nil {
		t.Fatal(err)
	}
	rec := townRecording(t, "Town05", town05)
	maps := t.TempDir()
	bad := filepath.Join(maps, "Town05.xodr")
	damaged := strings.Replace(string(town05[:200_000]), `length="`, `length="-`, 1) // the first road's
	writeIn(t, bad, []byte(damaged))
	_, derr := opendrive.DecodeBytes([]byte(damaged))
	var fe *opendrive.FormatError
	if !errors.As(derr, &fe) || fe.Line == 0 {
		t.Fatalf("the damaged file decodes: %v", derr)
	}
	off, on, errs := laneOfHero(t, rec, "--maps", maps)
	want := fmt.Sprintf("map Town05 (named by run.log): built in (CARLA 2019 edition: lights matched by place); passed over %s: opendrive: line %d: ", bad, fe.Line)
	if !on || math.Abs(off) > 0.5 || !strings.Contains(errs, want) {
		t.Errorf("on a lane %v (offset %.2f m), stderr\n%q\nwant\n%q", on, off, errs, want)
	}
}

// TestWrongTownWarns: a Town05 run given Town01.xodr is warned about by
// name, and check warns that its driving positions are off the roads.
func TestWrongTownWarns(t *testing.T) {
	town05, err := towns.BuiltinData("Town05")
	if err != nil {
		t.Fatal(err)
	}
	rec := townRecording(t, "Carla/Maps/Town05", town05)
	town01, err := towns.BuiltinData("Town01")
	if err != nil {
		t.Fatal(err)
	}
	wrong := filepath.Join(t.TempDir(), "Town01.xodr")
	writeIn(t, wrong, town01)
	code, _, errs := runQuery("check", rec, wrong)
	if code != ExitOK && code != ExitFaults {
		t.Fatalf("check: exit %d, %s", code, errs)
	}
	for _, want := range []string{
		"viewer check: warning: map Town01.xodr is not Town05, the town " + rec + " was recorded on",
		"viewer check: warning: 100% of the driving positions of " + rec + " (",
		"are off the roads of " + wrong,
	} {
		if !strings.Contains(errs, want) {
			t.Errorf("stderr %q lacks %q", errs, want)
		}
	}
	if _, _, errs := runQuery("check", rec, filepath.Join(t.TempDir(), "none")); strings.Contains(errs, "warning: map") {
		t.Errorf("a missing file warned of a town: %q", errs)
	}
}
