package recorder

import (
	"encoding/binary"
	"math"
)

// Wire sizes of fixed records (UE4 layout for those holding vecs).
const (
	countSize        = 2 // uint16 record count
	eventDelRec      = 4
	eventParentRec   = 8
	collisionRec     = 14
	trafficLightRec  = 10
	vehicleAnimRec   = 21
	walkerAnimRec    = 8
	vehicleLightRec  = 8
	sceneLightRec    = 26
	lightTimeRec     = 16
	wheelStateRec    = 9
	weatherRec       = 56
	weatherNoDustRec = 52 // builds whose weather lacks DustStorm
)

// packets holds one reusable struct per packet type; Next returns pointers
// into it.
type packets struct {
	frameStart   FrameStart
	frameEnd     FrameEnd
	eventAdd     EventAdd
	eventDel     EventDel
	eventParent  EventParent
	collisions   Collisions
	positions    Positions
	lights       TrafficLightStates
	vehicleAnims VehicleAnimations
	walkerAnims  WalkerAnimations
	vehLights    VehicleLights
	sceneLights  SceneLights
	kinematics   KinematicsList
	boxes        BoundingBoxes
	platformTime PlatformTime
	physics      PhysicsControls
	lightTimes   TrafficLightTimes
	triggers     TriggerVolumes
	counter      FrameCounter
	bones        WalkerBonesList
	visualTime   VisualTime
	wheels       VehicleWheelsList
	bikers       BikerAnimations
	doors        VehicleDoors
	weather      Weather
	raw          Raw
}

var le = binary.LittleEndian

func f32(b []byte) float32 { return math.Float32frombits(le.Uint32(b)) }
func f64(b []byte) float64 { return math.Float64frombits(le.Uint64(b)) }

// vec decodes a vec at the start of b in the given width.
func vec(b []byte, wide bool) Vec3 {
	if wide {
		return Vec3{f64(b), f64(b[8:]), f64(b[16:])}
	}
	return Vec3{float64(f32(b)), float64(f32(b[4:])), float64(f32(b[8:]))}
}

// resize returns s with length n, reusing its backing array (and so the
// nested slices of old elements) when it is large enough. Callers have
// checked n against the bytes that hold the records.
func resize[T any](s []T, n int) []T {
	if n <= cap(s) {
		return s[:n]
	}
	ns := make([]T, n)
	copy(ns, s[:cap(s)])
	return ns
}

// decode decodes one packet payload by its wire id.
//
// An empty packet 21, 22 or 23 read before the data has shown the id
// numbering comes back as *Raw: its type cannot be told, and Raw keeps it
// exact for a Writer.
func (r *Reader) decode(wire uint8, p []byte) (Packet, error) {
	pk := &r.pk
	if wire >= 21 && wire <= 23 && !r.lay.devKnown && len(p) == countSize && p[0] == 0 && p[1] == 0 {
		pk.raw = Raw{WireID: wire, Data: p}
		return &pk.raw, nil
	}
	switch canonical(wire, r.lay.DevNumbering) {
	case IDFrameStart:
		if len(p) != frameStartSize {
			return nil, r.sizeErr(wire, p, frameStartSize)
		}
		pk.frameStart = FrameStart{Frame: le.Uint64(p), Duration: f64(p[8:]), Elapsed: f64(p[16:])}
		return &pk.frameStart, nil
	case IDFrameEnd:
		if len(p) != 0 {
			return nil, r.sizeErr(wire, p, 0)
		}
		return &pk.frameEnd, nil
	case IDEventAdd:
		return r.decodeEventAdd(wire, p)
	case IDEventDel:
		return r.decodeEventDel(wire, p)
	case IDEventParent:
		return r.decodeEventParent(wire, p)
	case IDCollision:
		return r.decodeCollisions(wire, p)
	case IDPosition:
		return r.decodePositions(wire, p)
	case IDTrafficLight:
		return r.decodeLights(wire, p)
	case IDVehicleAnimation:
		return r.decodeVehicleAnims(wire, p)
	case IDWalkerAnimation:
		return r.decodeWalkerAnims(wire, p)
	case IDVehicleLight:
		return r.decodeVehicleLights(wire, p)
	case IDSceneLight:
		return r.decodeSceneLights(wire, p)
	case IDKinematics:
		return r.decodeKinematics(wire, p)
	case IDBoundingBox:
		recs, err := r.decodeBoxes(wire, p, pk.boxes.Records)
		pk.boxes.Records = recs
		return &pk.boxes, err
	case IDTriggerVolume:
		recs, err := r.decodeBoxes(wire, p, pk.triggers.Records)
		pk.triggers.Records = recs
		return &pk.triggers, err
	case IDPlatformTime:
		if len(p) != 8 {
			return nil, r.sizeErr(wire, p, 8)
		}
		pk.platformTime.Seconds = f64(p)
		return &pk.platformTime, nil
	case IDVisualTime:
		if len(p) != 8 {
			return nil, r.sizeErr(wire, p, 8)
		}
		pk.visualTime.Seconds = f64(p)
		return &pk.visualTime, nil
	case IDFrameCounter:
		if len(p) != 8 {
			return nil, r.sizeErr(wire, p, 8)
		}
		pk.counter.Counter = le.Uint64(p)
		return &pk.counter, nil
	case IDPhysicsControl:
		return r.decodePhysics(wire, p)
	case IDTrafficLightTime:
		return r.decodeLightTimes(wire, p)
	case IDWalkerBones:
		return r.decodeBones(wire, p)
	case IDVehicleWheels:
		return r.decodeWheels(wire, p)
	case IDBikerAnimation:
		return r.decodeBikers(wire, p)
	case IDVehicleDoor:
		return r.decodeDoors(wire, p)
	case IDWeather:
		return r.decodeWeather(wire, p)
	}
	pk.raw = Raw{WireID: wire, Data: p}
	return &pk.raw, nil
}

