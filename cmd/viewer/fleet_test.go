package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/parquet-go/parquet-go"

	"github.com/mm2carla/viewer/analysis/fleet"
)

// TestMain lets the test binary stand in for the viewer when a test
// runs it as a program (GNU parallel needs a command to run).
func TestMain(m *testing.M) {
	if os.Getenv("VIEWER_TEST_AS_MAIN") == "1" {
		os.Exit(Main(&Env{Stdout: os.Stdout, Stderr: os.Stderr, Getenv: os.Getenv}, os.Args[1:]))
	}
	code := m.Run()
	if fleetDir.dir != "" {
		os.RemoveAll(fleetDir.dir) // the shared fleet outlives each test
	}
	os.Exit(code)
}

// testFleet is a folder of 20 half-minute demo runs (run01..run20, each
// traffic.log beside its city.bai) and a recording cut in the middle of
// a packet (cut.log, alone at the top: no map beside it), made once.
type testFleet struct {
	dir, cut string
	runs     []string // the recordings, as the folder walk orders them
}

var (
	fleetOnce sync.Once
	fleetDir  testFleet
	fleetErr  error
)

func makeTestFleet(t *testing.T) testFleet {
	t.Helper()
	fleetOnce.Do(func() {
		dir, err := os.MkdirTemp("", "viewer-fleet-")
		if err != nil {
			fleetErr = err
			return
		}
		f := testFleet{dir: dir, cut: filepath.Join(dir, "cut.log")}
		f.runs = append(f.runs, f.cut)
		for seed := 1; seed <= 20; seed++ {
			out := filepath.Join(dir, fmt.Sprintf("run%02d", seed))
			if code, _, stderr := run("demo", "--seed", fmt.Sprint(seed), "--minutes", "0.5", "--out", out); code != 0 {
				fleetErr = fmt.Errorf("demo seed %d: exit %d: %s", seed, code, stderr)
				return
			}
			f.runs = append(f.runs, filepath.Join(out, "traffic.log"))
		}
		data, err := os.ReadFile(f.runs[1])
		if err == nil {
			err = os.WriteFile(f.cut, data[:len(data)/2+7], 0o644)
		}
		fleetDir, fleetErr = f, err
	})
	if fleetErr != nil {
		t.Fatal(fleetErr)
	}
	return fleetDir
}

func TestFleetText(t *testing.T) {
	f := makeTestFleet(t)
	code, out, stderr := run("check", "--jobs", "2", f.dir)
	if code != 1 {
		t.Fatalf("exit %d, want 1 (a cut recording); stderr: %s", code, stderr)
	}
	lines := strings.Split(out, "\n")
	var runLines, errLines []string
	for _, l := range lines {
		switch {
		case strings.Contains(l, " vehicles "):
			runLines = append(runLines, l)
		case strings.HasPrefix(l, f.dir):
			errLines = append(errLines, l)
		}
	}
	if len(runLines) != len(f.runs) {
		t.Fatalf("%d run lines, want %d:\n%s", len(runLines), len(f.runs), out)
	}
	for i, l := range runLines {
		if !strings.HasPrefix(l, f.runs[i]+"  Demo City  ") {
			t.Errorf("line %d = %q, want it to start with %s and its town", i, l, f.runs[i])
		}
	}
	if len(errLines) != 1 || !strings.HasPrefix(errLines[0], f.cut+": ") || !strings.Contains(errLines[0], "byte ") {
		t.Errorf("error lines %q: want one naming %s and a byte offset", errLines, f.cut)
	}
	if !strings.Contains(out, fmt.Sprintf("\n%d runs, ", len(f.runs))) || !strings.Contains(out, "1 not read whole") {
		t.Errorf("totals missing:\n%s", out)
	}
}

