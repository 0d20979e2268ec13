package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/mm2carla/viewer/format/recorder"
)

// With CARLA's defaults the real recordings have no blocked actor; with 5 s
// the 0.9.13 one shows the props and the hero waiting at the start.
func TestBlockedReal(t *testing.T) {
	const header = "    Time     Id Actor                                 Duration\n"
	for _, f := range realFiles {
		out := mustRun(t, "blocked", realFile(t, f.file))
		golden(t, "blocked_"+f.tag+".golden", []byte(out))
		if !strings.Contains(out, "\n\n"+header+"\nFrames: ") {
			t.Errorf("%s: not an empty table:\n%s", f.tag, out)
		}
	}
	path := realFile(t, realFiles[1].file)
	out := mustRun(t, "blocked", path, "--time", "5")
	golden(t, "blocked_0.9.13_5s.golden", []byte(out))
	var doc struct {
		Blocked []struct {
			ID          uint32  `json:"id"`
			Description string  `json:"description"`
			Duration    float64 `json:"duration"`
			End         string  `json:"end"`
		} `json:"blocked"`
	}
	if err := json.Unmarshal([]byte(mustRun(t, "blocked", "--json", path, "--time", "5")), &doc); err != nil {
		t.Fatal(err)
	}
	rows := strings.Split(strings.TrimSpace(out[strings.Index(out, header)+len(header):strings.Index(out, "\n\nFrames:")]), "\n")
	if len(rows) != len(doc.Blocked) || len(rows) == 0 {
		t.Fatalf("%d text rows, %d JSON rows", len(rows), len(doc.Blocked))
	}
	for i, r := range doc.Blocked {
		if !strings.Contains(rows[i], " "+r.Description+" ") || r.Duration < 5 || i > 0 && r.Duration > doc.Blocked[i-1].Duration {
			t.Errorf("JSON row %d %+v vs text %q", i, r, rows[i])
		}
	}
}

// Actor 1 waits and is destroyed; actor 2, created last, waits to the end.
// CARLA's deletion would forget actor 2 instead of actor 1.
func TestBlockedStaged(t *testing.T) {
	at := func(id uint32, x float64) recorder.Position {
		return recorder.Position{ID: id, Location: recorder.Vec3{X: x, Y: 100}}
	}
	fs := [][]recorder.Packet{{
		&recorder.EventAdd{Actors: []recorder.ActorAdd{{ID: 1, Type: recorder.ActorVehicle, Description: "vehicle.a"}}},
		&recorder.EventAdd{Actors: []recorder.ActorAdd{{ID: 2, Type: recorder.ActorWalker, Description: "walker.b"}}},
		&recorder.Positions{Records: []recorder.Position{at(1, 0), at(2, 5000)}},
	}}
	for f := 1; f <= 60; f++ {
		switch {
		case f < 40:
			fs = append(fs, []recorder.Packet{&recorder.Positions{Records: []recorder.Position{at(1, 50), at(2, 5000+float64(f%3))}}})
		case f == 40:
			fs = append(fs, []recorder.Packet{&recorder.EventDel{IDs: []uint32{1}}, &recorder.Positions{Records: []recorder.Position{at(2, 5000)}}})
		default:
			fs = append(fs, []recorder.Packet{&recorder.Positions{Records: []recorder.Position{at(2, 5000)}}})
		}
	}
	path := writeRecording(t, frames(fs...)...)
	const want = `Version: 1
Map: Town03
Date: 11/23/21 14:08:48

    Time     Id Actor                                 Duration
       1      2 walker.b                                    59
       1      1 vehicle.a                                   39

Frames: 61
Duration: 60 seconds
`
	if got := mustRun(t, "blocked", path); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	// 40 s hides actor 1. Under 1 cm, actor 2's jitter is a move until t=39
	// (its last move), so that it waits from t=40: 20 s.
	out := mustRun(t, "blocked", path, "--time", "40")
	if !strings.Contains(out, "walker.b") || strings.Contains(out, "vehicle.a") {
		t.Errorf("--time 40:\n%s", out)
	}
	out = mustRun(t, "blocked", path, "--distance", "1", "--time", "10")
	if !strings.Contains(out, "      40      2 walker.b                                    20\n") {
		t.Errorf("--distance 1:\n%s", out)
	}
	var doc struct {
		Blocked []struct {
			ID  uint32 `json:"id"`
			End string `json:"end"`
		} `json:"blocked"`
	}
	if err := json.Unmarshal([]byte(mustRun(t, "blocked", path, "--json")), &doc); err != nil {
		t.Fatal(err)
	}
	if len(doc.Blocked) != 2 || doc.Blocked[0].End != "end" || doc.Blocked[1].End != "destroyed" {
		t.Errorf("JSON rows = %+v", doc.Blocked)
	}
}