// sizeErr reports a packet without a count whose size is not want.
func (r *Reader) sizeErr(wire uint8, p []byte, want int) error {
	return formatErr(r.off, int(wire), "size %d, want %d", len(p), want)
}

// records checks a counted packet of n records of rec bytes each and
// returns n and the record bytes.
func (r *Reader) records(wire uint8, p []byte, rec int) (int, []byte, error) {
	if len(p) < countSize {
		return 0, nil, formatErr(r.off, int(wire), "size %d too small for a record count", len(p))
	}
	n := int(le.Uint16(p))
	need := countSize + n*rec
	if need > len(p) {
		return 0, nil, formatErr(r.off, int(wire), "count %d does not fit in %d bytes", n, len(p))
	}
	if need < len(p) {
		return 0, nil, formatErr(r.off+packetHeader+int64(need), int(wire),
			"%d trailing bytes after %d records", len(p)-need, n)
	}
	return n, p[countSize:], nil
}

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

// decodePositions is the hot path of playback: one record per moving actor
// per frame, decoded into a reused slice.
func (r *Reader) decodePositions(wire uint8, p []byte) (Packet, error) {
	wide := r.lay.Wide
	rec := 4 + 2*r.lay.vecSize()
	n, b, err := r.records(wire, p, rec)
	if err != nil {
		return nil, err
	}
	recs := resize(r.pk.positions.Records, n)
	if wide {
		for i := range recs {
			q := b[i*rec : i*rec+rec]
			recs[i] = Position{ID: le.Uint32(q), Location: vec(q[4:], true), Rotation: vec(q[28:], true)}
		}
	} else {
		for i := range recs {
			q := b[i*rec : i*rec+rec]
			recs[i] = Position{
				ID:       le.Uint32(q),
				Location: Vec3{float64(f32(q[4:])), float64(f32(q[8:])), float64(f32(q[12:]))},
				Rotation: Vec3{float64(f32(q[16:])), float64(f32(q[20:])), float64(f32(q[24:]))},
			}
		}
	}
	r.pk.positions.Records = recs
	return &r.pk.positions, nil
}

func (r *Reader) decodeLights(wire uint8, p []byte) (Packet, error) {
	n, b, err := r.records(wire, p, trafficLightRec)
	if err != nil {
		return nil, err
	}
	recs := resize(r.pk.lights.Records, n)
	for i := range recs {
		q := b[i*trafficLightRec : i*trafficLightRec+trafficLightRec]
		recs[i] = TrafficLightState{ID: le.Uint32(q), Frozen: q[4] != 0, Elapsed: f32(q[5:]), State: LightState(q[9])}
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
		q := b[i*vehicleAnimRec : i*vehicleAnimRec+vehicleAnimRec]
		recs[i] = VehicleAnimation{ID: le.Uint32(q), Steering: f32(q[4:]), Throttle: f32(q[8:]),
			Brake: f32(q[12:]), Handbrake: q[16] != 0, Gear: int32(le.Uint32(q[17:]))}
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
		q := b[i*walkerAnimRec:]
		recs[i] = WalkerAnimation{ID: le.Uint32(q), Speed: f32(q[4:])}
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
		q := b[i*vehicleLightRec:]
		recs[i] = VehicleLight{ID: le.Uint32(q), Bits: le.Uint32(q[4:])}
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
	vs := r.lay.vecSize()
	rec := 4 + 2*vs
	n, b, err := r.records(wire, p, rec)
	if err != nil {
		return nil, err
	}
	recs := resize(r.pk.kinematics.Records, n)
	for i := range recs {
		q := b[i*rec:]
		recs[i] = Kinematics{ID: le.Uint32(q), Linear: vec(q[4:], r.lay.Wide), Angular: vec(q[4+vs:], r.lay.Wide)}
	}
	r.pk.kinematics.Records = recs
	return &r.pk.kinematics, nil
}

// decodeBoxes decodes BoundingBox and TriggerVolume, which share a record.
func (r *Reader) decodeBoxes(wire uint8, p []byte, recs []Box) ([]Box, error) {
	vs := r.lay.vecSize()
	rec := 4 + 2*vs
	n, b, err := r.records(wire, p, rec)
	if err != nil {
		return recs, err
	}
	recs = resize(recs, n)
	for i := range recs {
		q := b[i*rec:]
		recs[i] = Box{ID: le.Uint32(q), Origin: vec(q[4:], r.lay.Wide), Extent: vec(q[4+vs:], r.lay.Wide)}
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
