package faults

import (
	"bytes"
	"context"
	"math"
	"reflect"
	"testing"

	"github.com/mm2carla/viewer/analysis/lanes"
	"github.com/mm2carla/viewer/assets"
	"github.com/mm2carla/viewer/format/bai"
	"github.com/mm2carla/viewer/format/recorder"
	"github.com/mm2carla/viewer/internal/drivetest"
	"github.com/mm2carla/viewer/scene"
	"github.com/mm2carla/viewer/sim/citygen"
	"github.com/mm2carla/viewer/sim/demo"
)

// several is one recording with a fault of most kinds, a lane change and
// a collision.
func several(w *world) drivetest.Script {
	endB := w.b0.Length()
	return drivetest.Script{Hz: 20, Seconds: 6,
		Vehicles: append([]drivetest.Vehicle{
			car(10, w.b0, steady(endB-20, 8), false), // through the red light at 2.5 s
			car(11, w.b1, func(t float64) (float64, float64) { // 2 m off from 1 s to 2 s
				if t >= 1 && t < 2 {
					return 5 + 5*t, -2
				}
				return 5 + 5*t, 0
			}, false),
			car(12, w.a0, func(t float64) (float64, float64) { return 2 + 6*t, -3.5 * min(max(t-3, 0)/2, 1) }, false),
		}, closing(w, 0)...),
		Lights:     []drivetest.Light{{ID: 90, Pos: w.light, State: func(float64) recorder.LightState { return recorder.LightRed }}},
		Collisions: []drivetest.Collision{{Time: 5, A: 10, B: 11}},
	}
}

func TestWhere(t *testing.T) {
	w := newWorld(t)
	rec := open(t, several(w).Bytes())
	a, err := lanes.Associate(context.Background(), rec, w.m, nil)
	if err != nil {
		t.Fatal(err)
	}
	r := Find(a, rec.Events(), Defaults())
	if !r.LaneRules || r.Vehicles != 5 {
		t.Errorf("lane rules %v, %d vehicles", r.LaneRules, r.Vehicles)
	}
	kinds := map[Kind]Fault{}
	for i, f := range r.Faults {
		kinds[f.Kind] = f
		if i > 0 && r.Faults[i-1].Start > f.Start {
			t.Errorf("not sorted by start: %v", r.Faults)
		}
	}
	b0 := lanes.LaneRef{Road: int32(w.road), Side: lanes.SideB, Lane: 0}
	b1 := lanes.LaneRef{Road: int32(w.road), Side: lanes.SideB, Lane: 1}
	end := w.sm.Roads[w.road].End
	for _, tt := range []struct {
		kind  Kind
		place lanes.Place
		lane  lanes.LaneRef
		inter int
		other uint32
		near  float64 // the location within this of...
		at    float64 // ...this far along the kind's lane
	}{
		{RedLight, lanes.OnRoad, b0, end.Intersection, 0, 0.01, w.b0.Length() - 2}, // its centre when its front reached the end
		{OffLane, lanes.OnRoad, b1, -1, 0, 2.01, 10},
		{CloseCall, lanes.OnRoad, b0, -1, 1, 0.5, 11.4},
	} {
		f, ok := kinds[tt.kind]
		if !ok {
			t.Errorf("no %v in %+v", tt.kind, r.Faults)
			continue
		}
		path := w.b0
		if tt.lane == b1 {
			path = w.b1
		}
		p, _ := path.At(tt.at, 0)
		if f.Place != tt.place || !f.HasLane || f.Lane != tt.lane || f.Road != w.road || f.Intersection != tt.inter ||
			f.Other != tt.other || f.Location.Sub(p).Len() > tt.near {
			t.Errorf("%v: %+v; want near %v", tt.kind, f, p)
		}
	}
	if c := kinds[Collision]; c.Actor != 10 || c.Other != 11 || c.Start != 5 || c.Place != lanes.InIntersection {
		t.Errorf("collision %+v", c)
	}
	a0 := lanes.LaneRef{Road: int32(w.road), Side: lanes.SideA, Lane: 0}
	if len(r.LaneChanges) != 1 || r.LaneChanges[0].Actor != 12 || r.LaneChanges[0].Lane != a0 {
		t.Errorf("lane changes %+v", r.LaneChanges)
	}
	if r.Count(RedLight) != 1 || r.Count(WrongWay) != 0 {
		t.Errorf("counts %d %d", r.Count(RedLight), r.Count(WrongWay))
	}
}

