package recorder

// Skimmed is a packet of per-actor records decoded only as far as each
// record's actor id. A Reader told to skim a packet type (Reader.Skim)
// returns it instead of the decoded packet: a reader that only needs to
// know which actors a packet names (such as a scan that keeps the values
// only now and then) saves decoding the rest. It cannot be written.
type Skimmed struct {
	Type PacketID // canonical id of the packet skimmed
	IDs  []uint32 // the actor id of each record, in file order
}

// ID returns the canonical id of the packet skimmed.
func (p *Skimmed) ID() PacketID { return p.Type }

// skimmable is the set of packets that can be skimmed: those made of
// fixed-size records that start with the actor id, as bits 1<<id.
const skimmable = 1<<IDPosition | 1<<IDTrafficLight | 1<<IDVehicleAnimation | 1<<IDWalkerAnimation |
	1<<IDVehicleLight | 1<<IDKinematics | 1<<IDBoundingBox | 1<<IDTriggerVolume |
	1<<IDTrafficLightTime | 1<<IDBikerAnimation | 1<<IDVehicleDoor

// Skim makes Next return the packets of the given types as *Skimmed from
// the next packet on, until Skim is called again; Skim() decodes every
// packet again. Only packets made of fixed-size records that start with
// an actor id can be skimmed (Position, TrafficLight, VehicleAnimation,
// WalkerAnimation, VehicleLight, Kinematics, BoundingBox, TriggerVolume,
// TrafficLightTime, BikerAnimation, VehicleDoor); other ids are ignored. A
// skimmed packet is checked exactly as a decoded one (its record count
// against its size), so a file gives the same errors either way.
func (r *Reader) Skim(ids ...PacketID) {
	r.skim = 0
	for _, id := range ids {
		if id < 32 {
			r.skim |= (1 << id) & skimmable
		}
	}
}

// recordSize is the record size of a skimmable packet in the current
// layout.
func (r *Reader) recordSize(id PacketID) int {
	switch id {
	case IDPosition, IDKinematics, IDBoundingBox, IDTriggerVolume:
		return 4 + 2*r.lay.vecSize()
	case IDTrafficLight:
		return trafficLightRec
	case IDVehicleAnimation:
		return vehicleAnimRec
	case IDWalkerAnimation:
		return walkerAnimRec
	case IDVehicleLight:
		return vehicleLightRec
	case IDTrafficLightTime:
		return lightTimeRec
	case IDBikerAnimation:
		return bikerRec
	case IDVehicleDoor:
		return doorRec
	}
	return 0
}

// decodeSkimmed decodes the ids of a packet being skimmed.
func (r *Reader) decodeSkimmed(wire uint8, id PacketID, p []byte) (Packet, error) {
	rec := r.recordSize(id)
	n, b, err := r.records(wire, p, rec)
	if err != nil {
		return nil, err
	}
	ids := resize(r.pk.skimmed.IDs, n)
	for i := range ids {
		ids[i] = le.Uint32(b[i*rec:])
	}
	r.pk.skimmed = Skimmed{Type: id, IDs: ids}
	return &r.pk.skimmed, nil
}

// Ignore makes Next return the packets of the given types as *Raw (their
// payload, not decoded) from the next packet on, until Ignore is called
// again; Ignore() decodes them all again. FrameStart and FrameEnd cannot
// be ignored. The packets that can be skimmed (fixed-size records) are
// still checked, which costs nothing: their record count against their
// size, so a file gives the same errors as when they are decoded. The
// others are not checked at all: that is for a reader of data checked
// already (the scene decodes a big file's frames twice, once on other
// goroutines that check every packet). The frame structure is always
// checked, so frames come and go exactly as without Ignore. A packet both
// skimmed and ignored is ignored.
func (r *Reader) Ignore(ids ...PacketID) {
	r.ignore = 0
	for _, id := range ids {
		if id < 32 && id != IDFrameStart && id != IDFrameEnd {
			r.ignore |= 1 << id
		}
	}
}
