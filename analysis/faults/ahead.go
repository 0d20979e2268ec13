package faults

import (
	"math"

	"github.com/mm2carla/viewer/analysis/lanes"
)

// The vehicle ahead, for the window's actor panel: the gap to it and the
// time until that gap closes, as the close-call rule sees the pair (the
// same lane: each within th.OffLane of its curve; ahead: along the lane's
// direction of travel; the gap bumper to bumper, from the boxes'
// lengths, measured along the lane: laneGap). A planner that follows too closely shows it frame by frame,
// before it becomes a close call.

// Leader is the vehicle ahead of another in its lane.
type Leader struct {
	ID        uint32
	Blueprint string
	Gap       float64 // m, bumper to bumper; below 0 when the boxes overlap along the lane
	TTC       float64 // s until the gap closes at the speeds of the frame; +Inf when it does not close
}

// Ahead returns the vehicle nearest ahead of track t's in its lane at
// frame f (an index of a.Times); false when that vehicle is not in a lane
// then, or none is ahead in it. Standing vehicles count.
func Ahead(a *lanes.Association, t int32, f int, th Thresholds) (Leader, bool) {
	bt := &a.Tracks[t]
	b, _, ok := laneEntry(bt, t, f, th)
	if !ok {
		return Leader{}, false
	}
	best, lead := int32(-1), inLane{}
	for i := range a.Tracks {
		tr := &a.Tracks[i]
		if int32(i) == t || f < tr.First || f >= tr.First+tr.Len() {
			continue
		}
		e, _, ok := laneEntry(tr, int32(i), f, th)
		if ok && e.lane == b.lane && e.pos > b.pos && (best < 0 || e.pos < lead.pos) {
			best, lead = int32(i), e
		}
	}
	if best < 0 {
		return Leader{}, false
	}
	lt := &a.Tracks[best]
	ld := Leader{ID: lt.ID, Blueprint: lt.Blueprint, Gap: laneGap(a.Map, bt, lt, f), TTC: math.Inf(1)}
	if ttc, ok := timeToCollision(a.Map, bt, lt, &b, &lead, f); ok {
		ld.TTC = ttc
	}
	return ld, true
}

// laneEntry is track t at frame f as the close-call rule lists it (its
// lane, its position and speed along the lane's direction of travel: the
// position on the reference line, see inLane),
// when it is within th.OffLane of a lane; moving when it goes at
// th.MovingSpeed or more with a heading (the rule's vehicles). A standing
// vehicle (no heading error) has no speed along the lane.
func laneEntry(tr *lanes.Track, t int32, f int, th Thresholds) (e inLane, moving, ok bool) {
	l, offset, pos, speed, herr, ok := tr.InLane(f - tr.First)
	if !ok || math.Abs(offset) > th.OffLane {
		return inLane{}, false, false
	}
	if l.Side == lanes.SideA {
		pos = -pos // side A drives toward decreasing Along
	}
	along := 0.0
	if !math.IsNaN(herr) {
		along = alongLane(speed, herr)
	}
	key := uint64(uint32(l.Road))<<16 | uint64(l.Side)<<8 | uint64(l.Lane)
	moving = speed >= th.MovingSpeed && !math.IsNaN(herr)
	return inLane{lane: key, pos: pos, track: t, speed: along}, moving, true
}
