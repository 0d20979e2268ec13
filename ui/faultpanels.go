package ui

import (
	"math"
	"strconv"

	"github.com/mm2carla/viewer/render"
	"github.com/mm2carla/viewer/render/scenedraw"
	"github.com/mm2carla/viewer/scene/playback"
	"github.com/mm2carla/viewer/ui/app"
)

// The window's parts of the lane and fault pass: the row of fault marks
// above the timeline, the fault list, and the plots under the actor
// panel. The rules (what a click on a row or a plot does) are ui/app's.

// Fault list and plot sizes, logical pixels.
const (
	faultListWidth = 430
	faultListTop   = 300 // the list's top beside a legend that is not over it (listPanelClear)
	plotBandHeight = 46
	plotTitleH     = 15
	plotAxisH      = 16 // the time axis's ticks and labels under the bands
)

// faultRow draws a tick above the timeline's bar for every fault, from
// its start to its end, in its kind's colour; the picked one taller. With
// an actor selected, the faults that are not its own are faint, so that
// its own stand out among the traffic's.
func (h *hudText) faultRow(g *Game, tl playback.Timeline, bar rect) {
	l, ov := &g.lay, &g.ov
	if g.app.Rules().Leaderboard() {
		h.infractionRow(g, tl, bar)
		return
	}
	fs := g.app.Faults()
	picked, sel := g.app.PickedFault(), g.app.Selected()
	y0, y1 := bar.y0-l.px(9), bar.y0-l.px(2)
	for i := range fs {
		f := &fs[i]
		x0 := math.Floor(tl.XAt(f.Start))
		w := math.Max(2, l.px(2))
		top := y0
		if i == picked {
			top = y0 - l.px(3)
		}
		col := scenedraw.FaultColor(f.Kind)
		if sel != 0 && f.Actor != sel && f.Other != sel {
			col = col.WithAlpha(0.3)
		}
		ov.rect(0, rect{x0, top, x0 + w, y1}, col)
		// A span goes on as a thin line to its end.
		ov.rect(0, rect{x0, y1 - w, max(tl.XAt(f.End), x0+w), y1}, col.WithAlpha(0.7))
	}
}

// infractionRow draws, with the leaderboard's rules, a tick above the
// timeline's bar for every infraction the fault list lists, in the
// colour of its row; the one on the list's cursor taller.
func (h *hudText) infractionRow(g *Game, tl playback.Timeline, bar rect) {
	l, ov := &g.lay, &g.ov
	infs := g.app.ListedInfractions()
	cur := g.app.FaultList().Cursor()
	y0, y1 := bar.y0-l.px(9), bar.y0-l.px(2)
	w := math.Max(2, l.px(2))
	for i := range infs {
		x0 := math.Floor(tl.XAt(infs[i].Time))
		top := y0
		if i == cur && g.app.FaultList().Open() {
			top = y0 - l.px(3)
		}
		ov.rect(0, rect{x0, top, x0 + w, y1}, scenedraw.FaultColor(app.InfractionKind(infs[i].Kind)))
	}
}

// faultListPanel draws the fault list, or the differences list, where
// the layout put it on the right of the view.
func (h *hudText) faultListPanel(g *Game) {
	a := g.app
	switch g.pan.list.kind {
	case listDiffs:
		h.rowsPanel(g, rowsSpec{title: "Where the runs part  ",
			empty: "none: the runs agree", busy: a.DiffPending(), color: func(i int) render.Color { return diffColor(a.DiffRowKind(i)) }})
	case listFaults:
		if t := a.LeaderboardText(); a.Rules().Leaderboard() && t.Len() == 2 {
			// The leaderboard's infractions: their title holds the
			// penalty, the line with none says whom it is for.
			h.rowsPanel(g, rowsSpec{titleB: t.Line(0), emptyB: t.Line(1), busy: a.Analyzing() || a.Judging(),
				color: func(i int) render.Color { return scenedraw.FaultColor(a.FaultRowKind(i)) }})
			return
		}
		ff := a.FaultFilter()
		h.rowsPanel(g, rowsSpec{title: faultTitles[ff],
			empty: faultEmpty[ff], busy: a.Analyzing(), color: func(i int) render.Color { return scenedraw.FaultColor(a.FaultRowKind(i)) }})
	}
}

