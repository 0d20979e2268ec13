package main

import (
	"maps"
	"slices"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/mm2carla/viewer/format/recorder"
	"github.com/mm2carla/viewer/render/scenedraw"
	"github.com/mm2carla/viewer/scene"
)

// TestShotRealCARLA draws each real recording alone (no map), as a user
// opening a CARLA file sees it: followed from behind, the hero's roof is
// in the hero colour; from above, the recorded traffic lights stand as
// poles whose lamps show their recorded states, at two times where each
// file has lights in two states (red and yellow or green).
func TestShotRealCARLA(t *testing.T) {
	for _, rf := range realFiles {
		t.Run(rf.tag, func(t *testing.T) {
			sc, err := loadShotScene([]string{realFile(t, rf.file)}, 1, true)
			if err != nil {
				t.Fatal(err)
			}
			defer sc.close()
			for _, at := range []float64{1, 10} {
				var st scene.State
				if err := sc.rec.StateAt(at, &st); err != nil {
					t.Fatal(err)
				}
				checkHeroFollowed(t, sc, &st, at)
				checkLampStates(t, sc, &st, at)
			}
		})
	}
}

// checkHeroFollowed: a point of the hero's roof ahead of its middle (the
// middle holds its sensors' mark) is in the hero colour.
func checkHeroFollowed(t *testing.T, sc *shotScene, st *scene.State, at float64) {
	t.Helper()
	// No paths: a standing hero's ghosts ahead would cover its roof.
	sp := shotSpec{at: at, width: 640, height: 360, layers: scenedraw.AllLayers, view: shotView{kind: "follow"}, noPaths: true}
	img, view, err := renderShot(sc, sp)
	if err != nil {
		t.Fatal(err)
	}
	h := st.Hero()
	roof := h.World.Location.Add(h.World.Rotation.Matrix().Mul3x1(
		h.Box.Center.Add(mgl64.Vec3{0.6 * h.Box.Extent[0], 0, h.Box.Extent[2]})))
	if c, on := pixelAt(img, &view, roof); !on || !shadeOf(c, scenedraw.HeroColor) {
		t.Errorf("%g s, follow: hero %d roof: pixel %v (on screen %v), want a shade of the hero colour", at, h.ID, c, on)
	}
}

// checkLampStates: seen from above, the pixel at each recorded light is
// its state's colour for nearly all lights, and every state present is
// seen.
func checkLampStates(t *testing.T, sc *shotScene, st *scene.State, at float64) {
	t.Helper()
	sp := shotSpec{at: at, width: 1280, height: 720, layers: scenedraw.AllLayers, view: shotView{kind: "top"}}
	img, view, err := renderShot(sc, sp)
	if err != nil {
		t.Fatal(err)
	}
	present, seen := map[recorder.LightState]bool{}, map[recorder.LightState]bool{}
	lights, right := 0, 0
	for i := range st.Actors {
		a := &st.Actors[i]
		if a.TrafficLight == nil {
			continue
		}
		c, on := pixelAt(img, &view, a.World.Location) // from above the pole is its lamp
		if !on {
			continue
		}
		lights++
		present[a.TrafficLight.State] = true
		if near(c, scenedraw.LightColor(a.TrafficLight.State).NRGBA(), 24) {
			right++
			seen[a.TrafficLight.State] = true
		}
	}
	if lights == 0 || right < lights*9/10 || len(present) < 2 || !maps.Equal(present, seen) {
		t.Errorf("%g s, top: %d of %d lamps in their state's colour; states %v, seen %v",
			at, right, lights, slices.Collect(maps.Keys(present)), slices.Collect(maps.Keys(seen)))
	}
}
