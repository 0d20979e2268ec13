package lanes

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/mm2carla/viewer/internal/drivetest"
	"github.com/mm2carla/viewer/scene"
)

// townMap is carlaTown's road network and lane map.
func townMap(t testing.TB, name string) (*scene.RoadNet, *OpenDRIVE) {
	t.Helper()
	_, rn, o := carlaTown(t, name)
	return rn, o
}

// roadByID returns the index of the road the file calls id.
func roadByID(t testing.TB, m Map, id int) int {
	t.Helper()
	for r := range m.Roads() {
		if m.RoadID(r) == id {
			return r
		}
	}
	t.Fatalf("no road %d", id)
	return -1
}

// TestToEndOnLaneTown04 is the curved entry that made the reference
// line's measure wrong: Town04 road 38's start, where its four driving
// lanes against s (ids 3 to 6, all left of the reference line) enter
// junction 26 out of a bend. A point on each lane's centre from 0.5 m to
// 12 m before the lane's end (walked along the file's lane) is within
// 5 cm of that by ToEndOnLane; by the reference line (ToEnd) it is
// nearer, the more the farther out its lane: 6.5 m back on the
// rightmost lane (id 6) 1.6-2.0 m nearer.
func TestToEndOnLaneTown04(t *testing.T) {
	rn, o := townMap(t, "towns/Town04.xodr")
	r := roadByID(t, o, 38)
	e := o.End(r, true)
	if e.Intersection < 0 {
		t.Fatalf("road 38's start leads into no junction")
	}
	short := 0.0 // how much nearer the reference line puts the last lane 6.5 m back
	for _, id := range []int{3, 4, 5, 6} {
		path := drivetest.LanePath(rn, r, id)
		ref := LaneRef{Road: int32(r), Side: SideA, Lane: uint8(id - 1)}
		for back := 0.5; back <= 12; back += 0.5 {
			p, _ := path.At(path.Length()-back, 0)
			loc := o.Locate(p)
			if loc.Place != OnRoad || loc.Road != r || !loc.HasLane || loc.Lane.Lane != ref {
				t.Fatalf("lane %d, %.1f m back: located %+v, want on %v", id, back, loc, ref)
			}
			lane, road := ToEndOnLane(o, e, ref, loc.Along, p), ToEnd(o, e, loc.Along)
			if math.Abs(lane-back) > 0.05 {
				t.Errorf("lane %d, %.1f m back along the lane: ToEndOnLane %.3f m", id, back, lane)
			}
			if back != 6.5 {
				continue
			}
			if lane-road <= short {
				t.Errorf("lane %d 6.5 m back: the reference line is %.2f m short, no more than the lane inside it (%.2f)", id, lane-road, short)
			}
			short = lane - road
		}
	}
	if short < 1.6 || short > 2.0 {
		t.Errorf("rightmost lane 6.5 m back: the reference line is %.2f m short, want 1.6-2.0", short)
	}
	t.Logf("rightmost lane 6.5 m back: the reference line is %.2f m short", short)
}

// curveOf is a lane curve of ref through pts with their Along.
func curveOf(ref LaneRef, pts []mgl64.Vec3, along []float64) laneCurve {
	c := laneCurve{ref: ref}
	c.pts, c.along = pts, along
	c.prepare()
	return c
}

