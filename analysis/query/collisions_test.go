package query

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/mm2carla/viewer/format/recorder"
)

// collisionRecording stages collisions that start, continue, stop and
// start again, with every category, a non-actor, a duplicate and a
// deletion.
func collisionRecording() *memSource {
	var s staged
	s.frame(1, add(
		actor(10, recorder.ActorVehicle, "vehicle.lincoln.mkz_2017", hero()),
		actor(11, recorder.ActorVehicle, "vehicle.tesla.model3"),
		actor(12, recorder.ActorWalker, "walker.pedestrian.0001"),
		actor(13, recorder.ActorTrafficLight, "traffic.traffic_light"),
		actor(14, recorder.ActorTrafficSign, "traffic.stop"),
	))
	s.frame(1, collisions(collide(1, 10, 11, true, false)))                                  // t=1 starts
	s.frame(1, collisions(collide(2, 10, 11, true, false), collide(3, 10, 12, true, false))) // t=2 10-11 goes on, 10-12 starts
	s.frame(1)                                                                               // t=3 none
	s.frame(1, collisions(collide(4, 10, 11, true, false), collide(5, 14, noActor, false, false),
		collide(6, 12, 13, false, false), collide(7, 12, 13, false, false))) // t=4: 10-11 again; 12-13 twice
	s.frame(1, add(actor(20, recorder.ActorVehicle, "vehicle.audi.tt"))) // t=5
	s.frame(1, del(11))                                                  // t=6
	s.frame(1, collisions(collide(8, 20, 10, false, true)))              // t=7
	return s.source()
}

// rowsOf lists rows as "time id1-id2 c1c2".
func rowsOf(r *CollisionReport) string {
	var out []string
	for _, row := range r.Rows {
		out = append(out, fmt.Sprintf("%g %d-%d %c%c", row.Time, row.Actor1.ID, row.Actor2.ID,
			row.Actor1.Category, row.Actor2.Category))
	}
	return strings.Join(out, ", ")
}

func TestCollisions(t *testing.T) {
	for _, c := range []struct {
		cat1, cat2 byte
		want       string
	}{
		{'a', 'a', "1 10-11 vv, 2 10-12 vw, 4 10-11 vv, 4 14-4294967295 oo, 4 12-13 wt, 7 20-10 vv"},
		{'h', 'a', "1 10-11 vv, 2 10-12 vw, 4 10-11 vv"},
		{'h', 'v', "1 10-11 vv, 4 10-11 vv"},
		{'v', 'w', "2 10-12 vw"},
		{'w', 't', "4 12-13 wt"},
		{'o', 'o', "4 14-4294967295 oo"}, // a traffic sign is "other", not "hero"
		{'a', 'h', "7 20-10 vv"},
		{'t', 'a', ""},
	} {
		r, err := Collisions(collisionRecording(), c.cat1, c.cat2)
		if err != nil {
			t.Fatal(err)
		}
		if got := rowsOf(r); got != c.want {
			t.Errorf("%c %c: got %s\nwant %s", c.cat1, c.cat2, got, c.want)
		}
	}
}

// CARLA's delete erases the last created actor (20) instead of the
// destroyed one (11): 20 would lose its name and category. We keep them.
func TestCollisionsDeleteForgetsTheRightActor(t *testing.T) {
	r, err := Collisions(collisionRecording(), 'v', 'h')
	if err != nil {
		t.Fatal(err)
	}
	last := r.Rows[len(r.Rows)-1]
	if last.Actor1.ID != 20 || last.Actor1.Description != "vehicle.audi.tt" || last.Actor1.Category != 'v' {
		t.Errorf("actor created last, after a deletion: %+v", last.Actor1)
	}
	// The destroyed actor is forgotten: a later collision shows no name.
	var s staged
	s.frame(1, add(actor(11, recorder.ActorVehicle, "vehicle.tesla.model3"), actor(12, recorder.ActorVehicle, "x")))
	s.frame(1, del(11))
	s.frame(1, collisions(collide(1, 11, 12, false, false)))
	r, _ = Collisions(s.source(), 'a', 'a')
	if len(r.Rows) != 1 || r.Rows[0].Actor1.Description != "" || r.Rows[0].Actor1.Category != 'o' ||
		r.Rows[0].Actor2.Description != "x" {
		t.Errorf("rows = %+v", r.Rows)
	}
}

func TestCollisionsBadCategory(t *testing.T) {
	if _, err := Collisions(collisionRecording(), 'x', 'a'); err == nil {
		t.Error("no error for category x")
	}
}

const collisionsText = `Version: 1
Map: Town01
Date: 11/23/21 14:08:48

    Time  Types     Id Actor 1                                 Id Actor 2                            
       1   v v      10 vehicle.lincoln.mkz_2017                11 vehicle.tesla.model3               
       4   v v      10 vehicle.lincoln.mkz_2017                11 vehicle.tesla.model3               

Frames: 8
Duration: 7 seconds
`

func TestCollisionsText(t *testing.T) {
	r, err := Collisions(collisionRecording(), 'h', 'v')
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := r.WriteText(&b, time.UTC); err != nil {
		t.Fatal(err)
	}
	if b.String() != collisionsText {
		t.Errorf("got\n%q\nwant\n%q", b.String(), collisionsText)
	}
}

func TestCollisionsJSON(t *testing.T) {
	r, err := Collisions(collisionRecording(), 'a', 'a')
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := r.WriteJSON(&b, time.UTC); err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Category1, Category2 string
		Collisions           []struct {
			Frame       uint64  `json:"frame"`
			Time        float64 `json:"time"`
			CollisionID uint32  `json:"collision_id"`
			Actor1      struct {
				ID          uint32 `json:"id"`
				Category    string `json:"category"`
				Hero        bool   `json:"hero"`
				Description string `json:"description"`
			} `json:"actor1"`
		} `json:"collisions"`
		Totals map[string]float64 `json:"totals"`
		Error  any                `json:"error"`
	}
	if err := json.Unmarshal(b.Bytes(), &doc); err != nil {
		t.Fatal(err)
	}
	if doc.Category1 != "a" || len(doc.Collisions) != len(r.Rows) || doc.Error != nil || doc.Totals["frames"] != 8 {
		t.Fatalf("doc = %+v", doc)
	}
	c := doc.Collisions[0]
	if c.Frame != 2 || c.Time != 1 || c.CollisionID != 1 || c.Actor1.ID != 10 || c.Actor1.Category != "v" ||
		!c.Actor1.Hero || c.Actor1.Description != "vehicle.lincoln.mkz_2017" {
		t.Errorf("first row = %+v", c)
	}
}

// A decode error keeps the rows found before it, and the text leaves out
// the closing lines.
func TestCollisionsError(t *testing.T) {
	src := collisionRecording()
	src.ps = src.ps[:12] // through frame 3
	src.err = &recorder.FormatError{Offset: 99, Packet: -1, Msg: "cut"}
	r, err := Collisions(src, 'a', 'a')
	if err == nil || r.Err != err {
		t.Fatalf("err = %v, report err = %v", err, r.Err)
	}
	if got := rowsOf(r); got != "1 10-11 vv, 2 10-12 vw" {
		t.Errorf("rows = %s", got)
	}
	var b bytes.Buffer
	r.WriteText(&b, time.UTC)
	if strings.Contains(b.String(), "Frames:") {
		t.Errorf("closing lines after an error:\n%s", b.String())
	}
}