// TestWithoutMap: with no map only the recording's own collisions and
// blocked spans are found.
func TestWithoutMap(t *testing.T) {
	w := newWorld(t)
	s := several(w)
	s.Seconds = 32
	s.Vehicles = append(s.Vehicles, car(20, w.a0, steady(20, 0), false))
	rec := open(t, s.Bytes())
	a, err := lanes.Associate(context.Background(), rec, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	r := Find(a, rec.Events(), Defaults())
	if r.LaneRules || len(r.LaneChanges) != 0 {
		t.Errorf("lane rules %v, changes %v", r.LaneRules, r.LaneChanges)
	}
	var kinds []Kind
	for _, f := range r.Faults {
		kinds = append(kinds, f.Kind)
		if f.Place != lanes.NoMap || f.Road != -1 {
			t.Errorf("placed without a map: %+v", f)
		}
	}
	if len(kinds) != 2 || kinds[0] != Blocked || kinds[1] != Collision || r.Faults[0].Actor != 20 {
		t.Errorf("faults %+v", r.Faults)
	}
}

// TestThresholds: each rule reads its own thresholds.
func TestThresholds(t *testing.T) {
	w := newWorld(t)
	rec := open(t, several(w).Bytes())
	a, err := lanes.Associate(context.Background(), rec, w.m, nil)
	if err != nil {
		t.Fatal(err)
	}
	th := Defaults()
	th.OffLane, th.CloseCallTTC = 2.5, 0.5
	r := Find(a, rec.Events(), th)
	if r.Count(OffLane) != 0 || r.Count(CloseCall) != 0 || r.Count(RedLight) != 1 {
		t.Errorf("with looser thresholds: %+v", r.Faults)
	}
	th = Defaults()
	th.OffLaneTime, th.LaneChangeTime = 0.2, 0.5
	r = Find(a, rec.Events(), th)
	if r.Count(OffLane) != 2 || len(r.LaneChanges) != 0 {
		t.Errorf("a lane change of 1.4 s with 0.5 s allowed: %+v, changes %+v", r.Faults, r.LaneChanges)
	}
}

func TestKindNames(t *testing.T) {
	for _, k := range append(Kinds, LaneChange) {
		if got, ok := ParseKind(k.String()); !ok || got != k {
			t.Errorf("%v parses as %v %v", k, got, ok)
		}
	}
	if _, ok := ParseKind("speeding"); ok {
		t.Error("parsed an unknown kind")
	}
	if Kind(0).String() != "Kind(0)" || OffLane.Unit() != "m" || WrongWay.Unit() != "deg" || CloseCall.Unit() != "s" {
		t.Error("names or units")
	}
}

// TestDemoTrafficIsClean: the demo's traffic without its rogue (`viewer
// demo --clean`) obeys the map, which is also the test that the traffic
// simulator follows its rules: the check finds the staged collision and
// nothing else, not even a blocked span (no car stands 30 s at a line or
// in a queue). It runs on the built-in demo, on the 5-minute demo of the
// same seed (`viewer demo --clean --minutes 5`) and on two other cities.
// The rogue's faults are sim/demo's TestRogueFaults.
func TestDemoTrafficIsClean(t *testing.T) {
	spec, err := assets.Spec()
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name    string
		seed    int64
		minutes float64
	}{
		{"built-in", spec.Seed, spec.Minutes},
		{"5 minutes", spec.Seed, 5},
		{"seed 3", 3, demo.DefaultMinutes},
		{"seed 4", 4, demo.DefaultMinutes},
	}
	if testing.Short() {
		cases = cases[:1]
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			city := spec.City
			if tc.seed != spec.Seed {
				city = demo.City(tc.seed)
			}
			r := cleanFaults(t, city, demo.Options{Seed: tc.seed, Minutes: tc.minutes, Clean: true})
			collisions := 0
			for _, f := range r.Faults {
				if f.Kind == Collision && collisions == 0 {
					collisions++
					continue
				}
				t.Errorf("the demo's traffic broke a rule: %+v", f)
			}
			if collisions != 1 || r.Vehicles < 100 {
				t.Errorf("%d collisions, %d vehicles", collisions, r.Vehicles)
			}
		})
	}
}

