package lanes

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/mm2carla/viewer/internal/drivetest"
	"github.com/mm2carla/viewer/scene"
)

// TestFollowClearance walks points through every intersection of
// generated cities, in small wandering steps that cross road edges and
// the lines across road ends, and along lanes drifting across their
// road's edges and past its ends, and checks that Follow answers exactly
// as Locate, and that the clearance (offRoads) answered many of them.
func TestFollowClearance(t *testing.T) {
	followCities(t, func(name string, sm *scene.Map, m *BAI) {
		rng := rand.New(rand.NewPCG(3, 4))
		w := clearWalker{t: t, m: m, name: name}
		for i := range m.areas {
			for range 6 {
				w.walk(interWalk(rng, &m.areas[i]))
			}
		}
		for r := range sm.Roads {
			for k := range sm.Roads[r].SideB.Lanes {
				path := drivetest.Lane(sm, r, true, k)
				w.walk(edgeWalk(rng, path))
				w.walk(endWalk(rng, path, -3, 1))
				w.walk(endWalk(rng, path, path.Length()+3, path.Length()-1))
			}
		}
		if w.skips < w.n/10 || w.skips == 0 {
			t.Errorf("%s: the clearance answered %d of %d points", name, w.skips, w.n)
		}
		t.Logf("%s: the clearance answered %d of %d points", name, w.skips, w.n)
	})
}

// clearWalker follows walks with a fresh Cursor each and counts the
// points the clearance answered.
type clearWalker struct {
	t        *testing.T
	m        *BAI
	name     string
	n, skips int
}

func (w *clearWalker) walk(pts []mgl64.Vec3) {
	var c Cursor
	var got Fix
	for _, p := range pts {
		if w.m.shortWay(c, p) == byClearance {
			w.skips++
		}
		w.m.Follow(&c, p, &got)
		loc := w.m.Locate(p)
		if want := loc.Fix(); got != want {
			w.t.Fatalf("%s: at %v Follow %+v, Locate %+v", w.name, p, got, want)
		}
		w.n++
	}
}

// interWalk wanders from an area's centre for 40 m in steps of 2 to 60
// cm, its height wavering about the area's across verticalReach.
func interWalk(rng *rand.Rand, a *area2) []mgl64.Vec3 {
	var p mgl64.Vec3
	for _, v := range a.poly {
		p = p.Add(mgl64.Vec3{v[0], v[1], 0}.Mul(1 / float64(len(a.poly))))
	}
	p[2] = a.z
	dir := rng.Float64() * 2 * math.Pi
	var out []mgl64.Vec3
	for s := 0.0; s < 40; {
		step := 0.02 + rng.Float64()*0.58
		dir += rng.Float64()*0.6 - 0.3
		p = p.Add(mgl64.Vec3{step * math.Cos(dir), step * math.Sin(dir), 0})
		p[2] = a.z + verticalReach*(rng.Float64()*2.4-1.2)*rng.Float64()
		out = append(out, p)
		s += step
	}
	return out
}

// edgeWalk follows path from 10 m before its start to 10 m past its
// end, drifting across it between 12 m to either side, in steps of 5 to
// 50 cm.
func edgeWalk(rng *rand.Rand, path drivetest.Path) []mgl64.Vec3 {
	var out []mgl64.Vec3
	lat := rng.Float64()*24 - 12
	for s := -10.0; s < path.Length()+10; s += 0.05 + rng.Float64()*0.45 {
		lat = min(max(lat+rng.Float64()*0.5-0.25, -12), 12)
		p, _ := path.At(s, lat)
		out = append(out, p)
	}
	return out
}

// endWalk walks along path from s0 to s1 in steps of 2 to 40 mm, off
// its centre by a lateral drawn once: from outside a road's end, the
// clearance shrinks towards the line across it, and a step shorter than
// the remaining clearance is answered by it.
func endWalk(rng *rand.Rand, path drivetest.Path, s0, s1 float64) []mgl64.Vec3 {
	var out []mgl64.Vec3
	lat, dir := rng.Float64()*4-2, math.Copysign(1, s1-s0)
	for s := s0; (s1-s)*dir > 0; s += dir * (0.002 + rng.Float64()*0.038) {
		p, _ := path.At(s, lat)
		out = append(out, p)
	}
	return out
}

// Which way Follow answers.
const (
	bySearch = iota
	byCursor
	byClearance
)

// shortWay says which way Follow would answer p with cursor c.
func (b *BAI) shortWay(c Cursor, p mgl64.Vec3) int {
	var f Fix
	cell, ok := b.roadGrid.index(p)
	switch {
	case !c.valid || !ok:
		return bySearch
	case b.follow(&c, cell, p, &f):
		return byCursor
	case b.offRoads(&c, cell, p):
		return byClearance
	}
	return bySearch
}
