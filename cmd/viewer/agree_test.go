package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/mm2carla/viewer/analysis/faults"
	"github.com/mm2carla/viewer/analysis/fleet"
	"github.com/mm2carla/viewer/analysis/towns"
	"github.com/mm2carla/viewer/format/bai"
	"github.com/mm2carla/viewer/ui/app"
	"github.com/mm2carla/viewer/ui/loader"
	"github.com/mm2carla/viewer/ui/settings"
)

// TestCheckAgreesWithWindow: `viewer check` and the window's fault list
// give the same faults for the same files and thresholds, and both run
// the lane rules or both skip them. The map without a road is where the
// two used to choose their lane maps differently (the command line ran
// the lane rules over it, the window did not); any other difference in
// the choice, the association or the thresholds shows here too.
func TestCheckAgreesWithWindow(t *testing.T) {
	type tc struct {
		name  string
		files []string
		th    map[string]float64 // by flag name; the defaults for the rest
	}
	cases := []tc{
		{"bai map", []string{"faults.log", "city.bai"}, nil},
		{"map first, other thresholds", []string{"city.bai", "faults.log"},
			map[string]float64{"off-lane": 0.5, "close-call-ttc": 4, "wrong-way-time": 0.2}},
		{"no map", []string{"faults.log"}, nil},
		{"a map without a road", []string{"faults.log", "noroads.bai"}, nil},
	}
	rec, err := filepath.Abs(filepath.Join(carlaDir, "carla-0.9.13-town01-lanecenter.log"))
	switch _, serr := os.Stat(rec); {
	case err == nil && serr == nil:
		cases = append(cases, tc{"CARLA on Town01", []string{rec, filepath.Join(filepath.Dir(rec), "Town01.xodr")}, nil})
	case os.Getenv("CI") != "":
		t.Fatalf("CI is set and the real recording is missing: %v %v", err, serr)
	default:
		t.Logf("the real recording on Town01 left out: %v", serr)
	}
	t.Chdir(t.TempDir())
	faultyFiles(t)
	writeBAI(t, "noroads.bai", &bai.Map{})
	found := map[string][]string{}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			cli, cliRules := checkFaults(t, c.files, c.th)
			found[c.name] = cli
			win, winRules := windowFaults(t, c.files, c.th)
			if cliRules != winRules {
				t.Errorf("lane rules: viewer check %v, the window %v", cliRules, winRules)
			}
			if !slices.Equal(cli, win) {
				t.Errorf("viewer check found %d faults:\n%s\nthe window %d:\n%s",
					len(cli), strings.Join(cli, "\n"), len(win), strings.Join(win, "\n"))
			}
			if len(cli) == 0 {
				t.Error("no fault on either side: the case shows nothing")
			}
		})
	}
	if slices.Equal(found["bai map"], found["map first, other thresholds"]) {
		t.Error("the other thresholds found the defaults' faults: the case shows nothing")
	}
}

// checkFaults runs `viewer check --json` and returns its faults, one
// line each, and whether it ran the lane rules (it says on standard
// error when it skips them).
func checkFaults(t *testing.T, files []string, th map[string]float64) ([]string, bool) {
	t.Helper()
	args := append([]string{"check", "--json", "--maps", towns.MapsOff}, files...)
	for name, v := range th {
		args = append(args, fmt.Sprintf("--%s=%g", name, v))
	}
	code, out, errOut := runCLI(args...)
	if code != ExitOK && code != ExitFaults {
		t.Fatalf("viewer check: exit %d: %s", code, errOut)
	}
	var doc checkDoc
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatal(err)
	}
	var lines []string
	for _, f := range doc.Faults {
		lines = append(lines, faultLine(f.Kind, f.Actor, f.Start, f.End, f.Worst))
	}
	return lines, !strings.Contains(errOut, "rules are skipped")
}

// windowFaults opens the files in the window's app, as dropping them
// does, waits for its lane and fault pass, and returns its fault list
// as checkFaults does, and whether the pass had a lane map.
func windowFaults(t *testing.T, files []string, th map[string]float64) ([]string, bool) {
	t.Helper()
	a := app.New(settings.Settings{MapsDir: towns.MapsOff, Thresholds: th}, nil)
	srcs := make([]loader.Source, len(files))
	for i, f := range files {
		srcs[i] = loader.FileSource(f)
	}
	a.OpenFiles(srcs)
	deadline := time.Now().Add(2 * time.Minute)
	for a.LoadsRunning() {
		if time.Now().After(deadline) {
			t.Fatal("the window's loads and pass did not finish")
		}
		time.Sleep(2 * time.Millisecond)
		a.Tick()
	}
	a.Tick()
	if a.Association() == nil {
		t.Fatal("the window ran no lane and fault pass")
	}
	var lines []string
	for _, f := range a.Faults() {
		lines = append(lines, faultLine(f.Kind.String(), f.Actor, fleet.Round(f.Start, 3), fleet.Round(f.End, 3),
			fleet.Round(f.Worst, 3)))
	}
	return lines, a.Association().Map != nil
}

