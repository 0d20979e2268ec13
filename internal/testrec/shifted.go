package testrec

import "github.com/mm2carla/viewer/format/recorder"

// Shifted returns the recording of Bytes(frames) with actor id moved by
// (dx, dy) centimetres from frame from on: a second run of the same
// scenario in which one actor took another way from a known time, for
// the tests of comparing two runs.
func Shifted(frames int, id uint32, from int, dx, dy float64) []byte {
	return BytesWith(frames, func(f int, p recorder.Packet) {
		pos, ok := p.(*recorder.Positions)
		if !ok || f < from {
			return
		}
		for i := range pos.Records {
			if pos.Records[i].ID == id {
				pos.Records[i].Location.X += dx
				pos.Records[i].Location.Y += dy
			}
		}
	})
}
