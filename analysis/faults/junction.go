package faults

import (
	"math"

	"github.com/mm2carla/viewer/analysis/lanes"
	"github.com/mm2carla/viewer/format/recorder"
)

// endLights knows which recorded traffic light actor each road end's
// light shows: the nearest within lanes.MatchRadius on the ground, the
// rule the window draws lights by. Light actors do not move, so the
// matching is done once. It knows too the ends that a recorded stop
// sign actor makes stops (lanes.Association.EndSigns), on a map whose
// file gives them no rule or whose recorded light is out of order.
type endLights struct {
	lights []lanes.LightTrack
	actor  map[lanes.EndKey]int32 // index into lights
	signs  map[lanes.EndKey]int32 // index into the association's Signs
}

func newEndLights(a *lanes.Association) *endLights {
	return &endLights{lights: a.Lights, actor: a.EndLights(), signs: a.EndSigns()}
}

// stops reports whether vehicles must stop before passing an end: the
// map's rule says so, or a recorded stop sign governs it.
func (e *endLights) stops(end lanes.RoadEnd) bool {
	if end.Rule.Stops() {
		return true
	}
	_, ok := e.signs[lanes.EndKey{Road: end.Road, AtStart: end.AtStart}]
	return ok
}

// state returns the state an end's light showed at time t; false when
// the end has no recorded light or it had no state yet.
func (e *endLights) state(end lanes.RoadEnd, t float64) (recorder.LightState, bool) {
	i, ok := e.actor[lanes.EndKey{Road: end.Road, AtStart: end.AtStart}]
	if !ok {
		return 0, false
	}
	return e.lights[i].StateAt(t)
}

// crossingRule watches a vehicle pass from a road into an intersection
// through one of the road's ends. It crosses when its front reaches the
// end (its box's front, along its lane: frontToEnd),
// as a driver's front passes a stop line, so a car that pulls out on
// yellow is not taken for running the red that shows while its middle
// follows it:
//
//   - red-light: the end has a recorded traffic light (EndLights: the
//     actor at the map's light, or on a map without signals the one
//     governing the end by its place) and it showed red at the last
//     frame before the vehicle's front reached the end;
//   - stop-sign: the end's rule is a stop sign or always stop (or on a
//     map whose file gives the end no rule, or a light the recording
//     shows out of order, a recorded stop sign actor governs it by its
//     place: lanes.Association.EndSigns), and the
//     vehicle was not slower than th.StopSpeed at any frame while its
//     front was within th.StopDistance of the end (along its lane).
//
// Which end it went through is decided when its centre enters the
// intersection; the rule then looks back along its approach.
type crossingRule struct {
	m        lanes.Map
	ends     *endLights
	tr       *lanes.Track
	th       Thresholds
	road     int // road of the last sample on a road since the last intersection, -1 if none
	last     int // that sample
	approach int // first sample of the stretch on that road
}

func (c *crossingRule) step(i int, s *lanes.Sample, r *Result) {
	switch s.Place {
	case lanes.OnRoad:
		if s.Road != c.road {
			c.approach = i
		}
		c.road, c.last = s.Road, i
	case lanes.InIntersection:
		if c.road >= 0 {
			c.cross(s, r)
		}
		c.road = -1
	}
}

// cross checks the crossing from road c.road into intersection
// s.Intersection, where the vehicle's centre now is (s).
func (c *crossingRule) cross(s *lanes.Sample, r *Result) {
	end, ok := c.endInto(s.Intersection, c.tr.At(c.last).Along)
	if !ok {
		return
	}
	// front returns how far the front of the vehicle is from the end at
	// sample j, along its lane (see frontToEnd).
	front := func(j int) (float64, lanes.Sample) {
		sj := c.tr.At(j)
		return frontToEnd(c.m, end, &sj, c.tr.Front()), sj
	}
	at := c.last + 1 // the first sample with the front past the end
	for at > c.approach {
		if d, _ := front(at - 1); d > 0 {
			break
		}
		at--
	}
	if at > c.approach { // the end's light: its map light's actor, or one tied to it by place (lanes.Association.EndLights)
		before := c.tr.At(at - 1)
		if st, ok := c.ends.state(end, before.Time); ok && st == recorder.LightRed {
			f := c.fault(RedLight, at, s)
			f.Worst = before.Speed
			r.Faults = append(r.Faults, f)
		}
	}
	if c.ends.stops(end) {
		slowest, first := math.Inf(1), at
		for j := at - 1; j >= c.approach; j-- {
			d, sj := front(j)
			if d > c.th.StopDistance {
				break
			}
			slowest, first = min(slowest, sj.Speed), j
			if slowest < c.th.StopSpeed {
				break // it stopped: the frames before (a queue at the sign) need no measuring
			}
		}
		if math.IsInf(slowest, 1) { // no frame near the end: judge by the last one
			slowest = c.tr.At(max(at-1, c.approach)).Speed
		}
		if slowest >= c.th.StopSpeed {
			f := c.fault(StopSign, at, s)
			f.Start, f.Worst = c.tr.Time(min(first, c.tr.Len()-1)), slowest
			r.Faults = append(r.Faults, f)
		}
	}
}

// endInto returns the end of c.road that leads into intersection in (the
// nearer to along when both do).
func (c *crossingRule) endInto(in int, along float64) (lanes.RoadEnd, bool) {
	start, end := c.m.End(c.road, true), c.m.End(c.road, false)
	switch {
	case start.Intersection == in && end.Intersection == in:
		if along < c.m.RoadLength(c.road)/2 {
			return start, true
		}
		return end, true
	case start.Intersection == in:
		return start, true
	case end.Intersection == in:
		return end, true
	}
	return lanes.RoadEnd{}, false
}

// frontToEnd returns how far the front of a vehicle at s, its front
// reach ahead of its recorded location (Track.Front: the box's half
// length and its centre's offset), is from road end e: measured along the lane s is in (lanes.ToEndOnLane),
// where the car drives, not along the road's reference line, which on a
// bend before a junction falls short of an outer lane by up to 1.35 m
// within 6 m of the end on CARLA's towns (analysis/lanes/lanelength.go),
// so that a car standing before the line was taken for one past it.
// Without a lane, along the reference line (lanes.ToEnd).
func frontToEnd(m lanes.Map, e lanes.RoadEnd, s *lanes.Sample, reach float64) float64 {
	if s.Place == lanes.OnRoad && s.HasLane {
		return lanes.ToEndOnLane(m, e, s.Lane, s.Along, s.Pos) - reach
	}
	return lanes.ToEnd(m, e, s.Along) - reach
}

// fault is a crossing fault at sample at (the first with the front past
// the end; the centre's entry s when that is not on the road), on the
// approach road and lane, entering intersection s.Intersection.
func (c *crossingRule) fault(k Kind, i int, s *lanes.Sample) Fault {
	f := at(k, c.tr, min(i, c.last))
	if i <= c.last {
		x := c.tr.At(i)
		f.Start, f.End, f.Location = x.Time, x.Time, x.Pos
	} else {
		f.Start, f.End, f.Location = s.Time, s.Time, s.Pos
	}
	f.Intersection = s.Intersection
	return f
}
