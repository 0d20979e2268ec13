package ui

import (
	"bytes"
	"math"

	"github.com/hajimehoshi/ebiten/v2/text/v2"

	"github.com/mm2carla/viewer/render"
	"github.com/mm2carla/viewer/scene"
	"github.com/mm2carla/viewer/scene/playback"
	"github.com/mm2carla/viewer/ui/app"
	"github.com/mm2carla/viewer/ui/input"
	"github.com/mm2carla/viewer/ui/loader"
)

// hudText builds the 2D furniture from the frame's layout (where the
// panels go: panelLayout) and the app; it keeps only its scratch buffers
// and what the timeline's tooltip lists.
type hudText struct {
	tipShown bool   // the tooltip is in this frame
	tip      []byte // the timeline tooltip's lines
	tipEnds  []int
	tipCols  []render.Color // each line's swatch (A 0: none)
	// tipPairs are the actors of the collision faults listed (low id
	// first): the recording's collision event of a pair is not listed
	// again under its fault.
	tipPairs [maxTipFaults][2]uint32
	// The events the tooltip lists: the moments near the cursor, then
	// the blocked spans holding its time.
	tipEvents []scene.Event
	scratch   []byte
	help      []input.Binding
	// The help's body laid out for the width in helpFor (room, gap,
	// scale), and the last top line its scrolling may show.
	helpLay  helpLayout
	helpFor  [3]float64
	helpLast int
}

// build writes the frame's overlay from the layout and the app.
func (h *hudText) build(g *Game) {
	h.tipShown = false
	h.statusBar(g)
	h.timeline(g)
	h.inspectors(g)
	h.faultListPanel(g)
	h.thresholdsPanel(g)
	h.runsTable(g)
	h.noticeStack(g)
	h.loading(g)
	h.emptyState(g)
	h.promptBox(g)
	if g.app.Help() {
		h.helpOverlay(g)
	}
	h.chooserPanel(g) // the top-most overlay
}

// textTop returns the y at which a line of face is vertically centred in
// a row from y0 to y1.
func textTop(face *text.GoTextFace, y0, y1 float64) float64 {
	m := face.Metrics()
	return math.Round(y0 + (y1-y0-(m.HAscent+m.HDescent))/2)
}

func (h *hudText) statusBar(g *Game) {
	l, ov, f := &g.lay, &g.ov, g.fonts
	r := l.status
	ov.rect(0, r, colBar)
	ov.rect(0, rect{r.x0, r.y0, r.x1, r.y0 + math.Max(1, l.s)}, colBarLine)
	pad := l.px(10)
	const hint = "H: help   Ctrl+O: open"
	hw := f.rRegular.width(hint)
	ty := textTop(f.regular, r.y0, r.y1)
	ov.str(0, hint, r.x1-pad-hw, ty, f.rRegular, 0, colTextDim)
	if st := g.app.StatusText(); st.Len() > 0 {
		room := r.w() - 3*pad - hw
		ov.run(0, statusFit(st.Line(0), f.rRegular, room), r.x0+pad, ty, f.rRegular, room, colText)
	}
}

// statusSep parts the status line's fields.
var statusSep = []byte("  |  ")

// statusFit returns the status line as it fits room: whole, else its
// first fields that fit whole (a field cut to "259 roads, 21 j…" or
// "25…" says nothing), else the line for the caller to cut.
func statusFit(line []byte, rs *runes, room float64) []byte {
	if rs.widthBytes(line) <= room {
		return line
	}
	best := -1
	for i := 1; i+len(statusSep) <= len(line); i++ {
		if !bytes.HasPrefix(line[i:], statusSep) {
			continue
		}
		if rs.widthBytes(line[:i]) > room {
			break
		}
		best = i
	}
	if best < 0 {
		return line
	}
	return line[:best]
}

func (h *hudText) timeline(g *Game) {
	l, ov, f := &g.lay, &g.ov, g.fonts
	r := l.timeline
	ov.rect(0, r, colBar)
	ov.rect(0, rect{r.x0, r.y0, r.x1, r.y0 + math.Max(1, l.s)}, colBarLine)
	c := g.app.Clock()
	if c == nil {
		if msg := timelineHint(g); msg != "" {
			ov.str(0, msg, r.x0+l.px(20), textTop(f.regular, r.y0, r.y1), f.rRegular, r.w()-l.px(40), colTextDim)
		}
		return
	}
	bar := l.bar
	tl := playback.Timeline{X: bar.x0, Width: bar.w(), Start: c.Start(), End: c.End()}
	h.playIcon(g, c)
	tt := g.app.TimeText()
	if tt.Len() == 4 {
		// Left: the time; right of the bar: frame, then speed and state.
		ov.run(0, tt.Line(0), l.px(36), textTop(f.bold, bar.y0, bar.y1), f.rBold, l.px(timelineLeft-44), colTitle)
		xr := bar.x1 + l.px(14)
		wr := r.x1 - xr - l.px(8)
		ov.run(0, tt.Line(1), xr, textTop(f.regular, bar.y0-l.px(4), bar.y1-l.px(4)), f.rRegular, wr, colText)
		h.scratch = append(append(append(h.scratch[:0], tt.Line(2)...), "  "...), tt.Line(3)...)
		ov.run(0, h.scratch, xr, textTop(f.regular, bar.y1, bar.y1+l.px(20)), f.rRegular, wr, colTextDim)
	}
	ov.rect(0, bar, colTrack)
	head := tl.XAt(c.Time())
	ov.rect(0, rect{bar.x0, bar.y0, head, bar.y1}, colPlayed)
	if a, b, ok := c.LoopRange(); ok {
		ov.rect(0, rect{tl.XAt(a), bar.y0, tl.XAt(b), bar.y1}, colLoopRange)
	}
	h.marks(g, bar)
	h.faultRow(g, tl, bar)
	h.compareRows(g, tl)
	h.ticksAndLabels(g, tl, bar)
	// The play head: a line through the bar with a handle above it.
	hw := math.Max(2, l.px(2))
	ov.rect(0, rect{head - hw/2, bar.y0 - l.px(4), head + hw/2, bar.y1 + l.px(4)}, colHead)
	k := l.px(5)
	ov.tri(0, head-k, bar.y0-l.px(4)-k, head+k, bar.y0-l.px(4)-k, head, bar.y0-l.px(4), colHead)
	// The tooltip shows on hover, not while dragging, and not under the
	// go-to prompt or the help, which sit in the same place on top.
	if m := g.snap.Mouse; !m.Left && !m.Right && m.X >= bar.x0 && m.X <= bar.x1 &&
		m.Y >= g.snap.TimelineY && m.Y <= g.snap.TimelineY+g.snap.TimelineHeight &&
		!g.mapper.Entry().Open && !g.app.Help() {
		h.tooltip(g, tl, m.X)
	}
}

