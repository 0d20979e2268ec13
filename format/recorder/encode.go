package recorder

import (
	"fmt"
	"math"
)

// appendPayload appends the payload of p (without the packet header).
// Packets of a single value are encoded here, those of variable records by
// their own functions, the rest (fixed-size records) by appendRecords.
func (w *Writer) appendPayload(b []byte, p Packet) ([]byte, error) {
	switch p := p.(type) {
	case *FrameStart:
		b = le.AppendUint64(b, p.Frame)
		b = le.AppendUint64(b, math.Float64bits(p.Duration))
		return le.AppendUint64(b, math.Float64bits(p.Elapsed)), nil
	case *FrameEnd:
		return b, nil
	case *PlatformTime:
		return le.AppendUint64(b, math.Float64bits(p.Seconds)), nil
	case *VisualTime:
		return le.AppendUint64(b, math.Float64bits(p.Seconds)), nil
	case *FrameCounter:
		return le.AppendUint64(b, p.Counter), nil
	case *Weather:
		b = le.AppendUint16(b, 1) // a list of one
		for _, v := range [...]float32{p.Cloudiness, p.Precipitation, p.PrecipitationDeposits, p.WindIntensity,
			p.SunAzimuthAngle, p.SunAltitudeAngle, p.FogDensity, p.FogDistance, p.FogFalloff, p.Wetness,
			p.ScatteringIntensity, p.MieScatteringScale, p.RayleighScatteringScale, p.DustStorm} {
			b = appendF32(b, v)
		}
		return b, nil
	case *Raw:
		return append(b, p.Data...), nil
	case *EventAdd:
		return w.appendEventAdd(b, p)
	case *BoundingBoxes:
		return w.appendBoxes(b, p.Records, p.ID())
	case *TriggerVolumes:
		return w.appendBoxes(b, p.Records, p.ID())
	case *PhysicsControls:
		return appendPhysics(b, p)
	case *WalkerBonesList:
		return w.appendBones(b, p)
	case *VehicleWheelsList:
		return appendWheels(b, p)
	}
	return w.appendRecords(b, p)
}

// appendRecords appends the payload of a packet of fixed-size records: a
// uint16 count, then the records.
func (w *Writer) appendRecords(b []byte, p Packet) ([]byte, error) {
	var err error
	switch p := p.(type) {
	case *EventDel:
		b, err = appendCount(b, len(p.IDs), p.ID())
		for _, id := range p.IDs {
			b = le.AppendUint32(b, id)
		}
	case *EventParent:
		b, err = appendCount(b, len(p.Links), p.ID())
		for _, l := range p.Links {
			b = le.AppendUint32(le.AppendUint32(b, l.Child), l.Parent)
		}
	case *Collisions:
		b, err = appendCount(b, len(p.Records), p.ID())
		for _, c := range p.Records {
			b = le.AppendUint32(le.AppendUint32(le.AppendUint32(b, c.ID), c.Actor1), c.Actor2)
			b = appendBool(appendBool(b, c.Hero1), c.Hero2)
		}
	case *Positions:
		b, err = appendCount(b, len(p.Records), p.ID())
		for i := range p.Records {
			r := &p.Records[i]
			b = w.appendVec(w.appendVec(le.AppendUint32(b, r.ID), r.Location), r.Rotation)
		}
	case *TrafficLightStates:
		b, err = appendCount(b, len(p.Records), p.ID())
		for _, r := range p.Records {
			b = append(appendF32(appendBool(le.AppendUint32(b, r.ID), r.Frozen), r.Elapsed), uint8(r.State))
		}
	case *VehicleAnimations:
		b, err = appendCount(b, len(p.Records), p.ID())
		for _, r := range p.Records {
			b = appendF32(appendF32(appendF32(le.AppendUint32(b, r.ID), r.Steering), r.Throttle), r.Brake)
			b = le.AppendUint32(appendBool(b, r.Handbrake), uint32(r.Gear))
		}
	case *WalkerAnimations:
		b, err = appendCount(b, len(p.Records), p.ID())
		for _, r := range p.Records {
			b = appendF32(le.AppendUint32(b, r.ID), r.Speed)
		}
	case *VehicleLights:
		b, err = appendCount(b, len(p.Records), p.ID())
		for _, r := range p.Records {
			b = le.AppendUint32(le.AppendUint32(b, r.ID), r.Bits)
		}
	default:
		return w.appendMoreRecords(b, p)
	}
	return b, err
}

// appendMoreRecords is appendRecords for the packets CARLA added from
// 0.9.10 on.
func (w *Writer) appendMoreRecords(b []byte, p Packet) ([]byte, error) {
	var err error
	switch p := p.(type) {
	case *SceneLights:
		b, err = appendCount(b, len(p.Records), p.ID())
		for _, r := range p.Records {
			b = appendF32(le.AppendUint32(b, uint32(r.LightID)), r.Intensity)
			for _, c := range r.Color {
				b = appendF32(b, c)
			}
			b = append(appendBool(b, r.On), r.Group)
		}
	case *KinematicsList:
		b, err = appendCount(b, len(p.Records), p.ID())
		for _, r := range p.Records {
			b = w.appendVec(w.appendVec(le.AppendUint32(b, r.ID), r.Linear), r.Angular)
		}
	case *TrafficLightTimes:
		b, err = appendCount(b, len(p.Records), p.ID())
		for _, r := range p.Records {
			b = appendF32(appendF32(appendF32(le.AppendUint32(b, r.ID), r.Green), r.Yellow), r.Red)
		}
	case *BikerAnimations:
		b, err = appendCount(b, len(p.Records), p.ID())
		for _, r := range p.Records {
			b = appendF32(appendF32(le.AppendUint32(b, r.ID), r.ForwardSpeed), r.EngineRotation)
		}
	case *VehicleDoors:
		b, err = appendCount(b, len(p.Records), p.ID())
		for _, r := range p.Records {
			b = appendBool(append(le.AppendUint32(b, r.ID), r.Door), r.Open)
		}
	default:
		err = fmt.Errorf("recorder: cannot encode packet type %T", p)
	}
	return b, err
}

