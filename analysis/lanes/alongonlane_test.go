package lanes

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/mm2carla/viewer/internal/drivetest"
)

// TestAlongOnLaneTown05 walks the four driving lanes of Town05 road 24,
// which runs straight for 34 m, bends, bends harder from Along 60 to 76
// and runs straight again: two points 10 m apart on a lane's centre
// (walked along the file's lane) are 10 m apart by AlongOnLane, to 5 cm,
// wherever they are; by their Along (the reference line) the outer lane
// (id 2, left of the reference line, bending right as it is driven)
// puts them as little as 7.8 m apart and the inner lane (id -2) as much
// as 13.5 m, while on the straight stretches the two measures agree to
// 1 cm. The close-call rule takes a gap from these.
func TestAlongOnLaneTown05(t *testing.T) {
	rn, o := townMap(t, "towns/Town05.xodr")
	r := roadByID(t, o, 24)
	const apart = 10.0
	for _, tt := range []struct {
		id       int
		min, max float64 // the reference line's distance must come below min, or above max, somewhere
	}{
		{id: 2, min: 7.8},
		{id: 1, min: 9.3},
		{id: -1, max: 10.6},
		{id: -2, max: 13.5},
	} {
		ref := LaneRef{Road: int32(r), Side: SideB, Lane: uint8(-tt.id - 1)}
		if tt.id > 0 {
			ref = LaneRef{Road: int32(r), Side: SideA, Lane: uint8(tt.id - 1)}
		}
		path := drivetest.LanePath(rn, r, tt.id)
		lo, hi, n, straight := math.Inf(1), math.Inf(-1), 0, 0
		for d := 0.0; d+apart <= path.Length(); d += 0.5 {
			p1, _ := path.At(d, 0)
			p2, _ := path.At(d+apart, 0)
			l1, l2 := o.Locate(p1), o.Locate(p2)
			if !onLane(l1, r, ref) || !onLane(l2, r, ref) {
				continue
			}
			n++
			lane := math.Abs(AlongOnLane(o, ref, l2.Along, p2) - AlongOnLane(o, ref, l1.Along, p1))
			if math.Abs(lane-apart) > 0.05 {
				t.Errorf("lane %d, %.1f m in: %.3f m to the point %g m on by AlongOnLane", tt.id, d, lane, apart)
			}
			road := math.Abs(l2.Along - l1.Along)
			lo, hi = min(lo, road), max(hi, road)
			if both := func(a float64) bool { return a < 34 || a > 80 }; both(l1.Along) && both(l2.Along) {
				straight++
				if math.Abs(road-lane) > 0.01 {
					t.Errorf("lane %d, %.1f m in, on a straight stretch: %.3f m by the reference line, %.3f m by the lane", tt.id, d, road, lane)
				}
			}
		}
		if n < 150 || straight < 50 {
			t.Errorf("lane %d: %d pairs measured, %d on the straight stretches", tt.id, n, straight)
		}
		if tt.min > 0 && lo > tt.min || tt.max > 0 && hi < tt.max {
			t.Errorf("lane %d: the reference line puts points %g m apart on the lane %.2f-%.2f m apart, want below %g or above %g",
				tt.id, apart, lo, hi, tt.min, tt.max)
		}
		t.Logf("lane %d: points %g m apart on the lane are %.2f-%.2f m apart by the reference line (%d pairs)", tt.id, apart, lo, hi, n)
	}
}

func onLane(l Location, r int, ref LaneRef) bool {
	return l.Place == OnRoad && l.Road == r && l.HasLane && l.Lane.Lane == ref
}

// TestAlongOnLaneProfiles measures on TestToEndOnLaneProfiles' hand-made
// lanes: AlongOnLane is ToEndOnLane to the road's start wherever the
// lane is (before it is drawn the reference line's Along, which is how
// far the road's start is), and the road's length by the lane less
// ToEndOnLane to its end.
func TestAlongOnLaneProfiles(t *testing.T) {
	ix := profileLanes()
	v := func(x, y float64) mgl64.Vec3 { return mgl64.Vec3{x, y, 0} }
	b0, a0 := LaneRef{Road: 0, Side: SideB, Lane: 0}, LaneRef{Road: 0, Side: SideA, Lane: 0}
	b1, b2 := LaneRef{Road: 0, Side: SideB, Lane: 1}, LaneRef{Road: 0, Side: SideB, Lane: 2}
	start, end := RoadEnd{Road: 0, AtStart: true}, RoadEnd{Road: 0}
	for _, tt := range []struct {
		name  string
		l     LaneRef
		along float64
		p     mgl64.Vec3
		want  float64
	}{
		{"B0 in its first section", b0, 5, v(10, 0), 10},
		{"B0 in its second section", b0, 15, v(22.5, 0), 22.5},
		{"B0 by its place, its Along 1 m off", b0, 4, v(10, 0), 10},
		{"A0 the other way", a0, 15, v(22.5, 10), 22.5},
		{"B1 after its step", b1, 15, v(15, 23), 18},
		{"B2 before it is drawn", b2, 2, v(2, 30), 2},
		{"B2 drawn", b2, 10, v(10, 30), 10},
		{"B2 beyond it", b2, 18, v(18, 30), 18},
		{"a lane the map has none of", LaneRef{Road: 0, Side: SideA, Lane: 5}, 7, v(5, 0), 7},
	} {
		got := ix.alongOnLane(tt.l, tt.along, tt.p)
		if math.Abs(got-tt.want) > 1e-9 {
			t.Errorf("%s: %.6f m, want %g", tt.name, got, tt.want)
		}
		if s := ix.laneToEnd(start, tt.l, tt.along, tt.p, 20); math.Abs(s-got) > 1e-9 {
			t.Errorf("%s: %.6f m to the start by ToEndOnLane, %.6f by AlongOnLane", tt.name, s, got)
		}
		whole := ix.laneToEnd(start, tt.l, 20, v(-1e6, -1e6), 20) // far from every curve: on the reference line past them
		if e := ix.laneToEnd(end, tt.l, tt.along, tt.p, 20); math.Abs(whole-e-got) > 1e-9 {
			t.Errorf("%s: %.6f m to the end of %.6f, %.6f from the start", tt.name, e, whole, got)
		}
	}
}

// TestAlongOnLaneOtherMaps: a Map of none of this package's kinds
// gives the reference line's Along.
func TestAlongOnLaneOtherMaps(t *testing.T) {
	if got := AlongOnLane(fixedLength(20), LaneRef{}, 6, mgl64.Vec3{}); got != 6 {
		t.Errorf("%g m, want the Along 6", got)
	}
}

// TestAlongOnLaneAllocates nothing: the close-call rule calls it for
// every moving vehicle in a lane at every frame.
func TestAlongOnLaneAllocates(t *testing.T) {
	sm, m, r := testCity(t)
	ref := LaneRef{Road: int32(r), Side: SideB}
	var m2 Map = m
	p := drivetest.Lane(sm, r, true, 0)[1]
	if n := testing.AllocsPerRun(100, func() { AlongOnLane(m2, ref, 3, p) }); n != 0 {
		t.Errorf("%v allocations a call", n)
	}
}
