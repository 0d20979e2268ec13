package main

import (
	"encoding/csv"
	"encoding/json"
	"math"
	"strconv"
	"strings"
	"testing"
)

func TestTrackGolden(t *testing.T) {
	goldenRuns(t, faultyFiles, []goldenCase{
		{"track.golden", []string{"track", "faults.log", "city.bai", "--actor", "11"}, ExitOK},
	})
}

type trackDoc struct {
	Recording string `json:"recording"`
	Map       *string
	Samples   []struct {
		Actor        uint32     `json:"actor"`
		Time         float64    `json:"time"`
		Frame        uint64     `json:"frame"`
		Location     [3]float64 `json:"location"`
		Speed        float64    `json:"speed"`
		Place        string     `json:"place"`
		Side         *string    `json:"side"`
		Lane         *int       `json:"lane"`
		Offset       *float64   `json:"offset"`
		HeadingError *float64   `json:"heading_error"`
	} `json:"samples"`
}

// TestTrackSamples: car 11 of faultyFiles drives lane B1 at 5 m/s and 2
// m right of it from 1 s to 2 s; its samples say so at every frame, and
// the CSV holds the same numbers as the JSON document.
func TestTrackSamples(t *testing.T) {
	t.Chdir(t.TempDir())
	faultyFiles(t)
	code, out, errOut := runCLI("track", "faults.log", "city.bai", "--actor", "11", "--json")
	if code != ExitOK {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	var doc trackDoc
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatal(err)
	}
	if len(doc.Samples) != 121 {
		t.Fatalf("%d samples, want 121 (6 s at 20 Hz)", len(doc.Samples))
	}
	for i, s := range doc.Samples {
		want := 0.0
		if s.Time >= 1 && s.Time < 2 {
			want = -2
		}
		if s.Actor != 11 || s.Frame != uint64(i)+1 || s.Place != "road" || s.Side == nil || *s.Side != "B" ||
			s.Lane == nil || *s.Lane != 1 || s.Offset == nil || math.Abs(*s.Offset-want) > 0.01 {
			t.Fatalf("sample %d: %+v; want actor 11 in lane B1, offset %v", i, s, want)
		}
		if i > 0 && !(s.Time > doc.Samples[i-1].Time) {
			t.Fatalf("sample %d goes back in time", i)
		}
		if near := math.Abs(s.Time - math.Round(s.Time)); near > 0.06 && (s.Speed < 4.9 || s.Speed > 5.1 ||
			s.HeadingError == nil || math.Abs(*s.HeadingError) > 0.5) {
			t.Fatalf("sample %d away from the drift's ends: %+v; want 5 m/s along the lane", i, s)
		}
	}
	_, text, _ := runCLI("track", "faults.log", "city.bai", "--actor", "11")
	rows, err := csv.NewReader(strings.NewReader(text)).ReadAll()
	if err != nil || len(rows) != len(doc.Samples)+1 {
		t.Fatalf("CSV: %d rows, %v", len(rows), err)
	}
	for i, s := range doc.Samples {
		r := rows[i+1]
		x, _ := strconv.ParseFloat(r[3], 64)
		off, _ := strconv.ParseFloat(r[12], 64)
		if r[0] != "11" || x != s.Location[0] || off != *s.Offset || r[8] != s.Place {
			t.Fatalf("CSV row %d %v differs from sample %+v", i, r, s)
		}
	}
}

func TestTrackStatus(t *testing.T) {
	t.Chdir(t.TempDir())
	faultyFiles(t)
	runStatus(t, []statusCase{
		{[]string{"track", "faults.log", "city.bai"}, ExitUsage, "--actor ID|hero is required", ""},
		{[]string{"track", "faults.log", "city.bai", "--actor", "99"}, ExitBadInput, "faults.log: no actor 99 in the recording", ""},
		{[]string{"track", "faults.log", "city.bai", "--actor", "90"}, ExitBadInput, "actor 90 is not a vehicle", ""},
		{[]string{"track", "faults.log", "city.bai", "--actor", "hero"}, ExitBadInput, "no hero in the recording", ""},
		{[]string{"track", "city.bai", "--actor", "11"}, ExitUsage, "no recording", ""},
		{[]string{"track", "faults.log", "--maps", "off", "--actor", "11,12"}, ExitOK, "", "12,0,1,"},
		{[]string{"track", "faults.log", "--maps", "off", "--actor", "11"}, ExitOK, "", ",none,,,,,,,\n"},
	})
}
