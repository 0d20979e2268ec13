package ui

import (
	"math"
	"path/filepath"
	"strconv"
	"unicode/utf8"

	"github.com/mm2carla/viewer/render"
	"github.com/mm2carla/viewer/ui/app"
)

// The in-window file chooser (app.Chooser), drawn on top of everything
// as a modal list panel in the middle of the window: a title, a line
// for the folder and the filter, the rows (scrolled to the cursor) and
// a line of keys or of what went wrong. The panel's frame and rows
// (modalBox) are laid out apart from what the chooser puts in them, so
// that other tables of rows (the runs of a folder) lay out the same way.

// The colours of the chooser's rows by kind.
var (
	colChooseFolder = render.RGB(0xe8, 0xc0, 0x6a)
	colChooseRec    = colAccent
	colChooseMap    = render.RGB(0x8f, 0xd6, 0x7a)
	colChooseMark   = render.RGBA(0x6f, 0xd3, 0xff, 0x38)
	colModalBg      = render.RGB(0x14, 0x16, 0x1b) // opaque: nothing shows through a modal panel
)

// modalBox is a modal list panel: its rectangle, the lines above the
// rows (head) and below them (foot), and where its rows are.
type modalBox struct {
	r          rect
	head, foot float64 // the tops of the head's first line and the foot's
	rows       app.ListBox
}

// layoutModal centres a panel of a list of n rows with head lines above
// and foot lines below them, as large as the window allows (up to
// maxW x maxH logical pixels), the cursor's row scrolled into view.
func layoutModal(l *layout, f *fonts, list *app.List, head, foot int, maxW, maxH float64) modalBox {
	pad, lh := l.px(panelPad)*1.5, f.lineH
	w := min(l.px(maxW), l.w-2*l.px(12))
	hgt := min(l.px(maxH), l.h-2*l.px(12))
	room := max(int((hgt-2*pad-float64(head+foot)*lh-l.px(8))/lh), 1)
	first, shown := list.Scroll(room)
	hgt = 2*pad + float64(head+foot+max(room, 1))*lh + l.px(14) // the same size as the rows come and go
	x0, y0 := math.Round((l.w-w)/2), math.Round(max((l.h-hgt)/2, l.px(12)))
	top := y0 + pad + float64(head)*lh + l.px(4)
	return modalBox{
		r:    rect{x0, y0, x0 + w, y0 + hgt},
		head: y0 + pad,
		foot: top + float64(room)*lh + l.px(10),
		rows: app.ListBox{X0: x0 + pad, X1: x0 + w - pad, Top: top, RowH: lh, First: first, N: shown},
	}
}

// chooserBox is the chooser's panel, laid out each tick it shows, and
// its folder's path shortened to fit (kept while the folder and the
// width stay).
type chooserBox struct {
	modalBox
	show     bool
	dir      string
	dirW     float64
	dirShown string
	// folderShown is the name of the folder Ctrl+Enter opens, kept while
	// the folder listed, the cursor and the rows stay: the foot of a
	// chooser for a folder names it.
	folderShown, folderIn string
	folderAt, folderOf    int
	dirBase               string // the folder listed's own name, for its "." row
}

// chooserPanel lays out the chooser when it shows, after the other
// panels (layout): it is on top of them.
func (p *panelLayout) chooserPanel(l *layout, f *fonts, c *app.Chooser) {
	p.chooser.show = c.Open()
	if !p.chooser.show {
		return
	}
	p.chooser.modalBox = layoutModal(l, f, c.List(), 2, 1, 760, 620)
	p.add(p.chooser.r)
	pad := l.px(panelPad) * 1.5
	if w := p.chooser.r.w()*0.62 - pad; c.Dir() != p.chooser.dir || w != p.chooser.dirW {
		p.chooser.dir, p.chooser.dirW = c.Dir(), w
		p.chooser.dirShown = fitLeft(c.Dir(), w, f.rRegular)
		p.chooser.dirBase = filepath.Base(c.Dir()) + "/"
	}
	if cur := c.List().Cursor(); c.Dir() != p.chooser.folderIn || cur != p.chooser.folderAt || c.Len() != p.chooser.folderOf {
		p.chooser.folderIn, p.chooser.folderAt, p.chooser.folderOf = c.Dir(), cur, c.Len()
		p.chooser.folderShown = filepath.Base(c.FolderChoice()) + "/"
	}
}

// chooserRow returns the chooser's row under a pixel, when it shows.
func (p *panelLayout) chooserRow(x, y float64) (int, bool) {
	if !p.chooser.show {
		return 0, false
	}
	return p.chooser.rows.Row(x, y)
}

// fitLeft shortens s from the left with "…" to fit w: the end of a
// path says most.
func fitLeft(s string, w float64, rs *runes) string {
	if rs.width(s) <= w {
		return s
	}
	for len(s) > 0 {
		_, n := utf8.DecodeRuneInString(s)
		s = s[n:]
		if rs.width("…"+s) <= w {
			break
		}
	}
	return "…" + s
}

