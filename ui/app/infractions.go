package app

import (
	"github.com/mm2carla/viewer/analysis/faults"
	"github.com/mm2carla/viewer/analysis/leaderboard"
	"github.com/mm2carla/viewer/scene/playback"
)

// The leaderboard's infractions where our own faults show with our own
// rules: the fault list's rows, the times [ and ] stop at, and the actor
// panel's lines of the judged actor. With our own rules all of these are
// our faults', as before.

// buildInfractionRows lists the leaderboard's infractions as the fault
// list's rows: "time<TAB>key  detail".
func (a *App) buildInfractionRows(res *leaderboard.Result) {
	a.an.rows, a.an.lbMarks = a.an.rows[:0], a.an.lbMarks[:0]
	l := &a.an.list.lines
	l.Reset()
	if res == nil {
		return
	}
	for i := range res.Infractions {
		f := &res.Infractions[i]
		a.an.rows = append(a.an.rows, faultRow{i: i, t: f.Time})
		a.an.lbMarks = append(a.an.lbMarks, infractionMark(res.Hero, f))
		l.buf = playback.AppendTime(l.buf, f.Time, 2)
		l.Tab().S(f.Kind.Key())
		if hasInfractionDetail(f) {
			appendInfractionDetail(l.S("  "), f)
		}
		l.End()
	}
}

// infractionMark is infraction f of actor hero as the map marks it: a
// fault of the nearest own kind (InfractionKind, the colour and shape of
// its row) at its time and where it happened, so that the renderer, the
// legend and a click on a mark treat both profiles' marks alike.
func infractionMark(hero uint32, f *leaderboard.Infraction) faults.Fault {
	return faults.Fault{Kind: InfractionKind(f.Kind), Actor: hero, Start: f.Time, End: f.Time,
		Location: f.Location, Other: f.Other, Road: -1, Intersection: -1}
}

// hasInfractionDetail reports whether appendInfractionDetail writes
// anything for f.
func hasInfractionDetail(f *leaderboard.Infraction) bool {
	switch f.Kind {
	case leaderboard.CollisionPedestrian, leaderboard.CollisionVehicle, leaderboard.CollisionLayout,
		leaderboard.RedLight, leaderboard.OutsideRouteLanes:
		return true
	case leaderboard.StopInfraction:
		return f.Other != 0
	}
	return false
}

// appendInfractionDetail writes what an infraction was with: "with 8
// audi.a2", "light 900", "sign 31", "12.5% of the way, 40 m".
func appendInfractionDetail(l *Lines, f *leaderboard.Infraction) {
	switch f.Kind {
	case leaderboard.CollisionPedestrian, leaderboard.CollisionVehicle, leaderboard.CollisionLayout:
		bp := shortBlueprint(f.OtherType)
		if f.Other == leaderboard.World {
			bp = ""
		}
		l.buf = faults.AppendOther(append(l.buf, "with "...), f.Other, bp)
	case leaderboard.RedLight:
		l.S("light ").U(uint64(f.Other))
	case leaderboard.StopInfraction:
		if f.Other != 0 {
			l.S("sign ").U(uint64(f.Other))
		}
	case leaderboard.OutsideRouteLanes:
		l.F(f.Percentage, 1).S("% of the way, ").F(f.Distance, 0).S(" m")
	}
}

// appendInfractionTimes appends the times of the infractions the fault
// list lists, for [ and ] (setClockEvents).
func (a *App) appendInfractionTimes(times []float64) []float64 {
	for _, f := range a.ListedInfractions() {
		times = append(times, f.Time)
	}
	return times
}

// actorInfractions writes the actor panel's lines of actor id (a vehicle
// of run A) with the leaderboard's rules, in place of its faults: its
// infractions in the leaderboard's words when it is the actor judged
// (the penalty when it has none), else whom the leaderboard judges and
// how to have it judged instead.
func (a *App) actorInfractions(l *Lines, id uint32) {
	k, _ := a.lbWanted()
	res, err := a.Leaderboard()
	l.S("infractions").Tab()
	switch {
	case k.actor != id:
		if k.actor == 0 {
			l.S("no hero to judge").End()
		} else {
			l.S("judged for ").U(uint64(k.actor)).S(" only").End()
		}
		l.Tab().S("Ctrl+K: the selected actor's").End()
		return
	case err != nil:
		l.S(err.Error()).End()
		return
	case res == nil:
		l.S("judging...").End()
		return
	case len(res.Infractions) == 0:
		l.S("none, penalty ").F(res.Penalty, 2).End()
		return
	}
	for i := range res.Infractions {
		f := &res.Infractions[i]
		if i == maxFaultLines {
			l.Tab().S("... ").I(int64(len(res.Infractions) - i)).S(" more (K lists them)").End()
			break
		}
		if i > 0 {
			l.Tab()
		}
		l.buf = playback.AppendTime(l.buf, f.Time, 2)
		l.S("  ").S(f.Kind.Key()).End()
		// The detail on a line of its own: beside the key it ran past
		// a small window's panel.
		if hasInfractionDetail(f) {
			appendInfractionDetail(l.Tab().S("  "), f)
			l.End()
		}
	}
}
