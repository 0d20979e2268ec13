package ui

import (
	"math"

	"github.com/hajimehoshi/ebiten/v2/text/v2"

	"github.com/mm2carla/viewer/scene/playback"
	"github.com/mm2carla/viewer/ui/app"
)

// The panels' layout: where every panel of a frame goes, computed once a
// tick by Update after the app's Tick. The heads-up display draws from
// it, and the next tick's input hit-tests against it (a click lands on
// what was on screen: a list's row, the plots, a panel the scene is
// under). Nothing is written back into the app while drawing: the app
// hears of a click on a row as PickListRow, of one on the plots as a
// seek the input mapper makes from the plots' timeline.

// panelSource is the read-only view of the app the panels are laid out
// from (the *app.App; a test may lay out from anything with these).
type panelSource interface {
	ActorPanel() *app.Lines
	ElementPanel() *app.Lines
	Plot(width int) *app.Plot
	ActorPanelScroll() int
	Following() uint32
	FollowedBox() (x0, y0, x1, y1 float64, ok bool)
	LegendBox() (x0, y0, x1, y1 float64, ok bool)
	Clock() *playback.Clock
	FaultList() *app.List
	DiffList() *app.List
	ThresholdList() *app.List
	ThresholdAbout() string
	LeaderboardText() *app.Lines
	Notices() []app.Notice
	RunsTable() *app.RunsTable
}

// listCover is the left edge of the fault list's panel over the view
// (0: it does not show), for the app to keep the marks the list moves to
// out from under it.
func (p *panelLayout) listCover() float64 {
	if p.list.kind != listFaults {
		return 0
	}
	return p.list.r.x0
}

// thAboutLines is the most lines the thresholds panel gives to what the
// cursor's row limits.
const thAboutLines = 3

// listKind is which list panel shows on the right of the view.
type listKind uint8

const (
	listNone listKind = iota
	listFaults
	listDiffs
	listThresholds
)

// textBox is a panel of lines: its rectangle and how many of its lines
// fit (0: it does not show). A panel cut short keeps its title (line 0)
// and shows the lines from first on, with a last row saying how many
// more there are (more > 0): the wheel scrolls it.
type textBox struct {
	r     rect
	n     int // rows of lines, the title included
	first int // the first line after the title
	more  int // lines after the last shown
}

// listBox is the list panel on the right: which list, its rectangle and
// its rows on screen.
type listBox struct {
	kind listKind
	list *app.List // nil when kind is listNone
	r    rect
	rows app.ListBox
	// detail is where the cursor's row is written whole when it does not
	// fit its row (listrows.go): detailLines of panelLayout.listDetail.
	detail      rect
	detailLines []string
}

// noticeBox is one notice on screen: notice i of the app's, wrapped to
// lines.
type noticeBox struct {
	r     rect
	i     int
	lines []string
}

// panelLayout is where every panel of a frame goes.
type panelLayout struct {
	actor, element textBox
	plots          rect         // zero: no plots
	plotArea       app.PlotArea // the bands' area inside plots, and the times at its edges
	plotWidth      int          // the columns of the plots
	plotRows       int          // how many series the plots show, top down
	list           listBox
	runs           runsBox     // the runs table over the view (runspanel.go)
	chooser        chooserBox  // the in-window file chooser, on top (chooserpanel.go)
	notices        []noticeBox // newest first (drawn bottom up)
	loads          []rect      // parallel to the loads laid out
	// all is every panel, in the order they are drawn: clicks and the
	// hover do not reach the scene under them.
	all []rect
	// listDetail keeps the list's cursor row wrapped, when it is too
	// long for its row.
	listDetail listDetail
	// thAbout keeps what the thresholds panel's cursor row limits,
	// wrapped to the panel.
	thAbout aboutLines
	// wrapped keeps each notice's wrapped lines between ticks, parallel
	// to the app's notices; a notice is wrapped again only when its
	// text or the width changes.
	wrapped []noticeCache
}

// noticeCache keeps a notice's text wrapped to a width.
type noticeCache struct {
	text  string
	width float64
	lines []string
}

// over reports whether a pixel is on a panel, where clicks do not reach
// the scene.
func (p *panelLayout) over(x, y float64) bool {
	for _, r := range p.all {
		if r.contains(x, y) {
			return true
		}
	}
	return false
}

