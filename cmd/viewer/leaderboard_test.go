package main

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/mm2carla/viewer/analysis/lanes"
	"github.com/mm2carla/viewer/format/recorder"
	"github.com/mm2carla/viewer/internal/drivetest"
	"github.com/mm2carla/viewer/scene"
)

// leaderboardRun writes, in dir, crossing.xodr (drivetest's crossing,
// no signals) and run.log: the hero (7) drives east through the entry
// at 10 m/s while its light (tied to the entry by place) shows red, and
// hits car 8 at 2 s; car 9 (no hero) runs the same light unseen.
func leaderboardRun(t *testing.T, dir string) (xodr, log string) {
	t.Helper()
	xodr, log = filepath.Join(dir, "crossing.xodr"), filepath.Join(dir, "run.log")
	lane := func(id uint32, bp, role string, x0 float64) drivetest.Vehicle {
		return drivetest.Vehicle{ID: id, Blueprint: bp, Role: role, Pose: func(t float64) (mgl64.Vec3, float64, bool) {
			return mgl64.Vec3{x0 + 10*t, -1.75, 0}, 0, true
		}}
	}
	s := drivetest.Script{Hz: 20, Seconds: 9,
		Vehicles: []drivetest.Vehicle{lane(7, "vehicle.tesla.model3", "hero", 40), lane(8, "vehicle.audi.a2", "", 10),
			lane(9, "vehicle.audi.tt", "", 20)},
		Lights: []drivetest.Light{{ID: 900, Pos: mgl64.Vec3{drivetest.CrossingEntryX - 3, -6, 0}, Yaw: -90,
			State: func(float64) recorder.LightState { return recorder.LightRed }}},
		Collisions: []drivetest.Collision{{Time: 2, Until: 2.1, A: 7, B: 8}}}
	if err := os.WriteFile(xodr, []byte(drivetest.CrossingXODR), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(log, s.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return xodr, log
}

// TestCheckLeaderboard: --rules leaderboard judges the hero alone, in the
// leaderboard's words and keys, with the penalty of the edition asked
// for, and says the light was tied by place.
func TestCheckLeaderboard(t *testing.T) {
	xodr, log := leaderboardRun(t, t.TempDir())
	code, out, errOut := runQuery("check", "--rules", "leaderboard", "--leaderboard", "1.0", log, xodr)
	if code != ExitFaults {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	for _, want := range []string{"Leaderboard 1.0 prediction for actor 7 vehicle.tesla.model3",
		"lights tied to 0 junction entries by the map's OpenDRIVE signals and 1 by place",
		"collisions_vehicle     Agent collided against object with type=vehicle.audi.a2 and id=8 at (x=",
		"red_light              Agent ran a red light 900 at (x=97.0, y=6.0, z=0.0)",
		"\ncollisions_vehicle     1\n", "\nred_light              1\n", "\nscore_penalty          0.42\n",
		"Not predicted: route_timeout."} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	code, out, errOut = runQuery("check", "--rules", "leaderboard", "--json", log, xodr)
	if code != ExitFaults {
		t.Fatalf("--json: exit %d, stderr %q", code, errOut)
	}
	var doc struct {
		Leaderboard string
		Hero        struct{ ID uint32 }
		Lights      struct {
			ByPlace int `json:"by_place"`
		}
		Infractions map[string][]string
		Scores      map[string]*float64
		Events      []struct {
			Key  string
			Time float64
		}
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatalf("%v:\n%s", err, out)
	}
	if doc.Leaderboard != "2.0" || doc.Hero.ID != 7 || doc.Lights.ByPlace != 1 || len(doc.Infractions["red_light"]) != 1 ||
		len(doc.Infractions["collisions_vehicle"]) != 1 || len(doc.Infractions["min_speed_infractions"]) != 0 ||
		doc.Scores["score_penalty"] == nil || math.Abs(*doc.Scores["score_penalty"]-0.42) > 1e-9 ||
		doc.Scores["score_route"] != nil || len(doc.Events) != 2 {
		t.Errorf("JSON %+v:\n%s", doc, out)
	}
	for _, k := range []string{"collisions_layout", "outside_route_lanes", "route_dev", "vehicle_blocked", "scenario_timeouts"} {
		if _, ok := doc.Infractions[k]; !ok {
			t.Errorf("JSON lacks the record key %s", k)
		}
	}
	// --actor judges another vehicle: car 9 runs the light too, and hit nothing.
	code, out, _ = runQuery("check", "--rules", "leaderboard", "--actor", "9", log, xodr)
	if code != ExitFaults || !strings.Contains(out, "\nred_light              1\n") || !strings.Contains(out, "\ncollisions_vehicle     0\n") {
		t.Errorf("--actor 9: exit %d:\n%s", code, out)
	}
}

func TestCheckLeaderboardUsage(t *testing.T) {
	xodr, log := leaderboardRun(t, t.TempDir())
	for _, tt := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"--rules", "fifa"}, ExitUsage, "--rules"},
		{[]string{"--leaderboard", "1.0"}, ExitUsage, "need --rules leaderboard"},
		{[]string{"--rules", "leaderboard", "--leaderboard", "3.0"}, ExitUsage, "1.0 or 2.0"},
		{[]string{"--rules", "leaderboard", "--route", "r.xml"}, ExitUsage, "go together"},
		{[]string{"--rules", "leaderboard", "--actor", "7,8"}, ExitUsage, "one hero"},
		{[]string{"--rules", "leaderboard", "--route", filepath.Join(t.TempDir(), "none.xml"), "--route-id", "1"}, ExitBadInput, "none.xml"},
	} {
		code, _, errOut := runQuery(append(append([]string{"check"}, tt.args...), log, xodr)...)
		if code != tt.code || !strings.Contains(errOut, tt.want) {
			t.Errorf("%v: exit %d, stderr %q; want %d saying %q", tt.args, code, errOut, tt.code, tt.want)
		}
	}
}

