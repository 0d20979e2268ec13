package ui

import (
	"bytes"
	"math"

	"github.com/mm2carla/viewer/render"
	"github.com/mm2carla/viewer/ui/app"
)

// The fault list's and the differences list's rows are "time<TAB>what",
// and a collision's or a close call's "what" ends in "<TAB>with" the
// other actor. A row too long for a narrow window keeps its time, its
// kind and the other actor whole and shortens the actor's blueprint in
// the middle of the row ("collision  111 tesla.mo…  with 112
// mercedes.sprinter"); the cursor's row, when it is shortened so, is
// written whole, wrapped, at the bottom of the panel.

// rowCells splits a list row into its time, what happened and the other
// actor (empty for most kinds).
func rowCells(line []byte) (when, what, with []byte) {
	tab := indexTab(line)
	when = line[:tab]
	if tab == len(line) {
		return when, nil, nil
	}
	what = line[tab+1:]
	if k := indexTab(what); k < len(what) {
		what, with = what[:k], what[k+1:]
	}
	return when, what, with
}

// rowGap is the room between what happened and the other actor: two
// spaces, as the rows were written before the other actor had a cell.
func rowGap(rs *runes) float64 { return 2 * rs.width(" ") }

// rowFits reports whether what and with fit avail side by side.
func rowFits(rs *runes, what, with []byte, avail float64) bool {
	w := rs.widthBytes(what)
	if len(with) > 0 {
		w += rowGap(rs) + rs.widthBytes(with)
	}
	return w <= avail
}

// rowText draws what and with from x in avail: both whole when they fit,
// else the other actor whole (up to half the room) and what happened
// shortened with "…".
func (o *overlay) rowText(z int, rs *runes, what, with []byte, x, y, avail float64, c render.Color) {
	if len(with) == 0 {
		o.run(z, what, x, y, rs, avail, c)
		return
	}
	gap := rowGap(rs)
	ww := rs.widthBytes(with)
	whatRoom := avail - gap - min(ww, avail/2)
	if rowFits(rs, what, with, avail) {
		whatRoom = math.Inf(1)
	}
	if whatRoom <= 0 {
		whatRoom = avail / 2
	}
	mw := o.run(z, what, x, y, rs, min(whatRoom, avail), c)
	o.run(z, with, x+mw+gap, y, rs, max(avail-mw-gap, 1), c)
}

// listDetail keeps the cursor's row, when it did not fit, wrapped to the
// panel: it is wrapped again only when the row or the width changes.
type listDetail struct {
	buf, src []byte
	w        float64
	lines    []string
}

// set returns what and with written whole ("what  with") wrapped to w.
func (d *listDetail) set(f *fonts, what, with []byte, w float64) []string {
	d.buf = append(d.buf[:0], what...)
	if len(with) > 0 {
		d.buf = append(append(d.buf, "  "...), with...)
	}
	if w == d.w && bytes.Equal(d.buf, d.src) {
		return d.lines
	}
	d.w, d.src = w, append(d.src[:0], d.buf...)
	d.lines = wrap(string(d.buf), f.regular, w)
	return d.lines
}

// aboutLines keeps a text wrapped to a width, wrapped again only when
// the text or the width changes.
type aboutLines struct {
	src   string
	w     float64
	lines []string
}

// set returns s wrapped to w.
func (d *aboutLines) set(f *fonts, s string, w float64) []string {
	if s != d.src || w != d.w || d.lines == nil {
		d.src, d.w, d.lines = s, w, wrap(s, f.regular, w)
	}
	return d.lines
}

// cursorRowDetail returns the list's cursor row written whole and wrapped
// to w, at most two lines, when it does not fit its row; nil when it
// does.
func (p *panelLayout) cursorRowDetail(l *layout, f *fonts, w float64) []string {
	list := p.list.list
	cur := list.Cursor()
	if cur >= list.Len() {
		return nil
	}
	_, what, with := rowCells(list.Lines().Line(cur))
	if rowFits(f.rRegular, what, with, w-listTextX(l)) {
		return nil
	}
	lines := p.listDetail.set(f, what, with, w)
	return lines[:min(len(lines), 2)]
}

// listRowsWidth is the width the list's widest row takes whole (the
// first listMeasured rows: a list of thousands is not measured whole
// every tick).
func listRowsWidth(l *layout, f *fonts, list *app.List) float64 {
	widest := 0.0
	for i := range min(list.Len(), listMeasured) {
		_, what, with := rowCells(list.Lines().Line(i))
		w := f.rRegular.widthBytes(what)
		if len(with) > 0 {
			w += rowGap(f.rRegular) + f.rRegular.widthBytes(with)
		}
		widest = max(widest, w)
	}
	return listTextX(l) + widest
}

// listMeasured is how many rows of a list listRowsWidth measures.
const listMeasured = 300

// listTextX is where a list row's text starts from the panel's padding:
// after its swatch and its time.
func listTextX(l *layout) float64 { return l.px(14) + l.px(listTimeCol) }

// listTimeCol is the width of a list row's time, logical pixels.
const listTimeCol = 64
