package main

import (
	"bytes"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/mm2carla/viewer/format/recorder"
)

// carlaDir holds the real recordings, outside the repository.
const carlaDir = "../../../shared/testdata/carla"

// realFiles are the real recordings and the names of their golden files.
var realFiles = []struct{ file, tag string }{
	{"carla-0.9.10-town01-lanecenter.log", "0.9.10"},
	{"carla-0.9.13-town01-lanecenter.log", "0.9.13"},
}

// realFile returns the path of a real recording, skipping the test when
// the directory is absent (failing instead when CI is set).
func realFile(t *testing.T, name string) string {
	t.Helper()
	path := filepath.Join(carlaDir, name)
	if _, err := os.Stat(path); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("CI is set and the real recording is missing: %v", err)
		}
		t.Skipf("real recording absent: %v", err)
	}
	return path
}

// runQuery runs the viewer with TZ=UTC, so that dates do not depend on the
// machine's zone.
func runQuery(args ...string) (code int, stdout, stderr string) {
	var out, errb bytes.Buffer
	env := &Env{Stdout: &out, Stderr: &errb, Getenv: func(k string) string {
		if k == "TZ" {
			return "UTC"
		}
		return ""
	}}
	code = Main(env, args)
	return code, out.String(), errb.String()
}

// mustRun runs a command that must succeed.
func mustRun(t *testing.T, args ...string) string {
	t.Helper()
	code, out, errs := runQuery(args...)
	if code != ExitOK {
		t.Fatalf("viewer %s: exit %d, stderr %s", strings.Join(args, " "), code, errs)
	}
	return out
}

// maxGolden is the largest output kept whole in a golden file; a larger
// one keeps its first headLines lines and the hash of the whole.
const (
	maxGolden = 2 << 20
	headLines = 400
)

// headAndHash shortens a large output for its golden file.
func headAndHash(out string) []byte {
	if len(out) <= maxGolden {
		return []byte(out)
	}
	lines := strings.SplitAfterN(out, "\n", headLines+1)
	head := strings.Join(lines[:headLines], "")
	return fmt.Appendf(nil, "%s... (%d bytes in all, sha256 %x)\n", head, len(out), sha256.Sum256([]byte(out)))
}

func TestInfoGolden(t *testing.T) {
	for _, f := range realFiles {
		path := realFile(t, f.file)
		golden(t, "info_"+f.tag+".golden", []byte(mustRun(t, "info", path)))
	}
}

func TestInfoAllGolden(t *testing.T) {
	for _, f := range realFiles {
		path := realFile(t, f.file)
		out := mustRun(t, "info", path, "--all")
		// The events are the same lines with or without --all.
		plain := mustRun(t, "info", path)
		if !strings.HasPrefix(out, plain[:strings.Index(plain, "\nFrame 1 ")]) ||
			!strings.HasSuffix(out, plain[strings.LastIndex(plain, "\nFrames: "):]) {
			t.Errorf("%s: --all does not keep the header and the closing lines", f.tag)
		}
		golden(t, "info_all_"+f.tag+".golden", headAndHash(out))
	}
}

// The facts of the shared README: frames, duration, map.
func TestInfoFacts(t *testing.T) {
	for _, c := range []struct {
		file, frames, duration string
	}{
		{"carla-0.9.10-town01-lanecenter.log", "461", "15.8809"},
		{"carla-0.9.13-town01-lanecenter.log", "432", "12.5282"},
	} {
		out := mustRun(t, "info", realFile(t, c.file))
		want := "\nFrames: " + c.frames + "\nDuration: " + c.duration + " seconds\n"
		if !strings.HasSuffix(out, want) || !strings.Contains(out, "\nMap: Town01\n") {
			t.Errorf("%s: does not end with %q", c.file, want)
		}
	}
}

// infoJSONDoc is the part of the info JSON the tests compare with the text.
type infoJSONDoc struct {
	Header struct {
		Version int    `json:"version"`
		Map     string `json:"map"`
		Date    string `json:"date"`
	} `json:"header"`
	Frames []struct {
		Frame   uint64            `json:"frame"`
		Elapsed float64           `json:"elapsed"`
		Events  []map[string]any  `json:"events"`
		Packets []json.RawMessage `json:"packets"`
	} `json:"frames"`
	Totals struct {
		Frames     uint64  `json:"frames"`
		Duration   float64 `json:"duration"`
		FrameCount int     `json:"frame_count"`
		Created    int     `json:"actors_created"`
		Destroyed  int     `json:"actors_destroyed"`
		Parented   int     `json:"parentings"`
	} `json:"totals"`
	Error *struct {
		Message string `json:"message"`
		Offset  int64  `json:"offset"`
	} `json:"error"`
}

