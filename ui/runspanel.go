package ui

import (
	"math"
	"strconv"
	"strings"

	"github.com/hajimehoshi/ebiten/v2/text/v2"

	"github.com/mm2carla/viewer/analysis/faults"
	"github.com/mm2carla/viewer/render/scenedraw"
	"github.com/mm2carla/viewer/ui/app"
)

// The runs table on screen: a panel over the view while it is open, a
// title with the check's progress, a header of columns (a click sorts by
// one) and a row a run (a click opens it). The rules are ui/app's
// (app.RunsTable); this lays it out once a tick and draws that layout.

// runColWidths are the columns' widths in logical pixels at full size,
// app.RunCols of them: the run's name, town, duration, vehicles, faults,
// then one a fault kind.
func runColWidth(c int) float64 {
	switch c {
	case app.RunColName:
		return 230
	case app.RunColTown:
		return 120
	case app.RunColDuration, app.RunColVehicles, app.RunColFaults:
		return 78
	}
	return 82
}

// runColLeast is the least width of column c, device pixels: its
// heading whole (with the fault kind's swatch, and the sort mark when
// sorted by it), and for the run's name and its town room for a short
// one. A narrow window takes its room from the columns' widths above
// these (runColumns), so the fault kinds' headings, what the table is
// about, are not cut to "wrong…".
func runColLeast(l *layout, f *fonts, c int, sorted bool) float64 {
	w := f.rSmall.width(app.RunColTitle(c)) + l.px(4+1) // a pixel of slack for rounding
	if k := c - app.RunColKinds; k >= 0 && k < len(faults.Kinds) {
		w += l.px(6 + 3)
	}
	if sorted {
		w += max(f.rSmall.width(" v"), f.rSmall.width(" ^"))
	}
	switch c {
	case app.RunColName:
		w = max(w, l.px(110))
	case app.RunColTown:
		w = max(w, l.px(76))
	}
	return w
}

// runColumns appends to dst the columns' widths in avail: each its full
// width (at least its least) when all fit; else each shrunk toward its
// least width in proportion to how far above it it is, so that the wide
// columns (the run's name, the town) give the room; and only when even
// the least widths do not fit, those shrunk alike.
func runColumns(full, least []float64, avail float64, dst []float64) []float64 {
	var sumFull, sumLeast float64
	for c := range full {
		sumFull += max(full[c], least[c])
		sumLeast += least[c]
	}
	for c := range full {
		lo, hi := least[c], max(full[c], least[c])
		switch {
		case sumFull <= avail:
			dst = append(dst, hi)
		case sumLeast <= avail:
			dst = append(dst, lo+(hi-lo)*(avail-sumLeast)/(sumFull-sumLeast))
		default:
			dst = append(dst, lo*max(avail, 0)/sumLeast)
		}
	}
	return dst
}

// runsGutter is the room left of the rows for a mark (A, B), logical
// pixels.
const runsGutter = 14

// runsWheelRows is how many rows a notch of the wheel scrolls the table.
const runsWheelRows = 3

// runsDetailLines is how many lines the table keeps under its rows, once
// a run could not be read whole, for why the cursor's could not.
const runsDetailLines = 3

// wheelRows is the rows a wheel turn of steps notches scrolls, down when
// the result is positive (a notch toward the user has negative steps):
// at least one, so that a touchpad's small steps scroll too.
func wheelRows(steps float64) int {
	n := -int(math.Round(steps * runsWheelRows))
	switch {
	case n == 0 && steps > 0:
		n = -1
	case n == 0 && steps < 0:
		n = 1
	}
	return n
}

// runsBox is where the runs table goes: its rectangle, the progress
// bar, the header row, the columns' left edges (and the last one's
// right) and the rows.
type runsBox struct {
	open     bool
	r        rect
	progress rect
	header   rect
	cols     []float64
	// The columns' full and least widths and their widths this frame
	// (runColumns), kept to be reused.
	full, least, widths []float64
	rows                app.ListBox
	// detail is where the cursor's run says why it could not be read
	// whole, when any run could not; its lines are wrapped only when
	// the run, the check's progress or the width change.
	detail      rect
	detailLines []string
	detailOf    runsDetailKey
	// hidden: the cursor's row is scrolled out of view (the wheel), and
	// the detail says so rather than describe a row not on screen.
	hidden bool
	// hint is the keys' line beside the title, as much of runsHints as
	// fits hintW beside the title of hintOf.
	hint   string
	hintOf runsHintKey
}

// runsDetailKey is what the detail's lines were wrapped for.
type runsDetailKey struct {
	path    string
	checked int
	w       float64
	hidden  bool
}

