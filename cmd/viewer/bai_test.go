package main

import (
	"bytes"
	"encoding/json"
	"math"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/mm2carla/viewer/format/bai"
)

// baiRoad builds a straight road of three sections from a to b with the
// given lane and rail counts, one sidewalk a side. Side B drives a -> b on
// its right (+right), side A drives back on the other side and stores its
// curves b -> a; sidewalk edges run a -> b on both sides.
func baiRoad(id int, a, b bai.Vec3, lanesA, lanesB, trams, trains int) bai.Road {
	const ns = 3
	dx, dz := b.X-a.X, b.Z-a.Z
	length := float32(math.Hypot(float64(dx), float64(dz)))
	dir := bai.Vec3{X: dx / length, Z: dz / length}
	right := bai.Vec3{X: -dir.Z, Z: dir.X}
	at := func(k int, off float32) bai.Vec3 {
		t := float32(k) / (ns - 1)
		return bai.Vec3{X: a.X + dx*t + right.X*off, Y: a.Y, Z: a.Z + dz*t + right.Z*off}
	}
	curve := func(off float32, backwards bool) []bai.Vec3 {
		pts := make([]bai.Vec3, ns)
		for k := range pts {
			if backwards {
				pts[k] = at(ns-1-k, off)
			} else {
				pts[k] = at(k, off)
			}
		}
		return pts
	}
	dists := []float32{0, length / 2, length}
	side := func(lanes, trams, trains int, sign float32) bai.Side {
		s := bai.Side{NumLanes: uint16(lanes), NumSidewalks: 1}
		for k := 0; k <= lanes; k++ {
			off := 2 + 3.5*float32(k)
			if k == lanes {
				off = 12 // sidewalk centre
			}
			s.Curves = append(s.Curves, curve(sign*off, sign < 0))
			s.CurveDistances = append(s.CurveDistances, dists)
			s.EdgeDistances = append(s.EdgeDistances, off)
		}
		for k := range trams {
			s.Trams = append(s.Trams, curve(sign*(1+float32(k)), sign < 0))
		}
		for k := range trains {
			s.Trains = append(s.Trains, curve(sign*(1.5+float32(k)), sign < 0))
		}
		s.SidewalkInner, s.SidewalkOuter = curve(sign*10.5, false), curve(sign*13.5, false)
		return s
	}
	return bai.Road{
		ID: uint16(id), Rooms: []uint16{uint16(1 + id%2)}, HalfWidth: 13.5, BaseSpeed: 15,
		SideA: side(lanesA, 0, trains, -1), SideB: side(lanesB, trams, 0, 1),
		Distance: dists, Origin: curve(0, false),
		XAxis:   []bai.Vec3{right, right, right},
		YAxis:   []bai.Vec3{{Y: 1}, {Y: 1}, {Y: 1}},
		ZAxis:   []bai.Vec3{{X: -dir.X, Z: -dir.Z}, {X: -dir.X, Z: -dir.Z}, {X: -dir.X, Z: -dir.Z}},
		Tangent: []bai.Vec3{dir, dir, dir},
	}
}

// baiTestCity is a hand-built four-road map:
//
//	I2 (0,0,-100) --R3--> (0,0,-200), unconnected
//	|  \
//	R1   R2
//	|      \
//	I0 --R0-- I1 (100,0,0)
//
// I0 has traffic lights on both roads; I1 mixes a light with a stop sign
// (a warning). broken also makes road 2's end point at the wrong slot of
// intersection 2 (two errors).
func baiTestCity(broken bool) *bai.Map {
	i0, i1, i2 := bai.Vec3{}, bai.Vec3{X: 100}, bai.Vec3{Z: -100}
	m := &bai.Map{
		Roads: []bai.Road{
			baiRoad(0, i0, i1, 1, 1, 0, 0),
			baiRoad(1, i0, i2, 2, 2, 1, 0),
			baiRoad(2, i1, i2, 1, 2, 0, 2),
			baiRoad(3, i2, bai.Vec3{Z: -200}, 1, 1, 0, 0),
		},
		Intersections: []bai.Intersection{
			{ID: 0, Room: 1, Center: i0, Roads: []uint32{0, 1}},
			{ID: 1, Room: 2, Center: i1, Roads: []uint32{2, 0}},
			{ID: 2, Room: 1, Center: i2, Roads: []uint32{1, 2, 3}},
		},
		Culling: bai.Culling{
			Cars: [][]uint16{nil, {0, 1}, {2, 3}},
			Peds: [][]uint16{nil, {0}, {1, 2, 3}},
		},
	}
	end := func(x, idx uint32, rule bai.Rule, light bai.Vec3) bai.RoadEnd {
		e := bai.RoadEnd{Intersection: x, Fill: 0xCDCD, Rule: rule, RoadIndex: idx, LightOrigin: light}
		if light != (bai.Vec3{}) {
			e.LightTarget = bai.Vec3{X: light.X, Y: light.Y, Z: light.Z - 1}
		}
		return e
	}
	r := m.Roads
	r[0].Start = end(0, 0, bai.RuleTrafficLight, bai.Vec3{X: 5, Y: 4, Z: 5})
	r[1].Start = end(0, 1, bai.RuleTrafficLight, bai.Vec3{X: -5, Y: 4, Z: -5})
	r[0].End = end(1, 1, bai.RuleTrafficLight, bai.Vec3{X: 95, Y: 4, Z: 5})
	r[2].Start = end(1, 0, bai.RuleStopSign, bai.Vec3{})
	r[1].End = end(2, 0, bai.RuleNeverStop, bai.Vec3{})
	r[2].End = end(2, 1, bai.RuleNeverStop, bai.Vec3{})
	r[3].Start = end(2, 2, bai.RuleAlwaysStop, bai.Vec3{})
	r[3].End = end(bai.NotConnected, bai.NotConnected, bai.RuleStopSign, bai.Vec3{})
	if broken {
		r[2].End.RoadIndex = 0
	}
	return m
}

