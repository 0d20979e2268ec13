// Package recorder reads and writes CARLA recorder files (.log), the binary
// recordings made by CARLA's `start_recorder`.
//
// A file is an info header followed by packets: a one-byte id, a uint32
// payload size, then the payload (the byte layouts are in the shared format
// sheet, recorder-format.md). A Reader decodes them one by one into the
// types of packet.go, reusing its buffers so that a large recording decodes
// without allocating per record; BuildIndex finds every frame without
// decoding payloads, and NewFrameReader decodes any run of frames on its
// own, for seeking; a Writer encodes packets back, byte for byte as CARLA
// writes them. Values stay in the file's units and axes (centimetres,
// degrees, Unreal's left-handed X forward, Y right, Z up).
//
// The Reader works a frame at a time: it buffers a whole frame (FrameStart
// through FrameEnd) before returning its first packet, so that a truncated
// or badly framed file yields exactly its complete frames followed by one
// *FormatError, which names the byte offset and the packet. Decoding errors
// inside a complete frame are reported when the bad packet is reached.
// Counts are checked against the bytes that remain before anything is
// allocated, and the read buffer grows only as data arrives, so a hostile
// file costs no more memory than its own size.
//
// # Versions
//
// Every CARLA release writes version 1 in the header, so the Reader learns
// what it must from the packets themselves (see Layout): the vector width
// from record sizes (Unreal 5 builds write vectors as three float64, e.g.
// 52-byte Position records instead of 28), and the numbering of ids 21-23
// (development builds of Nov 2023 to Mar 2025 wrote VehicleDoor,
// VehicleWheels and BikerAnimation as 21, 22 and 23) from the sizes of
// their records. PhysicsControl wheels are 36 or 48 bytes (before and from
// 0.9.12), again with no marker: the form that fits the packet is taken.
// Ids it does not know, including user ids >= 100, come back as *Raw.
//
// # What the real recordings show
//
// The two real recordings (CARLA 0.9.10 and 0.9.13, Town01) were checked
// field by field; the tests pin these facts:
//
//   - Both PhysicsControl wheel forms end with the wheel's position. In the
//     0.9.10 file, whose wheels are the 36-byte form, the last three floats
//     are the world location in cm of each wheel centre at spawn, 78 cm
//     either side of the hero's spawn point and 147 cm ahead or 139 cm
//     behind it: the Lincoln's track and wheelbase. The 0.9.13 file's
//     48-byte wheels hold the same positions after the three tyre
//     stiffness values. (An earlier reading of the format took the short
//     form to have no position; it has one, and Wheel.Position is filled
//     for both forms.)
//   - The date is Unix seconds since 1970 (the public format page says
//     1900).
//   - Frame 1's elapsed time is 0; every frame's duration is patched to
//     the time to the next frame, and the last frame keeps -1.
//   - 0.9.10 numbers actor types without Sensor (sensors are 0, Other);
//     0.9.13 has Sensor = 5.
//   - 0.9.13 records the spectator's and the sensors' bounding boxes as a
//     NaN centre and an infinite extent; they decode and re-encode as they
//     are.
//
// # Unreal 5 PhysicsControl
//
// Unreal 5 builds write PhysicsControl as a different record (Chaos vehicle
// physics: engine, gear-ratio lists, wheels dumped from C++ structs) that
// the types here do not model. In a file known to be wide, such a packet
// comes back as *Raw with its payload, so that reading goes on and a Writer
// copies it exactly.
//
// The package uses only the standard library.
package recorder
