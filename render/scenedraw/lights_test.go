package scenedraw

import (
	"math"
	"slices"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/mm2carla/viewer/analysis/lanes"
	"github.com/mm2carla/viewer/format/bai"
	"github.com/mm2carla/viewer/format/recorder"
	"github.com/mm2carla/viewer/render"
	"github.com/mm2carla/viewer/render/scenedraw/scenetest"
	"github.com/mm2carla/viewer/scene"
)

// lampColors returns the colours drawn at the lamp of map light i.
func lampColors(t *testing.T, r *Renderer, st *scene.State, i int) []render.Color {
	t.Helper()
	l := r.cache.lights[i]
	v := orbitView(l.origin, 30)
	dl := build(r, v, st, Options{Layers: Lights})
	x, y, _, ok := v.WorldToScreen(l.origin)
	if !ok {
		t.Fatal("lamp not on screen")
	}
	return colorsNear(dl, x, y, 0.5)
}

// TestMapLightFollowsRecording: a map light with a recorded light actor
// beside it shows the actor's state, red before scenetest.LightSwitch and
// green after; a map light with none shows its rule's colour.
func TestMapLightFollowsRecording(t *testing.T) {
	f := newFixture(t)
	r := f.renderer()
	matched, unmatched := -1, -1
	for i, l := range r.cache.lights {
		d := math.Inf(1)
		for _, p := range f.sc.Lights {
			d = min(d, math.Hypot(p[0]-l.origin[0], p[1]-l.origin[1]))
		}
		switch {
		case d < 1e-6 && matched < 0:
			matched = i
		case d > 2*MatchRadius && unmatched < 0:
			unmatched = i
		}
	}
	if matched < 0 || unmatched < 0 {
		t.Fatalf("no matched (%d) or unmatched (%d) map light in the test city", matched, unmatched)
	}
	red, green := lightColor(recorder.LightRed), lightColor(recorder.LightGreen)
	amber := ruleColor(bai.RuleTrafficLight)
	for _, tc := range []struct {
		at         float64
		want, not  render.Color
		wantStopIs render.Color
	}{
		{scenetest.LightSwitch - 0.5, red, green, red},
		{scenetest.LightSwitch + 0.5, green, red, green},
	} {
		st := f.state(t, tc.at)
		got := lampColors(t, r, st, matched)
		if !slices.Contains(got, tc.want) || slices.Contains(got, tc.not) {
			t.Errorf("t=%g: matched lamp colours %v, want %v and not %v", tc.at, got, tc.want, tc.not)
		}
		if got := lampColors(t, r, st, unmatched); !slices.Contains(got, amber) {
			t.Errorf("t=%g: unmatched lamp colours %v, want the light rule's %v", tc.at, got, amber)
		}
		// The stop line of the light's road end follows it.
		r.lights.match(r.cache, st)
		for _, g := range r.cache.roads {
			for _, s := range g.stops {
				if s.light == int32(matched) {
					if c := r.lights.color(r.cache, s.light); c != tc.wantStopIs {
						t.Errorf("t=%g: stop line colour %v, want %v", tc.at, c, tc.wantStopIs)
					}
				}
			}
		}
	}
}

// TestLightMatchRadius checks the matching rule on a hand-made state:
// within MatchRadius on the ground matches, beyond does not, heights do
// not count and the nearest actor wins.
func TestLightMatchRadius(t *testing.T) {
	c := &mapCache{lights: []mapLight{{origin: mgl64.Vec3{10, 10, 2.5}, rule: bai.RuleTrafficLight}}}
	c.matcher = lanes.NewLightMatcher([]mgl64.Vec3{c.lights[0].origin})
	light := func(id uint32, x, y float64, s recorder.LightState) scene.Actor {
		return scene.Actor{ID: id, Kind: scene.KindTrafficLight,
			World:        scene.Transform{Location: mgl64.Vec3{x, y, 0}},
			TrafficLight: &scene.LightInfo{State: s}}
	}
	tests := []struct {
		name   string
		actors []scene.Actor
		has    bool
		state  recorder.LightState
	}{
		{"none", nil, false, 0},
		{"inside", []scene.Actor{light(1, 10+MatchRadius-0.1, 10, recorder.LightYellow)}, true, recorder.LightYellow},
		{"outside", []scene.Actor{light(1, 10+MatchRadius+0.1, 10, recorder.LightYellow)}, false, 0},
		{"across cells", []scene.Actor{light(1, 10-3, 10-3, recorder.LightOff)}, true, recorder.LightOff},
		{"nearest wins", []scene.Actor{light(1, 13, 10, recorder.LightRed), light(2, 11, 10, recorder.LightGreen)}, true, recorder.LightGreen},
		{"nearest wins, other order", []scene.Actor{light(1, 11, 10, recorder.LightGreen), light(2, 13, 10, recorder.LightRed)}, true, recorder.LightGreen},
	}
	for _, tc := range tests {
		var ls lightStates
		ls.match(c, &scene.State{Actors: tc.actors})
		if ls.has[0] != tc.has || (tc.has && ls.state[0] != tc.state) {
			t.Errorf("%s: has %v state %v, want %v %v", tc.name, ls.has[0], ls.state[0], tc.has, tc.state)
		}
		want := ruleColor(bai.RuleTrafficLight)
		if tc.has {
			want = lightColor(tc.state)
		}
		if got := ls.color(c, 0); got != want {
			t.Errorf("%s: colour %v, want %v", tc.name, got, want)
		}
	}
}

