package faults

import (
	"github.com/mm2carla/viewer/analysis/lanes"
	"github.com/mm2carla/viewer/scene"
)

// recorded lists the recording's own collisions and its vehicles'
// blocked spans as faults, placed where the association found their
// actor: a collision at the moment the pair began touching (its Worst
// the actor's speed then, for a vehicle), a blocked span from when the
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
		case e.Kind == scene.EventBlocked && a.TrackAt(e.Actor, e.Time) != nil:
			f = Fault{Kind: Blocked, Start: e.Time, End: e.End(), Worst: e.Duration}
		default:
			continue
		}
		f.Actor, f.Blueprint, f.Road, f.Intersection = e.Actor, e.Blueprint, -1, -1
		if i < len(a.Spots) && a.Spots[i].Found {
			sp := a.Spots[i]
			f.Location, f.Blueprint = sp.Location, sp.Blueprint
		}
		if tr := a.TrackAt(e.Actor, e.Time); tr != nil {
			s := tr.At(max(tr.Index(e.Time), 0))
			f.Place, f.Road, f.Intersection = s.Place, s.Road, s.Intersection
			if s.Place == lanes.OnRoad && s.HasLane {
				f.Lane, f.HasLane = s.Lane, true
			}
			if e.Kind == scene.EventCollision {
				f.Worst = s.Speed
			}
		} else if a.Map != nil {
			loc := a.Map.Locate(f.Location)
			f.Place, f.Road, f.Intersection = loc.Place, loc.Road, loc.Intersection
			if loc.Place == lanes.OnRoad && loc.HasLane {
				f.Lane, f.HasLane = loc.Lane.Lane, true
			}
		}
		out = append(out, f)
	}
	return out
}
