package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mm2carla/viewer/format/bai"
	"github.com/mm2carla/viewer/sim/citygen"
	"github.com/mm2carla/viewer/sim/demo"
)

// TestDemoEndToEnd runs the demo command with its defaults, then checks
// its map with `bai --check` and reads its recording with `info`, all
// through Main, as a user would.
func TestDemoEndToEnd(t *testing.T) {
	dir := t.TempDir()
	code, out, errOut := runQuery("demo", "--out", dir)
	if code != ExitOK {
		t.Fatalf("demo: exit %d, stderr %q", code, errOut)
	}
	mapPath, logPath := filepath.Join(dir, "city.bai"), filepath.Join(dir, "traffic.log")
	for _, want := range []string{"wrote " + mapPath, "wrote " + logPath, "2401 frames", "1 collisions"} {
		if !strings.Contains(out, want) {
			t.Errorf("demo output lacks %q:\n%s", want, out)
		}
	}

	checkStaged(t, out, mapPath, logPath)

	code, out, errOut = runQuery("bai", mapPath, "--check")
	if code != ExitOK || !strings.Contains(out, "problems: 0\n") {
		t.Fatalf("bai --check: exit %d, stderr %q, output:\n%s", code, errOut, out)
	}

	code, out, errOut = runQuery("info", logPath)
	if code != ExitOK {
		t.Fatalf("info: exit %d, stderr %q", code, errOut)
	}
	for _, want := range []string{"Version: 1\n", "Map: Demo City\n", "Date: 03/02/24 10:30:00\n",
		" Create 1: spectator (0) at ", "traffic.traffic_light (3)", "vehicle.tesla.model3 (1)", "  role_name = hero\n",
		"sensor.other.collision (5)", "walker.pedestrian.", "(parent)\n", "(hero)", "\nFrames: 2401\nDuration: 120 seconds\n"} {
		if !strings.Contains(out, want) {
			t.Errorf("info output lacks %q", want)
		}
	}
}

// checkStaged reads the rogue's faults from the demo command's output
// and runs `viewer check --json` on what it wrote: each printed fault is
// found once, by that actor, at that time (within a frame); the only
// other fault is the staged collision (no blocked span either).
func checkStaged(t *testing.T, demoOut, mapPath, logPath string) {
	t.Helper()
	type staged struct {
		kind       string
		actor      uint32
		start, end float64
	}
	var want []staged
	for _, line := range strings.Split(demoOut, "\n") {
		var st staged
		if n, _ := fmt.Sscanf(line, "  %s actor %d %f-%f s", &st.kind, &st.actor, &st.start, &st.end); n == 4 {
			want = append(want, st)
		}
	}
	if len(want) != 5 || !strings.Contains(demoOut, "staged 5 faults:") {
		t.Fatalf("the demo prints %d staged faults, want one of each of 5 kinds:\n%s", len(want), demoOut)
	}
	code, out, errOut := runQuery("check", "--json", logPath, mapPath)
	if code != ExitFaults {
		t.Fatalf("check: exit %d, stderr %q", code, errOut)
	}
	var rep struct {
		Faults []struct {
			Kind  string  `json:"kind"`
			Actor uint32  `json:"actor"`
			Start float64 `json:"start"`
			EndAt float64 `json:"end"`
		} `json:"faults"`
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatal(err)
	}
	seen := make([]int, len(want))
	for _, f := range rep.Faults {
		if f.Kind == "collision" {
			continue
		}
		hit := false
		for i, st := range want {
			slack := 0.06 // a frame
			if f.Kind == "red-light" {
				slack = 0.16 // run from a stand, the front creeps over the line: see sim/demo's redSlack
			}
			if f.Kind == st.kind && f.Actor == st.actor && math.Abs(f.Start-st.start) < slack && math.Abs(f.EndAt-st.end) < slack {
				seen[i]++
				hit = true
			}
		}
		if !hit {
			t.Errorf("check finds %s by actor %d at %.2f-%.2f, which the demo did not stage", f.Kind, f.Actor, f.Start, f.EndAt)
		}
	}
	for i, st := range want {
		if seen[i] != 1 {
			t.Errorf("staged %+v is found %d times", st, seen[i])
		}
	}
}

