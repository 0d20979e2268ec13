package lanes

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/mm2carla/viewer/format/recorder"
	"github.com/mm2carla/viewer/internal/drivetest"
	"github.com/mm2carla/viewer/scene"
)

// drive is a Pose that follows path from s0 at speed (m/s, negative
// backs up while facing the path's way) and lateral metres to its left,
// existing for t in [from, to).
func drive(path drivetest.Path, s0, speed, lateral, from, to float64) func(float64) (mgl64.Vec3, float64, bool) {
	return func(t float64) (mgl64.Vec3, float64, bool) {
		p, yaw := path.At(s0+speed*(t-from), lateral)
		return p, yaw, t >= from-1e-9 && t < to-1e-9
	}
}

// scripted is a recording of six vehicles on the test city's through
// road, a light at its end and a collision.
func scripted(t testing.TB) (*scene.Map, *BAI, int, *scene.Recording) {
	sm, m, r := testCity(t)
	b0 := drivetest.Lane(sm, r, true, 0)
	red := func(t float64) recorder.LightState {
		if t < 2 {
			return recorder.LightRed
		}
		return recorder.LightGreen
	}
	s := drivetest.Script{Hz: 20, Seconds: 6,
		Vehicles: []drivetest.Vehicle{
			{ID: 10, Blueprint: "vehicle.tesla.model3", Pose: drive(b0, 5, 8, 0, 0, 9)},
			{ID: 11, Blueprint: "vehicle.audi.tt", Pose: drive(b0, 60, -2, 0, 0, 9)},
			{ID: 12, Blueprint: "vehicle.audi.a2", Pose: drive(b0, 40, 0, 0, 0, 9)},
			{ID: 13, Blueprint: "vehicle.nissan.micra", Pose: drive(b0, 20, 5, 0.9, 0, 9)},
			{ID: 14, Blueprint: "vehicle.mini.cooper_s", Pose: drive(b0, b0.Length()-10, 10, 0, 0, 9)},
			{ID: 15, Blueprint: "vehicle.bh.crossbike", Pose: drive(b0, 30, 4, 0, 1, 2)},
			{ID: 15, Blueprint: "vehicle.bh.crossbike", Pose: drive(b0, 50, 4, 0, 3, 4)},
		},
		Lights:     []drivetest.Light{{ID: 50, Pos: sm.Roads[r].End.LightOrigin.Sub(mgl64.Vec3{0, 0, 2.5}), State: red}},
		Collisions: []drivetest.Collision{{Time: 1.5, A: 10, B: 13}},
	}
	data := s.Bytes()
	rec, err := scene.Open(bytes.NewReader(data), int64(len(data)), nil)
	if err != nil {
		t.Fatal(err)
	}
	return sm, m, r, rec
}