// The fault list's title and empty line by its filter (Ctrl+K).
var (
	faultTitles = [...]string{app.FilterAll: "Faults  ", app.FilterHero: "Hero's faults  ", app.FilterSelected: "Selected actor's faults  "}
	faultEmpty  = [...]string{app.FilterAll: "none found", app.FilterHero: "none of the hero's (Ctrl+K: the selected actor's)",
		app.FilterSelected: "none of the selected actor's (Ctrl+K: all)"}
)

// rowsSpec is what a list panel shows.
type rowsSpec struct {
	title string // before the count
	empty string // with no rows
	// titleB and emptyB, when set, are title and empty from the app's
	// lines (no string made a frame).
	titleB, emptyB []byte
	busy           bool // with no rows: still looking
	color          func(i int) render.Color
}

// rowsPanel draws the laid out list's rows, "time<TAB>text", each with a
// swatch of its colour, the cursor's row marked.
func (h *hudText) rowsPanel(g *Game, sp rowsSpec) {
	l, ov, f := &g.lay, &g.ov, g.fonts
	lb := &g.pan.list
	pad, lh := l.px(panelPad), f.lineH
	r := lb.r
	x0, y0, w := r.x0, r.y0, r.w()
	n := lb.list.Len()
	first, shown := lb.rows.First, lb.rows.N
	panelBox(g, r)
	h.scratch = append(append(h.scratch[:0], sp.title...), sp.titleB...)
	h.scratch = strconv.AppendInt(h.scratch, int64(n), 10)
	// The keys' hint where it fits whole: the leaderboard's title (its
	// penalty) goes before it.
	if hint := "   Up/Down, Enter or click: go there"; f.rBold.drawnWidth(h.scratch)+f.rBold.width(hint) <= w-2*pad {
		h.scratch = append(h.scratch, hint...)
	}
	ty := y0 + pad + (lh-faceH(f.bold))/2
	ov.run(0, h.scratch, x0+pad, ty, f.rBold, w-2*pad, colTitle)
	top := lb.rows.Top
	if n == 0 {
		msg := sp.empty
		if sp.busy {
			msg = "looking..."
		}
		if len(sp.emptyB) > 0 && !sp.busy {
			ov.run(0, sp.emptyB, x0+pad, top+(lh-faceH(f.regular))/2, f.rRegular, w-2*pad, colTextDim)
		} else {
			ov.str(0, msg, x0+pad, top+(lh-faceH(f.regular))/2, f.rRegular, w-2*pad, colTextDim)
		}
	}
	timeCol := l.px(listTimeCol)
	for k := range shown {
		i := first + k
		y := top + float64(k)*lh
		if i == lb.list.Cursor() {
			ov.rect(0, rect{x0 + l.s, y, x0 + w - l.s, y + lh}, colPlayed)
		}
		sw := l.px(8)
		ov.rect(0, rect{x0 + pad, y + (lh-sw)/2, x0 + pad + sw, y + (lh+sw)/2}, sp.color(i))
		ty := y + (lh-faceH(f.regular))/2
		when, what, with := rowCells(lb.list.Lines().Line(i))
		ov.run(0, when, x0+pad+l.px(14), ty, f.rRegular, timeCol, colTextDim)
		ov.rowText(0, f.rRegular, what, with, x0+pad+listTextX(l), ty, w-2*pad-listTextX(l), colText)
	}
	if len(lb.detailLines) > 0 { // the cursor's row did not fit: whole here
		d := lb.detail
		ov.rect(0, rect{x0 + l.s, d.y0 - l.px(4), x0 + w - l.s, d.y0 - l.px(4) + max(1, l.s)}, colPanelEdge)
		for k, line := range lb.detailLines {
			ov.str(0, line, d.x0, d.y0+float64(k)*lh+(lh-faceH(f.regular))/2, f.rRegular, d.w(), colText)
		}
	}
}

// diffColor is a differences list row's swatch: white for a divergence
// (as its mark on the timeline), grey for an actor of A only, the ghosts'
// tint for one of B only.
func diffColor(k app.DiffKind) render.Color {
	switch k {
	case app.DiffOnlyA:
		return render.RGB(0x9a, 0xa0, 0xa8)
	case app.DiffOnlyB:
		return scenedraw.GhostColor
	}
	return render.RGB(0xff, 0xff, 0xff)
}