// chooserPanel draws the chooser over everything: the window shaded
// behind it.
func (h *hudText) chooserPanel(g *Game) {
	cb := &g.pan.chooser
	if !cb.show {
		return
	}
	l, ov, f, c := &g.lay, &g.ov, g.fonts, g.app.Chooser()
	ov.rect(1, rect{0, 0, l.w, l.h}, colShade)
	r := cb.r
	ov.rect(1, r, colModalBg)
	ov.frame(1, r, math.Max(1, l.s), colPanelEdge)
	pad, lh := l.px(panelPad)*1.5, f.lineH
	x, w := r.x0+pad, r.w()-2*pad
	title := "Open recordings and maps"
	switch {
	case c.Compare():
		title = "Compare the open recording with (B)"
	case c.ForFolder():
		title = "Open a folder of recordings (its runs table)"
	}
	ov.str(1, title, x, cb.head, f.rBold, w*0.6, colTitle)
	const closes = "Esc closes"
	cx := r.x1 - pad - f.rRegular.width(closes)
	ov.str(1, closes, cx, cb.head, f.rRegular, 0, colTextDim)
	if n := c.Len(); n > cb.rows.N { // a long folder: where the cursor is in it
		h.scratch = strconv.AppendInt(h.scratch[:0], int64(c.List().Cursor()+1), 10)
		h.scratch = strconv.AppendInt(append(h.scratch, " of "...), int64(n), 10)
		w := f.rRegular.widthBytes(h.scratch)
		ov.run(1, h.scratch, cx-l.px(24)-w, cb.head, f.rRegular, 0, colTextDim)
	}
	y := cb.head + lh
	ov.str(1, cb.dirShown, x, y, f.rRegular, w*0.62, colTextDim)
	fx := x + w*0.64
	if c.Filter() == "" {
		ov.str(1, "type to filter", fx, y, f.rRegular, r.x1-pad-fx, colTextDim.WithAlpha(0.6))
	} else {
		fx += ov.str(1, "filter: ", fx, y, f.rRegular, 0, colTextDim)
		fx += ov.str(1, c.Filter(), fx, y, f.rBold, r.x1-pad-fx-l.px(4), colAccent)
		ov.rect(1, rect{fx + l.px(1), y + l.px(2), fx + l.px(3), y + faceH(f.regular)}, colAccent)
	}
	ov.rect(1, rect{r.x0 + l.s, cb.rows.Top - l.px(3), r.x1 - l.s, cb.rows.Top - l.px(3) + math.Max(1, l.s)}, colPanelEdge)
	h.chooserRows(g, c)
	ov.rect(1, rect{r.x0 + l.s, cb.foot - l.px(5), r.x1 - l.s, cb.foot - l.px(5) + math.Max(1, l.s)}, colPanelEdge)
	foot := "Enter: open   Space: mark (two: compare)   Backspace: up   Ctrl+Enter: runs table of " + cb.folderShown
	col := colTextDim
	switch {
	case c.ForFolder() && c.Status() == "":
		foot, col = "Ctrl+Enter (or Enter on ./): runs table of "+cb.folderShown+"   Enter: go into a folder   Backspace: up", colAccent
	case c.Status() != "":
		foot, col = c.Status(), colNotice[app.Warning]
	case c.FolderRows() == 0 && c.Scanning():
		foot = "reading the folder…"
	case c.FolderRows() == 0 && c.Filter() != "":
		foot = "nothing here matches \"" + c.Filter() + "\"; Backspace deletes"
	case c.FolderRows() == 0:
		foot = "this folder is empty; Backspace goes up"
	case len(c.Marked()) > 0:
		foot, col = "marked: "+strconv.Itoa(len(c.Marked()))+"   Enter opens them (with the one under the cursor)", colAccent
	}
	ov.str(1, foot, x, cb.foot, f.rRegular, w, col)
}

// chooserRows draws the rows shown: a swatch of the kind's colour, the
// name, and what it is on the right; files that are neither a
// recording nor a map greyed.
func (h *hudText) chooserRows(g *Game, c *app.Chooser) {
	l, ov, f, cb := &g.lay, &g.ov, g.fonts, &g.pan.chooser
	rows, lh := cb.rows, f.lineH
	kindW := l.px(170)
	for k := range rows.N {
		i := rows.First + k
		row := c.Row(i)
		y := rows.Top + float64(k)*lh
		switch {
		case i == c.List().Cursor():
			ov.rect(1, rect{rows.X0 - l.px(4), y, rows.X1 + l.px(4), y + lh}, colPlayed)
		case row.Marked:
			ov.rect(1, rect{rows.X0 - l.px(4), y, rows.X1 + l.px(4), y + lh}, colChooseMark)
		}
		col, text := chooserColor(row.Kind), colText
		if row.Kind == app.EntryUnknown || row.Kind == app.EntryPending {
			text = colTextDim.WithAlpha(0.75)
		}
		sw := l.px(9)
		ov.rect(1, rect{rows.X0, y + (lh-sw)/2, rows.X0 + sw, y + (lh+sw)/2}, col)
		ty := y + (lh-faceH(f.regular))/2
		nx := rows.X0 + l.px(16)
		if row.Marked {
			nx += ov.str(1, "+ ", nx, ty, f.rBold, 0, colAccent)
		}
		name := row.Name
		if row.Kind == app.EntryFolder {
			name += "/"
		}
		face := f.rRegular
		if row.Kind == app.EntryFolder || row.Kind == app.EntryParent || row.Kind == app.EntryThis {
			face = f.rBold
		}
		if row.Kind == app.EntryThis { // "./" and the folder's own name
			nx += ov.str(1, "./  ", nx, ty, face, 0, colAccent)
			name, face, text = cb.dirBase, f.rRegular, colAccent
		}
		ov.str(1, name, nx, ty, face, rows.X1-kindW-nx-l.px(8), text)
		kind := row.Kind.String()
		if row.Recent {
			kind = "recent " + kind
		}
		ov.str(1, kind, rows.X1-kindW, ty, f.rRegular, kindW, colTextDim)
	}
}

// chooserColor is a row's swatch.
func chooserColor(k app.EntryKind) render.Color {
	switch k {
	case app.EntryFolder, app.EntryParent, app.EntryThis:
		return colChooseFolder
	case app.EntryRecording:
		return colChooseRec
	case app.EntryMap:
		return colChooseMap
	}
	return colTextDim.WithAlpha(0.4)
}