func TestAssociateSamples(t *testing.T) {
	_, m, r, rec := scripted(t)
	var reports [][2]int64
	a, err := Associate(context.Background(), rec, m, func(done, total int64) { reports = append(reports, [2]int64{done, total}) })
	if err != nil {
		t.Fatal(err)
	}
	n := int64(len(rec.Times()))
	if len(reports) == 0 || reports[len(reports)-1] != [2]int64{n, n} {
		t.Errorf("progress %v, want it to end at %d of %d", reports, n, n)
	}
	b0 := LaneRef{int32(r), SideB, 0}
	sample := func(id uint32, tm float64) Sample {
		tr := a.TrackAt(id, tm)
		if tr == nil {
			t.Fatalf("no track of %d at %g", id, tm)
		}
		return tr.At(tr.Index(tm))
	}
	for _, tt := range []struct {
		name          string
		id            uint32
		at            float64
		place         Place
		offset, speed float64
		herr          float64 // NaN: standing
		reversing     bool
	}{
		{"driving its lane", 10, 1, OnRoad, 0, 8, 0, false},
		{"backing up", 11, 1, OnRoad, 0, 2, 180, true},
		{"standing", 12, 1, OnRoad, 0, 0, math.NaN(), false},
		{"0.9 m left of its lane", 13, 1, OnRoad, 0.9, 5, 0, false},
		{"in the intersection", 14, 1.5, InIntersection, 0, 10, math.NaN(), false},
	} {
		s := sample(tt.id, tt.at)
		if s.Place != tt.place || math.Abs(s.Speed-tt.speed) > 1e-3 || s.Reversing != tt.reversing {
			t.Errorf("%s: %+v", tt.name, s)
			continue
		}
		if tt.place != OnRoad {
			if s.Intersection != m.End(r, false).Intersection || s.Road != -1 {
				t.Errorf("%s: intersection %d road %d", tt.name, s.Intersection, s.Road)
			}
			continue
		}
		if s.Lane != b0 || !s.HasLane || math.Abs(s.Offset-tt.offset) > 1e-3 ||
			math.IsNaN(tt.herr) != math.IsNaN(s.HeadingError) || math.Abs(s.HeadingError-tt.herr) > 0.02 {
			t.Errorf("%s: %+v", tt.name, s)
		}
	}
	if s := sample(10, 1); math.Abs(s.Along-13) > 0.01 || math.Abs(s.Time-1) > 1e-9 {
		t.Errorf("along %g at %g, want 13 at 1", s.Along, s.Time)
	}
	tr10 := a.TrackAt(10, 0)
	for _, tt := range []struct {
		from, to   float64
		first, end int
	}{{0, 1, 0, 21}, {-5, 0, 0, 1}, {0.99, 1.01, 20, 21}, {1.001, 1.02, 21, 21}, {5.5, 99, 110, 121}, {7, 9, 121, 121}} {
		if f, e := tr10.Span(tt.from, tt.to); f != tt.first || e != tt.end {
			t.Errorf("Span(%g, %g) = %d, %d, want %d, %d", tt.from, tt.to, f, e, tt.first, tt.end)
		}
	}
	if i := tr10.Index(1.02); i != 20 || tr10.Index(-1) != -1 || tr10.Index(99) != tr10.Len()-1 {
		t.Errorf("Index(1.02) = %d, Index(-1) = %d, Index(99) = %d", i, tr10.Index(-1), tr10.Index(99))
	}
	if ts := a.TracksOf(15); len(ts) != 2 || a.Tracks[ts[0]].Start() != 1 || a.Tracks[ts[1]].Start() != 3 {
		t.Errorf("actor 15's tracks %v", ts)
	}
	if a.TrackAt(15, 2.5) != nil {
		t.Error("actor 15 has a track while it does not exist")
	}
	if len(a.Lights) != 1 || a.Lights[0].ID != 50 || !a.Lights[0].Placed() {
		t.Fatalf("lights %+v", a.Lights)
	}
	for _, tt := range []struct {
		at   float64
		want recorder.LightState
	}{{0, recorder.LightRed}, {1.95, recorder.LightRed}, {2, recorder.LightGreen}, {9, recorder.LightGreen}} {
		if st, ok := a.Lights[0].StateAt(tt.at); !ok || st != tt.want {
			t.Errorf("light at %g: %v %v", tt.at, st, ok)
		}
	}
	if _, ok := a.Lights[0].StateAt(-1); ok {
		t.Error("a light state before the recording")
	}
	found := false
	for i, e := range rec.Events() {
		if e.Kind == scene.EventCollision {
			sp := a.Spots[i]
			want := sample(10, 1.5).Pos
			found = sp.Found && sp.Blueprint == "vehicle.tesla.model3" && sp.Location.Sub(want).Len() < 1e-3
		}
	}
	if !found {
		t.Errorf("the collision's spot is not where actor 10 was: %+v", a.Spots)
	}
}

// TestAssociateMatchesStateAt: every sample is what Locate makes of the
// vehicle as StateAt shows it at that frame, so `viewer state` and
// `viewer check` agree.
func TestAssociateMatchesStateAt(t *testing.T) {
	_, m, _, rec := scripted(t)
	a, err := Associate(context.Background(), rec, m, nil)
	if err != nil {
		t.Fatal(err)
	}
	var st scene.State
	n := 0
	for i := range a.Tracks {
		tr := &a.Tracks[i]
		for k := range tr.Len() {
			got := tr.At(k)
			if err := rec.StateAt(got.Time, &st); err != nil {
				t.Fatal(err)
			}
			ac := st.Actor(tr.ID)
			want := Locate(m, ac.World.Location, ac.Velocity, ac.World.Rotation.Yaw)
			if !same(got, want) {
				t.Fatalf("actor %d at %g: association %+v, StateAt %+v", tr.ID, got.Time, got, want)
			}
			n++
		}
	}
	if n != a.Samples() || n < 500 {
		t.Errorf("%d samples compared of %d", n, a.Samples())
	}
}

