package app

import (
	"math"
	"strings"
	"testing"

	"github.com/mm2carla/viewer/internal/testrec"
	"github.com/mm2carla/viewer/scene"
	"github.com/mm2carla/viewer/scene/playback"
	"github.com/mm2carla/viewer/ui/input"
	"github.com/mm2carla/viewer/ui/loader"
	"github.com/mm2carla/viewer/ui/settings"
)

// longFrames is 35 s of testrec: Other waits where it stands from the
// first frame to the last, longer than CARLA's 30 s threshold, while the
// hero and the walker move and the visitor lives 2 s.
const longFrames = 700

func TestBlockedSpans(t *testing.T) {
	a := New(settings.Settings{}, nil)
	a.SetViewport(testVP)
	a.Open(loader.BytesSource("long.log", testrec.Bytes(longFrames)))
	settle(t, a)
	spans := a.Blocked()
	if len(spans) != 1 || spans[0].Actor != testrec.Other || spans[0].Kind != scene.EventBlocked {
		t.Fatalf("spans %+v, want Other's alone", spans)
	}
	dt := 1.0 / testrec.Hz
	if e := spans[0]; math.Abs(e.Time-dt) > 1e-9 || math.Abs(e.Duration-float64(longFrames-2)*dt) > 1e-6 {
		t.Errorf("span from %v for %v s, want from %v for %v s", e.Time, e.Duration, dt, float64(longFrames-2)*dt)
	}
	if got := a.BlockedAt(10, nil); len(got) != 1 || got[0].Actor != testrec.Other {
		t.Errorf("BlockedAt(10) = %+v", got)
	}
	if got := a.BlockedAt(0, nil); len(got) != 0 {
		t.Errorf("BlockedAt(0) = %+v, before the span", got)
	}
	// The timeline shows it across the bar.
	mk := a.Marks(100)
	if mk.Total(MarkBlocked) != 1 || mk.Count(MarkBlocked, 50) != 1 || mk.Count(MarkBlocked, 99) != 1 {
		t.Errorf("blocked marks: total %d, middle %d, end %d", mk.Total(MarkBlocked), mk.Count(MarkBlocked, 50), mk.Count(MarkBlocked, 99))
	}
	// ] stops at its start (before the first light change and the
	// collision).
	m := input.NewMapper()
	keys(a, m, false, input.KeyBracketRight)
	if got := a.Clock().Time(); math.Abs(got-dt) > 1e-9 {
		t.Errorf("] went to %v, want the span's start %v", got, dt)
	}
	// The panel of the actor says it stands still.
	a.Apply(input.Clock(playback.GoTo(12)))
	a.sel.selectActor(testrec.Other)
	a.Tick()
	if p := a.ActorPanel().String(); !strings.Contains(p, "blocked\tstill for 35 s, 0:00.1 to 0:35.0") {
		t.Errorf("panel:\n%s", p)
	}
	a.sel.selectActor(testrec.Hero)
	a.Tick()
	if p := a.ActorPanel().String(); strings.Contains(p, "blocked") {
		t.Errorf("the moving hero's panel says blocked:\n%s", p)
	}
}

// TestBlockedReplaced: a recording without spans replaces the spans of
// the one before.
func TestBlockedReplaced(t *testing.T) {
	a := New(settings.Settings{}, nil)
	a.SetViewport(testVP)
	a.Open(loader.BytesSource("long.log", testrec.Bytes(longFrames)))
	settle(t, a)
	if len(a.Blocked()) != 1 {
		t.Fatalf("spans %+v", a.Blocked())
	}
	a.Open(loader.BytesSource("short.log", testrec.Bytes(40)))
	settle(t, a)
	if len(a.Blocked()) != 0 || a.Marks(100).Total(MarkBlocked) != 0 {
		t.Errorf("spans %+v on a 2 s recording", a.Blocked())
	}
}

func TestMovingSpans(t *testing.T) {
	evs := []scene.Event{
		{Kind: scene.EventSpawn, Time: 0, Actor: 3, Blueprint: "vehicle.audi.tt"},
		{Kind: scene.EventBlocked, Time: 9, Actor: 3, Blueprint: "vehicle.audi.tt", Duration: 40},
		{Kind: scene.EventBlocked, Time: 0, Actor: 1, Blueprint: "spectator", Duration: 120},
		{Kind: scene.EventBlocked, Time: 2, Actor: 4, Blueprint: "walker.pedestrian.0001", Duration: 31},
		{Kind: scene.EventBlocked, Time: 1, Actor: 5, Blueprint: "sensor.other.collision", Duration: 60},
		{Kind: scene.EventBlocked, Time: 5, Actor: 6, Blueprint: "vehicle.tesla.model3", Duration: 0},
	}
	got := movingSpans(evs)
	if len(got) != 2 || got[0].Actor != 4 || got[1].Actor != 3 {
		t.Errorf("movingSpans = %+v, want the walker then the car", got)
	}
	if evs[1].Kind != scene.EventBlocked || evs[1].Actor != 3 {
		t.Error("movingSpans changed the recording's events")
	}
}
