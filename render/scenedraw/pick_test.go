package scenedraw

import (
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/mm2carla/viewer/render"
	"github.com/mm2carla/viewer/render/scenedraw/scenetest"
	"github.com/mm2carla/viewer/scene"
)

func TestPickActor(t *testing.T) {
	f := newFixture(t)
	r := f.renderer()
	st := f.state(t, 1)
	hero := actorCenter(t, st, scenetest.HeroID)
	for name, v := range map[string]render.View{
		"orbit": orbitView(hero, 25),
		"top":   topView(hero, 15),
	} {
		x, y, _, _ := v.WorldToScreen(hero)
		if id, ok := r.PickActor(&v, st, x, y); !ok || id != scenetest.HeroID {
			t.Errorf("%s: pick at the hero's centre = %d, %v", name, id, ok)
		}
		if id, ok := r.PickActor(&v, st, 2, 2); ok {
			t.Errorf("%s: picked %d in an empty corner", name, id)
		}
		if _, ok := r.PickActor(&v, nil, x, y); ok {
			t.Errorf("%s: picked with no state", name)
		}
	}
}

// TestPickActorNearestAndSmall: of two boxes on the ray the nearer is
// picked; a box too small to hit is picked within a few pixels.
func TestPickActorNearestAndSmall(t *testing.T) {
	mk := func(id uint32, x float64) scene.Actor {
		return scene.Actor{ID: id, Kind: scene.KindCar, Box: scene.DefaultBox(scene.KindCar),
			World: scene.Transform{Location: mgl64.Vec3{x, 0, 0}}}
	}
	st := &scene.State{Actors: []scene.Actor{mk(1, 0), mk(2, 10)}}
	r := New()
	cam := render.OrbitCamera{Target: mgl64.Vec3{5, 0, 0.75}, Distance: 30, Yaw: 0, Pitch: 0.05}
	v := cam.View(testVP)
	x, y, _, _ := v.WorldToScreen(mgl64.Vec3{10, 0, 0.75})
	if id, ok := r.PickActor(&v, st, x, y); !ok || id != 1 {
		t.Errorf("looking along +X through both cars picked %d, %v; want the nearer, 1", id, ok)
	}
	far := topView(mgl64.Vec3{}, 0.2) // a car is under a pixel
	x, y, _, _ = far.WorldToScreen(mgl64.Vec3{10, 0, 0})
	if id, ok := r.PickActor(&far, st, x+3, y); !ok || id != 2 {
		t.Errorf("3 px from a distant car picked %d, %v; want 2", id, ok)
	}
}

func TestPickMapElement(t *testing.T) {
	f := newFixture(t)
	r := f.renderer()
	m := f.sc.Map
	in := r.cache.inters[1]
	v := orbitView(in.center, 80)
	x, y, _, _ := v.WorldToScreen(in.center)
	e, ok := r.PickMapElement(&v, x, y)
	if !ok || e.Kind != ElementIntersection || e.Index != 1 || e.ID != m.Intersections[1].ID {
		t.Errorf("at intersection 1's centre picked %+v, %v", e, ok)
	}
	// A point on a lane in the middle of road 0.
	g := &r.cache.roads[0]
	lane := g.lanes[0]
	lp := lane.c.fine()[len(lane.c.fine())/2]
	for name, v := range map[string]render.View{"orbit": orbitView(lp, 60), "top": topView(lp, 4)} {
		x, y, _, _ = v.WorldToScreen(lp)
		e, ok = r.PickMapElement(&v, x, y)
		if !ok || e.Kind != ElementRoad || e.Index != 0 || e.ID != m.Roads[0].ID {
			t.Errorf("%s: on road 0's lane picked %+v, %v", name, e, ok)
			continue
		}
		if e.Side != "AB"[lane.side] || e.Lane != 0 {
			t.Errorf("%s: lane %c0 reported as %c%d", name, "AB"[lane.side], e.Side, e.Lane)
		}
		if d := e.Point.Sub(lp).Len(); d > 0.05 {
			t.Errorf("%s: picked point %v is %g m from the cursor's ground point", name, e.Point, d)
		}
	}
	// The sidewalk belongs to the road but to no lane.
	kerb := render.Lerp(g.outer[0].fine()[len(g.outer[0].fine())/2], g.kerbs[0].fine()[len(g.kerbs[0].fine())/2], 0.5)
	v = topView(kerb, 4)
	x, y, _, _ = v.WorldToScreen(kerb)
	if e, ok = r.PickMapElement(&v, x, y); !ok || e.Kind != ElementRoad || e.Lane != -1 || e.Side != 0 {
		t.Errorf("on road 0's sidewalk picked %+v, %v", e, ok)
	}
	if e, ok = r.PickMapElement(&v, 1, 1); ok && e.Index == 0 && e.Kind == ElementRoad {
		t.Errorf("a corner far from road 0 picked it: %+v", e)
	}
	far := topView(mgl64.Vec3{-1e5, -1e5, 0}, 4)
	if e, ok := r.PickMapElement(&far, 320, 240); ok {
		t.Errorf("picked %+v far from the city", e)
	}
}