func indexTab(b []byte) int {
	for i, c := range b {
		if c == '\t' {
			return i
		}
	}
	return len(b)
}

// seriesColors are the plots' line colours.
var seriesColors = [app.NumSeries]struct{ R, G, B uint8 }{
	app.SeriesSpeed:   {0x6f, 0xd3, 0xff},
	app.SeriesOffset:  {0xff, 0x9f, 0x43},
	app.SeriesHeading: {0xc0, 0x8c, 0xff},
}

// plotsHeight is the height of the plots' panel with rows series.
func plotsHeight(l *layout, rows int) float64 {
	return plotsFixed(l) + float64(rows)*plotRowHeight(l)
}

// plotsFixed is the plots' panel without its rows: the padding and the
// time axis under the bands.
func plotsFixed(l *layout) float64 { return 2*l.px(panelPad) + l.px(plotAxisH) }

// plotRowHeight is one series' row: its title and its band.
func plotRowHeight(l *layout) float64 { return l.px(plotBandHeight) + l.px(plotTitleH) }

// plots draws the selected vehicle's plots where the layout put them
// (nothing when it put none): the rows of series that fit, the actor's
// faults shaded, the playhead through the bands (not their titles), the
// time axis under them and, with the cursor over them, a line there and
// each series' value at its time. The plots span the whole recording, as
// the timeline does.
func (h *hudText) plots(g *Game) {
	a, l, ov := g.app, &g.lay, &g.ov
	r, area := g.pan.plots, g.pan.plotArea
	if !(area.X1 > area.X0) || g.pan.plotRows == 0 {
		return
	}
	p := a.Plot(g.pan.plotWidth)
	c := a.Clock()
	band, title := l.px(plotBandHeight), l.px(plotTitleH)
	inner := area.X1 - area.X0
	panelBox(g, r)
	tl := area.Timeline()
	m := g.snap.Mouse
	cursor, hover := 0.0, m.X >= area.X0 && m.X <= area.X1 && m.Y >= r.y0 && m.Y <= r.y1 && g.shot.path == ""
	if hover {
		cursor = tl.TimeAt(m.X)
	}
	head := math.Round(tl.XAt(c.Time()))
	fs := a.Faults()
	by := area.Y0
	for s := range app.Series(g.pan.plotRows) {
		h.plotBand(g, p, s, area.X0, by, inner, title, band, hover, cursor)
		top := by + title
		// The actor's faults, shaded over the band.
		for i := range fs {
			if fs[i].Actor != a.Selected() {
				continue
			}
			fx0 := tl.XAt(fs[i].Start)
			ov.rect(0, rect{fx0, top, max(tl.XAt(fs[i].End), fx0+math.Max(2, l.px(2))), top + band},
				scenedraw.FaultColor(fs[i].Kind).WithAlpha(0.3))
		}
		ov.rect(0, rect{head, top, head + math.Max(1, l.s), top + band}, colHead)
		if hover {
			x := math.Round(m.X)
			ov.rect(0, rect{x, top, x + math.Max(1, l.s), top + band}, colTextDim)
		}
		by += title + band
	}
	h.plotAxis(g, tl, area.X0, by, inner, hover, cursor)
}

// plotAxis draws the plots' time axis at y: ticks at round times with
// their labels, and the time under the cursor over them when hovering.
func (h *hudText) plotAxis(g *Game, tl playback.Timeline, x0, y, w float64, hover bool, cursor float64) {
	l, ov, f := &g.lay, &g.ov, g.fonts
	ov.rect(0, rect{x0, y, x0 + w, y + math.Max(1, l.s)}, colTick)
	marks := tl.Ticks(l.px(64))
	dec := playback.TickDecimals(marks.Step)
	ty := y + l.px(3)
	// The time under the cursor, first: the tick labels it would cover
	// are left out.
	cx0, cx1 := math.Inf(1), math.Inf(-1)
	if hover {
		h.scratch = playback.AppendTime(h.scratch[:0], cursor, 2)
		tw := f.rSmall.widthBytes(h.scratch)
		tx := min(max(tl.XAt(cursor)-tw/2, x0), x0+w-tw)
		ov.run(0, h.scratch, tx, ty, f.rSmall, 0, colTitle)
		cx0, cx1 = tx-l.px(4), tx+tw+l.px(4)
	}
	for i := range marks.N {
		t := marks.At(i)
		x := math.Round(tl.XAt(t))
		ov.rect(0, rect{x, y, x + math.Max(1, l.s), y + l.px(3)}, colTick)
		h.scratch = playback.AppendTime(h.scratch[:0], t, dec)
		tw := f.rSmall.widthBytes(h.scratch)
		tx := min(max(x-tw/2, x0), x0+w-tw)
		if tx+tw > cx0 && tx < cx1 {
			continue
		}
		ov.run(0, h.scratch, tx, ty, f.rSmall, 0, colTextDim)
	}
}