// writeBAI encodes m into name in the current directory.
func writeBAI(t *testing.T, name string, m *bai.Map) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := bai.Encode(&b, m); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(name, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func runCLI(args ...string) (code int, stdout, stderr string) {
	var out, errb bytes.Buffer
	env := &Env{Stdout: &out, Stderr: &errb, Getenv: func(string) string { return "" }}
	code = Main(env, args)
	return code, out.String(), errb.String()
}

func TestBAIGolden(t *testing.T) {
	here, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	t.Chdir(t.TempDir()) // so that the file name in the output is stable
	writeBAI(t, "city.bai", baiTestCity(true))
	code, text, stderr := runCLI("bai", "city.bai")
	if code != ExitOK || stderr != "" {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
	code, js, stderr := runCLI("bai", "--json", "city.bai")
	if code != ExitOK || stderr != "" {
		t.Fatalf("--json: exit %d, stderr %q", code, stderr)
	}
	t.Chdir(here)
	golden(t, "bai.golden", []byte(text))
	golden(t, "bai_json.golden", []byte(js))

	var doc struct {
		File          string `json:"file"`
		Roads         int    `json:"roads"`
		Intersections int    `json:"intersections"`
		LaneCurves    struct {
			Total, SideA, SideB int
		} `json:"lane_curves"`
		RoadEnds map[string]int `json:"road_ends"`
		Bounds   struct {
			Min, Max [3]float64
		} `json:"bounds"`
		Problems []struct{ Severity, Where, Message string } `json:"problems"`
	}
	if err := json.Unmarshal([]byte(js), &doc); err != nil {
		t.Fatalf("--json output does not parse: %v", err)
	}
	if doc.File != "city.bai" || doc.Roads != 4 || doc.Intersections != 3 || doc.LaneCurves.Total != 11 {
		t.Errorf("JSON counts %+v", doc)
	}
	if doc.RoadEnds["traffic_light"] != 3 || doc.RoadEnds["unconnected"] != 1 {
		t.Errorf("JSON road ends %v", doc.RoadEnds)
	}
	if doc.Bounds.Min[2] != -200 || doc.Bounds.Max[0] <= 100 {
		t.Errorf("JSON bounds %+v do not enclose the map", doc.Bounds)
	}
	// Text and JSON report the same problems, in the same order.
	lines := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
	probs := lines[len(lines)-len(doc.Problems):]
	for k, p := range doc.Problems {
		if want := p.Severity + " " + p.Where + ": " + p.Message; probs[k] != want {
			t.Errorf("text problem %q, JSON %q", probs[k], want)
		}
	}
	if len(doc.Problems) != 3 {
		t.Errorf("%d problems, want the 2 errors and 1 warning built in", len(doc.Problems))
	}
}

func TestBAICheck(t *testing.T) {
	t.Chdir(t.TempDir())
	writeBAI(t, "good.bai", baiTestCity(false))
	writeBAI(t, "bad.bai", baiTestCity(true))
	one := baiTestCity(false)
	one.Intersections[0].ID = 5
	writeBAI(t, "one.bai", one)
	for _, tc := range []struct {
		args   []string
		code   int
		stderr string
	}{
		{[]string{"bai", "--check", "good.bai"}, ExitOK, ""}, // warnings only
		{[]string{"bai", "good.bai", "--check", "--json"}, ExitOK, ""},
		{[]string{"bai", "bad.bai"}, ExitOK, ""},
		{[]string{"bai", "bad.bai", "--check"}, ExitBadInput, "viewer bai: bad.bai: 2 error-level problems\n"},
		{[]string{"bai", "--json", "--check", "bad.bai"}, ExitBadInput, "viewer bai: bad.bai: 2 error-level problems\n"},
		{[]string{"bai", "--check", "one.bai"}, ExitBadInput, "viewer bai: one.bai: 1 error-level problem\n"},
	} {
		code, stdout, stderr := runCLI(tc.args...)
		if code != tc.code || stderr != tc.stderr {
			t.Errorf("%v: exit %d, stderr %q; want %d, %q", tc.args, code, stderr, tc.code, tc.stderr)
		}
		if !strings.Contains(stdout, "roads: 4") && !strings.Contains(stdout, `"roads": 4`) {
			t.Errorf("%v: no report on stdout:\n%s", tc.args, stdout)
		}
	}
}

func TestBAIBadInput(t *testing.T) {
	t.Chdir(t.TempDir())
	good := writeBAI(t, "good.bai", baiTestCity(false))
	os.WriteFile("trailing.bai", append(bytes.Clone(good), 0), 0o644)
	os.WriteFile("cut.bai", good[:500], 0o644)
	os.WriteFile("cut-culling.bai", good[:len(good)-1], 0o644)
	var roads bytes.Buffer // the header and the whole city's 4 roads
	if err := bai.Encode(&roads, &bai.Map{Roads: baiTestCity(false).Roads}); err != nil {
		t.Fatal(err)
	}
	os.WriteFile("cut-road-3.bai", good[:roads.Len()-10], 0o644)
	os.WriteFile("cut-intersection-1.bai", good[:roads.Len()-4+20], 0o644) // intersection 0 is 18+8 bytes
	os.WriteFile("mm1.bai", good[4:], 0o644)
	os.Mkdir("dir.bai", 0o755)
	for _, tc := range []struct {
		args   []string
		code   int
		stderr string
	}{
		{[]string{"bai"}, ExitUsage, "want one FILE, got 0 arguments"},
		{[]string{"bai", "a.bai", "b.bai"}, ExitUsage, "want one FILE, got 2 arguments"},
		{[]string{"bai", "--colour", "good.bai"}, ExitUsage, "flag provided but not defined: -colour"},
		{[]string{"bai", "missing.bai"}, ExitBadInput, "missing.bai: no such file"},
		{[]string{"bai", "trailing.bai"}, ExitBadInput, "viewer bai: trailing.bai: bai: byte " + itoa(len(good)) + " (after the culling lists): 1 trailing bytes"},
		// Road 0's origins are bytes 490-525: 8 header, 18 road head,
		// 226 side A, 226 side B, 12 distances.
		{[]string{"bai", "cut.bai"}, ExitBadInput, "viewer bai: cut.bai: bai: byte 490 (road 0, origins): data ends early: need 36 bytes here, only 10 remain"},
		{[]string{"bai", "cut.bai"}, ExitBadInput, "only 492 follow it; read 0 of 4 roads before the error\n"},
		{[]string{"bai", "cut-road-3.bai"}, ExitBadInput, " (road 3, start): data ends early: need 38 bytes here, only 32 remain (road counts at byte "},
		{[]string{"bai", "cut-road-3.bai"}, ExitBadInput, "; read 3 of 4 roads before the error\n"},
		{[]string{"bai", "cut-intersection-1.bai"}, ExitBadInput, "; read all 4 roads and 0 of 3 intersections before the error\n"},
		{[]string{"bai", "cut-culling.bai"}, ExitBadInput, "; read all 4 roads and 3 intersections before the error\n"},
		{[]string{"bai", "dir.bai"}, ExitBadInput, "viewer bai: dir.bai: bai: reading: read dir.bai: is a directory"},
		{[]string{"bai", "mm1.bai"}, ExitBadInput, "viewer bai: mm1.bai: bai: byte 0 (header): not a Midtown Madness 2 AI map"},
	} {
		code, stdout, stderr := runCLI(tc.args...)
		if code != tc.code || !strings.Contains(stderr, tc.stderr) {
			t.Errorf("%v: exit %d, stderr %q; want %d and %q", tc.args, code, stderr, tc.code, tc.stderr)
		}
		if strings.Contains(stdout, "AI map:") {
			t.Errorf("%v: printed a report for bad input: %q", tc.args, stdout)
		}
	}
}

func itoa(n int) string { return strconv.Itoa(n) }

func TestBAIHelp(t *testing.T) {
	for _, args := range [][]string{{"bai", "-h"}, {"help", "bai"}} {
		code, stdout, _ := runCLI(args...)
		if code != ExitOK {
			t.Errorf("%v: exit %d", args, code)
		}
		for _, want := range []string{"usage: viewer bai FILE [--json] [--check]", "-check", "-json", "Exit status"} {
			if !strings.Contains(stdout, want) {
				t.Errorf("%v: help lacks %q:\n%s", args, want, stdout)
			}
		}
	}
}

func TestDecimal1(t *testing.T) {
	for _, tc := range []struct {
		x    float32
		want string
	}{{0, "0.0"}, {-0.04, "0.0"}, {-0.06, "-0.1"}, {80.3, "80.3"}, {-1234.5, "-1234.5"}, {2200.84, "2200.8"}} {
		if got := decimal1(tc.x); got != tc.want {
			t.Errorf("decimal1(%v) = %q, want %q", tc.x, got, tc.want)
		}
	}
}
