package scene

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/mm2carla/viewer/format/recorder"
)

// ruleFrame is one frame fed to the rule: its recorded duration and its
// packets (FrameStart is made from the duration).
type ruleFrame struct {
	dur  float64
	pkts []recorder.Packet
}

// scanStops feeds frames to a BlockScan (frame i has number i+10, so
// that the frame's index and number differ) and lists its stops as
// "actor blueprint frame/number time+duration end".
func scanStops(t *testing.T, rule BlockRule, frames []ruleFrame) string {
	t.Helper()
	s, err := NewBlockScan(rule)
	if err != nil {
		t.Fatal(err)
	}
	elapsed := 0.0
	for i, f := range frames {
		s.Apply(&recorder.FrameStart{Frame: uint64(i + 10), Duration: f.dur, Elapsed: elapsed})
		for _, p := range f.pkts {
			s.Apply(p)
		}
		s.Apply(&recorder.FrameEnd{})
		if f.dur > 0 && !math.IsInf(f.dur, 0) {
			elapsed += f.dur
		} else {
			elapsed++
		}
	}
	var out []string
	for _, st := range s.Finish() {
		out = append(out, fmt.Sprintf("%d %s %d/%d %g+%g %v", st.Actor, st.Blueprint, st.Frame, st.FrameID, st.Time, st.Duration, st.End))
	}
	return strings.Join(out, ", ")
}

// still returns n frames of duration dur in which each id is at x.
func still(n int, dur float64, x float64, ids ...uint32) []ruleFrame {
	var fs []ruleFrame
	for range n {
		var ps []recorder.Position
		for _, id := range ids {
			ps = append(ps, pos(id, x, 0, 0, 0))
		}
		fs = append(fs, ruleFrame{dur, []recorder.Packet{positions(ps...)}})
	}
	return fs
}

func spawn(ids ...uint32) *recorder.EventAdd {
	e := &recorder.EventAdd{}
	for _, id := range ids {
		e.Actors = append(e.Actors, addActor(id, recorder.ActorVehicle, fmt.Sprintf("vehicle.%d", id), recorder.Vec3{}, recorder.Vec3{}))
	}
	return e
}

// withPackets returns frames with ps put before frame i's packets.
func withPackets(frames []ruleFrame, i int, ps ...recorder.Packet) []ruleFrame {
	frames[i].pkts = append(ps, frames[i].pkts...)
	return frames
}

func TestBlockScan(t *testing.T) {
	rule := BlockRule{MinTime: 3, MinDistance: 100}
	for _, tt := range []struct {
		name   string
		frames []ruleFrame
		want   string
	}{
		// Placed in frame 0, still from frame 1: frames 1-5 of 1 s.
		{"stands to the end", withPackets(still(6, 1, 0, 1), 0, spawn(1)), "1 vehicle.1 1/11 1+5 end"},
		{"too short", withPackets(still(3, 1, 0, 1), 0, spawn(1)), ""},
		// CARLA's query follows ids it never saw spawned.
		{"never spawned", still(5, 1, 0, 7), "7  1/11 1+4 end"},
		{"moves away", withPackets(append(still(5, 1, 0, 1), still(1, 1, 500, 1)...), 0, spawn(1)),
			"1 vehicle.1 1/11 1+4 moved"},
		// A record within the distance of the anchor, not of the last one.
		{"creeps", withPackets(slices.Concat(still(3, 1, 0, 1), still(2, 1, 60, 1), still(1, 1, 120, 1)), 0, spawn(1)),
			"1 vehicle.1 1/11 1+4 moved"},
		{"not a number is a move", withPackets(append(still(5, 1, 0, 1), still(1, 1, math.NaN(), 1)...), 0, spawn(1)),
			"1 vehicle.1 1/11 1+4 moved"},
		{"destroyed", withPackets(withPackets(still(6, 1, 0, 1), 0, spawn(1)), 5, &recorder.EventDel{IDs: []uint32{1}}),
			"1 vehicle.1 1/11 1+4 destroyed"},
		// After the destroy its positions are those of an actor never spawned.
		{"positions after destroy", withPackets(withPackets(still(10, 1, 0, 1), 0, spawn(1)), 5, &recorder.EventDel{IDs: []uint32{1}}),
			"1 vehicle.1 1/11 1+4 destroyed, 1  6/16 6+4 end"},
		{"spawned again", withPackets(withPackets(still(10, 1, 0, 1), 0, spawn(1)), 5, spawn(1)),
			"1 vehicle.1 1/11 1+4 destroyed, 1 vehicle.1 6/16 6+4 end"},
		// Durations that are not finite positive times add nothing.
		{"bad durations", withPackets(slices.Concat(still(4, 1, 0, 1), still(2, math.NaN(), 0, 1), still(2, math.Inf(1), 0, 1), still(1, -1, 0, 1)), 0, spawn(1)),
			"1 vehicle.1 1/11 1+3 end"},
		{"longest first, then time, then id", withPackets(append(still(5, 1, 0, 3, 2), still(4, 1, 900, 3)...), 0, spawn(2, 3)),
			"2 vehicle.2 1/11 1+4 end, 3 vehicle.3 1/11 1+4 moved, 3 vehicle.3 6/16 6+3 end"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if got := scanStops(t, rule, tt.frames); got != tt.want {
				t.Errorf("stops %q, want %q", got, tt.want)
			}
		})
	}
}

func TestBlockRuleLimits(t *testing.T) {
	for _, r := range []BlockRule{{-1, 100}, {30, -1}, {math.NaN(), 100}, {30, math.Inf(1)}, {math.Inf(1), 100}} {
		if _, err := NewBlockScan(r); err == nil {
			t.Errorf("no error for %+v", r)
		}
	}
	if _, err := NewBlockScan(BlockRule{}); err != nil {
		t.Errorf("zero rule: %v", err)
	}
	if r := DefaultBlockRule(); r.MinTime != 30 || r.MinDistance != 100 {
		t.Errorf("default rule %+v, want CARLA's 30 s within 100 cm", r)
	}
}

// TestBlockedSpansFollowSpawnedActors: Open's scan feeds the rule the
// actors of the scene only; BlockScan, as CARLA's query, every id.
func TestBlockedSpansFollowSpawnedActors(t *testing.T) {
	frames := creepFrames()
	for i := range frames {
		frames[i].pkts = append(frames[i].pkts, positions(pos(9, 0, 0, 0, 0)))
	}
	rec := openBytes(t, writeFrames(t, frames))
	var actors []uint32
	for _, e := range blockedOf(rec.Events()) {
		actors = append(actors, e.Actor)
	}
	if fmt.Sprint(actors) != "[1]" {
		t.Errorf("timeline spans of actors %v, want [1]", actors)
	}
	evs, err := rec.Blocked(BlockedTime, BlockedDistance)
	if err != nil {
		t.Fatal(err)
	}
	// Equal stops: by actor id.
	if len(evs) != 2 || evs[0].Actor != 1 || evs[1].Actor != 9 || evs[1].Blueprint != "" {
		t.Errorf("BlockScan's spans %+v, want actors 1 and 9 (never spawned)", evs)
	}
}