// TestDemoClean: --clean leaves the rogue out, and the check finds the
// staged collision only.
func TestDemoClean(t *testing.T) {
	dir := t.TempDir()
	code, out, errOut := runQuery("demo", "--clean", "--out", dir, "--minutes", "0.5")
	if code != ExitOK || strings.Contains(out, "rogue") {
		t.Fatalf("demo --clean: exit %d, stderr %q, output:\n%s", code, errOut, out)
	}
	code, out, _ = runQuery("check", filepath.Join(dir, "traffic.log"), filepath.Join(dir, "city.bai"))
	if code != ExitFaults {
		t.Fatalf("check: exit %d", code)
	}
	for _, k := range []string{"off-lane", "wrong-way", "red-light", "stop-sign", "close-call", "blocked"} {
		if !strings.Contains(out, fmt.Sprintf("\n%-12s 0\n", k)) {
			t.Errorf("clean traffic has a %s:\n%s", k, out)
		}
	}
	if !strings.Contains(out, "\ncollision    1\n") {
		t.Errorf("clean traffic lacks its staged collision:\n%s", out)
	}
}

// TestDemoDeterministic: the same seed writes the same bytes as the demo
// package builds in memory (what the built-in demo shows); another seed
// writes others.
func TestDemoDeterministic(t *testing.T) {
	read := func(seed string) (mapBytes, logBytes []byte) {
		dir := t.TempDir()
		if code, _, errOut := runQuery("demo", "--out", dir, "--seed", seed, "--minutes", "0.25"); code != ExitOK {
			t.Fatalf("seed %s: exit %d, %s", seed, code, errOut)
		}
		mb, err1 := os.ReadFile(filepath.Join(dir, "city.bai"))
		lb, err2 := os.ReadFile(filepath.Join(dir, "traffic.log"))
		if err1 != nil || err2 != nil {
			t.Fatal(err1, err2)
		}
		return mb, lb
	}
	m1, l1 := read("3")
	wantMap, wantLog, _, err := demo.Build(demo.City(3), demo.Options{Seed: 3, Minutes: 0.25})
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(m1, wantMap) || !bytes.Equal(l1, wantLog) {
		t.Error("demo --seed 3 differs from demo.Build with seed 3")
	}
	m2, l2 := read("4")
	if bytes.Equal(m1, m2) || bytes.Equal(l1, l2) {
		t.Error("seeds 3 and 4 write the same files")
	}
}

// TestDemoMapFile drives on a given map: the map is re-encoded unchanged
// and the recording is named after the file.
func TestDemoMapFile(t *testing.T) {
	m, err := citygen.Generate(citygen.Config{BlocksX: 2, BlocksY: 1, BlockSize: 60, Seed: 8})
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := bai.Encode(&b, m); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	in := filepath.Join(dir, "small town.bai")
	if err := os.WriteFile(in, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "out")
	if code, _, errOut := runQuery("demo", "--map", in, "--out", out, "--minutes", "0.1"); code != ExitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	got, err := os.ReadFile(filepath.Join(out, "city.bai"))
	if err != nil || !bytes.Equal(got, b.Bytes()) {
		t.Fatalf("city.bai is not the given map re-encoded (%v)", err)
	}
	code, info, _ := runQuery("info", filepath.Join(out, "traffic.log"))
	if code != ExitOK || !strings.Contains(info, "Map: small town\n") {
		t.Fatalf("info: exit %d:\n%.300s", code, info)
	}
}

