package recorder

import (
	"fmt"
	"strconv"
)

// FormatError reports bytes that are not a valid recording. Offset is the
// absolute byte offset in the file where the problem is: where the data
// stops for a truncated file, the start of the offending packet for framing
// and count errors, the first extra byte for trailing bytes, the length
// or count field for an over-long string or list. Packet is the wire id of
// the packet involved: the one cut short, out of place or badly sized, or
// 1 (FrameEnd) when the data stops between the packets of a frame, whose
// FrameEnd is then missing; it is -1 for errors in the info header.
//
// Error gives one sentence saying what, where and why, with absolute file
// offsets only: "recorder: byte 3000: packet 6 (Position) of 9409 payload
// bytes starting at byte 2937 runs past the end of the data". Msg is the
// part after the packet's name ("of 9409 payload bytes ... data"), or the
// whole sentence when Packet is -1.
type FormatError struct {
	Offset int64
	Packet int
	Msg    string
}

func (e *FormatError) Error() string {
	if e.Packet < 0 {
		return fmt.Sprintf("recorder: byte %d: %s", e.Offset, e.Msg)
	}
	return fmt.Sprintf("recorder: byte %d: packet %d (%v) %s", e.Offset, e.Packet, PacketID(e.Packet), e.Msg)
}

// formatErr builds a *FormatError; packet is a wire id or -1. The message
// continues the sentence "packet 6 (Position) ..." (see FormatError), and
// any byte it names is an absolute file offset.
func formatErr(off int64, packet int, format string, args ...any) *FormatError {
	return &FormatError{Offset: off, Packet: packet, Msg: fmt.Sprintf(format, args...)}
}

var packetNames = [...]string{
	IDFrameStart:       "FrameStart",
	IDFrameEnd:         "FrameEnd",
	IDEventAdd:         "EventAdd",
	IDEventDel:         "EventDel",
	IDEventParent:      "EventParent",
	IDCollision:        "Collision",
	IDPosition:         "Position",
	IDTrafficLight:     "TrafficLight",
	IDVehicleAnimation: "VehicleAnimation",
	IDWalkerAnimation:  "WalkerAnimation",
	IDVehicleLight:     "VehicleLight",
	IDSceneLight:       "SceneLight",
	IDKinematics:       "Kinematics",
	IDBoundingBox:      "BoundingBox",
	IDPlatformTime:     "PlatformTime",
	IDPhysicsControl:   "PhysicsControl",
	IDTrafficLightTime: "TrafficLightTime",
	IDTriggerVolume:    "TriggerVolume",
	IDFrameCounter:     "FrameCounter",
	IDWalkerBones:      "WalkerBones",
	IDVisualTime:       "VisualTime",
	IDVehicleWheels:    "VehicleWheels",
	IDBikerAnimation:   "BikerAnimation",
	IDVehicleDoor:      "VehicleDoor",
	IDWeather:          "Weather",
}

// String returns a human name for the id: "Position", "EventAdd", ...;
// "user 105" for user ids (>= 100) and "unknown 77" for other ids. Names are
// those of the 0.9.16 numbering (see Layout.DevNumbering).
func (id PacketID) String() string {
	switch {
	case int(id) < len(packetNames):
		return packetNames[id]
	case id >= 100:
		return "user " + strconv.Itoa(int(id))
	}
	return "unknown " + strconv.Itoa(int(id))
}
