package scenedraw

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/mm2carla/viewer/render"
	"github.com/mm2carla/viewer/scene"
)

// TestCurveLevels: every level passes through the ends, has no more
// points than the finer one, and keeps every smoothed point within the
// level's tolerance.
func TestCurveLevels(t *testing.T) {
	f := newFixture(t)
	r := f.renderer()
	n := 0
	for _, g := range r.cache.roads {
		for _, l := range g.lanes {
			fine := l.c.fine()
			for lvl := range numLOD {
				pts := l.c.at(lvl)
				if pts[0] != fine[0] || pts[len(pts)-1] != fine[len(fine)-1] {
					t.Fatalf("level %d drops an end", lvl)
				}
				if lvl > 0 && len(pts) > len(l.c.at(lvl-1)) {
					t.Fatalf("level %d has more points than level %d", lvl, lvl-1)
				}
				for _, p := range fine {
					if d := polyDist3(p, pts); d > lodTolerance[lvl]*float64(lvl+1)+1e-9 {
						t.Fatalf("level %d strays %g m from the smooth curve", lvl, d)
					}
				}
			}
			n++
		}
	}
	if n == 0 {
		t.Fatal("no lane")
	}
}

// polyDist3 is the distance from p to the polyline pts.
func polyDist3(p mgl64.Vec3, pts []mgl64.Vec3) float64 {
	best := math.Inf(1)
	for i := 0; i+1 < len(pts); i++ {
		best = min(best, segDist(&p, &pts[i], &pts[i+1]))
	}
	return best
}

// TestSmoothingPassesThroughSections: the smoothed lane goes through
// every section point of the map's lane (a spline, not an approximation),
// within the finest level's simplification tolerance.
func TestSmoothingPassesThroughSections(t *testing.T) {
	f := newFixture(t)
	r := f.renderer()
	for i, road := range f.sc.Map.Roads {
		for j, l := range road.SideB.Lanes {
			fine := r.cache.roads[i].lanes[len(road.SideA.Lanes)+j].c.fine()
			for _, p := range l {
				if d := polyDist3(p, fine); d > lodTolerance[0]+1e-9 {
					t.Fatalf("road %d lane B%d misses a section point by %g m", i, j, d)
				}
			}
		}
	}
}

// TestArrowsPointTheDrivingWay: each arrow lies on a lane of its side and
// points the way that lane is listed (driving order).
func TestArrowsPointTheDrivingWay(t *testing.T) {
	f := newFixture(t)
	r := f.renderer()
	n := 0
	for _, g := range r.cache.roads {
		for _, a := range g.arrows {
			mid := a.tail.Add(a.dir.Mul(arrowLength / 2))
			best, dir := math.Inf(1), mgl64.Vec3{}
			for _, l := range g.lanes {
				if l.side != a.side {
					continue
				}
				pts := l.c.fine()
				for i := 0; i+1 < len(pts); i++ {
					if d := segDist(&mid, &pts[i], &pts[i+1]); d < best {
						best, dir = d, render.Normalize(pts[i+1].Sub(pts[i]))
					}
				}
			}
			if best > 0.01 {
				t.Fatalf("an arrow lies %g m off its side's lanes", best)
			}
			if dir.Dot(a.dir) < 0.99 {
				t.Fatalf("an arrow points %v against its lane's %v", a.dir, dir)
			}
			n++
		}
	}
	if n == 0 {
		t.Fatal("no arrow")
	}
}

