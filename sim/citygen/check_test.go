package citygen

import (
	"fmt"
	"math"
	"slices"
	"testing"

	"github.com/mm2carla/viewer/format/bai"
)

// checker collects the problems one map has, stopping after a few so that
// a broken generator does not flood the log.
type checker struct {
	t     *testing.T
	name  string
	count int
	tol   float64 // metres allowed between positions: float32 rounding grows with distance from 0
}

func (c *checker) errorf(format string, a ...any) {
	c.t.Helper()
	c.count++
	if c.count <= 10 {
		c.t.Errorf("%s: %s", c.name, fmt.Sprintf(format, a...))
	}
}

const tol = 1e-3 // for unit vectors, and metres near the origin

func near(a, b float64) bool { return math.Abs(a-b) <= tol }

// near compares positions, allowing a few float32 steps at the map's
// largest coordinate (one step is 2^-23 of it).
func (c *checker) near(a, b float64) bool { return math.Abs(a-b) <= c.tol }

// extent is the largest coordinate magnitude of any intersection centre.
func extent(m *bai.Map) float64 {
	e := 0.0
	for _, x := range m.Intersections {
		e = max(e, math.Abs(float64(x.Center.X)), math.Abs(float64(x.Center.Z)))
	}
	return e
}

// rightOffset is how far p lies to the right of someone standing at o
// facing f with Y up, computed from the cross product rather than from
// the generator's frame: (f × (p-o))·up is negative on the right.
func rightOffset(o, f, p vec) float64 { return -f.cross(p.sub(o)).dot(up) }

// checkMap asserts every invariant the package comment promises.
func checkMap(t *testing.T, name string, m *bai.Map) {
	t.Helper()
	c := &checker{t: t, name: name, tol: tol + 8*extent(m)/(1<<23)}
	for k := range m.Roads {
		c.road(k, &m.Roads[k])
	}
	c.intersections(m)
	c.rooms(m)
	c.culling(m)
	c.connected(m)
}

func (c *checker) road(k int, r *bai.Road) {
	c.t.Helper()
	n := r.Sections()
	if int(r.ID) != k || n < 4 {
		c.errorf("road %d: id %d, %d sections", k, r.ID, n)
		return
	}
	for _, l := range []int{len(r.Distance), len(r.XAxis), len(r.YAxis), len(r.ZAxis), len(r.Tangent)} {
		if l != n {
			c.errorf("road %d: per-section slice of %d, want %d", k, l, n)
			return
		}
	}
	if r.Distance[0] != 0 {
		c.errorf("road %d: Distance[0] = %g", k, r.Distance[0])
	}
	for s := 1; s < n; s++ {
		step := fromF32(r.Origin[s]).sub(fromF32(r.Origin[s-1])).length()
		if step > MaxSpacing+c.tol || !(r.Distance[s] > r.Distance[s-1]) ||
			!c.near(float64(r.Distance[s]-r.Distance[s-1]), step) {
			c.errorf("road %d section %d: step %g m, distances %g -> %g", k, s, step, r.Distance[s-1], r.Distance[s])
		}
	}
	for s := range n {
		t, x := fromF32(r.Tangent[s]), fromF32(r.XAxis[s])
		if !near(t.length(), 1) || r.YAxis[s] != (bai.Vec3{Y: 1}) || fromF32(r.ZAxis[s]).add(t).length() > tol ||
			x.sub(t.cross(up)).length() > tol {
			c.errorf("road %d section %d: frame T %v X %v Y %v Z %v", k, s, r.Tangent[s], r.XAxis[s], r.YAxis[s], r.ZAxis[s])
		}
		if s > 0 && s < n-1 { // the tangent follows the centre line
			chord := fromF32(r.Origin[s+1]).sub(fromF32(r.Origin[s-1])).unit()
			if chord.dot(t) < 0.99 {
				c.errorf("road %d section %d: tangent %v against chord %v", k, s, t, chord)
			}
		}
	}
	if r.BaseSpeed != BaseSpeed || r.HalfWidth <= 0 || len(r.Rooms) == 0 {
		c.errorf("road %d: speed %g half width %g rooms %v", k, r.BaseSpeed, r.HalfWidth, r.Rooms)
	}
	if r.SideA.NumLanes+r.SideB.NumLanes == 0 || r.SideA.NumLanes > 3 || r.SideB.NumLanes > 3 {
		c.errorf("road %d: lanes %d/%d", k, r.SideA.NumLanes, r.SideB.NumLanes)
	}
	c.side(k, r, &r.SideA, -1)
	c.side(k, r, &r.SideB, +1)
	for _, e := range []*bai.RoadEnd{&r.Start, &r.End} {
		if e.Fill != 0xCDCD || e.Connected() != (e.RoadIndex != bai.NotConnected) {
			c.errorf("road %d: end %+v", k, *e)
		}
	}
	if !r.Start.Connected() && !r.End.Connected() {
		c.errorf("road %d: connected to nothing", k)
	}
}

