package faults

import (
	"math"
	"slices"

	"github.com/mm2carla/viewer/analysis/lanes"
	"github.com/mm2carla/viewer/scene"
)

// close-call: at some frame a vehicle's time to collision with the
// vehicle ahead in the same lane is under th.CloseCallTTC, both moving at
// th.MovingSpeed or more, and no collision of the two is recorded from
// then to th.CollisionWindow after, nor was one going on or over less
// than th.AfterCollision before (two still in contact after a crash
// close in at time to collision 0: that is the collision). In the same lane means each within
// th.OffLane of that lane's curve; ahead is along the lane's direction
// of travel; the time to collision is the bumper-to-bumper gap (from the
// boxes' lengths) over the speed at which it closes, the gap measured
// along the lane's centre and the speeds along its tangent (laneGap).

// inLane is one vehicle in a lane at one frame.
type inLane struct {
	lane uint64 // road, side and lane
	// pos is along the lane's direction of travel on the road's reference
	// line (m): it orders the lane's vehicles, as the lane's own measure
	// would but for two whose boxes overlap, and costs nothing; the gap
	// is measured on the lane (laneGap), for the few pairs that close in.
	pos   float64
	speed float64 // along the lane's tangent (m/s)
	track int32
}

type pair struct{ follower, leader int32 }

// closeCallBridge (s) is the longest a close call may go unseen and stay
// one: a pair's time to collision may rise past the threshold for a frame
// (speeds sampled frame by frame jitter) while the follower goes on
// closing in, and that one call was listed as two (Town04's staged close
// call, 5.05-5.15 and 5.20-5.40 s, the same pair in the same lane).
const closeCallBridge = 0.5

// span is a close call being followed.
type span struct {
	start, end int // frame indices
	worst      float64
	seen       int // last frame it held
}

func closeCalls(a *lanes.Association, events []scene.Event, th Thresholds) []Fault {
	var (
		out     []Fault
		active  []int32
		spare   []int32
		entries []inLane
		next    int32
		open    = map[pair]*span{}
		mark    = make([]int, len(a.Tracks)) // frame+1 when in entries
	)
	hit := collisionTimes(events, th)
	for f := range a.Times {
		for next < int32(len(a.Tracks)) && a.Tracks[next].First == f {
			active = append(active, next)
			next++
		}
		active = slices.DeleteFunc(active, func(t int32) bool { tr := &a.Tracks[t]; return tr.First+tr.Len() <= f })
		entries = lanesAt(a, active, f, th, entries[:0])
		active, spare = reorder(active, spare, entries, mark, f)
		for i := 1; i < len(entries); i++ {
			b, l := &entries[i-1], &entries[i]
			if b.lane != l.lane {
				continue
			}
			bt, lt := &a.Tracks[b.track], &a.Tracks[l.track]
			if closing := b.speed - l.speed; !(closing > 0) || chordGap(a.Map, bt, lt, f)/closing >= th.CloseCallTTC {
				continue // not closing, or too far for a close call: the lane is no shorter than its chord
			}
			ttc, ok := timeToCollision(a.Map, bt, lt, b, l, f)
			if !ok || ttc >= th.CloseCallTTC {
				continue
			}
			p := pair{b.track, l.track}
			if sp := open[p]; sp != nil {
				sp.worst, sp.seen = min(sp.worst, ttc), f
			} else {
				open[p] = &span{start: f, worst: ttc, seen: f}
			}
		}
		for p, sp := range open {
			last := f == len(a.Times)-1
			if !last && (sp.seen == f || a.Times[f]-a.Times[sp.seen] <= closeCallBridge) {
				continue
			}
			sp.end = min(sp.seen+1, len(a.Times)-1)
			if ft, ok := closeCall(a, p, sp, hit, th); ok {
				out = append(out, ft)
			}
			delete(open, p)
		}
	}
	return out
}

// lanesAt lists the moving vehicles in a lane at frame f, sorted by lane
// then position along it. Vehicles keep their order from frame to frame
// but for the few that overtake or change lanes, so active comes in the
// last frame's order (reorder) and an insertion sort has little to do:
// a sort from scratch every frame was a third of Find's time.
func lanesAt(a *lanes.Association, active []int32, f int, th Thresholds, dst []inLane) []inLane {
	for _, t := range active {
		if e, moving, ok := laneEntry(&a.Tracks[t], t, f, th); ok && moving {
			dst = append(dst, e)
		}
	}
	for i := 1; i < len(dst); i++ {
		for j := i; j > 0 && before(&dst[j], &dst[j-1]); j-- {
			dst[j], dst[j-1] = dst[j-1], dst[j]
		}
	}
	return dst
}

// alongLane is a speed's part along the lane, herr degrees off it. Most
// samples follow their lane to the hundredth of a degree the association
// keeps, and cos(0) is exactly 1: skipping the cosine there gives the
// same bits (the cosine was 15% of Find's CPU on the London demo).
func alongLane(speed, herr float64) float64 {
	if herr == 0 {
		return speed
	}
	return speed * math.Cos(herr*math.Pi/180)
}

func before(x, y *inLane) bool { return x.lane < y.lane || x.lane == y.lane && x.pos < y.pos }

// reorder returns the active tracks in entries' order, then the others,
// so that the next frame's entries come nearly sorted; scratch is reused.
func reorder(active, scratch []int32, entries []inLane, mark []int, f int) ([]int32, []int32) {
	scratch = scratch[:0]
	for _, e := range entries {
		mark[e.track] = f + 1
		scratch = append(scratch, e.track)
	}
	for _, t := range active {
		if mark[t] != f+1 {
			scratch = append(scratch, t)
		}
	}
	return scratch, active
}