// timelineHint is what the timeline says with no recording open: nothing
// when nothing at all is open (the middle of the window says how to
// start; one hint is enough).
func timelineHint(g *Game) string {
	for _, ld := range g.loads {
		if ld.Kind == loader.KindRecording {
			return "Loading the recording; the map can be explored meanwhile."
		}
	}
	if g.app.Map() == nil {
		return ""
	}
	return "No recording: open a CARLA recorder file (.log) with Ctrl+O, or drop one here, to replay it on this map."
}

// playIcon draws play (a triangle, pointing left when reversed) or pause.
func (h *hudText) playIcon(g *Game, c *playback.Clock) {
	l, ov := &g.lay, &g.ov
	cy := (l.bar.y0 + l.bar.y1) / 2
	x := l.px(12)
	k := l.px(7)
	switch {
	case c.Playing() && c.Reversed():
		ov.tri(0, x+1.6*k, cy-k, x+1.6*k, cy+k, x, cy, colAccent)
	case c.Playing():
		ov.tri(0, x, cy-k, x, cy+k, x+1.6*k, cy, colAccent)
	default:
		w := l.px(4)
		ov.rect(0, rect{x, cy - k, x + w, cy + k}, colText)
		ov.rect(0, rect{x + 2.2*w, cy - k, x + 3.2*w, cy + k}, colText)
	}
}

// marks draws the event marks: light changes as thin ticks along the
// bottom of the bar, spawns and destroys along the top, collisions
// through the whole height, each column as strong as it is busy; and
// through the middle, a band where actors stand still (blocked), as
// strong as there are many.
func (h *hudText) marks(g *Game, bar rect) {
	l, ov := &g.lay, &g.ov
	w := int(bar.w())
	mk := g.app.Marks(w)
	bh := bar.h()
	rows := [app.NumMarkKinds][2]float64{
		app.MarkBlocked:   {bar.y0 + bh*0.38, bar.y1 - bh*0.32},
		app.MarkLight:     {bar.y1 - bh*0.28, bar.y1},
		app.MarkDestroy:   {bar.y0, bar.y0 + bh*0.34},
		app.MarkSpawn:     {bar.y0, bar.y0 + bh*0.34},
		app.MarkCollision: {bar.y0, bar.y1},
	}
	for k := range app.NumMarkKinds {
		width := 1.0
		if k == app.MarkCollision {
			width = math.Max(2, l.px(2))
		}
		col := colMark[k]
		for x := range mk.Width() {
			s := mk.Strength(k, x)
			if s == 0 {
				continue
			}
			x0 := bar.x0 + float64(x)
			ov.rect(0, rect{x0, rows[k][0], x0 + width, rows[k][1]}, col.WithAlpha(s))
		}
	}
}

func (h *hudText) ticksAndLabels(g *Game, tl playback.Timeline, bar rect) {
	l, ov, f := &g.lay, &g.ov, g.fonts
	marks := tl.Ticks(l.px(96))
	dec := playback.TickDecimals(marks.Step)
	y := bar.y1 + l.px(3)
	for i := range marks.N {
		t := marks.At(i)
		x := math.Round(tl.XAt(t))
		ov.rect(0, rect{x, bar.y1, x + math.Max(1, l.s), y + l.px(3)}, colTick)
		h.scratch = playback.AppendTime(h.scratch[:0], t, dec)
		tw := f.rSmall.widthBytes(h.scratch)
		tx := min(max(x-tw/2, bar.x0-l.px(6)), bar.x1+l.px(6)-tw) // clear of the side blocks
		ov.run(0, h.scratch, tx, y+l.px(3), f.rSmall, 0, colTextDim)
	}
}

// panelBox draws a panel's background and border.
func panelBox(g *Game, r rect) {
	ov := &g.ov
	ov.rect(0, r, colPanelBg)
	ov.frame(0, r, math.Max(1, g.lay.s), colPanelEdge)
}

// faceH is the line-box height of a face.
func faceH(face *text.GoTextFace) float64 {
	m := face.Metrics()
	return m.HAscent + m.HDescent
}