// listRow returns the row of the fault or differences list under a
// pixel; false when neither shows there.
func (p *panelLayout) listRow(x, y float64) (int, bool) {
	if p.list.kind != listFaults && p.list.kind != listDiffs {
		return 0, false
	}
	return p.list.rows.Row(x, y)
}

// layout lays every panel out for a frame of l, its text in f, from the
// app a and the loads running.
func (p *panelLayout) layout(l *layout, f *fonts, a panelSource, loads []app.Load, previewing bool) {
	p.all = p.all[:0]
	// The runs table covers the view: the panels about the open run
	// would only show through it. It ends above the newest notice.
	if p.runsPanel(l, f, a, p.runsBottom(l, f, a)); p.runs.open {
		p.actor, p.element, p.plots, p.plotArea, p.plotWidth = textBox{}, textBox{}, rect{}, app.PlotArea{}, 0
		p.list = listBox{}
	} else {
		p.inspectors(l, f, a)
		p.listPanel(l, f, a)
	}
	p.noticeStack(l, f, a.Notices(), a)
	p.loadBoxes(l, f, loads, previewing)
}

// runsBottom is how far down the runs table may reach: the view's bottom
// less the newest notice's height, so that notices (which stack up from
// the view's bottom) keep clear of its rows.
func (p *panelLayout) runsBottom(l *layout, f *fonts, a panelSource) float64 {
	bottom := l.view.y1 - l.px(panelMargin)
	ns := a.Notices()
	if len(ns) == 0 || !a.RunsTable().Open() {
		return bottom
	}
	p.wrapNotices(ns, f.regular, noticeWidth(l, l.px(panelMargin), l.w-l.px(panelMargin)))
	n := len(p.wrapped[len(ns)-1].lines)
	return bottom - float64(n)*f.lineH - 2*l.px(noticePad) - l.px(panelMargin)
}

// noticeWidth is the width a notice's text is wrapped to between left
// and right: at most 560 logical pixels or half the window. runsBottom
// and noticeStack must agree on it, or each tick would wrap the notices
// twice.
func noticeWidth(l *layout, left, right float64) float64 {
	width := min(l.px(560), l.w*0.5)
	if avail := right - left - l.px(noticeStripe) - 2*l.px(noticePad); avail >= l.px(120) {
		width = min(width, avail)
	}
	return width
}

// noticeStripe is the width of a notice's stripe of its level's colour,
// logical pixels.
const noticeStripe = 4

// noticePad is the room around a notice's text, logical pixels.
const noticePad = 8

// add notes a panel's rectangle.
func (p *panelLayout) add(r rect) rect {
	p.all = append(p.all, r)
	return r
}

// inspectors lays out the actor panel, its plots under it and the map
// element panel below, in the top-left corner of the 3D view, by
// priority: the actor's facts first (the panel scrolls what does not
// fit), then as many rows of plots as fit under them, then the element
// panel. The panel keeps off the followed actor where it can.
func (p *panelLayout) inspectors(l *layout, f *fonts, a panelSource) {
	p.actor, p.element, p.plots, p.plotArea, p.plotWidth, p.plotRows = textBox{}, textBox{}, rect{}, app.PlotArea{}, 0, 0
	pad, lh := l.px(panelPad), f.lineH
	y := l.px(panelMargin)
	x := l.px(panelMargin)
	w := p.clearOfFollowed(l, a, x, min(l.px(panelWidth), l.w*0.45), true)
	bottom := l.view.y1 - l.px(panelMargin)
	if lines := a.ActorPanel(); lines.Len() > 0 {
		inner := math.Floor(w - 2*pad)
		plot := a.Plot(int(inner))
		p.actor = p.scrolledPanel(lines, a.ActorPanelScroll(), x, y, w, bottom, pad, lh)
		y = p.actor.r.y1
		py := y + l.px(4)
		if c := a.Clock(); plot.Width() > 0 && c != nil && p.actor.more == 0 {
			rows := min(int((bottom-py-plotsFixed(l))/plotRowHeight(l)), int(app.NumSeries))
			if rows > 0 {
				hgt := plotsHeight(l, rows)
				p.plots = p.add(rect{x, py, x + w, py + hgt})
				p.plotArea = app.PlotArea{X0: x + pad, Y0: py + pad, X1: x + pad + inner, Y1: py + hgt - pad, Start: c.Start(), End: c.End()}
				p.plotWidth, p.plotRows = int(inner), rows
				y = p.plots.y1
			}
		}
		y += l.px(panelMargin)
	}
	// The element panel only where its title and a line fit: squeezed
	// under the plots it would spill over the timeline.
	if lines := a.ElementPanel(); lines.Len() > 0 && roomForPanel(y, bottom, pad, lh) {
		p.element = p.textPanel(lines, x, y, w, bottom, pad, lh)
	}
}

