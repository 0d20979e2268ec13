package main

import (
	"encoding/json"
	"math"
	"os"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/mm2carla/viewer/internal/drivetest"
	"github.com/mm2carla/viewer/scene"
)

// diffFiles writes, in the current directory, city.bai (drivetest's city)
// and four runs of five seconds on its through road: a.log, three cars
// of which two collide at 4 s; same.log, a copy; renumbered.log, the
// same cars under other ids (the hero known by its role); and b.log, in
// which car 11 moves 2 m to the right from 2 s on (off its lane), a car
// 13 drives that a.log does not have, and nothing collides.
func diffFiles(t *testing.T) {
	t.Helper()
	bm := drivetest.City()
	writeBAI(t, "city.bai", bm)
	sm := scene.NewMap(bm)
	r := drivetest.Through(sm)
	b0, b1, a0 := drivetest.Lane(sm, r, true, 0), drivetest.Lane(sm, r, true, 1), drivetest.Lane(sm, r, false, 0)
	car := func(id uint32, bp, role string, p drivetest.Path, s0, v, from float64, lat func(float64) float64) drivetest.Vehicle {
		return drivetest.Vehicle{ID: id, Blueprint: bp, Role: role, Pose: func(t float64) (mgl64.Vec3, float64, bool) {
			pos, yaw := p.At(s0+v*(t-from), lat(t))
			return pos, yaw, t >= from
		}}
	}
	keep := func(float64) float64 { return 0 }
	drift := func(t float64) float64 {
		if t >= 2 {
			return -2
		}
		return 0
	}
	run := func(ids uint32, lat11 func(float64) float64, extra bool, collide bool) drivetest.Script {
		s := drivetest.Script{Hz: 20, Seconds: 5, Vehicles: []drivetest.Vehicle{
			car(10+ids, "vehicle.tesla.model3", "hero", b0, 5, 8, 0, keep),
			car(11+ids, "vehicle.audi.tt", "", b1, 30, 6, 0, lat11),
			car(12+ids, "vehicle.nissan.micra", "", a0, 10, 5, 0, keep),
		}}
		if extra {
			s.Vehicles = append(s.Vehicles, car(13, "vehicle.seat.leon", "", a0, 40, 5, 1, keep))
		}
		if collide {
			s.Collisions = []drivetest.Collision{{Time: 4, A: 10 + ids, B: 11 + ids}}
		}
		return s
	}
	for name, s := range map[string]drivetest.Script{
		"a.log": run(0, keep, false, true), "same.log": run(0, keep, false, true),
		"renumbered.log": run(100, keep, false, true), "b.log": run(0, drift, true, false),
	} {
		if err := os.WriteFile(name, s.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func TestDiffGolden(t *testing.T) {
	goldenRuns(t, diffFiles, []goldenCase{
		{"diff.golden", []string{"diff", "a.log", "b.log", "city.bai"}, ExitDiffer},
		{"diff_json.golden", []string{"diff", "city.bai", "a.log", "b.log", "--json"}, ExitDiffer},
		{"diff_nomap.golden", []string{"diff", "a.log", "b.log", "--threshold", "0.5"}, ExitDiffer},
	})
}

type diffDoc struct {
	A         string  `json:"a"`
	B         string  `json:"b"`
	Threshold float64 `json:"threshold"`
	Actors    []struct {
		AID           uint32     `json:"a_id"`
		BID           uint32     `json:"b_id"`
		Blueprint     string     `json:"blueprint"`
		FirstDiverges float64    `json:"first_diverges"`
		MaxDivergence float64    `json:"max_divergence"`
		MaxAt         float64    `json:"max_at"`
		ALocation     [3]float64 `json:"a_location"`
		BLocation     [3]float64 `json:"b_location"`
	} `json:"actors"`
	OnlyInA       []uint32       `json:"only_in_a"`
	OnlyInB       []uint32       `json:"only_in_b"`
	EventsOnlyInA []diffDocEvent `json:"events_only_in_a"`
	EventsOnlyInB []diffDocEvent `json:"events_only_in_b"`
}

type diffDocEvent struct {
	Kind   string   `json:"kind"`
	Time   float64  `json:"time"`
	Actors []uint32 `json:"actors"`
}

// TestDiffFinds reads the JSON document: car 11 diverges from 2 s by 2 m
// (200 cm apart in the file's units), car 13 is only in B, the collision
// only in A and car 11's off-lane fault only in B.
func TestDiffFinds(t *testing.T) {
	t.Chdir(t.TempDir())
	diffFiles(t)
	code, out, errOut := runCLI("diff", "--json", "a.log", "b.log", "city.bai")
	if code != ExitDiffer || errOut != "" {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	var doc diffDoc
	dec := json.NewDecoder(strings.NewReader(out))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&doc); err != nil {
		t.Fatal(err)
	}
	if len(doc.Actors) != 1 || doc.A != "a.log" || doc.B != "b.log" || doc.Threshold != 1 {
		t.Fatalf("%s", out)
	}
	a := doc.Actors[0]
	apart := math.Hypot(a.ALocation[0]-a.BLocation[0], a.ALocation[1]-a.BLocation[1])
	if a.AID != 11 || a.BID != 11 || a.FirstDiverges != 2 || math.Abs(a.MaxDivergence-2) > 0.01 || math.Abs(apart-200) > 1 {
		t.Errorf("actor %+v, %g cm apart", a, apart)
	}
	if len(doc.OnlyInA) != 0 || len(doc.OnlyInB) != 1 || doc.OnlyInB[0] != 13 {
		t.Errorf("only in A %v, only in B %v", doc.OnlyInA, doc.OnlyInB)
	}
	if len(doc.EventsOnlyInA) != 1 || doc.EventsOnlyInA[0].Kind != "collision" || doc.EventsOnlyInA[0].Time != 4 {
		t.Errorf("events only in A %+v", doc.EventsOnlyInA)
	}
	offLane := 0
	for _, e := range doc.EventsOnlyInB {
		if e.Kind == "off-lane" && e.Actors[0] == 11 && e.Time >= 2 {
			offLane++
		}
	}
	if offLane != 1 {
		t.Errorf("events only in B %+v", doc.EventsOnlyInB)
	}
}

func TestDiffStatus(t *testing.T) {
	t.Chdir(t.TempDir())
	diffFiles(t)
	if err := os.WriteFile("junk.bin", []byte("not a recording at all"), 0o644); err != nil {
		t.Fatal(err)
	}
	head, err := os.ReadFile("a.log")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile("cut.log", head[:len(head)/2], 0o644); err != nil {
		t.Fatal(err)
	}
	runStatus(t, []statusCase{
		{[]string{"diff", "a.log", "same.log", "city.bai"}, ExitOK, "", "The runs agree within 1 m."},
		{[]string{"diff", "a.log", "renumbered.log"}, ExitOK, "", "by id 0, by role 1, by spawn 2"},
		{[]string{"diff", "a.log", "b.log", "--threshold", "3", "--maps", "off"}, ExitDiffer, "", "diverging by more than 3 m: 0"},
		{[]string{"diff", "a.log", "same.log", "--offset", "0.5"}, ExitDiffer, "", "B shifted by 0.5 s"},
		{[]string{"diff", "a.log"}, ExitUsage, "want two recordings", ""},
		{[]string{"diff", "a.log", "b.log", "same.log"}, ExitUsage, "two recordings given", ""},
		{[]string{"diff", "a.log", "city.bai", "city.bai"}, ExitUsage, "two maps", ""},
		{[]string{"diff", "a.log", "b.log", "city.bai", "city.bai"}, ExitUsage, "at most one map", ""},
		{[]string{"diff", "a.log", "b.log", "--threshold", "-1"}, ExitUsage, "--threshold -1", ""},
		{[]string{"diff", "a.log", "b.log", "--offset", "NaN"}, ExitUsage, "--offset NaN", ""},
		{[]string{"diff", "a.log", "missing.log"}, ExitBadInput, "missing.log", ""},
		{[]string{"diff", "junk.bin", "a.log"}, ExitBadInput, "junk.bin", ""},
		{[]string{"diff", "a.log", "cut.log", "--maps", "off"}, ExitDiffer, "cut.log: using the frames before the error: recorder: byte ", "Events only in A: 1"},
	})
}

// TestDiffCARLA compares the two real recordings of one scenario made
// with CARLA 0.9.10 and 0.9.13: the hero has another id and a renamed
// blueprint (mkz2017, mkz_2017), so it is matched by its role; it drives
// differently from about 6 s on; each run's off-lane spans are its own.
func TestDiffCARLA(t *testing.T) {
	a, b := realFile(t, realFiles[0].file), realFile(t, realFiles[1].file)
	code, out, errOut := runQuery("diff", a, b, "--json")
	if code != ExitDiffer || !strings.Contains(errOut, "Town01") {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	var doc diffDoc
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatal(err)
	}
	if len(doc.Actors) != 1 || len(doc.OnlyInA)+len(doc.OnlyInB) != 0 {
		t.Fatalf("%s", out)
	}
	h := doc.Actors[0]
	if h.AID != 259 || h.BID != 234 || h.FirstDiverges < 5 || h.FirstDiverges > 7 || h.MaxDivergence < 10 {
		t.Errorf("hero %+v", h)
	}
	for _, evs := range [][]diffDocEvent{doc.EventsOnlyInA, doc.EventsOnlyInB} {
		if len(evs) == 0 || evs[0].Kind != "off-lane" {
			t.Errorf("events %+v", evs)
		}
	}
}