// TestFleetAgreesWithSingleChecks: every JSON line, and every Parquet
// row, says what `viewer check --json` says of that recording alone.
func TestFleetAgreesWithSingleChecks(t *testing.T) {
	f := makeTestFleet(t)
	pq := t.TempDir()
	code, out, stderr := run("check", "--jsonl", "--parquet", pq, f.dir)
	if code != 1 {
		t.Fatalf("exit %d, want 1; stderr: %s", code, stderr)
	}
	objs := jsonLines(t, out)
	if len(objs) != len(f.runs) {
		t.Fatalf("%d JSON lines, want %d", len(objs), len(f.runs))
	}
	runs := readParquet[fleet.RunRow](t, filepath.Join(pq, fleet.RunsFile))
	faultRows := readParquet[fleet.FaultRow](t, filepath.Join(pq, fleet.FaultsFile))
	if len(runs) != len(f.runs) {
		t.Fatalf("%d rows in runs.parquet, want %d", len(runs), len(f.runs))
	}
	for _, path := range f.runs {
		got, ok := objs[path]
		if !ok {
			t.Fatalf("no JSON line for %s", path)
		}
		args := []string{"check", "--json", path}
		if path != f.cut {
			args = append(args, filepath.Join(filepath.Dir(path), "city.bai"))
		}
		scode, sout, _ := run(args...)
		var want map[string]any
		if err := json.Unmarshal([]byte(sout), &want); err != nil {
			t.Fatalf("%s: single check: %v\n%s", path, err, sout)
		}
		wantCode := 0
		if len(want["faults"].([]any)) > 0 {
			wantCode = 3
		}
		if path == f.cut {
			wantCode = 1
			if got["error"] == nil {
				t.Errorf("%s: no error in its JSON object", path)
			}
		}
		if scode != wantCode {
			t.Errorf("%s: single check exit %d, want %d", path, scode, wantCode)
		}
		for _, k := range []string{"recording", "map", "vehicles_checked", "faults"} {
			if !reflect.DeepEqual(got[k], want[k]) {
				t.Errorf("%s: %s is %v in the JSON line, %v alone", path, k, got[k], want[k])
			}
		}
		if got["town"] != "Demo City" || got["duration"].(float64) <= 0 {
			t.Errorf("%s: town %v, duration %v", path, got["town"], got["duration"])
		}
		checkParquetRows(t, path, want, runs, faultRows)
	}
}

// checkParquetRows compares the Parquet rows of a recording with its
// single check's JSON document.
func checkParquetRows(t *testing.T, path string, want map[string]any, runs []fleet.RunRow, rows []fleet.FaultRow) {
	t.Helper()
	i := slices.IndexFunc(runs, func(r fleet.RunRow) bool { return r.Recording == path })
	wf := want["faults"].([]any)
	if i < 0 || runs[i].Faults != int64(len(wf)) || runs[i].Vehicles != int64(want["vehicles_checked"].(float64)) {
		t.Errorf("%s: runs.parquet row %+v, want %d faults", path, runs, len(wf))
	}
	var mine []fleet.FaultRow
	for _, r := range rows {
		if r.Recording == path {
			mine = append(mine, r)
		}
	}
	if len(mine) != len(wf) {
		t.Fatalf("%s: %d rows in faults.parquet, want %d", path, len(mine), len(wf))
	}
	for j, r := range mine {
		w := wf[j].(map[string]any)
		loc := w["location"].([]any)
		if r.Kind != w["kind"] || float64(r.Actor) != w["actor"] || r.Start != w["start"] || r.End != w["end"] ||
			r.Worst != w["worst"] || r.X != loc[0] || r.Y != loc[1] || r.Z != loc[2] || !sameInt(r.Road, w["road"]) ||
			!sameInt(r.Lane, w["lane"]) || !sameInt(r.Intersection, w["intersection"]) {
			t.Errorf("%s: fault row %d %+v, JSON %v", path, j, r, w)
		}
	}
}

func sameInt(p *int64, v any) bool {
	if p == nil || v == nil {
		return p == nil && v == nil
	}
	return float64(*p) == v.(float64)
}

// jsonLines parses JSON lines by recording.
func jsonLines(t *testing.T, out string) map[string]map[string]any {
	t.Helper()
	objs := map[string]map[string]any{}
	sc := bufio.NewScanner(strings.NewReader(out))
	sc.Buffer(nil, 1<<24)
	for sc.Scan() {
		var o map[string]any
		if err := json.Unmarshal(sc.Bytes(), &o); err != nil {
			t.Fatalf("a line is not JSON: %v: %s", err, sc.Text())
		}
		objs[o["recording"].(string)] = o
	}
	return objs
}

