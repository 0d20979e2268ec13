package scenetest

import (
	"testing"

	"github.com/mm2carla/viewer/format/recorder"
	"github.com/mm2carla/viewer/scene"
	"github.com/mm2carla/viewer/sim/citygen"
)

// TestScene checks the promises the drawing tests rely on.
func TestScene(t *testing.T) {
	sc, err := New()
	if err != nil {
		t.Fatal(err)
	}
	rec, err := sc.Open()
	if err != nil || rec.Err() != nil {
		t.Fatalf("open: %v, %v", err, rec.Err())
	}
	if d := rec.Duration(); d < 1.99 || d > 2.01 {
		t.Errorf("duration %g s, want 2", d)
	}
	if len(sc.Lights) == 0 {
		t.Fatal("no light actor")
	}
	var st scene.State
	for _, tc := range []struct {
		at    float64
		light recorder.LightState
		hits  int
	}{{LightSwitch - 0.5, recorder.LightRed, 0}, {float64(CollideFrame) / hz, recorder.LightGreen, 1}} {
		if err := rec.StateAt(tc.at, &st); err != nil {
			t.Fatal(err)
		}
		for _, id := range []uint32{HeroID, BrakingID, CollideA, CollideB, TruckID, BikeID, WalkerID, SensorID, SignID, FirstLight} {
			if st.Actor(id) == nil {
				t.Errorf("t=%g: actor %d missing", tc.at, id)
			}
		}
		if h := st.Hero(); h == nil || h.ID != HeroID {
			t.Errorf("t=%g: hero %v", tc.at, h)
		}
		if s := st.Actor(SensorID); s == nil || s.Parent != HeroID ||
			s.World.Location.Sub(st.Actor(HeroID).World.Location).Len() > 2 {
			t.Errorf("t=%g: the sensor does not ride the hero: %+v", tc.at, s)
		}
		if l := st.Actor(FirstLight).TrafficLight; l == nil || l.State != tc.light {
			t.Errorf("t=%g: light %+v, want state %v", tc.at, l, tc.light)
		}
		if len(st.Collisions) != tc.hits {
			t.Errorf("t=%g: %d collisions, want %d", tc.at, len(st.Collisions), tc.hits)
		}
		if st.Actor(BrakingID).LightBits&recorder.LightBrake == 0 {
			t.Errorf("t=%g: the braking car's brake light is off", tc.at)
		}
	}
}

func TestCrowd(t *testing.T) {
	bm, err := citygen.Generate(citygen.Default())
	if err != nil {
		t.Fatal(err)
	}
	m := scene.NewMap(bm)
	st := Crowd(m, 300)
	if len(st.Actors) != 300 {
		t.Fatalf("%d actors", len(st.Actors))
	}
	kinds := map[scene.Kind]int{}
	heroes := 0
	for i, a := range st.Actors {
		kinds[a.Kind]++
		if a.Hero {
			heroes++
		}
		if i > 0 && a.ID <= st.Actors[i-1].ID {
			t.Fatal("actors not sorted by id")
		}
	}
	if heroes != 1 || kinds[scene.KindCar] == 0 || kinds[scene.KindWalker] == 0 || kinds[scene.KindTrafficLight] == 0 {
		t.Errorf("kinds %v, heroes %d", kinds, heroes)
	}
	if len(Crowd(&scene.Map{}, 10).Actors) != 0 {
		t.Error("a crowd on an empty map")
	}
}
