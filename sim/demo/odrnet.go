package demo

import (
	"math"
	"slices"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/mm2carla/viewer/analysis/lanes"
	"github.com/mm2carla/viewer/scene"
)

// The demo's network on an OpenDRIVE road network (CARLA's towns), so
// that the same traffic, lights and rogue run on CARLA's own roads.
//
// The network is read from the sampled lanes, not from the file's link
// records: each driving lane of each lane section is a piece, oriented
// in its direction of travel, and a piece leads on to every piece that
// starts where it ends (within joinTol, in 3D so that a bridge never
// joins the road under it) heading the same way. That one rule covers
// lane sections, road-to-road links (whichever way the roads run) and
// junctions' connecting roads alike, and every way it finds is one a
// car can drive without a jump.
//
// Pieces of ordinary roads that lead one to one into each other are
// chained into the network's lanes, which so run from junction to
// junction; chains of a junction's connecting roads are its movements,
// from the lane that ends where they start to the lane that starts
// where they end. A junction entry (a road end, lanes.EndKey) is an
// approach, with the rule the viewer's own lane map (analysis/lanes)
// gives that end, so that the traffic obeys exactly the stop signs
// `viewer check` knows (on a town whose file names no stop signs, the
// demo stands sign actors at unlit junctions, odrsigns.go). Lights are
// the map's traffic-light signals, their actors where CARLA puts them
// (lanes.SignalLight); a map with no
// signals (the 2019 Town03 and Town05) gets a light on the kerb before
// each entry of every crossing but the T-junctions a stop sign rules
// (signedT). Which entry a light governs is decided
// by the viewer's rule for recorded lights (LightMatcher, then the place
// rule), so the lights the check reads are the ones the traffic obeyed.
//
// A lane that narrows to nothing (a lane that ends or begins within a
// road: on-ramps, added turn lanes) is left out: a car on its taper
// would overlap the lane beside it. Traffic leaves and enters where
// lanes so end, and at the map's dead ends.

// Limits of reading an OpenDRIVE network, metres.
const (
	joinTol      = 0.5 // a piece leads on to one starting this close to its end
	minEndWidth  = 2.0 // a lane narrower than this at an end is a taper, left out
	minLane      = 1.0 // a lane shorter than this is a stub (Town03 has a 1 mm one into a car park), left out
	walkJoin     = 4.0 // sidewalk ends this close are joined (walkers do not cross roads)
	lightBack    = 4.0 // a made-up light stands this far before its stop line
	lightOut     = 2.0 // and this far right of the entry's kerb-side edge
	crossingTurn = 0.5 // a junction whose entries differ by more than 60 degrees is a crossing
	// townOpposite is addPhases' opposite on a town: CARLA's roads meet
	// at a junction up to 60 degrees askew, and an entry left without a
	// partner gets a phase of its own, which at a crossing of four makes
	// a cycle of 64 s and a red of 48 s: cars would stand long enough
	// for ` + "`viewer check`" + ` to call them blocked.
	townOpposite = -0.5
	// runRoad is the shortest entry road from which the check sees a
	// car run a red: it looks for the car's front reaching the line while
	// its centre is on the entry's own road, and from Town05's 1 m roads
	// 31 and 32 (the last links before junction 8) the front is over the
	// line while the centre is still on the road before. The rogue runs
	// no red there (hasPost); the traffic obeys those lights as any.
	runRoad = 6.0
)

// piece is one lane of one lane section, in its direction of travel.
type piece struct {
	lane       int // index in RoadNet.Lanes
	junction   int // the junction its road belongs to, -1 for an ordinary road
	pts        []mgl64.Vec3
	succ, pred []int32
}

func (p *piece) first() mgl64.Vec3 { return p.pts[0] }
func (p *piece) last() mgl64.Vec3  { return p.pts[len(p.pts)-1] }

// headAt is the piece's ground direction at its start or end.
func (p *piece) headAt(end bool) mgl64.Vec3 {
	if end {
		return unit(flat(p.pts[len(p.pts)-1].Sub(p.pts[len(p.pts)-2])))
	}
	return unit(flat(p.pts[1].Sub(p.pts[0])))
}

