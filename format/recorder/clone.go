package recorder

// Clone returns a deep copy of p that stays valid after Reader.Next is
// called again (packets from Next share the Reader's storage).
func Clone(p Packet) Packet {
	switch p := p.(type) {
	case *FrameStart:
		c := *p
		return &c
	case *FrameEnd:
		return &FrameEnd{}
	case *EventAdd:
		c := &EventAdd{Actors: cloneSlice(p.Actors)}
		for i := range c.Actors {
			c.Actors[i].Attributes = cloneSlice(c.Actors[i].Attributes)
		}
		return c
	case *EventDel:
		return &EventDel{IDs: cloneSlice(p.IDs)}
	case *EventParent:
		return &EventParent{Links: cloneSlice(p.Links)}
	case *Collisions:
		return &Collisions{Records: cloneSlice(p.Records)}
	case *Positions:
		return &Positions{Records: cloneSlice(p.Records)}
	case *TrafficLightStates:
		return &TrafficLightStates{Records: cloneSlice(p.Records)}
	case *VehicleAnimations:
		return &VehicleAnimations{Records: cloneSlice(p.Records)}
	case *WalkerAnimations:
		return &WalkerAnimations{Records: cloneSlice(p.Records)}
	case *VehicleLights:
		return &VehicleLights{Records: cloneSlice(p.Records)}
	case *SceneLights:
		return &SceneLights{Records: cloneSlice(p.Records)}
	case *KinematicsList:
		return &KinematicsList{Records: cloneSlice(p.Records)}
	case *BoundingBoxes:
		return &BoundingBoxes{Records: cloneSlice(p.Records)}
	case *TriggerVolumes:
		return &TriggerVolumes{Records: cloneSlice(p.Records)}
	case *PlatformTime:
		c := *p
		return &c
	case *VisualTime:
		c := *p
		return &c
	case *FrameCounter:
		c := *p
		return &c
	case *PhysicsControls:
		c := &PhysicsControls{Records: cloneSlice(p.Records)}
		for i := range c.Records {
			r := &c.Records[i]
			r.TorqueCurve = cloneSlice(r.TorqueCurve)
			r.Gears = cloneSlice(r.Gears)
			r.SteeringCurve = cloneSlice(r.SteeringCurve)
			r.Wheels = cloneSlice(r.Wheels)
		}
		return c
	case *TrafficLightTimes:
		return &TrafficLightTimes{Records: cloneSlice(p.Records)}
	case *WalkerBonesList:
		c := &WalkerBonesList{Records: cloneSlice(p.Records)}
		for i := range c.Records {
			c.Records[i].Bones = cloneSlice(c.Records[i].Bones)
		}
		return c
	case *VehicleWheelsList:
		c := &VehicleWheelsList{Records: cloneSlice(p.Records)}
		for i := range c.Records {
			c.Records[i].Wheels = cloneSlice(c.Records[i].Wheels)
		}
		return c
	case *BikerAnimations:
		return &BikerAnimations{Records: cloneSlice(p.Records)}
	case *VehicleDoors:
		return &VehicleDoors{Records: cloneSlice(p.Records)}
	case *Weather:
		c := *p
		return &c
	case *Raw:
		return &Raw{WireID: p.WireID, Data: cloneSlice(p.Data)}
	case *Skimmed:
		return &Skimmed{Type: p.Type, IDs: cloneSlice(p.IDs)}
	}
	return p
}

// cloneSlice copies s; an empty s becomes nil, so that clones compare
// equal whatever storage the Reader happened to reuse.
func cloneSlice[T any](s []T) []T {
	if len(s) == 0 {
		return nil
	}
	return append([]T(nil), s...)
}