// clearOfFollowed narrows a panel at x, w wide, on the left (left) or
// right of the view so that it keeps off the followed actor on screen,
// where that leaves it at least minPanelWidth; else it keeps w.
func (p *panelLayout) clearOfFollowed(l *layout, a panelSource, x, w float64, left bool) float64 {
	if a.Following() == 0 {
		return w
	}
	x0, _, x1, _, ok := a.FollowedBox()
	if !ok {
		return w
	}
	gap, least := l.px(panelMargin), min(l.px(minPanelWidth), w)
	if left {
		if x+w > x0-gap && x1 > x {
			return max(min(w, x0-gap-x), least)
		}
		return w
	}
	if x-w < x1+gap && x0 < x { // x is the right edge
		return max(min(w, x-x1-gap), least)
	}
	return w
}

// minPanelWidth is the narrowest a side panel gets to keep off the
// followed actor, logical pixels.
const minPanelWidth = 260

// scrolledPanel lays out a panel of lines at x, y, w wide above bottom:
// every line when they fit; else the title, the lines from the scroll on
// that fit, and a last row saying how many more there are.
func (p *panelLayout) scrolledPanel(lines *app.Lines, scroll int, x, y, w, bottom, pad, lh float64) textBox {
	n := lines.Len()
	avail := max(int((bottom-y-2*pad)/lh), 2)
	if n <= avail {
		return textBox{r: p.add(rect{x, y, x + w, y + 2*pad + float64(n)*lh}), n: n, first: 1}
	}
	body := avail - 2 // the title and the "more" row
	first := 1 + min(max(scroll, 0), max(n-1-body, 0))
	more := n - first - body
	if more <= 0 { // scrolled to the end: the last row is a line
		body, more = n-first, 0
	}
	rows := 1 + body
	if more > 0 {
		rows++
	}
	return textBox{r: p.add(rect{x, y, x + w, y + 2*pad + float64(rows)*lh}), n: 1 + body, first: first, more: more}
}

// textPanel lays out a panel of lines at x, y, w wide, as many lines as
// fit above bottom (at least one).
func (p *panelLayout) textPanel(lines *app.Lines, x, y, w, bottom, pad, lh float64) textBox {
	n := lines.Len()
	if avail := int((bottom - y - 2*pad) / lh); n > avail {
		n = max(avail, 1)
	}
	return textBox{r: p.add(rect{x, y, x + w, y + 2*pad + float64(n)*lh}), n: n, first: 1}
}

// roomForPanel reports whether a panel of lines lineH apart, padded by
// pad, has room for its title and one line between top and bottom.
func roomForPanel(top, bottom, pad, lineH float64) bool { return bottom-top >= 2*pad+2*lineH }

// listPanelAt is where the panels of rows on the right of the view go
// (the fault list, the thresholds): their left end, top and width.
func listPanelAt(l *layout, need float64) (x0, y0, w float64) {
	w = min(l.px(faultListWidth), l.w*0.45)
	if need > w { // wider, for rows that would be cut, up to half the window
		w = max(min(need, l.w*0.5-l.px(panelMargin)), w)
	}
	return l.w - l.px(panelMargin) - w, min(l.px(faultListTop), l.view.h()*0.5), w
}

