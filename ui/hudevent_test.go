package ui

import (
	"slices"
	"testing"

	"github.com/mm2carla/viewer/analysis/faults"
	"github.com/mm2carla/viewer/format/recorder"
	"github.com/mm2carla/viewer/scene"
)

// TestAppendEventWorld: the timeline's tooltip names a collision with the
// world (id 4294967295) as the fault list does, not by its id.
func TestAppendEventWorld(t *testing.T) {
	for _, c := range []struct {
		e    scene.Event
		want string
	}{
		{scene.Event{Kind: scene.EventCollision, Actor: 12, Other: faults.World}, "collision  12 with the world (static)"},
		{scene.Event{Kind: scene.EventCollision, Actor: 12, Other: 15}, "collision  12 with 15"},
	} {
		if got := string(appendEvent(nil, &c.e)); got != c.want {
			t.Errorf("%q, want %q", got, c.want)
		}
	}
}

// TestTipOrder: the tooltip lists collisions, then blocked spans, then
// spawns and the like, then lights, each kind in time order.
func TestTipOrder(t *testing.T) {
	evs := []scene.Event{
		{Kind: scene.EventLight, Actor: 54}, {Kind: scene.EventLight, Actor: 55}, {Kind: scene.EventSpawn, Actor: 7},
		{Kind: scene.EventCollision, Actor: 78}, {Kind: scene.EventLight, Actor: 61}, {Kind: scene.EventBlocked, Actor: 9},
		{Kind: scene.EventDestroy, Actor: 8}, {Kind: scene.EventCollision, Actor: 80},
	}
	tipOrder(evs)
	var got []uint32
	for _, e := range evs {
		got = append(got, e.Actor)
	}
	if want := []uint32{78, 80, 9, 7, 8, 54, 55, 61}; !slices.Equal(got, want) {
		t.Errorf("order %v, want %v", got, want)
	}
	if n := testing.AllocsPerRun(10, func() { tipOrder(evs) }); n != 0 {
		t.Errorf("ordering allocates %v times", n)
	}
}

// TestAppendLights: the tooltip names the lights turning one colour on
// one line, a lone light as before, and at most maxTipLights ids.
func TestAppendLights(t *testing.T) {
	light := func(id uint32, s recorder.LightState) scene.Event {
		return scene.Event{Kind: scene.EventLight, Actor: id, Light: s}
	}
	evs := []scene.Event{light(54, recorder.LightRed), light(7, recorder.LightYellow), light(55, recorder.LightRed),
		{Kind: scene.EventSpawn, Actor: 9}, light(61, recorder.LightRed)}
	for _, tc := range []struct {
		from  int
		state recorder.LightState
		want  string
		n     int
	}{
		{0, recorder.LightRed, "lights 54, 55, 61 turn red", 3},
		{1, recorder.LightYellow, "light 7 turns yellow", 1},
	} {
		b, n := appendLights(nil, evs[tc.from:], tc.state)
		if string(b) != tc.want || n != tc.n {
			t.Errorf("%v: %q (%d), want %q (%d)", tc.state, b, n, tc.want, tc.n)
		}
	}
	if !lightsListed(evs[:2], recorder.LightRed) || lightsListed(evs[:2], recorder.LightGreen) {
		t.Error("lightsListed")
	}
	var many []scene.Event
	for id := range uint32(9) {
		many = append(many, light(id, recorder.LightGreen))
	}
	if b, n := appendLights(nil, many, recorder.LightGreen); string(b) != "lights 0, 1, 2, 3, 4, 5 and 3 more turn green" || n != 9 {
		t.Errorf("nine lights: %q (%d)", b, n)
	}
}
