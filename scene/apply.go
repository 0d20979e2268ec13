package scene

import "github.com/mm2carla/viewer/format/recorder"

// How each packet changes a World. The packets that set a value group of
// each actor they name every frame (positions, animations, vehicle
// lights, kinematics, light states) are applied in restoring mode too;
// the ones whose effect lasts (applyEvent) are not: a keyframe holds
// their result.

// Apply applies one packet. Packets must come in file order, each frame
// between its FrameStart and FrameEnd; packets the scene does not use
// (physics, bones, wheels, scene lights, ...) are ignored, as are records
// naming actors that do not exist. A *recorder.Skimmed animation, vehicle
// light or kinematics packet (from a Reader told to skim them) leaves the
// values it names as they were: State then shows old values for them
// (see applySkimmed).
func (w *World) Apply(p recorder.Packet) {
	switch p := p.(type) {
	case *recorder.FrameStart:
		w.beginFrame(p)
	case *recorder.FrameEnd:
		w.endFrame()
	case *recorder.Collisions:
		w.collisions = append(w.collisions, p.Records...)
	case *recorder.Positions:
		w.applyPositions(p.Records)
	case *recorder.TrafficLightStates:
		w.applyLights(p.Records)
	case *recorder.Skimmed:
		w.applySkimmed(p)
	case *recorder.Weather:
		w.weather, w.hasWeather = *p, true
	default:
		if !w.applyAnimation(p) && !w.restoring {
			w.applyEvent(p)
		}
	}
}

// applyAnimation applies the per-frame packets that set one value group
// of each actor they name, and reports whether p was one of them.
func (w *World) applyAnimation(p recorder.Packet) bool {
	switch p := p.(type) {
	case *recorder.VehicleAnimations:
		for i := range p.Records {
			if a := w.get(p.Records[i].ID); a != nil {
				a.setControl(&p.Records[i])
				a.wrote(gControl, w.frame)
			}
		}
	case *recorder.WalkerAnimations:
		for i := range p.Records {
			if a := w.get(p.Records[i].ID); a != nil {
				a.setWalker(&p.Records[i])
				a.wrote(gWalker, w.frame)
			}
		}
	case *recorder.VehicleLights:
		for i := range p.Records {
			if a := w.get(p.Records[i].ID); a != nil {
				a.setLights(&p.Records[i])
				a.wrote(gLights, w.frame)
			}
		}
	case *recorder.KinematicsList:
		for i := range p.Records {
			if a := w.get(p.Records[i].ID); a != nil {
				a.setKin(&p.Records[i])
				a.wrote(gKin, w.frame)
			}
		}
	default:
		return false
	}
	return true
}

// applyEvent applies the packets whose effect lasts (spawns, destroys,
// attachments, boxes, light phase times, doors). Restoring a keyframe
// skips them: the keyframe holds their result.
func (w *World) applyEvent(p recorder.Packet) {
	switch p := p.(type) {
	case *recorder.EventAdd:
		for i := range p.Actors {
			w.add(&p.Actors[i])
		}
	case *recorder.EventDel:
		for _, id := range p.IDs {
			w.del(id)
		}
	case *recorder.EventParent:
		for _, l := range p.Links {
			w.link(l)
		}
	case *recorder.BoundingBoxes:
		for _, r := range p.Records {
			b := Box{Center: FromUnreal(r.Origin), Extent: FromUnrealExtent(r.Extent)}
			if !b.valid() {
				continue // e.g. CARLA 0.9.13 gives the spectator NaN and Inf
			}
			w.updateStatic(r.ID, func(s *actorStatic) { s.box, s.boxRecorded = b, true })
		}
	case *recorder.TrafficLightTimes:
		for _, r := range p.Records {
			w.updateStatic(r.ID, func(s *actorStatic) { s.times = [3]float32{r.Green, r.Yellow, r.Red} })
		}
	case *recorder.VehicleDoors:
		for _, r := range p.Records {
			if a := w.get(r.ID); a != nil && r.Door < 32 {
				if r.Open {
					a.doors |= 1 << r.Door
				} else {
					a.doors &^= 1 << r.Door
				}
			}
		}
	}
}

