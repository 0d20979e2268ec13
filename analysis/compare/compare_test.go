package compare

import (
	"bytes"
	"context"
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/mm2carla/viewer/internal/drivetest"
	"github.com/mm2carla/viewer/internal/testrec"
	"github.com/mm2carla/viewer/scene"
)

// road is a straight road along +X; lane k is 3.5 m to the left of lane 0.
var road = drivetest.Path{{0, 0, 0}, {1000, 0, 0}}

// car drives along road from s0 at v m/s, lat(t) metres to the left of
// it, from time from on.
func car(id uint32, bp, role string, s0, v, from float64, lat func(t float64) float64) drivetest.Vehicle {
	return drivetest.Vehicle{ID: id, Blueprint: bp, Role: role, Pose: func(t float64) (mgl64.Vec3, float64, bool) {
		if t < from {
			return mgl64.Vec3{}, 0, false
		}
		p, yaw := road.At(s0+v*(t-from), lat(t))
		return p, yaw, true
	}}
}

func straight(float64) float64 { return 0 }

// base is the reference run: three cars 5 s long at 20 Hz, two of them
// colliding at 4 s.
func base() drivetest.Script {
	return drivetest.Script{Hz: 20, Seconds: 5, Vehicles: []drivetest.Vehicle{
		car(10, "vehicle.tesla.model3", "hero", 0, 8, 0, straight),
		car(11, "vehicle.audi.tt", "", 30, 6, 0, straight),
		car(12, "vehicle.audi.tt", "", 60, 5, 0, straight),
	}, Collisions: []drivetest.Collision{{Time: 4, A: 10, B: 11}}}
}

func open(t testing.TB, s drivetest.Script) *scene.Recording {
	t.Helper()
	b := s.Bytes()
	rec, err := scene.Open(bytes.NewReader(b), int64(len(b)), nil)
	if err != nil {
		t.Fatal(err)
	}
	return rec
}

