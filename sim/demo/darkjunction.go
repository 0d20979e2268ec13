package demo

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/mm2carla/viewer/analysis/lanes"
	"github.com/mm2carla/viewer/scene"
)

// A junction whose lights are out of order, on a town where every
// junction is lit.
//
// Town01's and Town02's files put a traffic light at every entry of
// every junction and name no stop sign, so the demo had nowhere to
// stand one and the rogue's stop-sign could not happen there. In CARLA
// a light can be switched off or frozen (set_state, freeze), and where
// the lights of a junction are out the road works put up temporary stop
// signs. So on such a town the demo puts the lights of one junction out
// of order (darkJunction): its light actors blink yellow and off all
// run, as the posts with no approach already do (postSignal), and stop
// sign actors (traffic.stop) stand on the kerb of the entries from which
// no way goes straight on (the stem of a T: the through road keeps its
// way, as at the unlit junctions of the other towns, odrsigns.go), which
// its traffic obeys. The check ties those signs to those entries by
// their place because their recorded lights never show red or green
// (lanes.LightTrack.OutOfOrder, lanes.Association.EndSigns): a real
// recording whose lights work keeps every sign off its lit entries.
//
// Which junction: of those whose minor entries can all take a sign the
// check can judge (darkStops), the one nearest the middle of the map,
// where the ways from all over the town pass, so that the rogue's route
// search (rogueroute.go) reaches it from wherever its other acts take
// it: on Town01 junction 255, where road 12 (224 m) starts, on Town02
// junction 298, where road 9 (31 m) ends. Every junction of both towns
// is a T. Darkened one at a time, 7 of Town01's 12 and 2 of Town02's 8
// let the rogue stage all five kinds at the default seed, and the clean
// traffic stayed clean at each but Town02's junction 400 (a car blocked
// 30 s); the one nearest the middle is among the seven and the two. The
// one with the longest stem, tried first, staged four on Town02 (no
// close call). One junction, not more: every other junction keeps its
// working lights (the rogue's red-light wants one).
//
// Only a stem stops, as a minor road does at a junction without lights
// (signedT); an all-way stop would stop the through road's traffic too.
// The clean traffic of the default seed stays clean, and so does that of
// clean seeds 1-10 on both towns. With the junction's lights out every
// seed's traffic runs differently (the junction draws no light offset
// in newSim, so every draw after it moves): seed 6 on Town01 and seed 2
// on Town02 then left one car blocked 30 s at the line of a lit junction,
// a left turn merging into the lane the through road's platoon filled
// for its whole green, until such a turn claimed the lane's room
// (claimMerge, TestTownSeedsNotBlocked).
//
// The other towns have a stop sign somewhere (their files' own, or the
// demo's at their unlit junctions) and keep every light working.

// darkenJunction puts the lights of one junction out of order and
// stands temporary stop signs at its minor entries, where every junction
// of the network that lanes arrive at is lit (lit[j], from addODRLights,
// before the phases): lit[j] of the junction so darkened turns false, so
// that it gets none, and its light posts blink (postSignal).
func (n *network) darkenJunction(rn *scene.RoadNet, o *lanes.OpenDRIVE, lit []bool) {
	lo, hi := rn.Bounds()
	if !everyJunctionLit(n, lit) || !sane(lo) || !sane(hi) {
		return
	}
	ents := map[lanes.EndKey]lanes.Entry{}
	for _, e := range o.Entries() {
		ents[e.Key] = e
	}
	j := n.darkJunction(o, ents, lo.Add(hi).Mul(0.5))
	if j < 0 {
		return
	}
	as := n.junctions[j].approaches
	kinds := make([]approachKind, len(as))
	for i, a := range as {
		kinds[i] = n.approaches[a].kind
		n.approaches[a].kind, n.approaches[a].signed = approachFree, false
	}
	if n.addDarkSigns(o, ents, j) == 0 { // the check would tie no sign to its stem: keep the lights
		for i, a := range as {
			n.approaches[a].kind = kinds[i]
		}
		return
	}
	lit[j] = false
}

// everyJunctionLit reports whether every junction that lanes arrive at
// has working lights.
func everyJunctionLit(n *network, lit []bool) bool {
	some := false
	for j := range n.junctions {
		if len(n.junctions[j].approaches) == 0 {
			continue
		}
		if !lit[j] {
			return false
		}
		some = true
	}
	return some
}

// darkJunction picks the junction to put out of order (see above): of
// those whose minor entries can all take a sign (darkStops), the one
// nearest the middle of the map (mid); -1 when none will do. ents are
// the map's junction entries by key.
func (n *network) darkJunction(o *lanes.OpenDRIVE, ents map[lanes.EndKey]lanes.Entry, mid mgl64.Vec3) int {
	best, nearest := -1, math.Inf(1)
	for j := range n.junctions {
		if len(n.darkStops(o, ents, j)) == 0 {
			continue
		}
		var at mgl64.Vec3 // the middle of its stop lines
		as := n.junctions[j].approaches
		for _, a := range as {
			e := ents[n.endKeys[a]]
			at = at.Add(e.Inner.Add(e.Outer).Mul(0.5 / float64(len(as))))
		}
		if d := flat(at.Sub(mid)).Len(); d < nearest {
			best, nearest = j, d
		}
	}
	return best
}

// darkStops returns the entries of junction j that get a temporary stop
// sign when its lights are out: those from which no way goes straight
// on, when some other has one; none if a sign there could not be judged
// (signable, stopsSeen).
func (n *network) darkStops(o *lanes.OpenDRIVE, ents map[lanes.EndKey]lanes.Entry, j int) []int {
	as := n.junctions[j].approaches
	var minor []int
	for _, a := range as {
		if len(n.approaches[a].lanes) == 0 {
			return nil
		}
		if !n.goesStraight(a) {
			minor = append(minor, a)
		}
	}
	if len(minor) == 0 || len(minor) == len(as) {
		return nil
	}
	for _, a := range minor {
		e, ok := ents[n.endKeys[a]]
		if !ok || !signable(o, e) || !n.stopsSeen(o, a) {
			return nil
		}
	}
	return minor
}

// addDarkSigns stands the temporary stop signs of junction j, whose
// lights are out, and makes their entries stops, where the check ties
// each to its own entry: as it does, among the entries no working light
// rules. It returns how many it stood.
func (n *network) addDarkSigns(o *lanes.OpenDRIVE, ents map[lanes.EndKey]lanes.Entry, j int) int {
	var poses []lanes.LightPose
	var of []int
	for _, a := range n.darkStops(o, ents, j) {
		poses = append(poses, kerbSign(ents[n.endKeys[a]]))
		of = append(of, a)
	}
	dark := map[lanes.EndKey]bool{}
	for _, a := range n.junctions[j].approaches {
		dark[n.endKeys[a]] = true
	}
	lit := func(k lanes.EndKey) bool { return !dark[k] && o.End(k.Road, k.AtStart).HasLight }
	return n.standSigns(poses, of, o.EntrySigns(poses, lit))
}
