package citygen

import (
	"slices"

	"github.com/mm2carla/viewer/format/bai"
)

// control is how an intersection regulates traffic.
type control int

const (
	allWayStop control = iota
	twoWayStop
	lights
)

// intersections builds the intersection records: each lists its roads
// counter-clockwise seen from above, and each connected road end gets
// its intersection, its position in that list, its rule and its light.
func (b *builder) intersections(roads []bai.Road) []bai.Intersection {
	is := make([]bai.Intersection, len(b.nodes))
	for n := range b.nodes {
		// Angles are taken from the stored float32 values, so a reader of
		// the file finds the same order (a road along +X must not land
		// just below angle 0, i.e. at 2π, through rounding).
		c := fromF32(b.nodes[n].center.f32())
		list := slices.Clone(b.nodes[n].edges)
		angle := func(k int) float64 { return heading(fromF32(endAt(&roads[k], &b.edges[k], n).origin).sub(c)) }
		slices.SortFunc(list, func(x, y int) int {
			ax, ay := angle(x), angle(y)
			switch {
			case ax < ay:
				return -1
			case ax > ay:
				return 1
			}
			return x - y
		})
		is[n] = bai.Intersection{ID: uint16(n), Room: uint16(n + 1), Center: c.f32(), Roads: make([]uint32, len(list))}
		ctl := b.control(n)
		major := b.majorAxis(n)
		for pos, k := range list {
			is[n].Roads[pos] = uint32(k)
			ref := endAt(&roads[k], &b.edges[k], n)
			*ref.end = bai.RoadEnd{Intersection: uint32(n), Fill: 0xCDCD, RoadIndex: uint32(pos)}
			switch {
			case ctl == lights:
				ref.end.Rule = bai.RuleTrafficLight
				b.placeLight(&roads[k], &b.edges[k], ref)
			case ctl == twoWayStop && b.edges[k].vertical == major:
				ref.end.Rule = bai.RuleNeverStop
			default:
				ref.end.Rule = bai.RuleStopSign
			}
		}
	}
	// Free ends: traffic enters and leaves the map here.
	for k := range roads {
		free := bai.RoadEnd{Intersection: bai.NotConnected, Fill: 0xCDCD, Rule: bai.RuleNeverStop, RoadIndex: bai.NotConnected}
		if b.edges[k].from < 0 {
			roads[k].Start = free
		}
		if b.edges[k].to < 0 {
			roads[k].End = free
		}
	}
	return is
}

// endRef names one end of a road: the RoadEnd record, the section it sits
// at and whether it is the end (section n-1) rather than the start.
type endRef struct {
	end     *bai.RoadEnd
	section int
	isEnd   bool
	origin  bai.Vec3
}

// endAt returns the end of road r (edge e) that meets node n.
func endAt(r *bai.Road, e *edge, n int) endRef {
	if e.to == n {
		s := len(r.Origin) - 1
		return endRef{end: &r.End, section: s, isEnd: true, origin: r.Origin[s]}
	}
	return endRef{end: &r.Start, section: 0, origin: r.Origin[0]}
}

// control draws how intersection n is regulated: wide roads more often
// get lights, quiet corners stop signs.
func (b *builder) control(n int) control {
	widest := 0
	for _, k := range b.nodes[n].edges {
		widest = max(widest, b.edges[k].lanesA, b.edges[k].lanesB)
	}
	x := b.rng.Float64()
	pLights := 0.1 + 0.12*float64(widest)
	switch {
	case x < pLights:
		return lights
	case x < pLights+0.35:
		return twoWayStop
	}
	return allWayStop
}

// majorAxis reports whether the vertical roads at node n are the major
// (never-stop) ones. Where one axis ends (a T junction) the road that goes
// through is major; otherwise the line with more lanes, rows on a tie.
func (b *builder) majorAxis(n int) bool {
	var count [2]int // horizontal, vertical
	for _, k := range b.nodes[n].edges {
		if b.edges[k].vertical {
			count[1]++
		} else {
			count[0]++
		}
	}
	if count[0] != count[1] {
		return count[1] > count[0]
	}
	nd := b.nodes[n]
	return b.cols[nd.i].lanes > b.rows[nd.j].lanes
}

// placeLight puts a traffic light where traffic approaching the
// intersection sees it: on that traffic's right-hand kerb at the road's
// last section, LightHeight above the road, facing back along the road.
// An end no lane approaches (the exit of a one-way road) has no light.
func (b *builder) placeLight(r *bai.Road, e *edge, ref endRef) {
	la, lb := layouts(e)
	s := ref.section
	o, x, t := fromF32(r.Origin[s]), fromF32(r.XAxis[s]), fromF32(r.Tangent[s])
	var pos, facing vec
	switch {
	case ref.isEnd && e.lanesB > 0: // side B drives towards the end; its right is +X
		pos, facing = o.add(x.scale(lb.kerb)), t.scale(-1)
	case !ref.isEnd && e.lanesA > 0: // side A drives towards the start; its right is -X
		pos, facing = o.sub(x.scale(la.kerb)), t
	default:
		return
	}
	pos.y += LightHeight
	ref.end.LightOrigin = pos.f32()
	ref.end.LightTarget = pos.add(facing.scale(LightFacing)).f32()
}
