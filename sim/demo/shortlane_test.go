package demo

import (
	"math"
	"slices"
	"testing"

	"github.com/mm2carla/viewer/analysis/faults"
	"github.com/mm2carla/viewer/analysis/towns"
	"github.com/mm2carla/viewer/format/recorder"
)

// TestShortLaneLightHeededFromWay: a car on the way into Town04's 2.2 m
// road 3 (side B, before lit junction 483) stops for that road's red
// light on the way, its front lineGap before the line, since on the
// road itself it could not (see shortlane.go); on green it goes on.
func TestShortLaneLightHeededFromWay(t *testing.T) {
	n := newODRNetwork(townNet(t, "Town04"))
	li := -1
	for i := range n.lanes {
		if l := &n.lanes[i]; l.road == 3 && l.sideB && len(l.in) > 0 {
			li = i
		}
	}
	if li < 0 {
		t.Fatal("no lane on road 3 side B")
	}
	l := &n.lanes[li]
	if l.approach < 0 || n.approaches[l.approach].kind != approachLight || !shortFor(l, 2.09) {
		t.Fatalf("road 3 side B: approach %d, %.2f m, enterV %.2f: want a lit lane too short for an Audi TT", l.approach, l.path.length(), l.enterV)
	}
	s := newSim(n, 1, false, 0)
	m := l.in[0]
	v := &vehicle{onMove: true, seg: m, s: n.moves[m].path.length() - 3, v: 3.15, hl: 2.09, hold: -1, prev: -1, next: -1}
	want := 3 + l.path.length() - v.hl - lineGap
	var red, green bool
	for s.t = 0; s.t < 200 && !(red && green); s.t += 0.5 {
		v.through = false
		got := s.lineBeyond(v)
		switch n.signalOf(l.approach, s.t).state {
		case recorder.LightRed:
			red = true
			if math.Abs(got-want) > 1e-9 {
				t.Errorf("t %.1f red: line %.3f m ahead, want %.3f", s.t, got, want)
			}
		case recorder.LightGreen:
			green = true
			if !math.IsInf(got, 1) {
				t.Errorf("t %.1f green: line %.3f m ahead, want none", s.t, got)
			}
		}
	}
	if !red || !green {
		t.Errorf("light never red (%v) or green (%v) in 200 s", red, green)
	}
}

// TestTown04Seed4NoRedLight: Town04's clean traffic, seed 4, which had a
// car stop 0.04 m past road 3's end on red (from 3.15 m/s in one step),
// breaks no light.
func TestTown04Seed4NoRedLight(t *testing.T) {
	if testing.Short() {
		t.Skip("a town's whole run")
	}
	_, _, found := townChecked(t, Options{Seed: 4, Minutes: DefaultMinutes, MapName: "Town04", Clean: true})
	for _, f := range found.Faults {
		if f.Kind == faults.RedLight {
			t.Errorf("red light run: %+v", f)
		}
	}
}

// TestShortLanesOnTowns: the lit lanes too short to stop on are only
// Town04's roads 3 and 12, whatever the car; not Town10HD's 11 m link,
// whose cars, stopping in the junction behind it, blocked it.
func TestShortLanesOnTowns(t *testing.T) {
	for _, town := range towns.Builtin() {
		n := newODRNetwork(townNet(t, town))
		for _, hl := range []float64{1.8, 2.09, 2.4} {
			var roads []int
			for i := range n.lanes {
				l := &n.lanes[i]
				if l.approach >= 0 && n.approaches[l.approach].kind == approachLight && shortFor(l, hl) {
					roads = append(roads, l.road)
				}
			}
			want := []int(nil)
			if town == "Town04" {
				want = []int{3, 12}
			}
			if !slices.Equal(roads, want) {
				t.Errorf("%s, half length %.2f m: short lit lanes on roads %v, want %v", town, hl, roads, want)
			}
		}
	}
}

// TestSeenPastOnTowns: a car (an Audi TT) looks past (seenPast) the
// short lanes whose one-step stops TestTownsBrakeBelievably found
// (Town04's roads 2, 3 and 12, Town03's road 38) from the way into them,
// never past Town10HD's 11 m link (road 2), where braking from the
// junction before it left cars blocked.
func TestSeenPastOnTowns(t *testing.T) {
	for _, c := range []struct {
		town string
		road int
		want bool
	}{
		{"Town04", 2, true},
		{"Town04", 3, true},
		{"Town04", 12, true},
		{"Town03", 38, true},
		{"Town10HD", 2, false},
	} {
		n := newODRNetwork(townNet(t, c.town))
		found := false
		for i := range n.lanes {
			l := &n.lanes[i]
			if l.road != c.road || len(l.in) == 0 || len(l.out) == 0 {
				continue
			}
			if n.seenPast(l, 2.09) {
				found = true
			}
		}
		if found != c.want {
			t.Errorf("%s road %d: a lane seen past %v, want %v", c.town, c.road, found, c.want)
		}
	}
}
