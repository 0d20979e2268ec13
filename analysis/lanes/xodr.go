package lanes

import (
	"math"
	"strconv"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/mm2carla/viewer/scene"
)

// OpenDRIVE is a Map over an OpenDRIVE road network (scene.RoadNet), so
// that CARLA's towns answer the lane questions as BAI maps do.
//
// How the network's words become the Map's:
//
//   - Roads are the network's roads, all of them, numbered as in the
//     file; Along is s on the reference line. A junction's connecting
//     roads are never where a point is OnRoad: their surface is the
//     junction's.
//   - Only driving lanes are lanes; the others (parking, biking,
//     shoulder, sidewalk, ...) give Location.Type. Side B is the lanes whose traffic
//     moves toward increasing s (right lanes under right-hand traffic),
//     side A the others; a lane's index on its side is |id| - 1, so it
//     is the same lane through every lane section.
//   - A road's surface, for Locate, is everything between its outermost
//     lane borders (sidewalks included), section by section.
//   - Intersections are the junctions. A junction's area is the convex
//     hull of its connecting roads' lane borders (sidewalks left out):
//     it covers the junction's carriageway up to the incoming roads'
//     ends.
//   - A road end's rule comes from the signals. A traffic light (type
//     1000001) rules the junction entry the place rule gives it from
//     where its pole stands and which way it faces (see LightPose): in
//     CARLA's 2020 towns but Town01 and Town02 the pole stands across the
//     junction, on the road the traffic leaves by, so the road it stands
//     on says nothing (there the nearer end was right for 6 of 94
//     lights; the place rule agrees with the signals' references on
//     every entry). A light the place rule places nowhere, and a stop
//     sign (206), rule the end of the road they stand on that is nearer
//     to them; one on a connecting road the end of the incoming road
//     that connecting road's nearer end joins (on Town01 a light's
//     orientation does not say which end: "+" lights stand at a road's
//     start). RoadEnd.Light is where the signal stands, for the matching
//     of recorded light actors.
type OpenDRIVE struct {
	laneIndex // driving lane curves (one per lane section), their grid, road ends
	net       *scene.RoadNet
	groups    [][]int32  // driving lane curves of each (road, section) group
	sections  [][2]int32 // each group's lanes, all types: a range of net.Lanes
	quads     []quad
	quadGrid  *grid
	areas     []area2
	areaGrid  *grid
	roadIDs   []int
	interIDs  []int
	// loose marks the roads that touch a junction without being joined
	// to it: no connecting road of the junction leads to or from them
	// (Town03 has such stubs). Their surface inside the junction's area
	// is the junction's: its ways cross it.
	loose []bool
}

// quad is the surface of a road between two consecutive samples of a
// lane section: left border a, b and right border c, d (a and d at the
// first sample), its centre line segment, and the lane group of the
// section.
type quad struct {
	road, group int32
	seg         int32 // the sample index in the section
	poly        [4]mgl64.Vec2
	c0, c1      mgl64.Vec3 // centre line at the two samples
	s0, s1      float64    // their s
}

// NewOpenDRIVE builds the lane map of a road network. It never fails:
// lanes with fewer than two samples are left out.
func NewOpenDRIVE(rn *scene.RoadNet) *OpenDRIVE {
	o := &OpenDRIVE{net: rn, laneIndex: laneIndex{ends: make([][2]RoadEnd, len(rn.Roads))}, roadIDs: make([]int, len(rn.Roads)),
		interIDs: make([]int, len(rn.Junctions))}
	for r := range rn.Roads {
		o.roadIDs[r] = fileID(rn.Roads[r].ID, r)
		for k, atStart := range []bool{true, false} {
			link := rn.Roads[r].End
			if atStart {
				link = rn.Roads[r].Start
			}
			o.ends[r][k] = RoadEnd{Road: r, AtStart: atStart, Intersection: link.Junction}
		}
	}
	for j := range rn.Junctions {
		o.interIDs[j] = fileID(rn.Junctions[j].ID, j)
	}
	o.addLanes()
	o.markLoose()
	o.addSurfaces()
	o.addAreas()
	o.addRules()
	return o
}

