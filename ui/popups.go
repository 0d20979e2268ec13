package ui

import (
	"bytes"
	"math"
	"strconv"

	"github.com/hajimehoshi/ebiten/v2/text/v2"

	"github.com/mm2carla/viewer/ui/app"
	"github.com/mm2carla/viewer/ui/loader"
)

// inspectors draws the actor panel and, below it, the map element panel
// in the top-left corner of the 3D view.
func (h *hudText) inspectors(g *Game) {
	l := &g.lay
	y := l.px(panelMargin)
	w := min(l.px(panelWidth), l.w*0.45)
	x := l.px(panelMargin)
	bottom := l.view.y1 - l.px(panelMargin)
	if p := g.app.ActorPanel(); p.Len() > 0 {
		// The plots keep their room: the panel gives up its last lines.
		pb := bottom
		if g.app.Plot(int(math.Floor(w-2*l.px(panelPad)))).Width() > 0 && bottom-plotsHeight(l) > l.view.h()*0.35 {
			pb = bottom - plotsHeight(l) - l.px(4)
		}
		y = h.panel(g, p, x, y, w, pb)
		if py := h.plots(g, x, y+l.px(4), w, bottom); py > y+l.px(4) {
			y = py
		}
		y += l.px(panelMargin)
	} else {
		g.app.SetPlotArea(app.PlotArea{})
	}
	// The element panel only where its title and a line fit: squeezed
	// under the plots it would spill over the timeline.
	if p := g.app.ElementPanel(); p.Len() > 0 && roomForPanel(y, bottom, l.px(panelPad), g.fonts.lineH) {
		h.panel(g, p, x, y, w, bottom)
	}
}

// roomForPanel reports whether a panel of lines lineH apart, padded by
// pad, has room for its title and one line between top and bottom.
func roomForPanel(top, bottom, pad, lineH float64) bool { return bottom-top >= 2*pad+2*lineH }

// panel draws one panel of lines at x, y, w wide, stopping at bottom,
// and returns its bottom edge. Line 0 is the title; a tab splits a line
// into a dim label and its value in a column.
func (h *hudText) panel(g *Game, lines *app.Lines, x, y, w, bottom float64) float64 {
	l, ov, f := &g.lay, &g.ov, g.fonts
	pad := l.px(panelPad)
	lh := f.lineH
	n := lines.Len()
	if avail := int((bottom - y - 2*pad) / lh); n > avail {
		n = max(avail, 1)
	}
	r := rect{x, y, x + w, y + 2*pad + float64(n)*lh}
	panelBox(g, r)
	h.panels = append(h.panels, r)
	col := l.px(labelColumn)
	inner := w - 2*pad
	for i := range n {
		line := lines.Line(i)
		ty := y + pad + float64(i)*lh + (lh-faceH(f.regular))/2
		if i == 0 {
			ov.run(0, line, x+pad, ty, f.rBold, inner, colTitle)
			continue
		}
		label, value := line, []byte(nil)
		if k := bytes.IndexByte(line, '\t'); k >= 0 {
			label, value = line[:k], line[k+1:]
		}
		if value == nil {
			ov.run(0, label, x+pad, ty, f.rRegular, inner, colText)
			continue
		}
		ov.run(0, label, x+pad, ty, f.rRegular, col-l.px(6), colTextDim)
		ov.run(0, value, x+pad+col, ty, f.rRegular, inner-col, colText)
	}
	return r.y1
}

// noticeCache keeps a notice's text wrapped to a width.
type noticeCache struct {
	text  string
	width float64
	lines []string
}

