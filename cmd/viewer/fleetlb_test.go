package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/mm2carla/viewer/analysis/fleet"
	"github.com/mm2carla/viewer/format/recorder"
	"github.com/mm2carla/viewer/internal/drivetest"
	"github.com/mm2carla/viewer/scene"
)

// noHeroRun writes beside leaderboardRun's files nohero.log: car 9 runs
// the red light (a fault of our own rules) and nobody is the hero.
func noHeroRun(t *testing.T, dir string) string {
	t.Helper()
	s := drivetest.Script{Hz: 20, Seconds: 9,
		Vehicles: []drivetest.Vehicle{{ID: 9, Blueprint: "vehicle.audi.tt", Pose: func(t float64) (mgl64.Vec3, float64, bool) {
			return mgl64.Vec3{20 + 10*t, -1.75, 0}, 0, true
		}}},
		Lights: []drivetest.Light{{ID: 900, Pos: mgl64.Vec3{drivetest.CrossingEntryX - 3, -6, 0}, Yaw: -90,
			State: func(float64) recorder.LightState { return recorder.LightRed }}}}
	path := filepath.Join(dir, "nohero.log")
	if err := os.WriteFile(path, s.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// crossingRoute writes a leaderboard route file whose route "1" runs
// along the hero's lane from x = 40 to x = 200 (it stops at x = 130).
func crossingRoute(t *testing.T, dir string) string {
	t.Helper()
	var b strings.Builder
	b.WriteString("<routes>\n  <route id=\"1\" town=\"Crossing\">\n")
	for _, x := range []float64{40, 120, 200} {
		cx, cy, cz := scene.ToCarla(mgl64.Vec3{x, -1.75, 0})
		fmt.Fprintf(&b, "    <waypoint x=\"%g\" y=\"%g\" z=\"%g\"/>\n", cx, cy, cz)
	}
	b.WriteString("  </route>\n</routes>\n")
	path := filepath.Join(dir, "routes.xml")
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestFleetLeaderboard: a fleet's JSON line carries, for a run with a
// hero, the route record `check --rules leaderboard --json` gives of it
// alone (the edition and route asked for included), and null for a run
// without one; runs.parquet has its scores and the text line its
// penalty; with --rules leaderboard the exit status follows the heroes'
// infractions, not the faults.
func TestFleetLeaderboard(t *testing.T) {
	dir := t.TempDir()
	xodr, log := leaderboardRun(t, dir)
	nohero := noHeroRun(t, dir)
	routes := crossingRoute(t, dir)
	for _, lb := range [][]string{nil, {"--rules", "leaderboard", "--leaderboard", "1.0", "--route", routes, "--route-id", "1"}} {
		pq := t.TempDir()
		args := append(append([]string{"check", "--jsonl", "--parquet", pq}, lb...), log, nohero, xodr)
		code, out, errOut := run(args...)
		if code != ExitFaults {
			t.Fatalf("%v: exit %d: %s", lb, code, errOut)
		}
		objs := jsonLines(t, out)
		single := append(append([]string{"check", "--json", "--rules", "leaderboard"}, lb[min(len(lb), 2):]...), log, xodr)
		_, sout, _ := run(single...)
		var want map[string]any
		if err := json.Unmarshal([]byte(sout), &want); err != nil {
			t.Fatalf("%v: %v\n%s", single, err, sout)
		}
		got, _ := objs[log]["leaderboard"].(map[string]any)
		if got == nil || got["version"] != want["leaderboard"] {
			t.Fatalf("%v: the run's leaderboard object %v, want edition %v", lb, objs[log]["leaderboard"], want["leaderboard"])
		}
		for _, k := range []string{"hero", "lights", "route_id", "status", "infractions", "scores"} {
			if !reflect.DeepEqual(got[k], want[k]) {
				t.Errorf("%v: %s is %v in the JSON line, %v alone", lb, k, got[k], want[k])
			}
		}
		if v, ok := objs[nohero]["leaderboard"]; !ok || v != nil {
			t.Errorf("%v: the run without a hero has leaderboard %v (present %v), want null", lb, v, ok)
		}
		rows := readParquet[fleet.RunRow](t, filepath.Join(pq, fleet.RunsFile))
		scores := want["scores"].(map[string]any)
		for _, r := range rows {
			switch r.Recording {
			case log:
				if r.Leaderboard == nil || *r.Leaderboard != want["leaderboard"] || r.ScorePenalty == nil ||
					*r.ScorePenalty != scores["score_penalty"] || (r.ScoreComposed == nil) != (scores["score_composed"] == nil) {
					t.Errorf("%v: runs.parquet row %+v, want the scores %v", lb, r, scores)
				}
			case nohero:
				if r.Leaderboard != nil || r.ScorePenalty != nil {
					t.Errorf("%v: the run without a hero has scores in runs.parquet: %+v", lb, r)
				}
			}
		}
		if len(lb) > 0 && (scores["score_composed"] == nil || scores["score_route"].(float64) >= 100) {
			t.Errorf("%v: the route's scores are missing or complete: %v", lb, scores)
		}
	}
	_, text, _ := run("check", log, nohero, xodr)
	if !strings.Contains(text, "  score_penalty 0.42\n") ||
		!strings.Contains(text, "\nleaderboard 2.0: 1 runs with a hero, 2 infractions, mean score_penalty 0.42\n") {
		t.Errorf("text lacks the penalty:\n%s", text)
	}
	for _, tt := range []struct {
		args []string
		code int
	}{
		{[]string{"check", "--jsonl", nohero, xodr}, ExitFaults},
		{[]string{"check", "--jsonl", "--rules", "leaderboard", nohero, xodr}, ExitOK},
		{[]string{"check", "--jsonl", "--rules", "leaderboard", log, xodr}, ExitFaults},
		{[]string{"check", "--jsonl", "--leaderboard", "1.0", log, xodr}, ExitUsage},
	} {
		if code, _, errOut := run(tt.args...); code != tt.code {
			t.Errorf("%v: exit %d, want %d (%s)", tt.args[1:], code, tt.code, errOut)
		}
	}
}
