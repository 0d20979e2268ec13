package lanes

import (
	"bytes"
	"context"
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/mm2carla/viewer/format/opendrive"
	"github.com/mm2carla/viewer/scene"
)

// carlaDir holds Town01.xodr and the real recordings made on it, beside
// the repository (never copied into it).
var carlaDir = filepath.Join("..", "..", "..", "shared", "testdata", "carla")

// readCarla returns a shared real file, skipping the test when it is
// absent (failing instead under CI).
func readCarla(t testing.TB, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(carlaDir, name))
	if err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("real file needed under CI: %v", err)
		}
		t.Skipf("real file absent: %v", err)
	}
	return b
}

func town01Map(t testing.TB) (*scene.RoadNet, *OpenDRIVE) {
	t.Helper()
	return townMap(t, "Town01.xodr")
}

// carlaTown reads one of CARLA's towns from the shared test data
// (Town01.xodr, towns/Town04.xodr, ...), skipped when absent and failing
// under CI: the decoded file, its road network and its lane map.
func carlaTown(t testing.TB, name string) (*opendrive.Map, *scene.RoadNet, *OpenDRIVE) {
	t.Helper()
	m, err := opendrive.DecodeBytes(readCarla(t, name))
	if err != nil {
		t.Fatal(err)
	}
	rn, err := scene.NewRoadNet(m, 0)
	if err != nil {
		t.Fatal(err)
	}
	return m, rn, NewOpenDRIVE(rn)
}

func town01Assoc(t testing.TB, m Map, name string) (*scene.Recording, *Association) {
	t.Helper()
	return openAssociated(t, readCarla(t, name), m)
}

// openAssociated opens a recording's bytes and associates it with map m.
func openAssociated(t testing.TB, data []byte, m Map) (*scene.Recording, *Association) {
	t.Helper()
	rec, err := scene.Open(bytes.NewReader(data), int64(len(data)), nil)
	if err != nil {
		t.Fatal(err)
	}
	a, err := Associate(context.Background(), rec, m, nil)
	if err != nil {
		t.Fatal(err)
	}
	return rec, a
}

// TestTown01LaneCentres is issue 15's measure: after the project's own
// conversions, the share of the vehicles' positions within 1.0 m of a
// driving lane's centre line. A position on a road counts by the lane
// the association placed it in; one in a junction by the nearest of the
// junction's driving lanes (its connecting roads), which the association
// does not place it in.
func TestTown01LaneCentres(t *testing.T) {
	rn, m := town01Map(t)
	for _, tt := range []struct {
		file string
		want float64
	}{
		{"carla-0.9.10-town01-lanecenter.log", 0.95},
		{"carla-0.9.13-town01-lanecenter.log", 0.90},
	} {
		_, a := town01Assoc(t, m, tt.file)
		near, all, onRoad, inJ, off := 0, 0, 0, 0, 0
		for i := range a.Tracks {
			tr := &a.Tracks[i]
			for k := range tr.Len() {
				s := tr.At(k)
				all++
				switch s.Place {
				case OnRoad:
					onRoad++
					if s.HasLane && math.Abs(s.Offset) <= 1 {
						near++
					}
				case InIntersection:
					inJ++
					if junctionLaneDist(rn, s.Intersection, s.Pos) <= 1 {
						near++
					}
				default:
					off++
				}
			}
		}
		share := float64(near) / float64(all)
		t.Logf("%s: %d of %d positions (%.1f%%) within 1 m of a driving lane's centre; %d on roads, %d in junctions, %d off the map",
			tt.file, near, all, 100*share, onRoad, inJ, off)
		if share < tt.want {
			t.Errorf("%s: %.1f%% within 1 m, want at least %.0f%%", tt.file, 100*share, 100*tt.want)
		}
	}
}

// junctionLaneDist is the ground distance from p to the nearest driving
// lane centre of junction j's connecting roads.
func junctionLaneDist(rn *scene.RoadNet, j int, p mgl64.Vec3) float64 {
	best := math.Inf(1)
	for _, r := range rn.Junctions[j].Roads {
		for _, li := range rn.Roads[r].Lanes {
			l := &rn.Lanes[li]
			if l.Type != "driving" {
				continue
			}
			pl := polyline{pts: l.Center}
			pl.prepare()
			if h, ok := pl.nearest(p); ok {
				best = min(best, h.dist)
			}
		}
	}
	return best
}

