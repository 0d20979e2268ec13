package scenedraw

import (
	"bytes"
	"context"
	"github.com/mm2carla/viewer/internal/cputime"
	"math"
	"runtime"
	"sync"
	"testing"

	"github.com/mm2carla/viewer/analysis/lanes"
	"github.com/mm2carla/viewer/render"
	"github.com/mm2carla/viewer/render/scenedraw/scenetest"
	"github.com/mm2carla/viewer/scene"
	"github.com/mm2carla/viewer/sim/citygen"
	"github.com/mm2carla/viewer/sim/demo"
)

// london is the London-sized generated city, built once per test binary.
var london = sync.OnceValues(func() (*scene.Map, error) {
	m, err := citygen.Generate(citygen.London())
	if err != nil {
		return nil, err
	}
	return scene.NewMap(m), nil
})

var hdVP = render.Viewport{Width: 1280, Height: 720, Scale: 1}

// londonViews are the cameras the performance target is measured with:
// the whole city (the default view), a street seen from 60 m, and the
// whole city from above.
func londonViews(r *Renderer) map[string]render.View {
	b := r.Bounds(nil)
	orbit := render.NewOrbitCamera()
	FrameOrbit(&orbit, b, hdVP)
	street := render.OrbitCamera{Target: b.Center(), Distance: 60, Yaw: math.Pi / 3, Pitch: 35 * math.Pi / 180}
	top := render.NewTopDownCamera()
	top.FrameAll(b, hdVP)
	return map[string]render.View{"whole": orbit.View(hdVP), "street": street.View(hdVP), "top": top.View(hdVP)}
}

func londonSetup(tb testing.TB) (*Renderer, *scene.State) {
	tb.Helper()
	m, err := london()
	if err != nil {
		tb.Fatal(err)
	}
	r := New()
	r.SetMap(m)
	st := scenetest.Crowd(m, 1000)
	if len(st.Actors) != 1000 {
		tb.Fatalf("crowd has %d actors", len(st.Actors))
	}
	return r, st
}

// TestBuildAllocs: once warm, building a frame allocates nothing, from
// any of the measured views, with every layer on and an actor selected.
func TestBuildAllocs(t *testing.T) {
	r, st := londonSetup(t)
	opt := DefaultOptions()
	opt.Selected, opt.Hovered = st.Actors[5].ID, st.Actors[6].ID
	warmFrameAllocs(t, r, st, opt, "")
}

// warmFrameAllocs checks that, from each of the measured views, a frame
// of st with opt draws something and, once warm, allocates nothing.
func warmFrameAllocs(t *testing.T, r *Renderer, st *scene.State, opt Options, with string) {
	t.Helper()
	dl := render.NewDrawList()
	for name, v := range londonViews(r) {
		r.Build(dl, &v, st, opt) // warm the buffers
		r.Build(dl, &v, st, opt)
		if n := testing.AllocsPerRun(5, func() { r.Build(dl, &v, st, opt) }); n != 0 {
			t.Errorf("%s view: %v allocations per frame%s", name, n, with)
		}
		if dl.TriangleCount() == 0 {
			t.Errorf("%s view: nothing drawn", name)
		}
	}
}

// BenchmarkBuildLondon1000 measures one frame, scene state to finished
// triangle list, of 1,000 actors over the London-sized city.
func BenchmarkBuildLondon1000(b *testing.B) {
	r, st := londonSetup(b)
	for _, name := range []string{"whole", "street", "top"} {
		v := londonViews(r)[name]
		b.Run(name, func(b *testing.B) {
			dl := render.NewDrawList()
			opt := DefaultOptions()
			r.Build(dl, &v, st, opt)
			b.ReportAllocs()
			b.ResetTimer()
			cpuLoop(b, func() { r.Build(dl, &v, st, opt) })
			b.ReportMetric(float64(dl.TriangleCount()), "triangles")
		})
	}
}

// BenchmarkSetMapLondon measures building the static cache of the city.
func BenchmarkSetMapLondon(b *testing.B) {
	m, err := london()
	if err != nil {
		b.Fatal(err)
	}
	r := New()
	b.ReportAllocs()
	for b.Loop() {
		r.SetMap(m)
	}
}

// londonTraffic is one minute of the demo's traffic on the London-sized
// city and its lane association, built once per test binary: the paths
// the trail benchmark draws.
var londonTraffic = sync.OnceValues(func() (*lanes.Association, error) {
	bm, err := citygen.Generate(citygen.London())
	if err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	if _, err := demo.Record(&buf, bm, demo.Options{Seed: 1, Minutes: 1}); err != nil {
		return nil, err
	}
	rec, err := scene.Open(bytes.NewReader(buf.Bytes()), int64(buf.Len()), nil)
	if err != nil {
		return nil, err
	}
	m, err := london()
	if err != nil {
		return nil, err
	}
	return lanes.Associate(context.Background(), rec, lanes.NewBAI(m), nil)
})

// trailOptions draw, at the middle of londonTraffic, the 10 s trails of
// every vehicle, the whole paths of all, and an actor's ghosts.
func trailOptions(tb testing.TB) Options {
	tb.Helper()
	a, err := londonTraffic()
	if err != nil {
		tb.Fatal(err)
	}
	tm := a.Times[len(a.Times)/2]
	opt := DefaultOptions()
	opt.Time = tm
	opt.Paths = &Paths{Assoc: a, Actor: a.Tracks[0].ID, Past: 10, Future: 10, Everyone: true, All: true, Current: -1}
	return opt
}

// TestBuildTrailsAllocs: frames with every vehicle's trail and whole
// path allocate nothing once warm.
func TestBuildTrailsAllocs(t *testing.T) {
	r, st := londonSetup(t)
	warmFrameAllocs(t, r, st, trailOptions(t), " with trails")
}

// BenchmarkBuildLondonTrails is BenchmarkBuildLondon1000 with the trails
// of every vehicle of a minute of London traffic (10 s behind, 10 s
// ahead), every whole path, and one actor's ghosts.
func BenchmarkBuildLondonTrails(b *testing.B) {
	r, st := londonSetup(b)
	opt := trailOptions(b)
	for _, name := range []string{"whole", "street", "top"} {
		v := londonViews(r)[name]
		b.Run(name, func(b *testing.B) {
			dl := render.NewDrawList()
			r.Build(dl, &v, st, opt)
			b.ReportAllocs()
			b.ResetTimer()
			cpuLoop(b, func() { r.Build(dl, &v, st, opt) })
			b.ReportMetric(float64(dl.TriangleCount()), "triangles")
		})
	}
}

// cpuLoop runs frame b.N times on one locked OS thread and reports the
// thread's CPU time per frame ("cpu-ms/op") beside the wall time: on the
// shared 2-core machine the wall time counts the waits for a core, the
// CPU time mostly the work, so runs at different loads compare.
func cpuLoop(b *testing.B, frame func()) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	c0, ok0 := cputime.Thread()
	n := 0
	for b.Loop() {
		frame()
		n++
	}
	if c1, ok1 := cputime.Thread(); ok0 && ok1 && n > 0 {
		b.ReportMetric(float64(c1-c0)/float64(n)/1e6, "cpu-ms/op")
	}
}
