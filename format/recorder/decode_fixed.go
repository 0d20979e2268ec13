package recorder

// Decoders of the packets made of fixed-size records. Each checks the
// count against the payload (Reader.records) before it sizes a slice.

func (r *Reader) decodeEventDel(wire uint8, p []byte) (Packet, error) {
	n, b, err := r.records(wire, p, eventDelRec)
	if err != nil {
		return nil, err
	}
	ids := resize(r.pk.eventDel.IDs, n)
	for i := range ids {
		ids[i] = le.Uint32(b[i*eventDelRec:])
	}
	r.pk.eventDel.IDs = ids
	return &r.pk.eventDel, nil
}

func (r *Reader) decodeEventParent(wire uint8, p []byte) (Packet, error) {
	n, b, err := r.records(wire, p, eventParentRec)
	if err != nil {
		return nil, err
	}
	recs := resize(r.pk.eventParent.Links, n)
	for i := range recs {
		q := b[i*eventParentRec:]
		recs[i] = ParentLink{Child: le.Uint32(q), Parent: le.Uint32(q[4:])}
	}
	r.pk.eventParent.Links = recs
	return &r.pk.eventParent, nil
}

func (r *Reader) decodeCollisions(wire uint8, p []byte) (Packet, error) {
	n, b, err := r.records(wire, p, collisionRec)
	if err != nil {
		return nil, err
	}
	recs := resize(r.pk.collisions.Records, n)
	for i := range recs {
		q := b[i*collisionRec:]
		recs[i] = Collision{ID: le.Uint32(q), Actor1: le.Uint32(q[4:]), Actor2: le.Uint32(q[8:]),
			Hero1: q[12] != 0, Hero2: q[13] != 0}
	}
	r.pk.collisions.Records = recs
	return &r.pk.collisions, nil
}

// Records of an actor id and two vecs: Position, Kinematics, BoundingBox
// and TriggerVolume.
const (
	narrowIDVecs = 4 + 2*narrowVec
	wideIDVecs   = 4 + 2*wideVec
)

// decodePositions is the hot path of playback: one record per moving actor
// per frame, decoded into a reused slice. The loops here and in the other
// id-and-vecs decoders read each record through a fixed-size array and
// write its fields in place (narrow3 and wide3 are small enough to be
// inlined, so one bounds check per record remains): with the record size a
// variable and a struct literal per record, decoding took three times as
// long.
func (r *Reader) decodePositions(wire uint8, p []byte) (Packet, error) {
	n, b, err := r.records(wire, p, 4+2*r.lay.vecSize())
	if err != nil {
		return nil, err
	}
	recs := resize(r.pk.positions.Records, n)
	if r.lay.Wide {
		for i := range recs {
			q, d := (*[wideIDVecs]byte)(b[i*wideIDVecs:]), &recs[i]
			d.ID, d.Location, d.Rotation = le.Uint32(q[:]), wide3((*[wideVec]byte)(q[4:])), wide3((*[wideVec]byte)(q[28:]))
		}
	} else {
		for i := range recs {
			q, d := (*[narrowIDVecs]byte)(b[i*narrowIDVecs:]), &recs[i]
			d.ID, d.Location, d.Rotation = le.Uint32(q[:]), narrow3((*[narrowVec]byte)(q[4:])), narrow3((*[narrowVec]byte)(q[16:]))
		}
	}
	r.pk.positions.Records = recs
	return &r.pk.positions, nil
}

// narrow3 decodes a vec of three float32.
func narrow3(q *[narrowVec]byte) Vec3 {
	return Vec3{float64(f32(q[0:])), float64(f32(q[4:])), float64(f32(q[8:]))}
}

// wide3 decodes a vec of three float64 (Unreal 5 builds).
func wide3(q *[wideVec]byte) Vec3 { return Vec3{f64(q[0:]), f64(q[8:]), f64(q[16:])} }

