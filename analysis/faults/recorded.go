package faults

import (
	"github.com/mm2carla/viewer/analysis/lanes"
	"github.com/mm2carla/viewer/scene"
)

// recorded lists the recording's own collisions and its vehicles'
// blocked spans as faults, placed where the association found their
// actor: a collision at the moment the pair began touching (its Worst
// the speed of the faster of the two vehicles then), a blocked span from when the
// vehicle stopped to when it moved again (its Worst the time it stood).
// The spectator, walkers and props standing still are no fault of
// driving, so their blocked spans are left to the timeline.
func recorded(a *lanes.Association, events []scene.Event) []Fault {
	var out []Fault
	for i, e := range events {
		var f Fault
		switch {
		case e.Kind == scene.EventCollision:
			f = Fault{Kind: Collision, Other: e.Other, Start: e.Time, End: e.Time}
			f.Worst = max(speedAt(a, e.Actor, e.Time), speedAt(a, e.Other, e.Time))
		case e.Kind == scene.EventBlocked && a.TrackAt(e.Actor, e.Time) != nil:
			f = Fault{Kind: Blocked, Start: e.Time, End: e.End(), Worst: e.Duration}
		default:
			continue
		}
		f.Actor, f.Blueprint, f.Road, f.Intersection = e.Actor, e.Blueprint, -1, -1
		if i < len(a.Spots) && a.Spots[i].Found {
			f.Location, f.Blueprint = a.Spots[i].Location, a.Spots[i].Blueprint
		}
		place(a, &f)
		out = append(out, f)
	}
	return out
}

// speedAt returns vehicle id's speed at time t (0 if it is no vehicle).
func speedAt(a *lanes.Association, id uint32, t float64) float64 {
	if tr := a.TrackAt(id, t); tr != nil {
		return tr.At(max(tr.Index(t), 0)).Speed
	}
	return 0
}

// place says where a recorded fault's actor was: as the association
// placed it, for a vehicle, else where the map puts its spot.
func place(a *lanes.Association, f *Fault) {
	if tr := a.TrackAt(f.Actor, f.Start); tr != nil {
		s := tr.At(max(tr.Index(f.Start), 0))
		f.Place, f.Road, f.Intersection = s.Place, s.Road, s.Intersection
		f.Lane, f.HasLane = s.Lane, s.Place == lanes.OnRoad && s.HasLane
		return
	}
	if a.Map != nil {
		loc := a.Map.Locate(f.Location)
		f.Place, f.Road, f.Intersection = loc.Place, loc.Road, loc.Intersection
		if loc.Place == lanes.OnRoad && loc.HasLane {
			f.Lane, f.HasLane = loc.Lane.Lane, true
		}
	}
}