// newODRNetwork reads the drivable graph of an OpenDRIVE network.
func newODRNetwork(rn *scene.RoadNet) *network {
	o := lanes.NewOpenDRIVE(rn)
	n := &network{junctions: make([]junction, len(rn.Junctions)), fair: true}
	ps := drivingPieces(rn)
	joinPieces(ps)
	cs := chains(ps)
	lastOf, firstOf := n.addODRLanes(rn, ps, cs)
	n.addODRMoves(ps, lastOf, firstOf)
	n.addODRApproaches(rn, o, ps, lastOf)
	n.addODRLights(rn, o)
	n.addEntrySpeeds()
	n.markTraps()
	n.addODRWalks(rn)
	if lo, hi := rn.Bounds(); sane(lo) && sane(hi) {
		n.centre = lo.Add(hi).Mul(0.5)
		n.radius = hi.Sub(lo).Len() / 2
	}
	return n
}

// drivingPieces returns the network's driving lanes as pieces, tapers
// left out.
func drivingPieces(rn *scene.RoadNet) []piece {
	var ps []piece
	for i := range rn.Lanes {
		l := &rn.Lanes[i]
		k := len(l.Center)
		if l.Type != "driving" || k < 2 || len(l.Inner) != k || len(l.Outer) != k {
			continue
		}
		if l.Inner[0].Sub(l.Outer[0]).Len() < minEndWidth || l.Inner[k-1].Sub(l.Outer[k-1]).Len() < minEndWidth {
			continue
		}
		pts := slices.Clone(l.Center)
		if !l.Forward {
			slices.Reverse(pts)
		}
		ps = append(ps, piece{lane: i, junction: rn.Roads[l.Road].Junction, pts: pts})
	}
	return ps
}

// joinPieces finds each piece's successors and predecessors.
func joinPieces(ps []piece) {
	type cell [2]int32
	at := func(p mgl64.Vec3) cell { return cell{int32(math.Floor(p[0] / 2)), int32(math.Floor(p[1] / 2))} }
	starts := map[cell][]int32{}
	for i := range ps {
		c := at(ps[i].first())
		starts[c] = append(starts[c], int32(i))
	}
	for i := range ps {
		p := &ps[i]
		e, h := p.last(), p.headAt(true)
		c := at(e)
		for dx := int32(-1); dx <= 1; dx++ {
			for dy := int32(-1); dy <= 1; dy++ {
				for _, q := range starts[cell{c[0] + dx, c[1] + dy}] {
					if q == int32(i) || ps[q].first().Sub(e).Len() > joinTol || ps[q].headAt(false).Dot(h) < 0.5 {
						continue
					}
					p.succ = append(p.succ, q)
					ps[q].pred = append(ps[q].pred, int32(i))
				}
			}
		}
	}
}

// chains groups the pieces into chains of pieces that lead one to one
// into each other on the same kind of road (ordinary, or one junction).
func chains(ps []piece) [][]int32 {
	next := make([]int32, len(ps))
	hasPrev := make([]bool, len(ps))
	for i := range ps {
		next[i] = -1
		if p := &ps[i]; len(p.succ) == 1 {
			if q := p.succ[0]; len(ps[q].pred) == 1 && ps[q].junction == p.junction {
				next[i], hasPrev[q] = q, true
			}
		}
	}
	seen := make([]bool, len(ps))
	var out [][]int32
	walk := func(i int) {
		var c []int32
		for k := int32(i); k >= 0 && !seen[k]; k = next[k] {
			seen[k] = true
			c = append(c, k)
		}
		out = append(out, c)
	}
	for i := range ps {
		if !hasPrev[i] && !seen[i] {
			walk(i)
		}
	}
	for i := range ps { // what is left is rings: cut each anywhere
		if !seen[i] {
			walk(i)
		}
	}
	return out
}

// chainPath joins the points of a chain's pieces.
//
// The sampled lanes have points a few centimetres apart, and even
// doubling back, where lane sections and pieces meet (Town03 has a way
// whose first 0.3 m go forward, back and forward again); taken as they
// are, the heading jumps there and the path's bend is a radius of
// centimetres, which slowed cars to minTurnV (2.5 m/s) on a third of
// Town03's ways, straight ones too, so that a junction's ways stayed
// taken for long and queues stood past 30 s. Points closer than joinTol
// to the last one kept are left out (the chain's own end stays where it
// is, for the ways joining there).
func chainPath(ps []piece, c []int32) path {
	var pts []mgl64.Vec3
	for ci, k := range c {
		for i, q := range ps[k].pts {
			end := ci == len(c)-1 && i == len(ps[k].pts)-1
			switch {
			case len(pts) == 0 || q.Sub(pts[len(pts)-1]).Len() > joinTol:
				pts = append(pts, q)
			case end && len(pts) > 1:
				pts[len(pts)-1] = q
			case end:
				pts = append(pts, q)
			}
		}
	}
	return newPath(pts)
}

