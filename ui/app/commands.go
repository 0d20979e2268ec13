package app

import (
	"math"

	"github.com/mm2carla/viewer/render/scenedraw"
	"github.com/mm2carla/viewer/scene/playback"
	"github.com/mm2carla/viewer/ui/input"
)

// Apply carries out one command. OpenFile, OpenCompare, SavePNG and
// ExportClip are the window's business (a dialog; the window's pixels;
// the options it draws with, handed to ExportClip) and do nothing here.
func (a *App) Apply(cmd input.Command) {
	a.interaction = 0
	if pc, ok := cmd.ClockCommand(); ok {
		a.applyClock(pc)
		if cmd.Plot {
			a.keepSelectedInView()
		}
		return
	}
	switch cmd.Kind {
	case input.KindFollowNext:
		a.cycleFollow(1)
	case input.KindFollowPrev:
		a.cycleFollow(-1)
	case input.KindFollowSelected:
		a.toggleFollowSelected()
	case input.KindFindActor:
		a.findActor(cmd.ID)
	case input.KindReload:
		a.reload()
	case input.KindActorFault:
		a.stepActorFault(cmd.Steps)
	case input.KindFrameAll:
		a.cam.stopFollowing()
		a.frameAll()
	case input.KindToggleView:
		a.cam.toggle()
		a.settingsGen++
		if a.cam.topDown {
			a.notify(Info, "top-down view")
		} else {
			a.notify(Info, "orbit view")
		}
	case input.KindToggleLayer:
		a.toggleLayer(cmd.Layer)
	case input.KindClearSelection:
		a.clearSelection()
	case input.KindToggleHelp:
		a.help, a.helpTop = !a.help, 0
	case input.KindOrbit:
		if a.cam.topDown {
			a.cam.stopFollowing() // a left drag pans the map there
		}
		a.cam.drag(cmd.DX, cmd.DY) // while chasing: swings around the actor
	case input.KindPan:
		a.cam.stopFollowing()
		a.cam.pan(cmd.DX, cmd.DY)
	case input.KindZoom:
		x, y := cmd.X, cmd.Y
		if a.cam.follow != 0 { // keep the followed actor in the middle
			x, y = a.cam.vp.Width/2, a.cam.vp.Height/2
		}
		a.cam.zoom(cmd.Steps, x, y)
	case input.KindSelect:
		a.selectAt(cmd.X, cmd.Y)
	case input.KindFaultFilter:
		a.cycleFaultFilter()
	case input.KindStepEvents:
		a.toggleStepEvents()
	case input.KindToggleFaults:
		a.applyList(faultToggle, 0)
	case input.KindFaultMove:
		a.applyList(faultMove, cmd.Steps)
	case input.KindFaultPick:
		a.applyList(faultPick, 0)
	case input.KindRunsToggle:
		a.applyRuns(runsToggle, 0)
	case input.KindRunsMove:
		a.applyRuns(runsMove, cmd.Steps)
	case input.KindRunsPick:
		a.applyRuns(runsPick, 0)
	case input.KindRunsMark:
		a.applyRuns(runsMark, 0)
	case input.KindRunsSort:
		a.applyRuns(runsSort, cmd.Steps)
	case input.KindRunsReverse:
		a.applyRuns(runsReverse, 0)
	case input.KindToggleDiffList:
		a.applyDiffList(faultToggle, 0)
	case input.KindTrailLength:
		a.stepTrail(cmd.Steps)
	case input.KindToggleThresholds:
		a.applyThresholds(thToggle, 0)
	case input.KindThresholdMove:
		a.applyThresholds(thMove, cmd.Steps)
	case input.KindThresholdChange:
		a.applyThresholds(thChange, cmd.Steps)
	case input.KindCompareShow:
		a.applyCompare(compareShow, 0)
	case input.KindCompareOffset:
		a.applyCompare(compareOffset, cmd.Steps)
	case input.KindCompareClose:
		a.applyCompare(compareClose, 0)
	case input.KindDivergenceThreshold:
		a.applyCompare(compareThreshold, cmd.Steps)
	case input.KindChooserMove:
		a.applyChooser(chooserMove, cmd.Steps, 0)
	case input.KindChooserEnter:
		a.applyChooser(chooserEnter, 0, 0)
	case input.KindChooserBack:
		a.applyChooser(chooserBack, 0, 0)
	case input.KindChooserType:
		a.applyChooser(chooserType, 0, cmd.Rune)
	case input.KindChooserMark:
		a.applyChooser(chooserMark, 0, 0)
	case input.KindChooserClose:
		a.applyChooser(chooserClose, 0, 0)
	case input.KindChooserFolder:
		a.applyChooser(chooserOpenFolder, 0, 0)
	}
}

// PickListRow goes to row i of the list that shows, as Enter on it does:
// a click on the row (the window hit-tests its layout). It does nothing
// while neither the fault list nor the differences list shows.
func (a *App) PickListRow(i int) {
	switch {
	case a.cmp.diffs.open:
		a.pickDiff(i)
	case a.an.list.open:
		a.pickFault(i)
	}
}

// applyList sends the list keys (K, Up, Down, Enter, Esc in a list) to
// the differences list when it shows, else to the fault list.
func (a *App) applyList(kind faultCmd, steps float64) {
	if a.cmp.diffs.open {
		a.applyDiffList(kind, steps)
		return
	}
	a.applyFaults(kind, steps)
}

// DefaultTrail is the trail's length (s) behind and ahead by default
// (scenedraw's, which the shots draw too).
const DefaultTrail = scenedraw.DefaultTrail

