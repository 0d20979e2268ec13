package main

import (
	"encoding/json"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/mm2carla/viewer/analysis/faults"
	"github.com/mm2carla/viewer/format/bai"
	"github.com/mm2carla/viewer/format/recorder"
	"github.com/mm2carla/viewer/internal/drivetest"
	"github.com/mm2carla/viewer/internal/testrec"
	"github.com/mm2carla/viewer/scene"
)

// faultyFiles writes, in the current directory, city.bai (drivetest's
// city with a traffic light at its through road's end and a stop sign at
// its start) and faults.log: six seconds in which one car runs the red
// light, one drifts 2 m off its lane for a second, one changes lanes,
// one drives the wrong way, one runs the stop sign, one closes in on the
// car ahead, two collide (an impact recorded twice, 0.15 s apart: one
// collision) and one hits the world; and clean.log, one car keeping its
// lane.
func faultyFiles(t *testing.T) {
	t.Helper()
	bm := drivetest.City()
	r := drivetest.Through(scene.NewMap(bm))
	drivetest.SetEnd(bm, r, false, bai.RuleTrafficLight, true)
	drivetest.SetEnd(bm, r, true, bai.RuleStopSign, false)
	writeBAI(t, "city.bai", bm)
	sm := scene.NewMap(bm)
	b0, b1 := drivetest.Lane(sm, r, true, 0), drivetest.Lane(sm, r, true, 1)
	a0 := drivetest.Lane(sm, r, false, 0)
	back := slices.Clone(b1)
	slices.Reverse(back)
	light := sm.Roads[r].End.LightOrigin
	light[2] = 0
	car := func(id uint32, bp string, p drivetest.Path, at func(t float64) (s, lat float64)) drivetest.Vehicle {
		return drivetest.Vehicle{ID: id, Blueprint: bp, Pose: func(t float64) (mgl64.Vec3, float64, bool) {
			s, lat := at(t)
			pos, yaw := p.At(s, lat)
			return pos, yaw, true
		}}
	}
	steady := func(s0, v float64) func(float64) (float64, float64) {
		return func(t float64) (float64, float64) { return s0 + v*t, 0 }
	}
	faulty := drivetest.Script{Hz: 20, Seconds: 6,
		Vehicles: []drivetest.Vehicle{
			car(10, "vehicle.tesla.model3", b0, steady(b0.Length()-20, 8)),
			car(11, "vehicle.audi.tt", b1, func(t float64) (float64, float64) {
				if t >= 1 && t < 2 {
					return 5 + 5*t, -2
				}
				return 5 + 5*t, 0
			}),
			car(12, "vehicle.nissan.micra", a0, func(t float64) (float64, float64) {
				return 2 + 6*t, -3.5 * min(max(t-3, 0)/2, 1)
			}),
			car(13, "vehicle.mini.cooper_s", back, func(t float64) (float64, float64) { return 10 + 8*min(t, 3), 0 }),
			car(14, "vehicle.seat.leon", a0, steady(a0.Length()-30, 8)),
			car(15, "vehicle.audi.a2", b0, steady(20, 4)),
			car(16, "vehicle.lincoln.mkz_2020", b0, func(t float64) (float64, float64) {
				const brake = (20 - 4.5 - 6) / 8.0
				return 12*min(t, brake) + 4*max(t-brake, 0), 0
			}),
		},
		Lights:     []drivetest.Light{{ID: 90, Pos: light, State: func(float64) recorder.LightState { return recorder.LightRed }}},
		Collisions: []drivetest.Collision{{Time: 5, A: 10, B: 11}, {Time: 5.15, A: 11, B: 10}, {Time: 5.5, A: 13, B: faults.World}},
	}
	clean := drivetest.Script{Hz: 20, Seconds: 4, Vehicles: []drivetest.Vehicle{car(10, "vehicle.tesla.model3", b1, steady(5, 8))}}
	for name, s := range map[string]drivetest.Script{"faults.log": faulty, "clean.log": clean} {
		if err := os.WriteFile(name, s.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func TestCheckGolden(t *testing.T) {
	goldenRuns(t, faultyFiles, []goldenCase{
		{"check.golden", []string{"check", "city.bai", "faults.log"}, ExitFaults},
		{"check_json.golden", []string{"check", "faults.log", "city.bai", "--json"}, ExitFaults},
		{"check_nomap.golden", []string{"check", "faults.log"}, ExitFaults},
		{"state_map.golden", []string{"state", "city.bai", "faults.log", "--at", "2.25"}, ExitOK},
		{"state_map_json.golden", []string{"state", "faults.log", "city.bai", "--at", "2.25", "--json"}, ExitOK},
	})
}

type checkDoc struct {
	Recording string  `json:"recording"`
	Map       *string `json:"map"`
	Vehicles  int     `json:"vehicles_checked"`
	Faults    []struct {
		Kind      string `json:"kind"`
		Actor     uint32 `json:"actor"`
		Blueprint string `json:"blueprint"`
		Other     *struct {
			ID        uint32  `json:"id"`
			Blueprint *string `json:"blueprint"`
		} `json:"other"`
		Start        float64    `json:"start"`
		End          float64    `json:"end"`
		Road         *int       `json:"road"`
		Side         *string    `json:"side"`
		Lane         *int       `json:"lane"`
		Intersection *int       `json:"intersection"`
		Worst        float64    `json:"worst"`
		Location     [3]float64 `json:"location"`
	} `json:"faults"`
}

// TestCheckFindsEachKind reads the JSON document: one fault of each kind,
// by the actor that commits it (and a second collision, with the
// world), sorted by start, the file's numbers and units, the other
// actor of collisions and close calls.
func TestCheckFindsEachKind(t *testing.T) {
	t.Chdir(t.TempDir())
	faultyFiles(t)
	code, out, errOut := runCLI("check", "--json", "faults.log", "city.bai")
	if code != ExitFaults || errOut != "" {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	var doc checkDoc
	dec := json.NewDecoder(strings.NewReader(out))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&doc); err != nil {
		t.Fatal(err)
	}
	want := map[string]uint32{"red-light": 10, "off-lane": 11, "wrong-way": 13, "stop-sign": 14, "close-call": 16,
		"collision": 10}
	got := map[string]uint32{}
	others := map[uint32]string{}
	for i, f := range doc.Faults {
		if _, ok := got[f.Kind]; !ok {
			got[f.Kind] = f.Actor
		}
		switch {
		case (f.Kind == "collision" || f.Kind == "close-call") != (f.Other != nil):
			t.Errorf("%s with other %v", f.Kind, f.Other)
		case f.Other != nil && f.Other.Blueprint == nil:
			others[f.Other.ID] = "null"
		case f.Other != nil:
			others[f.Other.ID] = *f.Other.Blueprint
		}
		if f.Kind == "collision" && f.Actor == 10 && (f.Start != 5 || f.End != 5.15) {
			t.Errorf("the impact recorded twice: %g-%g, want one collision 5-5.15", f.Start, f.End)
		}
		if i > 0 && doc.Faults[i-1].Start > f.Start {
			t.Errorf("not sorted by start")
		}
		if f.Kind == "red-light" && (f.Intersection == nil || f.Road == nil || *f.Side != "B" || *f.Lane != 0) {
			t.Errorf("red light at %+v", f)
		}
		if f.Kind == "wrong-way" && f.Worst < 179 {
			t.Errorf("wrong way by %g deg", f.Worst)
		}
	}
	if w := map[uint32]string{11: "vehicle.audi.tt", 15: "vehicle.audi.a2", faults.World: "null"}; !maps.Equal(others, w) {
		t.Errorf("other actors %v, want %v", others, w)
	}
	if len(doc.Faults) != len(want)+1 || doc.Vehicles != 7 || doc.Map == nil || *doc.Map != "city.bai" {
		t.Errorf("%d faults, %d vehicles, map %v: %s", len(doc.Faults), doc.Vehicles, doc.Map, out)
	}
	for k, id := range want {
		if got[k] != id {
			t.Errorf("%s by actor %d, want %d", k, got[k], id)
		}
	}
}

func TestCheckStatus(t *testing.T) {
	t.Chdir(t.TempDir())
	faultyFiles(t)
	if err := os.WriteFile("junk.bin", []byte("not a recording at all"), 0o644); err != nil {
		t.Fatal(err)
	}
	// 8 million samples claimed by 240 kB: refused, naming the file.
	if err := os.WriteFile("crowd.log", testrec.Crowd(2000, 4000), 0o644); err != nil {
		t.Fatal(err)
	}
	runStatus(t, []statusCase{
		{[]string{"check", "clean.log", "city.bai"}, ExitOK, "", "total        0"},
		{[]string{"check", "clean.log", "city.bai"}, ExitOK, "", "on city.bai: 1 vehicle checked;"},
		{[]string{"check", "faults.log", "city.bai", "--actor", "13"}, ExitFaults, "", "the faults of actor 13 listed"},
		{[]string{"check", "faults.log", "city.bai", "--actor", "13"}, ExitFaults, "", "wrong-way    1"},
		{[]string{"check", "faults.log", "city.bai", "--actor", "13"}, ExitFaults, "", "total        2"}, // and its hit on the world
		{[]string{"check", "faults.log", "city.bai", "--actor", "13"}, ExitFaults, "", "collision   actor 13 vehicle.mini.cooper_s  with the world (static)"},
		{[]string{"check", "faults.log", "city.bai", "--collision-merge", "0.1"}, ExitFaults, "", "collision    3"},
		{[]string{"check", "faults.log", "city.bai", "--after-collision", "-1"}, ExitUsage, "--after-collision -1", ""},
		{[]string{"check", "faults.log", "city.bai", "--actor", "11"}, ExitFaults, "", "collision    1"}, // the other actor of 10's
		{[]string{"check", "faults.log", "city.bai", "--actor", "12,15"}, ExitFaults, "", "the faults of actors 12, 15 listed"},
		{[]string{"check", "faults.log", "city.bai", "--actor", "12"}, ExitOK, "", "total        0"}, // its lane change is no fault
		{[]string{"check", "faults.log", "city.bai", "--actor", "99"}, ExitBadInput, "faults.log: no actor 99 in the recording", ""},
		{[]string{"check", "faults.log", "city.bai", "--actor", "hero"}, ExitBadInput, "faults.log: no hero in the recording", ""},
		{[]string{"check", "faults.log", "city.bai", "--actor", "13,x"}, ExitUsage, `--actor "13,x"`, ""},
		{[]string{"check", "faults.log", "city.bai"}, ExitFaults, "", "off-lane     1"},
		{[]string{"check", "faults.log", "city.bai", "--off-lane", "2.5", "--close-call-ttc", "0.5"}, ExitFaults, "", "off-lane     0"},
		{[]string{"check", "clean.log", "--maps", "off"}, ExitOK, "no map given", "total        0"},
		// city.bai is beside clean.log, whose header names a place that is
		// no CARLA town: the one AI map there is its map (#27).
		{[]string{"check", "clean.log"}, ExitOK, "city.bai, beside the recording (the one AI map there", "on city.bai: 1 vehicle checked;"},
		{[]string{"check"}, ExitUsage, "want a recording", ""},
		{[]string{"check", "city.bai"}, ExitUsage, "no recording", ""},
		{[]string{"check", "city.bai", "city.bai", "clean.log"}, ExitUsage, "two maps", ""},
		{[]string{"check", "clean.log", "--off-lane", "-1"}, ExitUsage, "--off-lane -1", ""},
		{[]string{"check", "clean.log", "--wrong-way-time", "NaN"}, ExitUsage, "--wrong-way-time NaN", ""},
		{[]string{"check", "clean.log", "--speed", "3"}, ExitUsage, "not defined", ""},
		{[]string{"check", "missing.log"}, ExitBadInput, "missing.log", ""},
		{[]string{"check", "junk.bin", "city.bai"}, ExitBadInput, "junk.bin", ""},
		{[]string{"check", "crowd.log", "--maps", "off"}, ExitBadInput, "crowd.log: lanes: the recording's spawn and destroy events", ""},
		{[]string{"shot", "crowd.log", "--at", "1", "--maps", "off", "--size", "64x48", "--out", "crowd.png"}, ExitOK, "crowd.log: no lanes, trails or faults", "crowd.png: 64x48"},
		{[]string{"state", "clean.log", "city.bai", "city.bai", "--at", "1"}, ExitUsage, "at most one MAP", ""},
		{[]string{"state", "clean.log", "clean.log", "--at", "1"}, ExitUsage, "two recordings", ""},
	})
}

// TestStateLaneMatchesCheck: the lane `viewer state` gives a vehicle is
// the one `viewer check` placed it in.
func TestStateLane(t *testing.T) {
	t.Chdir(t.TempDir())
	faultyFiles(t)
	code, out, errOut := runCLI("state", "faults.log", "city.bai", "--at", "1.5", "--json")
	if code != ExitOK || errOut != "" {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	var doc struct {
		Actors []struct {
			ID   uint32 `json:"id"`
			Lane *struct {
				Road         int      `json:"road"`
				Side         string   `json:"side"`
				Lane         int      `json:"lane"`
				Offset       float64  `json:"offset"`
				HeadingError *float64 `json:"heading_error"`
			} `json:"lane"`
			Intersection *int `json:"intersection"`
		} `json:"actors"`
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatal(err)
	}
	byID := map[uint32]int{}
	for i, a := range doc.Actors {
		byID[a.ID] = i
	}
	for _, tt := range []struct {
		id      uint32
		side    string
		lane    int
		offset  float64
		heading float64
	}{
		{11, "B", 1, -2, 0},  // drifting 2 m right of lane 1
		{13, "B", 1, 0, 180}, // the wrong way
		{15, "B", 0, 0, 0},   // on its lane
		{12, "A", 0, 0, 0},   // before its lane change
	} {
		a := doc.Actors[byID[tt.id]]
		if a.Lane == nil || a.Lane.Side != tt.side || a.Lane.Lane != tt.lane ||
			a.Lane.HeadingError == nil || *a.Lane.HeadingError != tt.heading || a.Lane.Offset != tt.offset {
			t.Errorf("actor %d: %+v", tt.id, a.Lane)
		}
	}
	if a := doc.Actors[byID[90]]; a.Lane != nil || a.Intersection != nil {
		t.Errorf("the traffic light is placed: %+v", a)
	}
}

// TestWindowHelpListsCheck: `viewer --help` lists the commands, check
// among them.
func TestWindowHelpListsCheck(t *testing.T) {
	var out, errb strings.Builder
	code := Window(&Env{Stdout: &out, Stderr: &errb, Getenv: func(string) string { return "" }}, []string{"--help"})
	if code != ExitOK || !strings.Contains(errb.String(), "\n  check ") || !strings.Contains(errb.String(), "\n  state ") {
		t.Errorf("exit %d, help:\n%s", code, errb.String())
	}
}

// TestCheckActorHero: --actor hero finds CARLA's ego vehicle by its
// role_name (259 in the 0.9.10 Town01 run) and gates on its faults.
func TestCheckActorHero(t *testing.T) {
	rec := realFile(t, "carla-0.9.10-town01-lanecenter.log")
	xodr := filepath.Join(carlaDir, "Town01.xodr")
	code, out, errOut := runCLI("check", rec, xodr, "--actor", "hero", "--json")
	if code != ExitFaults {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	var doc struct {
		Faults []struct {
			Kind  string `json:"kind"`
			Actor uint32 `json:"actor"`
		} `json:"faults"`
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatal(err)
	}
	if len(doc.Faults) == 0 {
		t.Fatal("no fault of the hero")
	}
	for _, f := range doc.Faults {
		if f.Actor != 259 {
			t.Errorf("a fault of actor %d listed for the hero (259)", f.Actor)
		}
	}
	if code, out, _ := runCLI("check", rec, xodr, "--actor", "hero"); code != ExitFaults ||
		!strings.Contains(out, "the faults of actor 259 listed") {
		t.Errorf("text: exit %d, %q", code, out)
	}
}
