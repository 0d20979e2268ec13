package app

import (
	"context"
	"strings"

	"github.com/mm2carla/viewer/analysis/compare"
	"github.com/mm2carla/viewer/analysis/faults"
	"github.com/mm2carla/viewer/analysis/lanes"
	"github.com/mm2carla/viewer/scene"
	"github.com/mm2carla/viewer/ui/loader"
)

// The comparison's background work, once both whole recordings are open:
// matching their actors (package analysis/compare reads both files
// through), and the lane and fault pass over run B, so that B's faults
// are marked beside A's. Each runs again when what it was made from
// changes: a new A or B for the matching, a new B or map for the faults.

// matchJob is one run of compare.Match.
type matchJob struct {
	cancel context.CancelFunc
	done   chan struct{}
	m      *compare.Matching // set before done is closed
	err    error
}

func startMatch(a, b *scene.Recording) *matchJob {
	ctx, cancel := context.WithCancel(context.Background())
	j := &matchJob{cancel: cancel, done: make(chan struct{})}
	go func() {
		defer close(j.done)
		j.m, j.err = compare.Match(ctx, a, b)
	}()
	return j
}

// compareWork is what the background work made, and from what.
type compareWork struct {
	match        *matchJob
	matchA       *loader.Result // the runs the matching is of
	matchB       *loader.Result
	matching     *compare.Matching
	div          *compare.Divergence // at the offset in use
	faultJob     *analysisJob
	faultsB      *loader.Result // the run and the map B's faults are of
	faultsMap    *loader.Result
	faults       *faults.Result
	faultsAssoc  *lanes.Association // B's lanes, to find its faults again
	faultsTh     faults.Thresholds  // the thresholds faults were found with
	strip        Strip
	firsts       []DivergenceMark
	firstsOf     *compare.Divergence // firsts are of this divergence
	firstsThresh float64             // and this threshold
}

// matching returns the runs' actors matched, or nil (not yet, or not
// to be: B is only a preview, or over the budget).
func (c *comparison) matching() *compare.Matching { return c.work.matching }

// divergence returns the matched pairs' divergence at the offset in use,
// or nil.
func (c *comparison) divergence() *compare.Divergence { return c.work.div }

// matchRunning reports whether the runs' actors are being matched.
func (c *comparison) matchRunning() bool { return c.work.match != nil }

// faultsOfB returns B's faults, the lanes they were found over and the
// thresholds they were found with (nil when not found yet).
func (c *comparison) faultsOfB() (*faults.Result, *lanes.Association, faults.Thresholds) {
	return c.work.faults, c.work.faultsAssoc, c.work.faultsTh
}

// syncCompareWork starts the background work that what is open calls for.
func (a *App) syncCompareWork() {
	w := &a.cmp.work
	if a.cmp.res == nil || a.cmp.partial || a.recRes == nil || a.Previewing() {
		return
	}
	if w.matchA != a.recRes || w.matchB != a.cmp.res {
		w.stopMatch()
		w.matching, w.div = nil, nil
		w.matchA, w.matchB = a.recRes, a.cmp.res
		if n := compare.EstimateBytes(a.recRes.Recording) + compare.EstimateBytes(a.cmp.res.Recording); n > a.an.sampleBudget*lanes.SampleBytes {
			a.notify(Warning, "the runs' actors are not matched: their positions would take "+itoa(int(n>>20))+
				" MiB; B's ghosts are drawn by id, and viewer diff compares them on the command line")
		} else {
			w.match = startMatch(a.recRes.Recording, a.cmp.res.Recording)
		}
	}
	// A map still loading (the town a recording names, found for it)
	// would only make the pass run twice.
	if a.mapJob == nil && (w.faultsB != a.cmp.res || w.faultsMap != a.mapRes) {
		w.stopFaults()
		w.faults, w.faultsAssoc = nil, nil
		w.faultsB, w.faultsMap = a.cmp.res, a.mapRes
		if a.overBudget(a.cmp.res.Source.Name+" (B)", a.cmp.res.Recording) {
			return
		}
		name := a.cmp.res.Source.Name
		if a.compareSameName() { // "4 faults found in after/traffic.log (B)": which traffic.log
			name = withFolder(a.cmp.res.Source)
		}
		w.faultJob = startAnalysis(name, a.cmp.res.Recording, a.Map(), a.Roads(), a.an.thresholds)
	}
	// The fault thresholds changed (their panel): B's faults are found
	// again over its lanes, as A's are.
	if w.faultJob == nil && w.faultsAssoc != nil && w.faultsTh != a.an.thresholds {
		w.faultJob = startFind(a.cmp.res.Source.Name, a.cmp.res.Recording, w.faultsAssoc, a.an.thresholds)
	}
}