func (r *Reader) decodeLights(wire uint8, p []byte) (Packet, error) {
	n, b, err := r.records(wire, p, trafficLightRec)
	if err != nil {
		return nil, err
	}
	recs := resize(r.pk.lights.Records, n)
	for i := range recs {
		q := (*[trafficLightRec]byte)(b[i*trafficLightRec:])
		d := &recs[i]
		d.ID, d.Frozen, d.Elapsed, d.State = le.Uint32(q[:]), q[4] != 0, f32(q[5:]), LightState(q[9])
	}
	r.pk.lights.Records = recs
	return &r.pk.lights, nil
}

func (r *Reader) decodeVehicleAnims(wire uint8, p []byte) (Packet, error) {
	n, b, err := r.records(wire, p, vehicleAnimRec)
	if err != nil {
		return nil, err
	}
	recs := resize(r.pk.vehicleAnims.Records, n)
	for i := range recs {
		q := (*[vehicleAnimRec]byte)(b[i*vehicleAnimRec:])
		d := &recs[i]
		d.ID, d.Steering, d.Throttle, d.Brake = le.Uint32(q[:]), f32(q[4:]), f32(q[8:]), f32(q[12:])
		d.Handbrake, d.Gear = q[16] != 0, int32(le.Uint32(q[17:]))
	}
	r.pk.vehicleAnims.Records = recs
	return &r.pk.vehicleAnims, nil
}

func (r *Reader) decodeWalkerAnims(wire uint8, p []byte) (Packet, error) {
	n, b, err := r.records(wire, p, walkerAnimRec)
	if err != nil {
		return nil, err
	}
	recs := resize(r.pk.walkerAnims.Records, n)
	for i := range recs {
		q := (*[walkerAnimRec]byte)(b[i*walkerAnimRec:])
		recs[i].ID, recs[i].Speed = le.Uint32(q[:]), f32(q[4:])
	}
	r.pk.walkerAnims.Records = recs
	return &r.pk.walkerAnims, nil
}

func (r *Reader) decodeVehicleLights(wire uint8, p []byte) (Packet, error) {
	n, b, err := r.records(wire, p, vehicleLightRec)
	if err != nil {
		return nil, err
	}
	recs := resize(r.pk.vehLights.Records, n)
	for i := range recs {
		q := (*[vehicleLightRec]byte)(b[i*vehicleLightRec:])
		recs[i].ID, recs[i].Bits = le.Uint32(q[:]), le.Uint32(q[4:])
	}
	r.pk.vehLights.Records = recs
	return &r.pk.vehLights, nil
}

func (r *Reader) decodeSceneLights(wire uint8, p []byte) (Packet, error) {
	n, b, err := r.records(wire, p, sceneLightRec)
	if err != nil {
		return nil, err
	}
	recs := resize(r.pk.sceneLights.Records, n)
	for i := range recs {
		q := b[i*sceneLightRec : i*sceneLightRec+sceneLightRec]
		recs[i] = SceneLight{LightID: int32(le.Uint32(q)), Intensity: f32(q[4:]),
			Color: [4]float32{f32(q[8:]), f32(q[12:]), f32(q[16:]), f32(q[20:])},
			On:    q[24] != 0, Group: q[25]}
	}
	r.pk.sceneLights.Records = recs
	return &r.pk.sceneLights, nil
}

func (r *Reader) decodeKinematics(wire uint8, p []byte) (Packet, error) {
	n, b, err := r.records(wire, p, 4+2*r.lay.vecSize())
	if err != nil {
		return nil, err
	}
	recs := resize(r.pk.kinematics.Records, n)
	if r.lay.Wide {
		for i := range recs {
			q, d := (*[wideIDVecs]byte)(b[i*wideIDVecs:]), &recs[i]
			d.ID, d.Linear, d.Angular = le.Uint32(q[:]), wide3((*[wideVec]byte)(q[4:])), wide3((*[wideVec]byte)(q[28:]))
		}
	} else {
		for i := range recs {
			q, d := (*[narrowIDVecs]byte)(b[i*narrowIDVecs:]), &recs[i]
			d.ID, d.Linear, d.Angular = le.Uint32(q[:]), narrow3((*[narrowVec]byte)(q[4:])), narrow3((*[narrowVec]byte)(q[16:]))
		}
	}
	r.pk.kinematics.Records = recs
	return &r.pk.kinematics, nil
}

