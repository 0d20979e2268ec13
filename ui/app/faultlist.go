package app

import (
	"cmp"
	"slices"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/mm2carla/viewer/analysis/faults"
	"github.com/mm2carla/viewer/analysis/lanes"
	"github.com/mm2carla/viewer/analysis/leaderboard"
	"github.com/mm2carla/viewer/render/scenedraw"
	"github.com/mm2carla/viewer/scene"
	"github.com/mm2carla/viewer/scene/playback"
)

// The fault list: every fault found, one a row with its time, kind and
// actor. K shows it; Up and Down move its cursor, Enter (or a click on a
// row: PickListRow) goes there: the clock jumps to the fault's start, its actor is
// selected and the camera looks at where it happened.

// FaultList returns the fault list's state: whether it shows, its cursor
// and its rows, one a fault: "time<TAB>kind  id blueprint", the time
// on the clock, then " with" the other actor of a collision or a close
// call. While comparing, the faults of the runs shown are listed: run
// B's in time order among A's, their kind after "B ".
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
	filter FaultFilter
	actor  uint32 // FilterSelected: the selected actor
	runs   Runs   // the runs shown: only their faults are listed
	// leaderboard: the rows are the infractions of lb, the leaderboard's
	// prediction (the rule profile is the leaderboard's).
	leaderboard bool
	lb          *leaderboard.Result
}

// FaultFilter narrows the fault list to some actors' faults: a real run
// has hundreds of faults of the traffic around the one actor a user
// debugs (a parked scenario bike heads the list).
type FaultFilter uint8

// The filters Ctrl+K steps through, in order.
const (
	FilterAll      FaultFilter = iota // every fault
	FilterHero                        // the hero's (role_name hero), as either actor
	FilterSelected                    // the selected actor's, as either actor
	numFilters
)

var filterNames = [numFilters]string{"all", "the hero's", "the selected actor's"}

// String names the filter as the list's title and notices say it.
func (f FaultFilter) String() string {
	if f < numFilters {
		return filterNames[f]
	}
	return "FaultFilter(" + itoa(int(f)) + ")"
}

// FaultFilter returns which faults the fault list shows.
func (a *App) FaultFilter() FaultFilter { return a.an.filter }

// cycleFaultFilter steps the fault list to the next filter and shows
// the list, saying what it lists now.
func (a *App) cycleFaultFilter() {
	a.an.filter = (a.an.filter + 1) % numFilters
	if a.an.rules.Leaderboard() && a.an.filter == FilterHero {
		// the leaderboard judges one actor, the hero for "all" as for
		// "the hero's": a step between the two changed nothing on screen
		a.an.filter = FilterSelected
	}
	if !a.an.list.open {
		a.an.list.open = true
		a.closeListsBut(&a.an.list)
	}
	a.an.list.cursor = 0
	a.buildFaultLines()
	msg := "fault list: " + a.an.filter.String() + " faults"
	switch {
	case a.an.filter == FilterSelected && a.sel.actor == 0:
		msg += " (select an actor: click it, Tab, or I)"
	case a.an.filter == FilterHero && a.heroes(a.Recording(), nil) == nil:
		msg += " (no hero in the recording)"
	}
	a.notify(Info, msg)
}

// heroes appends to dst the ids the recording's heroes ever had.
func (a *App) heroes(rec *scene.Recording, dst []uint32) []uint32 {
	if rec == nil {
		return dst
	}
	for _, l := range rec.Lives() {
		if l.Hero && !slices.Contains(dst, l.ID) {
			dst = append(dst, l.ID)
		}
	}
	return dst
}

// keeps reports whether the filter lists fault f of run A (b false) or
// run B: one of its actors is a hero, or the selected actor (in run B,
// the selected actor's match).
func (a *App) keeps(f *faults.Fault, b bool) bool {
	var ids []uint32
	switch a.an.filter {
	case FilterAll:
		return true
	case FilterHero:
		ids = a.an.heroIDs
		if b {
			ids = a.an.heroIDsB
		}
	case FilterSelected:
		id := a.sel.actor
		if b {
			id, _ = a.MatchB(id)
		}
		return id != 0 && (f.Actor == id || f.Other == id)
	}
	return slices.Contains(ids, f.Actor) || f.HasOther() && slices.Contains(ids, f.Other)
}

