package lanes

import (
	"math"
	"testing"
)

// TestTrackFrontFromBox: a track's front is its box's half length plus
// how far CARLA placed the box ahead of the actor: on the 0.9.10
// recording the car's box sits 6.06449 cm ahead, which the crossing
// rules, taking the location for the box's centre, left out.
func TestTrackFrontFromBox(t *testing.T) {
	_, m := town01Map(t)
	_, a := town01Assoc(t, m, "carla-0.9.10-town01-lanecenter.log")
	n := 0
	for i := range a.Tracks {
		tr := &a.Tracks[i]
		if tr.Length == 0 {
			continue
		}
		n++
		if math.Abs(tr.Ahead-0.0606449) > 1e-6 || math.Abs(tr.Front()-(tr.Length/2+0.0606449)) > 1e-6 {
			t.Errorf("track %d: box %.8f m ahead, front %.8f m of %.8f m long; want the box 0.0606 m ahead", tr.ID, tr.Ahead, tr.Front(), tr.Length)
		}
	}
	if n == 0 {
		t.Error("no vehicle with a box")
	}
}