// TestStopLines: every connected road end with arriving lanes has one
// stop line, in its rule, across those lanes' ends.
func TestStopLines(t *testing.T) {
	f := newFixture(t)
	r := f.renderer()
	for i, road := range f.sc.Map.Roads {
		want := 0
		if road.Start.Intersection >= 0 && len(road.SideA.Lanes) > 0 {
			want++
		}
		if road.End.Intersection >= 0 && len(road.SideB.Lanes) > 0 {
			want++
		}
		g := &r.cache.roads[i]
		if len(g.stops) != want {
			t.Fatalf("road %d: %d stop lines, want %d", i, len(g.stops), want)
		}
		for _, s := range g.stops {
			end, lanes := road.Start, road.SideA.Lanes
			if s.a.Sub(road.Centre[0]).Len() > s.a.Sub(road.Centre[len(road.Centre)-1]).Len() {
				end, lanes = road.End, road.SideB.Lanes
			}
			if s.rule != end.Rule {
				t.Errorf("road %d: stop line rule %d, end's %d", i, s.rule, end.Rule)
			}
			for _, l := range lanes {
				p := l[len(l)-1]
				if d := segDist(&p, &s.a, &s.b); d > stopLineBack+0.01 {
					t.Errorf("road %d: a lane ends %g m from its stop line", i, d)
				}
			}
		}
	}
}

// TestEmptyAndOddMaps: no map, an empty map and a road with too few
// points build and draw without trouble.
func TestEmptyAndOddMaps(t *testing.T) {
	r := New()
	v := topView(mgl64.Vec3{}, 5)
	build(r, v, nil, DefaultOptions())
	r.SetMap(nil)
	build(r, v, &scene.State{}, DefaultOptions())
	odd := &scene.Map{
		Roads: []scene.Road{
			{ID: 1, Centre: []mgl64.Vec3{{1, 1, 0}}},
			{ID: 2, Centre: []mgl64.Vec3{{}, {10, 0, 0}}, Start: scene.RoadEnd{Intersection: 0, HasLight: true,
				LightOrigin: mgl64.Vec3{1, 1, 3}, LightTarget: mgl64.Vec3{1, 1, 3}},
				SideA: scene.Side{Lanes: [][]mgl64.Vec3{{{10, -2, 0}, {0, -2, 0}}, {}}}},
			{ID: 3, Centre: []mgl64.Vec3{{math.NaN(), 0, 0}, {math.Inf(1), 0, 0}}},
		},
		Intersections: []scene.Intersection{{ID: 5, Roads: []int{1, -1, 99}}},
	}
	r.SetMap(odd)
	dl := build(r, v, nil, DefaultOptions())
	if dl.TriangleCount() == 0 {
		t.Error("nothing drawn for a map with a road")
	}
	r.PickMapElement(&v, 320, 240)
}

func TestBounds(t *testing.T) {
	f := newFixture(t)
	r := f.renderer()
	mn, mx := f.sc.Map.Bounds()
	st := f.state(t, 1)
	b := r.Bounds(st)
	if b.Min[0] > mn[0] || b.Min[1] > mn[1] || b.Max[0] < mx[0] || b.Max[1] < mx[1] {
		t.Errorf("Bounds %v does not hold the map %v..%v", b, mn, mx)
	}
	far := scene.Actor{ID: 999, Kind: scene.KindCar, World: scene.Transform{Location: mgl64.Vec3{5000, 5000, 0}}}
	spec := scene.Actor{ID: 998, Kind: scene.KindSpectator, World: scene.Transform{Location: mgl64.Vec3{-9000, 0, 0}}}
	st.Actors = append(st.Actors, far, spec)
	b = r.Bounds(st)
	if b.Max[0] < 5000 || b.Max[1] < 5000 {
		t.Errorf("Bounds %v leaves out a car", b)
	}
	if b.Min[0] < -1000 {
		t.Errorf("Bounds %v includes the spectator", b)
	}
	if e := New().Bounds(nil); e.IsEmpty() {
		t.Error("an empty scene has an empty box")
	}
}

