package query

import (
	"io"

	"github.com/mm2carla/viewer/format/recorder"
)

// memSource is a recording held as packets, for tests that stage events
// no real file has (collisions, stops, deletions).
type memSource struct {
	hdr recorder.Header
	ps  []recorder.Packet
	err error // returned after the packets instead of io.EOF
	i   int
}

func (m *memSource) Header() recorder.Header { return m.hdr }

func (m *memSource) Next() (recorder.Packet, error) {
	if m.i >= len(m.ps) {
		if m.err != nil {
			return nil, m.err
		}
		return nil, io.EOF
	}
	m.i++
	return m.ps[m.i-1], nil
}

// testHeader is the header of every staged recording: 2021-11-23
// 14:08:48 UTC.
var testHeader = recorder.Header{Version: 1, Magic: "CARLA_RECORDER", Date: 1637676528, Map: "Town01"}

// staged builds a recording frame by frame.
type staged struct {
	ps      []recorder.Packet
	n       uint64
	elapsed float64
	last    *recorder.FrameStart
}

// frame adds a frame of duration dt holding ps.
func (s *staged) frame(dt float64, ps ...recorder.Packet) {
	s.n++
	f := &recorder.FrameStart{Frame: s.n, Duration: dt, Elapsed: s.elapsed}
	s.elapsed += dt
	s.ps = append(s.ps, f)
	s.ps = append(s.ps, ps...)
	s.ps = append(s.ps, &recorder.FrameEnd{})
	s.last = f
}

// source ends the recording as CARLA does (the last frame's duration is
// -1) and returns it.
func (s *staged) source() *memSource {
	if s.last != nil {
		s.last.Duration = -1
	}
	return &memSource{hdr: testHeader, ps: s.ps}
}

func add(actors ...recorder.ActorAdd) *recorder.EventAdd { return &recorder.EventAdd{Actors: actors} }

func del(ids ...uint32) *recorder.EventDel { return &recorder.EventDel{IDs: ids} }

func actor(id uint32, typ recorder.ActorType, desc string, attrs ...recorder.Attribute) recorder.ActorAdd {
	return recorder.ActorAdd{ID: id, Type: typ, Description: desc, Attributes: attrs,
		Location: recorder.Vec3{X: float64(id), Y: 2, Z: 3}}
}

func hero() recorder.Attribute {
	return recorder.Attribute{Type: recorder.AttrString, Key: "role_name", Value: "hero"}
}

func pos(id uint32, x, y float64) recorder.Position {
	return recorder.Position{ID: id, Location: recorder.Vec3{X: x, Y: y}}
}

func positions(ps ...recorder.Position) *recorder.Positions { return &recorder.Positions{Records: ps} }

func collide(id, a1, a2 uint32, h1, h2 bool) recorder.Collision {
	return recorder.Collision{ID: id, Actor1: a1, Actor2: a2, Hero1: h1, Hero2: h2}
}

func collisions(cs ...recorder.Collision) *recorder.Collisions {
	return &recorder.Collisions{Records: cs}
}
