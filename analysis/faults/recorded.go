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
//
// A pair that touches again within th.CollisionMerge of its first
// impact (bouncing, scraping along) had one collision, which spans its
// impacts: scenario_runner's CollisionTest ignores a collision with the
// actor it last hit for 5 s after counting it.
func recorded(a *lanes.Association, events []scene.Event, th Thresholds) []Fault {
	var out []Fault
	names := map[uint32]string{} // blueprints by actor id, as spawned so far
	last := map[[2]uint32]int{}  // index in out of each pair's last collision
	for i, e := range events {
		var f Fault
		switch {
		case e.Kind == scene.EventSpawn:
			names[e.Actor] = e.Blueprint
			continue
		case e.Kind == scene.EventCollision:
			k := pairKey(e.Actor, e.Other)
			if j, ok := last[k]; ok && e.Time-out[j].Start <= th.CollisionMerge {
				out[j].End = e.Time
				continue
			}
			last[k] = len(out)
			f = Fault{Kind: Collision, Other: e.Other, Start: e.Time, End: e.Time}
			if e.Other != World {
				f.OtherBlueprint = names[e.Other]
			}
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

// pairKey is an unordered pair of actors.
func pairKey(x, y uint32) [2]uint32 { return [2]uint32{min(x, y), max(x, y)} }

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
