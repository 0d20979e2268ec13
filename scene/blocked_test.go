package scene

import (
	"bytes"
	"context"
	"encoding/binary"
	"reflect"
	"slices"
	"testing"

	"github.com/mm2carla/viewer/format/recorder"
)

// creepFrames: 50 s at 1 Hz; car 1 creeps 50 cm in total, car 2 drives.
func creepFrames() []frameSpec {
	add := &recorder.EventAdd{Actors: []recorder.ActorAdd{
		addActor(1, 1, "vehicle.a.stuck", recorder.Vec3{}, recorder.Vec3{}),
		addActor(2, 1, "vehicle.b.moving", recorder.Vec3{}, recorder.Vec3{}),
	}}
	var frames []frameSpec
	for i := range 50 {
		p := []recorder.Packet{positions(pos(1, float64(i), 0, 0, 0), pos(2, float64(i)*500, 0, 0, 0))}
		if i == 0 {
			p = append([]recorder.Packet{add}, p...)
		}
		frames = append(frames, frameSpec{float64(i), p})
	}
	return frames
}

func TestBlocked(t *testing.T) {
	rec := openBytes(t, writeFrames(t, creepFrames()))
	evs, err := rec.Blocked(BlockedTime, BlockedDistance)
	if err != nil {
		t.Fatal(err)
	}
	// As CARLA counts: from the frame after it was placed, 48 frames of
	// 1 s (the last frame's -1 adds nothing).
	want := Event{Kind: EventBlocked, Time: 1, Frame: 1, Actor: 1, Blueprint: "vehicle.a.stuck", Duration: 48}
	if len(evs) != 1 || evs[0] != want {
		t.Fatalf("blocked events %+v, want %+v", evs, want)
	}
	if evs, _ := rec.Blocked(60, 1); len(evs) != 0 {
		t.Errorf("60 s minimum: %+v", evs)
	}
	// Open lists the same span among the events, after frame 1's others
	// (none here) and before frame 2's.
	var got []Event
	for _, e := range rec.Events() {
		if e.Kind == EventBlocked {
			got = append(got, e)
		}
	}
	if len(got) != 1 || got[0] != want || got[0].End() != 49 {
		t.Fatalf("Events lists blocked %+v, want %+v ending at 49", got, want)
	}
}

// blockedOf returns the blocked spans of evs in file order.
func blockedOf(evs []Event) []Event {
	var out []Event
	for _, e := range evs {
		if e.Kind == EventBlocked {
			out = append(out, e)
		}
	}
	return out
}

// checkSpansMatchQuery opens data with a rule and checks that the spans
// Open found during its scan, feeding the rule from its World, are the
// ones BlockScan (what `viewer blocked` runs) finds reading the usable
// frames again, and that the events stay in file order.
func checkSpansMatchQuery(t *testing.T, data []byte, rule BlockRule) []Event {
	t.Helper()
	rec, err := openRule(context.Background(), bytes.NewReader(data), int64(len(data)), nil, rule)
	if err != nil {
		t.Fatal(err)
	}
	got := blockedOf(rec.Events())
	want, err := rec.blocked(rule) // reads the usable frames only: no error
	if err != nil {
		t.Fatalf("BlockScan: %v", err)
	}
	sortSpans(want)
	if len(got)+len(want) > 0 && !reflect.DeepEqual(got, want) {
		t.Fatalf("Open's spans differ from BlockScan's:\n got %+v\nwant %+v", got, want)
	}
	evs := rec.Events()
	for i := 1; i < len(evs); i++ {
		if evs[i].Frame < evs[i-1].Frame {
			t.Fatalf("event %d (%v, frame %d) after frame %d: not in file order", i, evs[i].Kind, evs[i].Frame, evs[i-1].Frame)
		}
	}
	return got
}

func TestBlockedSpansMatchQuery(t *testing.T) {
	for _, tt := range []struct {
		name     string
		cfg      genConfig
		rule     BlockRule
		minSpans int
	}{
		// CARLA's own rule over 5 minutes at 2 Hz.
		{"default rule", genConfig{vehicles: 30, walkers: 6, lights: 3, frames: 600, hz: 2, seed: 21, churn: true, stops: true},
			DefaultBlockRule(), 5},
		// Stops cut short by destroys, and actors left out of some frames.
		{"short rule, churn and gaps", genConfig{vehicles: 40, walkers: 8, lights: 4, frames: 400, hz: 4, seed: 22, churn: true, gaps: true, stops: true, sensors: true},
			BlockRule{MinTime: 6, MinDistance: 100}, 20},
	} {
		t.Run(tt.name, func(t *testing.T) {
			spans := checkSpansMatchQuery(t, genBytes(t, tt.cfg), tt.rule)
			if len(spans) < tt.minSpans {
				t.Fatalf("%d spans, want at least %d: the test data does not exercise the rule", len(spans), tt.minSpans)
			}
		})
	}
}

