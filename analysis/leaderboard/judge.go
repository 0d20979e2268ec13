package leaderboard

import (
	"cmp"
	"errors"
	"fmt"
	"slices"

	"github.com/mm2carla/viewer/analysis/lanes"
	"github.com/mm2carla/viewer/scene"
)

// Options says whom to judge, by which edition, along which route.
type Options struct {
	Hero    uint32  // the hero's actor id
	Version Version // V1 or V2; 0 is V2
	Route   *Route  // the route the run followed; nil when not known
}

// Result is what the leaderboard would have recorded of the run.
type Result struct {
	Hero      uint32
	Blueprint string
	Version   Version
	// Infractions are the criteria's events up to End, by time.
	Infractions []Infraction
	// End is when the run ended for the leaderboard: the hero's last
	// sample, or the moment it was blocked, left the route or completed
	// it (the criteria that end a route).
	End float64
	// Why the run ended early ("Agent got blocked", "Agent deviated from
	// the route", "Completed"), "" when it ran to the recording's end.
	Ended string
	// LaneRules is false when the map is not an OpenDRIVE map (or there
	// is none): red lights, stops and outside lanes are not judged.
	LaneRules bool
	// LightsBySignal and LightsByPlace count the junction entries whose
	// recorded light is tied to them by the map's OpenDRIVE signals and
	// by the place rule; StopsBySignal and StopsByPlace the entries with
	// a stop sign by the map's signals and by a recorded sign's place.
	LightsBySignal, LightsByPlace, StopsBySignal, StopsByPlace int
	// StandingCollisions are the starts (s) of the hero's recorded
	// collisions up to End that count for nothing because it stood
	// through them (CollisionTest ignores a contact below 0.1 m/s: being
	// hit while waiting is not the agent's fault): the hero was hit and
	// yet has no collision infraction, and a reader should be told why.
	StandingCollisions []float64
	// Penalty is score_penalty: the product of the infractions' factors.
	Penalty float64
	// Route is set when a route was given: completion (score_route),
	// the driving score (score_composed) and the route's length.
	Route *RouteScore
}

// RouteScore is the route's part of the result.
type RouteScore struct {
	ID         string
	Length     float64 // m
	Completion float64 // %
	Score      Score
}

// Count returns the number of infractions of kind k.
func (r *Result) Count(k Kind) int {
	n := 0
	for i := range r.Infractions {
		if r.Infractions[i].Kind == k {
			n++
		}
	}
	return n
}

// Judge applies the criteria to the hero of an association (over the
// recording whose events are given, which a's Spots follow). It reads a
// only.
func Judge(a *lanes.Association, events []scene.Event, opt Options) (*Result, error) {
	v := opt.Version
	if v == 0 {
		v = V2
	}
	ti := a.TracksOf(opt.Hero)
	if len(ti) == 0 {
		return nil, fmt.Errorf("actor %d is no vehicle of the recording", opt.Hero)
	}
	tr := &a.Tracks[ti[0]]
	if tr.Len() == 0 {
		return nil, errors.New("the hero has no samples")
	}
	res := &Result{Hero: tr.ID, Blueprint: tr.Blueprint, Version: v, End: tr.End()}
	o, _ := a.Map.(*lanes.OpenDRIVE)
	res.LaneRules = o != nil
	var rl redLights
	var st stops
	var out outside
	if o != nil {
		rl = redLights{m: o, lights: a.Lights, last: -1}
		rl.ends, res.LightsBySignal, res.LightsByPlace = governedEnds(a, o)
		st = stops{m: o, ends: stopEnds(a, o), target: -1, lastFail: -1}
		for _, e := range st.ends {
			if e.place {
				res.StopsByPlace++
			} else {
				res.StopsBySignal++
			}
		}
		out = outside{o: o, route: opt.Route}
	}
	var comp *completion
	var dev *deviation
	if opt.Route != nil {
		comp = &completion{r: opt.Route}
		dev = &deviation{r: opt.Route, inSafe: true}
	}
	var b blocked
	var inf []Infraction
	var s lanes.Sample
	for i := range tr.Len() {
		tr.Read(i, &s)
		if o != nil {
			inf = rl.step(tr, &s, inf)
			inf = st.step(&s, inf)
			out.step(&s)
		}
		if comp != nil {
			comp.step(&s)
			if f, ok := dev.step(&s); ok {
				inf, res.End, res.Ended = append(inf, f), s.Time, "Agent deviated from the route"
				break
			}
			if comp.done {
				res.End, res.Ended = s.Time, "Completed"
				break
			}
		}
		if f, ok := b.step(&s); ok {
			inf, res.End, res.Ended = append(inf, f), s.Time, "Agent got blocked"
			break
		}
	}
	counted, standing := collisions(tr, events)
	for _, f := range counted {
		if f.Time <= res.End {
			inf = append(inf, f)
		}
	}
	for _, t := range standing {
		if t <= res.End {
			res.StandingCollisions = append(res.StandingCollisions, t)
		}
	}
	if o != nil {
		if f, ok := out.infraction(res.End, tr.Pos(max(tr.Index(res.End), 0))); ok {
			inf = append(inf, f)
		}
	}
	slices.SortStableFunc(inf, func(x, y Infraction) int { return cmp.Compare(x.Time, y.Time) })
	res.Infractions = inf
	res.Penalty = v.PenaltyOf(inf)
	if comp != nil {
		res.Route = &RouteScore{ID: opt.Route.ID, Length: opt.Route.Length(), Completion: comp.value,
			Score: v.ScoreOf(comp.value, inf)}
	}
	return res, nil
}
