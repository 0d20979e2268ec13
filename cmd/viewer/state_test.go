package main

import (
	"encoding/json"
	"io"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/mm2carla/viewer/format/recorder"
)

func TestStateGolden(t *testing.T) {
	for _, tt := range []struct {
		file, golden string
		args         []string
	}{
		{realFiles[0].file, "state_0.9.10_0.golden", []string{"--at", "0"}},
		{realFiles[0].file, "state_0.9.10_12.5.golden", []string{"--at", "12.5", "--json"}},
		{realFiles[1].file, "state_0.9.13_5.golden", []string{"--at", "5"}},
		{realFiles[1].file, "state_0.9.13_3.3.golden", []string{"--json", "--at=3.3"}},
	} {
		t.Run(tt.golden, func(t *testing.T) {
			path := realFile(t, tt.file)
			out := mustRun(t, append([]string{"state", path, "--maps", "off"}, tt.args...)...)
			golden(t, tt.golden, []byte(out))
		})
	}
}

type stateDoc struct {
	Time   float64 `json:"time"`
	Frame  uint64  `json:"frame"`
	Actors []struct {
		ID        uint32     `json:"id"`
		Type      uint8      `json:"type"`
		Blueprint string     `json:"blueprint"`
		Parent    uint32     `json:"parent"`
		Hero      bool       `json:"hero"`
		Location  [3]float64 `json:"location"`
		Rotation  [3]float64 `json:"rotation"`
		Speed     float64    `json:"speed"`
	} `json:"actors"`
	Lights []struct {
		ID    uint32 `json:"id"`
		State string `json:"state"`
	} `json:"traffic_lights"`
}

// rawFrame returns the Position records and light states of the frame with
// the given index, straight from the decoder.
func rawFrame(t *testing.T, path string, index int) (map[uint32]recorder.Position, map[uint32]recorder.LightState) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rd, err := recorder.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	frame := -1
	pos, lights := map[uint32]recorder.Position{}, map[uint32]recorder.LightState{}
	for {
		p, err := rd.Next()
		if err == io.EOF {
			t.Fatalf("no frame %d", index)
		}
		if err != nil {
			t.Fatal(err)
		}
		switch p := p.(type) {
		case *recorder.FrameStart:
			frame++
		case *recorder.FrameEnd:
			if frame == index {
				return pos, lights
			}
		case *recorder.Positions:
			if frame == index {
				for _, r := range p.Records {
					pos[r.ID] = r
				}
			}
		case *recorder.TrafficLightStates:
			if frame == index {
				for _, r := range p.Records {
					lights[r.ID] = r.State
				}
			}
		}
	}
}

// TestStateMatchesFile checks the JSON at a frame's own time against the
// decoder's records: the file's centimetres and degrees come back.
func TestStateMatchesFile(t *testing.T) {
	for _, rf := range realFiles {
		path := realFile(t, rf.file)
		var doc stateDoc
		if err := json.Unmarshal([]byte(mustRun(t, "state", path, "--maps", "off", "--at", "0", "--json")), &doc); err != nil {
			t.Fatal(err)
		}
		// Ask again at exactly frame 300's time.
		index := 300
		pos, lights := rawFrame(t, path, index)
		var frameTime float64
		{
			f, _ := os.Open(path)
			ix, err := recorder.BuildIndex(f, fileSize(t, path), nil)
			f.Close()
			if err != nil {
				t.Fatal(err)
			}
			frameTime = ix.Frames[index].Elapsed
		}
		at := strconv.FormatFloat(frameTime, 'g', -1, 64) // reads back exactly
		if err := json.Unmarshal([]byte(mustRun(t, "state", path, "--maps", "off", "--at", at, "--json")), &doc); err != nil {
			t.Fatal(err)
		}
		if doc.Frame != uint64(index+1) || doc.Time != frameTime { // the files number frames from 1
			t.Fatalf("%s: frame %d at %v, want %d at %v", rf.tag, doc.Frame, doc.Time, index+1, frameTime)
		}
		heroes := 0
		for _, a := range doc.Actors {
			r, ok := pos[a.ID]
			if a.Hero {
				heroes++
				if !ok {
					t.Fatalf("%s: the hero has no position in frame %d", rf.tag, index)
				}
			}
			if !ok {
				continue
			}
			want := [6]float64{r.Location.X, r.Location.Y, r.Location.Z, r.Rotation.X, r.Rotation.Y, r.Rotation.Z}
			got := [6]float64{a.Location[0], a.Location[1], a.Location[2], a.Rotation[0], a.Rotation[1], a.Rotation[2]}
			for i := range want {
				if math.Abs(got[i]-want[i]) > 0.0011 {
					t.Fatalf("%s actor %d: %v, file says %v", rf.tag, a.ID, got, want)
				}
			}
		}
		if heroes != 1 {
			t.Errorf("%s: %d heroes", rf.tag, heroes)
		}
		if len(doc.Lights) != len(lights) || len(lights) == 0 {
			t.Fatalf("%s: %d lights, file has %d", rf.tag, len(doc.Lights), len(lights))
		}
		for _, l := range doc.Lights {
			if l.State != lights[l.ID].String() {
				t.Errorf("%s light %d: %s, file says %d", rf.tag, l.ID, l.State, lights[l.ID])
			}
		}
	}
}

