package recorder

import "encoding/binary"

// Finding frames in the middle of a file. A reader that splits a big file
// among goroutines starts each piece at an arbitrary byte and must find
// where a frame begins there; only the packet headers can tell, since a
// payload may hold any bytes, so a place is taken for a frame start when
// the headers that follow chain through whole frames. That is a guess a
// payload could in principle fool: whoever splits must check it against
// the frames read from the start (the scene does: a piece is used only if
// the piece before it ends exactly where it begins).

// FrameLen reports how long the frame at the start of data is, reading
// only packet headers: the bytes from its FrameStart to the end of its
// FrameEnd. It returns 0 and true when data ends before the frame does
// (read more and ask again), and false when data does not start with a
// frame or its packets are not framed as the Reader requires (a FrameStart
// of 24 bytes, no FrameStart before the FrameEnd, a FrameEnd of 0 bytes).
func FrameLen(data []byte) (n int, ok bool) {
	var fr framer
	pos := 0
	for {
		if len(data)-pos < packetHeader {
			return 0, true
		}
		wire := data[pos]
		size := binary.LittleEndian.Uint32(data[pos+1:])
		if pos == 0 && PacketID(wire) != IDFrameStart {
			return 0, false
		}
		if fr.step(int64(pos), wire, size) != nil {
			return 0, false
		}
		if int64(len(data)-pos-packetHeader) < int64(size) {
			return 0, true
		}
		pos += packetHeader + int(size)
		if PacketID(wire) == IDFrameEnd {
			return pos, true
		}
	}
}

// FindFrame returns the first offset at or after from in data where a
// frame starts that is followed by at least frames-1 more, all whole in
// data and each starting where the one before ends, as their packet
// headers show (see FrameLen); or -1. Ids above 127 are not taken for
// packets there: CARLA's are below 32 and users' from 100.
func FindFrame(data []byte, from, frames int) int {
	for i := max(from, 0); i+packetHeader+frameStartSize <= len(data); i++ {
		if data[i] != byte(IDFrameStart) || binary.LittleEndian.Uint32(data[i+1:]) != frameStartSize {
			continue
		}
		if chained(data[i:], frames) {
			return i
		}
	}
	return -1
}

// chained reports whether data starts with n whole frames in a row whose
// packet ids are all below 128.
func chained(data []byte, n int) bool {
	pos := 0
	for range n {
		l, ok := FrameLen(data[pos:])
		if !ok || l == 0 {
			return false
		}
		for q := pos; q < pos+l; q += packetHeader + int(binary.LittleEndian.Uint32(data[q+1:])) {
			if data[q] >= 128 {
				return false
			}
		}
		pos += l
	}
	return true
}
