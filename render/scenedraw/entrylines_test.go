package scenedraw

import (
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/mm2carla/viewer/analysis/lanes"
	"github.com/mm2carla/viewer/format/bai"
	"github.com/mm2carla/viewer/format/recorder"
	"github.com/mm2carla/viewer/internal/drivetest"
	"github.com/mm2carla/viewer/render"
	"github.com/mm2carla/viewer/scene"
)

// TestEntryLinesShowTheirLight: on drivetest's crossing, which has no
// signals, the eastbound entry's stop line is drawn in the state of the
// light actor the association ties to it (red, then green), only once
// SetEndLights has said so; the westbound entry, which no light
// governs, has none; and a frame with the lines allocates nothing.
func TestEntryLinesShowTheirLight(t *testing.T) {
	rn := drivetest.Crossing()
	x := drivetest.CrossingEntryX
	east := mgl64.Vec3{x - stopLineBack, -1.75, 0} // the middle of the eastbound stop line
	west := mgl64.Vec3{x + 20 + stopLineBack, 1.75, 0}
	light := func(s recorder.LightState) *scene.State {
		return &scene.State{Actors: []scene.Actor{{ID: 900, Kind: scene.KindTrafficLight,
			World:        scene.Transform{Location: mgl64.Vec3{x - 3, -6, 0}, Rotation: scene.Rotation{Yaw: -90}},
			TrafficLight: &scene.LightInfo{State: s}}}}
	}
	r := netRenderer(rn)
	v := topView(mgl64.Vec3{x + 10, 0, 0}, 12)
	opt := Options{Layers: Lanes | Lights}
	red := lightColor(recorder.LightRed)
	if img := rasterize(build(r, v, light(recorder.LightRed), opt)); pixelIs(img, &v, east, red) {
		t.Error("a red stop line before SetEndLights")
	}
	r.SetEndLights([]lanes.LightTrack{{ID: 900}}, map[lanes.EndKey]int32{{Road: 0, AtStart: false}: 0})
	for _, s := range []recorder.LightState{recorder.LightRed, recorder.LightGreen} {
		img := rasterize(build(r, v, light(s), opt))
		if !pixelIs(img, &v, east, lightColor(s)) {
			px, py, _, _ := v.WorldToScreen(east)
			t.Errorf("%v: eastbound stop line %v, want %v", s, img.RGBAAt(int(px), int(py)), lightColor(s).NRGBA())
		}
		if pixelIs(img, &v, west, lightColor(s)) {
			t.Errorf("%v: the westbound entry, which no light governs, has a stop line in its colour", s)
		}
	}
	st := light(recorder.LightRed)
	dl := render.NewDrawList()
	r.Build(dl, &v, st, opt)
	if n := testing.AllocsPerRun(5, func() { r.Build(dl, &v, st, opt) }); n != 0 {
		t.Errorf("%v allocations per frame", n)
	}
	r.SetEndLights(nil, nil)
	if img := rasterize(build(r, v, st, opt)); pixelIs(img, &v, east, red) {
		t.Error("a red stop line after SetEndLights(nil, nil)")
	}
}

// TestEntryLinesShowTheirStop: an entry the check holds a stop is drawn
// in the stop-sign colour, whatever its light shows. On drivetest's
// crossing the eastbound entry's light blinks yellow and off (out of
// order, as at the junction whose lights the demo puts out on Town01
// and Town02); once SetEndSigns says a recorded sign rules it
// (Association.EndSigns), its line is the stop sign's, not the light's,
// and the legend lists "stop sign"; SetEndSigns(nil) gives the light
// back. A stop signal of the map's own file makes its entry's line the
// stop sign's with no association at all.
func TestEntryLinesShowTheirStop(t *testing.T) {
	x := drivetest.CrossingEntryX
	east := mgl64.Vec3{x - stopLineBack, -1.75, 0}
	west := mgl64.Vec3{x + 20 + stopLineBack, 1.75, 0}
	light := func(s recorder.LightState) *scene.State {
		return &scene.State{Actors: []scene.Actor{{ID: 900, Kind: scene.KindTrafficLight,
			World:        scene.Transform{Location: mgl64.Vec3{x - 3, -6, 0}, Rotation: scene.Rotation{Yaw: -90}},
			TrafficLight: &scene.LightInfo{State: s}}}}
	}
	stop := ruleColor(bai.RuleStopSign)
	v := topView(mgl64.Vec3{x + 10, 0, 0}, 12)
	opt := Options{Layers: Lanes | Lights}
	r := netRenderer(drivetest.Crossing())
	r.SetEndLights([]lanes.LightTrack{{ID: 900}}, map[lanes.EndKey]int32{{Road: 0, AtStart: false}: 0})
	r.SetEndSigns(map[lanes.EndKey]int32{{Road: 0, AtStart: false}: 0})
	for _, s := range []recorder.LightState{recorder.LightYellow, recorder.LightOff} {
		img := rasterize(build(r, v, light(s), opt))
		if !pixelIs(img, &v, east, stop) {
			px, py, _, _ := v.WorldToScreen(east)
			t.Errorf("light %v: the signed entry's stop line %v, want the stop sign's %v", s, img.RGBAAt(int(px), int(py)), stop.NRGBA())
		}
		if pixelIs(img, &v, west, stop) {
			t.Errorf("light %v: the westbound entry, which nothing rules, has a stop line", s)
		}
		if !r.seen[legendRuleStop] {
			t.Errorf("light %v: a stop line in the stop sign's colour, and the legend has no 'stop sign'", s)
		}
	}
	r.SetEndSigns(nil)
	if img := rasterize(build(r, v, light(recorder.LightYellow), opt)); !pixelIs(img, &v, east, lightColor(recorder.LightYellow)) {
		t.Error("after SetEndSigns(nil) the stop line does not show its light again")
	}

	rn := drivetest.Crossing()
	rn.Signals = append(rn.Signals, scene.NetSignal{ID: "1", Road: 0, S: 98, Type: scene.SignalStop,
		Pos: mgl64.Vec3{x - 2, -5, 0}, Yaw: -90})
	r = netRenderer(rn)
	img := rasterize(build(r, v, nil, opt))
	if !pixelIs(img, &v, east, stop) {
		t.Error("the entry the map's stop signal rules has no stop line in the stop sign's colour")
	}
	if pixelIs(img, &v, west, stop) {
		t.Error("the westbound entry, which the map's stop signal does not rule, has a stop line")
	}
}
