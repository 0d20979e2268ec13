package app

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/mm2carla/viewer/internal/testrec"
	"github.com/mm2carla/viewer/render"
	"github.com/mm2carla/viewer/render/scenedraw"
	"github.com/mm2carla/viewer/scene"
	"github.com/mm2carla/viewer/scene/playback"
	"github.com/mm2carla/viewer/ui/input"
	"github.com/mm2carla/viewer/ui/loader"
	"github.com/mm2carla/viewer/ui/settings"
)

// actorAt returns actor id's place now, failing the test when it is gone.
func actorAt(t *testing.T, a *App, id uint32) *scene.Actor {
	t.Helper()
	act := a.State().Actor(id)
	if act == nil {
		t.Fatalf("actor %d is not in the state at %v s", id, a.State().Time)
	}
	return act
}

// behindAbove returns how far the eye is behind the actor along its
// heading, beside it, and above it, in metres.
func behindAbove(eye mgl64.Vec3, act *scene.Actor) (behind, side, above float64) {
	pos, yaw := scenedraw.ChaseTarget(act)
	d := eye.Sub(pos)
	fx, fy := math.Cos(yaw), math.Sin(yaw)
	return -(d[0]*fx + d[1]*fy), -d[0]*fy + d[1]*fx, d[2]
}

// TestFollowChases: following puts the eye behind the actor's heading
// and above it, for the hero heading +X and the walker heading +Y.
func TestFollowChases(t *testing.T) {
	for _, tc := range []struct {
		name string
		id   uint32
	}{{"hero", testrec.Hero}, {"walker", testrec.Walker}} {
		a := newLoaded(t)
		a.sel.selectActor(tc.id)
		a.Apply(input.FollowSelected())
		v := a.View()
		if a.Following() != tc.id || v.Ortho {
			t.Fatalf("%s: following %d, ortho %v", tc.name, a.Following(), v.Ortho)
		}
		act := actorAt(t, a, tc.id)
		behind, side, above := behindAbove(v.Eye, act)
		if math.Abs(behind-render.DefaultChaseBehind) > 1e-6 || math.Abs(side) > 1e-6 ||
			math.Abs(above-render.DefaultChaseAbove) > 1e-6 {
			t.Errorf("%s: eye %.2f m behind, %.2f beside, %.2f above; want %v behind, %v above",
				tc.name, behind, side, above, render.DefaultChaseBehind, render.DefaultChaseAbove)
		}
		x, y, _, ok := v.WorldToScreen(act.World.Location)
		if !ok || math.Abs(x-testVP.Width/2) > 1 || y < testVP.Height/2 || y > 0.75*testVP.Height {
			t.Errorf("%s: actor at %v,%v on screen, want centred a little below the middle", tc.name, x, y)
		}
	}
}

// TestChaseFollowsSmoothly: while the hero drives at 10 m/s the eye stays
// behind it, moves a bounded amount each tick (no jumps), and the hero
// stays on screen.
func TestChaseFollowsSmoothly(t *testing.T) {
	a := newLoaded(t)
	a.Apply(input.FollowNext())
	if a.Following() != testrec.Hero {
		t.Fatalf("Tab followed %d, want the hero", a.Following())
	}
	a.Apply(input.Clock(playback.Play()))
	prev := a.View().Eye
	// The hero moves 1/6 m a tick; the spring lags a little, then keeps
	// pace (about 2v/w = 3 m behind its resting place).
	const maxStep = 0.3
	for i := range 3 * TPS {
		a.Tick()
		v := a.View()
		if d := v.Eye.Sub(prev).Len(); d > maxStep {
			t.Fatalf("tick %d: the eye jumped %.3f m", i, d)
		}
		prev = v.Eye
		act := actorAt(t, a, testrec.Hero)
		behind, side, above := behindAbove(v.Eye, act)
		if behind < render.DefaultChaseBehind-1e-9 || behind > render.DefaultChaseBehind+4 ||
			math.Abs(side) > 1e-6 || math.Abs(above-render.DefaultChaseAbove) > 1e-6 {
			t.Fatalf("tick %d: eye %.2f m behind, %.2f beside, %.2f above", i, behind, side, above)
		}
		if x, y, _, ok := v.WorldToScreen(act.World.Location); !ok || x < 0 || x > testVP.Width || y < 0 || y > testVP.Height {
			t.Fatalf("tick %d: the hero is off screen at %v,%v", i, x, y)
		}
	}
	if behind, _, _ := behindAbove(prev, actorAt(t, a, testrec.Hero)); behind < render.DefaultChaseBehind+1 {
		t.Errorf("the chase does not lag a moving hero (%.2f m behind): is it smoothed?", behind)
	}
}

