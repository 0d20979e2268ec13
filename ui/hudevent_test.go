package ui

import (
	"testing"

	"github.com/mm2carla/viewer/analysis/faults"
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