// runsHintKey is what the hint was chosen for: the folder in the title
// and the table's width.
type runsHintKey struct {
	folder  string
	w       float64
	scrolls bool // the rows do not all fit
}

// runsHints are the keys' hints beside the table's title, the most
// needed first (the first says what the faults column's two counts
// are); a narrow window shows the first that fit, in this order.
var runsHints = [...]string{
	"faults: hero's/all",
	"Enter: open at the first fault",
	"Space: mark two to compare",
	"click a heading, Left/Right, R: sort",
	"Esc: hide",
	runsWheelHint,
}

// runsWheelHint is the hint shown only when the rows do not all fit.
const runsWheelHint = "wheel: scroll"

// runsHintGap is the room between the title and the hint, and between
// two hints, logical pixels.
const runsHintGap = 24

// runsPanel lays the runs table out over the view, when it shows,
// above bottom (the view's bottom, or the notices' top: they keep clear
// of its rows).
func (p *panelLayout) runsPanel(l *layout, f *fonts, a panelSource, bottom float64) {
	t := a.RunsTable()
	p.runs.open = t.Open()
	if !p.runs.open {
		return
	}
	pad, lh := l.px(panelPad), f.lineH
	b := &p.runs
	b.full, b.least = b.full[:0], b.least[:0]
	sortCol, _ := t.Sort()
	full := 0.0
	for c := range app.RunCols() {
		b.full = append(b.full, l.px(runColWidth(c)))
		b.least = append(b.least, runColLeast(l, f, c, c == sortCol))
		full += max(b.full[c], b.least[c])
	}
	gutter := l.px(runsGutter)
	w := min(full+2*pad+gutter, l.w-2*l.px(panelMargin))
	x0 := (l.w - w) / 2
	y0 := l.view.y0 + l.px(panelMargin)
	b.widths = runColumns(b.full, b.least, w-2*pad-gutter, b.widths[:0])
	p.runs.cols = p.runs.cols[:0]
	x := x0 + pad + gutter
	for c := range app.RunCols() {
		p.runs.cols = append(p.runs.cols, x)
		x += b.widths[c]
	}
	p.runs.cols = append(p.runs.cols, x)
	top := y0 + pad
	p.runs.progress = rect{x0 + pad, top + lh + l.px(2), x0 + w - pad, top + lh + l.px(5)}
	p.runs.header = rect{x0 + pad, p.runs.progress.y1 + l.px(6), x0 + w - pad, p.runs.progress.y1 + l.px(6) + lh}
	rowsTop := p.runs.header.y1 + l.px(2)
	detail := 0.0
	if t.Failures() > 0 {
		detail = l.px(8) + runsDetailLines*lh
	}
	room := max(int((bottom-pad-rowsTop-detail)/lh), 1)
	first, shown := t.List().Scroll(room)
	rowsEnd := rowsTop + float64(max(shown, 1))*lh
	hgt := rowsEnd + detail + pad - y0
	p.runs.r = p.add(rect{x0, y0, x0 + w, y0 + hgt})
	p.runs.rows = app.ListBox{X0: x0, X1: x0 + w, Top: rowsTop, RowH: lh, First: first, N: shown}
	p.runs.detail = rect{x0 + pad, rowsEnd + l.px(8), x0 + w - pad, rowsEnd + detail}
	if detail > 0 {
		cur := t.List().Cursor()
		p.runs.hidden = cur < first || cur >= first+shown
		p.runs.wrapDetail(t, f)
	}
	p.runs.chooseHint(l, f, t.Folder(), w-2*pad, shown < t.List().Len())
}

// chooseHint picks the hints that fit beside the title in a table w
// wide, the most needed first (the wheel's only when the rows scroll),
// when the folder, the width or whether the rows scroll changed:
// the title is measured as it reads once the check is done, with room
// for "000 of 000 checked" while it runs.
func (b *runsBox) chooseHint(l *layout, f *fonts, folder string, w float64, scrolls bool) {
	key := runsHintKey{folder: folder, w: w, scrolls: scrolls}
	if key == b.hintOf {
		return
	}
	b.hintOf = key
	gap := l.px(runsHintGap)
	room := w - text.Advance("Runs in "+folder+"   000 of 000 checked", f.bold) - gap
	space := text.Advance("   ", f.small)
	var sb strings.Builder
	for _, h := range runsHints {
		if h == runsWheelHint && !scrolls { // every row shows: the wheel has nothing to do
			continue
		}
		hw := text.Advance(h, f.small)
		if sb.Len() > 0 {
			hw += space
		}
		if hw > room {
			break
		}
		if sb.Len() > 0 {
			sb.WriteString("   ")
		}
		sb.WriteString(h)
		room -= hw
	}
	b.hint = sb.String()
}