// side checks a side's curves: stored order (side A end -> start), each
// curve at its EdgeDistance on the side's own right, distances along it.
func (c *checker) side(k int, r *bai.Road, sd *bai.Side, sign float64) {
	c.t.Helper()
	n := r.Sections()
	nc := int(sd.NumLanes) + int(sd.NumSidewalks)
	if sd.NumSidewalks != 1 || len(sd.Curves) != nc || len(sd.CurveDistances) != nc || len(sd.EdgeDistances) != nc {
		c.errorf("road %d side %v: %d curves, %d distances, %d edges for %d+%d", k, sign, len(sd.Curves),
			len(sd.CurveDistances), len(sd.EdgeDistances), sd.NumLanes, sd.NumSidewalks)
		return
	}
	// section returns the section a stored vertex belongs to.
	section := func(v int) int {
		if sign < 0 {
			return n - 1 - v
		}
		return v
	}
	curve := func(what string, pts []bai.Vec3, off, dy float64, stored bool) {
		if len(pts) != n {
			c.errorf("road %d side %v %s: %d points", k, sign, what, len(pts))
			return
		}
		for v, p := range pts {
			s, f, want := v, sign, off // stored curves: this side's own forward
			if stored {
				s = section(v)
			} else { // start -> end: measure against +Tangent
				f, want = 1, off*sign
			}
			o, t := fromF32(r.Origin[s]), fromF32(r.Tangent[s]).scale(f)
			pp := fromF32(p)
			if !c.near(rightOffset(o, t, pp), want) || !c.near(pp.y-o.y, dy) || !c.near(pp.sub(o).dot(t), 0) {
				c.errorf("road %d side %v %s vertex %d: %v is %g m right of section %d, want %g",
					k, sign, what, v, p, rightOffset(o, t, pp), s, want)
				return
			}
		}
	}
	for i, pts := range sd.Curves {
		curve(fmt.Sprintf("curve %d", i), pts, float64(sd.EdgeDistances[i]), 0, true)
		d := sd.CurveDistances[i]
		if len(d) != n || d[0] != 0 {
			c.errorf("road %d side %v curve %d: distances %v", k, sign, i, d)
			continue
		}
		for v := 1; v < n; v++ {
			step := fromF32(pts[v]).sub(fromF32(pts[v-1])).length()
			if !(d[v] > d[v-1]) || !c.near(float64(d[v]-d[v-1]), step) {
				c.errorf("road %d side %v curve %d: distance %g -> %g for a %g m step", k, sign, i, d[v-1], d[v], step)
				break
			}
		}
	}
	// Vertex 0 of a stored curve is nearer the origin where its traffic
	// starts than the other end.
	first, last := fromF32(r.Origin[0]), fromF32(r.Origin[n-1])
	if sign < 0 {
		first, last = last, first
	}
	for i, pts := range slices.Concat(sd.Curves, sd.Trams, sd.Trains) {
		v0 := fromF32(pts[0])
		if v0.sub(first).length() >= v0.sub(last).length() {
			c.errorf("road %d side %v curve %d: vertex 0 %v is not at its first end", k, sign, i, pts[0])
		}
	}
	lanes := sd.Lanes()
	for i, pts := range sd.Trams {
		if len(lanes) == 0 {
			c.errorf("road %d side %v: tram without a lane", k, sign)
			break
		}
		curve(fmt.Sprintf("tram %d", i), pts, float64(sd.EdgeDistances[0]), 0, true)
	}
	for i, pts := range sd.Trains {
		curve(fmt.Sprintf("train %d", i), pts, TrainOffset, -TrainDepth, true)
	}
	walk := float64(sd.EdgeDistances[nc-1])
	curve("sidewalk inner", sd.SidewalkInner, walk-SidewalkWidth/2, 0, false)
	curve("sidewalk outer", sd.SidewalkOuter, walk+SidewalkWidth/2, 0, false)
	if !near(walk+SidewalkWidth/2, float64(r.HalfWidth)) {
		c.errorf("road %d side %v: outer edge at %g, half width %g", k, sign, walk+SidewalkWidth/2, r.HalfWidth)
	}
	// Lanes run from the centre outwards, one lane width apart, inside the kerb.
	for i := range lanes {
		e := float64(sd.EdgeDistances[i])
		if i > 0 && !near(e-float64(sd.EdgeDistances[i-1]), LaneWidth) || e+LaneWidth/2 > walk-SidewalkWidth/2+tol {
			c.errorf("road %d side %v: lane offsets %v", k, sign, sd.EdgeDistances)
		}
	}
}

