package scenedraw

import (
	"bytes"
	"context"
	"math"
	"sync"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/mm2carla/viewer/analysis/faults"
	"github.com/mm2carla/viewer/analysis/lanes"
	"github.com/mm2carla/viewer/render"
	"github.com/mm2carla/viewer/scene"
	"github.com/mm2carla/viewer/sim/citygen"
	"github.com/mm2carla/viewer/sim/demo"
)

// demoPaths is one minute of the demo's traffic on its own city, with
// its lane association and faults, built once per test binary.
var demoPaths = sync.OnceValues(func() (*pathsFixture, error) {
	cfg := demo.City(demo.DefaultSeed)
	_, lb, _, err := demo.Build(cfg, demo.Options{Seed: demo.DefaultSeed, Minutes: 1})
	if err != nil {
		return nil, err
	}
	bm, err := citygen.Generate(cfg)
	if err != nil {
		return nil, err
	}
	rec, err := scene.Open(bytes.NewReader(lb), int64(len(lb)), nil)
	if err != nil {
		return nil, err
	}
	m := scene.NewMap(bm)
	a, err := lanes.Associate(context.Background(), rec, lanes.NewBAI(m), nil)
	if err != nil {
		return nil, err
	}
	return &pathsFixture{m: m, rec: rec, a: a, res: faults.Find(a, rec.Events(), faults.Defaults())}, nil
})

type pathsFixture struct {
	m   *scene.Map
	rec *scene.Recording
	a   *lanes.Association
	res *faults.Result
}

func loadPaths(tb testing.TB) *pathsFixture {
	tb.Helper()
	f, err := demoPaths()
	if err != nil {
		tb.Fatal(err)
	}
	return f
}

// longestTrack returns the track that moves farthest, and a time in its
// middle.
func (f *pathsFixture) longestTrack() (*lanes.Track, float64) {
	var best *lanes.Track
	bestD := -1.0
	for i := range f.a.Tracks {
		tr := &f.a.Tracks[i]
		if d := tr.Pos(0).Sub(tr.Pos(tr.Len() - 1)).Len(); d > bestD {
			best, bestD = tr, d
		}
	}
	return best, (best.Start() + best.End()) / 2
}

func TestSpeedBins(t *testing.T) {
	for _, c := range []struct {
		mps  float64
		want int
	}{{0, 0}, {2.7, 0}, {2.8, 1}, {8.3, 1}, {8.4, 2}, {13.8, 2}, {13.9, 3}, {40, 3}} {
		if got := speedBin(c.mps); got != c.want {
			t.Errorf("speedBin(%v m/s) = %d, want %d", c.mps, got, c.want)
		}
	}
}

// trailView looks straight down at p from 120 m.
func trailView(p mgl64.Vec3) render.View {
	cam := render.NewTopDownCamera()
	cam.Center, cam.PixelsPerMetre = p, 4
	return cam.View(render.Viewport{Width: 640, Height: 480, Scale: 1})
}

// TestTrailDrawsPathLayer: a selected actor's trail adds triangles to the
// path layer in its speed colours, and the ghost boxes ahead of it add
// objects; with no actor nothing is added.
func TestTrailDrawsPathLayer(t *testing.T) {
	f := loadPaths(t)
	tr, tm := f.longestTrack()
	st := &scene.State{}
	if err := f.rec.StateAt(tm, st); err != nil {
		t.Fatal(err)
	}
	r := New()
	r.SetMap(f.m)
	i := tr.Index(tm)
	v := trailView(tr.Pos(i))
	count := func(p *Paths) (n int, colours map[render.Color]bool) {
		dl := render.NewDrawList()
		opt := Options{Time: tm, Paths: p}
		r.Build(dl, &v, st, opt)
		colours = map[render.Color]bool{}
		for _, vx := range dl.Vertices() {
			colours[vx.Color] = true
		}
		return dl.TriangleCount(), colours
	}
	base, _ := count(&Paths{Assoc: f.a, Current: -1})
	with, cols := count(&Paths{Assoc: f.a, Actor: tr.ID, Past: 10, Future: 10, Current: -1})
	if with <= base {
		t.Fatalf("trail added no triangles: %d vs %d", with, base)
	}
	want := SpeedColor(tr.Speed(i))
	if !cols[want] {
		t.Errorf("no vertex in the speed colour %v of the trail's actor (%.1f m/s)", want, tr.Speed(i))
	}
	ghost := false
	for c := range cols {
		ghost = ghost || c.A == colGhost.A
	}
	if !ghost {
		t.Errorf("no ghost box drawn")
	}
}

// TestFaultMarkShapes: each fault kind draws its mark in its colour where
// the fault is, and the picked one is ringed.
func TestFaultMarkShapes(t *testing.T) {
	r := New()
	p := mgl64.Vec3{10, 20, 0}
	v := trailView(p)
	for _, k := range faults.Kinds {
		dl := render.NewDrawList()
		fs := []faults.Fault{{Kind: k, Location: p}}
		r.Build(dl, &v, nil, Options{Paths: &Paths{Faults: fs, Current: 0}})
		x, y, _, _ := v.WorldToScreen(p)
		var got, ring bool
		for _, vx := range dl.Vertices() {
			d := math.Hypot(float64(vx.X)-x, float64(vx.Y)-y)
			if vx.Color == FaultColor(k) && d <= 1.2*markRadius*markPicked {
				got = true
			}
			if vx.Color == colMarkRing {
				ring = true
			}
		}
		if !got || !ring {
			t.Errorf("%s: mark drawn %v, ring %v", k, got, ring)
		}
	}
}

// TestWholePathsThin: the whole-path cache keeps every track's first and
// last point and thins the rest to about allPathStep apart.
func TestWholePathsThin(t *testing.T) {
	f := loadPaths(t)
	var w wholePaths
	w.update(f.a)
	if len(w.fine.ends) != len(w.coarse.ends) || len(w.mid) != len(w.fine.ends) {
		t.Fatalf("levels disagree: %d fine, %d coarse, %d mids", len(w.fine.ends), len(w.coarse.ends), len(w.mid))
	}
	if n, s := len(w.fine.pts), f.a.Samples(); n == 0 || n*3 > s {
		t.Errorf("fine level keeps %d of %d samples", n, s)
	}
	if len(w.coarse.pts) >= len(w.fine.pts) {
		t.Errorf("coarse level (%d points) not coarser than fine (%d)", len(w.coarse.pts), len(w.fine.pts))
	}
	last := &f.a.Tracks[len(f.a.Tracks)-1]
	if got, want := w.fine.pts[len(w.fine.pts)-1], lifted(last.Pos(last.Len()-1)); got != want {
		t.Errorf("last point %v, want the last track's end %v", got, want)
	}
}
