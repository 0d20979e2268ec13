package bai

import (
	"fmt"
	"io"
)

// road decodes road i. Before allocating it checks that the smallest road
// with this many sections and rooms fits in what remains.
func (d *decoder) road(i int, r *Road) {
	d.at = at("road", i)
	start := d.off
	h := d.take(roadHeadSize)
	if h == nil {
		return
	}
	r.ID = le.Uint16(h[0:])
	ns := int(le.Uint16(h[2:]))
	r.Flags = le.Uint16(h[4:])
	nRooms := int(le.Uint16(h[6:]))
	if ns < minSections {
		d.fail(start+2, fmt.Sprintf("%d sections; a road needs at least %d, one for each end", ns, minSections), nil)
		return
	}
	if need, rem := minRoadSize(int64(nRooms), int64(ns))-roadHeadSize, d.remaining(); need > rem {
		d.fail(start+2, fmt.Sprintf("%d sections and %d rooms need at least %d more bytes, only %d remain",
			ns, nRooms, need, rem), io.ErrUnexpectedEOF)
		return
	}
	d.at.field = "rooms"
	r.Rooms = makeOrNil[uint16](nRooms)
	d.u16s(r.Rooms)
	d.at.field = "half width and base speed"
	if b := d.take(roadScalarSize); b != nil {
		r.HalfWidth, r.BaseSpeed = getF32(b[0:]), getF32(b[4:])
	}
	d.side(ns, &r.SideA, 'A')
	d.side(ns, &r.SideB, 'B')
	d.at.side = 0
	if d.err != nil {
		return
	}

	// One backing array for the five per-section frames keeps a road to
	// a couple of allocations; the sides were checked to fit already.
	r.Distance = make([]float32, ns)
	vecs := make([]Vec3, 5*ns)
	frame := rows(vecs, 5, ns)
	r.Origin, r.XAxis, r.YAxis, r.ZAxis, r.Tangent = frame[0], frame[1], frame[2], frame[3], frame[4]
	d.at.field = "distances"
	d.f32s(r.Distance)
	d.at.field = "origins, axes and tangents"
	d.vec3s(vecs)
	d.at.field = "end"
	d.roadEnd(&r.End)
	d.at.field = "start"
	d.roadEnd(&r.Start)
}

// side decodes one side of a road of ns sections. Its header fixes its
// exact size, which is checked against the remaining bytes first.
func (d *decoder) side(ns int, s *Side, name byte) {
	if d.err != nil {
		return
	}
	d.at.side, d.at.field = name, "counts"
	start := d.off
	h := d.take(sideHeadSize)
	if h == nil {
		return
	}
	s.NumLanes = le.Uint16(h[0:])
	nTrams := int(le.Uint16(h[2:]))
	nTrains := int(le.Uint16(h[4:]))
	s.NumSidewalks = le.Uint16(h[6:])
	s.AmbientTypes = le.Uint16(h[8:])
	nLanes, nWalks := int(s.NumLanes), int(s.NumSidewalks)
	n := nLanes + nWalks
	rails := nTrams + nTrains
	if need, rem := sideSize(int64(n), int64(rails), int64(ns))-sideHeadSize, d.remaining(); need > rem {
		d.fail(start, fmt.Sprintf("%d lanes, %d sidewalks, %d tram and %d train rails of %d sections need %d more bytes, only %d remain",
			nLanes, nWalks, nTrams, nTrains, ns, need, rem), io.ErrUnexpectedEOF)
		return
	}

	floats := make([]float32, n*ns+n)
	s.CurveDistances = rows(floats, n, ns)
	if n > 0 {
		s.EdgeDistances = floats[n*ns : n*ns+n : n*ns+n]
	}
	vecs := make([]Vec3, (n+rails+2)*ns)
	all := rows(vecs, n+rails+2, ns)
	s.Curves = all[:n:n]
	if n == 0 {
		s.Curves = nil
	}
	s.Trams = all[n : n+nTrams : n+nTrams]
	if nTrams == 0 {
		s.Trams = nil
	}
	s.Trains = all[n+nTrams : n+rails : n+rails]
	if nTrains == 0 {
		s.Trains = nil
	}
	s.SidewalkInner, s.SidewalkOuter = all[n+rails], all[n+rails+1]

	d.at.field = "curve distances"
	d.f32s(floats[:n*ns])
	d.at.field = "edge distances"
	d.f32s(floats[n*ns:])
	d.at.field = "misc"
	if b := d.take(miscSize); b != nil {
		copy(s.Misc[:], b)
	}
	d.at.field = "lane curves"
	d.vec3s(vecs[:nLanes*ns])
	d.at.field = "sidewalk centre curves"
	d.vec3s(vecs[nLanes*ns : n*ns])
	d.at.field = "tram curves"
	d.vec3s(vecs[n*ns : (n+nTrams)*ns])
	d.at.field = "train curves"
	d.vec3s(vecs[(n+nTrams)*ns : (n+rails)*ns])
	d.at.field = "sidewalk inner edge"
	d.vec3s(s.SidewalkInner)
	d.at.field = "sidewalk outer edge"
	d.vec3s(s.SidewalkOuter)
}

