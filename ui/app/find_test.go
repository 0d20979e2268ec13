package app

import (
	"testing"

	"github.com/mm2carla/viewer/internal/testrec"
	"github.com/mm2carla/viewer/scene"
	"github.com/mm2carla/viewer/scene/playback"
	"github.com/mm2carla/viewer/ui/input"
)

// TestFindActor: I, an id and Enter select the actor and follow it; one
// not there now takes the clock to the nearest frame it is there, and an
// id the recording never had says so and changes nothing.
func TestFindActor(t *testing.T) {
	a := newLoaded(t)
	times := a.Recording().Times()
	find := func(id string) {
		t.Helper()
		m := input.NewMapper()
		s := &input.Snapshot{}
		s.Held[input.KeyI] = 1
		m.Update(s, nil)
		for _, c := range m.Update(&input.Snapshot{Runes: []rune(id)}, nil) {
			a.Apply(c)
		}
		s = &input.Snapshot{}
		s.Held[input.KeyEnter] = 1
		for _, c := range m.Update(s, nil) {
			a.Apply(c)
		}
		a.Tick()
	}
	for _, tc := range []struct {
		name     string
		from     int // the clock's frame before
		id       uint32
		wantAt   int // its frame after
		wantNote string
	}{
		{"there now", 30, testrec.Hero, 30, ""},
		{"not spawned yet", 5, testrec.Visitor, testrec.VisitorIn, "is not there at 0:00.25: went to 0:01.00"},
		{"destroyed", 90, testrec.Visitor, testrec.VisitorOut - 1, "went to 0:02.95"},
	} {
		a.Apply(input.Clock(playback.GoTo(times[tc.from])))
		a.Tick()
		a.Apply(input.ClearSelection())
		find(itoa(int(tc.id)))
		if a.Selected() != tc.id || a.Following() != tc.id {
			t.Errorf("%s: selected %d following %d, want %d", tc.name, a.Selected(), a.Following(), tc.id)
		}
		if got := a.Recording().FrameAt(a.Clock().Time()); got != tc.wantAt {
			t.Errorf("%s: clock at frame %d, want %d", tc.name, got, tc.wantAt)
		}
		if a.State().Actor(tc.id) == nil {
			t.Errorf("%s: actor %d not in the state shown", tc.name, tc.id)
		}
		if tc.wantNote != "" && !noticeWith(a, Info, "actor 103", tc.wantNote) {
			t.Errorf("%s: notices %v", tc.name, a.Notices())
		}
	}
	a.Apply(input.Clock(playback.GoTo(times[50])))
	a.Tick()
	a.Apply(input.ClearSelection())
	find("999")
	if !noticeWith(a, Warning, "no actor 999 in run.log") || a.Selected() != 0 || a.Recording().FrameAt(a.Clock().Time()) != 50 {
		t.Errorf("unknown id: notices %v, selected %d, frame %d", a.Notices(), a.Selected(), a.Recording().FrameAt(a.Clock().Time()))
	}
}

// TestFindHero: I, hero and Enter follow the hero; a recording with none
// says so.
func TestFindHero(t *testing.T) {
	a := newLoaded(t)
	a.Apply(input.FindHero())
	a.Tick()
	if a.Selected() != testrec.Hero || a.Following() != testrec.Hero {
		t.Errorf("selected %d, following %d; want the hero %d", a.Selected(), a.Following(), testrec.Hero)
	}
	b := newFaulty(t) // drivetest's cars: no role_name
	b.Apply(input.FindHero())
	b.Tick()
	if b.Selected() != 0 || !noticeWith(b, Warning, "no hero in drive.log") {
		t.Errorf("no hero: selected %d, notices %v", b.Selected(), b.Notices())
	}
}

func TestLifeFrame(t *testing.T) {
	lives := []scene.Life{
		{ID: 7, Spawn: 10, Frames: 10}, // frames 10-19
		{ID: 8, Spawn: 0, Frames: 100},
		{ID: 7, Spawn: 40, Frames: 5}, // frames 40-44
		{ID: 9, Spawn: 50, Frames: 0}, // spawned and destroyed in one frame: never shown
	}
	for _, tc := range []struct {
		id      uint32
		cur     int
		want    int
		wantErr bool
	}{
		{7, 0, 10, false},
		{7, 15, 15, false},
		{7, 25, 19, false}, // 6 after its first life, 15 before its second
		{7, 35, 40, false}, // 16 after, 5 before
		{7, 29, 19, false}, // 10 after, 11 before
		{7, 30, 40, false}, // 11 after, 10 before
		{7, 99, 44, false}, //
		{9, 50, 0, true},   // never lives a frame
		{11, 10, 0, true},  // never spawned
	} {
		got, ok := lifeFrame(lives, tc.id, tc.cur)
		if ok == tc.wantErr || ok && got != tc.want {
			t.Errorf("lifeFrame(%d, %d) = %d, %v; want %d, %v", tc.id, tc.cur, got, ok, tc.want, !tc.wantErr)
		}
	}
	// As near either way: the later life.
	if got, ok := lifeFrame([]scene.Life{{ID: 7, Spawn: 10, Frames: 10}, {ID: 7, Spawn: 29, Frames: 3}}, 7, 24); !ok || got != 29 {
		t.Errorf("a tie gave %d, %v; want 29", got, ok)
	}
}