// The JSON says what the text says: same frames, same events, same totals.
func TestInfoJSONAgreesWithText(t *testing.T) {
	for _, f := range realFiles {
		path := realFile(t, f.file)
		text := mustRun(t, "info", path)
		var doc infoJSONDoc
		if err := json.Unmarshal([]byte(mustRun(t, "info", path, "--json")), &doc); err != nil {
			t.Fatalf("%s: %v", f.tag, err)
		}
		frameLine := regexp.MustCompile(`(?m)^Frame (\d+) at (\S+) seconds$`)
		lines := frameLine.FindAllStringSubmatch(text, -1)
		if len(lines) != len(doc.Frames) {
			t.Fatalf("%s: %d frame lines, %d JSON frames", f.tag, len(lines), len(doc.Frames))
		}
		counts := map[string]int{}
		for i, fr := range doc.Frames {
			if strconv.FormatUint(fr.Frame, 10) != lines[i][1] {
				t.Errorf("%s: frame %d vs line %q", f.tag, fr.Frame, lines[i][0])
			}
			if got := strconv.FormatFloat(fr.Elapsed, 'g', 6, 64); got != lines[i][2] {
				t.Errorf("%s: frame %d elapsed %s vs %s", f.tag, fr.Frame, got, lines[i][2])
			}
			for _, e := range fr.Events {
				counts[e["event"].(string)]++
			}
		}
		for ev, prefix := range map[string]string{"create": " Create ", "destroy": " Destroy ", "parent": " Parenting ", "collision": " Collision "} {
			if n := strings.Count(text, "\n"+prefix); n != counts[ev] {
				t.Errorf("%s: %d %q lines, %d %s events", f.tag, n, prefix, counts[ev], ev)
			}
		}
		tot := doc.Totals
		if tot.Created != counts["create"] || tot.Destroyed != counts["destroy"] || tot.Parented != counts["parent"] {
			t.Errorf("%s: totals %+v vs events %v", f.tag, tot, counts)
		}
		footer := fmt.Sprintf("\nFrames: %d\nDuration: %s seconds\n", tot.Frames, strconv.FormatFloat(tot.Duration, 'g', 6, 64))
		if !strings.HasSuffix(text, footer) || tot.FrameCount != int(tot.Frames) {
			t.Errorf("%s: totals %+v do not match the text's end", f.tag, tot)
		}
		if doc.Header.Version != 1 || doc.Header.Map != "Town01" || !strings.HasSuffix(doc.Header.Date, "Z") || doc.Error != nil {
			t.Errorf("%s: header %+v, error %+v", f.tag, doc.Header, doc.Error)
		}
	}
}

func TestInfoAllJSON(t *testing.T) {
	path := realFile(t, realFiles[0].file)
	var doc infoJSONDoc
	if err := json.Unmarshal([]byte(mustRun(t, "info", path, "--all", "--json")), &doc); err != nil {
		t.Fatal(err)
	}
	if len(doc.Frames) != doc.Totals.FrameCount || doc.Totals.FrameCount != 461 {
		t.Fatalf("%d frames listed, %d read", len(doc.Frames), doc.Totals.FrameCount)
	}
	var first struct {
		Packet  string `json:"packet"`
		Records []struct {
			ID       uint32             `json:"id"`
			Location map[string]float64 `json:"location"`
		} `json:"records"`
	}
	for _, p := range doc.Frames[1].Packets {
		if err := json.Unmarshal(p, &first); err == nil && first.Packet == "positions" {
			break
		}
	}
	if first.Packet != "positions" || len(first.Records) == 0 || first.Records[0].Location == nil {
		t.Errorf("frame 2 has no positions packet: %+v", first)
	}
}

