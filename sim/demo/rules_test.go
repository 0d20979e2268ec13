package demo

import (
	"fmt"
	"maps"
	"math"
	"slices"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/mm2carla/viewer/scene"
)

// The traffic rules, checked on what the recording shows: every way
// taken through an intersection, how vehicles behave at each kind of
// road end, and where traffic comes and goes.

// visit is a vehicle's arrival at a road end and its way through the
// intersection beyond it.
type visit struct {
	veh      uint32
	p        passage
	road     int
	sideB    bool
	junction int
	control  int
	turn     float64 // heading change through the intersection, degrees, left positive
	arrive   int     // frame its last stop at the line began, -1 if it did not stop there
	still    int     // frames it stood still at the line before going
	enter    int     // frame its front crossed the line
	path     []mgl64.Vec3
}

// Near the line: a front this far before it counts as stopped at it.
const atLine = 3.5

// visits lists every vehicle's visits in vehicle id order.
func visits(rp *replay, m *scene.Map) []visit {
	tracks := rp.tracks(m)
	var out []visit
	for _, id := range slices.Sorted(maps.Keys(tracks)) {
		tr := tracks[id]
		for _, p := range passages(id, tr) {
			out = append(out, visitOf(rp, m, tr, p))
		}
	}
	return out
}

// visitOf describes one passage: the stretch of the approach before it
// on the same lane, the stop at the line and the crossing.
func visitOf(rp *replay, m *scene.Map, tr []point, p passage) visit {
	from := tr[p.out].at
	v := visit{veh: p.veh, p: p, road: from.road, sideB: from.sideB, junction: arriving(m, from.road, from.sideB).Intersection,
		control: controlOf(m, from.road, from.sideB), turn: turnOf(tr, p), arrive: -1, enter: -1}
	at, out := endLine(m, from.road, from.sideB)
	first := p.out
	for first > 0 && tr[first-1].at.road == from.road && tr[first-1].at.sideB == from.sideB && tr[first-1].frame == tr[first].frame-1 {
		first--
	}
	run := 0
	for k := first; k < p.in; k++ {
		b := rp.box(tr[k].s)
		d := mgl64.Vec3{b.x + b.c*b.hl, b.y + b.s*b.hl, 0}.Sub(at).Dot(out)
		if d > 0 {
			v.enter = tr[k].frame
			break
		}
		if k > first && tr[k].s.loc == tr[k-1].s.loc && d > -atLine {
			if run == 0 {
				v.arrive = tr[k-1].frame
			}
			run++
			v.still = run
		} else {
			run = 0
		}
	}
	for k := p.out; k <= p.in; k++ {
		v.path = append(v.path, tr[k].s.loc)
	}
	return v
}

// TestTurnsFromRoadList: every way a vehicle takes from one road to the
// next goes through the intersection its road drives into, onto a road
// that intersection lists, leaving it in that road's driving direction;
// and vehicles turn left, right and go straight on.
func TestTurnsFromRoadList(t *testing.T) {
	_, _, rp, m := defaultBuild(t)
	turns := map[string]int{}
	for _, v := range visits(rp, m) {
		tr := rp.tracks(m)[v.veh]
		to := tr[v.p.in].at
		j := v.junction
		where := fmt.Sprintf("vehicle %d, frames %d-%d: road %d -> road %d", v.veh, tr[v.p.out].frame+1, tr[v.p.in].frame+1, v.road, to.road)
		if j < 0 {
			t.Fatalf("%s: road %d leads to no intersection", where, v.road)
		}
		roads := m.Intersections[j].Roads
		if !slices.Contains(roads, v.road) || !slices.Contains(roads, to.road) {
			t.Fatalf("%s through intersection %d, whose roads are %v", where, j, roads)
		}
		if departing(m, to.road, to.sideB).Intersection != j {
			t.Fatalf("%s: the lane taken does not start at intersection %d", where, j)
		}
		switch {
		case v.turn > 45:
			turns["left"]++
		case v.turn < -45:
			turns["right"]++
		case math.Abs(v.turn) < 20:
			turns["straight"]++
		}
	}
	t.Logf("ways taken: %v", turns)
	for _, k := range []string{"left", "right", "straight"} {
		if turns[k] < 20 {
			t.Errorf("only %d %s turns", turns[k], k)
		}
	}
}

// TestStopSigns: at a stop sign every vehicle stands still at the line
// for at least fullStop before it goes, and vehicles take turns: one
// that stopped later never goes before one still waiting whose way
// through the intersection crosses its own.
func TestStopSigns(t *testing.T) {
	_, _, rp, m := defaultBuild(t)
	stops, pairs := checkStopSigns(t, rp, m)
	if stops < 40 || pairs < 5 {
		t.Fatalf("%d stops and %d pairs of waiting vehicles: too few to tell", stops, pairs)
	}
}