// TestCheckLeaderboardRouteOnDemo reads a route file in the leaderboard's
// form made of the demo hero's own positions every 2 s to the end, and a
// second route running on 100 m past them: the hero completes the first
// (the run ends there) and the share of the second it drove.
func TestCheckLeaderboardRouteOnDemo(t *testing.T) {
	dir := t.TempDir()
	if code, _, errOut := runQuery("demo", "--clean", "--out", dir, "--minutes", "0.5"); code != ExitOK {
		t.Fatalf("demo: %s", errOut)
	}
	log, bai := filepath.Join(dir, "traffic.log"), filepath.Join(dir, "city.bai")
	data, err := os.ReadFile(log)
	if err != nil {
		t.Fatal(err)
	}
	rec, err := scene.Open(strings.NewReader(string(data)), int64(len(data)), nil)
	if err != nil {
		t.Fatal(err)
	}
	var hero uint32
	for _, l := range rec.Lives() {
		if l.Hero {
			hero = l.ID
		}
	}
	a, err := lanes.AssociateOnly(context.Background(), rec, []uint32{hero}, nil)
	if err != nil {
		t.Fatal(err)
	}
	tr := a.TrackAt(hero, 0)
	var keys []mgl64.Vec3
	for s := 0.0; s <= 30; s += 2 {
		keys = append(keys, tr.Pos(tr.Index(s)))
	}
	driven := 0.0
	for i := 1; i < len(keys); i++ {
		driven += keys[i].Sub(keys[i-1]).Len()
	}
	last := keys[len(keys)-1]
	dir2 := last.Sub(keys[len(keys)-2]).Normalize()
	var b strings.Builder
	b.WriteString("<routes>\n")
	for id, ks := range [][]mgl64.Vec3{keys, append(keys[:len(keys):len(keys)], last.Add(dir2.Mul(100)))} {
		fmt.Fprintf(&b, "  <route id=\"%d\" town=\"Demo City\">\n", id)
		for _, k := range ks {
			x, y, z := scene.ToCarla(k)
			fmt.Fprintf(&b, "    <waypoint pitch=\"0.0\" roll=\"0.0\" x=\"%g\" y=\"%g\" yaw=\"0.0\" z=\"%g\"/>\n", x, y, z)
		}
		b.WriteString("  </route>\n")
	}
	b.WriteString("</routes>\n")
	routes := filepath.Join(dir, "routes.xml")
	if err := os.WriteFile(routes, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		id         string
		completion float64
		status     string
	}{{"0", 100, "Perfect"}, {"1", 100 * driven / (driven + 100), "Failed"}} {
		code, out, errOut := runQuery("check", "--rules", "leaderboard", "--json", "--route", routes, "--route-id", tt.id, log, bai)
		if code != ExitOK && code != ExitFaults {
			t.Fatalf("route %s: exit %d: %s", tt.id, code, errOut)
		}
		var doc struct {
			Status string
			Scores map[string]float64
		}
		if err := json.Unmarshal([]byte(out), &doc); err != nil {
			t.Fatalf("%v:\n%s", err, out)
		}
		if got := doc.Scores["score_route"]; math.Abs(got-tt.completion) > 2 || doc.Status != tt.status {
			t.Errorf("route %s: completion %.2f %q, want %.2f %q:\n%s", tt.id, got, doc.Status, tt.completion, tt.status, out)
		}
		if math.Abs(doc.Scores["score_composed"]-doc.Scores["score_route"]*doc.Scores["score_penalty"]) > 1e-4 {
			t.Errorf("route %s: driving score %v is not completion times penalty", tt.id, doc.Scores)
		}
	}
}

