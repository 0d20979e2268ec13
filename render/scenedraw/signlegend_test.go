package scenedraw

import (
	"slices"
	"testing"

	"github.com/mm2carla/viewer/render"
	"github.com/mm2carla/viewer/render/scenedraw/scenetest"
)

// TestLegendListsStopSignActor: a recorded stop sign actor (traffic.stop)
// in view lists the legend's "stop sign" row, which names its red head
// (else read as a red lamp beside the junction's lights: the demo's
// temporary signs stand by lights that blink yellow and off), with no map
// whose stop lines could have listed it; another sign (a speed limit)
// does not.
func TestLegendListsStopSignActor(t *testing.T) {
	f := newFixture(t)
	for _, tt := range []struct {
		blueprint string
		want      bool
	}{{"traffic.stop", true}, {"traffic.speed_limit.30", false}} {
		st := f.state(t, 1)
		sign := st.Actor(scenetest.SignID)
		if sign == nil {
			t.Fatal("the test scene has no sign")
		}
		sign.Blueprint = tt.blueprint
		r := New() // no map: no stop lines
		r.SetMeasurer(render.FixedMeasurer{Advance: 7, Ascent: 10, Descent: 3})
		v := topView(sign.World.Location, 40)
		dl := render.NewDrawList()
		r.Build(dl, &v, st, Options{Layers: Legend | Lights})
		_, rows := legendRows(dl)
		if got := slices.Contains(rows, "stop sign"); got != tt.want {
			t.Errorf("%s in view: legend rows %q; want \"stop sign\" listed: %v", tt.blueprint, rows, tt.want)
		}
	}
}
