package app

import (
	"errors"

	"github.com/mm2carla/viewer/analysis/faults"
	"github.com/mm2carla/viewer/analysis/lanes"
	"github.com/mm2carla/viewer/analysis/leaderboard"
	"github.com/mm2carla/viewer/scene"
	"github.com/mm2carla/viewer/scene/playback"
	"github.com/mm2carla/viewer/ui/settings"
)

// The rule profile: the thresholds panel's first row chooses which rules
// the fault list follows, our own (the default) or CARLA's leaderboard
// (edition 2.0 or 1.0), as `viewer check --rules` does. With the
// leaderboard's, the fault list lists what analysis/leaderboard (the
// code of `viewer check --rules leaderboard`) finds for the hero (or,
// with Ctrl+K's "the selected actor's", the selected vehicle), in the
// leaderboard's words (collisions_vehicle, red_light, ...), each row
// going to its time as a fault's does; the status line, the panel and
// the list's title give the predicted penalty. No route is known in the
// window, so there is no route completion or driving score. The judging
// runs in the background over the association the fault pass built (a
// few milliseconds), again when the judged actor or the edition changes.

// Rules is a rule profile.
type Rules uint8

// The profiles, in the order Left/Right step through them.
const (
	RulesOwn          Rules = iota // our own fault rules
	RulesLeaderboard2              // CARLA's leaderboard 2.0
	RulesLeaderboard1              // CARLA's leaderboard 1.0
	numRules
)

// String names the profile as the panel shows it (constants: the panel
// is written every tick, and allocates nothing).
func (r Rules) String() string {
	switch r {
	case RulesOwn:
		return "own"
	case RulesLeaderboard2:
		return "leaderboard 2.0"
	case RulesLeaderboard1:
		return "leaderboard 1.0"
	}
	return "Rules(" + itoa(int(r)) + ")"
}

// edition is the profile's leaderboard edition as the flags write it
// ("" for our own rules).
func (r Rules) edition() string {
	switch r {
	case RulesLeaderboard2:
		return "2.0"
	case RulesLeaderboard1:
		return "1.0"
	}
	return ""
}

// Leaderboard reports whether the profile is the leaderboard's.
func (r Rules) Leaderboard() bool { return r == RulesLeaderboard2 || r == RulesLeaderboard1 }

// version is the leaderboard edition of the profile (0: own rules).
func (r Rules) version() leaderboard.Version {
	switch r {
	case RulesLeaderboard2:
		return leaderboard.V2
	case RulesLeaderboard1:
		return leaderboard.V1
	}
	return 0
}

// rulesOf reads the remembered profile.
func rulesOf(s settings.Settings) Rules {
	switch {
	case s.Rules != "leaderboard":
		return RulesOwn
	case s.Leaderboard == "1.0":
		return RulesLeaderboard1
	}
	return RulesLeaderboard2
}

// save writes the profile into the settings, as the flags name it.
func (r Rules) save(s *settings.Settings) {
	if r.Leaderboard() {
		s.Rules, s.Leaderboard = "leaderboard", r.edition()
	}
}

// Rules returns the rule profile the fault list follows.
func (a *App) Rules() Rules { return a.an.rules }

// lbKey is what a judging is of: the association, the actor, the
// edition.
type lbKey struct {
	assoc   *lanes.Association
	actor   uint32
	version leaderboard.Version
}

// lbJob is one judging on its own goroutine.
type lbJob struct {
	key  lbKey
	done chan struct{}
	res  *leaderboard.Result // set before done is closed
	err  error
}

// lbState is the leaderboard's part of the analysis: the judging running
// and the last one done.
type lbState struct {
	job  *lbJob
	key  lbKey // what res and err are of
	res  *leaderboard.Result
	err  error
	text Lines // LeaderboardText's
	// The hero of heroOf (leaderboard.Hero, which walks the recording's
	// events: once a recording, not a tick).
	heroOf *scene.Recording
	hero   uint32
	heroOK bool
}

// errNoHero is the judging's error with no actor to judge.
var errNoHero = errors.New("no hero in the recording (select a vehicle and Ctrl+K: the selected actor's)")

