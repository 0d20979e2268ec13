package faults

import (
	"math"

	"github.com/mm2carla/viewer/analysis/lanes"
	"github.com/mm2carla/viewer/scene"
)

// The rules that follow one vehicle along its track: off-lane (and lane
// changes), wrong-way, and the crossings into intersections (red lights
// and stop signs, junction.go). scanTrack reads each sample once and
// hands it to each rule's state machine.

// scanTrack applies the per-vehicle rules to a track.
func scanTrack(m lanes.Map, ends *endLights, tr *lanes.Track, th Thresholds, r *Result) {
	off := offLaneRule{tr: tr, th: th, bike: tr.Kind == scene.KindBike, stretch: stretch{start: -1}}
	wrong := wrongWayRule{tr: tr, th: th, stretch: stretch{start: -1}}
	cross := crossingRule{m: m, ends: ends, tr: tr, th: th, road: -1}
	var s lanes.Sample
	for i := range tr.Len() {
		tr.Read(i, &s)
		off.step(i, &s, r)
		wrong.step(i, &s, r)
		cross.step(i, &s, r)
	}
	off.stop(tr.Len(), r)
	wrong.stop(tr.Len(), r)
}

// offLaneRule: on a road, more than th.OffLane from every lane curve of
// that road, for at least th.OffLaneTime. Such a stretch that ends in a
// lane next to the one it began from, on the same side, within
// th.LaneChangeTime is a lane change instead; so is a step from one lane
// straight into the next (lanes closer than twice th.OffLane).
//
// A vehicle slower than th.MovingSpeed, or in a parking lane, is parked:
// that time neither starts a stretch nor lengthens one (a stretch ends
// where the vehicle parks), so a cyclist waiting at the roadside is no
// fault. A bicycle or motorbike in a biking lane or on the shoulder is
// in a lane.
type offLaneRule struct {
	tr      *lanes.Track
	th      Thresholds
	bike    bool          // the track is a bicycle or motorbike
	stretch               // the stretch off the lanes (start -1 when in a lane)
	from    lanes.LaneRef // the lane before the stretch
	had     bool          // from is set
	last    lanes.LaneRef // lane of the previous sample, if in one
	in      bool          // the previous sample was in a lane
}

// stretch is a run of a track's samples that a rule follows: its first
// sample (-1: none) and its worst value so far.
type stretch struct {
	start int
	worst float64
}

// close ends the stretch at sample i (or the track's end), keeping it as a
// fault of kind when it lasted at least least seconds.
func (p *stretch) close(kind Kind, tr *lanes.Track, i int, least float64, r *Result) {
	if p.start < 0 {
		return
	}
	f := at(kind, tr, p.start)
	f.End = endTime(tr, i)
	if f.End-f.Start >= least {
		f.Worst = p.worst
		r.Faults = append(r.Faults, f)
	}
	p.start = -1
}

func (o *offLaneRule) step(i int, s *lanes.Sample, r *Result) {
	onRoad := s.Place == lanes.OnRoad
	inLane := onRoad && (s.HasLane && math.Abs(s.Offset) <= o.th.OffLane ||
		o.bike && (s.Type == lanes.Biking || s.Type == lanes.Shoulder))
	switch {
	case !inLane && onRoad && (s.Speed < o.th.MovingSpeed || s.Type == lanes.Parking):
		o.park(i, r)
	case inLane:
		if o.start >= 0 {
			o.end(i, s, r)
		} else if o.in && s.Lane != o.last && adjacent(o.last, s.Lane) {
			lc := at(LaneChange, o.tr, i)
			r.LaneChanges = append(r.LaneChanges, lc)
		}
	case onRoad:
		if o.start < 0 {
			o.start, o.from, o.had, o.worst = i, o.last, o.in, 0
		}
		if s.HasLane { // a road without lanes leaves worst 0
			o.worst = max(o.worst, math.Abs(s.Offset))
		}
		if o.had && s.Road != int(o.from.Road) {
			o.had = false // another road: no lane change
		}
	default:
		o.stop(i, r)
	}
	o.in, o.last = inLane, s.Lane
}

// end closes a stretch off the lanes at sample i, back in a lane (s).
func (o *offLaneRule) end(i int, s *lanes.Sample, r *Result) {
	f := at(OffLane, o.tr, o.start)
	f.End = o.tr.Time(i)
	d := f.End - f.Start
	switch {
	case o.had && adjacent(o.from, s.Lane) && d <= o.th.LaneChangeTime:
		f.Kind, f.Worst = LaneChange, d
		f.Lane, f.HasLane = o.from, true
		r.LaneChanges = append(r.LaneChanges, f)
	case d >= o.th.OffLaneTime:
		f.Worst = o.worst
		r.Faults = append(r.Faults, f)
	}
	o.start = -1
}

// park closes a stretch off the lanes at sample i, where the vehicle
// parked: it was off the lanes until then, and no lane change can end
// there.
func (o *offLaneRule) park(i int, r *Result) {
	o.close(OffLane, o.tr, i, o.th.OffLaneTime, r)
	o.had = false
}

// stop closes a stretch off the lanes at sample i, where the vehicle left
// the road (or its track ended).
func (o *offLaneRule) stop(i int, r *Result) { o.close(OffLane, o.tr, i, o.th.OffLaneTime, r) }

// adjacent reports whether b is the lane next to a on the same side.
func adjacent(a, b lanes.LaneRef) bool {
	return a.Road == b.Road && a.Side == b.Side && (a.Lane+1 == b.Lane || b.Lane+1 == a.Lane)
}

// wrongWayRule: on a road, moving at th.WrongWaySpeed or more, more than
// th.WrongWayAngle from the travel direction of the lane it is on, for at
// least th.WrongWayTime. The angle is the motion's, and a vehicle moving
// backwards (away from the way it faces) is backing up, not driving the
// wrong way.
type wrongWayRule struct {
	tr *lanes.Track
	th Thresholds
	stretch
}

func (w *wrongWayRule) step(i int, s *lanes.Sample, r *Result) {
	wrong := s.Place == lanes.OnRoad && s.HasLane && s.Speed >= w.th.WrongWaySpeed && !s.Reversing &&
		math.Abs(s.HeadingError) > w.th.WrongWayAngle // false for NaN
	switch {
	case wrong && w.start < 0:
		w.start, w.worst = i, math.Abs(s.HeadingError)
	case wrong:
		w.worst = max(w.worst, math.Abs(s.HeadingError))
	default:
		w.stop(i, r)
	}
}

func (w *wrongWayRule) stop(i int, r *Result) { w.close(WrongWay, w.tr, i, w.th.WrongWayTime, r) }