// pollCompareWork installs what the background work finished.
func (a *App) pollCompareWork() {
	w := &a.cmp.work
	if j := w.match; j != nil && closed(j.done) {
		w.match = nil
		if j.err != nil {
			a.notify(Error, "matching the runs' actors: "+j.err.Error())
		} else {
			w.matching = j.m
			a.rediverge()
			a.notify(Info, a.cmp.matchSummary())
		}
	}
	if j := w.faultJob; j != nil && closed(j.done) {
		w.faultJob = nil
		if j.err != nil {
			a.notify(Error, "lanes and faults of "+j.name+": "+j.err.Error())
			return
		}
		w.faults, w.faultsAssoc, w.faultsTh = j.result, j.assoc, j.th
		a.setClockEvents()
		a.dropNotices(func(t string) bool { return strings.Contains(t, " found in "+j.name+" (B)") }) // the count before
		msg := plural(len(j.result.Faults), "fault") + " found in " + j.name + " (B)"
		if !j.result.LaneRules {
			msg += " (no map: collisions and blocked spans only)"
		}
		a.notify(Info, msg)
	}
}

// matchSummary says how the runs' actors matched.
func (c *comparison) matchSummary() string {
	m := c.work.matching
	s := "matched " + plural(len(m.Pairs), "actor") + " of A and B"
	if len(m.OnlyA)+len(m.OnlyB) > 0 {
		s += "; " + itoa(len(m.OnlyA)) + " only in A, " + itoa(len(m.OnlyB)) + " only in B"
	}
	return s
}

// rediverge measures the matched pairs at the offset in use.
func (a *App) rediverge() {
	w := &a.cmp.work
	if w.matching == nil {
		w.div = nil
		return
	}
	w.div = compare.Diverge(w.matching, a.cmp.offset) // one meaning of the offset, as `viewer diff` takes it
	a.setClockEvents()
}

// closed reports whether ch is closed, without waiting.
func closed(ch chan struct{}) bool {
	select {
	case <-ch:
		return true
	default:
		return false
	}
}

func (w *compareWork) stopMatch() {
	if w.match != nil {
		w.match.cancel()
		w.match = nil
	}
}

func (w *compareWork) stopFaults() {
	if w.faultJob != nil {
		w.faultJob.cancel()
		w.faultJob = nil
	}
}

// stop cancels the work and forgets what it made.
func (w *compareWork) stop() {
	w.stopMatch()
	w.stopFaults()
	*w = compareWork{strip: w.strip, firsts: w.firsts[:0]}
}

// progress returns the work's progress for the loads' list: the matching
// counts as the first half (it says nothing while it reads).
func (w *compareWork) progress() (float64, bool) {
	switch {
	case w.match != nil && w.faultJob != nil:
		return 0.5 * w.faultJob.Progress(), true
	case w.match != nil:
		return 0.5, true
	case w.faultJob != nil:
		return 0.5 + 0.5*w.faultJob.Progress(), true
	}
	return 0, false
}

// plural writes a count and a noun: "1 actor", "3 actors".
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return itoa(n) + " " + noun + "s"
}
