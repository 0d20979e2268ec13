package scenedraw

import (
	"image"
	"slices"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/mm2carla/viewer/render"
	"github.com/mm2carla/viewer/render/raster"
	"github.com/mm2carla/viewer/render/scenedraw/scenetest"
	"github.com/mm2carla/viewer/scene"
)

// shiftedRun returns a copy of st with actor id moved by d: a second run
// in which that actor went elsewhere.
func shiftedRun(t *testing.T, st *scene.State, id uint32, d mgl64.Vec3) *scene.State {
	t.Helper()
	b := &scene.State{Time: st.Time, Actors: slices.Clone(st.Actors)}
	a := b.Actor(id)
	if a == nil {
		t.Fatalf("no actor %d", id)
	}
	a.World.Location = a.World.Location.Add(d)
	return b
}

// ghostScene is the fixture at 1 s, its hero's centre, and a top view
// at 20 px/m of the hero and the road 6 m to its left, where the tests'
// second run puts it.
func ghostScene(t *testing.T) (*Renderer, *scene.State, mgl64.Vec3, render.View) {
	f := newFixture(t)
	st := f.state(t, 1)
	hero := actorCenter(t, st, scenetest.HeroID)
	return f.renderer(), st, hero, topView(hero.Add(mgl64.Vec3{0, 3, 0}), 20)
}

// TestGhostRun: the second run's actors are drawn in the ghost tint, a
// translucent fill and an outline painted over the first run's actors,
// where the second run has them; the selected actor's ghost is outlined
// brighter; without a ghost run nothing is in the tint.
func TestGhostRun(t *testing.T) {
	r, st, hero, v := ghostScene(t)
	b := shiftedRun(t, st, scenetest.HeroID, mgl64.Vec3{0, 6, 0})
	opt := Options{Layers: AllLayers &^ Legend}

	dl := build(r, v, st, opt)
	if n := countColor(dl, GhostColor); n != 0 || hasShade(dl, GhostColor.WithAlpha(ghostFill)) {
		t.Errorf("no ghost run, yet %d vertices in the ghost tint", n)
	}
	opt.Ghost = b
	dl = build(r, v, st, opt)
	gx, gy, _, _ := v.WorldToScreen(hero.Add(mgl64.Vec3{0, 6, 0}))
	ax, ay, _, _ := v.WorldToScreen(hero)
	near := func(x, y float64) (outline, fill bool) {
		for _, c := range colorsNear(dl, x, y, 60) {
			outline = outline || c == GhostColor
			fill = fill || isShadeOf(c, GhostColor.WithAlpha(ghostFill))
		}
		return
	}
	if o, fl := near(gx, gy); !o || !fl {
		t.Errorf("at B's hero (%.0f, %.0f): outline %v, fill %v", gx, gy, o, fl)
	}
	if _, fl := near(ax, ay); fl && ax == gx && ay == gy {
		t.Error("the ghost is drawn where A's hero is")
	}
	// The outline comes after every body of run A: never hidden by them.
	_, lastHero := paintRange(dl, func(c render.Color) bool { return isShadeOf(c, colHero) })
	first, _ := paintRange(dl, eqColor(GhostColor))
	if lastHero < 0 || first < lastHero {
		t.Errorf("ghost outline painted from triangle %d, A's hero up to %d", first, lastHero)
	}
	opt.GhostSelected = scenetest.HeroID
	dl = build(r, v, st, opt)
	if countColor(dl, brighten(GhostColor, 0.4)) == 0 {
		t.Error("the selected actor's ghost is not outlined brighter")
	}
}

// TestGhostPixels rasterises a frame with and without the ghost run: the
// pixel at the centre of B's hero, on the empty road beside A's, takes
// the ghost's violet tint only when the ghost is drawn.
func TestGhostPixels(t *testing.T) {
	r, st, hero, v := ghostScene(t)
	d := mgl64.Vec3{0, 6, 0}
	x, y, _, _ := v.WorldToScreen(hero.Add(d))
	pixel := func(ghost *scene.State) (r8, g8, b8 uint8) {
		dl := build(r, v, st, Options{Layers: AllLayers &^ Legend &^ Labels, Ghost: ghost})
		img := image.NewRGBA(image.Rect(0, 0, int(testVP.Width), int(testVP.Height)))
		raster.Rasterize(dl, img, raster.Options{Background: Background.NRGBA()})
		c := img.RGBAAt(int(x), int(y))
		return c.R, c.G, c.B
	}
	r0, g0, b0 := pixel(nil)
	r1, g1, b1 := pixel(shiftedRun(t, st, scenetest.HeroID, d))
	if !(int(r1) > int(r0)+20 && int(b1) > int(b0)+40 && int(r1)-int(g1) > 15 && int(b1)-int(g1) > 40) {
		t.Errorf("pixel at B's hero: %d,%d,%d without the ghost, %d,%d,%d with it; want a violet tint",
			r0, g0, b0, r1, g1, b1)
	}
}

// TestGhostAllocs: a frame with a whole ghost run allocates nothing once
// warm, like one without.
func TestGhostAllocs(t *testing.T) {
	r, st := londonSetup(t)
	ghost := &scene.State{Actors: slices.Clone(st.Actors)}
	for i := range ghost.Actors {
		ghost.Actors[i].World.Location[1] += 3
	}
	opt := DefaultOptions()
	opt.Ghost, opt.GhostSelected = ghost, st.Actors[5].ID
	warmFrameAllocs(t, r, st, opt, " with ghosts")
}

// TestGhostDotsOnlyWhereRunsDiffer: from afar, where actors are dots, a
// ghost run that agrees with the first draws nothing; one actor moved
// draws its ghost dot alone.
func TestGhostDotsOnlyWhereRunsDiffer(t *testing.T) {
	f := newFixture(t)
	r := f.renderer()
	st := f.state(t, 1)
	v := topView(actorCenter(t, st, scenetest.HeroID), 0.1)
	same := &scene.State{Actors: slices.Clone(st.Actors)}
	dl := build(r, v, st, Options{Layers: AllLayers &^ Legend, Ghost: same})
	if n := countColor(dl, GhostColor); n != 0 {
		t.Errorf("an agreeing run draws %d ghost vertices from afar", n)
	}
	dl = build(r, v, st, Options{Layers: AllLayers &^ Legend, Ghost: shiftedRun(t, st, scenetest.HeroID, mgl64.Vec3{0, 6, 0})})
	if n := countColor(dl, GhostColor); n == 0 {
		t.Error("the moved hero's ghost is not drawn from afar")
	}
}
