package lanes

import (
	"sort"

	"github.com/mm2carla/viewer/format/recorder"
	"github.com/mm2carla/viewer/scene"
)

// The pass's traffic lights, and the places of events' actors.

// lightStates notes the state changes of traffic lights.
// CARLA writes every light every frame in the same order, so the light
// of the record at each position is remembered (lastLit) and the map
// looked up only when it changes.
func (p *pass) lightStates(recs []recorder.TrafficLightState, t float64) {
	for k, r := range recs {
		var i int
		if k < len(p.lastLit) && p.a.Lights[p.lastLit[k]].ID == r.ID {
			i = int(p.lastLit[k])
		} else {
			var ok bool
			if i, ok = p.lights[r.ID]; !ok {
				i = len(p.a.Lights)
				p.lights[r.ID] = i
				p.a.Lights = append(p.a.Lights, LightTrack{ID: r.ID})
			}
			if k >= len(p.lastLit) {
				p.lastLit = append(p.lastLit, make([]int32, k+1-len(p.lastLit))...)
			}
			p.lastLit[k] = int32(i)
		}
		l := &p.a.Lights[i]
		if !l.placed {
			p.newLit = true
		}
		if n := len(l.changes); n == 0 || l.changes[n-1].state != r.State {
			l.changes = append(l.changes, lightChange{t, r.State})
		}
	}
}

// pose returns the pose of actor id in p.poses (sorted by id), or nil.
func (p *pass) pose(id uint32) *scene.Pose {
	i := sort.Search(len(p.poses), func(i int) bool { return p.poses[i].ID >= id })
	if i < len(p.poses) && p.poses[i].ID == id {
		return &p.poses[i]
	}
	return nil
}

// placeLights gives the lights without a position theirs (p.poses holds
// every actor).
func (p *pass) placeLights() {
	if !p.newLit {
		return
	}
	p.newLit = false
	for i := range p.a.Lights {
		l := &p.a.Lights[i]
		if ps := p.pose(l.ID); !l.placed && ps != nil {
			l.Pos, l.Yaw, l.placed = ps.World.Location, ps.World.Rotation.Yaw, true
		}
	}
}

// signsDue reports whether a stop sign was spawned in frame f (or in a
// frame before, the events' frames being in order), moving nextSgn
// past them: its pose is read once, in the frame it appears.
func (p *pass) signsDue(f int) bool {
	due := false
	for p.nextSgn < len(p.signAt) && p.signAt[p.nextSgn] <= f {
		p.nextSgn++
		due = true
	}
	return due
}

// placeSigns gives the stop signs without a position theirs (p.poses
// holds every actor).
func (p *pass) placeSigns() {
	for i := range p.a.Signs {
		s := &p.a.Signs[i]
		if ps := p.pose(s.ID); !s.placed && ps != nil && ps.Blueprint == StopBlueprint {
			s.Pos, s.Yaw, s.placed = ps.World.Location, ps.World.Rotation.Yaw, true
		}
	}
}

// eventsAt reports whether a collision or blocked span begins in frame f,
// moving nextEv to f's first event.
func (p *pass) eventsAt(f int) bool {
	evs := p.rec.Events()
	for p.nextEv < len(evs) && evs[p.nextEv].Frame < f {
		p.nextEv++
	}
	for i := p.nextEv; i < len(evs) && evs[i].Frame == f; i++ {
		if k := evs[i].Kind; k == scene.EventCollision || k == scene.EventBlocked {
			return true
		}
	}
	return false
}

// spots records where the actors of frame f's collisions and blocked
// spans are (p.poses holds every actor).
func (p *pass) spots(f int) {
	evs := p.rec.Events()
	for i := p.nextEv; i < len(evs) && evs[i].Frame == f; i++ {
		if k := evs[i].Kind; k != scene.EventCollision && k != scene.EventBlocked {
			continue
		}
		if ps := p.pose(evs[i].Actor); ps != nil {
			p.a.Spots[i] = Spot{Location: ps.World.Location, Blueprint: ps.Blueprint, Found: true}
		}
	}
}

// keep says which actors' positions the pass's World applies: the
// vehicles, the traffic lights until they are placed, the actors of the
// current frame's collisions and blocked spans (spots), and every actor
// something is attached to in the recording (its pose places its
// children); the others' poses are never read (scene.World.FilterPositions).
func (p *pass) keep(id uint32, k scene.Kind) bool {
	switch {
	case k.IsVehicle() && p.sampled(id):
		return true
	case k == scene.KindTrafficLight:
		i, ok := p.lights[id]
		return !ok || !p.a.Lights[i].placed
	case k == scene.KindSign:
		i, ok := p.signs[id]
		return ok && !p.a.Signs[i].placed
	}
	if _, ok := p.parents[id]; ok {
		return true
	}
	for _, e := range p.evIDs {
		if e == id {
			return true
		}
	}
	return false
}

// frameEvents lists the actors of frame f's collisions and blocked spans
// (they are few) for keep.
func (p *pass) frameEvents(f int) {
	p.evIDs = p.evIDs[:0]
	evs := p.rec.Events()
	for i := p.nextEv; i < len(evs) && evs[i].Frame <= f; i++ {
		if e := &evs[i]; e.Frame == f && (e.Kind == scene.EventCollision || e.Kind == scene.EventBlocked) {
			p.evIDs = append(p.evIDs, e.Actor)
		}
	}
}