// wrapDetail wraps the cursor's run's detail (why it could not be read
// whole) to the detail's width, when it changed.
func (b *runsBox) wrapDetail(t *app.RunsTable, f *fonts) {
	cur := t.List().Cursor()
	checked, _ := t.Progress()
	key := runsDetailKey{path: t.Path(cur), checked: checked, w: b.detail.w(), hidden: b.hidden}
	if key == b.detailOf {
		return
	}
	b.detailOf = key
	b.detailLines = b.detailLines[:0]
	if d := t.Detail(cur); d != "" && !b.hidden {
		b.detailLines = wrap(d, f.regular, key.w)
		if n := len(b.detailLines); n > runsDetailLines { // the last line ends with "…"
			last := strings.Join(b.detailLines[runsDetailLines-1:], " ")
			b.detailLines = append(b.detailLines[:runsDetailLines-1], last)
		}
	}
}

// runsHeader returns the column of the header under a pixel.
func (p *panelLayout) runsHeader(x, y float64) (int, bool) {
	if !p.runs.open || !p.runs.header.contains(x, y) {
		return 0, false
	}
	for c := 0; c+1 < len(p.runs.cols); c++ {
		if x >= p.runs.cols[c] && x < p.runs.cols[c+1] {
			return c, true
		}
	}
	return 0, false
}

// runsRow returns the table's row under a pixel.
func (p *panelLayout) runsRow(x, y float64) (int, bool) {
	if !p.runs.open {
		return 0, false
	}
	return p.runs.rows.Row(x, y)
}

// runsTable draws the runs table from the layout.
func (h *hudText) runsTable(g *Game) {
	rb := &g.pan.runs
	if !rb.open {
		return
	}
	l, ov, f := &g.lay, &g.ov, g.fonts
	t := g.app.RunsTable()
	list := t.List()
	pad, lh := l.px(panelPad), f.lineH
	r := rb.r
	// Opaque: the legend and the labels of the scene must not show
	// through the rows.
	ov.rect(0, r, colBar)
	ov.frame(0, r, max(1, l.s), colPanelEdge)
	checked, found := t.Progress()
	h.scratch = append(h.scratch[:0], "Runs in "...)
	h.scratch = append(h.scratch, t.Folder()...)
	h.scratch = append(h.scratch, "   "...)
	switch {
	case found < 0:
		h.scratch = append(h.scratch, "looking for recordings..."...)
	case t.Checking():
		h.scratch = strconv.AppendInt(h.scratch, int64(checked), 10)
		h.scratch = append(h.scratch, " of "...)
		h.scratch = strconv.AppendInt(h.scratch, int64(found), 10)
		h.scratch = append(h.scratch, " checked"...)
	default:
		h.scratch = strconv.AppendInt(h.scratch, int64(found), 10)
		h.scratch = append(h.scratch, " runs"...)
	}
	ty := r.y0 + pad + (lh-faceH(f.bold))/2
	tw := ov.run(0, h.scratch, r.x0+pad, ty, f.rBold, r.w()-2*pad, colTitle)
	gap := l.px(runsHintGap)
	ov.str(0, rb.hint, r.x0+pad+tw+gap, ty+(faceH(f.bold)-faceH(f.small))/2, f.rSmall, r.w()-2*pad-tw-gap, colTextDim)
	pb := rb.progress
	ov.rect(0, pb, colProgressBg)
	if found > 0 {
		ov.rect(0, rect{pb.x0, pb.y0, pb.x0 + pb.w()*float64(checked)/float64(found), pb.y1}, colProgress)
	}
	h.runsHeaderRow(g, t)
	if list.Len() == 0 {
		ov.str(0, "no recordings found yet", r.x0+pad, rb.rows.Top+(lh-faceH(f.regular))/2, f.rRegular, r.w()-2*pad, colTextDim)
	}
	for k := range rb.rows.N {
		i := rb.rows.First + k
		y := rb.rows.Top + float64(k)*lh
		if i == list.Cursor() {
			ov.rect(0, rect{r.x0 + l.s, y, r.x1 - l.s, y + lh}, colPlayed)
		}
		failed := t.Failed(i) != nil
		if m := t.Marked(i); m > 0 {
			ov.rect(0, rect{r.x0 + l.s, y, r.x0 + l.px(4), y + lh}, colAccent)
			mark := "A"
			if m == 2 {
				mark = "B"
			}
			ov.str(0, mark, r.x0+pad, y+(lh-faceH(f.bold))/2, f.rBold, 0, colAccent)
		} else if failed { // not read whole: the detail under the rows says why
			ov.str(0, "!", r.x0+pad, y+(lh-faceH(f.bold))/2, f.rBold, 0, colNotice[app.Warning])
		}
		h.runsCells(g, list.Lines().Line(i), y, failed)
	}
	h.runsDetail(g, t)
}