func readParquet[T any](t *testing.T, path string) []T {
	t.Helper()
	rows, err := parquet.ReadFile[T](path)
	if err != nil {
		t.Fatal(err)
	}
	return rows
}

// needTool finds a program a test needs: a skip without it, a failure
// when CI is set (.ci/run installs it).
func needTool(t *testing.T, name string) string {
	t.Helper()
	p, err := exec.LookPath(name)
	if err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("%s is not installed; .ci/run installs it", name)
		}
		t.Skipf("%s is not installed", name)
	}
	return p
}

// TestFleetGNUParallel splits the fleet check by GNU parallel, as on a
// cluster (--sshlogin : is this machine, over the same path a remote
// login takes), and checks that the concatenated JSON lines are the
// in-process run's.
func TestFleetGNUParallel(t *testing.T) {
	par := needTool(t, "parallel")
	f := makeTestFleet(t)
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	_, inProc, _ := run("check", "--jsonl", f.dir)
	args := append([]string{"--will-cite", "--jobs", "2", "--sshlogin", ":", "--env", "VIEWER_TEST_AS_MAIN", exe, "check", "--jsonl", ":::"}, f.runs...)
	cmd := exec.Command(par, args...)
	cmd.Env = append(os.Environ(), "VIEWER_TEST_AS_MAIN=1")
	out, err := cmd.Output()
	var ee *exec.ExitError
	if err != nil && !errors.As(err, &ee) {
		t.Fatal(err)
	}
	if got, want := sortedLines(string(out)), sortedLines(inProc); !slices.Equal(got, want) {
		t.Errorf("GNU parallel's merged output differs from the in-process run:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if len(sortedLines(inProc)) != len(f.runs) {
		t.Errorf("%d lines for %d recordings", len(sortedLines(inProc)), len(f.runs))
	}
}

func sortedLines(s string) []string {
	l := strings.Split(strings.TrimSpace(s), "\n")
	slices.Sort(l)
	return l
}

// duckDBDir is where the DuckDB Node package is installed
// (node_modules/@duckdb/node-api under it); .ci/run puts it there.
func duckDBDir() string {
	if d := os.Getenv("VIEWER_DUCKDB_DIR"); d != "" {
		return d
	}
	home, _ := os.UserHomeDir()
	return filepath.Join(home, ".cache", "mm2carla-viewer", "duckdb")
}

// TestFleetParquetDuckDB reads the Parquet dataset with DuckDB, a reader
// written by others, and compares its counts with the JSON lines.
func TestFleetParquetDuckDB(t *testing.T) {
	node := needTool(t, "node")
	dir := duckDBDir()
	if _, err := os.Stat(filepath.Join(dir, "node_modules", "@duckdb", "node-api")); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("@duckdb/node-api is not in %s; .ci/run installs it", dir)
		}
		t.Skipf("@duckdb/node-api is not in %s (npm install @duckdb/node-api there, or set VIEWER_DUCKDB_DIR)", dir)
	}
	f := makeTestFleet(t)
	pq := t.TempDir()
	_, out, _ := run("check", "--jsonl", "--parquet", pq, f.dir)
	objs := jsonLines(t, out)
	script := filepath.Join(dir, "viewer-fleet-test.cjs")
	if err := os.WriteFile(script, []byte(duckDBScript), 0o644); err != nil {
		t.Fatal(err)
	}
	res, err := exec.Command(node, script, pq).Output()
	if err != nil {
		t.Fatalf("node: %v", err)
	}
	var got struct {
		Runs   []struct{ Recording, Faults, Vehicles string }
		Faults []struct {
			Recording, Kind string
			N               int
		}
	}
	if err := json.Unmarshal(res, &got); err != nil {
		t.Fatalf("%v: %s", err, res)
	}
	if len(got.Runs) != len(objs) {
		t.Fatalf("DuckDB reads %d runs, the JSON has %d", len(got.Runs), len(objs))
	}
	kinds := map[[2]string]int{}
	for _, fr := range got.Faults {
		kinds[[2]string{fr.Recording, fr.Kind}] = fr.N
	}
	total := 0
	for _, r := range got.Runs {
		o := objs[r.Recording]
		fs := o["faults"].([]any)
		if r.Faults != fmt.Sprint(len(fs)) || r.Vehicles != fmt.Sprint(o["vehicles_checked"]) {
			t.Errorf("%s: DuckDB %s faults %s vehicles, JSON %d and %v", r.Recording, r.Faults, r.Vehicles, len(fs), o["vehicles_checked"])
		}
		want := map[[2]string]int{}
		for _, x := range fs {
			want[[2]string{r.Recording, x.(map[string]any)["kind"].(string)}]++
		}
		for k, n := range want {
			if kinds[k] != n {
				t.Errorf("%v: DuckDB counts %d, JSON %d", k, kinds[k], n)
			}
			total += n
		}
	}
	if total == 0 {
		t.Error("no fault in the fleet: the comparison proves nothing")
	}
}