func TestDemoErrors(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.bai")
	if err := os.WriteFile(bad, []byte("CAI1\x02\x00\x01\x00\x00"), 0o644); err != nil {
		t.Fatal(err)
	}
	notMap := filepath.Join(dir, "mm1.bai")
	if err := os.WriteFile(notMap, []byte("not a map at all"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		args []string
		code int
		want []string // in stderr
	}{
		{[]string{"--map", bad}, ExitBadInput, []string{bad, "byte "}},
		{[]string{"--map", notMap}, ExitBadInput, []string{notMap, "byte 0", "CAI1"}},
		{[]string{"--map", filepath.Join(dir, "missing.bai")}, ExitBadInput, []string{"missing.bai"}},
		{[]string{"extra"}, ExitUsage, []string{"unexpected argument", "usage: viewer demo"}},
		{[]string{"--minutes", "0"}, ExitUsage, []string{"--minutes"}},
		{[]string{"--minutes", "-2"}, ExitUsage, []string{"--minutes"}},
		{[]string{"--minutes", "NaN"}, ExitUsage, []string{"--minutes"}},
		{[]string{"--seed", "x"}, ExitUsage, []string{"seed"}},
		{[]string{"--out", ""}, ExitUsage, []string{"--out"}},
		{[]string{"--nope"}, ExitUsage, []string{"nope"}},
	} {
		code, _, errOut := runQuery(append([]string{"demo", "--out", filepath.Join(dir, "o")}, tc.args...)...)
		if code != tc.code {
			t.Errorf("%v: exit %d, want %d (%s)", tc.args, code, tc.code, errOut)
		}
		for _, w := range tc.want {
			if !strings.Contains(errOut, w) {
				t.Errorf("%v: stderr %q lacks %q", tc.args, errOut, w)
			}
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "o", "traffic.log")); err == nil {
		t.Error("a failed run wrote traffic.log")
	}
}

func TestDemoHelp(t *testing.T) {
	code, out, _ := runQuery("demo", "-h")
	if code != ExitOK {
		t.Fatalf("exit %d", code)
	}
	for _, want := range []string{"usage: viewer demo [--out DIR]", "-clean", "rogue", "-minutes", "-seed", "-map", "city.bai", "traffic.log", "-runs", "seed-N"} {
		if !strings.Contains(out, want) {
			t.Errorf("help lacks %q:\n%s", want, out)
		}
	}
}

// TestDemoRuns: --runs writes a fleet, one folder a seed named so that
// the folders sort in seed order, each with its map beside its
// recording, and prints one line a run.
func TestDemoRuns(t *testing.T) {
	dir := t.TempDir()
	code, out, errOut := runQuery("demo", "--out", dir, "--seed", "9", "--runs", "3", "--minutes", "0.1")
	if code != ExitOK {
		t.Fatalf("demo --runs: exit %d, stderr %q", code, errOut)
	}
	if lines := strings.Split(strings.TrimSpace(out), "\n"); len(lines) != 3 {
		t.Errorf("%d lines, want one a run:\n%s", len(lines), out)
	}
	var logs [][]byte
	for i, name := range []string{"seed-09", "seed-10", "seed-11"} {
		run := filepath.Join(dir, name)
		if !strings.Contains(out, "wrote "+run+": seed "+fmt.Sprint(9+i)+", 6 s,") {
			t.Errorf("output lacks the line of %s:\n%s", run, out)
		}
		lb, err := os.ReadFile(filepath.Join(run, "traffic.log"))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := os.Stat(filepath.Join(run, "city.bai")); err != nil {
			t.Fatal(err)
		}
		logs = append(logs, lb)
		code, info, _ := runQuery("info", filepath.Join(run, "traffic.log"))
		if code != ExitOK || !strings.Contains(info, "Map: Demo City\n") || !strings.Contains(info, "Frames: 121\n") {
			t.Errorf("info %s: exit %d:\n%.300s", run, code, info)
		}
	}
	if bytes.Equal(logs[0], logs[1]) || bytes.Equal(logs[1], logs[2]) {
		t.Error("runs with different seeds wrote the same recording")
	}
	// The same seed alone writes the same bytes as in the fleet.
	one := t.TempDir()
	if code, _, errOut := runQuery("demo", "--out", one, "--seed", "10", "--minutes", "0.1"); code != ExitOK {
		t.Fatalf("demo: exit %d, stderr %q", code, errOut)
	}
	if lb, err := os.ReadFile(filepath.Join(one, "traffic.log")); err != nil || !bytes.Equal(lb, logs[1]) {
		t.Errorf("seed 10 alone differs from seed 10 in the fleet (%v)", err)
	}
	for _, bad := range []string{"0", "-1", "x", "10001"} {
		if code, _, errOut := runQuery("demo", "--out", t.TempDir(), "--runs", bad); code != ExitUsage || !strings.Contains(errOut, "runs") {
			t.Errorf("--runs %s: exit %d, stderr %q", bad, code, errOut)
		}
	}
}

// TestDemoTownBesideFolder: --map Town05 names the built-in town even
// where the working folder holds a folder called Town05, as a user who
// sorts runs by town has; a file of that name is the user's map.
func TestDemoTownBesideFolder(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	if err := os.Mkdir("Town05", 0o755); err != nil {
		t.Fatal(err)
	}
	if !isTownMap("Town05") {
		t.Error("a folder named Town05 hid the built-in town")
	}
	if err := os.WriteFile("Town02", []byte("not a map"), 0o644); err != nil {
		t.Fatal(err)
	}
	if isTownMap("Town02") {
		t.Error("a file named Town02 should be read as the user's map")
	}
}