func fileSize(t *testing.T, path string) int64 {
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	return fi.Size()
}

func TestStateClamps(t *testing.T) {
	path := realFile(t, realFiles[0].file)
	for _, tt := range []struct{ at, msg, frame string }{
		{"-2", "viewer state: -2 s is before the start of the recording; showing frame 1 at 0 s\n", `"frame": 1,`},
		{"1e9", "viewer state: 1e+09 s is after the end of the recording; showing frame 461 at 15.8809 s\n", `"frame": 461,`},
		{"15.9", "viewer state: 15.9 s is after the end of the recording; showing frame 461 at 15.8809 s\n", `"frame": 461,`},
	} {
		code, out, errs := runQuery("state", path, "--maps", "off", "--at", tt.at, "--json")
		if code != ExitOK || !strings.HasPrefix(errs, tt.msg) || !strings.Contains(out, tt.frame) {
			t.Errorf("--at %s: exit %d, stderr %q, stdout starts %.80q", tt.at, code, errs, out)
		}
	}
	// A time inside the recording says nothing.
	if code, _, errs := runQuery("state", path, "--maps", "off", "--at", "3.25"); code != ExitOK || errs != "" {
		t.Errorf("--at 3.25: exit %d, stderr %q", code, errs)
	}
}

// TestStateJSONSchema checks the document has exactly the fields the
// issue's schema names, with their JSON types, and nothing else.
func TestStateJSONSchema(t *testing.T) {
	keys := func(m map[string]any) string {
		var k []string
		for key := range m {
			k = append(k, key)
		}
		slices.Sort(k)
		return strings.Join(k, " ")
	}
	for _, rf := range realFiles {
		path := realFile(t, rf.file)
		for _, at := range []string{"0", "7.77", "1e9"} {
			code, out, _ := runQuery("state", path, "--maps", "off", "--at", at, "--json")
			var doc map[string]any
			if err := json.Unmarshal([]byte(out), &doc); code != ExitOK || err != nil {
				t.Fatalf("%s --at %s: exit %d, %v", rf.tag, at, code, err)
			}
			if got := keys(doc); got != "actors frame time traffic_lights" {
				t.Fatalf("%s --at %s: document keys %q", rf.tag, at, got)
			}
			if _, ok := doc["time"].(float64); !ok {
				t.Errorf("time %#v is not a number", doc["time"])
			}
			if _, ok := doc["frame"].(float64); !ok {
				t.Errorf("frame %#v is not a number", doc["frame"])
			}
			actors, _ := doc["actors"].([]any)
			if len(actors) < 100 {
				t.Fatalf("%s --at %s: %d actors", rf.tag, at, len(actors))
			}
			for _, a := range actors {
				a := a.(map[string]any)
				if got := keys(a); got != "blueprint hero id location parent rotation speed type" {
					t.Fatalf("actor keys %q", got)
				}
				loc, _ := a["location"].([]any)
				rot, _ := a["rotation"].([]any)
				_, isBool := a["hero"].(bool)
				_, isStr := a["blueprint"].(string)
				if len(loc) != 3 || len(rot) != 3 || !isBool || !isStr {
					t.Fatalf("actor %v", a)
				}
			}
			lights, _ := doc["traffic_lights"].([]any)
			if len(lights) == 0 {
				t.Fatalf("%s --at %s: no traffic lights", rf.tag, at)
			}
			for _, l := range lights {
				l := l.(map[string]any)
				if got := keys(l); got != "id state" {
					t.Fatalf("light keys %q", got)
				}
				if st := l["state"]; st != "red" && st != "yellow" && st != "green" && st != "off" {
					t.Fatalf("light state %v", st)
				}
			}
		}
	}
}