// checkStopSigns checks stop signs and returns how many stops it saw and
// how many pairs of vehicles waiting at one intersection at once to
// cross each other's way it compared.
func checkStopSigns(t *testing.T, rp *replay, m *scene.Map) (stops, pairs int) {
	t.Helper()
	byJunction := map[int][]visit{}
	for _, v := range visits(rp, m) {
		if v.control != controlStop || v.enter < 0 {
			continue
		}
		stops++
		if secs := float64(v.still) / frameRate; secs < fullStop-0.06 {
			t.Fatalf("vehicle %d enters intersection %d at %.2f s after standing %.2f s at the stop line of road %d",
				v.veh, v.junction, rp.frames[v.enter].start.Elapsed, secs, v.road)
		}
		byJunction[v.junction] = append(byJunction[v.junction], v)
	}
	crashAt, pair := crashOf(rp)
	for j, vs := range byJunction {
		for _, a := range vs {
			// While the staged crash is set up its two drivers hesitate
			// and let others go.
			staged := (a.veh == pair[0] || a.veh == pair[1]) && rp.frames[a.enter].start.Elapsed > crashAt-crashTimeout &&
				rp.frames[a.arrive].start.Elapsed < crashAt+crashStill
			for _, b := range vs {
				// a stopped clearly first and b stopped while a was
				// waiting: if their ways cross, a goes first.
				if staged || a.road == b.road && a.sideB == b.sideB || a.arrive+5 >= b.arrive || b.arrive >= a.enter {
					continue
				}
				if g := polyGap(a.path, b.path); g > 1 {
					continue
				}
				pairs++
				if b.enter < a.enter {
					t.Fatalf("intersection %d: vehicle %d stopped at %.2f s, after vehicle %d (%.2f s), but went first (%.2f s, before %.2f s) across its way",
						j, b.veh, rp.frames[b.arrive].start.Elapsed, a.veh, rp.frames[a.arrive].start.Elapsed,
						rp.frames[b.enter].start.Elapsed, rp.frames[a.enter].start.Elapsed)
				}
			}
		}
	}
	t.Logf("%d stops at stop signs; %d pairs of vehicles waiting together to cross each other's way", stops, pairs)
	return stops, pairs
}

// TestNeverStopPasses: traffic on a never-stop road end mostly drives
// through without stopping (it waits only for a vehicle already in its
// way, or for room beyond).
func TestNeverStopPasses(t *testing.T) {
	_, _, rp, m := defaultBuild(t)
	passed, stopped := 0, 0
	for _, v := range visits(rp, m) {
		if v.control != controlFree || v.enter < 0 {
			continue
		}
		if v.still > 0 {
			stopped++
		} else {
			passed++
		}
	}
	t.Logf("never-stop ends: %d vehicles passed, %d stopped first", passed, stopped)
	if passed < 20 || passed < 3*stopped {
		t.Fatalf("%d vehicles passed never-stop ends and %d stopped", passed, stopped)
	}
}

// TestTrafficAtEdges: vehicles appear after the start only at the start
// of a lane at a free road end (the map's edge), and every vehicle that
// leaves is last seen at the end of a lane at a free road end; traffic
// keeps coming and going all through the recording.
func TestTrafficAtEdges(t *testing.T) {
	_, _, rp, m := defaultBuild(t)
	tracks := rp.tracks(m)
	came, left := 0, 0
	var lastCame, lastLeft float64
	for _, id := range slices.Sorted(maps.Keys(tracks)) {
		tr := tracks[id]
		a := rp.actors[id]
		if a.added > 0 {
			came++
			at := rp.frames[a.added].start.Elapsed
			lastCame = max(lastCame, at)
			if d, ok := edgeDistance(m, tr[0], false); !ok || d > 4 {
				t.Errorf("vehicle %d appears at %.2f s at (%.2f, %.2f), %.2f m from the start of a lane at the map's edge",
					id, at, tr[0].s.loc[0], tr[0].s.loc[1], d)
			}
		}
		if a.gone >= 0 {
			left++
			at := rp.frames[a.gone].start.Elapsed
			lastLeft = max(lastLeft, at)
			end := tr[len(tr)-1]
			if d, ok := edgeDistance(m, end, true); !ok || d > 2 {
				t.Errorf("vehicle %d leaves at %.2f s from (%.2f, %.2f), %.2f m from the end of a lane at the map's edge",
					id, at, end.s.loc[0], end.s.loc[1], d)
			}
		}
	}
	t.Logf("%d vehicles came, the last at %.1f s; %d left, the last at %.1f s", came, lastCame, left, lastLeft)
	if came < 10 || left < 10 || lastCame < 90 || lastLeft < 90 {
		t.Fatal("traffic does not keep coming and going")
	}
}

// edgeDistance returns how far p is, along its road, from the road end
// where its lane begins (leaving false) or ends (leaving true), and
// whether that end is free: connected to no intersection.
func edgeDistance(m *scene.Map, p point, leaving bool) (float64, bool) {
	if !p.at.on() {
		return math.Inf(1), false
	}
	e := departing(m, p.at.road, p.at.sideB)
	atEnd := !p.at.sideB
	if leaving {
		e, atEnd = arriving(m, p.at.road, p.at.sideB), p.at.sideB
	}
	at, out := endLine(m, p.at.road, atEnd)
	return math.Abs(p.s.loc.Sub(at).Dot(out)), e.Intersection < 0
}