// faultLine is a fault as the check's JSON gives it (times and worst
// rounded to 3 decimals).
func faultLine(kind string, actor uint32, start, end, worst float64) string {
	return fmt.Sprintf("%-10s actor %d %.3f-%.3f worst %.3f", kind, actor, start, end, worst)
}

// The thresholds' flag names must be the window's settings keys, or the
// test above would compare different thresholds without noticing.
func TestThresholdNamesAgree(t *testing.T) {
	th := map[string]float64{"off-lane": 0.5}
	a := app.New(settings.Settings{Thresholds: th}, nil)
	if got, want := a.Thresholds().OffLane, 0.5; got != want {
		t.Errorf("the window's off-lane threshold %v, want %v from its settings", got, want)
	}
	if faults.Defaults().OffLane == 0.5 {
		t.Error("the default off-lane threshold is the test's: pick another value")
	}
}

// TestLeaderboardAgreesWithWindow: the window's fault list with the
// leaderboard's rules holds what `viewer check --rules leaderboard
// --json` says of the same files (each infraction's key, time and
// message, the penalty and how the lights were tied), in either edition.
func TestLeaderboardAgreesWithWindow(t *testing.T) {
	xodr, log := leaderboardRun(t, t.TempDir())
	type tc struct {
		name, edition string
		files         []string
	}
	cases := []tc{{"crossing 2.0", "2.0", []string{log, xodr}}, {"crossing 1.0, map first", "1.0", []string{xodr, log}}}
	rec, err := filepath.Abs(filepath.Join(carlaDir, "carla-0.9.13-town01-lanecenter.log"))
	switch _, serr := os.Stat(rec); {
	case err == nil && serr == nil:
		cases = append(cases, tc{"CARLA on Town01", "2.0", []string{rec, filepath.Join(filepath.Dir(rec), "Town01.xodr")}})
	case os.Getenv("CI") != "":
		t.Fatalf("CI is set and the real recording is missing: %v %v", err, serr)
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			args := append([]string{"check", "--rules", "leaderboard", "--leaderboard", c.edition, "--json", "--maps", towns.MapsOff}, c.files...)
			code, out, errOut := runCLI(args...)
			if code != ExitOK && code != ExitFaults {
				t.Fatalf("viewer check: exit %d: %s", code, errOut)
			}
			var doc struct {
				Lights *lbLights
				Scores lbScores
				Events []lbEvent
			}
			if err := json.Unmarshal([]byte(out), &doc); err != nil {
				t.Fatal(err)
			}
			var cli []string
			for _, e := range doc.Events {
				cli = append(cli, fmt.Sprintf("%s %.3f %s", e.Key, e.Time, e.Message))
			}
			a := app.New(settings.Settings{MapsDir: towns.MapsOff, Rules: "leaderboard", Leaderboard: c.edition}, nil)
			srcs := make([]loader.Source, len(c.files))
			for i, f := range c.files {
				srcs[i] = loader.FileSource(f)
			}
			a.OpenFiles(srcs)
			deadline := time.Now().Add(2 * time.Minute)
			for res, _ := a.Leaderboard(); a.LoadsRunning() || res == nil; res, _ = a.Leaderboard() {
				if time.Now().After(deadline) {
					t.Fatal("the window's loads, pass and judging did not finish")
				}
				time.Sleep(2 * time.Millisecond)
				a.Tick()
			}
			res, _ := a.Leaderboard()
			var win []string
			for _, f := range res.Infractions {
				win = append(win, fmt.Sprintf("%s %.3f %s", f.Kind.Key(), fleet.Round(f.Time, 3), f.Message))
			}
			if !slices.Equal(cli, win) {
				t.Errorf("viewer check:\n%s\nthe window:\n%s", strings.Join(cli, "\n"), strings.Join(win, "\n"))
			}
			if strings.HasPrefix(c.name, "crossing") && len(cli) != 2 {
				t.Errorf("the crossing's hero has %d infractions, want its collision and red light: the case shows nothing", len(cli))
			}
			if got := fleet.Round(res.Penalty, 6); got != doc.Scores.Penalty || res.Version.String() != c.edition {
				t.Errorf("the window's penalty %v (%s), viewer check's %v", got, res.Version, doc.Scores.Penalty)
			}
			if doc.Lights == nil || *doc.Lights != (lbLights{res.LightsBySignal, res.LightsByPlace, res.StopsBySignal, res.StopsByPlace}) {
				t.Errorf("lights: viewer check %+v, the window %+v", doc.Lights, res)
			}
			if fl := a.FaultList().Lines(); fl.Len() != len(win) {
				t.Errorf("the fault list has %d rows for %d infractions:\n%s", fl.Len(), len(win), fl)
			}
		})
	}
}