// TestStateProblems: the real files' last frame destroys the hero but not
// its five sensors. The text lists the problems after the lights; the
// JSON document stays to the schema and they go to standard error.
func TestStateProblems(t *testing.T) {
	path := realFile(t, realFiles[1].file)
	code, out, errs := runQuery("state", path, "--maps", "off", "--at", "100")
	if code != ExitOK || !strings.Contains(out, "\nProblems: 5\n") || strings.Contains(errs, "does not exist") {
		t.Errorf("text: exit %d, problems in stdout %v, stderr %q", code, strings.Contains(out, "Problems: 5"), errs)
	}
	code, out, errs = runQuery("state", path, "--maps", "off", "--at", "100", "--json")
	if code != ExitOK || strings.Contains(out, "does not exist") || strings.Count(errs, "does not exist; left where it was\n") != 5 {
		t.Errorf("json: exit %d, stderr %q", code, errs)
	}
}

func TestStateErrors(t *testing.T) {
	path := realFile(t, realFiles[1].file)
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	cut := filepath.Join(dir, "cut.log")
	if err := os.WriteFile(cut, data[:len(data)/2], 0o644); err != nil {
		t.Fatal(err)
	}
	junk := filepath.Join(dir, "junk.log")
	os.WriteFile(junk, []byte("not a recording at all"), 0o644)
	bai := filepath.Join(dir, "city.bai")
	os.WriteFile(bai, []byte("CAI1\x00\x00\x00\x00"), 0o644)

	for _, tt := range []struct {
		args     []string
		code     int
		errWants []string
		outWants string
	}{
		{[]string{"state", path}, ExitUsage, []string{"--at SECONDS is required"}, ""},
		{[]string{"state", "--at", "1"}, ExitUsage, []string{"want one FILE"}, ""},
		{[]string{"state", path, "--at", "soon"}, ExitUsage, []string{`--at "soon"`}, ""},
		{[]string{"state", path, "--at", "NaN"}, ExitUsage, []string{"want a number"}, ""},
		{[]string{"state", path, "--at", "1", "--bogus"}, ExitUsage, []string{"bogus"}, ""},
		{[]string{"state", filepath.Join(dir, "missing.log"), "--at", "1"}, ExitBadInput, []string{"missing.log"}, ""},
		{[]string{"state", junk, "--at", "1"}, ExitBadInput, []string{"junk.log", "byte 2", "not a CARLA recorder file"}, ""},
		{[]string{"state", bai, "--at", "1"}, ExitBadInput, []string{"city.bai: recorder: byte 2", "(it is a Midtown Madness 2 AI map: viewer bai summarises it; give it after a recording)"}, ""},
		// A cut file shows what it has, then names the file and the offset.
		{[]string{"state", cut, "--at", "100"}, ExitBadInput, []string{"cut.log: recorder: byte 856114:", "showing frame 212"}, "Actors: 178"},
	} {
		code, out, errs := runQuery(tt.args...)
		if code != tt.code {
			t.Errorf("%v: exit %d, want %d (stderr %q)", tt.args, code, tt.code, errs)
		}
		for _, w := range tt.errWants {
			if !strings.Contains(errs, w) {
				t.Errorf("%v: stderr %q lacks %q", tt.args, errs, w)
			}
		}
		if !strings.Contains(out, tt.outWants) {
			t.Errorf("%v: stdout lacks %q", tt.args, tt.outWants)
		}
	}
}