// decodeBoxes decodes BoundingBox and TriggerVolume, which share a record
// (written at spawn: not a hot path).
func (r *Reader) decodeBoxes(wire uint8, p []byte, recs []Box) ([]Box, error) {
	n, b, err := r.records(wire, p, 4+2*r.lay.vecSize())
	if err != nil {
		return recs, err
	}
	recs = resize(recs, n)
	for i := range recs {
		d := &recs[i]
		if r.lay.Wide {
			q := (*[wideIDVecs]byte)(b[i*wideIDVecs:])
			d.ID, d.Origin, d.Extent = le.Uint32(q[:]), wide3((*[wideVec]byte)(q[4:])), wide3((*[wideVec]byte)(q[28:]))
		} else {
			q := (*[narrowIDVecs]byte)(b[i*narrowIDVecs:])
			d.ID, d.Origin, d.Extent = le.Uint32(q[:]), narrow3((*[narrowVec]byte)(q[4:])), narrow3((*[narrowVec]byte)(q[16:]))
		}
	}
	return recs, nil
}

func (r *Reader) decodeLightTimes(wire uint8, p []byte) (Packet, error) {
	n, b, err := r.records(wire, p, lightTimeRec)
	if err != nil {
		return nil, err
	}
	recs := resize(r.pk.lightTimes.Records, n)
	for i := range recs {
		q := b[i*lightTimeRec:]
		recs[i] = TrafficLightTime{ID: le.Uint32(q), Green: f32(q[4:]), Yellow: f32(q[8:]), Red: f32(q[12:])}
	}
	r.pk.lightTimes.Records = recs
	return &r.pk.lightTimes, nil
}

func (r *Reader) decodeBikers(wire uint8, p []byte) (Packet, error) {
	n, b, err := r.records(wire, p, bikerRec)
	if err != nil {
		return nil, err
	}
	recs := resize(r.pk.bikers.Records, n)
	for i := range recs {
		q := b[i*bikerRec:]
		recs[i] = BikerAnimation{ID: le.Uint32(q), ForwardSpeed: f32(q[4:]), EngineRotation: f32(q[8:])}
	}
	r.pk.bikers.Records = recs
	return &r.pk.bikers, nil
}

func (r *Reader) decodeDoors(wire uint8, p []byte) (Packet, error) {
	n, b, err := r.records(wire, p, doorRec)
	if err != nil {
		return nil, err
	}
	recs := resize(r.pk.doors.Records, n)
	for i := range recs {
		q := b[i*doorRec:]
		recs[i] = VehicleDoor{ID: le.Uint32(q), Door: q[4], Open: q[5] != 0}
	}
	r.pk.doors.Records = recs
	return &r.pk.doors, nil
}

// decodeWeather decodes a weather packet holding exactly one 56-byte
// record into Weather. CARLA writes weather as a counted list; other valid
// shapes (several records, or the 52-byte records of builds without
// DustStorm) come back as *Raw so that they still copy exactly.
func (r *Reader) decodeWeather(wire uint8, p []byte) (Packet, error) {
	if len(p) >= countSize {
		n := int(le.Uint16(p))
		if n != 1 && (len(p) == countSize+n*weatherRec || len(p) == countSize+n*weatherNoDustRec) {
			r.pk.raw = Raw{WireID: wire, Data: p}
			return &r.pk.raw, nil
		}
		if n == 1 && len(p) == countSize+weatherNoDustRec {
			r.pk.raw = Raw{WireID: wire, Data: p}
			return &r.pk.raw, nil
		}
	}
	_, b, err := r.records(wire, p, weatherRec)
	if err != nil {
		return nil, err
	}
	var v [14]float32
	for i := range v {
		v[i] = f32(b[4*i:])
	}
	r.pk.weather = Weather{v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7], v[8], v[9], v[10], v[11], v[12], v[13]}
	return &r.pk.weather, nil
}
