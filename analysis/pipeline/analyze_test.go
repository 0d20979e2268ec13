package pipeline

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/mm2carla/viewer/analysis/faults"
	"github.com/mm2carla/viewer/analysis/lanes"
	"github.com/mm2carla/viewer/format/bai"
	"github.com/mm2carla/viewer/internal/testrec"
	"github.com/mm2carla/viewer/scene"
)

// TestLaneMap: the one chooser takes OpenDRIVE roads first, then BAI
// roads, and calls a map without a road no map.
func TestLaneMap(t *testing.T) {
	city, err := Load(context.Background(), BytesSource("city.bai", mapBytes(t)), nil)
	if err != nil {
		t.Fatal(err)
	}
	xodr, err := os.ReadFile(filepath.Join("..", "..", "format", "opendrive", "testdata", "small.xodr"))
	if err != nil {
		t.Fatal(err)
	}
	town, err := Load(context.Background(), BytesSource("small.xodr", xodr), nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		m    *scene.Map
		rn   *scene.RoadNet
		want string // "", "bai", "opendrive"
	}{
		{"nothing", nil, nil, ""},
		{"empty map", &scene.Map{}, nil, ""},
		{"BAI map without a road", scene.NewMap(&bai.Map{}), nil, ""},
		{"network without a road", &scene.Map{}, &scene.RoadNet{}, ""},
		{"BAI map", city.Map, nil, "bai"},
		{"OpenDRIVE map", town.Map, town.Roads, "opendrive"},
		{"both: the network wins", city.Map, town.Roads, "opendrive"},
		{"roadless network, BAI roads", city.Map, &scene.RoadNet{}, "bai"},
	} {
		got := ""
		switch LaneMap(tc.m, tc.rn).(type) {
		case *lanes.BAI:
			got = "bai"
		case *lanes.OpenDRIVE:
			got = "opendrive"
		}
		if got != tc.want {
			t.Errorf("%s: lane map %q, want %q", tc.name, got, tc.want)
		}
	}
	if LaneMapOf(nil) != nil || LaneMapOf(city) == nil {
		t.Error("LaneMapOf disagrees with LaneMap")
	}
}

// TestAnalyzeOnly: nil Only samples every vehicle, an empty one none,
// and a list those; Refind keeps the association and changes the
// thresholds.
func TestAnalyzeOnly(t *testing.T) {
	rec, err := Load(context.Background(), BytesSource("run.log", testrec.Bytes(40)), nil)
	if err != nil {
		t.Fatal(err)
	}
	all, err := Analyze(context.Background(), rec.Recording, nil, Options{Thresholds: faults.Defaults()})
	if err != nil {
		t.Fatal(err)
	}
	if len(all.Assoc.Tracks) < 2 {
		t.Fatalf("%d tracks: the test recording needs two vehicles", len(all.Assoc.Tracks))
	}
	id := all.Assoc.Tracks[0].ID
	for _, tc := range []struct {
		name string
		only []uint32
		want int
	}{
		{"every vehicle", nil, len(all.Assoc.Tracks)},
		{"none", []uint32{}, 0},
		{"one", []uint32{id}, len(all.Assoc.TracksOf(id))},
	} {
		an, err := Analyze(context.Background(), rec.Recording, nil, Options{Only: tc.only})
		if err != nil {
			t.Fatal(err)
		}
		if n := len(an.Assoc.Tracks); n != tc.want {
			t.Errorf("%s: %d tracks, want %d", tc.name, n, tc.want)
		}
	}
	th := faults.Defaults()
	th.OffLane = 9
	re := all.Refind(th)
	if re.Assoc != all.Assoc || re.Thresholds != th || re.Recording != all.Recording || re.Faults == all.Faults {
		t.Error("Refind did not keep the association and take the new thresholds")
	}
}
