package app

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/mm2carla/viewer/scene/playback"
)

// The fault list: every fault found, one a row with its time, kind and
// actor. K shows it; Up and Down move its cursor, Enter (or a click on a
// row) goes there: the clock jumps to the fault's start, its actor is
// selected and the camera looks at where it happened.

// ListBox is where the window drew the fault list's rows, in device
// pixels: rows of RowH from Top, row First of the list at the top, N of
// them shown, between X0 and X1. The window sets it every frame it draws
// the list, and clicks are hit-tested against it here.
type ListBox struct {
	X0, X1, Top, RowH float64
	First, N          int
}

// Row returns the list row at pixel x, y, or false outside the rows.
func (b ListBox) Row(x, y float64) (int, bool) {
	if b.N <= 0 || !(b.RowH > 0) || x < b.X0 || x >= b.X1 || y < b.Top {
		return 0, false
	}
	k := int(math.Floor((y - b.Top) / b.RowH))
	if k >= b.N {
		return 0, false
	}
	return b.First + k, true
}

// FaultListOpen reports whether the fault list shows.
func (a *App) FaultListOpen() bool { return a.faultList }

// FaultCursor returns the fault list's cursor row.
func (a *App) FaultCursor() int { return a.faultCursor }

// PickedFault returns the index in Faults of the fault last gone to (-1:
// none).
func (a *App) PickedFault() int { return a.faultPicked }

// SetFaultListBox tells the app where the list's rows are on screen.
func (a *App) SetFaultListBox(b ListBox) { a.listBox = b }

// FaultLines returns the fault list's rows, one a fault: "time<TAB>kind
// actor id blueprint".
func (a *App) FaultLines() *Lines { return &a.faultLines }

// buildFaultLines rebuilds the rows when the faults changed.
func (a *App) buildFaultLines() {
	fs := a.Faults()
	if a.faultLinesOf == a.faultRes && a.faultLines.Len() == len(fs) {
		return
	}
	a.faultLinesOf = a.faultRes
	l := &a.faultLines
	l.Reset()
	for i := range fs {
		f := &fs[i]
		l.buf = playback.AppendTime(l.buf, f.Start, 2)
		l.Tab().S(f.Kind.String()).S("  actor ").U(uint64(f.Actor)).S(" ").S(f.Blueprint).End()
	}
}

// applyFaults carries out the fault list's commands.
func (a *App) applyFaults(kind faultCmd, steps float64) {
	n := len(a.Faults())
	switch kind {
	case faultToggle:
		a.faultList = !a.faultList
		if a.faultList {
			a.thOpen, a.diffList = false, false
		}
		if a.faultList && n == 0 {
			switch {
			case a.anJob != nil:
				a.notify(Info, "still looking for faults")
			case a.faultRes != nil:
				a.notify(Info, "no faults found")
			default:
				a.notify(Info, "no recording open")
			}
		}
	case faultMove:
		if n > 0 {
			a.faultCursor = min(max(a.faultCursor+int(steps), 0), n-1)
		}
	case faultPick:
		a.pickFault(a.faultCursor)
	}
}

type faultCmd uint8

const (
	faultToggle faultCmd = iota
	faultMove
	faultPick
)

// pickFault goes to fault i: the clock to its start, its actor selected
// (and followed, if the camera follows another), the camera over it.
func (a *App) pickFault(i int) {
	fs := a.Faults()
	if i < 0 || i >= len(fs) || a.clock == nil {
		return
	}
	f := &fs[i]
	a.faultCursor, a.faultPicked = i, i
	a.clock.Apply(playback.GoTo(f.Start))
	a.refreshState()
	a.selected, a.element = f.Actor, Element{}
	if a.follow != 0 {
		a.startFollow(f.Actor)
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

// clickFaultList goes to the row under a click; false when the click is
// not on a row.
func (a *App) clickFaultList(x, y float64) bool {
	if !a.faultList {
		return false
	}
	i, ok := a.listBox.Row(x, y)
	if !ok || i >= len(a.Faults()) {
		return false
	}
	a.pickFault(i)
	return true
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