// listPanelClear is listPanelAt under the legend as it is drawn (it
// lists only what shows, so its height varies), narrowed to keep off the
// followed actor.
func (p *panelLayout) listPanelClear(l *layout, a panelSource, need float64) (x0, y0, w float64) {
	x0, y0, w = listPanelAt(l, need)
	if lx0, _, lx1, ly1, ok := a.LegendBox(); ok && lx0 < x0+w && lx1 > x0 {
		y0 = min(ly1+l.px(panelMargin), l.view.h()*0.5)
	} else if !ok {
		y0 = l.px(panelMargin)
	}
	right := x0 + w
	w = p.clearOfFollowed(l, a, right, w, false)
	return right - w, y0, w
}

// listPanel lays out the list panel on the right that shows, if any:
// the differences list, the fault list (the cursor's row scrolled into
// view) or the thresholds (every row).
func (p *panelLayout) listPanel(l *layout, f *fonts, a panelSource) {
	p.list = listBox{}
	switch {
	case a.DiffList().Open():
		p.list.kind, p.list.list = listDiffs, a.DiffList()
	case a.FaultList().Open():
		p.list.kind, p.list.list = listFaults, a.FaultList()
	case a.ThresholdList().Open():
		p.list.kind, p.list.list = listThresholds, a.ThresholdList()
	default:
		return
	}
	pad, lh := l.px(panelPad), f.lineH
	need := 0.0
	if p.list.kind != listThresholds {
		need = listRowsWidth(l, f, p.list.list) + 2*pad + l.px(2)
	}
	if t := a.LeaderboardText(); p.list.kind == listFaults && p.list.list.Len() == 0 && t.Len() == 2 {
		// the leaderboard's line with no rows, whole: it says why a hero
		// that was hit has no collision (hit while standing)
		need = max(need, f.rRegular.widthBytes(t.Line(1))+2*pad+l.px(2))
	}
	x0, y0, w := p.listPanelClear(l, a, need)
	// Under the rows: for the thresholds what the cursor's row limits,
	// else the cursor's row whole when it does not fit its row.
	if p.list.kind == listThresholds {
		p.list.detailLines = p.thAbout.set(f, a.ThresholdAbout(), w-2*pad)
		p.list.detailLines = p.list.detailLines[:min(len(p.list.detailLines), thAboutLines)]
	} else {
		p.list.detailLines = p.cursorRowDetail(l, f, w-2*pad)
	}
	detail := 0.0
	if n := len(p.list.detailLines); n > 0 {
		detail = float64(n)*lh + l.px(6)
	}
	// The rows that fit above the view's bottom, the cursor's among them:
	// under the title, and for a list a line more of slack.
	bottom := l.view.y1 - l.px(panelMargin)
	spare := 2
	if p.list.kind == listThresholds {
		spare = 1
	}
	first, shown := p.list.list.Scroll(max(int((bottom-y0-2*pad-detail)/lh)-spare, 1))
	hgt := float64(max(shown, 1)+1) * lh // a line says why there are no rows
	rowsEnd := y0 + pad + hgt
	p.list.r = p.add(rect{x0, y0, x0 + w, rowsEnd + detail + pad})
	p.list.rows = app.ListBox{X0: x0, X1: x0 + w, Top: y0 + pad + lh, RowH: lh, First: first, N: shown}
	p.list.detail = rect{x0 + pad, rowsEnd + l.px(6), x0 + w - pad, rowsEnd + detail}
}

