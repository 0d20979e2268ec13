package ui

import (
	"bytes"
	"math"
	"strconv"

	"github.com/mm2carla/viewer/ui/app"
	"github.com/mm2carla/viewer/ui/loader"
)

// inspectors draws the actor panel, its plots and the map element panel
// where the layout put them.
func (h *hudText) inspectors(g *Game) {
	p := &g.pan
	if p.actor.n > 0 {
		h.panel(g, g.app.ActorPanel(), p.actor)
		h.plots(g)
	}
	if p.element.n > 0 {
		h.panel(g, g.app.ElementPanel(), p.element)
	}
}

// panel draws the first b.n lines of a panel in b's rectangle. Line 0 is
// the title; a tab splits a line into a dim label and its value in a
// column.
func (h *hudText) panel(g *Game, lines *app.Lines, b textBox) {
	l, ov, f := &g.lay, &g.ov, g.fonts
	pad := l.px(panelPad)
	lh := f.lineH
	r := b.r
	x, y, w := r.x0, r.y0, r.w()
	panelBox(g, r)
	col := l.px(labelColumn)
	inner := w - 2*pad
	for row := range b.n {
		i := row
		if row > 0 {
			i = b.first + row - 1 // the title stays; the rest scrolls
		}
		line := lines.Line(i)
		ty := y + pad + float64(row)*lh + (lh-faceH(f.regular))/2
		if row == 0 {
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
	if b.more > 0 {
		ty := y + pad + float64(b.n)*lh + (lh-faceH(f.regular))/2
		h.scratch = append(h.scratch[:0], "+ "...)
		h.scratch = strconv.AppendInt(h.scratch, int64(b.more), 10)
		h.scratch = append(h.scratch, " more lines (the wheel here scrolls)"...)
		ov.run(0, h.scratch, x+pad, ty, f.rRegular, inner, colTextDim)
	}
}

// noticeStack draws the notices where the layout put them, each with a
// stripe in its level's colour.
func (h *hudText) noticeStack(g *Game) {
	l, ov, f := &g.lay, &g.ov, g.fonts
	ns := g.app.Notices()
	pad, stripe := l.px(8), l.px(4)
	for _, nb := range g.pan.notices {
		r := nb.r
		ov.rect(0, r, colPanelBg)
		ov.rect(0, rect{r.x0, r.y0, r.x0 + stripe, r.y1}, colNotice[ns[nb.i].Level])
		for j, s := range nb.lines {
			ty := r.y0 + pad + float64(j)*f.lineH + (f.lineH-faceH(f.regular))/2
			ov.text(0, s, r.x0+stripe+pad, ty, f.regular, colText)
		}
	}
}

// loading draws a progress box per file loading where the layout put it.
func (h *hudText) loading(g *Game) {
	for i, ld := range g.loads {
		h.loadBox(g, ld, g.pan.loads[i])
	}
}

// atTop reports whether ld's box goes at the top, out of the way of a
// view that is in use: the recording whose start plays while the rest is
// indexed (previewing), and a clip being exported.
func atTop(ld app.Load, previewing bool) bool { return ld.Export || indexing(ld, previewing) }

// indexing reports whether ld is the recording whose start is shown.
func indexing(ld app.Load, previewing bool) bool {
	return ld.Kind == loader.KindRecording && previewing
}

// loadBox draws one load's name, percentage and progress bar in r.
func (h *hudText) loadBox(g *Game, ld app.Load, r rect) {
	l, ov, f := &g.lay, &g.ov, g.fonts
	pad := l.px(10)
	panelBox(g, r)
	verb, kind := "Loading ", "file"
	switch {
	case ld.Analysis && ld.Compare:
		verb, kind = "Comparing A with", ""
	case ld.Analysis:
		verb, kind = "Finding lanes and faults of", ""
	case ld.Export:
		verb, kind = "Exporting the clip", ""
	case ld.Town:
		verb, kind = "Finding the map of", ""
	case indexing(ld, g.app.Previewing()):
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
	if !ld.Town {
		h.scratch = append(h.scratch, "   "...)
		h.scratch = strconv.AppendInt(h.scratch, int64(math.Floor(ld.Progress*100)), 10)
		h.scratch = append(h.scratch, '%')
	}
	ov.run(0, h.scratch, r.x0+pad, r.y0+pad, f.rRegular, r.w()-2*pad, colText)
	track := rect{r.x0 + pad, r.y1 - pad - l.px(6), r.x1 - pad, r.y1 - pad}
	ov.rect(0, track, colProgressBg)
	ov.rect(0, rect{track.x0, track.y0, track.x0 + track.w()*ld.Progress, track.y1}, colProgress)
}

// emptyState says how to start when nothing is open or loading.
func (h *hudText) emptyState(g *Game) {
	if g.app.Map() != nil || g.app.Recording() != nil || len(g.loads) > 0 || g.pan.runs.open {
		return
	}
	l, ov, f := &g.lay, &g.ov, g.fonts
	const msg = "Open a CARLA recording (.log) or a map (OpenDRIVE .xodr, Midtown Madness 2 .bai): press Ctrl+O, or drop files here."
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