// trailSteps are the trail lengths - and = step through.
var trailSteps = [...]float64{2, 5, 10, 20, 30, 60}

// Trail returns the trail's length in seconds, behind and ahead.
func (a *App) Trail() float64 { return a.an.trail }

// nearestTrail is the step nearest to s.
func nearestTrail(s float64) float64 {
	best := trailSteps[0]
	for _, v := range trailSteps {
		if math.Abs(v-s) < math.Abs(best-s) {
			best = v
		}
	}
	return best
}

func (a *App) stepTrail(steps float64) {
	if a.an.stepTrail(steps) {
		a.settingsGen++
	}
	a.notify(Info, "trails "+itoa(int(a.an.trail))+" s behind and ahead")
}

// stepTrail moves the trail's length by steps of trailSteps, and reports
// whether it changed.
func (an *analysis) stepTrail(steps float64) bool {
	k := 0
	for i, v := range trailSteps {
		if v == an.trail {
			k = i
		}
	}
	k = min(max(k+int(steps), 0), len(trailSteps)-1)
	if trailSteps[k] == an.trail {
		return false
	}
	an.trail = trailSteps[k]
	return true
}

func (a *App) applyClock(pc playback.Command) {
	if a.rp.clock == nil {
		return
	}
	a.noEventThere(pc.Op)
	a.rp.clock.Apply(pc)
	if s := a.rp.clock.Speed(); s != a.rp.speed {
		a.rp.speed = s
		a.settingsGen++
	}
	a.refreshState()
}

// noEventThere says so when [ or ] (op) has nothing to go to: the clock
// then stays where it is, and a key that does nothing visible reads as
// broken.
func (a *App) noEventThere(op playback.Op) {
	var ok bool
	switch op {
	case playback.OpNextEvent:
		_, ok = a.rp.clock.EventAfter()
	case playback.OpPrevEvent:
		_, ok = a.rp.clock.EventBefore()
	default:
		return
	}
	if ok {
		return
	}
	which := "no later "
	if op == playback.OpPrevEvent {
		which = "no earlier "
	}
	what := "fault or collision (E: every event)"
	switch {
	case a.rp.stepAll:
		what = "event"
	case a.an.rules.Leaderboard():
		what = "infraction (E: every event)"
	case a.Comparing():
		what = "fault, collision or divergence (E: every event)"
	}
	a.notify(Info, which+what)
}

func (a *App) toggleLayer(l input.Layer) {
	if l >= input.NumLayers {
		return
	}
	if l == input.LayerLegend && a.stepLegend() {
		return
	}
	a.lay.on[l] = !a.lay.on[l]
	a.settingsGen++
	if a.lay.on[l] {
		a.notify(Info, l.String()+" shown")
	} else {
		a.notify(Info, l.String()+" hidden")
	}
}

// clearSelection is Esc: it closes the top-most thing first, the help
// over the scene (a user reading it who presses Esc means the help, not
// the selection hidden behind it), then deselects the actor and the map
// element and stops following, then dismisses the notices. (The lists
// and prompts take Esc in their own input modes, ui/input.)
func (a *App) clearSelection() {
	switch {
	case a.help:
		a.help = false
	case a.sel.actor != 0 || a.cam.follow != 0 || a.sel.element.Kind != scenedraw.ElementNone:
		a.cam.stopFollowing()
		a.sel.selectActor(0)
	default:
		a.DismissNotices()
	}
}

// selectAt goes to the fault whose mark is under the pixel, else selects
// the actor under it, else the map element under it, else nothing.
func (a *App) selectAt(x, y float64) {
	v := a.View()
	if a.pickFaultMark(x, y) { // drawn over the actors and the roads
		return
	}
	if id, ok := a.pickActor(x, y); ok {
		a.sel.selectActor(id)
		return
	}
	if m := a.Map(); m != nil || a.Roads() != nil {
		if e, ok := a.sel.picker.PickElement(v, m, a.Roads(), x, y); ok {
			a.sel.selectElement(e)
			return
		}
	}
	a.sel.selectActor(0)
}

// SetCursor tells the app where the cursor is (device pixels) and whether
// it is over the 3D view, for the hover highlight and the map panel.
func (a *App) SetCursor(x, y float64, inView bool) { a.sel.x, a.sel.y, a.sel.in = x, y, inView }

// pickHover finds what is under the cursor. Picking every road costs a
// little, so it runs once a tick, not once per mouse event.
func (a *App) pickHover() {
	a.sel.hoverID, a.sel.hover = 0, Element{}
	if !a.sel.in {
		return
	}
	v := a.View()
	if id, ok := a.pickActor(a.sel.x, a.sel.y); ok {
		a.sel.hoverID = id
		return
	}
	if m := a.Map(); m != nil || a.Roads() != nil {
		if e, ok := a.sel.picker.PickElement(v, m, a.Roads(), a.sel.x, a.sel.y); ok {
			a.sel.hover = e
		}
	}
}

// stepLegend is 8 on a legend that shows: whole, it collapses to a row a
// column (true); collapsed, it is hidden and the next 8 shows it whole
// (false: toggleLayer hides it).
func (a *App) stepLegend() bool {
	if !a.lay.on[input.LayerLegend] {
		return false
	}
	a.lay.short = !a.lay.short
	if a.lay.short {
		a.notify(Info, "legend collapsed (8 again hides it)")
		return true
	}
	return false
}

// LegendShort reports whether the legend shows collapsed.
func (a *App) LegendShort() bool { return a.lay.short }