func match(t testing.TB, a, b drivetest.Script) *Matching {
	t.Helper()
	m, err := Match(context.Background(), open(t, a), open(t, b))
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// pairOf returns the index of the pair of A's actor id.
func pairOf(t *testing.T, m *Matching, id uint32) int {
	t.Helper()
	for i := range m.A.Actors {
		if k := m.PairOfA(i); m.A.Actors[i].ID == id && k >= 0 {
			if m.Pairs[k].A != i || m.PartnerOfA(i) != m.Pairs[k].B {
				t.Fatalf("PairOfA(%d) = %d: %+v; PartnerOfA %d", i, k, m.Pairs[k], m.PartnerOfA(i))
			}
			return k
		}
	}
	t.Fatalf("actor %d of A is not matched", id)
	return -1
}

func TestIdentical(t *testing.T) {
	m := match(t, base(), base())
	if len(m.Pairs) != 3 || len(m.OnlyA)+len(m.OnlyB) != 0 {
		t.Fatalf("%d pairs, only in A %v, only in B %v", len(m.Pairs), m.OnlyA, m.OnlyB)
	}
	d := Diverge(m, 0)
	for k, p := range m.Pairs {
		if p.By != ByID || d.Pairs[k].Peak != 0 || d.FirstOver(k, 0) != -1 {
			t.Errorf("pair %d by %v: peak %g, over 0 m at frame %d", k, p.By, d.Pairs[k].Peak, d.FirstOver(k, 0))
		}
	}
	for f, v := range d.Max {
		if v != 0 {
			t.Fatalf("max %g at frame %d", v, f)
		}
	}
	c := Collisions(m.A.Rec)
	if a, b := OnlyInOne(m, 0, c, Collisions(m.B.Rec)); len(c) != 1 || len(a)+len(b) != 0 {
		t.Errorf("%d collisions; only in A %v, only in B %v", len(c), a, b)
	}
}

// TestShifted moves car 11 1.5 m to the left from 2 s on, and car 12 by
// 0.5 m more every second from 1 s: the first is found at 2 s with 1.5
// m, the second over 1 m after 3 s, at most 2 m at the end.
func TestShifted(t *testing.T) {
	b := base()
	b.Vehicles[1] = car(11, "vehicle.audi.tt", "", 30, 6, 0, func(t float64) float64 {
		if t >= 2 {
			return 1.5
		}
		return 0
	})
	b.Vehicles[2] = car(12, "vehicle.audi.tt", "", 60, 5, 0, func(t float64) float64 { return 0.5 * max(t-1, 0) })
	m := match(t, base(), b)
	d := Diverge(m, 0)
	for _, tt := range []struct {
		id          uint32
		first, peak float64
		peakAt      float64
	}{
		{10, math.NaN(), 0, 0},
		{11, 2, 1.5, 2},
		{12, 3.05, 2, 5},
	} {
		k := pairOf(t, m, tt.id)
		pd := &d.Pairs[k]
		f := d.FirstOver(k, 1)
		switch {
		case math.IsNaN(tt.first) && f != -1,
			!math.IsNaN(tt.first) && (f < 0 || math.Abs(d.Times[f]-tt.first) > 1e-9):
			t.Errorf("actor %d over 1 m at frame %d, want %g s", tt.id, f, tt.first)
		case math.Abs(pd.Peak-tt.peak) > 1e-3 || tt.peak > 0 && math.Abs(d.Times[pd.PeakFrame]-tt.peakAt) > 1e-9:
			t.Errorf("actor %d: peak %g at frame %d, want %g at %g s", tt.id, pd.Peak, pd.PeakFrame, tt.peak, tt.peakAt)
		}
	}
	k := pairOf(t, m, 12)
	if v, ok := d.At(k, 2.025); !ok || math.Abs(v-0.5125) > 1e-3 {
		t.Errorf("At(2.025) = %g, %v; want 0.5125 between frames", v, ok)
	}
	if got := d.Max[d.M.A.Actors[m.Pairs[k].A].First+60]; math.Abs(got-1.5) > 1e-3 {
		t.Errorf("max at 3 s = %g, want car 11's 1.5", got)
	}
}

// TestRenumbered gives every car of B another id: the hero is matched by
// role and blueprint, the two Audis (no role) by their spawns.
func TestRenumbered(t *testing.T) {
	b := base()
	for i := range b.Vehicles {
		b.Vehicles[i].ID += 100
	}
	b.Collisions[0].A, b.Collisions[0].B = 111, 110
	m := match(t, base(), b)
	want := map[uint32]struct {
		b  uint32
		by Rule
	}{10: {110, ByRole}, 11: {111, BySpawn}, 12: {112, BySpawn}}
	for _, p := range m.Pairs {
		a, b := m.A.Actors[p.A].ID, m.B.Actors[p.B].ID
		if w := want[a]; w.b != b || w.by != p.By {
			t.Errorf("%d matched with %d by %v, want %d by %v", a, b, p.By, w.b, w.by)
		}
	}
	if len(m.Pairs) != 3 {
		t.Errorf("%d pairs", len(m.Pairs))
	}
	if a, b := OnlyInOne(m, 0, Collisions(m.A.Rec), Collisions(m.B.Rec)); len(a)+len(b) != 0 {
		t.Errorf("collision of the renumbered pair: only in A %v, only in B %v", a, b)
	}
}

// TestOnlyInOne: a car only in B, a collision only in A, and B's
// collision moved by more than the tolerance.
func TestOnlyInOne(t *testing.T) {
	for _, tt := range []struct {
		name         string
		change       func(s *drivetest.Script)
		onlyA, onlyB int // collisions
	}{
		{"car only in B", func(s *drivetest.Script) {
			s.Vehicles = append(s.Vehicles, car(13, "vehicle.nissan.micra", "", 90, 4, 1, straight))
		}, 0, 0},
		{"collision only in A", func(s *drivetest.Script) { s.Collisions = nil }, 1, 0},
		{"collision later within tolerance", func(s *drivetest.Script) { s.Collisions[0].Time = 4.5 }, 0, 0},
		{"collision later", func(s *drivetest.Script) { s.Collisions[0].Time = 2.5 }, 1, 1},
		{"collision of another pair", func(s *drivetest.Script) { s.Collisions[0].B = 12 }, 1, 1},
	} {
		t.Run(tt.name, func(t *testing.T) {
			b := base()
			tt.change(&b)
			m := match(t, base(), b)
			wantB := len(b.Vehicles) - 3
			if len(m.OnlyA) != 0 || len(m.OnlyB) != wantB || wantB > 0 && m.B.Actors[m.OnlyB[0]].ID != 13 {
				t.Errorf("only in A %v, only in B %v", m.OnlyA, m.OnlyB)
			}
			a, bb := OnlyInOne(m, 0, Collisions(m.A.Rec), Collisions(m.B.Rec))
			if len(a) != tt.onlyA || len(bb) != tt.onlyB {
				t.Errorf("collisions only in A %v, only in B %v", a, bb)
			}
		})
	}
}

// TestOffset: B is A started 0.5 s later. On the one clock aligned at
// the first frames every car is 0.5 s of its speed ahead in A; shifted
// by the offset they agree, and so do the collisions.
func TestOffset(t *testing.T) {
	b := base()
	for i, v := range b.Vehicles {
		pose := v.Pose
		b.Vehicles[i].Pose = func(t float64) (mgl64.Vec3, float64, bool) { return pose(t - 0.5) }
	}
	b.Seconds, b.Collisions[0].Time = 5.5, 4.5
	m := match(t, base(), b)
	if len(m.Pairs) != 3 {
		t.Fatalf("%d pairs", len(m.Pairs))
	}
	k := pairOf(t, m, 10)
	if d := Diverge(m, 0); math.Abs(d.Pairs[k].Peak-4) > 1e-3 || d.FirstOver(k, 3.99) != m.A.Actors[m.Pairs[k].A].First+10 {
		t.Errorf("without the offset the hero is %g m ahead, want 4", d.Pairs[k].Peak)
	}
	d := Diverge(m, 0.5)
	for k := range m.Pairs {
		if d.Pairs[k].Peak > 1e-3 {
			t.Errorf("pair %d diverges by %g m with the offset", k, d.Pairs[k].Peak)
		}
	}
	if a, bb := OnlyInOne(m, 0.5, Collisions(m.A.Rec), Collisions(m.B.Rec)); len(a)+len(bb) != 0 {
		t.Errorf("only in A %v, only in B %v", a, bb)
	}
}

// TestEstimateBytes: the estimate from the events is what Read keeps.
func TestEstimateBytes(t *testing.T) {
	data := testrec.Bytes(40)
	rec, err := scene.Open(bytes.NewReader(data), int64(len(data)), nil)
	if err != nil {
		t.Fatal(err)
	}
	r, err := Read(context.Background(), rec)
	if err != nil {
		t.Fatal(err)
	}
	var kept int64
	for i := range r.Actors {
		kept += int64(r.Actors[i].Len()) * PositionBytes
	}
	if got := EstimateBytes(rec); got != kept || kept == 0 {
		t.Errorf("estimate %d bytes, Read keeps %d", got, kept)
	}
}