func (d *decoder) roadEnd(e *RoadEnd) {
	b := d.take(roadEndSize)
	if b == nil {
		return
	}
	e.Intersection = le.Uint32(b[0:])
	e.Fill = le.Uint16(b[4:])
	e.Rule = Rule(le.Uint16(b[6:]))
	e.Unknown = le.Uint16(b[8:])
	e.RoadIndex = le.Uint32(b[10:])
	e.LightOrigin = getVec3(b[14:])
	e.LightTarget = getVec3(b[26:])
}

func (d *decoder) intersection(i int, x *Intersection) {
	d.at = at("intersection", i)
	start := d.off
	b := d.take(interHeadSize)
	if b == nil {
		return
	}
	x.ID = le.Uint16(b[0:])
	x.Room = le.Uint16(b[2:])
	x.Center = getVec3(b[4:])
	n := int(le.Uint16(b[16:]))
	if need, rem := int64(4*n), d.remaining(); need > rem {
		d.fail(start+16, fmt.Sprintf("%d roads need %d bytes, only %d remain", n, need, rem), io.ErrUnexpectedEOF)
		return
	}
	d.at.field = "roads"
	x.Roads = makeOrNil[uint32](n)
	d.u32s(x.Roads)
}

// culling decodes the two per-room road lists. Every room costs at least
// two bytes in each list, which bounds the room count before allocation.
func (d *decoder) culling(c *Culling) {
	d.at = at("culling", -1)
	start := d.off
	b := d.take(cullHeadSize)
	if b == nil {
		return
	}
	n := le.Uint32(b)
	if need, rem := 4*int64(n), d.remaining(); need > rem {
		d.fail(start, fmt.Sprintf("%d rooms need at least %d bytes (two empty lists each), only %d remain",
			n, need, rem), io.ErrUnexpectedEOF)
		return
	}
	c.Cars = makeOrNil[[]uint16](int(n))
	c.Peds = makeOrNil[[]uint16](int(n))
	d.at.item = 0
	for _, l := range []struct {
		name  string
		lists [][]uint16
	}{{"cars room", c.Cars}, {"pedestrians room", c.Peds}} {
		d.at.field = l.name
		for r := range l.lists {
			d.at.item = r
			if l.lists[r] = d.cullList(); d.err != nil {
				return
			}
		}
	}
}

func (d *decoder) cullList() []uint16 {
	start := d.off
	b := d.take(2)
	if b == nil {
		return nil
	}
	n := int(le.Uint16(b))
	if need, rem := int64(2*n), d.remaining(); need > rem {
		d.fail(start, fmt.Sprintf("%d roads need %d bytes, only %d remain", n, need, rem), io.ErrUnexpectedEOF)
		return nil
	}
	l := makeOrNil[uint16](n)
	d.u16s(l)
	return l
}
