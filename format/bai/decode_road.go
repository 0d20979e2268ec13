package bai

import (
	"fmt"
)

// road decodes road i. Each variable stretch (rooms, each side, the
// per-section arrays and ends) is checked to fit before it is allocated,
// so a cut file is reported in the field where it ends.
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
	counts := func() string {
		return fmt.Sprintf("road counts at byte %d: %d sections, %d rooms", start+2, ns, nRooms)
	}
	head := [...]field{{"rooms", 2 * int64(nRooms)}, {"half width and base speed", roadScalarSize}}
	if !d.fit(head[:], counts) {
		return
	}
	r.Rooms = makeOrNil[uint16](nRooms)
	d.u16s(r.Rooms)
	b := d.take(roadScalarSize)
	r.HalfWidth, r.BaseSpeed = getF32(b[0:]), getF32(b[4:])

	d.side(ns, &r.SideA, 'A')
	d.side(ns, &r.SideB, 'B')
	d.at.side = 0
	tail := roadTailFields(int64(ns))
	if !d.fit(tail[:], counts) {
		return
	}
	// One backing array for the five per-section frames keeps a road to
	// a couple of allocations.
	r.Distance = make([]float32, ns)
	vecs := make([]Vec3, 5*ns)
	frame := rows(vecs, 5, ns)
	r.Origin, r.XAxis, r.YAxis, r.ZAxis, r.Tangent = frame[0], frame[1], frame[2], frame[3], frame[4]
	d.f32s(r.Distance)
	d.vec3s(vecs) // stored one array after another, as laid out here
	d.roadEnd(&r.End)
	d.roadEnd(&r.Start)
}

// side decodes one side of a road of ns sections. Its counts fix its
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
	fields := sideFields(int64(nLanes), int64(nWalks), int64(nTrams), int64(nTrains), int64(ns))
	if !d.fit(fields[:], func() string {
		return fmt.Sprintf("side counts at byte %d: %d lanes, %d sidewalks, %d tram and %d train rails, on a road of %d sections",
			start, nLanes, nWalks, nTrams, nTrains, ns)
	}) {
		return
	}

	// Two backing arrays hold the whole side; the rows are cut from them
	// in file order, so each array is read in one go.
	n, rails := nLanes+nWalks, nTrams+nTrains
	floats := make([]float32, n*ns+n)
	s.CurveDistances = rows(floats, n, ns)
	if n > 0 {
		s.EdgeDistances = floats[n*ns : n*ns+n : n*ns+n]
	}
	vecs := make([]Vec3, (n+rails+2)*ns)
	all := rows(vecs, n+rails+2, ns)
	s.Curves = nilIfEmpty(all[:n:n])
	s.Trams = nilIfEmpty(all[n : n+nTrams : n+nTrams])
	s.Trains = nilIfEmpty(all[n+nTrams : n+rails : n+rails])
	s.SidewalkInner, s.SidewalkOuter = all[n+rails], all[n+rails+1]

	d.f32s(floats) // curve distances, then edge distances
	copy(s.Misc[:], d.take(miscSize))
	d.vec3s(vecs) // lanes, sidewalk centres, trams, trains, inner and outer edges
}

// nilIfEmpty makes an empty list nil, as every decoded empty list is.
func nilIfEmpty[T any](s []T) []T {
	if len(s) == 0 {
		return nil
	}
	return s
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
	list := [...]field{{"roads", 4 * int64(n)}}
	if !d.fit(list[:], func() string { return fmt.Sprintf("%d roads, counted at byte %d", n, start+16) }) {
		return
	}
	x.Roads = makeOrNil[uint32](n)
	d.u32s(x.Roads)
}

// culling decodes the two per-room road lists. The room count is a u32,
// so the lists are grown as they are read rather than made from it.
func (d *decoder) culling(c *Culling) {
	d.at = at("culling", -1)
	start := d.off
	b := d.take(cullHeadSize)
	if b == nil {
		return
	}
	n := int64(le.Uint32(b))
	for _, l := range []struct {
		name  string
		lists *[][]uint16
	}{{"cars room", &c.Cars}, {"pedestrians room", &c.Peds}} {
		d.at.field = l.name
		*l.lists = makeUpTo[[]uint16](n, d.remaining(), 2) // an empty list takes 2 bytes
		for r := int64(0); r < n; r++ {
			d.at.item = int(r)
			list := d.cullList(func() string {
				return fmt.Sprintf("culling counts %d rooms at byte %d", n, start)
			})
			if d.err != nil {
				return
			}
			*l.lists = append(*l.lists, list)
		}
	}
}

// cullList reads one count-prefixed list of roads; rooms says, on
// failure, how many lists the culling header asked for.
func (d *decoder) cullList(rooms func() string) []uint16 {
	count := [...]field{{d.at.field, 2}}
	if !d.fit(count[:], rooms) {
		return nil
	}
	start := d.off
	n := int(le.Uint16(d.take(2)))
	list := [...]field{{d.at.field, 2 * int64(n)}}
	if !d.fit(list[:], func() string { return fmt.Sprintf("%d roads, counted at byte %d", n, start) }) {
		return nil
	}
	l := makeOrNil[uint16](n)
	d.u16s(l)
	return l
}