// noticeStack lays out the notices in the bottom-right corner of the 3D
// view, the newest at the bottom. An open list panel on the right pushes
// them beside it, or, when a small window leaves too little room between
// it and the inspector, under it; they are wrapped so as not to cover the
// inspector and its plots.
func (p *panelLayout) noticeStack(l *layout, f *fonts, ns []app.Notice, a panelSource) {
	p.notices = p.notices[:0]
	pad, stripe := l.px(noticePad), l.px(noticeStripe)
	y, top := l.view.y1-l.px(panelMargin), l.view.y0
	right := l.w - l.px(panelMargin)
	left := p.leftPanelsEdge(l)
	if p.runs.open { // under the table (runsBottom left room for the newest)
		top, left = p.runs.r.y1+l.px(panelMargin), l.px(panelMargin)
	}
	beside := false
	if p.list.kind != listNone {
		x0 := p.list.r.x0
		if b := x0 - l.px(panelMargin); b-left-stripe-2*pad >= l.px(200) {
			right, beside = b, true
		} else {
			top = p.rightPanelsBottom(l, x0) + l.px(panelMargin)
		}
	}
	// Clear of the followed actor: right of it where that leaves room,
	// else under the list panel beside which they would cover it (not
	// over the runs table, which covers the actor).
	if fx0, _, fx1, _, ok := a.FollowedBox(); ok && a.Following() != 0 && fx1 > left && fx0 < right && !p.runs.open {
		clear := fx1 + l.px(panelMargin)
		switch {
		case right-clear-stripe-2*pad >= l.px(200):
			left = clear
		case beside:
			right, top = l.w-l.px(panelMargin), p.rightPanelsBottom(l, p.list.r.x0)+l.px(panelMargin)
			left = max(left, min(clear, right-l.px(200)))
		}
	}
	p.wrapNotices(ns, f.regular, noticeWidth(l, left, right))
	for i := len(ns) - 1; i >= 0 && y > top; i-- {
		c := &p.wrapped[i]
		tw := 0.0
		for _, s := range c.lines {
			tw = max(tw, text.Advance(s, f.regular))
		}
		hgt := float64(len(c.lines))*f.lineH + 2*pad
		if y-hgt < top && i < len(ns)-1 {
			break // no room for an older one: the newest always shows
		}
		r := p.add(rect{right - tw - 2*pad - stripe, y - hgt, right, y})
		p.notices = append(p.notices, noticeBox{r, i, c.lines})
		y = r.y0 - l.px(6)
	}
}

// leftPanelsEdge is where the panels laid out so far on the left of the
// window (the inspector and its plots, not the bars across it) end, plus
// a margin; the margin alone without them.
func (p *panelLayout) leftPanelsEdge(l *layout) float64 {
	edge := l.px(panelMargin)
	for _, r := range p.all {
		if r.x0 < l.w/2 && r.x1 < l.w*0.75 {
			edge = max(edge, r.x1+l.px(panelMargin))
		}
	}
	return edge
}

// rightPanelsBottom is the lowest edge of the panels laid out so far on
// the right of x (a list panel), or the view's top without them.
func (p *panelLayout) rightPanelsBottom(l *layout, x float64) float64 {
	bottom := l.view.y0
	for _, r := range p.all {
		if r.x0 >= x-1 {
			bottom = max(bottom, r.y1)
		}
	}
	return bottom
}

// wrapNotices keeps p.wrapped parallel to ns, re-wrapping only changed
// notices.
func (p *panelLayout) wrapNotices(ns []app.Notice, face *text.GoTextFace, width float64) {
	for len(p.wrapped) < len(ns) {
		p.wrapped = append(p.wrapped, noticeCache{})
	}
	p.wrapped = p.wrapped[:len(ns)]
	for i, n := range ns {
		c := &p.wrapped[i]
		if c.text != n.Text || c.width != width {
			*c = noticeCache{text: n.Text, width: width, lines: wrap(n.Text, face, width)}
		}
	}
}

// loadBoxes lays out a progress box per load, in the middle of the view,
// where the eye goes while waiting (the corners hold the panels, the
// legend and the notices). The recording whose start already plays
// (previewing) and a clip being exported have theirs at the top, out of
// the way of a view in use.
func (p *panelLayout) loadBoxes(l *layout, f *fonts, loads []app.Load, previewing bool) {
	p.loads = p.loads[:0]
	w := min(l.px(420), l.w-2*l.px(panelMargin))
	x := (l.w - w) / 2
	boxH := 2*l.px(10) + f.lineH + l.px(12)
	centred := 0
	for _, ld := range loads {
		if !atTop(ld, previewing) {
			centred++
		}
	}
	y := max(l.view.h()*0.42-float64(centred)*(boxH+l.px(6))/2, l.px(panelMargin))
	top := l.px(panelMargin)
	for _, ld := range loads {
		if atTop(ld, previewing) {
			p.loads = append(p.loads, p.add(rect{x, top, x + w, top + boxH}))
			top += boxH + l.px(6)
			continue
		}
		p.loads = append(p.loads, p.add(rect{x, y, x + w, y + boxH}))
		y += boxH + l.px(6)
	}
}
