package bai

import (
	"errors"
	"io"
	"math"
)

// Encode writes m as a CAI1 file. It refuses a map whose slice lengths
// disagree with the counts the file stores once (for example a curve with
// fewer points than the road has sections), since no file could hold it.
// Decode followed by Encode gives back the input bytes exactly. The
// output is built in memory and written with a single Write.
func Encode(w io.Writer, m *Map) error {
	if m == nil {
		return errors.New("bai: cannot encode a nil map")
	}
	var first error
	shape(m, func(where, msg string) bool {
		first = errors.New("bai: cannot encode: " + where + ": " + msg)
		return false
	})
	if first != nil {
		return first
	}
	e := encoder{b: make([]byte, 0, encodedSize(m))}
	e.b = append(e.b, magic...)
	e.u16(uint16(len(m.Intersections)))
	e.u16(uint16(len(m.Roads)))
	for i := range m.Roads {
		e.road(&m.Roads[i])
	}
	for i := range m.Intersections {
		x := &m.Intersections[i]
		e.u16(x.ID)
		e.u16(x.Room)
		e.vec(x.Center)
		e.u16(uint16(len(x.Roads)))
		for _, r := range x.Roads {
			e.u32(r)
		}
	}
	e.u32(uint32(len(m.Culling.Cars)))
	for _, lists := range [][][]uint16{m.Culling.Cars, m.Culling.Peds} {
		for _, l := range lists {
			e.u16(uint16(len(l)))
			for _, r := range l {
				e.u16(r)
			}
		}
	}
	_, err := w.Write(e.b)
	return err
}

// encodedSize is the file size of a map that passed shape.
func encodedSize(m *Map) int64 {
	n := int64(headerSize)
	for i := range m.Roads {
		r := &m.Roads[i]
		ns := int64(r.Sections())
		side := func(s *Side) int64 {
			return sideSize(int64(s.NumLanes), int64(s.NumSidewalks), int64(len(s.Trams)), int64(len(s.Trains)), ns)
		}
		n += roadSize(int64(len(r.Rooms)), ns, side(&r.SideA), side(&r.SideB))
	}
	for i := range m.Intersections {
		n += intersectionSize(int64(len(m.Intersections[i].Roads)))
	}
	n += cullHeadSize
	for _, lists := range [][][]uint16{m.Culling.Cars, m.Culling.Peds} {
		for _, l := range lists {
			n += 2 + 2*int64(len(l))
		}
	}
	return n
}

// encoder appends little-endian values to b.
type encoder struct{ b []byte }

func (e *encoder) u16(v uint16) { e.b = le.AppendUint16(e.b, v) }
func (e *encoder) u32(v uint32) { e.b = le.AppendUint32(e.b, v) }

// f32 writes the value's bits unchanged, NaN payloads included, so that
// round trips are exact.
func (e *encoder) f32(v float32) { e.u32(math.Float32bits(v)) }

func (e *encoder) vec(v Vec3) {
	e.f32(v.X)
	e.f32(v.Y)
	e.f32(v.Z)
}

func (e *encoder) f32s(vs []float32) {
	for _, v := range vs {
		e.f32(v)
	}
}

func (e *encoder) vecs(vs []Vec3) {
	for _, v := range vs {
		e.vec(v)
	}
}

func (e *encoder) road(r *Road) {
	e.u16(r.ID)
	e.u16(uint16(r.Sections()))
	e.u16(r.Flags)
	e.u16(uint16(len(r.Rooms)))
	for _, room := range r.Rooms {
		e.u16(room)
	}
	e.f32(r.HalfWidth)
	e.f32(r.BaseSpeed)
	e.side(&r.SideA)
	e.side(&r.SideB)
	e.f32s(r.Distance)
	for _, a := range [][]Vec3{r.Origin, r.XAxis, r.YAxis, r.ZAxis, r.Tangent} {
		e.vecs(a)
	}
	e.roadEnd(&r.End)
	e.roadEnd(&r.Start)
}

func (e *encoder) side(s *Side) {
	e.u16(s.NumLanes)
	e.u16(uint16(len(s.Trams)))
	e.u16(uint16(len(s.Trains)))
	e.u16(s.NumSidewalks)
	e.u16(s.AmbientTypes)
	for _, row := range s.CurveDistances {
		e.f32s(row)
	}
	e.f32s(s.EdgeDistances)
	e.b = append(e.b, s.Misc[:]...)
	for _, rows := range [][][]Vec3{s.Curves, s.Trams, s.Trains} {
		for _, row := range rows {
			e.vecs(row)
		}
	}
	e.vecs(s.SidewalkInner)
	e.vecs(s.SidewalkOuter)
}

func (e *encoder) roadEnd(x *RoadEnd) {
	e.u32(x.Intersection)
	e.u16(x.Fill)
	e.u16(uint16(x.Rule))
	e.u16(x.Unknown)
	e.u32(x.RoadIndex)
	e.vec(x.LightOrigin)
	e.vec(x.LightTarget)
}