func startJudge(rec *scene.Recording, k lbKey) *lbJob {
	j := &lbJob{key: k, done: make(chan struct{})}
	go func() {
		defer close(j.done)
		j.res, j.err = leaderboard.JudgeRecording(rec, k.assoc, leaderboard.Options{Hero: k.actor, Version: k.version})
	}()
	return j
}

// lbWanted returns what the leaderboard should judge now: the selected
// actor with the fault list's "the selected actor's" filter (or when
// the recording has no hero), else the hero; false with our own rules
// or before the association is built.
func (a *App) lbWanted() (lbKey, bool) {
	rec, as := a.Recording(), a.an.assoc
	if !a.an.rules.Leaderboard() || rec == nil || as == nil {
		return lbKey{}, false
	}
	k := lbKey{assoc: as, version: a.an.rules.version()}
	lb := &a.an.lb
	if lb.heroOf != rec {
		lb.heroOf = rec
		lb.hero, lb.heroOK = leaderboard.Hero(rec)
	}
	hero, ok := lb.hero, lb.heroOK
	switch {
	case a.an.filter == FilterSelected && a.sel.actor != 0, !ok:
		k.actor = a.sel.actor
	default:
		k.actor = hero
	}
	return k, true
}

// syncLeaderboard takes a finished judging and starts the one wanted
// when it is not the one done or running (one at a time: a change
// while one runs waits for it).
func (a *App) syncLeaderboard() {
	lb := &a.an.lb
	if j := lb.job; j != nil {
		select {
		case <-j.done:
			lb.job, lb.key, lb.res, lb.err = nil, j.key, j.res, j.err
		default:
			return
		}
	}
	k, ok := a.lbWanted()
	if !ok {
		// Our own rules, or no association: what was judged goes (it
		// holds an association a new recording may have replaced).
		lb.job, lb.key, lb.res, lb.err, lb.heroOf = nil, lbKey{}, nil, nil, nil
		return
	}
	if k == lb.key {
		return
	}
	if k.actor == 0 {
		lb.key, lb.res, lb.err = k, nil, errNoHero
		return
	}
	lb.job = startJudge(a.Recording(), k)
}

// Leaderboard returns the leaderboard's prediction for the profile and
// actor wanted now, or why there is none; both nil while it is being
// worked out, or with our own rules.
func (a *App) Leaderboard() (*leaderboard.Result, error) {
	k, ok := a.lbWanted()
	if !ok || k != a.an.lb.key {
		return nil, nil
	}
	return a.an.lb.res, a.an.lb.err
}

// Judging reports whether the leaderboard's judging runs.
func (a *App) Judging() bool { return a.an.lb.job != nil }

// setRules changes the profile by steps (Left/Right on the panel's
// first row), remembered, and says what the fault list lists now.
func (a *App) setRules(steps float64) {
	n := int(numRules)
	r := Rules(((int(a.an.rules)+int(steps))%n + n) % n)
	if r == a.an.rules {
		return
	}
	a.an.rules = r
	a.settingsGen++
	a.an.list.cursor = 0
	if r.Leaderboard() {
		a.notify(Info, "rules: CARLA's "+r.String()+"; K lists the hero's infractions in its words")
	} else {
		a.notify(Info, "rules: our own; K lists the faults")
	}
}

// appendPenalty writes "penalty 0.42 for 111 tesla.model3", or why
// there is none yet; short leaves out the blueprint and the note that
// without an OpenDRIVE map only collisions and blocked are judged.
func (a *App) appendPenalty(l *Lines, short bool) {
	res, err := a.Leaderboard()
	switch {
	case err != nil:
		l.S(err.Error())
	case res != nil:
		l.S("penalty ").F(res.Penalty, 2).S(" for ").U(uint64(res.Hero))
		if short {
			break
		}
		l.S(" ").S(shortBlueprint(res.Blueprint))
		if !res.LaneRules {
			l.S(" (no OpenDRIVE map: collisions, blocked)")
		}
	case a.an.assoc == nil:
		l.S("once the lanes are found")
	default:
		l.S("judging...")
	}
}

