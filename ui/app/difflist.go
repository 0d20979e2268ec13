package app

import (
	"slices"
	"strings"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/mm2carla/viewer/analysis/compare"
	"github.com/mm2carla/viewer/scene/playback"
)

// The differences list (D, while comparing two runs): where the runs part.
// Every matched actor that diverges past the threshold, at the moment it
// first does, with its largest divergence, the most diverging first; then
// the actors of one run only, at their spawn; the hero heads the list. It works as the fault
// list does (the two never show at once): Up, Down, Enter or a click go
// to the row's moment and actor.

// DiffKind says what a row of the differences list is.
type DiffKind uint8

// The rows' kinds.
const (
	DiffDiverges DiffKind = iota // a matched actor past the threshold
	DiffOnlyA                    // an actor of run A without a match
	DiffOnlyB                    // an actor of run B without a match
)

// diffRow is one row: when (A's clock), which of A's actors (0 for one
// of B's), and where to look.
type diffRow struct {
	kind DiffKind
	t    float64
	id   uint32 // the actor's id in its run
	bp   string
	peak float64 // the largest divergence (m), DiffDiverges only
	at   mgl64.Vec3
	hero bool // the actor is a hero (role_name hero): listed first
}

// DiffList returns the differences list's state: whether it shows, its
// cursor and its rows, "time<TAB>what actor id blueprint".
func (a *App) DiffList() *List { return &a.cmp.diffs }

// DiffPending reports whether the runs' actors are still being matched
// (the list is empty until they are).
func (a *App) DiffPending() bool { return a.cmp.diffPending() }

func (c *comparison) diffPending() bool { return c.res != nil && c.work.matching == nil }

// DiffRowKind returns the kind of row i (for its colour).
func (a *App) DiffRowKind(i int) DiffKind { return a.cmp.diffRows[i].kind }

// diffKey is what the rows were built from.
type diffKey struct {
	div       *compare.Divergence // a new one with every matching and offset
	threshold float64
}

// buildDiffRows lists the rows when the divergence or the threshold
// changed.
func (a *App) buildDiffRows() {
	w := &a.cmp.work
	key := diffKey{w.div, a.cmp.threshold}
	if w.div == nil || w.matching == nil {
		key.div = nil
	}
	if key == a.cmp.diffOf {
		return
	}
	a.cmp.diffOf = key
	a.cmp.diffRows, a.cmp.diffs.cursor = a.cmp.diffRows[:0], 0
	a.cmp.diffs.lines.Reset()
	if key.div == nil {
		return
	}
	m, d := w.matching, w.div
	for _, mk := range a.FirstDivergences() {
		act := &m.A.Actors[m.Pairs[mk.pair].A]
		a.cmp.diffRows = append(a.cmp.diffRows, diffRow{DiffDiverges, mk.Time, act.ID, act.Blueprint, d.Pairs[mk.pair].Peak, act.Pos(mk.frame - act.First), act.Role == "hero"})
	}
	for _, i := range m.OnlyA {
		act := &m.A.Actors[i]
		a.cmp.diffRows = append(a.cmp.diffRows, diffRow{DiffOnlyA, m.A.Times[act.First], act.ID, act.Blueprint, 0, act.Spawn(), act.Role == "hero"})
	}
	for _, i := range m.OnlyB {
		act := &m.B.Actors[i]
		// B's time t shows at A's t - offset (as the clock aligns them).
		t := m.A.Start() + m.B.Times[act.First] - m.B.Start() - a.cmp.offset
		a.cmp.diffRows = append(a.cmp.diffRows, diffRow{DiffOnlyB, t, act.ID, act.Blueprint, 0, act.Spawn(), act.Role == "hero"})
	}
	slices.SortStableFunc(a.cmp.diffRows, diffOrder)
	for i := range a.cmp.diffRows {
		r := &a.cmp.diffRows[i]
		l := &a.cmp.diffs.lines
		l.buf = playback.AppendTime(l.buf, r.t, 2)
		l.Tab()
		if r.kind == DiffDiverges {
			l.S("up to ").F(r.peak, 1).S(" m  ")
		} else {
			l.S(diffWords[r.kind]).S("  ")
		}
		if r.hero {
			l.S("hero ")
		}
		l.U(uint64(r.id)).S(" ").S(shortBlueprint(r.bp)).End()
	}
}

// diffOrder is the list's order: the hero first (what a user changed
// the planner of), then the actors that diverge, most first, then those
// of one run only, by time.
func diffOrder(x, y diffRow) int {
	switch {
	case x.hero != y.hero:
		if x.hero {
			return -1
		}
		return 1
	case x.kind != y.kind && (x.kind == DiffDiverges || y.kind == DiffDiverges):
		return int(x.kind) - int(y.kind)
	case x.kind == DiffDiverges && x.peak != y.peak:
		if x.peak > y.peak {
			return -1
		}
		return 1
	case x.t != y.t:
		if x.t < y.t {
			return -1
		}
		return 1
	}
	return int(x.kind) - int(y.kind)
}

// shortBlueprint drops a blueprint's first component (vehicle.,
// walker.), which the row's place in the list already tells, as the
// scene's labels do: "tesla.model3" fits the list's width whole.
func shortBlueprint(bp string) string {
	if i := strings.IndexByte(bp, '.'); i >= 0 && i+1 < len(bp) {
		return bp[i+1:]
	}
	return bp
}

var diffWords = [...]string{DiffDiverges: "diverges", DiffOnlyA: "only in A", DiffOnlyB: "only in B"}

// applyDiffList carries out the list's commands (the fault list's keys).
func (a *App) applyDiffList(kind faultCmd, steps float64) {
	switch kind {
	case faultToggle:
		if !a.cmp.diffs.toggle() {
			return
		}
		a.closeListsBut(&a.cmp.diffs)
		if msg := a.cmp.diffsOpened(); msg != "" {
			a.notify(Info, msg)
		}
	case faultMove:
		a.cmp.diffs.move(steps, len(a.cmp.diffRows))
	case faultPick:
		a.pickDiff(a.cmp.diffs.cursor)
	}
}

// diffsOpened says why the differences list just opened shows no rows
// ("" when it has some), and closes it again while not comparing.
func (c *comparison) diffsOpened() string {
	switch {
	case c.res == nil:
		c.diffs.close()
		return "not comparing: open a second recording (Ctrl+Shift+O)"
	case c.work.matching == nil:
		return "still matching the runs' actors"
	case len(c.diffRows) == 0:
		return "the runs agree within the threshold"
	}
	return ""
}

// pickDiff goes to row i: the clock to its moment, its actor of A
// selected, the camera over where it was.
func (a *App) pickDiff(i int) {
	if i < 0 || i >= len(a.cmp.diffRows) || a.rp.clock == nil {
		return
	}
	r := &a.cmp.diffRows[i]
	a.cmp.diffs.cursor = i
	a.rp.clock.Apply(playback.GoTo(r.t))
	a.refreshState()
	a.sel.selectActor(r.id)
	if r.kind == DiffOnlyB {
		a.sel.actor = 0 // the selection is A's; B's actor has no match there
	}
	if a.cam.follow != 0 && a.sel.actor != 0 {
		a.startFollow(a.sel.actor)
		return
	}
	a.cam.lookAt(r.at, faultViewDistance)
}