// cleanFaults builds a demo and runs what `viewer check` runs over it.
func cleanFaults(t *testing.T, city citygen.Config, opt demo.Options) *Result {
	t.Helper()
	mb, lb, _, err := demo.Build(city, opt)
	if err != nil {
		t.Fatal(err)
	}
	bm, err := bai.DecodeBytes(mb)
	if err != nil {
		t.Fatal(err)
	}
	rec, err := scene.Open(bytes.NewReader(lb), int64(len(lb)), nil)
	if err != nil {
		t.Fatal(err)
	}
	a, err := lanes.Associate(context.Background(), rec, lanes.NewBAI(scene.NewMap(bm)), nil)
	if err != nil {
		t.Fatal(err)
	}
	return Find(a, rec.Events(), Defaults())
}

// TestAssociateOnlyFindsTheSame: without a map, Find gives on an
// association of the event actors' tracks alone (lanes.AssociateOnly, a
// shot's) exactly what it gives on the whole one, and a track kept is the
// same track. The recording has a collision of two moving cars (its worst
// value is their speed, from their tracks) and a car that stands 35 s (a
// blocked span, listed only for an actor with a track), among others.
func TestAssociateOnlyFindsTheSame(t *testing.T) {
	w := newWorld(t)
	s := several(w)
	s.Seconds = 40
	s.Vehicles = append(s.Vehicles, car(20, w.a0, steady(30, 0), false), car(21, w.b1, steady(2, 1), false))
	data := s.Bytes()
	rec, err := scene.Open(bytes.NewReader(data), int64(len(data)), nil)
	if err != nil {
		t.Fatal(err)
	}
	whole, err := lanes.Associate(context.Background(), rec, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	ids := lanes.EventActors(rec)
	const trail = 21 // an actor of no event, for a trail
	some, err := lanes.AssociateOnly(context.Background(), rec, append(ids, trail), nil)
	if err != nil {
		t.Fatal(err)
	}
	want, got := Find(whole, rec.Events(), Defaults()), Find(some, rec.Events(), Defaults())
	t.Logf("%d faults: %d collisions, %d blocked spans; %d of %d tracks kept",
		len(want.Faults), want.Count(Collision), want.Count(Blocked), len(some.Tracks), len(whole.Tracks))
	if want.Count(Collision) == 0 || want.Count(Blocked) == 0 || len(some.Tracks) >= len(whole.Tracks) {
		t.Fatalf("nothing to compare: %+v", want.Faults)
	}
	for _, f := range want.Faults {
		if f.Kind == Collision && !(f.Worst > 1) {
			t.Fatalf("the collision's worst value %v does not come from the cars' tracks", f.Worst)
		}
	}
	if !reflect.DeepEqual(got.Faults, want.Faults) {
		t.Errorf("faults differ:\n got %+v\nwant %+v", got.Faults, want.Faults)
	}
	for _, id := range []uint32{trail, 20} {
		w, g := whole.TracksOf(id), some.TracksOf(id)
		if len(w) == 0 || len(w) != len(g) {
			t.Fatalf("actor %d: %d tracks whole, %d kept", id, len(w), len(g))
		}
		tw, tg := &whole.Tracks[w[0]], &some.Tracks[g[0]]
		if tw.Len() != tg.Len() || tw.First != tg.First {
			t.Fatalf("actor %d: %d samples from %d, kept %d from %d", id, tw.Len(), tw.First, tg.Len(), tg.First)
		}
		for i := range tw.Len() {
			a, b := tw.At(i), tg.At(i)
			if math.IsNaN(a.HeadingError) && math.IsNaN(b.HeadingError) {
				a.HeadingError, b.HeadingError = 0, 0 // NaN: no direction of motion, in both
			}
			if !reflect.DeepEqual(a, b) {
				t.Fatalf("actor %d sample %d: %+v kept, %+v whole", id, i, b, a)
			}
		}
	}
}