// LeaderboardText returns the fault list's texts with the leaderboard's
// rules: its title ("Leaderboard 2.0, penalty 0.42: 111's infractions  ",
// the count follows it) and the line it shows with no rows (whom the
// title's penalty is for and, without an OpenDRIVE map, what was judged;
// or why there is none yet); empty with our own rules.
func (a *App) LeaderboardText() *Lines { return &a.an.lb.text }

func (a *App) buildLeaderboardText() {
	l := &a.an.lb.text
	l.Reset()
	if !a.an.rules.Leaderboard() {
		return
	}
	l.S("Leaderboard ").S(a.an.rules.edition())
	if res, _ := a.Leaderboard(); res != nil {
		l.S(", penalty ").F(res.Penalty, 2).S(": ").U(uint64(res.Hero)).S("'s infractions  ")
	} else {
		l.S(" infractions  ")
	}
	l.End()
	// The title gives the penalty and whom it is for: the line with no
	// rows says what was judged (it was cut at 960 wide repeating them).
	switch res, _ := a.Leaderboard(); {
	case res != nil && res.LaneRules:
		l.S("none for ").U(uint64(res.Hero)).S(" ").S(shortBlueprint(res.Blueprint))
		appendStanding(l, res.StandingCollisions)
	case res != nil:
		l.S("none (no OpenDRIVE map: only collisions, blocked judged)")
	default:
		a.appendPenalty(l.S("none: "), false)
	}
	l.End()
}

// appendStanding says why a hero that was hit has no collision
// infraction: it stood (the leaderboard counts no contact below 0.1 m/s),
// so the list's "none" does not read as a collision missed.
func appendStanding(l *Lines, at []float64) {
	if len(at) == 0 {
		return
	}
	l.S(" (hit while standing at ").F(at[0], 2).S(" s")
	if len(at) > 1 {
		l.S(" and ").I(int64(len(at) - 1)).S(" more")
	}
	l.S(": not counted)")
}

// ListedInfractions returns the leaderboard's infractions the fault list
// lists (nil with our own rules, or before they are judged): the
// timeline marks them in place of our faults. Read-only; valid until the
// next Tick.
func (a *App) ListedInfractions() []leaderboard.Infraction {
	if !a.an.rowsOf.leaderboard || a.an.rowsOf.lb == nil {
		return nil
	}
	return a.an.rowsOf.lb.Infractions
}

// InfractionKind is the fault kind whose colour an infraction's row and
// mark take.
func InfractionKind(k leaderboard.Kind) faults.Kind {
	switch k {
	case leaderboard.CollisionPedestrian, leaderboard.CollisionVehicle, leaderboard.CollisionLayout:
		return faults.Collision
	case leaderboard.RedLight:
		return faults.RedLight
	case leaderboard.StopInfraction:
		return faults.StopSign
	case leaderboard.VehicleBlocked:
		return faults.Blocked
	}
	return faults.OffLane
}

// infraction returns the infraction of row r while the list shows the
// leaderboard's (nil otherwise, or when it changed since).
func (a *App) infraction(r faultRow) *leaderboard.Infraction {
	res := a.an.rowsOf.lb
	if !a.an.rowsOf.leaderboard || res == nil || r.i >= len(res.Infractions) {
		return nil
	}
	return &res.Infractions[r.i]
}

// goToInfraction goes to the infraction of row r: the clock to its time,
// the judged actor selected (and followed, if the camera follows
// another), the camera over where it happened (the light or the stop for
// those).
func (a *App) goToInfraction(r faultRow) {
	f := a.infraction(r)
	if f == nil || a.rp.clock == nil {
		return
	}
	a.an.picked, a.an.pickedB = -1, -1
	a.rp.clock.Apply(playback.GoTo(r.t))
	a.refreshState()
	id := a.an.rowsOf.lb.Hero
	a.sel.selectActor(id)
	if a.cam.follow != 0 {
		a.startFollow(id)
		return
	}
	a.cam.lookAt(f.Location, faultViewDistance)
}