// markLoose finds the roads that touch a junction they are not joined
// to (see loose).
func (o *OpenDRIVE) markLoose() {
	rn := o.net
	joined := map[[2]int]bool{} // (junction, road)
	for r := range rn.Roads {
		if j := rn.Roads[r].Junction; j >= 0 {
			for _, l := range []scene.NetLink{rn.Roads[r].Start, rn.Roads[r].End} {
				if l.Road >= 0 {
					joined[[2]int{j, l.Road}] = true
				}
			}
		}
	}
	o.loose = make([]bool, len(rn.Roads))
	for r := range rn.Roads {
		for _, l := range []scene.NetLink{rn.Roads[r].Start, rn.Roads[r].End} {
			if rn.Roads[r].Junction < 0 && l.Junction >= 0 && !joined[[2]int{l.Junction, r}] {
				o.loose[r] = true
			}
		}
	}
}

// fileID is the file's id as a number, or the index when it is not one
// (OpenDRIVE ids are strings; CARLA's are numbers).
func fileID(id string, index int) int {
	if n, err := strconv.Atoi(id); err == nil {
		return n
	}
	return index
}

// addLanes makes a curve of each driving lane of an ordinary road, in
// its direction of travel, and groups them by lane section.
func (o *OpenDRIVE) addLanes() {
	rn := o.net
	group := -1
	lastRoad, lastSec := -1, -1
	for i := range rn.Lanes {
		l := &rn.Lanes[i]
		if rn.Roads[l.Road].Junction >= 0 {
			continue
		}
		if l.Road != lastRoad || l.Section != lastSec {
			lastRoad, lastSec = l.Road, l.Section
			o.groups = append(o.groups, nil)
			group = len(o.groups) - 1
		}
		if l.Type != "driving" || len(l.Center) < 2 {
			continue
		}
		id := l.ID
		if id < 0 {
			id = -id
		}
		side := SideA
		if l.Forward {
			side = SideB
		}
		lc := laneCurve{ref: LaneRef{Road: int32(l.Road), Side: side, Lane: uint8(min(id-1, math.MaxUint8))}}
		n := len(l.Center)
		lc.pts, lc.along = make([]mgl64.Vec3, n), make([]float64, n)
		for k := range n {
			src := k
			if !l.Forward {
				src = n - 1 - k
			}
			lc.pts[k], lc.along[k] = l.Center[src], l.S[src]
		}
		lc.prepare()
		o.groups[group] = append(o.groups[group], int32(len(o.lanes)))
		o.lanes = append(o.lanes, lc)
	}
	o.indexLanes()
}

// addSurfaces cuts every lane section of an ordinary road into quads
// between its outermost borders.
func (o *OpenDRIVE) addSurfaces() {
	rn := o.net
	var boxes []box
	group := -1
	for i := 0; i < len(rn.Lanes); {
		l := &rn.Lanes[i]
		j := i
		for j < len(rn.Lanes) && rn.Lanes[j].Road == l.Road && rn.Lanes[j].Section == l.Section {
			j++
		}
		sec := rn.Lanes[i:j]
		i = j
		if rn.Roads[l.Road].Junction >= 0 {
			continue
		}
		group++
		o.sections = append(o.sections, [2]int32{int32(i - len(sec)), int32(i)})
		left, right, centre := outerBorders(sec)
		for s := 0; s+1 < len(centre); s++ {
			q := quad{road: int32(l.Road), group: int32(group), seg: int32(s),
				poly: [4]mgl64.Vec2{left[s].Vec2(), left[s+1].Vec2(), right[s+1].Vec2(), right[s].Vec2()},
				c0:   centre[s], c1: centre[s+1], s0: l.S[s], s1: l.S[s+1]}
			o.quads = append(o.quads, q)
			b := box{math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)}
			for _, p := range q.poly {
				b = b.add(mgl64.Vec3{p[0], p[1], 0})
			}
			boxes = append(boxes, b.grow(edgeSlack))
		}
	}
	o.quadGrid = newGrid(boxes, cellSize)
}