// noticeStack draws the notices in the bottom-right corner of the 3D view,
// the newest at the bottom, each with a stripe in its level's colour. An
// open list panel on the right pushes them beside it, or, when a small
// window leaves too little room between it and the inspector, under it;
// they are wrapped so as not to cover the inspector and its plots.
func (h *hudText) noticeStack(g *Game) {
	l, ov, f := &g.lay, &g.ov, g.fonts
	ns := g.app.Notices()
	pad, stripe := l.px(8), l.px(4)
	y, top := l.view.y1-l.px(panelMargin), l.view.y0
	right := l.w - l.px(panelMargin)
	left := h.leftPanelsEdge(l)
	if a := g.app; a.FaultList().Open() || a.DiffList().Open() || a.ThresholdList().Open() {
		x0, _, _ := listPanelAt(l)
		if beside := x0 - l.px(panelMargin); beside-left-stripe-2*pad >= l.px(200) {
			right = beside
		} else {
			top = h.rightPanelsBottom(l, x0) + l.px(panelMargin)
		}
	}
	width := min(l.px(560), l.w*0.5)
	if avail := right - left - stripe - 2*pad; avail >= l.px(120) {
		width = min(width, avail)
	}
	h.wrapNotices(ns, f.regular, width)
	for i := len(ns) - 1; i >= 0 && y > top; i-- {
		c := &h.notices[i]
		tw := 0.0
		for _, s := range c.lines {
			tw = max(tw, text.Advance(s, f.regular))
		}
		hgt := float64(len(c.lines))*f.lineH + 2*pad
		if y-hgt < top && i < len(ns)-1 {
			break // no room for an older one: the newest always shows
		}
		r := rect{right - tw - 2*pad - stripe, y - hgt, right, y}
		ov.rect(0, r, colPanelBg)
		ov.rect(0, rect{r.x0, r.y0, r.x0 + stripe, r.y1}, colNotice[ns[i].Level])
		for j, s := range c.lines {
			ty := r.y0 + pad + float64(j)*f.lineH + (f.lineH-faceH(f.regular))/2
			ov.text(0, s, r.x0+stripe+pad, ty, f.regular, colText)
		}
		h.panels = append(h.panels, r)
		y = r.y0 - l.px(6)
	}
}

// leftPanelsEdge is where the panels drawn so far on the left of the
// window (the inspector and its plots, not the bars across it) end, plus
// a margin; the margin alone without them.
func (h *hudText) leftPanelsEdge(l *layout) float64 {
	edge := l.px(panelMargin)
	for _, r := range h.panels {
		if r.x0 < l.w/2 && r.x1 < l.w*0.75 {
			edge = max(edge, r.x1+l.px(panelMargin))
		}
	}
	return edge
}

// rightPanelsBottom is the lowest edge of the panels drawn so far on the
// right of x (a list panel), or the view's top without them.
func (h *hudText) rightPanelsBottom(l *layout, x float64) float64 {
	bottom := l.view.y0
	for _, r := range h.panels {
		if r.x0 >= x-1 {
			bottom = max(bottom, r.y1)
		}
	}
	return bottom
}

// wrapNotices keeps h.notices parallel to ns, re-wrapping only changed
// notices.
func (h *hudText) wrapNotices(ns []app.Notice, face *text.GoTextFace, width float64) {
	for len(h.notices) < len(ns) {
		h.notices = append(h.notices, noticeCache{})
	}
	h.notices = h.notices[:len(ns)]
	for i, n := range ns {
		c := &h.notices[i]
		if c.text != n.Text || c.width != width {
			*c = noticeCache{text: n.Text, width: width, lines: wrap(n.Text, face, width)}
		}
	}
}

// loading draws a progress box per file loading, in the middle of the
// view, where the eye goes while waiting (the corners hold the panels,
// the legend and the notices). A recording whose start already plays
// (App.Previewing) has its box at the top, out of the way.
func (h *hudText) loading(g *Game) {
	l := &g.lay
	w := min(l.px(420), l.w-2*l.px(panelMargin))
	x := (l.w - w) / 2
	boxH := 2*l.px(10) + g.fonts.lineH + l.px(12)
	centred := 0
	for _, ld := range g.loads {
		if !h.atTop(g, ld) {
			centred++
		}
	}
	y := max(l.view.h()*0.42-float64(centred)*(boxH+l.px(6))/2, l.px(panelMargin))
	top := l.px(panelMargin)
	for _, ld := range g.loads {
		if h.atTop(g, ld) {
			h.loadBox(g, ld, rect{x, top, x + w, top + boxH})
			top += boxH + l.px(6)
			continue
		}
		h.loadBox(g, ld, rect{x, y, x + w, y + boxH})
		y += boxH + l.px(6)
	}
}

// atTop reports whether ld's box goes at the top, out of the way of a
// view that is in use: the recording whose start plays while the rest is
// indexed, and a clip being exported.
func (h *hudText) atTop(g *Game, ld app.Load) bool { return ld.Export || h.indexing(g, ld) }

// indexing reports whether ld is the recording whose start is shown.
func (h *hudText) indexing(g *Game, ld app.Load) bool {
	return ld.Kind == loader.KindRecording && g.app.Previewing()
}