// FaultRowKind returns the kind of the fault on list row i (of an
// infraction: the fault kind whose colour it takes).
func (a *App) FaultRowKind(i int) faults.Kind {
	if i < 0 || i >= len(a.an.rows) {
		return 0
	}
	if f := a.infraction(a.an.rows[i]); f != nil {
		return InfractionKind(f.Kind)
	}
	if f := a.rowFault(a.an.rows[i]); f != nil {
		return f.Kind
	}
	return 0
}

// rowFault is the fault of row r; nil if the faults changed since the
// rows were listed (they are listed again by the next Tick). The rows
// of the leaderboard's infractions are infraction's.
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
// changed; with the leaderboard's rules, the infractions of its
// prediction.
func (a *App) buildFaultLines() {
	if a.an.rules.Leaderboard() {
		res, _ := a.Leaderboard()
		if key := (faultRowsKey{leaderboard: true, lb: res}); key != a.an.rowsOf {
			a.an.rowsOf = key
			a.buildInfractionRows(res)
			a.an.list.clampCursor(len(a.an.rows))
			a.setClockEvents() // [ and ] step through them
		}
		return
	}
	key := faultRowsKey{a: a.an.res, b: a.cmp.work.faults, bRec: a.CompareRecording(), offset: a.cmp.offset, filter: a.an.filter}
	if key.bRec == nil {
		key.b = nil
	} else {
		key.runs = a.cmp.runs
	}
	if key.runs == RunsA {
		key.b = nil
	}
	if key.filter == FilterSelected {
		key.actor = a.sel.actor
	}
	if key == a.an.rowsOf {
		return
	}
	if a.an.rowsOf.leaderboard { // back from the leaderboard's: [ and ] to the faults again
		defer a.setClockEvents()
	}
	a.an.rowsOf = key
	a.an.rows = a.an.rows[:0]
	a.an.heroIDs = a.heroes(a.Recording(), a.an.heroIDs[:0])
	a.an.heroIDsB = a.heroes(key.bRec, a.an.heroIDsB[:0])
	fs := a.Faults()
	if key.runs == RunsB {
		fs = nil // B alone shows: its faults alone are listed
	}
	for i := range fs {
		if a.keeps(&fs[i], false) {
			a.an.rows = append(a.an.rows, faultRow{i: i, t: fs[i].Start})
		}
	}
	if key.b != nil {
		for i := range key.b.Faults {
			if f := &key.b.Faults[i]; a.keeps(f, true) {
				a.an.rows = append(a.an.rows, faultRow{b: true, i: i, t: a.AClock(f.Start)})
			}
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
		// Blueprints short (tesla.model3), as the scene's labels write
		// them, so that a row with the other actor fits the panel.
		l.S(f.Kind.String()).S("  ").U(uint64(f.Actor)).S(" ").S(shortBlueprint(f.Blueprint))
		if f.HasOther() {
			// A cell of its own: a narrow panel keeps it whole and
			// shortens the actor's blueprint instead.
			l.buf = faults.AppendOther(append(l.Tab().buf, "with "...), f.Other, shortBlueprint(f.OtherBlueprint))
		}
		l.End()
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
			case a.an.rules.Leaderboard():
				var l Lines
				a.appendPenalty(l.S("no infractions: "), false)
				a.notify(Info, l.End().String())
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
		a.previewFault(a.an.list.cursor)
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

// previewFault marks the fault on list row i on the map, ringed as the
// fault gone to is, and brings its mark into the part of the view the
// list does not cover (camera.reveal): the list sits over the right of
// a framed town, and the marks of the faults it lists were under it.
// The clock stays: Enter goes there. Run A's faults only, while A's
// marks show.
func (a *App) previewFault(i int) {
	if i < 0 || i >= len(a.an.rows) || a.an.rowsOf.leaderboard || a.showingB() {
		return
	}
	r := a.an.rows[i]
	f := a.rowFault(r)
	if r.b || f == nil {
		return
	}
	a.an.picked = r.i
	a.cam.reveal(f.Location)
}

// SetListCover tells the app where the list panel on the right of the
// view begins, device pixels (0: no panel), for previewFault to keep
// the marks out from under it.
func (a *App) SetListCover(x0 float64) { a.cam.coverX = x0 }

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
	if a.an.rowsOf.leaderboard {
		if a.infraction(r) != nil {
			a.an.list.cursor = i
			a.goToInfraction(r)
		}
		return
	}
	if a.rowFault(r) == nil {
		return
	}
	a.an.list.cursor = i
	a.goToFault(r)
}

// goToFault goes to the fault of row r (listed or not): the clock to its
// start, its actor selected (and followed, if the camera follows
// another), the camera over it; Enter on its row and a click on its
// mark on the map both come here.
func (a *App) goToFault(r faultRow) {
	f := a.rowFault(r)
	if f == nil || a.rp.clock == nil {
		return
	}
	a.an.picked = r.i
	a.rp.clock.Apply(playback.GoTo(r.t))
	a.refreshState()
	id, follow := f.Actor, f.Actor // the camera follows by A's ids (updateFollow)
	a.an.pickedB = -1
	if r.b {
		a.an.picked, a.an.pickedB = -1, r.i
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
// traffic are mostly other actors'. With the leaderboard's rules, its
// infractions, when it is the actor judged.
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
	take := func(t float64) {
		if steps > 0 && t > now && (!ok || t < best) || steps < 0 && t < now && (!ok || t > best) {
			best, ok = t, true
		}
	}
	what := " fault of actor "
	if a.an.rules.Leaderboard() { // the leaderboard's infractions, of the actor it judges
		what = " infraction of actor "
		if res, _ := a.Leaderboard(); res != nil && res.Hero == id {
			for _, f := range res.Infractions {
				take(f.Time)
			}
		}
	} else {
		for _, i := range a.ActorFaults(id, a.an.scratchIdx[:0]) {
			take(fs[i].Start)
		}
	}
	if !ok {
		which := "no later"
		if steps < 0 {
			which = "no earlier"
		}
		if k, _ := a.lbWanted(); a.an.rules.Leaderboard() && k.actor != id {
			a.notify(Info, "the leaderboard judges actor "+itoa(int(k.actor))+", not "+itoa(int(id))+" (Ctrl+K to the selected actor's)")
			return
		}
		a.notify(Info, which+what+itoa(int(id)))
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

// MarkedFaults returns the faults the map marks and the index among them
// of the one last gone to (-1: none): run A's, or run B's while B alone
// shows (b true; their times on B's own clock). While the fault list
// lists the leaderboard's infractions, run A's marks are theirs (one a
// row, as infractionMark makes them; none while judging) and none is
// current; with B alone shown there are none, as the infractions are
// run A's and B's own faults are not what the list lists. A click on a
// mark goes to its fault or infraction (selectAt), so what is marked
// and what is clicked are one. Read-only: the marks are built when the
// rows are (Tick).
func (a *App) MarkedFaults() (fs []faults.Fault, current int, b bool) {
	if a.an.rowsOf.leaderboard {
		if a.showingB() {
			return nil, -1, true
		}
		return a.an.lbMarks, -1, false
	}
	if a.showingB() {
		return a.FaultsB(), a.an.pickedB, true
	}
	return a.Faults(), a.an.picked, false
}

// showingB reports whether run B alone shows (its actors drawn as A's).
func (a *App) showingB() bool {
	main, _ := a.ShownStates()
	return main != nil && main == a.CompareState()
}

// pickFaultMark goes to the fault whose mark on the map is under pixel
// x, y, as Enter on its row does (the list's cursor moves to its row when
// the list has one); false when no mark is there.
func (a *App) pickFaultMark(x, y float64) bool {
	fs, cur, b := a.MarkedFaults()
	i, ok := scenedraw.PickFaultMark(a.View(), fs, cur, x, y)
	if !ok {
		return false
	}
	t := fs[i].Start
	if b {
		t = a.AClock(t)
	}
	r := faultRow{b: b, i: i, t: t}
	if !b && a.an.rowsOf.leaderboard { // an infraction's mark: its row is row i
		if i < len(a.an.rows) {
			a.an.list.cursor = i
		}
		a.goToInfraction(r)
		return true
	}
	a.buildFaultLines()
	for k, row := range a.an.rows {
		if row.b == b && row.i == i && !a.an.rowsOf.leaderboard {
			a.an.list.cursor = k
		}
	}
	a.goToFault(r)
	return true
}

// ShownPaths returns what the map's trails and fault marks are drawn
// from, of the run the scene shows: its lane association (nil: none yet)
// and its actor whose trail is drawn, the selected one (in run B, its
// match) else the followed one (0: none).
func (a *App) ShownPaths() (*lanes.Association, uint32) {
	actor := a.sel.actor
	if actor == 0 {
		actor = a.cam.follow
	}
	if !a.showingB() {
		return a.an.assoc, actor
	}
	id, _ := a.MatchB(actor)
	return a.cmp.work.faultsAssoc, id
}
