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

// blockedOf lists rows as "id desc time+duration end".
func blockedOf(r *BlockedReport) string {
	var out []string
	for _, row := range r.Rows {
		out = append(out, fmt.Sprintf("%d %s %g+%g %v", row.ID, row.Description, row.Time, row.Duration, row.End))
	}
	return strings.Join(out, ", ")
}

// A vehicle drives, waits 42 s with small jitter, and drives on; another
// never stops.
func TestBlockedStop(t *testing.T) {
	var s staged
	s.frame(1, add(actor(1, recorder.ActorVehicle, "vehicle.a"), actor(2, recorder.ActorVehicle, "vehicle.b")))
	for f := 1; f <= 50; f++ { // frame f+1 at t=f
		x := 1000.0 // reaches x=1000 at t=2 and stays ...
		switch {
		case f < 3:
			x = float64(f) * 500
		case f >= 46: // ... until it leaves at t=46
			x = 2000
		case f%2 == 0:
			x += 60 // jitter under 1 m
		}
		s.frame(1, positions(pos(1, x, 0), pos(2, float64(f)*1000, 0)))
	}
	r, err := Blocked(s.source(), DefaultBlockedTime, DefaultBlockedDistance)
	if err != nil {
		t.Fatal(err)
	}
	// t=3 (frame 4) is the first time within 1 m of where it stopped;
	// t=3..45 are 43 frames of 1 s.
	if got := blockedOf(r); got != "1 vehicle.a 3+43 moved" {
		t.Errorf("got %s", got)
	}
	if r.Rows[0].Frame != 4 || r.Rows[0].Location.X != 1000 {
		t.Errorf("row = %+v", r.Rows[0])
	}
	if r, _ := Blocked(s.source(), 43.5, 100); len(r.Rows) != 0 {
		t.Errorf("min time 43.5: %s", blockedOf(r))
	}
	// Under 60 cm the jitter is a move: no stop lasts.
	if r, _ := Blocked(s.source(), 30, 50); len(r.Rows) != 0 {
		t.Errorf("min distance 50: %s", blockedOf(r))
	}
}

// The scenario of CARLA's deletion bug: actor 1 is destroyed after a long
// stop while actor 2, created last, stands still to the end. CARLA would
// erase actor 2 (the last created) on the deletion: actor 2 would lose its
// name and restart its stop, and actor 1 would linger. We report both
// right: actor 1 blocked until it was destroyed, actor 2 to the end.
func TestBlockedDeleteForgetsTheRightActor(t *testing.T) {
	var s staged
	s.frame(1, add(actor(1, recorder.ActorVehicle, "vehicle.a")), add(actor(2, recorder.ActorVehicle, "vehicle.b")),
		positions(pos(1, 500, 500), pos(2, 900, 900)))
	for f := 2; f <= 61; f++ {
		var ps []recorder.Packet
		if f == 41 {
			ps = append(ps, del(1))
		}
		if f < 41 {
			ps = append(ps, positions(pos(1, 500, 500), pos(2, 900, 900)))
		} else {
			ps = append(ps, positions(pos(2, 900, 900)))
		}
		s.frame(1, ps...)
	}
	r, err := Blocked(s.source(), 30, 100)
	if err != nil {
		t.Fatal(err)
	}
	// Actor 2 stands from frame 2 (t=1) to the last frame, whose duration
	// (-1 in the file) adds nothing: 59 s. Actor 1 from t=1 to frame 40: 39 s.
	if got := blockedOf(r); got != "2 vehicle.b 1+59 end, 1 vehicle.a 1+39 destroyed" {
		t.Errorf("got %s", got)
	}
	var b bytes.Buffer
	if err := r.WriteText(&b, time.UTC); err != nil {
		t.Fatal(err)
	}
	const want = `Version: 1
Map: Town01
Date: 11/23/21 14:08:48

    Time     Id Actor                                 Duration
       1      2 vehicle.b                                   59
       1      1 vehicle.a                                   39

Frames: 61
Duration: 60 seconds
`
	if b.String() != want {
		t.Errorf("got\n%q\nwant\n%q", b.String(), want)
	}
}

// CARLA measures the first position against the origin; an actor that
// starts near it would count as stopped from its first frame. We start
// counting at the second.
func TestBlockedFirstPosition(t *testing.T) {
	var s staged
	s.frame(1, add(actor(3, recorder.ActorOther, "static.prop")), positions(pos(3, 10, 0)))
	for range 40 {
		s.frame(1, positions(pos(3, 10, 0)))
	}
	s.frame(1)
	r, _ := Blocked(s.source(), 30, 100)
	if got := blockedOf(r); got != "3 static.prop 1+40 end" {
		t.Errorf("got %s", got)
	}
}

func TestBlockedBadLimits(t *testing.T) {
	for _, c := range [][2]float64{{-1, 100}, {30, -1}, {nan(), 100}, {30, inf()}} {
		if _, err := Blocked(&memSource{}, c[0], c[1]); err == nil {
			t.Errorf("no error for %v", c)
		}
	}
}

func nan() float64 { z := 0.0; return z / z }
func inf() float64 { z := 0.0; return 1 / z }

func TestBlockedJSON(t *testing.T) {
	var s staged
	s.frame(1, add(actor(1, recorder.ActorVehicle, "vehicle.a")), positions(pos(1, 5, 6)))
	for range 35 {
		s.frame(0.5, positions(pos(1, 5, 6)))
	}
	s.frame(1, positions(pos(1, 500, 6)))
	r, err := Blocked(s.source(), 10, 100)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := r.WriteJSON(&b, time.UTC); err != nil {
		t.Fatal(err)
	}
	var doc struct {
		MinTime       float64 `json:"min_time"`
		MinDistanceCM float64 `json:"min_distance_cm"`
		Blocked       []struct {
			ID          uint32             `json:"id"`
			Description string             `json:"description"`
			Frame       uint64             `json:"frame"`
			Time        float64            `json:"time"`
			Duration    float64            `json:"duration"`
			Location    map[string]float64 `json:"location"`
			End         string             `json:"end"`
		} `json:"blocked"`
		Totals map[string]float64 `json:"totals"`
	}
	if err := json.Unmarshal(b.Bytes(), &doc); err != nil {
		t.Fatal(err)
	}
	if doc.MinTime != 10 || doc.MinDistanceCM != 100 || len(doc.Blocked) != 1 || doc.Totals["frame_count"] != 37 {
		t.Fatalf("doc = %+v", doc)
	}
	row := doc.Blocked[0]
	if row.ID != 1 || row.Description != "vehicle.a" || row.Frame != 2 || row.Time != 1 || row.Duration != 17.5 ||
		row.Location["x"] != 5 || row.Location["y"] != 6 || row.End != "moved" {
		t.Errorf("row = %+v", row)
	}
}

// A decode error ends the stops still running at the error.
func TestBlockedError(t *testing.T) {
	var s staged
	s.frame(1, add(actor(1, recorder.ActorVehicle, "vehicle.a")), positions(pos(1, 5, 6)))
	for range 40 {
		s.frame(1, positions(pos(1, 5, 6)))
	}
	src := s.source()
	src.err = &recorder.FormatError{Offset: 5, Packet: -1, Msg: "cut"}
	r, err := Blocked(src, 30, 100)
	if err == nil || r.Err == nil {
		t.Fatal("no error")
	}
	if got := blockedOf(r); got != "1 vehicle.a 1+39 end" {
		t.Errorf("got %s", got)
	}
}