// TestChaseSnapsOnSeek: a seek cuts to the actor's new place, though the
// jump (40 m) is shorter than the distance at which ChaseCamera would cut
// by itself.
func TestChaseSnapsOnSeek(t *testing.T) {
	a := newLoaded(t)
	a.Apply(input.FollowNext())
	a.Tick()
	a.Apply(input.Scrub(4))
	a.Tick()
	act := actorAt(t, a, testrec.Hero)
	if act.World.Location[0] < 35 {
		t.Fatalf("hero at %v after seeking to 4 s", act.World.Location)
	}
	behind, side, above := behindAbove(a.View().Eye, act)
	if math.Abs(behind-render.DefaultChaseBehind) > 1e-6 || math.Abs(side) > 1e-6 || math.Abs(above-render.DefaultChaseAbove) > 1e-6 {
		t.Errorf("after a seek the eye is %.2f m behind, %.2f beside, %.2f above: it did not cut", behind, side, above)
	}
}

// TestEscReturnsToOrbit: Esc stops following and the orbit camera takes
// over the chase's view exactly, then orbits as before.
func TestEscReturnsToOrbit(t *testing.T) {
	a := newLoaded(t)
	a.Apply(input.FollowNext())
	a.Apply(input.Clock(playback.Play()))
	for range 20 {
		a.Tick()
	}
	a.Apply(input.Orbit(80, -30)) // swing the chase a little first
	v0 := *a.View()
	a.Apply(input.ClearSelection())
	v1 := a.View()
	if a.Following() != 0 || a.cam.isChasing() || v1.Ortho {
		t.Fatalf("after Esc: following %d, chasing %v, ortho %v", a.Following(), a.cam.isChasing(), v1.Ortho)
	}
	if v1.Eye.Sub(v0.Eye).Len() > 1e-6 || v1.Forward.Sub(v0.Forward).Len() > 1e-9 {
		t.Errorf("Esc moved the view: eye %v -> %v, forward %v -> %v", v0.Eye, v1.Eye, v0.Forward, v1.Forward)
	}
	// The orbit camera turns around the ground the chase looked at.
	if z := a.cam.orbitTarget()[2] - actorAt(t, a, testrec.Hero).World.Location[2]; math.Abs(z) > 1e-6 {
		t.Errorf("orbit target %.3f m above the hero's ground", z)
	}
	a.Tick()
	eye := a.View().Eye
	a.Tick() // the clock plays on; the camera no longer moves with the hero
	if a.View().Eye != eye {
		t.Error("the camera still moves after Esc")
	}
}

// TestChaseDragZoomTop: a drag while following swings the eye around the
// actor at the same distance and keeps following; the wheel brings it
// nearer; T looks straight down on the actor and T again resumes the
// chase.
func TestChaseDragZoomTop(t *testing.T) {
	a := newLoaded(t)
	a.Apply(input.FollowNext())
	act := actorAt(t, a, testrec.Hero)
	pos, _ := scenedraw.ChaseTarget(act)
	d0 := a.View().Eye.Sub(pos).Len()
	a.Apply(input.Orbit(200, 0))
	v := a.View()
	if a.Following() != testrec.Hero {
		t.Fatal("a drag stopped following")
	}
	if _, side, _ := behindAbove(v.Eye, act); math.Abs(side) < 1 {
		t.Errorf("a sideways drag left the eye %.2f m beside the hero", side)
	}
	if d := v.Eye.Sub(pos).Len(); math.Abs(d-d0) > 1e-6 {
		t.Errorf("a drag changed the distance to the hero: %v -> %v", d0, d)
	}
	if x, _, _, ok := v.WorldToScreen(pos); !ok || math.Abs(x-testVP.Width/2) > 1 {
		t.Errorf("after a drag the hero is at x %v, want the middle", x)
	}
	a.Apply(input.Zoom(2, 10, 10))
	if d := a.View().Eye.Sub(pos).Len(); !(d < d0*0.8) {
		t.Errorf("zooming in while following: distance %v -> %v", d0, d)
	}
	a.Apply(input.ToggleView())
	a.Apply(input.Clock(playback.Play()))
	for range 10 {
		a.Tick()
	}
	here := actorAt(t, a, testrec.Hero).World.Location
	if x, y, _, ok := a.View().WorldToScreen(here); !a.View().Ortho || !ok || math.Abs(x-640) > 1e-6 || math.Abs(y-360) > 1e-6 {
		t.Errorf("top-down while following: hero at %v,%v, want the middle", x, y)
	}
	a.Apply(input.ToggleView())
	if v := a.View(); v.Ortho || !a.cam.isChasing() || a.Following() != testrec.Hero {
		t.Errorf("T again: ortho %v, chasing %v, following %d", v.Ortho, a.cam.isChasing(), a.Following())
	}
}

// legendPicker is GeomPicker that also says where a legend is drawn.
type legendPicker struct {
	*GeomPicker
	r render.Rect
}

func (p legendPicker) LegendRect(render.Viewport, *scene.Map, *scene.State) (render.Rect, bool) {
	return p.r, true
}

