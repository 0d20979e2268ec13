package scenedraw

import (
	"bytes"
	"context"
	"sync"
	"testing"

	"github.com/mm2carla/viewer/analysis/lanes"
	"github.com/mm2carla/viewer/analysis/towns"
	"github.com/mm2carla/viewer/format/opendrive"
	"github.com/mm2carla/viewer/render"
	"github.com/mm2carla/viewer/scene"
	"github.com/mm2carla/viewer/sim/demo"
)

// town04 is the largest built-in town with a minute of the demo's
// traffic on it (`viewer demo --map Town04 --minutes 1`), built once per
// test binary: the measure of a CARLA town's frame.
var town04 = sync.OnceValues(func() (*town04Scene, error) {
	data, err := towns.BuiltinData("Town04")
	if err != nil {
		return nil, err
	}
	m, err := opendrive.DecodeBytes(data)
	if err != nil {
		return nil, err
	}
	rn, err := scene.NewRoadNet(m, 0)
	if err != nil {
		return nil, err
	}
	var log bytes.Buffer
	if _, err := demo.RecordTown(&log, rn, demo.Options{Seed: demo.DefaultSeed, Minutes: 1, MapName: "Town04"}); err != nil {
		return nil, err
	}
	rec, err := scene.Open(bytes.NewReader(log.Bytes()), int64(log.Len()), nil)
	if err != nil {
		return nil, err
	}
	return &town04Scene{rn: rn, rec: rec}, nil
})

type town04Scene struct {
	rn  *scene.RoadNet
	rec *scene.Recording
}

// town04Setup is a renderer of Town04 with its lights tied to the
// entries they govern, as the window has them, and the state 30 s in.
func town04Setup(tb testing.TB) (*Renderer, *scene.State) {
	tb.Helper()
	ts, err := town04()
	if err != nil {
		tb.Fatal(err)
	}
	r := netRenderer(ts.rn)
	a, err := lanes.Associate(context.Background(), ts.rec, lanes.NewOpenDRIVE(ts.rn), nil)
	if err != nil {
		tb.Fatal(err)
	}
	r.SetEndLights(a.Lights, a.EndLights())
	st := &scene.State{}
	if err := ts.rec.StateAt(30, st); err != nil {
		tb.Fatal(err)
	}
	return r, st
}

// TestTown04TrafficNoAllocs: a frame of Town04 with the demo's traffic,
// from each measured view, draws and allocates nothing once warm.
func TestTown04TrafficNoAllocs(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a minute of traffic on Town04")
	}
	r, st := town04Setup(t)
	if len(st.Actors) < 100 {
		t.Fatalf("%d actors 30 s in", len(st.Actors))
	}
	warmFrameAllocs(t, r, st, DefaultOptions(), " on Town04")
}

// BenchmarkBuildTown04Traffic measures one frame of the whole of
// Town04 (and a street, and the top view) with the demo's traffic.
func BenchmarkBuildTown04Traffic(b *testing.B) {
	r, st := town04Setup(b)
	for _, name := range []string{"whole", "street", "top"} {
		v := londonViews(r)[name]
		b.Run(name, func(b *testing.B) {
			dl := render.NewDrawList()
			opt := DefaultOptions()
			r.Build(dl, &v, st, opt)
			b.ReportAllocs()
			b.ResetTimer()
			for b.Loop() {
				r.Build(dl, &v, st, opt)
			}
			b.ReportMetric(float64(dl.TriangleCount()), "triangles")
			b.ReportMetric(float64(len(st.Actors)), "actors")
		})
	}
}