// outerBorders returns a section's outermost left and right borders and
// its centre lane's line (the inner border of its first lanes).
func outerBorders(sec []scene.NetLane) (left, right, centre []mgl64.Vec3) {
	lid, rid := 0, 0
	for k := range sec {
		l := &sec[k]
		if l.ID == 1 || l.ID == -1 {
			centre = l.Inner
		}
		if l.ID > lid {
			lid, left = l.ID, l.Outer
		}
		if l.ID < rid {
			rid, right = l.ID, l.Outer
		}
	}
	if left == nil {
		left = centre
	}
	if right == nil {
		right = centre
	}
	return left, right, centre
}

// addAreas makes each junction's area, the hull of its connecting
// roads' lane borders but sidewalks.
func (o *OpenDRIVE) addAreas() {
	rn := o.net
	o.areas = make([]area2, len(rn.Junctions))
	boxes := make([]box, len(rn.Junctions))
	for j := range rn.Junctions {
		var pts []mgl64.Vec2
		z, nz := 0.0, 0
		for _, r := range rn.Junctions[j].Roads {
			for _, li := range rn.Roads[r].Lanes {
				l := &rn.Lanes[li]
				if l.Type == "sidewalk" {
					continue
				}
				for k := range l.Inner {
					pts = append(pts, l.Inner[k].Vec2(), l.Outer[k].Vec2())
					z += l.Center[k][2]
					nz++
				}
			}
		}
		hull := convexHull(pts)
		if len(hull) < 3 {
			hull = nil
		}
		if nz > 0 {
			z /= float64(nz)
		}
		o.areas[j] = newArea2(hull, z)
		boxes[j] = box{math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)}
		if hull != nil {
			boxes[j] = polyBox(hull)
		}
	}
	o.areaGrid = newGrid(boxes, cellSize)
}

// addRules gives road ends their traffic lights and stop signs (see
// OpenDRIVE). Where two signals rule one end, a light wins over a stop
// sign and the first in the file over later ones.
func (o *OpenDRIVE) addRules() {
	rn := o.net
	byPlace := o.signalEntries()
	for si, sg := range rn.Signals {
		var rule Rule
		switch sg.Type {
		case scene.SignalTrafficLight:
			rule = RuleTrafficLight
		case scene.SignalStop:
			rule = RuleStopSign
		default:
			continue
		}
		road, atStart, ok := o.ruledEnd(sg.Road, sg.S)
		if k, placed := byPlace[si]; placed {
			road, atStart, ok = k.Road, k.AtStart, true
		}
		if !ok {
			continue
		}
		k := 1
		if atStart {
			k = 0
		}
		e := &o.ends[road][k]
		if e.HasLight || (e.Rule == rule) {
			continue
		}
		e.Rule = rule
		if rule == RuleTrafficLight {
			e.HasLight, e.Light = true, sg.Pos
		}
	}
}

// signalEntries gives each traffic-light signal (by index in the
// network's Signals) the junction entry the place rule ties it to, its
// pole standing as the recorded light actor does (SignalLight).
func (o *OpenDRIVE) signalEntries() map[int]EndKey {
	var poses []LightPose
	var index []int
	for i := range o.net.Signals {
		if sg := &o.net.Signals[i]; sg.Type == scene.SignalTrafficLight {
			poses = append(poses, SignalLight(sg))
			index = append(index, i)
		}
	}
	out := map[int]EndKey{}
	if len(poses) == 0 {
		return out
	}
	ents := o.junctionEntries()
	for i, pl := range placeLights(ents, poses) {
		if pl.entry >= 0 {
			out[index[i]] = ents[pl.entry].key
		}
	}
	return out
}

// ruledEnd returns the road end a signal at s on road r rules.
func (o *OpenDRIVE) ruledEnd(r int, s float64) (road int, atStart, ok bool) {
	rd := &o.net.Roads[r]
	atStart = s < rd.Length/2
	if rd.Junction < 0 {
		return r, atStart, true
	}
	link := rd.End
	if atStart {
		link = rd.Start
	}
	if link.Road < 0 || o.net.Roads[link.Road].Junction >= 0 {
		return 0, false, false
	}
	return link.Road, link.AtStart, true
}
