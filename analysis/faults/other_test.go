package faults

import "testing"

// The other actor is named one way for `viewer check` and the window: by
// id and blueprint, the world (no blueprint) as WorldName, and not at all
// for kinds without another actor.
func TestAppendWith(t *testing.T) {
	for _, c := range []struct {
		f    Fault
		want string
	}{
		{Fault{Kind: Collision, Other: 15, OtherBlueprint: "vehicle.audi.a2"}, "with 15 vehicle.audi.a2"},
		{Fault{Kind: Collision, Other: World}, "with the world (static)"},
		{Fault{Kind: Collision, Other: 77}, "with the world (static)"}, // never spawned
		{Fault{Kind: CloseCall, Other: 3, OtherBlueprint: "vehicle.tesla.model3"}, "with 3 vehicle.tesla.model3"},
		{Fault{Kind: OffLane, Other: 3, OtherBlueprint: "vehicle.tesla.model3"}, ""},
		{Fault{Kind: Blocked}, ""},
	} {
		if got := string(c.f.AppendWith(nil)); got != c.want {
			t.Errorf("%v with %d %q: %q, want %q", c.f.Kind, c.f.Other, c.f.OtherBlueprint, got, c.want)
		}
	}
	b := make([]byte, 0, 64)
	f := Fault{Kind: Collision, Other: 15, OtherBlueprint: "vehicle.audi.a2"}
	if n := testing.AllocsPerRun(100, func() { b = f.AppendWith(b[:0]) }); n != 0 {
		t.Errorf("AppendWith allocates %v times with room", n)
	}
}
