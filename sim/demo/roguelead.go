package demo

// The rogue's lead car on a divided town (Town06). An eager plan heading
// for the wrong-way there starts its rogue alone before a median lane
// (medianPlace): from road 33's stop sign through the turnaround to
// junction 15 every lane has one way on, and the only car the rogue met
// on its way was 50-190 m ahead, so no plan staged the close call with
// the other four. The demo owns its traffic, so such a start gets an
// ordinary car to close in on first: the rogue starts at the beginning
// of the lane beside its start lane, on its right (road 33's lane of
// rank 1), with the lead car standing some 20 m ahead of it, and once
// its close call is staged it moves across to its start lane (its lane
// change, roguelane.go) and drives on as it would have. The lead car
// keeps its lane, which leads through the turnaround onto another lane
// than the median lane, where the act wants nobody (medianClear): ahead
// of the rogue on the start lane itself it took the median lane first.

// Lead car constants.
const (
	leadGap   = 18.0 // m of bumper gap at least between the rogue and the lead car...
	leadSpan  = 8.0  // ...and up to this much more, drawn
	leadClear = 10.0 // m: nobody on the lane this near either at the start
)

// leadStart returns where an eager plan's rogue starts instead of c, a
// start for the wrong-way across a median, on a town whose wrong-way is
// across a median (medianLanes), and where its lead car stands (see
// above): on the lane beside c's on its right, the rogue at its
// beginning. False elsewhere, or where that lane has no room for the
// two and the close call.
func (s *sim) leadStart(c start, hl, lh float64) (rs start, lead float64, ok bool) {
	if s.medianLanes() == nil {
		return start{}, 0, false
	}
	a := s.adjacentLane(c.lane, 1)
	if a < 0 {
		return start{}, 0, false
	}
	al := &s.net.lanes[a]
	at := hl + 2
	lead = at + hl + lh + leadGap + leadSpan*s.rogue.rng.Float64()
	if al.entry || al.trap || lead+lh+tailRoom > al.path.length() || !s.clear(a, at, hl, leadClear) || !s.clear(a, lead, lh, leadClear) {
		return start{}, 0, false
	}
	return start{a, at}, lead, true
}

// addLead puts the lead car, standing, at lead on lane l, where the
// rogue starts behind it, and has the rogue wish to move across to lane
// to once its close call is staged (laneShift.afterClose). Drawn from
// the traffic's draws, its spawn shifted all that followed, and plan 25
// staged five with two cars left blocked (blockWatch).
func (s *sim) addLead(l int, lead float64, to int, bp *vehicleBlueprint, color string) {
	s.target++ // it comes on top of the traffic, as the rogue does
	traffic := s.rng
	s.rng = s.rogue.rng // its spawn's draws (drive share, first way) are the rogue's, so the others start as in the run without it
	s.addVehicle(l, lead, 0, bp, color, roleAmbient)
	s.rng = traffic
	s.index()
	s.rogue.shift = laneShift{lane: l, to: to, afterClose: true}
}
