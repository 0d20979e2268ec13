package demo

import (
	"bytes"
	"testing"

	"github.com/mm2carla/viewer/analysis/lanes"
	"github.com/mm2carla/viewer/analysis/towns"
	"github.com/mm2carla/viewer/format/recorder"
)

// darkOf returns the junctions of n whose file lights an entry but whose
// lights do not work (no phases): those darkenJunction put out of order.
func darkOf(n *network, o *lanes.OpenDRIVE) []int {
	var out []int
	for j := range n.junctions {
		lit := false
		for _, a := range n.junctions[j].approaches {
			k := n.endKeys[a]
			lit = lit || o.End(k.Road, k.AtStart).HasLight
		}
		if lit && n.junctions[j].phases == 0 {
			out = append(out, j)
		}
	}
	return out
}

// TestDarkJunction: on Town01 and Town02, every junction of which is lit
// in the file, the demo puts the lights of one junction out of order,
// the one nearest the town's middle whose stem can take a sign (Town01's
// junction 255, Town02's 298); on the other towns none. Its light posts
// blink yellow and off, never red or green; its stem (no way straight
// on) is a stop with a sign, the through road's entries keep no rule;
// every other junction keeps its working lights.
func TestDarkJunction(t *testing.T) {
	want := map[string]string{"Town01": "255", "Town02": "298"}
	for _, town := range towns.Builtin() {
		rn := townNet(t, town)
		n, o := newODRNetwork(rn), lanes.NewOpenDRIVE(rn)
		dark := darkOf(n, o)
		if want[town] == "" {
			if len(dark) != 0 {
				t.Errorf("%s: junctions %v lit in the file are out of order; want none", town, dark)
			}
			continue
		}
		if len(dark) != 1 || rn.Junctions[dark[0]].ID != want[town] {
			t.Errorf("%s: junctions %v out of order; want the one the file calls %s", town, dark, want[town])
			continue
		}
		j := dark[0]
		posts := 0
		for k, p := range n.lights {
			if p.approach < 0 || n.approaches[p.approach].junction != j {
				continue
			}
			posts++
			for f := range 1200 {
				if st := n.postSignal(k, float64(f)*0.05).state; st == recorder.LightRed || st == recorder.LightGreen {
					t.Fatalf("%s: post %d of the dark junction shows %v at %.2f s", town, k, st, float64(f)*0.05)
				}
			}
		}
		stops := 0
		for _, a := range n.junctions[j].approaches {
			ap := &n.approaches[a]
			switch {
			case !n.goesStraight(a) && (ap.kind != approachStop || !ap.signed):
				t.Errorf("%s: the stem at road %s is no signed stop (kind %d)", town, rn.Roads[n.endKeys[a].Road].ID, ap.kind)
			case n.goesStraight(a) && ap.kind != approachFree:
				t.Errorf("%s: the through entry at road %s has kind %d, want free", town, rn.Roads[n.endKeys[a].Road].ID, ap.kind)
			case !n.goesStraight(a):
				stops++
			}
		}
		if posts == 0 || stops != 1 || len(n.signs) != 1 {
			t.Errorf("%s: %d light posts, %d stops, %d signs at the dark junction; want some posts, one stop, one sign", town, posts, stops, len(n.signs))
		}
		for i := range n.junctions {
			if i != j && len(n.junctions[i].approaches) > 0 && n.junctions[i].phases == 0 {
				t.Errorf("%s: junction %s has no working lights", town, rn.Junctions[i].ID)
			}
		}
	}
}

// TestDarkJunctionChecked: in the clean demo on Town01 and Town02, the
// check ties the recorded stop sign to the stem of the junction whose
// lights are out, and to no other entry: the recorded lights showing
// that junction's entries are out of order (never red or green), every
// other light the check ties to an entry works.
func TestDarkJunctionChecked(t *testing.T) {
	for _, town := range []string{"Town01", "Town02"} {
		rn := townNet(t, town)
		n, o := newODRNetwork(rn), lanes.NewOpenDRIVE(rn)
		var log bytes.Buffer
		if _, err := RecordTown(&log, rn, Options{Seed: DefaultSeed, Minutes: 0.5, MapName: town, Clean: true}); err != nil {
			t.Fatal(err)
		}
		a, _ := checkOn(t, log.Bytes(), o)
		dark := map[lanes.EndKey]bool{}
		stops := map[lanes.EndKey]bool{}
		for _, j := range darkOf(n, o) {
			for _, ap := range n.junctions[j].approaches {
				dark[n.endKeys[ap]] = true
				if n.approaches[ap].kind == approachStop {
					stops[n.endKeys[ap]] = true
				}
			}
		}
		signs := a.EndSigns()
		for k := range signs {
			if !stops[k] {
				t.Errorf("%s: a recorded sign rules road %s (start %v), no stop of the demo's", town, rn.Roads[k.Road].ID, k.AtStart)
			}
		}
		if len(signs) != len(stops) || len(stops) != 1 {
			t.Errorf("%s: %d entries tied to a sign, %d stops at the dark junction; want one each", town, len(signs), len(stops))
		}
		for k, i := range a.EndLights() {
			if out := a.Lights[i].OutOfOrder(); out != dark[k] {
				t.Errorf("%s: the light of road %s (start %v) out of order: %v, want %v", town, rn.Roads[k.Road].ID, k.AtStart, out, dark[k])
			}
		}
	}
}
