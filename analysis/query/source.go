package query

import (
	"io"
	"time"

	"github.com/mm2carla/viewer/format/recorder"
)

// Source is a recording read packet by packet: *recorder.Reader is one.
// Next returns io.EOF at the end; a packet may be reused by the next call.
type Source interface {
	Header() recorder.Header
	Next() (recorder.Packet, error)
}

// Summary is what every CARLA query prints around its answer: the header
// above, and below the id and time of the last frame read.
type Summary struct {
	Header recorder.Header
	// Frames is the id of the last frame (CARLA's "Frames: N").
	Frames uint64
	// Duration is the elapsed time of the last frame in seconds (CARLA's
	// "Duration: D seconds").
	Duration float64
	// FrameCount is the number of frames read.
	FrameCount int
	// Err is the decode error that stopped the query, nil when the whole
	// recording was read. The rest of the report covers the frames read.
	Err error
}

// frame records a FrameStart in s.
func (s *Summary) frame(f *recorder.FrameStart) {
	s.Frames, s.Duration = f.Frame, f.Elapsed
	s.FrameCount++
}

// next reads the next packet; it returns false at the end of the
// recording or at an error, which it keeps in s.Err.
func (s *Summary) next(src Source) (recorder.Packet, bool) {
	p, err := src.Next()
	if err == io.EOF {
		return nil, false
	}
	if err != nil {
		s.Err = err
		return nil, false
	}
	if f, ok := p.(*recorder.FrameStart); ok {
		s.frame(f)
	}
	return p, true
}

// dateLayout is strftime's "%x %X" in the C locale: mm/dd/yy hh:mm:ss.
const dateLayout = "01/02/06 15:04:05"

// orLocal returns loc, or time.Local when loc is nil: CARLA prints the
// date in the local time zone of the machine that runs the query.
func orLocal(loc *time.Location) *time.Location {
	if loc == nil {
		return time.Local
	}
	return loc
}

// appendHeader appends CARLA's header block: version, map, date and a
// blank line.
func appendHeader(b []byte, h recorder.Header, loc *time.Location) []byte {
	b = append(b, "Version: "...)
	b = appendUint(b, uint64(h.Version))
	b = append(b, "\nMap: "...)
	b = append(b, h.Map...)
	b = append(b, "\nDate: "...)
	b = time.Unix(h.Date, 0).In(orLocal(loc)).AppendFormat(b, dateLayout)
	return append(b, "\n\n"...)
}

// appendFooter appends CARLA's closing lines: a blank line, the last
// frame's id and its elapsed time.
func appendFooter(b []byte, s *Summary) []byte {
	b = append(b, "\nFrames: "...)
	b = appendUint(b, s.Frames)
	b = append(b, "\nDuration: "...)
	b = appendG(b, s.Duration)
	return append(b, " seconds\n"...)
}

// category is the one-letter category of an actor type in CARLA's
// collision query: o other, v vehicle, w walker, t traffic light. Types
// CARLA's array does not cover (sign, sensor, invalid, and later types)
// are "o" (see the package doc).
func category(t recorder.ActorType) byte {
	switch t {
	case recorder.ActorVehicle:
		return 'v'
	case recorder.ActorWalker:
		return 'w'
	case recorder.ActorTrafficLight:
		return 't'
	}
	return 'o'
}