// intersections checks ids, the counter-clockwise order, back-pointers,
// the all-or-nothing traffic-light rule and where the lights stand.
func (c *checker) intersections(m *bai.Map) {
	c.t.Helper()
	ends := make(map[uint32]int) // intersection -> connected ends naming it
	for k := range m.Roads {
		r := &m.Roads[k]
		for _, e := range []*bai.RoadEnd{&r.Start, &r.End} {
			if !e.Connected() {
				continue
			}
			ends[e.Intersection]++
			if int(e.Intersection) >= len(m.Intersections) {
				c.errorf("road %d: intersection %d out of range", k, e.Intersection)
				continue
			}
			x := m.Intersections[e.Intersection]
			if int(e.RoadIndex) >= len(x.Roads) || x.Roads[e.RoadIndex] != uint32(k) {
				c.errorf("road %d: RoadIndex %d does not point back from intersection %d %v", k, e.RoadIndex, e.Intersection, x.Roads)
			}
		}
	}
	for i, x := range m.Intersections {
		if int(x.ID) != i || ends[uint32(i)] != len(x.Roads) || len(x.Roads) < 3 {
			c.errorf("intersection %d: id %d, %d roads, %d ends naming it", i, x.ID, len(x.Roads), ends[uint32(i)])
			continue
		}
		centre := fromF32(x.Center)
		prev, lights := -1.0, 0
		for _, k := range x.Roads {
			r := &m.Roads[k]
			e, s := endNaming(r, i)
			toward := 1.0 // the direction traffic drives into the intersection
			if s == 0 {
				toward = -1
			}
			o := fromF32(r.Origin[s])
			a := heading(o.sub(centre))
			if a <= prev {
				c.errorf("intersection %d: roads %v not counter-clockwise", i, x.Roads)
			}
			prev = a
			if d := o.sub(centre).length(); d < float64(r.HalfWidth) {
				c.errorf("intersection %d: road %d ends %g m from the centre, inside its own half width", i, k, d)
			}
			if e.Rule == bai.RuleTrafficLight {
				lights++
			}
			if e.HasLight() {
				c.light(int(k), r, e, s, toward)
			}
		}
		if lights != 0 && lights != len(x.Roads) {
			c.errorf("intersection %d: %d of %d roads have rule traffic light", i, lights, len(x.Roads))
		}
	}
}

// endNaming returns the end of r at intersection i and its section.
func endNaming(r *bai.Road, i int) (*bai.RoadEnd, int) {
	if r.End.Connected() && r.End.Intersection == uint32(i) {
		return &r.End, r.Sections() - 1
	}
	return &r.Start, 0
}

