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
	faultListTop   = 300 // under the legend
	plotBandHeight = 46
	plotTitleH     = 15
)

// faultRow draws a tick above the timeline's bar for every fault, from
// its start to its end, in its kind's colour; the picked one taller. With
// an actor selected, the faults that are not its own are faint, so that
// its own stand out among the traffic's.
func (h *hudText) faultRow(g *Game, tl playback.Timeline, bar rect) {
	l, ov := &g.lay, &g.ov
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

// listPanelAt is where the panels of rows on the right of the view go
// (the fault list, the thresholds): their left end, top and width.
func listPanelAt(l *layout) (x0, y0, w float64) {
	w = min(l.px(faultListWidth), l.w*0.45)
	return l.w - l.px(panelMargin) - w, min(l.px(faultListTop), l.view.h()*0.5), w
}

// faultListPanel draws the fault list, or the differences list, on the
// right of the view and tells the app where its rows are.
func (h *hudText) faultListPanel(g *Game) {
	a := g.app
	switch {
	case a.DiffList().Open():
		h.rowsPanel(g, rowsSpec{title: "Where the runs part  ", list: a.DiffList(),
			empty: "none: the runs agree", busy: a.DiffPending(), color: func(i int) render.Color { return diffColor(a.DiffRowKind(i)) }})
	case a.FaultList().Open():
		h.rowsPanel(g, rowsSpec{title: "Faults  ", list: a.FaultList(),
			empty: "none found", busy: a.Analyzing(), color: func(i int) render.Color { return scenedraw.FaultColor(a.FaultRowKind(i)) }})
	default:
		a.SetFaultListBox(app.ListBox{})
	}
}

// rowsSpec is what a list panel shows.
type rowsSpec struct {
	title string // before the count
	list  *app.List
	empty string // with no rows
	busy  bool   // with no rows: still looking
	color func(i int) render.Color
}

// rowsPanel draws a list of rows, "time<TAB>text", each with a swatch of
// its colour, the cursor's row marked and scrolled into view.
func (h *hudText) rowsPanel(g *Game, sp rowsSpec) {
	a := g.app
	l, ov, f := &g.lay, &g.ov, g.fonts
	pad, lh := l.px(panelPad), f.lineH
	x0, y0, w := listPanelAt(l)
	bottom := l.view.y1 - l.px(panelMargin)
	n := sp.list.Len()
	first, shown := sp.list.Scroll(max(int((bottom-y0-2*pad)/lh)-2, 1))
	r := rect{x0, y0, x0 + w, y0 + 2*pad + float64(max(shown, 1)+1)*lh}
	panelBox(g, r)
	h.panels = append(h.panels, r)
	h.scratch = append(h.scratch[:0], sp.title...)
	h.scratch = strconv.AppendInt(h.scratch, int64(n), 10)
	h.scratch = append(h.scratch, "   Up/Down, Enter or click: go there"...)
	ty := y0 + pad + (lh-faceH(f.bold))/2
	ov.run(0, h.scratch, x0+pad, ty, f.rBold, w-2*pad, colTitle)
	top := y0 + pad + lh
	if n == 0 {
		msg := sp.empty
		if sp.busy {
			msg = "looking..."
		}
		ov.str(0, msg, x0+pad, top+(lh-faceH(f.regular))/2, f.rRegular, w-2*pad, colTextDim)
	}
	timeCol := l.px(64)
	for k := range shown {
		i := first + k
		y := top + float64(k)*lh
		if i == sp.list.Cursor() {
			ov.rect(0, rect{x0 + l.s, y, x0 + w - l.s, y + lh}, colPlayed)
		}
		sw := l.px(8)
		ov.rect(0, rect{x0 + pad, y + (lh-sw)/2, x0 + pad + sw, y + (lh+sw)/2}, sp.color(i))
		line := sp.list.Lines().Line(i)
		ty := y + (lh-faceH(f.regular))/2
		tab := indexTab(line)
		ov.run(0, line[:tab], x0+pad+l.px(14), ty, f.rRegular, timeCol, colTextDim)
		if tab < len(line) {
			ov.run(0, line[tab+1:], x0+pad+l.px(14)+timeCol, ty, f.rRegular, w-2*pad-l.px(14)-timeCol, colText)
		}
	}
	a.SetFaultListBox(app.ListBox{X0: x0, X1: x0 + w, Top: top, RowH: lh, First: first, N: shown})
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

// plotsHeight is the height of the plots' panel.
func plotsHeight(l *layout) float64 {
	return 2*l.px(panelPad) + float64(app.NumSeries)*(l.px(plotBandHeight)+l.px(plotTitleH))
}

// plots draws the selected vehicle's plots in a panel at x, y, w wide,
// stopping at bottom, and returns the panel's bottom edge (y when there
// is no plot). The plots span the whole recording, as the timeline does.
func (h *hudText) plots(g *Game, x, y, w, bottom float64) float64 {
	a, l, ov := g.app, &g.lay, &g.ov
	pad := l.px(panelPad)
	inner := math.Floor(w - 2*pad)
	p := a.Plot(int(inner))
	c := a.Clock()
	band, title := l.px(plotBandHeight), l.px(plotTitleH)
	hgt := plotsHeight(l)
	if p.Width() == 0 || c == nil || y+hgt > bottom {
		a.SetPlotArea(app.PlotArea{})
		return y
	}
	r := rect{x, y, x + w, y + hgt}
	panelBox(g, r)
	h.panels = append(h.panels, r)
	x0 := x + pad
	area := app.PlotArea{X0: x0, Y0: y + pad, X1: x0 + inner, Y1: y + hgt - pad, Start: c.Start(), End: c.End()}
	a.SetPlotArea(area)
	tl := area.Timeline()
	by := y + pad
	for s := range app.NumSeries {
		h.plotBand(g, p, s, x0, by, inner, title, band)
		by += title + band
	}
	// The actor's faults, shaded over every band.
	fs := a.Faults()
	for i := range fs {
		if fs[i].Actor != a.Selected() {
			continue
		}
		fx0 := tl.XAt(fs[i].Start)
		ov.rect(0, rect{fx0, area.Y0, max(tl.XAt(fs[i].End), fx0+math.Max(2, l.px(2))), area.Y1},
			scenedraw.FaultColor(fs[i].Kind).WithAlpha(0.3))
	}
	head := math.Round(tl.XAt(c.Time()))
	ov.rect(0, rect{head, area.Y0, head + math.Max(1, l.s), area.Y1}, colHead)
	return r.y1
}

// plotBand draws one series: its title and range, a zero line, and each
// column's lowest to highest value.
func (h *hudText) plotBand(g *Game, p *app.Plot, s app.Series, x0, y, w, title, band float64) {
	l, ov, f := &g.lay, &g.ov, g.fonts
	lo, hi := p.Min[s], p.Max[s]
	h.scratch = append(h.scratch[:0], s.String()...)
	h.scratch = append(h.scratch, "   "...)
	if note := p.Note(s); note != "" {
		h.scratch = append(h.scratch, note...)
	} else {
		h.scratch = strconv.AppendFloat(h.scratch, lo, 'f', 0, 64)
		h.scratch = append(h.scratch, " to "...)
		h.scratch = strconv.AppendFloat(h.scratch, hi, 'f', 0, 64)
	}
	ov.run(0, h.scratch, x0, y+(title-faceH(f.small))/2, f.rSmall, w, colTextDim)
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
}
