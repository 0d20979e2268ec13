package app

import (
	"cmp"
	"slices"

	"github.com/mm2carla/viewer/scene"
)

// Blocked spans: the stretches in which a vehicle or a walker stood still,
// by CARLA's show_recorder_actors_blocked rule with its defaults (as
// `viewer blocked` lists them). Package scene finds them while it opens
// the recording and lists them among its events (kind EventBlocked, with
// a Duration); the timeline draws them as a band, [ and ] stop at their
// starts (with StepEvents on), the tooltip lists those under the cursor and the actor panel
// says when the selected actor is in one.

// movingSpans returns, in a new slice, the blocked spans of evs that
// belong to actors that drive or walk, by start time: a spectator or a
// sensor standing still is no news.
func movingSpans(evs []scene.Event) []scene.Event {
	var out []scene.Event
	for _, e := range evs {
		if e.Kind != scene.EventBlocked || !(e.Duration > 0) {
			continue
		}
		if Followable(scene.Classify(0, e.Blueprint, nil)) {
			out = append(out, e)
		}
	}
	slices.SortStableFunc(out, func(x, y scene.Event) int { return cmp.Compare(x.Time, y.Time) })
	return out
}

// Blocked returns the recording's blocked spans by start time (nil until
// they are found; read-only): Event.Time starts a span, Duration is its
// length in seconds.
func (a *App) Blocked() []scene.Event { return a.rp.blocked }

// BlockedAt appends to dst the spans that hold time t.
func (a *App) BlockedAt(t float64, dst []scene.Event) []scene.Event {
	for _, e := range a.rp.blocked {
		if e.Time > t {
			break
		}
		if t <= e.Time+e.Duration {
			dst = append(dst, e)
		}
	}
	return dst
}

// blockedSpan returns the span of actor id that holds time t, if any.
func (a *App) blockedSpan(id uint32, t float64) (scene.Event, bool) {
	for _, e := range a.rp.blocked {
		if e.Time > t {
			break
		}
		if e.Actor == id && t <= e.Time+e.Duration {
			return e, true
		}
	}
	return scene.Event{}, false
}

// setClockEvents gives the clock the times [ and ] stop at: the faults
// (run B's too), the recorded collisions and where each compared actor
// first diverges; with StepEvents on, also every marked event (spawns,
// destroys, light changes) and the starts of the blocked spans kept. A
// real run spawns dozens of actors in its first seconds, and stopping at
// each hid the faults behind them. With the leaderboard's rules the
// infractions the fault list lists take the place of the faults (run
// B's too) and of the recorded collisions (the judged actor's that count
// are among them; the others' would hide them), again unless StepEvents
// is on;
// buildFaultLines calls it again when those infractions change.
func (a *App) setClockEvents() {
	rec := a.Recording()
	if rec == nil || a.rp.clock == nil {
		return
	}
	times := make([]float64, 0, len(a.Faults())+len(a.rp.blocked))
	lb := a.an.rules.Leaderboard()
	for _, e := range rec.Events() {
		if a.rp.stepAll || e.Kind == scene.EventCollision && !lb {
			if _, ok := MarkOf(e.Kind); ok && e.Kind != scene.EventBlocked {
				times = append(times, e.Time)
			}
		}
	}
	if a.rp.stepAll {
		for _, e := range a.rp.blocked {
			times = append(times, e.Time)
		}
	}
	if lb { // run B is not judged: of it, where its actors diverge only
		times = a.appendInfractionTimes(times)
		for _, m := range a.FirstDivergences() {
			times = append(times, m.Time)
		}
	} else {
		for _, f := range a.Faults() {
			times = append(times, f.Start)
		}
		times = a.appendCompareEvents(times)
	}
	a.rp.clock.SetEvents(times)
}

// StepEvents reports whether [ and ] stop at every event (spawns,
// destroys, light changes, blocked spans), not only at faults,
// collisions and divergences.
func (a *App) StepEvents() bool { return a.rp.stepAll }

// toggleStepEvents is E: [ and ] stop at every event, or again only at
// faults, collisions and divergences. It is remembered.
func (a *App) toggleStepEvents() {
	a.rp.stepAll = !a.rp.stepAll
	a.settingsGen++
	a.setClockEvents()
	if a.rp.stepAll {
		a.notify(Info, "[ and ] stop at every event: spawns, lights and blocked spans too (E: only faults)")
	} else {
		a.notify(Info, "[ and ] stop at faults, collisions and divergences (E: every event)")
	}
}
