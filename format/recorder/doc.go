// Package recorder reads and writes CARLA recorder files (.log), the binary
// recordings made by CARLA's `start_recorder`.
//
// A file is an info header followed by packets: a one-byte id, a uint32
// payload size, then the payload (see docs in the shared format sheet). A
// Reader decodes them one by one into the types of packet.go, reusing its
// buffers so that a large recording decodes without allocating per record;
// BuildIndex finds every frame without decoding payloads, for seeking; a
// Writer encodes packets back, byte for byte as CARLA writes them.
//
// The Reader works a frame at a time: it buffers a whole frame (FrameStart
// through FrameEnd) before returning its first packet, so that a truncated
// or badly framed file yields exactly its complete frames followed by one
// *FormatError. Decoding errors inside a complete frame are reported when the
// bad packet is reached.
//
// The package uses only the standard library.
package recorder