// timeToCollision of follower b with leader l (ahead of it in its lane)
// at frame f, the gap measured on map m's lane (laneGap); false when the
// gap is not closing.
func timeToCollision(m lanes.Map, bt, lt *lanes.Track, b, l *inLane, f int) (float64, bool) {
	closing := b.speed - l.speed
	if !(closing > 0) {
		return 0, false
	}
	return max(laneGap(m, bt, lt, f), 0) / closing, true
}

// laneGap is the bumper-to-bumper gap at frame f from follower bt to
// leader lt, both in one lane of map m: the distance between them along
// the lane's centre (lanes.AlongOnLane), less the follower's front and
// the leader's back (their boxes, which CARLA does not always centre on
// the recorded location: lanes.Track.Front, Back); below 0 when the
// boxes overlap along the lane. The road's reference
// line would give another: on a bend an outer lane is longer than it
// and an inner one shorter (on Town05 road 24's, 1.31 and 0.69 times),
// while the speeds are already the lane's (their part along the lane's
// tangent, from which the heading error is measured), so the time to
// collision took the one measure over the other.
func laneGap(m lanes.Map, bt, lt *lanes.Track, f int) float64 {
	return onLane(m, lt, f) - onLane(m, bt, f) - bt.Front() - lt.Back()
}

// chordGap is a bound under laneGap that needs no lane, and so costs a
// tenth as much: the lane between two cars is no shorter than the
// straight line between the points nearest them on it, and each car is
// its offset from its lane (chordSlack more allowed). Most pairs that
// close in are too far apart for a close call by this bound alone. Near
// a road's end the lane's measure is rougher: a car whose centre is past
// the end keeps the end's Along (Locate clamps it), and one a few
// centimetres before it was measured 0.12 m short of its chord on
// Town04 (road 46's start), so a pair with a car within nearRoadEnd of
// either end gets no bound (-Inf) and is measured.
func chordGap(m lanes.Map, bt, lt *lanes.Track, f int) float64 {
	bi, li := f-bt.First, f-lt.First
	bl, bo, ba, _, _, _ := bt.InLane(bi)
	ll, lo, la, _, _, _ := lt.InLane(li)
	if nearEnd(m, bl, ba) || nearEnd(m, ll, la) {
		return math.Inf(-1)
	}
	d := lt.Pos(li).Sub(bt.Pos(bi))
	chord := math.Sqrt(d[0]*d[0] + d[1]*d[1]) // math.Hypot's care for overflow cost a third of the rule's added time
	return chord - math.Abs(bo) - math.Abs(lo) - chordSlack - bt.Front() - lt.Back()
}

// nearEnd reports whether a sample's Along is within nearRoadEnd of
// either end of lane l's road.
func nearEnd(m lanes.Map, l lanes.LaneRef, along float64) bool {
	return along <= nearRoadEnd || along >= m.RoadLength(int(l.Road))-nearRoadEnd
}

// nearRoadEnd (m): see chordGap.
const nearRoadEnd = 1.0

// chordSlack (m) is what chordGap allows for a point's projection on its
// lane not being quite its stored offset away (the offset is kept to the
// millimetre, positions in float32, and the lane's point nearest a car
// is looked for on a few segments only); TestChordGapBelowLaneGap
// measures how near the bound comes.
const chordSlack = 0.25

// onLane is track tr's position at frame f along its lane's direction of
// travel, measured on the lane (m); tr is in a lane then (laneEntry).
func onLane(m lanes.Map, tr *lanes.Track, f int) float64 {
	i := f - tr.First
	l, _, along, _, _, _ := tr.InLane(i)
	pos := lanes.AlongOnLane(m, l, along, tr.Pos(i))
	if l.Side == lanes.SideA {
		pos = -pos // side A drives toward decreasing Along
	}
	return pos
}

// contact is a collision's span: from the first frame the pair touched
// to the last frame of the last impact merged into it (see recorded).
type contact struct{ start, end float64 }

// collisionTimes lists the collisions' contacts by pair of actors, the
// impacts merged as the collision faults are.
func collisionTimes(events []scene.Event, th Thresholds) map[[2]uint32][]contact {
	out := map[[2]uint32][]contact{}
	for _, e := range events {
		if e.Kind != scene.EventCollision {
			continue
		}
		k := pairKey(e.Actor, e.Other)
		cs := out[k]
		if n := len(cs); n > 0 && e.Time-cs[n-1].start <= th.CollisionMerge {
			cs[n-1].end = max(cs[n-1].end, e.End())
			continue
		}
		out[k] = append(cs, contact{e.Time, e.End()})
	}
	return out
}

// closeCall makes the fault of a finished span, unless the two collided
// within it or soon after, or it began while they touched or soon after
// (the span from start to th.CollisionWindow past its end meets a
// contact stretched by th.AfterCollision).
func closeCall(a *lanes.Association, p pair, sp *span, hit map[[2]uint32][]contact, th Thresholds) (Fault, bool) {
	bt, lt := &a.Tracks[p.follower], &a.Tracks[p.leader]
	start, end := a.Times[sp.start], a.Times[sp.end]
	for _, c := range hit[pairKey(bt.ID, lt.ID)] {
		if c.start <= end+th.CollisionWindow && start <= c.end+th.AfterCollision {
			return Fault{}, false
		}
	}
	f := at(CloseCall, bt, sp.start-bt.First)
	f.End, f.Other, f.OtherBlueprint, f.Worst = end, lt.ID, lt.Blueprint, sp.worst
	return f, true
}
