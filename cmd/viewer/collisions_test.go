package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/mm2carla/viewer/format/recorder"
)

// The real recordings have no collisions: the table is its header alone.
func TestCollisionsReal(t *testing.T) {
	for _, f := range realFiles {
		out := mustRun(t, "collisions", realFile(t, f.file))
		golden(t, "collisions_"+f.tag+".golden", []byte(out))
		const header = "    Time  Types     Id Actor 1                                 Id Actor 2                            \n"
		if !strings.Contains(out, "\n\n"+header+"\nFrames: ") {
			t.Errorf("%s: not an empty table:\n%s", f.tag, out)
		}
		var doc struct {
			Collisions []any `json:"collisions"`
		}
		if err := json.Unmarshal([]byte(mustRun(t, "collisions", realFile(t, f.file), "h", "a", "--json")), &doc); err != nil ||
			doc.Collisions == nil || len(doc.Collisions) != 0 {
			t.Errorf("%s: JSON collisions = %v, %v; want []", f.tag, doc.Collisions, err)
		}
	}
}

// stagedCollisions is a file with a hero that hits a car twice, a walker
// and a traffic sign hit by nothing, and a deletion before a collision.
func stagedCollisions(t *testing.T) string {
	add := func(id uint32, typ recorder.ActorType, desc string, attrs ...recorder.Attribute) recorder.ActorAdd {
		return recorder.ActorAdd{ID: id, Type: typ, Description: desc, Attributes: attrs}
	}
	hit := func(id, a, b uint32, h1, h2 bool) *recorder.Collisions {
		return &recorder.Collisions{Records: []recorder.Collision{{ID: id, Actor1: a, Actor2: b, Hero1: h1, Hero2: h2}}}
	}
	return writeRecording(t, frames(
		[]recorder.Packet{&recorder.EventAdd{Actors: []recorder.ActorAdd{
			add(10, recorder.ActorVehicle, "vehicle.lincoln.mkz_2017", recorder.Attribute{Type: recorder.AttrString, Key: "role_name", Value: "hero"}),
			add(11, recorder.ActorVehicle, "vehicle.tesla.model3"),
			add(12, recorder.ActorWalker, "walker.pedestrian.0001"),
			add(14, recorder.ActorTrafficSign, "traffic.stop"),
		}}},
		[]recorder.Packet{hit(1, 10, 11, true, false)},
		[]recorder.Packet{hit(2, 10, 11, true, false)}, // goes on: no row
		[]recorder.Packet{hit(3, 12, 10, false, true)},
		nil,
		[]recorder.Packet{hit(4, 10, 11, true, false)}, // again after a gap
		[]recorder.Packet{&recorder.EventAdd{Actors: []recorder.ActorAdd{add(20, recorder.ActorVehicle, "vehicle.audi.tt")}}},
		[]recorder.Packet{&recorder.EventDel{IDs: []uint32{11}}},
		[]recorder.Packet{hit(5, 20, 14, false, false)},
	)...)
}

func TestCollisionsStaged(t *testing.T) {
	path := stagedCollisions(t)
	const head = `Version: 1
Map: Town03
Date: 11/23/21 14:08:48

    Time  Types     Id Actor 1                                 Id Actor 2                            
`
	row := func(s string) string { return s + "\n" }
	for _, c := range []struct {
		cats []string
		rows string
	}{
		{nil, row("       1   v v      10 vehicle.lincoln.mkz_2017                11 vehicle.tesla.model3               ") +
			row("       3   w v      12 walker.pedestrian.0001                  10 vehicle.lincoln.mkz_2017           ") +
			row("       5   v v      10 vehicle.lincoln.mkz_2017                11 vehicle.tesla.model3               ") +
			// After actor 11's deletion, actor 20 (created last) keeps its
			// name; a traffic sign is "o", not "h".
			row("       8   v o      20 vehicle.audi.tt                         14 traffic.stop                       ")},
		{[]string{"h", "v"}, row("       1   v v      10 vehicle.lincoln.mkz_2017                11 vehicle.tesla.model3               ") +
			row("       5   v v      10 vehicle.lincoln.mkz_2017                11 vehicle.tesla.model3               ")},
		{[]string{"w", "h"}, row("       3   w v      12 walker.pedestrian.0001                  10 vehicle.lincoln.mkz_2017           ")},
		{[]string{"a", "h"}, row("       3   w v      12 walker.pedestrian.0001                  10 vehicle.lincoln.mkz_2017           ")},
		{[]string{"v", "o"}, row("       8   v o      20 vehicle.audi.tt                         14 traffic.stop                       ")},
		{[]string{"t", "a"}, ""},
	} {
		args := append([]string{"collisions", path}, c.cats...)
		want := head + c.rows + "\nFrames: 9\nDuration: 8 seconds\n"
		if got := mustRun(t, args...); got != want {
			t.Errorf("%v:\ngot\n%q\nwant\n%q", c.cats, got, want)
		}
		var doc struct {
			Collisions []struct {
				Time   float64 `json:"time"`
				Actor1 struct {
					ID          uint32 `json:"id"`
					Category    string `json:"category"`
					Description string `json:"description"`
				} `json:"actor1"`
			} `json:"collisions"`
		}
		if err := json.Unmarshal([]byte(mustRun(t, append(args, "--json")...)), &doc); err != nil {
			t.Fatal(err)
		}
		if len(doc.Collisions) != strings.Count(c.rows, "\n") {
			t.Errorf("%v: %d JSON rows, text has %d", c.cats, len(doc.Collisions), strings.Count(c.rows, "\n"))
		}
		for i, r := range doc.Collisions {
			line := strings.Split(c.rows, "\n")[i]
			if !strings.Contains(line, r.Actor1.Description) || !strings.Contains(line, "   "+r.Actor1.Category+" ") {
				t.Errorf("%v: JSON row %+v vs text %q", c.cats, r, line)
			}
		}
	}
}

// A cut file gives collisions and blocked the rows of the frames read, no
// closing lines, the error naming the file and byte on stderr, exit 1; the
// JSON holds the same error.
func TestTableQueriesTruncated(t *testing.T) {
	const n = 150000
	path := truncated(t, n)
	for _, cmd := range []string{"collisions", "blocked"} {
		code, out, errs := runQuery(cmd, path)
		if code != ExitBadInput || !strings.Contains(out, "    Time ") || strings.Contains(out, "Frames:") ||
			!strings.Contains(errs, path+": recorder: byte 150000: ") {
			t.Errorf("%s: exit %d, stdout\n%s\nstderr %q", cmd, code, out, errs)
		}
		code, out, _ = runQuery(cmd, path, "--json")
		var doc struct {
			Error *struct {
				Offset int64 `json:"offset"`
			} `json:"error"`
		}
		if err := json.Unmarshal([]byte(out), &doc); err != nil || code != ExitBadInput || doc.Error == nil || doc.Error.Offset != n {
			t.Errorf("%s --json: exit %d, %v, error %+v", cmd, code, err, doc.Error)
		}
	}
}
