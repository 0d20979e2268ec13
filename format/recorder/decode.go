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
	skimmed      Skimmed
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
	id := canonical(wire, r.lay.DevNumbering)
	if id < 32 && (r.skim|r.ignore)&(1<<id) != 0 {
		if r.ignore&(1<<id) != 0 {
			if skimmable&(1<<id) != 0 { // fixed-size records: checking costs nothing
				if _, _, err := r.records(wire, p, r.recordSize(id)); err != nil {
					return nil, err
				}
			}
			pk.raw = Raw{WireID: wire, Data: p}
			return &pk.raw, nil
		}
		return r.decodeSkimmed(wire, id, p)
	}
	switch id {
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
	return formatErr(r.off, int(wire), "has a payload of %d bytes; it must have %d", len(p), want)
}

// records checks a counted packet of n records of rec bytes each and
// returns n and the record bytes.
func (r *Reader) records(wire uint8, p []byte, rec int) (int, []byte, error) {
	if len(p) < countSize {
		return 0, nil, formatErr(r.off, int(wire), "has a payload of %d bytes, too short for its %d-byte record count", len(p), countSize)
	}
	n := int(le.Uint16(p))
	need := countSize + n*rec
	if need > len(p) {
		return 0, nil, formatErr(r.off, int(wire), "counts %d records of %d bytes, but its payload of %d bytes holds only %d after the count",
			n, rec, len(p), len(p)-countSize)
	}
	if need < len(p) {
		return 0, nil, formatErr(r.off+packetHeader+int64(need), int(wire),
			"starting at byte %d has %d bytes left over after its %d records", r.off, len(p)-need, n)
	}
	return n, p[countSize:], nil
}