// addODRLanes makes a lane of each chain on ordinary roads; it returns,
// by piece, the lane a piece is the last and the first piece of (-1).
func (n *network) addODRLanes(rn *scene.RoadNet, ps []piece, cs [][]int32) (lastOf, firstOf []int) {
	lastOf, firstOf = make([]int, len(ps)), make([]int, len(ps))
	for i := range ps {
		lastOf[i], firstOf[i] = -1, -1
	}
	for _, c := range cs {
		if ps[c[0]].junction >= 0 {
			continue
		}
		p := chainPath(ps, c)
		if !p.ok() || p.length() < minLane {
			continue
		}
		head, tail := &ps[c[0]], &ps[c[len(c)-1]]
		from, to := -1, -1
		for _, q := range head.pred {
			from = max(from, ps[q].junction)
		}
		for _, q := range tail.succ {
			to = max(to, ps[q].junction)
		}
		l := lane{path: p, from: from, to: to, speed: cityLimit, approach: -1, claim: -1,
			bends: p.bends(lateralAcc, turnDecel, minTurnV), entry: len(head.pred) == 0 && !fromJunction(rn, head)}
		l.road, l.sideB, l.rank, l.nLanes = sideOf(rn, ps, c)
		firstOf[c[0]], lastOf[c[len(c)-1]] = len(n.lanes), len(n.lanes)
		n.lanes = append(n.lanes, l)
	}
	return lastOf, firstOf
}

// fromJunction reports whether a piece's road starts, in its direction
// of travel, at a junction: a lane that has no way in from there (Town03
// has stubs so) is no place for traffic to appear, in the junction's
// crossing traffic.
func fromJunction(rn *scene.RoadNet, p *piece) bool {
	l := &rn.Lanes[p.lane]
	link := rn.Roads[l.Road].End
	if l.Forward {
		link = rn.Roads[l.Road].Start
	}
	return link.Junction >= 0
}