// TestTown01Ends checks the road-end rules: each of the 36 light
// signals rules one end of an ordinary road that leads into a junction,
// and each recorded light actor is matched to exactly one of them.
func TestTown01Ends(t *testing.T) {
	rn, m := town01Map(t)
	var origins []mgl64.Vec3
	for r := range m.Roads() {
		for _, atStart := range []bool{true, false} {
			e := m.End(r, atStart)
			if !e.HasLight {
				continue
			}
			origins = append(origins, e.Light)
			if e.Rule != RuleTrafficLight || e.Intersection < 0 || rn.Roads[r].Junction >= 0 {
				t.Errorf("road %s end (start %v): %+v, want a light at a junction on an ordinary road", rn.Roads[r].ID, atStart, e)
			}
		}
	}
	if len(origins) != 36 {
		t.Fatalf("%d ends with a light, want 36", len(origins))
	}
	_, a := town01Assoc(t, m, "carla-0.9.13-town01-lanecenter.log")
	lm := NewLightMatcher(origins)
	match := lm.Reset(nil)
	for i := range a.Lights {
		if a.Lights[i].Placed() {
			lm.Offer(match, int32(i), a.Lights[i].Pos)
		}
	}
	seen := map[int32]bool{}
	for i, mt := range match {
		if mt.Actor < 0 || seen[mt.Actor] || mt.Dist > 0.5 {
			t.Errorf("end light %d at %v: matched %+v", i, origins[i], mt)
		}
		seen[mt.Actor] = true
	}
}

// TestOpenDRIVELocate pins Locate on Town01's road 1 (157 m straight,
// lane -1 driving toward increasing s, lane 1 against it): the lanes, their directions, Along, the sidewalk, a junction and the
// void.
func TestOpenDRIVELocate(t *testing.T) {
	rn, m := town01Map(t)
	r1 := -1
	for i := range rn.Roads {
		if rn.Roads[i].ID == "1" {
			r1 = i
		}
	}
	lane := func(id int) *scene.NetLane {
		for _, li := range rn.Roads[r1].Lanes {
			if rn.Lanes[li].ID == id {
				return &rn.Lanes[li]
			}
		}
		t.Fatalf("road 1 has no lane %d", id)
		return nil
	}
	right, left, walk := lane(-1), lane(1), lane(-3)
	mid := func(l *scene.NetLane) mgl64.Vec3 { return l.Center[len(l.Center)/2] }
	for _, tt := range []struct {
		name  string
		p     mgl64.Vec3
		place Place
		side  Side
	}{
		{"lane -1", mid(right), OnRoad, SideB},
		{"lane 1", mid(left), OnRoad, SideA},
		{"sidewalk of lane -3: on the road, nearest driving lane -1", mid(walk), OnRoad, SideB},
		{"200 m off", mid(right).Add(mgl64.Vec3{0, 200, 0}), OffMap, 0},
	} {
		loc := m.Locate(tt.p)
		if loc.Place != tt.place {
			t.Errorf("%s: %v, want %v", tt.name, loc.Place, tt.place)
			continue
		}
		if tt.place != OnRoad {
			continue
		}
		if loc.Road != r1 || !loc.HasLane || loc.Lane.Lane.Side != tt.side || loc.Lane.Lane.Lane != 0 {
			t.Errorf("%s: %+v", tt.name, loc)
		}
		k := len(right.Center) / 2
		d := right.Center[k+1].Sub(right.Center[k]).Normalize() // increasing s
		if tt.side == SideA {
			d = d.Mul(-1)
		}
		if loc.Lane.Dir.Dot(d) < 0.99 {
			t.Errorf("%s: lane direction %v, want %v", tt.name, loc.Lane.Dir, d)
		}
		if s := right.S[len(right.S)/2]; math.Abs(loc.Along-s) > 0.01 {
			t.Errorf("%s: along %.3f, want %.3f", tt.name, loc.Along, s)
		}
	}
	// The junction at road 1's end holds the middle of its connecting roads.
	j := rn.Roads[r1].End.Junction
	c := rn.Junctions[j].Roads[0]
	p := rn.Lanes[rn.Roads[c].Lanes[0]].Center[len(rn.Lanes[rn.Roads[c].Lanes[0]].Center)/2]
	if loc := m.Locate(p); loc.Place != InIntersection || loc.Intersection != j {
		t.Errorf("middle of connecting road %s: %+v, want junction %d", rn.Roads[c].ID, loc, j)
	}
	if hits := m.LanesNear(mid(right), 5, nil); len(hits) != 2 {
		t.Errorf("LanesNear road 1's middle, 5 m: %d lanes, want its 2 driving lanes", len(hits))
	}
}

// BenchmarkLocateTown01 places points spread over Town01's box, on its
// roads and off them (the association's fallback for maps that are no
// Follower).
func BenchmarkLocateTown01(b *testing.B) {
	rn, m := town01Map(b)
	lo, hi := rn.Bounds()
	const n = 4096
	pts := make([]mgl64.Vec3, n)
	for i := range pts {
		fx, fy := math.Mod(float64(i)*0.618034, 1), math.Mod(float64(i)*0.754878, 1)
		pts[i] = mgl64.Vec3{lo[0] + fx*(hi[0]-lo[0]), lo[1] + fy*(hi[1]-lo[1]), 0}
	}
	b.ResetTimer()
	for i := range b.N {
		m.Locate(pts[i%n])
	}
}