func (w *Writer) appendEventAdd(b []byte, p *EventAdd) ([]byte, error) {
	b, err := appendCount(b, len(p.Actors), p.ID())
	for i := range p.Actors {
		a := &p.Actors[i]
		b = append(le.AppendUint32(b, a.ID), uint8(a.Type))
		b = w.appendVec(w.appendVec(b, a.Location), a.Rotation)
		b = le.AppendUint32(b, a.UID)
		var e1, e2 error
		b, e1 = appendStr(b, a.Description)
		b, e2 = appendCount(b, len(a.Attributes), p.ID())
		err = firstErr(err, e1, e2)
		for _, at := range a.Attributes {
			var e3, e4 error
			b = append(b, uint8(at.Type))
			b, e3 = appendStr(b, at.Key)
			b, e4 = appendStr(b, at.Value)
			err = firstErr(err, e3, e4)
		}
	}
	return b, err
}

func (w *Writer) appendBoxes(b []byte, recs []Box, id PacketID) ([]byte, error) {
	b, err := appendCount(b, len(recs), id)
	for _, r := range recs {
		b = w.appendVec(w.appendVec(le.AppendUint32(b, r.ID), r.Origin), r.Extent)
	}
	return b, err
}

func appendPhysics(b []byte, p *PhysicsControls) ([]byte, error) {
	b, err := appendCount(b, len(p.Records), p.ID())
	for i := range p.Records {
		pc := &p.Records[i]
		b = le.AppendUint32(b, pc.ID)
		for _, v := range [...]float32{pc.MaxRPM, pc.MOI, pc.DampingFullThrottle,
			pc.DampingZeroThrottleClutchEngaged, pc.DampingZeroThrottleClutchDisengaged} {
			b = appendF32(b, v)
		}
		b = appendBool(b, pc.UseGearAutobox)
		for _, v := range [...]float32{pc.ClutchStrength, pc.FinalRatio, pc.Mass, pc.DragCoefficient,
			pc.CenterOfMass[0], pc.CenterOfMass[1], pc.CenterOfMass[2]} {
			b = appendF32(b, v)
		}
		var e [4]error
		b, e[0] = appendCount32(b, len(pc.TorqueCurve))
		for _, c := range pc.TorqueCurve {
			b = appendF32(appendF32(b, c.X), c.Y)
		}
		b, e[1] = appendCount32(b, len(pc.Gears))
		for _, g := range pc.Gears {
			b = appendF32(appendF32(appendF32(b, g.Ratio), g.DownRatio), g.UpRatio)
		}
		b, e[2] = appendCount32(b, len(pc.SteeringCurve))
		for _, c := range pc.SteeringCurve {
			b = appendF32(appendF32(b, c.X), c.Y)
		}
		b, e[3] = appendCount32(b, len(pc.Wheels))
		for j := range pc.Wheels {
			b = appendWheel(b, &pc.Wheels[j])
		}
		err = firstErr(err, e[:]...)
	}
	return b, err
}

// appendWheel writes the 48-byte form when HasPosition, else the 36-byte
// form without the stiffness values (see Wheel).
func appendWheel(b []byte, w *Wheel) []byte {
	for _, v := range [...]float32{w.TireFriction, w.DampingRate, w.MaxSteerAngle, w.Radius,
		w.MaxBrakeTorque, w.MaxHandbrakeTorque} {
		b = appendF32(b, v)
	}
	if w.HasPosition {
		b = appendF32(appendF32(appendF32(b, w.LatStiffMaxLoad), w.LatStiffValue), w.LongStiffValue)
	}
	return appendF32(appendF32(appendF32(b, w.Position[0]), w.Position[1]), w.Position[2])
}

func (w *Writer) appendBones(b []byte, p *WalkerBonesList) ([]byte, error) {
	b, err := appendCount(b, len(p.Records), p.ID())
	for i := range p.Records {
		wb := &p.Records[i]
		var e error
		b, e = appendCount(le.AppendUint32(b, wb.ID), len(wb.Bones), p.ID())
		err = firstErr(err, e)
		for j := range wb.Bones {
			bone := &wb.Bones[j]
			b, e = appendStr(b, bone.Name)
			err = firstErr(err, e)
			b = w.appendVec(w.appendVec(b, bone.Location), bone.Rotation)
		}
	}
	return b, err
}

func appendWheels(b []byte, p *VehicleWheelsList) ([]byte, error) {
	b, err := appendCount(b, len(p.Records), p.ID())
	for i := range p.Records {
		vw := &p.Records[i]
		var e error
		b, e = appendCount32(le.AppendUint32(b, vw.ID), len(vw.Wheels))
		err = firstErr(err, e)
		for _, s := range vw.Wheels {
			b = appendF32(appendF32(append(b, s.Location), s.SteeringAngle), s.TireRotation)
		}
	}
	return b, err
}

// firstErr returns err, or else the first non-nil of more.
func firstErr(err error, more ...error) error {
	for _, e := range more {
		if err == nil {
			err = e
		}
	}
	return err
}