// same compares a stored sample with an exact one, to its storage's
// precision.
func same(got, want Sample) bool {
	near := func(a, b, tol float64) bool { return math.IsNaN(a) && math.IsNaN(b) || math.Abs(a-b) <= tol }
	return got.Place == want.Place && got.Road == want.Road && got.Intersection == want.Intersection &&
		got.HasLane == want.HasLane && got.Lane == want.Lane && got.Reversing == want.Reversing &&
		got.Pos.Sub(want.Pos).Len() < 1e-3 && near(got.Speed, want.Speed, 1e-4) &&
		near(got.Offset, want.Offset, 0.001) && near(got.Along, want.Along, 0.001) &&
		near(got.HeadingError, want.HeadingError, 0.011) && near(scene.WrapDegrees(got.Yaw-want.Yaw), 0, 0.006)
}

func TestAssociateWithoutMap(t *testing.T) {
	_, _, _, rec := scripted(t)
	a, err := Associate(context.Background(), rec, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	if a.Map != nil || len(a.Tracks) != 7 {
		t.Fatalf("map %v, %d tracks", a.Map, len(a.Tracks))
	}
	s := a.TrackAt(10, 1).At(20)
	if s.Place != NoMap || s.Road != -1 || !math.IsNaN(s.HeadingError) || math.Abs(s.Speed-8) > 1e-3 {
		t.Errorf("%+v", s)
	}
}

func TestAssociateCancel(t *testing.T) {
	_, m, _, rec := scripted(t)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Associate(ctx, rec, m, nil); !errors.Is(err, context.Canceled) {
		t.Errorf("err %v", err)
	}
}

// TestAssociateGrows: a track with more samples than its spawn and
// destroy events promised (here: none promised) grows, and the samples
// are the same.
func TestAssociateGrows(t *testing.T) {
	_, m, _, rec := scripted(t)
	want, err := Associate(context.Background(), rec, m, nil)
	if err != nil {
		t.Fatal(err)
	}
	p, err := newPass(rec, m, nil)
	if err != nil {
		t.Fatal(err)
	}
	clear(p.life)
	got, err := p.associate(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(got.Tracks) != len(want.Tracks) {
		t.Fatalf("%d tracks, want %d", len(got.Tracks), len(want.Tracks))
	}
	for i := range got.Tracks {
		g, w := &got.Tracks[i], &want.Tracks[i]
		if !slices.Equal(g.s, w.s) || g.First != w.First || g.ID != w.ID {
			t.Fatalf("track %d differs", i)
		}
	}
}

// TestTrackRead: Read writes every field At returns, over whatever the
// Sample held before.
func TestTrackRead(t *testing.T) {
	_, m, _, rec := scripted(t)
	a, err := Associate(context.Background(), rec, m, nil)
	if err != nil {
		t.Fatal(err)
	}
	junk := Sample{Time: -1, Pos: mgl64.Vec3{9, 9, 9}, Yaw: 9, Speed: 9, Place: InIntersection, Road: 9,
		Intersection: 9, Along: 9, HasLane: true, Lane: LaneRef{Road: 9, Side: SideB, Lane: 9}, Offset: 9,
		HeadingError: 9, Reversing: true}
	n := 0
	for i := range a.Tracks {
		tr := &a.Tracks[i]
		for k := range tr.Len() {
			got := junk
			tr.Read(k, &got)
			if want := tr.At(k); fmt.Sprintf("%+v", got) != fmt.Sprintf("%+v", want) {
				t.Fatalf("track %d sample %d: Read %+v, At %+v", i, k, got, want)
			}
			n++
		}
	}
	if n < 500 {
		t.Errorf("%d samples read", n)
	}
}