func TestBlockedSpansMatchQueryReal(t *testing.T) {
	// The real recordings last 13-16 s, under CARLA's 30 s: a 5 s rule
	// finds what stands still in them (0.9.13 records the positions of
	// Town01's props too, 0.9.10 not).
	for i, name := range realFiles {
		t.Run(name, func(t *testing.T) {
			data := readReal(t, name)
			if n, least := len(checkSpansMatchQuery(t, data, BlockRule{MinTime: 5, MinDistance: 100})), []int{1, 100}[i]; n < least {
				t.Fatalf("%d spans with a 5 s rule, want at least %d", n, least)
			}
			if n := len(blockedOf(openBytes(t, data).Events())); n != 0 {
				t.Fatalf("%d spans of 30 s in a 16 s recording", n)
			}
		})
	}
}

// TestBlockedSpansBrokenFile: a record that cannot be decoded stops the
// scan inside a frame; the spans are those of the usable frames only,
// and a cut file's are those of its complete frames.
func TestBlockedSpansBrokenFile(t *testing.T) {
	rule := BlockRule{MinTime: 3, MinDistance: 100}
	frames := creepFrames()
	// Frame 20 has a packet after its Positions, which the scan applies
	// before it meets the broken packet.
	frames[20].pkts = append(frames[20].pkts, &recorder.TrafficLightStates{Records: []recorder.TrafficLightState{{ID: 77}}})
	data := writeFrames(t, frames)
	good := openBytes(t, data)
	off := good.Frames()[20].Offset + 5 + 24 // frame 20's Positions, after its FrameStart
	off += 5 + int64(binary.LittleEndian.Uint32(data[off+1:]))
	bad := bytes.Clone(data)
	if bad[off] != byte(recorder.IDTrafficLight) {
		t.Fatalf("layout assumption: byte %d is %d", off, bad[off])
	}
	bad[off+5] = 9 // more records than the packet holds
	spans := checkSpansMatchQuery(t, bad, rule)
	if len(spans) != 1 || spans[0].Duration != 19 { // frames 1-19, not the broken 20
		t.Fatalf("spans %+v, want car 1 for 19 s", spans)
	}
	cut := data[:good.Frames()[30].End-3]
	if spans := checkSpansMatchQuery(t, cut, rule); len(spans) != 1 || spans[0].Duration != 29 {
		t.Fatalf("cut file: spans %+v, want car 1 for 29 s", spans)
	}
}

func TestMergeSpans(t *testing.T) {
	ev := func(k EventKind, frame int, actor uint32) Event { return Event{Kind: k, Frame: frame, Actor: actor} }
	events := []Event{ev(EventSpawn, 0, 1), ev(EventSpawn, 0, 2), ev(EventLight, 3, 9), ev(EventDestroy, 7, 1)}
	spans := []Event{ev(EventBlocked, 0, 2), ev(EventBlocked, 3, 1), ev(EventBlocked, 5, 4), ev(EventBlocked, 9, 5)}
	got := mergeSpans(events, spans, 9)
	want := []Event{ev(EventSpawn, 0, 1), ev(EventSpawn, 0, 2), ev(EventBlocked, 0, 2), ev(EventLight, 3, 9),
		ev(EventBlocked, 3, 1), ev(EventBlocked, 5, 4), ev(EventDestroy, 7, 1)}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("merged\n %+v\nwant\n %+v", got, want)
	}
	if got := mergeSpans(events, nil, 9); &got[0] != &events[0] {
		t.Error("no spans: the events should come back as they are")
	}
}

// TestMergeSpansCases: spans go after the other events of the frame they
// began in, before the events of later frames; those past the usable
// frames are dropped. (mergeSpans merges in place, from the back.)
func TestMergeSpansCases(t *testing.T) {
	ev := func(kind EventKind, frame int, actor uint32) Event {
		return Event{Kind: kind, Frame: frame, Actor: actor}
	}
	for _, tc := range []struct {
		events, spans, want []Event
		n                   int
	}{
		{
			events: []Event{ev(EventSpawn, 0, 1), ev(EventSpawn, 1, 2), ev(EventLight, 1, 3), ev(EventDestroy, 3, 1)},
			spans:  []Event{ev(EventBlocked, 1, 1), ev(EventBlocked, 2, 2), ev(EventBlocked, 5, 2)},
			n:      4,
			want: []Event{ev(EventSpawn, 0, 1), ev(EventSpawn, 1, 2), ev(EventLight, 1, 3), ev(EventBlocked, 1, 1),
				ev(EventBlocked, 2, 2), ev(EventDestroy, 3, 1)},
		},
		{events: nil, spans: []Event{ev(EventBlocked, 0, 1)}, n: 1, want: []Event{ev(EventBlocked, 0, 1)}},
		{events: []Event{ev(EventSpawn, 2, 1)}, spans: []Event{ev(EventBlocked, 0, 1), ev(EventBlocked, 0, 2)}, n: 3,
			want: []Event{ev(EventBlocked, 0, 1), ev(EventBlocked, 0, 2), ev(EventSpawn, 2, 1)}},
		{events: []Event{ev(EventSpawn, 2, 1)}, spans: []Event{ev(EventBlocked, 4, 1)}, n: 3, want: []Event{ev(EventSpawn, 2, 1)}},
	} {
		if got := mergeSpans(slices.Clone(tc.events), tc.spans, tc.n); !slices.Equal(got, tc.want) {
			t.Errorf("mergeSpans(%v, %v, %d) = %v, want %v", tc.events, tc.spans, tc.n, got, tc.want)
		}
	}
}