// TestCheckLeaderboardReal: on the real Town01 recordings the lights are
// tied by the town's signals (all 36 signalled entries), and the hero,
// which drives along the lane centres (its worst drift, 1.35 m, is an
// off-lane fault of our own rule), has nothing the leaderboard counts.
func TestCheckLeaderboardReal(t *testing.T) {
	xodr := filepath.Join(carlaDir, "Town01.xodr")
	for _, rf := range realFiles {
		rec := realFile(t, rf.file)
		code, out, errOut := runQuery("check", "--rules", "leaderboard", "--json", rec, xodr)
		if code != ExitOK {
			t.Fatalf("%s: exit %d, stderr %q:\n%s", rf.tag, code, errOut, out)
		}
		var doc struct {
			Lights struct {
				BySignal int `json:"by_signal"`
				ByPlace  int `json:"by_place"`
			}
			Scores map[string]float64
			Events []any
		}
		if err := json.Unmarshal([]byte(out), &doc); err != nil {
			t.Fatal(err)
		}
		if doc.Lights.BySignal != 36 || doc.Lights.ByPlace != 0 || len(doc.Events) != 0 || doc.Scores["score_penalty"] != 1 {
			t.Errorf("%s: %+v", rf.tag, doc)
		}
	}
}

// TestCheckLeaderboardTownDemo: on the demo's traffic on CARLA's Town10HD
// (2 minutes, seed 1), the rogue's staged red light is a red_light for
// the leaderboard too, a little later (its tail, not its front, crosses
// the stop line), with the town's lights tied by its signals; the hero,
// rear-ended while it stands, has no collision the leaderboard counts,
// and the report says so.
func TestCheckLeaderboardTownDemo(t *testing.T) {
	xodr := filepath.Join(carlaDir, "towns", "Town10HD.xodr")
	realFile(t, filepath.Join("towns", "Town10HD.xodr"))
	dir := t.TempDir()
	code, out, errOut := runQuery("demo", "--map", "Town10HD", "--out", dir, "--minutes", "2")
	if code != ExitOK {
		t.Fatalf("demo: exit %d: %s", code, errOut)
	}
	var rogue string
	if _, err := fmt.Sscanf(out[strings.Index(out, "rogue vehicle "):], "rogue vehicle %s", &rogue); err != nil {
		t.Fatalf("no rogue in %q", out)
	}
	log := filepath.Join(dir, "traffic.log")
	_, own, _ := runQuery("check", "--actor", rogue, log, xodr)
	_, lb, errOut := runQuery("check", "--rules", "leaderboard", "--actor", rogue, log, xodr)
	if !strings.Contains(own, "\nred-light    1\n") || !strings.Contains(lb, "\nred_light              1\n") ||
		!strings.Contains(lb, "by the map's OpenDRIVE signals and 0 by place") {
		t.Errorf("rogue %s: check says\n%s\nthe leaderboard profile says (stderr %q)\n%s", rogue, own, errOut, lb)
	}
	_, own, _ = runQuery("check", "--actor", "hero", log, xodr)
	code, lb, _ = runQuery("check", "--rules", "leaderboard", log, xodr)
	if !strings.Contains(own, "\ncollision    1\n") || code != ExitOK || !strings.Contains(lb, "\ncollisions_vehicle     0\n") ||
		!strings.Contains(lb, "(not counted)          hit while standing") {
		t.Errorf("hero: check says\n%s\nthe leaderboard profile (exit %d) says\n%s", own, code, lb)
	}
}