// TestLightActorAtMapLightDrawnOnce: a recorded light standing at a map
// light adds no pole of its own (the map light shows its state), while
// one far from every map light is drawn.
func TestLightActorAtMapLightDrawnOnce(t *testing.T) {
	f := newFixture(t)
	r := f.renderer()
	l := r.cache.lights[0]
	v := orbitView(l.origin, 40)
	light := func(p mgl64.Vec3) *scene.State {
		return &scene.State{Actors: []scene.Actor{{ID: 1, Kind: scene.KindTrafficLight,
			World: scene.Transform{Location: p}, Box: scene.DefaultBox(scene.KindTrafficLight),
			TrafficLight: &scene.LightInfo{State: recorder.LightGreen}}}}
	}
	poles := func(st *scene.State) int { return countColor(build(r, v, st, Options{Layers: Lights}), colPole) }
	none := poles(&scene.State{})
	at := l.base.Add(mgl64.Vec3{1, 0, 0})
	if n := poles(light(at)); n != none {
		t.Errorf("a light actor at a map light adds %d pole vertices", n-none)
	}
	// Halfway to the camera from the map light, in an empty block corner:
	// far from every map light but on screen.
	away := render.Lerp(l.origin, v.Eye, 0.3)
	away[2] = l.base[2]
	if r.cache.nearMapLight(away) {
		t.Skip("no free spot near the view's centre")
	}
	if n := poles(light(away)); n <= none {
		t.Error("a light actor away from map lights is not drawn")
	}
}

// TestLightVisorPointsAtTarget: seen from above, each map light's arm
// runs visorLen metres from its origin toward its target, in its lamp's
// colour.
func TestLightVisorPointsAtTarget(t *testing.T) {
	f := newFixture(t)
	r := f.renderer()
	const ppm = 20
	checked := 0
	for i, l := range r.cache.lights {
		dir := render.Normalize(mgl64.Vec3{l.target[0] - l.origin[0], l.target[1] - l.origin[1], 0})
		if dir == (mgl64.Vec3{}) || checked >= 6 {
			continue
		}
		checked++
		v := topView(l.origin, ppm)
		dl := build(r, v, nil, Options{Layers: Lights})
		ox, oy, _, _ := v.WorldToScreen(l.origin)
		tx, ty, _, _ := v.WorldToScreen(l.origin.Add(dir))
		ux, uy := tx-ox, ty-oy // one metre toward the target, on screen
		col := r.lights.color(r.cache, int32(i))
		far, fx, fy := 0.0, 0.0, 0.0
		for _, vx := range dl.Vertices() {
			if vx.Color != col {
				continue
			}
			dx, dy := float64(vx.X)-ox, float64(vx.Y)-oy
			if d := math.Hypot(dx, dy); d > far && d < 3*visorLen*ppm {
				far, fx, fy = d, dx, dy
			}
		}
		along := (fx*ux + fy*uy) / ppm // pixels along the target direction
		if along < visorLen*ppm-1 || along > visorLen*ppm+6 || math.Abs(fx*uy-fy*ux)/ppm > 6 {
			t.Errorf("light %d: the arm's far end is at (%.1f, %.1f) px from the lamp, want %.0f px toward the target (%.2f, %.2f)",
				i, fx, fy, visorLen*ppm, ux/ppm, uy/ppm)
		}
	}
	if checked == 0 {
		t.Fatal("no map light with a target")
	}
}