// loadBox draws one load's name, percentage and progress bar in r.
func (h *hudText) loadBox(g *Game, ld app.Load, r rect) {
	l, ov, f := &g.lay, &g.ov, g.fonts
	pad := l.px(10)
	panelBox(g, r)
	h.panels = append(h.panels, r)
	verb, kind := "Loading ", "file"
	switch {
	case ld.Analysis && ld.Compare:
		verb, kind = "Comparing A with", ""
	case ld.Analysis:
		verb, kind = "Finding lanes and faults of", ""
	case ld.Export:
		verb, kind = "Exporting the clip", ""
	case h.indexing(g, ld):
		verb, kind = "Indexing ", "the rest of"
	case ld.Kind == loader.KindMap:
		kind = "map"
	case ld.Kind == loader.KindRecording:
		kind = "recording"
	}
	h.scratch = append(append(h.scratch[:0], verb...), kind...)
	if kind != "" || verb[len(verb)-1] != ' ' {
		h.scratch = append(h.scratch, ' ')
	}
	h.scratch = append(h.scratch, ld.Name...)
	h.scratch = append(h.scratch, "   "...)
	h.scratch = strconv.AppendInt(h.scratch, int64(math.Floor(ld.Progress*100)), 10)
	h.scratch = append(h.scratch, '%')
	ov.run(0, h.scratch, r.x0+pad, r.y0+pad, f.rRegular, r.w()-2*pad, colText)
	track := rect{r.x0 + pad, r.y1 - pad - l.px(6), r.x1 - pad, r.y1 - pad}
	ov.rect(0, track, colProgressBg)
	ov.rect(0, rect{track.x0, track.y0, track.x0 + track.w()*ld.Progress, track.y1}, colProgress)
}

// emptyState says how to start when nothing is open or loading.
func (h *hudText) emptyState(g *Game) {
	if g.app.Map() != nil || g.app.Recording() != nil || len(g.loads) > 0 {
		return
	}
	l, ov, f := &g.lay, &g.ov, g.fonts
	const msg = "Open a CARLA recording (.log) or a Midtown Madness 2 map (.bai): press Ctrl+O, or drop files here."
	w := min(f.rRegular.width(msg), l.w-l.px(40))
	ov.str(0, msg, (l.w-w)/2, l.view.y1/2, f.rRegular, w, colTextDim)
}

// promptBox draws the prompt (a time to go to, an actor to find) above
// the timeline while it is open.
func (h *hudText) promptBox(g *Game) {
	e := g.mapper.Entry()
	if !e.Open {
		return
	}
	l, ov, f := &g.lay, &g.ov, g.fonts
	w := min(l.px(430), l.w-l.px(20))
	pad := l.px(12)
	hgt := 2*pad + 2*f.lineH
	x := (l.w - w) / 2
	y := l.timeline.y0 - hgt - l.px(12)
	r := rect{x, y, x + w, y + hgt}
	ov.rect(1, r, colPanelBg)
	edge := colAccent
	if e.Invalid {
		edge = colNotice[app.Error]
	}
	ov.frame(1, r, math.Max(1, l.px(1.5)), edge)
	title, help, bad := "Go to time:  ", "90.5, 1:30.5 or 1:02:03. Enter jumps, Esc cancels.", "Not a time: type 90.5, 1:30.5 or 1:02:03."
	if e.Actor {
		title, help, bad = "Find actor:  ", "Its id, such as 131, or hero. Enter selects and follows it, Esc cancels.", "Not an id: type a whole number from 1, such as 131, or hero."
	}
	h.scratch = append(append(h.scratch[:0], title...), e.Text...)
	ty := y + pad + (f.lineH-faceH(f.bold))/2
	tw := ov.run(1, h.scratch, x+pad, ty, f.rBold, w-2*pad, colTitle)
	// A caret after the text.
	cx := x + pad + tw + l.px(2)
	ov.rect(1, rect{cx, ty, cx + math.Max(1, l.px(1.5)), ty + faceH(f.bold)}, colAccent)
	col := colTextDim
	if e.Invalid {
		help, col = bad, colNotice[app.Error]
	}
	ov.str(1, help, x+pad, y+pad+f.lineH+(f.lineH-faceH(f.regular))/2, f.rRegular, w-2*pad, col)
}
