package bai

// A synthetic city for tests and benchmarks: intersections on a 100 m grid
// joined by straight roads, built to satisfy every rule Validate checks so
// that tests can break it one way at a time.

type citySpec struct {
	cols, intersections, roads int
	sections                   func(road int) int
	lanesA, lanesB             int
	sidewalks                  int
	trams, trains              int // rails on side B of every third road
	rooms                      int // culling rooms, including the empty room 0
}

func add(a, b Vec3) Vec3           { return Vec3{a.X + b.X, a.Y + b.Y, a.Z + b.Z} }
func scale(a Vec3, k float32) Vec3 { return Vec3{a.X * k, a.Y * k, a.Z * k} }

// line returns ns points from a to b shifted sideways by off along right.
func line(a, b, right Vec3, off float32, ns int) []Vec3 {
	pts := make([]Vec3, ns)
	for i := range pts {
		t := float32(i) / float32(ns-1)
		pts[i] = add(add(scale(a, 1-t), scale(b, t)), scale(right, off))
	}
	return pts
}

func reversed(pts []Vec3) []Vec3 {
	out := make([]Vec3, len(pts))
	for i, p := range pts {
		out[len(pts)-1-i] = p
	}
	return out
}

func cumulative(ns int, length float32) []float32 {
	d := make([]float32, ns)
	for i := range d {
		d[i] = length * float32(i) / float32(ns-1)
	}
	return d
}

func repeat(v Vec3, n int) []Vec3 {
	out := make([]Vec3, n)
	for i := range out {
		out[i] = v
	}
	return out
}

func buildCity(s citySpec) *Map {
	m := &Map{Intersections: make([]Intersection, s.intersections)}
	for k := range m.Intersections {
		m.Intersections[k] = Intersection{ID: uint16(k), Room: uint16(1 + k%(s.rooms-1)),
			Center: Vec3{float32(k%s.cols) * 100, float32(k % 3), float32(k/s.cols) * 100}}
	}
	// Neighbouring pairs on the grid: east first, then south.
	type pair struct{ a, b int }
	var pairs []pair
	for k := range s.intersections {
		if k%s.cols+1 < s.cols && k+1 < s.intersections {
			pairs = append(pairs, pair{k, k + 1})
		}
	}
	for k := range s.intersections {
		if k+s.cols < s.intersections {
			pairs = append(pairs, pair{k, k + s.cols})
		}
	}
	if len(pairs) < s.roads {
		panic("citySpec: not enough neighbouring intersections for the roads asked for")
	}
	m.Culling = Culling{Cars: make([][]uint16, s.rooms), Peds: make([][]uint16, s.rooms)}
	for i, p := range pairs[:s.roads] {
		r := buildRoad(s, i, m.Intersections[p.a].Center, m.Intersections[p.b].Center)
		for _, e := range []struct {
			end *RoadEnd
			x   int
		}{{&r.Start, p.a}, {&r.End, p.b}} {
			x := &m.Intersections[e.x]
			e.end.Intersection = uint32(e.x)
			e.end.RoadIndex = uint32(len(x.Roads))
			e.end.Rule = Rule(e.x % 4) // one rule per intersection, so lights never blink
			if e.end.Rule == RuleTrafficLight {
				e.end.LightOrigin = add(x.Center, Vec3{5, 4, 5})
				e.end.LightTarget = add(x.Center, Vec3{0, 4, 0})
			}
			x.Roads = append(x.Roads, uint32(i))
		}
		room := r.Rooms[0]
		m.Culling.Cars[room] = append(m.Culling.Cars[room], uint16(i))
		m.Culling.Peds[room] = append(m.Culling.Peds[room], uint16(i))
		m.Roads = append(m.Roads, r)
	}
	return m
}

func buildRoad(s citySpec, i int, ca, cb Vec3) Road {
	ns := s.sections(i)
	dir := scale(add(cb, scale(ca, -1)), 0.01) // grid neighbours are 100 m apart
	a, b := add(ca, scale(dir, 10)), add(cb, scale(dir, -10))
	right := Vec3{-dir.Z, 0, dir.X} // dir x up, for a horizontal dir
	length := float32(80)
	half := float32(3.5*float32(max(s.lanesA, s.lanesB)) + 4)
	r := Road{
		ID: uint16(i), Flags: uint16(i % 16), Rooms: []uint16{uint16(1 + i%(s.rooms-1))},
		HalfWidth: half, BaseSpeed: 15,
		Distance: cumulative(ns, length), Origin: line(a, b, right, 0, ns),
		XAxis: repeat(right, ns), YAxis: repeat(Vec3{0, 1, 0}, ns),
		ZAxis: repeat(scale(dir, -1), ns), Tangent: repeat(dir, ns),
		End: RoadEnd{Fill: 0xCDCD}, Start: RoadEnd{Fill: 0xCDCD},
	}
	side := func(lanes int, sign float32, backwards bool, rails bool) Side {
		sd := Side{NumLanes: uint16(lanes), NumSidewalks: uint16(s.sidewalks), AmbientTypes: uint16(i % 4)}
		for k := range sd.Misc {
			sd.Misc[k] = byte(i + k)
		}
		curve := func(off float32) []Vec3 {
			pts := line(a, b, right, sign*off, ns)
			if backwards {
				return reversed(pts)
			}
			return pts
		}
		offs := make([]float32, 0, lanes+s.sidewalks)
		for k := range lanes {
			offs = append(offs, 2+3.5*float32(k))
		}
		for range s.sidewalks {
			offs = append(offs, half-1.5)
		}
		for _, off := range offs {
			sd.Curves = append(sd.Curves, curve(off))
			sd.CurveDistances = append(sd.CurveDistances, cumulative(ns, length))
			sd.EdgeDistances = append(sd.EdgeDistances, off)
		}
		if rails && i%3 == 0 {
			for k := range s.trams {
				sd.Trams = append(sd.Trams, curve(1+float32(k)))
			}
			for k := range s.trains {
				sd.Trains = append(sd.Trains, curve(1.5+float32(k)))
			}
		}
		sd.SidewalkInner = line(a, b, right, sign*(half-3), ns)
		sd.SidewalkOuter = line(a, b, right, sign*half, ns)
		return sd
	}
	r.SideA = side(s.lanesA, -1, true, false)
	r.SideB = side(s.lanesB, 1, false, true)
	return r
}

// smallCity has everything the format allows at a size a test can print.
func smallCity() *Map {
	return buildCity(citySpec{cols: 3, intersections: 6, roads: 7,
		sections: func(i int) int { return 2 + i%4 }, lanesA: 2, lanesB: 3, sidewalks: 1,
		trams: 1, trains: 2, rooms: 4})
}

// londonSized matches London's counts: 540 roads, 328 intersections,
// 20-40 sections a road, 1342 culling rooms.
func londonSized() *Map {
	return buildCity(citySpec{cols: 18, intersections: 328, roads: 540,
		sections: func(i int) int { return 20 + i*8%21 }, lanesA: 2, lanesB: 2, sidewalks: 1,
		trams: 1, trains: 1, rooms: 1342})
}