// light checks a traffic light stands on the right of the traffic driving
// into the intersection (toward = +1 for the road's end), above the road,
// facing back towards that traffic.
func (c *checker) light(k int, r *bai.Road, e *bai.RoadEnd, s int, toward float64) {
	c.t.Helper()
	o, t := fromF32(r.Origin[s]), fromF32(r.Tangent[s]).scale(toward)
	p, q := fromF32(e.LightOrigin), fromF32(e.LightTarget)
	if e.Rule != bai.RuleTrafficLight || !c.near(p.y-o.y, LightHeight) || rightOffset(o, t, p) <= 0 ||
		q.sub(p).unit().dot(t) > -0.99 {
		c.errorf("road %d: light %v -> %v at section %d (forward %v, rule %d)", k, p, q, s, t, e.Rule)
	}
}

// rooms checks every room number from 1 up is used exactly once.
func (c *checker) rooms(m *bai.Map) {
	c.t.Helper()
	n := len(m.Culling.Cars) - 1
	used := make([]int, n+1)
	mark := func(room uint16) {
		if room == 0 || int(room) > n {
			c.errorf("room %d outside 1..%d", room, n)
			return
		}
		used[room]++
	}
	for _, x := range m.Intersections {
		mark(x.Room)
	}
	for _, r := range m.Roads {
		if len(r.Rooms) > maxRoadRooms {
			c.errorf("road %d: %d rooms", r.ID, len(r.Rooms))
		}
		for _, room := range r.Rooms {
			mark(room)
		}
	}
	for room := 1; room <= n; room++ {
		if used[room] != 1 {
			c.errorf("room %d used %d times", room, used[room])
		}
	}
}

func (c *checker) culling(m *bai.Map) {
	c.t.Helper()
	cu := m.Culling
	if len(cu.Cars) != len(cu.Peds) || len(cu.Cars) < 2 || len(cu.Cars[0])+len(cu.Peds[0]) != 0 {
		c.errorf("culling: %d car lists, %d pedestrian lists", len(cu.Cars), len(cu.Peds))
		return
	}
	for _, lists := range [][][]uint16{cu.Cars, cu.Peds} {
		for room, l := range lists[1:] {
			if len(l) == 0 || !slices.IsSorted(l) || int(l[len(l)-1]) >= len(m.Roads) {
				c.errorf("culling room %d: %v", room+1, l)
			}
		}
	}
	// The road's own rooms list the road.
	for k, r := range m.Roads {
		for _, room := range r.Rooms {
			if _, ok := slices.BinarySearch(cu.Cars[room], uint16(k)); !ok {
				c.errorf("culling room %d misses its own road %d", room, k)
			}
		}
	}
}

// connected checks that driving legally, every intersection can reach every
// other: side B's lanes lead start -> end, side A's end -> start.
func (c *checker) connected(m *bai.Map) {
	c.t.Helper()
	ni := len(m.Intersections)
	fwd := make([][]int, ni)
	back := make([][]int, ni)
	for _, r := range m.Roads {
		if !r.Start.Connected() || !r.End.Connected() {
			continue
		}
		s, e := int(r.Start.Intersection), int(r.End.Intersection)
		if r.SideB.NumLanes > 0 {
			fwd[s], back[e] = append(fwd[s], e), append(back[e], s)
		}
		if r.SideA.NumLanes > 0 {
			fwd[e], back[s] = append(fwd[e], s), append(back[s], e)
		}
	}
	for _, g := range [][][]int{fwd, back} {
		seen := make([]bool, ni)
		stack, count := []int{0}, 1
		seen[0] = true
		for len(stack) > 0 {
			n := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			for _, x := range g[n] {
				if !seen[x] {
					seen[x] = true
					count++
					stack = append(stack, x)
				}
			}
		}
		if count != ni {
			c.errorf("only %d of %d intersections reachable driving legally", count, ni)
		}
	}
}