// TestFrameOrbit: after framing, every corner of the box is on screen and
// the camera is no farther than FrameAll's sphere fit.
func TestFrameOrbit(t *testing.T) {
	f := newFixture(t)
	r := f.renderer()
	b := r.Bounds(nil)
	vp := render.Viewport{Width: 1280, Height: 720, Scale: 1}
	sphere := render.NewOrbitCamera()
	sphere.FrameAll(b, vp)
	cam := render.NewOrbitCamera()
	FrameOrbit(&cam, b, vp)
	if cam.Distance > sphere.Distance || cam.Distance < sphere.Distance*0.2 {
		t.Errorf("distance %g, sphere fit %g", cam.Distance, sphere.Distance)
	}
	v := cam.View(vp)
	maxX, maxY := 0.0, 0.0
	for i := range 8 {
		x, y, _, ok := v.WorldToScreen(b.Corner(i))
		if !ok || x < 0 || y < 0 || x > vp.Width || y > vp.Height {
			t.Errorf("corner %d at (%g, %g) is off screen", i, x, y)
		}
		maxX, maxY = max(maxX, math.Abs(x-vp.Width/2)/(vp.Width/2)), max(maxY, math.Abs(y-vp.Height/2)/(vp.Height/2))
	}
	if max(maxX, maxY) < 0.85 {
		t.Errorf("the box fills only %.0f%% of the half-viewport", 100*max(maxX, maxY))
	}
}

// TestFrameTopClearsLegend: a square city framed from above in a wide
// viewport moves beside the legend at the same scale; in a narrow one,
// where beside or below would shrink it too much, it stays put under the
// panel's corner.
func TestFrameTopClearsLegend(t *testing.T) {
	f := newFixture(t)
	r := f.renderer()
	face, err := LabelFace(1)
	if err != nil {
		t.Fatal(err)
	}
	r.SetMeasurer(face)
	st := f.state(t, 1)
	b := r.Bounds(st)
	// A viewport of the city's own shape: it fills both sides, so beside
	// or below the legend it would lose more than a fifth of its scale.
	snug := render.Viewport{Width: 1200, Height: math.Round(1200 * (b.Max[1] - b.Min[1]) / (b.Max[0] - b.Min[0])), Scale: 1}
	for _, tc := range []struct {
		vp    render.Viewport
		clear bool
	}{
		{render.Viewport{Width: 1280, Height: 720, Scale: 1}, true},
		{snug, false},
	} {
		// The legend lists what the last frame drew: draw the whole scene.
		var all render.TopDownCamera
		all.FrameAll(b, tc.vp)
		av := all.View(tc.vp)
		r.Build(render.NewDrawList(), &av, st, Options{Layers: Legend | Lights})
		legend, ok := r.LegendRect(tc.vp, st)
		if !ok {
			t.Fatalf("%v: no legend", tc.vp)
		}
		if !tc.clear {
			// A legend as large as a panel may be: clear of it the city
			// would lose more than a fifth of its scale.
			legend = render.Rect{MinX: tc.vp.Width / 2, MinY: 10, MaxX: tc.vp.Width - 10, MaxY: tc.vp.Height * 0.45}
		}
		var whole, cam render.TopDownCamera
		whole.FrameAll(b, tc.vp)
		FrameTop(&cam, b, tc.vp, legend, true)
		v := cam.View(tc.vp)
		var box render.Rect
		for i := range 8 {
			x, y, _, _ := v.WorldToScreen(b.Corner(i))
			if i == 0 {
				box = render.Rect{MinX: x, MinY: y, MaxX: x, MaxY: y}
			}
			box = render.Rect{MinX: min(box.MinX, x), MinY: min(box.MinY, y), MaxX: max(box.MaxX, x), MaxY: max(box.MaxY, y)}
		}
		if box.Overlaps(legend) == tc.clear {
			t.Errorf("%v: framed box %+v overlaps the legend %+v: %v, want %v", tc.vp, box, legend, box.Overlaps(legend), !tc.clear)
		}
		if tc.clear && cam.PixelsPerMetre < bandMinScale*whole.PixelsPerMetre {
			t.Errorf("%v: clear of the legend at %.3f px/m, the whole viewport gives %.3f", tc.vp, cam.PixelsPerMetre, whole.PixelsPerMetre)
		}
		if !tc.clear && cam != whole {
			t.Errorf("%v: moved to %+v, want the whole-viewport framing %+v", tc.vp, cam, whole)
		}
	}
}