// truncated writes the first n bytes of a real recording to a temporary
// file.
func truncated(t *testing.T, n int) string {
	data, err := os.ReadFile(realFile(t, realFiles[0].file))
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "cut.log")
	if err := os.WriteFile(path, data[:n], 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// A cut file prints its complete frames, then the error, with the file's
// name and the byte offset, and exits 1.
func TestInfoTruncated(t *testing.T) {
	const n = 150000
	path := truncated(t, n)
	code, out, errs := runQuery("info", path)
	if code != ExitBadInput {
		t.Fatalf("exit %d, want %d", code, ExitBadInput)
	}
	if !strings.Contains(errs, path+": ") || !regexp.MustCompile(`byte \d+`).MatchString(errs) {
		t.Errorf("stderr %q does not name the file and the offset", errs)
	}
	full := mustRun(t, "info", realFile(t, realFiles[0].file))
	body := full[:strings.LastIndex(full, "\nFrames: ")]
	if !strings.HasPrefix(body, out) || strings.Contains(out, "Frames: ") || !strings.Contains(out, "Frame 1 at 0 seconds") {
		t.Errorf("the output is not the start of the whole file's")
	}
	// The JSON holds the same error, and parses.
	code, out, _ = runQuery("info", path, "--json")
	var doc infoJSONDoc
	if err := json.Unmarshal([]byte(out), &doc); err != nil || code != ExitBadInput {
		t.Fatalf("exit %d, %v", code, err)
	}
	if doc.Error == nil || doc.Error.Offset <= 0 || doc.Error.Offset > n || !strings.Contains(errs, strconv.FormatInt(doc.Error.Offset, 10)) {
		t.Errorf("error = %+v; stderr %q", doc.Error, errs)
	}
}

func TestInfoBadInput(t *testing.T) {
	dir := t.TempDir()
	notRec := filepath.Join(dir, "notes.txt")
	os.WriteFile(notRec, []byte("\x01\x00this is not a recording at all, it is text"), 0o644)
	empty := filepath.Join(dir, "empty.log")
	os.WriteFile(empty, nil, 0o644)
	bai := filepath.Join(dir, "city.bai")
	os.WriteFile(bai, []byte("CAI1\x00\x00\x00\x00"), 0o644)
	xodr := filepath.Join(dir, "town.xodr")
	os.WriteFile(xodr, []byte("<?xml version=\"1.0\"?>\n<OpenDRIVE><header/></OpenDRIVE>"), 0o644)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"info", notRec}, "not a CARLA recorder file"},
		{[]string{"collisions", notRec}, "not a CARLA recorder file"},
		{[]string{"blocked", notRec}, "not a CARLA recorder file"},
		{[]string{"info", bai}, "magic is not here (it is a Midtown Madness 2 AI map: viewer bai summarises it"},
		{[]string{"collisions", xodr}, "magic is not here (it is an OpenDRIVE map: give it after a recording)"},
		{[]string{"info", empty}, empty + ": recorder: byte"},
		{[]string{"info", filepath.Join(dir, "missing.log")}, "missing.log"},
	} {
		code, out, errs := runQuery(c.args...)
		if code != ExitBadInput || !strings.Contains(errs, c.want) || out != "" {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit 1 and %q", c.args, code, out, errs, c.want)
		}
		if !strings.Contains(errs, c.args[1]) {
			t.Errorf("%v: stderr %q does not name the file", c.args, errs)
		}
	}
}

func TestQueryUsage(t *testing.T) {
	for _, args := range [][]string{
		{"info"},
		{"info", "a.log", "b.log"},
		{"info", "--bogus", "a.log"},
		{"collisions"},
		{"collisions", "a.log", "v"},
		{"collisions", "a.log", "x", "a"},
		{"collisions", "a.log", "vv", "a"},
		{"blocked"},
		{"blocked", "a.log", "--time", "-1"},
		{"blocked", "a.log", "--distance", "NaN"},
		{"blocked", "a.log", "--time", "soon"},
	} {
		code, _, errs := runQuery(args...)
		if code != ExitUsage || !strings.Contains(errs, "usage: viewer "+args[0]) {
			t.Errorf("%v: exit %d, stderr %q; want exit 2 with the usage", args, code, errs)
		}
	}
}

func TestQueryHelp(t *testing.T) {
	for cmd, want := range map[string]string{
		"info":       "show_recorder_file_info",
		"collisions": "show_recorder_collisions",
		"blocked":    "show_recorder_actors_blocked",
	} {
		code, out, _ := runQuery(cmd, "-h")
		if code != ExitOK || strings.Count(out, "usage: viewer "+cmd+" FILE") != 1 || !strings.Contains(out, want) ||
			!strings.Contains(out, "-json") {
			t.Errorf("%s -h: exit %d\n%s", cmd, code, out)
		}
	}
}

// writeRecording writes a staged recording to a temporary file.
func writeRecording(t *testing.T, ps ...recorder.Packet) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "staged.log")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	w, err := recorder.NewWriter(f, recorder.Header{Version: 1, Date: 1637676528, Map: "Town03"}, recorder.Layout{})
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range ps {
		w.Write(p)
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	return path
}

// frames turns lists of packets into frames of 1 s, the last one with
// duration -1 as CARLA leaves it.
func frames(fs ...[]recorder.Packet) []recorder.Packet {
	var out []recorder.Packet
	for i, f := range fs {
		d := 1.0
		if i == len(fs)-1 {
			d = -1
		}
		out = append(out, &recorder.FrameStart{Frame: uint64(i + 1), Duration: d, Elapsed: float64(i)})
		out = append(out, f...)
		out = append(out, &recorder.FrameEnd{})
	}
	return out
}
