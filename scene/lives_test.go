package scene

import (
	"bytes"
	"testing"

	"github.com/mm2carla/viewer/internal/testrec"
)

// TestLives: each life the events give lasts the frames a World shows
// that actor (its id with that spawn frame) in, on a recording whose
// actors come and go and whose ids are spawned again.
func TestLives(t *testing.T) {
	data := genBytes(t, genConfig{vehicles: 20, walkers: 5, lights: 4, frames: 300, hz: 10, seed: 4, churn: true})
	rec, err := Open(bytes.NewReader(data), int64(len(data)), nil)
	if err != nil {
		t.Fatal(err)
	}
	seen := map[LifeKey]int{}
	var poses []Pose
	replay(t, rec, nil, func(w *World) {
		poses = w.Poses(poses[:0], nil)
		for _, ps := range poses {
			seen[LifeKey{ps.ID, ps.SpawnFrame}]++
		}
	})
	lives := rec.Lives()
	destroyed := 0
	for _, l := range lives {
		if got := seen[LifeKey{l.ID, l.Spawn}]; got != l.Frames {
			t.Errorf("actor %d spawned in frame %d: %d frames in the World, Lives says %d", l.ID, l.Spawn, got, l.Frames)
		}
		if l.Spawn+l.Frames < len(rec.Frames()) {
			destroyed++
		}
	}
	if len(lives) != len(seen) || destroyed == 0 {
		t.Errorf("%d lives (%d ended early), the World showed %d", len(lives), destroyed, len(seen))
	}
	if got := LifeFrames(lives); len(got) != len(lives) {
		t.Errorf("LifeFrames has %d of %d lives", len(got), len(lives))
	}
}

// TestLivesHero: a life knows whether its actor is the hero (role_name
// hero), as the state at any of its frames says.
func TestLivesHero(t *testing.T) {
	data := testrec.Bytes(100)
	rec, err := Open(bytes.NewReader(data), int64(len(data)), nil)
	if err != nil {
		t.Fatal(err)
	}
	var st State
	heroes := 0
	for _, l := range rec.Lives() {
		if err := rec.StateAt(rec.Times()[l.Spawn], &st); err != nil {
			t.Fatal(err)
		}
		act := st.Actor(l.ID)
		if act == nil || act.Hero != l.Hero {
			t.Errorf("actor %d: Lives says hero %v, the state %+v", l.ID, l.Hero, act)
		}
		if l.Hero {
			heroes++
			if l.ID != testrec.Hero {
				t.Errorf("actor %d is a hero", l.ID)
			}
		}
	}
	if heroes != 1 {
		t.Errorf("%d heroes, want 1", heroes)
	}
}
