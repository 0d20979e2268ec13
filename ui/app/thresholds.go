package app

import (
	"math"

	"github.com/mm2carla/viewer/analysis/faults"
)

// The fault thresholds panel: Shift+K shows the rule profile (our own
// rules or the leaderboard's: leaderboard.go), then every limit of our
// fault rules (the ones `viewer check` takes as flags) with its value;
// Up and Down choose a row, Left and Right change it by a step. A change
// is remembered with the other settings and the rules run again over
// the association already built (a fraction of a second), so a user can
// watch faults appear and vanish as a limit moves.

// thresholdStep is how one threshold is shown and changed, and what it
// limits, in a line (the panel's name is the flag's, short and cryptic).
type thresholdStep struct {
	unit     string
	step     float64
	min, max float64
	prec     int // decimals shown
	about    string
}

// thresholdSteps are the steps of each threshold, by its flag name.
var thresholdSteps = map[string]thresholdStep{
	"off-lane":         {"m", 0.1, 0.1, 10, 1, "off-lane: a vehicle at least this far from every lane's curve"},
	"off-lane-time":    {"s", 0.1, 0, 30, 1, "off-lane: for at least this long"},
	"lane-change-time": {"s", 0.5, 0, 30, 1, "off-lane: reaching the next lane within this long is a lane change, not a fault"},
	"wrong-way-speed":  {"m/s", 0.1, 0, 30, 1, "wrong-way: moving at least this fast"},
	"wrong-way-angle":  {"deg", 5, 90, 180, 0, "wrong-way: heading more than this from its lane's direction"},
	"wrong-way-time":   {"s", 0.1, 0, 30, 1, "wrong-way: for at least this long"},
	"stop-speed":       {"m/s", 0.1, 0, 10, 1, "stop-sign: slower than this is a stop"},
	"stop-distance":    {"m", 1, 1, 100, 0, "stop-sign: the stop is within this distance before the lane's end"},
	"close-call-ttc":   {"s", 0.1, 0.1, 10, 1, "close-call: two actors' time to collision under this"},
	"moving-speed":     {"m/s", 0.1, 0, 10, 1, "close-call: both move at least this fast; off-lane: a slower vehicle is parked"},
	"collision-window": {"s", 0.5, 0, 30, 1, "close-call: the two colliding within this long after it makes it part of the collision"},
	"after-collision":  {"s", 0.5, 0, 30, 1, "close-call: none for two actors while they touch in a collision and this long after"},
	"collision-merge":  {"s", 0.5, 0, 30, 1, "collision: the same two actors' impacts within this long of the first are one"},
}

// ThresholdList returns the thresholds panel's state: whether it shows,
// its cursor and its rows: first the rule profile, "rules<TAB>own" or
// "rules<TAB>leaderboard 2.0: penalty 0.42 for 111", then
// one a threshold: "name<TAB>value unit", with " (default V)" when it
// is not the default.
func (a *App) ThresholdList() *List { return &a.an.thresholdList }

// ThresholdAbout says what the row under the thresholds panel's cursor
// is: the rule profile, or what a threshold limits.
func (a *App) ThresholdAbout() string {
	an := &a.an
	fs := thresholdFields(&an.thresholds)
	switch c := an.thresholdList.cursor; {
	case c > 0 && c <= len(fs):
		return thresholdSteps[fs[c-1].name].about
	case an.rules.Leaderboard():
		return "CARLA's leaderboard judges the hero by its own fixed rules (K lists its infractions); the limits below are for the own rules' faults"
	}
	return "own: this viewer's rules, with the limits below, for every vehicle; Right: CARLA's leaderboard judges the hero"
}

// buildThresholdLines rebuilds the rows while the panel shows.
func (a *App) buildThresholdLines() {
	an := &a.an
	l := &an.thresholdList.lines
	l.Reset()
	if !an.thresholdList.open {
		return
	}
	l.S("rules").Tab().S(an.rules.String())
	if an.rules.Leaderboard() {
		a.appendPenalty(l.S(": "), true)
	} else {
		l.S(" (Right: CARLA's leaderboard)")
	}
	l.End()
	def := faults.Defaults()
	defs := thresholdFields(&def)
	for i, f := range thresholdFields(&an.thresholds) {
		st := thresholdSteps[f.name]
		l.S(f.name).Tab().F(*f.v, st.prec).S(" ").S(st.unit)
		if *f.v != *defs[i].v {
			l.S("  (default ").F(*defs[i].v, st.prec).S(")")
		}
		l.End()
	}
}

// moveThreshold moves the panel's cursor by steps rows.
func (an *analysis) moveThreshold(steps float64) {
	an.thresholdList.move(steps, 1+len(thresholdFields(&an.thresholds)))
}

// changeThreshold changes the threshold on the cursor's row (not the
// first: the rule profile's) by steps of its step, within its bounds,
// and reports whether it changed.
func (an *analysis) changeThreshold(steps float64) bool {
	f := thresholdFields(&an.thresholds)[an.thresholdList.cursor-1]
	st := thresholdSteps[f.name]
	v := math.Round((*f.v+steps*st.step)/st.step) * st.step // stay on the steps
	v = min(max(v, st.min), st.max)
	if v == *f.v {
		return false
	}
	*f.v = v
	return true
}

// applyThresholds carries out the thresholds panel's commands: a change
// is remembered and the fault rules run again.
func (a *App) applyThresholds(kind thresholdCmd, steps float64) {
	switch kind {
	case thToggle:
		if a.an.thresholdList.toggle() {
			a.closeListsBut(&a.an.thresholdList)
		}
	case thMove:
		a.an.moveThreshold(steps)
	case thChange:
		if a.an.thresholdList.cursor == 0 {
			a.setRules(steps)
			return
		}
		if a.an.changeThreshold(steps) {
			a.settingsGen++
			a.refind()
		}
	}
}

type thresholdCmd uint8

const (
	thToggle thresholdCmd = iota
	thMove
	thChange
)

// refind runs the fault rules again with the thresholds now in use: over
// the association built, or, while the pass still runs, once it is done
// (pollAnalysis compares its thresholds).
func (a *App) refind() {
	if a.an.job != nil || a.an.assoc == nil {
		return
	}
	rec := a.Recording()
	if rec == nil {
		return
	}
	a.an.job = startFind(a.recRes.Source.Name, rec, a.an.assoc, a.an.thresholds)
}