const duckDBScript = `const { DuckDBInstance } = require('@duckdb/node-api');
(async () => {
  const db = await DuckDBInstance.create(':memory:');
  const c = await db.connect();
  const dir = process.argv[2];
  const runs = await c.runAndReadAll("SELECT recording, faults::VARCHAR AS faults, vehicles::VARCHAR AS vehicles FROM read_parquet('" + dir + "/runs.parquet') ORDER BY recording");
  const f = await c.runAndReadAll("SELECT recording, kind, count(*)::INTEGER AS n FROM read_parquet('" + dir + "/faults.parquet') GROUP BY ALL ORDER BY ALL");
  console.log(JSON.stringify({runs: runs.getRowObjectsJson(), faults: f.getRowObjectsJson()}));
})().catch(e => { console.error(e); process.exit(1); });
`

// TestTrackParquet: `track --parquet` writes, for every recording given,
// the hero's samples that `track --actor hero` prints as CSV, and names
// the cut one while keeping its whole frames.
func TestTrackParquet(t *testing.T) {
	f := makeTestFleet(t)
	out := filepath.Join(t.TempDir(), "samples.parquet")
	recs := []string{f.cut, f.runs[1], f.runs[2]}
	code, _, stderr := run(append([]string{"track", "--parquet", out}, recs...)...)
	if code != 1 || !strings.Contains(stderr, f.cut+": ") {
		t.Fatalf("exit %d, want 1 naming %s: %s", code, f.cut, stderr)
	}
	rows := readParquet[fleet.SampleRow](t, out)
	for _, rec := range recs[1:] {
		_, csv, _ := run("track", "--actor", "hero", rec, filepath.Join(filepath.Dir(rec), "city.bai"))
		lines := strings.Split(strings.TrimSpace(csv), "\n")[1:]
		var mine []fleet.SampleRow
		for _, r := range rows {
			if r.Recording == rec {
				mine = append(mine, r)
			}
		}
		if len(mine) != len(lines) || len(mine) == 0 {
			t.Fatalf("%s: %d Parquet rows, %d CSV rows", rec, len(mine), len(lines))
		}
		last := mine[len(mine)-1]
		if !strings.HasPrefix(lines[len(lines)-1], fmt.Sprintf("%d,%v,%d,", last.Actor, last.Time, last.Frame)) {
			t.Errorf("%s: last row %+v, CSV %s", rec, last, lines[len(lines)-1])
		}
	}
	if !slices.ContainsFunc(rows, func(r fleet.SampleRow) bool { return r.Recording == f.cut }) {
		t.Error("no samples of the cut recording's whole frames")
	}
}

// TestFleetHero: with --actor hero a run's line counts the hero's faults
// alone, as `check --actor hero` of that recording lists them.
func TestFleetHero(t *testing.T) {
	f := makeTestFleet(t)
	recs := f.runs[1:4]
	_, out, _ := run(append([]string{"check", "--actor", "hero"}, recs...)...)
	lines := strings.Split(out, "\n")
	for i, rec := range recs {
		_, sout, _ := run("check", "--json", "--actor", "hero", rec, filepath.Join(filepath.Dir(rec), "city.bai"))
		var want struct{ Faults []any }
		if err := json.Unmarshal([]byte(sout), &want); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(lines[i]+"  ", fmt.Sprintf("  total %d  ", len(want.Faults))) || !strings.HasPrefix(lines[i], rec) {
			t.Errorf("line %q, want %s with %d faults", lines[i], rec, len(want.Faults))
		}
	}
}