// runsDetail draws, once any run could not be read whole, why the
// cursor's could not (the file and the byte offset, wrapped whole), or
// how many could not and how to see why.
func (h *hudText) runsDetail(g *Game, t *app.RunsTable) {
	rb := &g.pan.runs
	if t.Failures() == 0 {
		return
	}
	l, ov, f := &g.lay, &g.ov, g.fonts
	d := rb.detail
	ov.rect(0, rect{rb.r.x0 + l.s, d.y0 - l.px(5), rb.r.x1 - l.s, d.y0 - l.px(5) + max(1, l.s)}, colPanelEdge)
	ty := d.y0 + (f.lineH-faceH(f.regular))/2
	if len(rb.detailLines) == 0 {
		if rb.hidden && t.Failed(t.List().Cursor()) != nil {
			// Why is of a row the wheel scrolled away: no line about
			// a row not on screen.
			ov.str(0, "the cursor's run, not read whole, is scrolled out of view: Up or Down brings it back", d.x0, ty, f.rRegular, d.w(), colTextDim)
			return
		}
		h.scratch = strconv.AppendInt(h.scratch[:0], int64(t.Failures()), 10)
		if t.Failures() == 1 {
			h.scratch = append(h.scratch, " run (marked !) could not be read whole: the cursor on it says why"...)
		} else {
			h.scratch = append(h.scratch, " runs (marked !) could not be read whole: the cursor on one says why"...)
		}
		ov.run(0, h.scratch, d.x0, ty, f.rRegular, d.w(), colTextDim)
		return
	}
	for k, line := range rb.detailLines {
		ov.str(0, line, d.x0, ty+float64(k)*f.lineH, f.rRegular, d.w(), colNotice[app.Warning])
	}
}

// runsHeaderRow draws the columns' headings, the sorted one marked with
// its direction.
func (h *hudText) runsHeaderRow(g *Game, t *app.RunsTable) {
	rb := &g.pan.runs
	l, ov, f := &g.lay, &g.ov, g.fonts
	ov.rect(0, rect{rb.header.x0, rb.header.y1, rb.header.x1, rb.header.y1 + max(1, l.s)}, colPanelEdge)
	col, desc := t.Sort()
	ty := rb.header.y0 + (rb.header.y1-rb.header.y0-faceH(f.small))/2
	for c := range app.RunCols() {
		x0, x1 := rb.cols[c], rb.cols[c+1]
		h.scratch = append(h.scratch[:0], app.RunColTitle(c)...)
		clr := colTextDim
		if c == col {
			clr = colTitle
			if desc {
				h.scratch = append(h.scratch, " v"...)
			} else {
				h.scratch = append(h.scratch, " ^"...)
			}
		}
		if k := c - app.RunColKinds; k >= 0 && k < len(faults.Kinds) {
			sw := l.px(6)
			ov.rect(0, rect{x0, ty + (faceH(f.small)-sw)/2, x0 + sw, ty + (faceH(f.small)+sw)/2}, scenedraw.FaultColor(faults.Kinds[k]))
			x0 += sw + l.px(3)
		}
		ov.run(0, h.scratch, x0, ty, f.rSmall, x1-x0-l.px(4), clr)
	}
}

// runsCells draws one row's tab-separated cells in the columns.
func (h *hudText) runsCells(g *Game, line []byte, y float64, failed bool) {
	rb := &g.pan.runs
	l, ov, f := &g.lay, &g.ov, g.fonts
	ty := y + (f.lineH-faceH(f.regular))/2
	for c := 0; c+1 < len(rb.cols) && len(line) > 0; c++ {
		cell := line
		rest := []byte(nil)
		if tab := indexTab(line); tab < len(line) {
			cell, rest = line[:tab], line[tab+1:]
		}
		clr := colText
		switch {
		case failed && (c == app.RunColName || len(rest) == 0 && c == app.RunColTown):
			clr = colNotice[app.Warning] // its name, or why it is unreadable
		case failed || c > app.RunColName && len(cell) == 1 && cell[0] == '-':
			clr = colTextDim
		}
		x1 := rb.cols[c+1]
		if len(rest) == 0 && c == app.RunColTown {
			x1 = rb.cols[len(rb.cols)-1] // "checking..." spans the row
		}
		ov.run(0, cell, rb.cols[c], ty, f.rRegular, x1-rb.cols[c]-l.px(4), clr)
		line = rest
	}
}
