package lanes

import (
	"context"
	"testing"

	"github.com/mm2carla/viewer/scene"
)

// TestEstimateSamples: the estimate from the events is within a frame a
// vehicle of what Associate keeps, on scripted vehicles and on the demo's
// traffic (spawns and destroys throughout).
func TestEstimateSamples(t *testing.T) {
	_, m, _, rec := scripted(t)
	demoRec, demoMap := demoScene(t)
	for _, tc := range []struct {
		name string
		rec  *scene.Recording
		m    Map
	}{{"scripted", rec, m}, {"demo", demoRec, demoMap}} {
		a, err := Associate(context.Background(), tc.rec, tc.m, nil)
		if err != nil {
			t.Fatal(err)
		}
		got, want := EstimateSamples(tc.rec), int64(a.Samples())
		if d := got - want; d < -int64(len(a.Tracks)) || d > int64(len(a.Tracks)) || want == 0 {
			t.Errorf("%s: estimate %d samples, the association has %d in %d tracks", tc.name, got, want, len(a.Tracks))
		}
	}
}