// sideOf places a chain on a road as the rogue's acts ask (the
// rightmost lane, the oncoming lane of the same road): by its longest
// piece, whose road both directions' chains between two junctions
// share. Rank 0 is the lane next to the centre line.
func sideOf(rn *scene.RoadNet, ps []piece, c []int32) (road int, sideB bool, rank, nLanes int) {
	best, bl := c[0], -1.0
	for _, k := range c {
		if l := len(ps[k].pts); float64(l) > bl {
			best, bl = k, float64(l)
		}
	}
	me := &rn.Lanes[ps[best].lane]
	for _, li := range rn.Roads[me.Road].Lanes {
		l := &rn.Lanes[li]
		if l.Section != me.Section || l.Type != "driving" || (l.ID > 0) != (me.ID > 0) {
			continue
		}
		nLanes++
		if abs(l.ID) < abs(me.ID) {
			rank++
		}
	}
	return me.Road, me.Forward, rank, nLanes
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// addODRMoves makes the movements of the junctions: every way through
// a junction's connecting pieces from the lane that ends where the
// first starts to the lane that starts where the last ends. CARLA
// splits some connecting roads inside a junction (one road, then two
// branches), so the ways are the paths through those pieces, not the
// roads.
func (n *network) addODRMoves(ps []piece, lastOf, firstOf []int) {
	var way []int32
	var walk func(in, j int, k int32)
	walk = func(in, j int, k int32) {
		if len(way) >= maxWayPieces || slices.Contains(way, k) {
			return
		}
		way = append(way, k)
		for _, q := range ps[k].succ {
			switch {
			case ps[q].junction == j:
				walk(in, j, q)
			case ps[q].junction < 0 && firstOf[q] >= 0:
				n.addODRMove(ps, j, in, firstOf[q], way)
			}
		}
		way = way[:len(way)-1]
	}
	for a, in := range lastOf {
		if in < 0 {
			continue
		}
		for _, q := range ps[a].succ {
			if j := ps[q].junction; j >= 0 && n.lanes[in].to == j {
				walk(in, j, q)
			}
		}
	}
}

// maxWayPieces bounds the pieces of one way through a junction.
const maxWayPieces = 8

// addODRMove adds the movement from lane in to lane out along the
// pieces of way, once for each pair of lanes.
func (n *network) addODRMove(ps []piece, j, in, out int, way []int32) {
	if n.lanes[out].from != j || len(n.junctions[j].moves) >= maxMoves {
		return
	}
	for _, m := range n.lanes[in].out {
		if n.moves[m].to == out {
			return
		}
	}
	n.addMove(j, in, out, turnClass(n.lanes[in].path.heading(true), n.lanes[out].path.heading(false)), chainPath(ps, way))
}

// turnClass classes the turn from ground direction a to b.
func turnClass(a, b mgl64.Vec3) int {
	ang := math.Atan2(a[0]*b[1]-a[1]*b[0], a[0]*b[0]+a[1]*b[1])
	switch {
	case math.Abs(ang) > uTurnAngle:
		return turnU
	case ang > turnAngle:
		return turnLeft
	case ang < -turnAngle:
		return turnRight
	}
	return turnStraight
}

// addODRApproaches makes an approach of every junction entry that lanes
// arrive at, with its stop sign where the lane map has one.
func (n *network) addODRApproaches(rn *scene.RoadNet, o *lanes.OpenDRIVE, ps []piece, lastOf []int) {
	lastPiece := make([]int, len(n.lanes))
	for k, l := range lastOf {
		if l >= 0 {
			lastPiece[l] = k
		}
	}
	index := map[lanes.EndKey]int{}
	for i := range n.lanes {
		l := &n.lanes[i]
		if l.to < 0 {
			continue
		}
		nl := &rn.Lanes[ps[lastPiece[i]].lane]
		key := lanes.EndKey{Road: nl.Road, AtStart: !nl.Forward}
		a, ok := index[key]
		if !ok {
			a = len(n.approaches)
			index[key] = a
			ap := approach{junction: l.to, road: key.Road, atEnd: !key.AtStart, kind: approachFree, dir: l.path.heading(true),
				blind: o.RoadLength(key.Road) < runRoad}
			if o.End(key.Road, key.AtStart).Rule.Stops() {
				ap.kind, ap.signed = approachStop, true
			}
			n.junctions[l.to].approaches = append(n.junctions[l.to].approaches, a)
			n.approaches = append(n.approaches, ap)
			n.endKeys = append(n.endKeys, key)
		}
		l.approach = a
		n.approaches[a].lanes = append(n.approaches[a].lanes, i)
	}
}

// addODRLights puts the light actors (and the stop signs, odrsigns.go),
// ties each light to the entry it governs as the viewer will, and makes
// those entries' lights work in phases.
// The other entries of a junction with lights (ramps, exits the place
// rule ties no light to) keep no rule, as the check sees them: their
// cars go in the gaps the sweeps leave. Making them stop first, as at a
// stop sign, kept more cars standing past the 30 s the check calls
// blocked (16 against 12 on the eight towns).
func (n *network) addODRLights(rn *scene.RoadNet, o *lanes.OpenDRIVE) {
	var poses []lanes.LightPose
	for i := range rn.Signals {
		if sg := &rn.Signals[i]; sg.Type == scene.SignalTrafficLight {
			poses = append(poses, lanes.SignalLight(sg))
		}
	}
	if len(poses) == 0 {
		poses = n.madeUpLights(o)
	}
	signed := n.addODRStopSignals(rn)
	byKey := map[lanes.EndKey]int{}
	for a, k := range n.endKeys {
		byKey[k] = a
	}
	ties := tieLights(o, poses)
	lit := make([]bool, len(n.junctions))
	for k := range ties {
		if a, ok := byKey[k]; ok {
			n.approaches[a].kind, n.approaches[a].signed = approachLight, false
			lit[n.approaches[a].junction] = true
		}
	}
	for i, p := range poses {
		post := lightPost{pos: p.Pos, yaw: p.Yaw, approach: -1}
		for k, li := range ties {
			if int(li) == i {
				post.approach = byKey[k]
			}
		}
		if post.approach < 0 { // a second light of an entry: it shows the same
			for k := range o.EntryLights([]lanes.LightPose{p}, nil) {
				if a, ok := byKey[k]; ok && n.approaches[a].kind == approachLight {
					post.approach = a
				}
			}
		}
		n.lights = append(n.lights, post)
	}
	n.darkenJunction(rn, o, lit) // where every junction is lit (darkjunction.go)
	for j := range n.junctions {
		if !lit[j] {
			continue
		}
		n.addPhases(j, townOpposite)
	}
	if !signed {
		n.addMadeUpSigns(o)
	}
}

// tieLights pairs light actors with the entries they govern by the
// viewer's rule (lanes.Association.EndLights): the map's own lights by
// nearness, the rest by the place rule.
func tieLights(o *lanes.OpenDRIVE, poses []lanes.LightPose) map[lanes.EndKey]int32 {
	var keys []lanes.EndKey
	var origins []mgl64.Vec3
	for r := range o.Roads() {
		for _, atStart := range []bool{true, false} {
			if e := o.End(r, atStart); e.HasLight {
				keys, origins = append(keys, lanes.EndKey{Road: r, AtStart: atStart}), append(origins, e.Light)
			}
		}
	}
	m := lanes.NewLightMatcher(origins)
	match := m.Reset(nil)
	for i, p := range poses {
		m.Offer(match, int32(i), p.Pos)
	}
	out := map[lanes.EndKey]int32{}
	matched := map[int32]bool{}
	for i, mt := range match {
		if mt.Actor >= 0 {
			out[keys[i]], matched[mt.Actor] = mt.Actor, true
		}
	}
	var rest []lanes.LightPose
	var index []int32
	for i, p := range poses {
		if !matched[int32(i)] {
			rest, index = append(rest, p), append(index, int32(i))
		}
	}
	for k, i := range o.EntryLights(rest, func(k lanes.EndKey) bool { return o.End(k.Road, k.AtStart).HasLight }) {
		out[k] = index[i]
	}
	return out
}

// madeUpLights stands a light before each entry of every crossing (a
// junction whose entries arrive from directions more than 60 degrees
// apart, and at least three of them) of a map without signals, on the
// kerb as CARLA's near-side lights stand, facing the traffic, but for
// the T-junctions that a stop sign rules (signedT).
func (n *network) madeUpLights(o *lanes.OpenDRIVE) []lanes.LightPose {
	ents := map[lanes.EndKey]lanes.Entry{}
	for _, e := range o.Entries() {
		ents[e.Key] = e
	}
	var poses []lanes.LightPose
	for j := range n.junctions {
		as := n.junctions[j].approaches
		cross := false
		for _, a := range as {
			for _, b := range as {
				cross = cross || n.approaches[a].dir.Dot(n.approaches[b].dir) < crossingTurn &&
					n.approaches[a].dir.Dot(n.approaches[b].dir) > -crossingTurn
			}
		}
		if len(as) < 3 || !cross || n.signedT(j) {
			continue
		}
		for _, a := range as {
			e, ok := ents[n.endKeys[a]]
			if !ok {
				continue
			}
			d := mgl64.Vec3{e.Dir[0], e.Dir[1], 0}
			pos := e.Outer.Add(rightOf(d).Mul(lightOut)).Sub(d.Mul(lightBack))
			poses = append(poses, lanes.LightPose{Pos: pos, Yaw: scene.WrapDegrees(math.Atan2(d[1], d[0])*180/math.Pi - 90)})
		}
	}
	return poses
}

// addODRWalks makes a sidewalk of each sidewalk lane, its ends joined
// to the nearest end of another within walkJoin.
func (n *network) addODRWalks(rn *scene.RoadNet) {
	for i := range rn.Lanes {
		if l := &rn.Lanes[i]; l.Type == "sidewalk" {
			if p := newPath(l.Center); p.ok() {
				n.walks = append(n.walks, sidewalk{path: p, road: l.Road, link: [2]int{-1, -1}})
			}
		}
	}
	point := func(w *sidewalk, end int) mgl64.Vec3 {
		if end == 0 {
			return w.path.first()
		}
		return w.path.last()
	}
	for i := range n.walks {
		for end := range 2 {
			p, best := point(&n.walks[i], end), walkJoin
			for k := range n.walks {
				for e := range 2 {
					if k == i {
						continue
					}
					if d := point(&n.walks[k], e).Sub(p).Len(); d < best {
						best, n.walks[i].link[end] = d, 2*k+e
					}
				}
			}
		}
	}
}

// signedT reports whether junction j is a T-junction left to a stop
// sign rather than lights: three entries, one of them (the stem) with
// no way straight on, and the through road no wider, lane for lane,
// than the stem. CARLA's levels stand traffic.stop actors at junctions
// without lights; the 2019 Town03 and Town05 name none, and lighting
// every crossing left Town05 without a stop sign to obey or run. Where
// the through road is wider than the stem (a side road joining
// Town05's three-lane ring, or its two-lane avenue) the stem's cars
// would wait long for a gap across it, so those keep their lights. On
// Town05 this leaves 4 of its 21 junctions to signs (the inner loop's
// two Ts, the avenue's ends at the west and east loops), on Town03 7
// of 34 (addMadeUpSigns stands the signs where the check can judge
// them).
func (n *network) signedT(j int) bool {
	as := n.junctions[j].approaches
	if len(as) != 3 {
		return false
	}
	stem, wide := -1, 0
	for _, a := range as {
		if !n.goesStraight(a) {
			if stem >= 0 {
				return false
			}
			stem = a
			continue
		}
		wide = max(wide, len(n.approaches[a].lanes))
	}
	return stem >= 0 && wide <= len(n.approaches[stem].lanes)
}