// TestToEndOnLaneProfiles measures on hand-made lanes of a 20 m road
// whose lengths differ from the Along they span: lane B0 is 20 m long
// over its first 10 m of Along and 5 m over the rest (two lane
// sections); lane A0 is the same lane driven the other way, its curves
// listed end first; lane B1 has a step (3 m across, no Along) at Along
// 10; lane B2 is drawn from Along 5 to 15 only, at its road's rate.
func TestToEndOnLaneProfiles(t *testing.T) {
	b0 := LaneRef{Road: 0, Side: SideB, Lane: 0}
	a0 := LaneRef{Road: 0, Side: SideA, Lane: 0}
	b1 := LaneRef{Road: 0, Side: SideB, Lane: 1}
	b2 := LaneRef{Road: 0, Side: SideB, Lane: 2}
	v := func(x, y float64) mgl64.Vec3 { return mgl64.Vec3{x, y, 0} }
	ix := profileLanes()
	start, end, other := RoadEnd{Road: 0, AtStart: true}, RoadEnd{Road: 0}, RoadEnd{Road: 1}
	for _, tt := range []struct {
		name  string
		e     RoadEnd
		l     LaneRef
		along float64
		p     mgl64.Vec3
		want  float64
	}{
		{"B0 in its first section, to the end", end, b0, 5, v(10, 0), 15},
		{"B0 in its first section, to the start", start, b0, 5, v(10, 0), 10},
		{"B0 in its second section, to the end", end, b0, 15, v(22.5, 0), 2.5},
		{"B0 in its second section, to the start", start, b0, 15, v(22.5, 0), 22.5},
		{"B0 at its start", end, b0, 0, v(0, 0), 25},
		{"B0 by its place, its Along 1 m off", end, b0, 4, v(10, 0), 15},
		{"A0 the other way", start, a0, 15, v(22.5, 10), 22.5},
		{"A0 to its far end", end, a0, 5, v(10, 10), 15},
		{"B1 before its step", end, b1, 5, v(5, 20), 18},
		{"B1 after its step", end, b1, 15, v(15, 23), 5},
		{"B1 before its step, to the start", start, b1, 5, v(5, 20), 5},
		{"B2 before it is drawn", end, b2, 2, v(2, 30), 3 + 10 + 5},
		{"B2 beyond it, to the start", start, b2, 18, v(18, 30), 5 + 10 + 3},
		{"B2 drawn, to the start", start, b2, 10, v(10, 30), 5 + 5},
		{"B2 before it is drawn, to the start", start, b2, 2, v(2, 30), 2},
		{"B2 beyond it, to the end", end, b2, 18, v(18, 30), 2},
		{"a lane the map has none of", end, LaneRef{Road: 0, Side: SideA, Lane: 5}, 5, v(5, 0), 15},
		{"another road's end", other, b0, 5, v(10, 0), ToEnd(fixedLength(20), other, 5)},
	} {
		if got := ix.laneToEnd(tt.e, tt.l, tt.along, tt.p, 20); math.Abs(got-tt.want) > 1e-9 {
			t.Errorf("%s: %.6f m, want %g", tt.name, got, tt.want)
		}
	}
}

// profileLanes is the index of TestToEndOnLaneProfiles' lanes.
func profileLanes() *laneIndex {
	b0 := LaneRef{Road: 0, Side: SideB, Lane: 0}
	a0 := LaneRef{Road: 0, Side: SideA, Lane: 0}
	b1 := LaneRef{Road: 0, Side: SideB, Lane: 1}
	b2 := LaneRef{Road: 0, Side: SideB, Lane: 2}
	v := func(x, y float64) mgl64.Vec3 { return mgl64.Vec3{x, y, 0} }
	ix := &laneIndex{ends: [][2]RoadEnd{{{Road: 0, AtStart: true}, {Road: 0}}, {{Road: 1, AtStart: true}, {Road: 1}}}}
	ix.lanes = []laneCurve{
		curveOf(b0, []mgl64.Vec3{v(0, 0), v(20, 0)}, []float64{0, 10}),
		curveOf(b0, []mgl64.Vec3{v(20, 0), v(25, 0)}, []float64{10, 20}),
		curveOf(a0, []mgl64.Vec3{v(25, 10), v(20, 10)}, []float64{20, 10}),
		curveOf(a0, []mgl64.Vec3{v(20, 10), v(0, 10)}, []float64{10, 0}),
		curveOf(b1, []mgl64.Vec3{v(0, 20), v(10, 20), v(10, 23), v(20, 23)}, []float64{0, 10, 10, 20}),
		curveOf(b2, []mgl64.Vec3{v(5, 30), v(15, 30)}, []float64{5, 15}),
	}
	ix.indexProfiles()
	return ix
}

// fixedLength is a Map all of whose roads are as long, for ToEnd.
type fixedLength float64

func (f fixedLength) Roads() int                                         { return 2 }
func (f fixedLength) Intersections() int                                 { return 0 }
func (f fixedLength) RoadID(r int) int                                   { return r }
func (f fixedLength) IntersectionID(i int) int                           { return i }
func (f fixedLength) RoadLength(int) float64                             { return float64(f) }
func (f fixedLength) LanesNear(mgl64.Vec3, float64, []LaneHit) []LaneHit { return nil }
func (f fixedLength) Locate(mgl64.Vec3) Location                         { return Location{} }
func (f fixedLength) End(r int, atStart bool) RoadEnd                    { return RoadEnd{Road: r, AtStart: atStart} }

// TestToEndOnLaneOtherMaps is ToEndOnLane on a Map of none of this
// package's kinds: the reference line's measure, ToEnd.
func TestToEndOnLaneOtherMaps(t *testing.T) {
	m := fixedLength(20)
	if got := ToEndOnLane(m, m.End(0, false), LaneRef{}, 6, mgl64.Vec3{}); got != 14 {
		t.Errorf("%g m, want ToEnd's 14", got)
	}
}