// plotBand draws one series: its title and range (and, hovering, its
// value at the cursor's time on the right), a zero line, and each
// column's lowest to highest value.
func (h *hudText) plotBand(g *Game, p *app.Plot, s app.Series, x0, y, w, title, band float64, hover bool, cursor float64) {
	l, ov, f := &g.lay, &g.ov, g.fonts
	lo, hi := p.Min[s], p.Max[s]
	h.scratch = append(h.scratch[:0], s.String()...)
	h.scratch = append(h.scratch, "   "...)
	if note := p.Note(s); note != "" {
		h.scratch = append(h.scratch, note...)
	} else {
		h.scratch = appendRange(h.scratch, lo)
		h.scratch = append(h.scratch, " to "...)
		h.scratch = appendRange(h.scratch, hi)
	}
	ty := y + (title-faceH(f.small))/2
	tw := ov.run(0, h.scratch, x0, ty, f.rSmall, w, colTextDim)
	if s == 0 && p.HasB() { // which line is which run
		tw += ov.str(0, "   run B", x0+tw, ty, f.rSmall, max(w-tw, 1), scenedraw.GhostColor)
	}
	if hover {
		if v, ok := p.ValueAt(s, cursor); ok {
			h.scratch = s.AppendValue(h.scratch[:0], v)
			vw := f.rSmall.widthBytes(h.scratch)
			if x0+tw+l.px(8) <= x0+w-vw {
				ov.run(0, h.scratch, x0+w-vw, ty, f.rSmall, 0, colTitle)
			}
		}
	}
	top := y + title
	ov.rect(0, rect{x0, top, x0 + w, top + band}, colTrack)
	yOf := func(v float64) float64 { return top + band - (v-lo)/(hi-lo)*band }
	if lo < 0 && hi > 0 {
		z := math.Round(yOf(0))
		ov.rect(0, rect{x0, z, x0 + w, z + math.Max(1, l.s)}, colTick)
	}
	sc := seriesColors[s]
	col := colAccent
	col.R, col.G, col.B = float32(sc.R)/255, float32(sc.G)/255, float32(sc.B)/255
	for cx := range p.Width() {
		vlo, vhi, ok := p.Column(s, cx)
		if !ok {
			continue
		}
		y0, y1 := yOf(vhi), yOf(vlo)
		ov.rect(0, rect{x0 + float64(cx), y0, x0 + float64(cx) + 1, max(y1, y0+math.Max(1.5, l.px(1.5)))}, col)
	}
	// Run B's match over A's, in the ghosts' tint, on the same scale.
	colB := scenedraw.GhostColor.WithAlpha(0.9)
	for cx := range p.Width() {
		vlo, vhi, ok := p.ColumnB(s, cx)
		if !ok {
			continue
		}
		y0, y1 := yOf(vhi), yOf(vlo)
		ov.rect(0, rect{x0 + float64(cx), y0, x0 + float64(cx) + 1, max(y1, y0+math.Max(1.5, l.px(1.5)))}, colB)
	}
}

// appendRange writes a band's end: whole numbers as such, a range under
// 10 with the decimals it needs (0.5, 2.5).
func appendRange(b []byte, v float64) []byte {
	if v == math.Trunc(v) || math.Abs(v) >= 10 {
		return strconv.AppendFloat(b, v, 'f', 0, 64)
	}
	return strconv.AppendFloat(b, v, 'f', -1, 64)
}