func (w *World) applyPositions(recs []recorder.Position) {
	for i := range recs {
		r := &recs[i]
		if slot := w.find(r.ID); slot >= 0 {
			if w.posFilter != nil && !w.posFilter(r.ID, w.slots[slot].st.kind) {
				continue
			}
			w.setPose(slot, r.Location, r.Rotation)
			if w.watch != nil {
				w.watch.position(slot, r.Location)
			}
		}
	}
}

// setPose applies a Position record (file units) to the actor in the slot.
func (w *World) setPose(slot int, loc, rot recorder.Vec3) {
	a := &w.slots[slot]
	a.pose = Transform{FromUnreal(loc), FromUnrealRotation(rot)}
	a.seen[gPos] = int32(w.frame)
	if a.touch != w.pass+1 {
		a.touch = w.pass + 1
		w.touched = append(w.touched, int32(slot))
	}
}

func (w *World) applyLights(recs []recorder.TrafficLightState) {
	for _, r := range recs {
		a := w.get(r.ID)
		if a == nil {
			continue
		}
		if w.events != nil && a.seen[gTL] >= 0 && a.tl.State != r.State {
			w.event(Event{Kind: EventLight, Time: w.time, Frame: w.frame, Actor: r.ID, Light: r.State})
		}
		a.tl.State, a.tl.Elapsed, a.tl.Frozen = r.State, r.Elapsed, r.Frozen
		a.seen[gTL] = int32(w.frame)
	}
}

// Setters of the per-frame groups that Open's scan may skim.

func (a *actorState) setControl(r *recorder.VehicleAnimation) {
	a.control = Control{r.Steering, r.Throttle, r.Brake, r.Handbrake, r.Gear}
}

func (a *actorState) setWalker(r *recorder.WalkerAnimation) { a.walker = FromUnrealSpeed(r.Speed) }

func (a *actorState) setLights(r *recorder.VehicleLight) { a.lightBits = r.Bits }

func (a *actorState) setKin(r *recorder.Kinematics) {
	a.kin = Kinematics{FromUnrealVelocity(r.Linear), FromUnrealAngularVelocity(r.Angular), true}
}

// wrote notes that frame f wrote group g's value.
func (a *actorState) wrote(g, f int) {
	a.seen[g] = int32(f)
	a.skimmed &^= 1 << g
	a.ever |= 1 << g
}

// skimGroup is the group a skimmed packet writes, or -1.
func skimGroup(id recorder.PacketID) int {
	switch id {
	case recorder.IDVehicleAnimation:
		return gControl
	case recorder.IDWalkerAnimation:
		return gWalker
	case recorder.IDVehicleLight:
		return gLights
	case recorder.IDKinematics:
		return gKin
	}
	return -1
}

// applySkimmed notes that a skimmed animation, vehicle light or
// kinematics packet wrote a value of the actors it names, without the
// value: only that the group has been written since their spawn (ever),
// and with skimSeen (seeking) which frame wrote it (seen, skimmed). The
// scan, which skims, finds out at the next keyframe which frame wrote such
// a value last and reads it from there (stale.go); a seek reads the values
// the frames it skimmed wrote last (seeker.fixStale). Other skimmed
// packets are ignored.
func (w *World) applySkimmed(p *recorder.Skimmed) {
	g := skimGroup(p.Type)
	switch {
	case g < 0:
	case w.skimSeen:
		for _, id := range p.IDs {
			if a := w.get(id); a != nil {
				a.seen[g] = int32(w.frame)
				a.skimmed |= 1 << g
				a.ever |= 1 << g
			}
		}
	default:
		w.named(g, p.IDs)
	}
}

// named notes that group g of the actors with the ids was written.
func (w *World) named(g int, ids []uint32) {
	for _, id := range ids {
		if a := w.get(id); a != nil {
			a.ever |= 1 << g
		}
	}
}
