package recorder

import "encoding/binary"

// Header is the info header at the start of every recording.
type Header struct {
	Version uint16 // 1 in every CARLA release so far
	Magic   string // "CARLA_RECORDER"
	Date    int64  // Unix seconds
	Map     string // e.g. "Town01"
}

// Magic is the magic string of every recorder file.
const Magic = "CARLA_RECORDER"

// Layout is what the header does not say but the packets show.
type Layout struct {
	// Wide is set for Unreal 5 builds, which write every vec as three
	// float64 (a Position record is 52 B instead of 28 B).
	Wide bool
	// DevNumbering is set for development builds of Nov 2023 to Mar 2025,
	// which wrote VehicleDoor as 21, VehicleWheels as 22 and BikerAnimation
	// as 23.
	DevNumbering bool
}

// Record sizes that layout detection and decoding share.
const (
	narrowVec = 12 // vec as 3 x float32
	wideVec   = 24 // vec as 3 x float64
	doorRec   = 6
	bikerRec  = 12
)

// vecSize is the size of one vec in the layout.
func (l Layout) vecSize() int {
	if l.Wide {
		return wideVec
	}
	return narrowVec
}

// layoutState is a Layout plus whether each half of it has been shown by
// the data yet; until then the reader tries both where it matters.
type layoutState struct {
	Layout
	wideKnown, devKnown bool
}

// known reports whether nothing is left to detect.
func (s *layoutState) known() bool { return s.wideKnown && s.devKnown }

// detect updates s from one packet (wire id and payload) whose size alone
// tells the layout: a non-empty Position, Kinematics, BoundingBox or
// TriggerVolume for the vector width, and a non-empty packet 21, 22 or 23
// for the numbering.
func (s *layoutState) detect(wire uint8, p []byte) {
	if len(p) < 2 {
		return
	}
	n := int(binary.LittleEndian.Uint16(p))
	if n == 0 {
		return
	}
	size := len(p) - 2
	switch PacketID(wire) {
	case IDPosition, IDKinematics, IDBoundingBox, IDTriggerVolume:
		if s.wideKnown {
			return
		}
		switch size {
		case n * (4 + 2*narrowVec):
			s.Wide, s.wideKnown = false, true
		case n * (4 + 2*wideVec):
			s.Wide, s.wideKnown = true, true
		}
	case 21: // wheels in 0.9.16, door in dev builds
		if s.devKnown {
			return
		}
		if size == n*doorRec {
			s.DevNumbering, s.devKnown = true, true
		} else if wheelsFit(p) {
			s.DevNumbering, s.devKnown = false, true
		}
	case 22: // biker in 0.9.16, wheels in dev builds
		if s.devKnown {
			return
		}
		if size == n*bikerRec {
			s.DevNumbering, s.devKnown = false, true
		} else if wheelsFit(p) {
			s.DevNumbering, s.devKnown = true, true
		}
	case 23: // door in 0.9.16, biker in dev builds
		if s.devKnown {
			return
		}
		switch size {
		case n * bikerRec:
			s.DevNumbering, s.devKnown = true, true
		case n * doorRec:
			s.DevNumbering, s.devKnown = false, true
		}
	}
}

// wheelsFit reports whether p is exactly a VehicleWheels payload.
func wheelsFit(p []byte) bool {
	n := int(binary.LittleEndian.Uint16(p))
	i := 2
	for range n {
		if len(p)-i < 8 {
			return false
		}
		k := int64(binary.LittleEndian.Uint32(p[i+4:]))
		i += 8
		if k*wheelStateRec > int64(len(p)-i) {
			return false
		}
		i += int(k) * wheelStateRec
	}
	return i == len(p)
}

// canonical maps a wire id to the 0.9.16 id under the numbering dev.
func canonical(wire uint8, dev bool) PacketID {
	if dev {
		switch wire {
		case 21:
			return IDVehicleDoor
		case 22:
			return IDVehicleWheels
		case 23:
			return IDBikerAnimation
		}
	}
	return PacketID(wire)
}

// wireID maps a canonical id to the id written under the numbering dev.
func wireID(id PacketID, dev bool) uint8 {
	if dev {
		switch id {
		case IDVehicleDoor:
			return 21
		case IDVehicleWheels:
			return 22
		case IDBikerAnimation:
			return 23
		}
	}
	return uint8(id)
}