// TestTopFramingClearsLegend: the top-down view frames the map beside the
// legend the window draws, where framing it on the whole view would put
// the legend over it.
func TestTopFramingClearsLegend(t *testing.T) {
	legend := render.Rect{MinX: 900, MinY: 10, MaxX: 1270, MaxY: 250}
	for _, tc := range []struct {
		name      string
		p         Picker
		wantClear bool
	}{{"no legend", nil, false}, {"legend", legendPicker{GeomPicker: &GeomPicker{}, r: legend}, true}} {
		a := New(settings.Settings{TopDown: true}, tc.p)
		a.SetViewport(testVP)
		a.Open(loader.BytesSource("city.bai", smallMap(t)))
		settle(t, a)
		lo, hi := a.Map().Bounds()
		v := a.View()
		x0, y0, _, _ := v.WorldToScreen(mgl64.Vec3{lo[0], hi[1], 0})
		x1, y1, _, _ := v.WorldToScreen(mgl64.Vec3{hi[0], lo[1], 0})
		box := render.Rect{MinX: x0, MinY: y0, MaxX: x1, MaxY: y1}
		if clear := !box.Overlaps(legend); clear != tc.wantClear {
			t.Errorf("%s: map at %+v, clear of the legend %v, want %v", tc.name, box, clear, tc.wantClear)
		}
	}
}

// TestCutRecordingEndsAfterItsLastFrame: a recording cut short ends where
// its last whole frame's recorded duration says, not at that frame's
// start.
func TestCutRecordingEndsAfterItsLastFrame(t *testing.T) {
	a := newLoaded(t)
	b := testrec.Bytes(40)
	a.Open(loader.BytesSource("short.log", b[:len(b)-7]))
	settle(t, a)
	const want = 39.0 / testrec.Hz // 39 frames of 1/Hz each
	if got := a.Clock().End(); math.Abs(got-want) > 1e-9 {
		t.Errorf("cut recording ends at %v, want %v", got, want)
	}
	if got := a.Recording().Duration(); math.Abs(got-want) < 1e-9 {
		t.Errorf("the last frame starts at the end (%v): the test shows nothing", got)
	}
}

// onScreen reports whether actor id stands inside the app's viewport.
func onScreen(a *App, id uint32) bool {
	act := a.State().Actor(id)
	if act == nil {
		return false
	}
	x, y, _, ok := a.View().WorldToScreen(act.World.Location)
	return ok && x >= 0 && x <= testVP.Width && y >= 0 && y <= testVP.Height
}

// TestPlotSeekKeepsActorInView: a click on the selected actor's plots
// seeks and keeps that actor on screen: followed, it stays followed;
// selected only, a camera panned away from it is brought over it.
func TestPlotSeekKeepsActorInView(t *testing.T) {
	a := newFaulty(t)
	a.Apply(input.FindActor(1))
	a.Tick()
	if a.Following() != 1 || a.Selected() != 1 {
		t.Fatalf("following %d, selected %d: want 1", a.Following(), a.Selected())
	}
	a.Apply(input.PlotScrub(8))
	a.Tick()
	if a.Following() != 1 || !onScreen(a, 1) {
		t.Errorf("after a seek on the plots: following %d, on screen %v", a.Following(), onScreen(a, 1))
	}
	a.Apply(input.FollowSelected()) // stop following, keep the selection
	a.Apply(input.Pan(5000, 5000))
	a.Tick()
	if a.Following() != 0 || a.Selected() != 1 || onScreen(a, 1) {
		t.Fatalf("panned away: following %d, selected %d, on screen %v", a.Following(), a.Selected(), onScreen(a, 1))
	}
	a.Apply(input.Scrub(2)) // the timeline does not move the camera
	a.Tick()
	if onScreen(a, 1) {
		t.Error("a seek on the timeline moved the camera")
	}
	a.Apply(input.PlotScrub(2))
	a.Tick()
	if !onScreen(a, 1) {
		t.Error("after a seek on the plots the selected actor is off screen")
	}
}

// TestLegendKeySteps: 8 steps the legend whole, collapsed, hidden and
// whole again, and says so each time.
func TestLegendKeySteps(t *testing.T) {
	a := newFaulty(t)
	if !a.LayerOn(input.LayerLegend) {
		a.Apply(input.ToggleLayer(input.LayerLegend))
	}
	want := []struct{ on, short bool }{{true, true}, {false, false}, {true, false}, {true, true}}
	for i, w := range want {
		a.Apply(input.ToggleLayer(input.LayerLegend))
		if a.LayerOn(input.LayerLegend) != w.on || a.LegendShort() != w.short {
			t.Errorf("press %d: legend on %v collapsed %v, want %v %v", i+1, a.LayerOn(input.LayerLegend), a.LegendShort(), w.on, w.short)
		}
	}
	if !noticeWith(a, Info, "legend collapsed") {
		t.Errorf("no notice of the collapsed legend: %+v", a.Notices())
	}
}
