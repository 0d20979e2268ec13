package ui

import (
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/hajimehoshi/ebiten/v2/text/v2"

	"github.com/mm2carla/viewer/analysis/faults"
	"github.com/mm2carla/viewer/format/recorder"
	"github.com/mm2carla/viewer/render"
	"github.com/mm2carla/viewer/render/scenedraw"
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
		ov.run(0, st.Line(0), r.x0+pad, ty, f.rRegular, r.w()-3*pad-hw, colText)
	}
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

// maxTipEvents bounds the events the timeline tooltip lists.
const maxTipEvents = 6

// tooltip shows, above the bar at x, the time there and the events
// within a few pixels of it.
func (h *hudText) tooltip(g *Game, tl playback.Timeline, x float64) {
	l, ov, f := &g.lay, &g.ov, g.fonts
	h.tipShown = true
	h.tipLines(g, tl.TimeAt(x), l.px(4)*(tl.End-tl.Start)/max(tl.Width, 1))
	// Measure, place above the bar, draw on top of everything.
	pad, sw := l.px(8), l.px(14)
	w, start := 0.0, 0
	for _, end := range h.tipEnds {
		w = max(w, f.rRegular.widthBytes(h.tip[start:end]))
		start = end
	}
	w = min(w+sw+2*pad, l.w-l.px(8))
	hgt := float64(len(h.tipEnds))*f.lineH + 2*pad
	x0 := min(max(x-w/2, l.px(4)), l.w-l.px(4)-w)
	y0 := l.bar.y0 - l.px(12) - hgt
	r := rect{x0, y0, x0 + w, y0 + hgt}
	ov.rect(1, r, colPanelBg)
	ov.frame(1, r, math.Max(1, l.s), colPanelEdge)
	start = 0
	for i, end := range h.tipEnds {
		ty := y0 + pad + float64(i)*f.lineH
		tx := x0 + pad
		col := colText
		if c := h.tipCols[i]; c.A > 0 {
			ov.rect(1, rect{tx, ty + f.lineH*0.3, tx + l.px(8), ty + f.lineH*0.7}, c)
		}
		if i == 0 {
			col = colTitle
		} else {
			tx += sw
		}
		ov.run(1, h.tip[start:end], tx, ty+(f.lineH-faceH(f.regular))/2, f.rRegular, r.x1-pad-tx, col)
		start = end
	}
}

// tipLines writes the tooltip's lines for time t: the time and frame,
// then the moments within slop seconds of it, then the blocked spans that
// hold it (a span is listed wherever it holds, not only at its start).
func (h *hudText) tipLines(g *Game, t, slop float64) {
	h.tip, h.tipEnds, h.tipCols = h.tip[:0], h.tipEnds[:0], h.tipCols[:0]
	h.tip = playback.AppendTime(h.tip, t, 2)
	if rec := g.app.Recording(); rec != nil {
		h.tip = append(h.tip, "   frame "...)
		h.tip = strconv.AppendInt(h.tip, int64(rec.FrameAt(t)+1), 10)
	}
	h.tipLine(render.Color{})
	h.tipFaults(g, t, slop)
	h.tipEvents = h.tipEvents[:0]
	for _, e := range g.app.EventsAround(t-slop, t+slop) {
		if e.Kind != scene.EventBlocked && !h.tipListed(&e) {
			h.tipEvents = append(h.tipEvents, e)
		}
	}
	evs := g.app.BlockedAt(t, h.tipEvents)
	tipOrder(evs)
	h.tipEvents = evs
	written := 0 // events written, a line of lights counting each
	for i := range evs {
		if evs[i].Kind == scene.EventLight && lightsListed(evs[:i], evs[i].Light) {
			continue // on the line of its colour already
		}
		if len(h.tipCols) > maxTipEvents {
			h.tip = append(h.tip, "+ "...)
			h.tip = strconv.AppendInt(h.tip, int64(len(evs)-written), 10)
			h.tip = append(h.tip, " more"...)
			h.tipLine(render.Color{})
			break
		}
		n := 1
		if evs[i].Kind == scene.EventLight {
			h.tip, n = appendLights(h.tip, evs[i:], evs[i].Light)
		} else {
			h.tip = appendEvent(h.tip, &evs[i])
		}
		written += n
		var c render.Color
		if k, ok := app.MarkOf(evs[i].Kind); ok {
			c = colMark[k]
		}
		h.tipLine(c)
	}
	h.compareTipLines(g, t, slop)
}

// tipLine ends the tooltip's line being written, with swatch c.
func (h *hudText) tipLine(c render.Color) {
	h.tipEnds, h.tipCols = append(h.tipEnds, len(h.tip)), append(h.tipCols, c)
}

// maxTipFaults bounds the faults the tooltip lists.
const maxTipFaults = 3

