package app

import (
	"cmp"
	"slices"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/mm2carla/viewer/analysis/faults"
	"github.com/mm2carla/viewer/scene"
	"github.com/mm2carla/viewer/scene/playback"
)

// The fault list: every fault found, one a row with its time, kind and
// actor. K shows it; Up and Down move its cursor, Enter (or a click on a
// row: PickListRow) goes there: the clock jumps to the fault's start, its actor is
// selected and the camera looks at where it happened.

// FaultList returns the fault list's state: whether it shows, its cursor
// and its rows, one a fault: "time<TAB>kind actor id blueprint", the time
// on the clock. While comparing, run B's faults are listed too, in time
// order among A's, their kind after "B ".
func (a *App) FaultList() *List { return &a.an.list }

// PickedFault returns the index in Faults of the fault last gone to (-1:
// none).
func (a *App) PickedFault() int { return a.an.picked }

// faultRow is a row of the fault list: fault i of run A's Faults, or of
// run B's (FaultsB).
type faultRow struct {
	b bool
	i int
	t float64 // its start on the clock
}

// faultRowsKey is what the rows were listed from.
type faultRowsKey struct {
	a, b   *faults.Result
	bRec   *scene.Recording
	offset float64
}

// FaultRowKind returns the kind of the fault on list row i.
func (a *App) FaultRowKind(i int) faults.Kind {
	if i < 0 || i >= len(a.an.rows) {
		return 0
	}
	if f := a.rowFault(a.an.rows[i]); f != nil {
		return f.Kind
	}
	return 0
}

// rowFault is the fault of row r; nil if the faults changed since the
// rows were listed (they are listed again by the next Tick).
func (a *App) rowFault(r faultRow) *faults.Fault {
	fs := a.Faults()
	if r.b {
		fs = a.FaultsB()
	}
	if r.i >= len(fs) {
		return nil
	}
	return &fs[r.i]
}

// buildFaultLines lists the rows when the faults, run B or its offset
// changed.
func (a *App) buildFaultLines() {
	key := faultRowsKey{a: a.an.res, b: a.cmp.work.faults, bRec: a.CompareRecording(), offset: a.cmp.offset}
	if key.bRec == nil {
		key.b = nil
	}
	if key == a.an.rowsOf {
		return
	}
	a.an.rowsOf = key
	a.an.rows = a.an.rows[:0]
	for i, f := range a.Faults() {
		a.an.rows = append(a.an.rows, faultRow{i: i, t: f.Start})
	}
	if key.b != nil {
		for i, f := range key.b.Faults {
			a.an.rows = append(a.an.rows, faultRow{b: true, i: i, t: a.AClock(f.Start)})
		}
		slices.SortStableFunc(a.an.rows, func(x, y faultRow) int { return cmp.Compare(x.t, y.t) })
	}
	l := &a.an.list.lines
	l.Reset()
	for _, r := range a.an.rows {
		f := a.rowFault(r)
		l.buf = playback.AppendTime(l.buf, r.t, 2)
		l.Tab()
		if r.b {
			l.S("B ")
		}
		l.S(f.Kind.String()).S("  actor ").U(uint64(f.Actor)).S(" ").S(f.Blueprint).End()
	}
	a.an.list.clampCursor(len(a.an.rows))
}

// applyFaults carries out the fault list's commands.
func (a *App) applyFaults(kind faultCmd, steps float64) {
	a.buildFaultLines()
	n := len(a.an.rows)
	switch kind {
	case faultToggle:
		if a.an.list.toggle() {
			a.closeListsBut(&a.an.list)
		}
		if a.an.list.Open() && n == 0 {
			switch {
			case a.an.job != nil:
				a.notify(Info, "still looking for faults")
			case a.an.res != nil:
				a.notify(Info, "no faults found")
			default:
				a.notify(Info, "no recording open")
			}
		}
	case faultMove:
		a.an.list.move(steps, n)
	case faultPick:
		a.pickFault(a.an.list.cursor)
	}
}

type faultCmd uint8

const (
	faultToggle faultCmd = iota
	faultMove
	faultPick
)

// pickFault goes to the fault on list row i: the clock to its start, its
// actor selected (and followed, if the camera follows another), the
// camera over it. A fault of run B selects the actor of A matched to
// B's (B's own while only B shows), and says so when none is.
func (a *App) pickFault(i int) {
	a.buildFaultLines()
	if i < 0 || i >= len(a.an.rows) || a.rp.clock == nil {
		return
	}
	r := a.an.rows[i]
	f := a.rowFault(r)
	if f == nil {
		return
	}
	a.an.list.cursor, a.an.picked = i, r.i
	a.rp.clock.Apply(playback.GoTo(r.t))
	a.refreshState()
	id, follow := f.Actor, f.Actor // the camera follows by A's ids (updateFollow)
	if r.b {
		a.an.picked = -1
		var ok bool
		if follow, ok = a.MatchA(f.Actor); !ok {
			a.notify(Info, "run B's actor "+itoa(int(f.Actor))+" has no match in run A")
		}
		if a.cmp.runs != RunsB {
			id = follow
		}
	}
	a.sel.selectActor(id)
	if a.cam.follow != 0 && follow != 0 {
		a.startFollow(follow)
		return
	}
	a.cam.lookAt(f.Location, faultViewDistance)
}

// faultViewDistance is how far (m) the camera looks at a fault from, at
// most.
const faultViewDistance = 70

// lookAt aims both cameras at p, no farther than dist metres (the
// top-down camera at a matching scale).
func (c *camera) lookAt(p mgl64.Vec3, dist float64) {
	c.orbit.Target = p
	c.orbit.Distance = min(c.orbit.Distance, dist)
	c.top.Center = p
	if c.vp.Height > 0 {
		c.top.PixelsPerMetre = max(c.top.PixelsPerMetre, c.vp.Height/(2*dist*tanHalfFov()))
	}
	c.update()
}

// stepActorFault goes to the start of the selected actor's next fault
// (steps > 0) or previous one (steps < 0), strictly after or before the
// clock's time: [ and ] step through every event and fault, which in busy
// traffic are mostly other actors'.
func (a *App) stepActorFault(steps float64) {
	if a.rp.clock == nil {
		return
	}
	id := a.sel.actor
	if id == 0 {
		a.notify(Info, "select an actor first (click it, Tab, or I)")
		return
	}
	now, fs := a.rp.clock.Time(), a.Faults()
	best, ok := 0.0, false
	for _, i := range a.ActorFaults(id, a.an.scratchIdx[:0]) {
		t := fs[i].Start
		if steps > 0 && t > now && (!ok || t < best) || steps < 0 && t < now && (!ok || t > best) {
			best, ok = t, true
		}
	}
	if !ok {
		which := "later"
		if steps < 0 {
			which = "earlier"
		}
		a.notify(Info, "no "+which+" fault of actor "+itoa(int(id)))
		return
	}
	a.rp.clock.Apply(playback.GoTo(best))
	a.refreshState()
}

// ActorFaults appends to dst the indices in Faults of actor id's faults.
func (a *App) ActorFaults(id uint32, dst []int) []int {
	fs := a.Faults()
	for i := range fs {
		if fs[i].Actor == id {
			dst = append(dst, i)
		}
	}
	return dst
}
