package ui

import (
	"math"

	"github.com/mm2carla/viewer/ui/input"
)

// helpGap is the space between a key and its action, and twice it between
// the two columns, in logical pixels.
const helpGap = 16

// helpColumns splits the help's sections in two columns of about the same
// height: the first holds the sections before k, the second the rest.
func helpColumns(lines []input.Binding) (k input.Section) {
	best := math.Inf(1)
	for s := input.Section(1); s <= input.NumSections; s++ {
		rows := helpRows(lines, splitAt(s))
		if h := max(rows[0], rows[1]); h < best {
			best, k = h, s
		}
	}
	return k
}

// splitAt puts the sections before k in column 0, the others in column 1.
func splitAt(k input.Section) func(input.Binding) int {
	return func(b input.Binding) int {
		if b.Section < k {
			return 0
		}
		return 1
	}
}

// helpOverlay lists every key and mouse binding (input.Bindings, so it
// cannot disagree with the key map) grouped by section in two columns,
// and what the timeline marks mean. A window too narrow for two columns
// gets one, with the actions shortened to fit; one too short for the
// lines gets them closer together.
func (h *hudText) helpOverlay(g *Game) {
	l, ov, f := &g.lay, &g.ov, g.fonts
	if h.help == nil {
		h.help = input.Bindings()
	}
	ov.rect(1, rect{0, 0, l.w, l.h}, colShade)
	pad, lh, gap := l.px(18), f.lineH, l.px(helpGap)
	col := splitAt(helpColumns(h.help))
	var keyW, actW [2]float64
	for _, b := range h.help {
		c := col(b)
		keyW[c] = max(keyW[c], f.rBold.width(b.Keys))
		actW[c] = max(actW[c], f.rRegular.width(b.Action))
	}
	// Two columns, unless they are too wide for the window and one column
	// is short enough for it.
	two := keyW[0] + gap + actW[0] + 2*gap + keyW[1] + gap + actW[1]
	inner, cols := two, 2
	one := helpRows(h.help, func(input.Binding) int { return 0 })
	if 2*pad+two > l.w-l.px(20) && 2*pad+(one[0]+3)*lh <= l.h-l.px(20) {
		col = func(input.Binding) int { return 0 }
		keyW[0], actW[0] = max(keyW[0], keyW[1]), max(actW[0], actW[1])
		inner, cols = keyW[0]+gap+actW[0], 1
	}
	w := min(2*pad+inner, l.w-l.px(20))
	if over := 2*pad + inner - w; over > 0 { // take it from the actions
		sum := actW[0] + actW[1]*float64(cols-1)
		for c := range cols {
			actW[c] -= over * actW[c] / sum
		}
	}
	rows := helpRows(h.help, col)
	footer := 1.0 // lines; two when the marks do not fit beside the note
	if note, marks := h.footerWidths(g); note+l.px(24)+marks > w-2*pad {
		footer = 2
	}
	about := 0.0 // the about line under the footer, when the binary knows its version
	if g.opt.About != "" {
		about = 1
	}
	lines := max(rows[0], rows[1]) + 2 + footer + about
	lh = helpLineHeight(lh, lines, l.h-l.px(20)-2*pad, faceH(f.bold))
	hgt := 2*pad + lines*lh
	x := (l.w - w) / 2
	y := max((l.h-hgt)/2, l.px(10))
	r := rect{x, y, x + w, y + hgt}
	ov.rect(1, r, colPanelBg)
	ov.frame(1, r, math.Max(1, l.s), colPanelEdge)
	ov.str(1, "Keys and mouse", x+pad, y+pad, f.rBold, 0, colTitle)
	const closes = "H, F1 or Esc closes"
	ov.str(1, closes, x+w-pad-f.rRegular.width(closes), y+pad, f.rRegular, 0, colTextDim)
	top := y + pad + 1.5*lh
	walkHelp(h.help, col, func(b input.Binding, c int, row float64, heading bool) {
		cx := x + pad
		if c == 1 {
			cx += keyW[0] + gap + actW[0] + 2*gap
		}
		ty := top + row*lh
		if heading {
			ov.str(1, b.Section.String(), cx, ty, f.rBold, 0, colTextDim)
			return
		}
		ov.str(1, b.Keys, cx, ty, f.rBold, 0, colAccent)
		ov.str(1, b.Action, cx+keyW[c]+gap, ty, f.rRegular, actW[c]+1, colText)
	})
	h.helpFooter(g, x+pad, y+hgt-pad-(footer+about)*lh, lh, footer == 2)
	if about > 0 {
		ov.str(1, g.opt.About, x+pad, y+hgt-pad-lh, f.rRegular, w-2*pad, colTextDim)
	}
}

// helpLineHeight is the spacing of the help's lines: lh, or less when
// lines of it would not fit in room (pixels), down to least (the text's
// own height), so that a short window still shows every binding.
func helpLineHeight(lh, lines, room, least float64) float64 {
	if lines <= 0 || lines*lh <= room {
		return lh
	}
	return max(math.Floor(room/lines), least, 1)
}

// walkHelp calls fn for each row of the help: a section's heading
// (heading true, with the section's first binding) before its bindings,
// with the row in lines from the top of column c; sections after the
// first in a column start half a line lower.
func walkHelp(lines []input.Binding, col func(input.Binding) int, fn func(b input.Binding, c int, row float64, heading bool)) [2]float64 {
	var rows [2]float64
	sec := input.NumSections
	for _, b := range lines {
		c := col(b)
		if b.Section != sec {
			if rows[c] > 0 {
				rows[c] += 0.5
			}
			fn(b, c, rows[c], true)
			rows[c]++
			sec = b.Section
		}
		fn(b, c, rows[c], false)
		rows[c]++
	}
	return rows
}

// helpRows is the height in lines of each column of the help.
func helpRows(lines []input.Binding, col func(input.Binding) int) [2]float64 {
	return walkHelp(lines, col, func(input.Binding, int, float64, bool) {})
}

// The help's footer: a note on key repeat, then the timeline's legend.
const helpNote, helpMarks = "Held arrow keys repeat.", "Timeline:"

// footerWidths measures the footer's note and the marks' legend.
func (h *hudText) footerWidths(g *Game) (note, marks float64) {
	l, f := &g.lay, g.fonts
	marks = f.rRegular.width(helpMarks)
	for k := range len(markNames) {
		marks += l.px(12+14) + f.rRegular.width(markNames[k])
	}
	return f.rRegular.width(helpNote), marks
}

// helpFooter draws the footer at x, y: on one line, or on two lh apart
// (wrap) when the window is too narrow for one.
func (h *hudText) helpFooter(g *Game, x, y, lh float64, wrap bool) {
	l, ov, f := &g.lay, &g.ov, g.fonts
	mx := x + ov.str(1, helpNote, x, y, f.rRegular, 0, colTextDim) + l.px(24)
	if wrap {
		mx, y = x, y+lh
	}
	mx += ov.str(1, helpMarks, mx, y, f.rRegular, 0, colTextDim)
	for k := range len(markNames) {
		mx += l.px(12)
		ov.rect(1, rect{mx, y + l.px(3), mx + l.px(10), y + faceH(f.regular) - l.px(3)}, colMark[k])
		mx += l.px(14)
		mx += ov.str(1, markNames[k], mx, y, f.rRegular, 0, colText)
	}
}