// tipFaults adds the faults whose marks above the bar are under the
// cursor (those spanning t, within slop), as the fault list writes
// them: the row of marks is what the user points at, and the tooltip
// listed only the recording's events. Under the leaderboard's rules,
// its infractions there.
func (h *hudText) tipFaults(g *Game, t, slop float64) {
	a, n := g.app, 0
	h.tipPairs = [maxTipFaults][2]uint32{}
	if a.Rules().Leaderboard() {
		for _, inf := range a.ListedInfractions() {
			if math.Abs(inf.Time-t) > slop || n == maxTipFaults {
				continue
			}
			h.tip = append(h.tip, inf.Kind.Key()...)
			h.tipLine(scenedraw.FaultColor(app.InfractionKind(inf.Kind)))
			n++
		}
		return
	}
	for i := range a.Faults() {
		f := &a.Faults()[i]
		if f.Start-slop > t || f.End+slop < t {
			continue
		}
		if n == maxTipFaults {
			break
		}
		h.tip = append(h.tip, f.Kind.String()...)
		h.tip = strconv.AppendUint(append(h.tip, "  "...), uint64(f.Actor), 10)
		h.tip = append(append(h.tip, ' '), tipBlueprint(f.Blueprint)...)
		if f.Other != 0 {
			h.tip = strconv.AppendUint(append(h.tip, "  with "...), uint64(f.Other), 10)
		}
		if f.Kind == faults.Collision {
			h.tipPairs[n] = [2]uint32{min(f.Actor, f.Other), max(f.Actor, f.Other)}
		}
		h.tipLine(scenedraw.FaultColor(f.Kind))
		n++
	}
}

// tipListed reports whether e is a collision the tooltip lists as a
// fault already.
func (h *hudText) tipListed(e *scene.Event) bool {
	if e.Kind != scene.EventCollision {
		return false
	}
	p := [2]uint32{min(e.Actor, e.Other), max(e.Actor, e.Other)}
	for _, q := range h.tipPairs {
		if q == p && q != [2]uint32{} {
			return true
		}
	}
	return false
}

// tipBlueprint drops a blueprint's first component ("vehicle."), as the
// fault list does.
func tipBlueprint(bp string) string {
	if i := strings.IndexByte(bp, '.'); i >= 0 && i+1 < len(bp) {
		return bp[i+1:]
	}
	return bp
}

// tipOrder puts what the user points at first, each kind in time order:
// a town's light changes crowd a moment, and a collision among them went
// to "+ 15 more".
func tipOrder(evs []scene.Event) {
	slices.SortStableFunc(evs, func(a, b scene.Event) int { return tipRank(a.Kind) - tipRank(b.Kind) })
}

// tipRank orders the tooltip's events: collisions, then blocked spans,
// then actors coming and going, then lights.
func tipRank(k scene.EventKind) int {
	switch k {
	case scene.EventCollision:
		return 0
	case scene.EventBlocked:
		return 1
	case scene.EventLight:
		return 3
	}
	return 2
}

// maxTipLights bounds the lights a line of the tooltip names.
const maxTipLights = 6

// lightsListed reports whether evs holds a light turning to state: the
// line of that colour lists every such light.
func lightsListed(evs []scene.Event, state recorder.LightState) bool {
	for i := range evs {
		if evs[i].Kind == scene.EventLight && evs[i].Light == state {
			return true
		}
	}
	return false
}

// appendLights writes on one line the lights of evs that turn to state,
// "lights 54, 55, 61 turn red" (a town's lights change by the group at
// one moment, a line each filled the tooltip), and returns how many.
func appendLights(b []byte, evs []scene.Event, state recorder.LightState) ([]byte, int) {
	n := 0
	for i := range evs {
		if evs[i].Kind == scene.EventLight && evs[i].Light == state {
			n++
		}
	}
	if n == 1 {
		b = strconv.AppendUint(append(b, "light "...), uint64(evs[0].Actor), 10)
		return append(append(b, " turns "...), state.String()...), 1
	}
	b = append(b, "lights "...)
	k := 0
	for i := range evs {
		if evs[i].Kind != scene.EventLight || evs[i].Light != state {
			continue
		}
		if k == maxTipLights {
			b = append(strconv.AppendInt(append(b, " and "...), int64(n-k), 10), " more"...)
			break
		}
		if k > 0 {
			b = append(b, ", "...)
		}
		b = strconv.AppendUint(b, uint64(evs[i].Actor), 10)
		k++
	}
	return append(append(b, " turn "...), state.String()...), n
}

// appendEvent writes one event as the tooltip lists it.
func appendEvent(b []byte, e *scene.Event) []byte {
	id := func(b []byte, v uint32) []byte { return strconv.AppendUint(b, uint64(v), 10) }
	switch e.Kind {
	case scene.EventCollision:
		b = id(append(b, "collision  "...), e.Actor)
		if e.Other == faults.World {
			b = append(append(b, " with "...), faults.WorldName...)
		} else {
			b = id(append(b, " with "...), e.Other)
		}
	case scene.EventSpawn:
		b = id(append(b, "spawn  "...), e.Actor)
		b = append(append(b, ' '), e.Blueprint...)
	case scene.EventDestroy:
		b = id(append(b, "destroy  "...), e.Actor)
		b = append(append(b, ' '), e.Blueprint...)
	case scene.EventLight:
		b = id(append(b, "light "...), e.Actor)
		b = append(append(b, " turns "...), e.Light.String()...)
	case scene.EventParent:
		b = id(append(b, "attach  "...), e.Actor)
		b = id(append(b, " to "...), e.Other)
	case scene.EventBlocked:
		b = id(append(b, "blocked  "...), e.Actor)
		b = append(append(b, ' '), e.Blueprint...)
		b = strconv.AppendFloat(append(b, "  "...), e.Duration, 'f', 0, 64)
		b = playback.AppendTime(append(b, " s from "...), e.Time, 1)
	default:
		b = append(b, e.Kind.String()...)
	}
	return b
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