// TestToEndOnLaneBAI measures every lane of generated cities, one with
// bends: from its first point to the end it drives into, ToEndOnLane is
// the lane's whole length, and from its middle (where Locate places it)
// half of it, to 5 cm, where the reference line's measure is off by up
// to 0.46 m on the bendy city and 0.42 m on the default one (logged).
func TestToEndOnLaneBAI(t *testing.T) {
	followCities(t, func(name string, sm *scene.Map, m *BAI) {
		worst, n := 0.0, 0 // the reference line's largest miss at a lane's middle; middles measured
		for r := range sm.Roads {
			for _, sideB := range []bool{false, true} {
				sd := &sm.Roads[r].SideA
				if sideB {
					sd = &sm.Roads[r].SideB
				}
				for k := range sd.Lanes {
					path := drivetest.Lane(sm, r, sideB, k)
					if len(path) < 2 {
						continue
					}
					ref := LaneRef{Road: int32(r), Side: SideA, Lane: uint8(k)}
					first := m.RoadLength(r)
					if sideB {
						ref.Side, first = SideB, 0
					}
					e := EndAhead(m, ref)
					if got := ToEndOnLane(m, e, ref, first, path[0]); math.Abs(got-path.Length()) > 1e-6 {
						t.Errorf("%s %v: %.3f m from its first point, want its length %.3f", name, ref, got, path.Length())
					}
					p, _ := path.At(path.Length()/2, 0)
					loc := m.Locate(p)
					if loc.Place != OnRoad || loc.Road != r || loc.Lane.Lane != ref {
						continue // at a bend's inside another lane or road may be nearer
					}
					if got := ToEndOnLane(m, e, ref, loc.Along, p); math.Abs(got-path.Length()/2) > 0.05 {
						t.Errorf("%s %v: %.3f m from its middle, want %.3f", name, ref, got, path.Length()/2)
					}
					worst, n = max(worst, math.Abs(ToEnd(m, e, loc.Along)-path.Length()/2)), n+1
				}
			}
		}
		if n < 50 {
			t.Errorf("%s: %d lanes' middles measured, want 50 or more", name, n)
		}
		t.Logf("%s: the reference line misses a lane's middle by up to %.2f m (%d lanes)", name, worst, n)
	})
}

// TestToEndOnLaneAllocates nothing: the crossing rule calls it at every
// sample of an approach.
func TestToEndOnLaneAllocates(t *testing.T) {
	sm, m, r := testCity(t)
	e := m.End(r, false)
	ref := LaneRef{Road: int32(r), Side: SideB}
	p := drivetest.Lane(sm, r, true, 0)[1]
	if n := testing.AllocsPerRun(100, func() { ToEndOnLane(m, e, ref, 3, p) }); n != 0 {
		t.Errorf("%v allocations a call", n)
	}
}

// BenchmarkToEndOnLane measures, on Town04, every entering lane of every
// junction entry from points on its centre 0.5 m to 10 m before the
// end, as the crossing rule does at each sample of an approach (ns/op is
// a point); BenchmarkToEnd is the reference line's measure of the same.
func BenchmarkToEndOnLane(b *testing.B) { benchToEnd(b, true) }

func BenchmarkToEnd(b *testing.B) { benchToEnd(b, false) }

func benchToEnd(b *testing.B, onLane bool) {
	rn, o := townMap(b, "towns/Town04.xodr")
	type point struct {
		e     RoadEnd
		l     LaneRef
		along float64
		p     mgl64.Vec3
	}
	var pts []point
	for _, ent := range o.Entries() {
		for _, el := range o.EntryLanes(ent.Key) {
			id := int(el.Lane.Lane) + 1
			if el.Lane.Side == SideB {
				id = -id
			}
			path := drivetest.LanePath(rn, int(el.Lane.Road), id)
			for back := 0.5; back <= min(10, path.Length()); back += 0.5 {
				p, _ := path.At(path.Length()-back, 0)
				if loc := o.Locate(p); loc.Place == OnRoad && loc.HasLane {
					pts = append(pts, point{o.End(ent.Key.Road, ent.Key.AtStart), loc.Lane.Lane, loc.Along, p})
				}
			}
		}
	}
	if len(pts) == 0 {
		b.Fatal("no points")
	}
	b.ReportAllocs()
	sum, n := 0.0, 0
	for b.Loop() {
		for _, q := range pts {
			if onLane {
				sum += ToEndOnLane(o, q.e, q.l, q.along, q.p)
			} else {
				sum += ToEnd(o, q.e, q.along)
			}
		}
		n++
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(n*len(pts)), "ns/point")
	if math.IsNaN(sum) {
		b.Fatal("NaN")
	}
}
