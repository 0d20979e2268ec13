package leaderboard

import (
	"bytes"
	"context"
	"reflect"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/mm2carla/viewer/analysis/lanes"
	"github.com/mm2carla/viewer/format/recorder"
	"github.com/mm2carla/viewer/internal/drivetest"
	"github.com/mm2carla/viewer/scene"
)

// TestHero: the hero is the one actor whose role_name is hero; none, or
// two, is no hero.
func TestHero(t *testing.T) {
	other := func(id uint32, role string) drivetest.Vehicle {
		return drivetest.Vehicle{ID: id, Blueprint: "vehicle.audi.a2", Role: role,
			Pose: func(float64) (mgl64.Vec3, float64, bool) { return mgl64.Vec3{10, 40 + float64(id), 0}, 0, true }}
	}
	for _, tt := range []struct {
		name     string
		vehicles []drivetest.Vehicle
		want     uint32
		ok       bool
	}{
		{"one hero", []drivetest.Vehicle{other(8, ""), other(hero, "hero")}, hero, true},
		{"none", []drivetest.Vehicle{other(8, ""), other(9, "autopilot")}, 0, false},
		{"two", []drivetest.Vehicle{other(8, "hero"), other(hero, "hero")}, 0, false},
	} {
		data := drivetest.Script{Hz: 20, Seconds: 1, Vehicles: tt.vehicles}.Bytes()
		rec, err := scene.Open(bytes.NewReader(data), int64(len(data)), nil)
		if err != nil {
			t.Fatal(err)
		}
		if id, ok := Hero(rec); id != tt.want || ok != tt.ok {
			t.Errorf("%s: Hero = %d, %v; want %d, %v", tt.name, id, ok, tt.want, tt.ok)
		}
	}
}

// TestJudgeRecordingWholeAssociation: judged over the association of
// every vehicle (the fleet's and the window's) the hero gets what it gets
// over its own (the command line's), the recorded stop sign (on the
// eastbound kerb, turned as a light actor for that traffic is) included,
// which both associations keep: a red light, a stop sign run and a
// collision.
func TestJudgeRecordingWholeAssociation(t *testing.T) {
	m := lanes.NewOpenDRIVE(drivetest.Crossing())
	x := drivetest.CrossingEntryX
	s := drivetest.Script{Hz: 20, Seconds: 12,
		Vehicles: []drivetest.Vehicle{driver(func(t float64) float64 { return 40 + 10*t }), parked(8, "vehicle.audi.a2"),
			{ID: 9, Blueprint: "vehicle.audi.tt", Pose: func(t float64) (mgl64.Vec3, float64, bool) {
				return mgl64.Vec3{20 + 10*t, laneY, 0}, 0, true
			}}},
		Lights: []drivetest.Light{{ID: 900, Pos: mgl64.Vec3{x - 3, -6, 0}, Yaw: -90,
			State: func(float64) recorder.LightState { return recorder.LightRed }}},
		Signs:      []drivetest.Sign{{ID: 950, Blueprint: "traffic.stop", Pos: mgl64.Vec3{x - 3, -5, 0}, Yaw: -90}},
		Collisions: []drivetest.Collision{{Time: 2, Until: 2.2, A: hero, B: 8}}}
	data := s.Bytes()
	rec, err := scene.Open(bytes.NewReader(data), int64(len(data)), nil)
	if err != nil {
		t.Fatal(err)
	}
	all, err := lanes.Associate(context.Background(), rec, m, nil)
	if err != nil {
		t.Fatal(err)
	}
	own, err := lanes.AssociateActors(context.Background(), rec, m, []uint32{hero}, nil)
	if err != nil {
		t.Fatal(err)
	}
	whole, err := JudgeRecording(rec, all, Options{Hero: hero, Version: V1})
	if err != nil {
		t.Fatal(err)
	}
	alone, err := Judge(own, rec.Events(), Options{Hero: hero, Version: V1})
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(whole, alone) {
		t.Errorf("over every vehicle:\n%+v\nover the hero alone:\n%+v", whole, alone)
	}
	if whole.Count(RedLight) != 1 || whole.Count(StopInfraction) != 1 || whole.Count(CollisionVehicle) != 1 {
		t.Errorf("want a red light, a stop and a collision: %+v", whole.Infractions)
	}
	if want := 0.7 * 0.8 * 0.6; whole.Penalty < want-1e-9 || whole.Penalty > want+1e-9 {
		t.Errorf("penalty %v, want %v (1.0's table)", whole.Penalty, want)
	}
	if _, err := JudgeRecording(rec, all, Options{Hero: 42}); err == nil {
		t.Error("an actor that is no vehicle of the recording was judged")
	}
}
