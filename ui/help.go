package ui

import (
	"math"

	"github.com/mm2carla/viewer/ui/input"
)

// helpGap is the space between a key and its action, and twice it between
// the two columns, in logical pixels.
const helpGap = 16

// splitAt puts the sections before k in column 0, the others in column 1.
func splitAt(k input.Section) func(input.Binding) int {
	return func(b input.Binding) int {
		if b.Section < k {
			return 0
		}
		return 1
	}
}

// The header's hints: how to close the help, and how to scroll it when
// the window is too short for all of it.
const (
	helpCloses  = "H, F1 or Esc closes"
	helpScrolls = "Up / Down or wheel scrolls   H, F1 or Esc closes"
)

// helpOverlay lists every key and mouse binding (input.Bindings, so it
// cannot disagree with the key map) grouped by section, in the columns
// helpLayout chose for the window's width with the actions wrapped to
// them, and what the timeline marks mean. A window too short for the
// lines gets them closer together, down to the text's own height, and
// then shows them in part, scrolled by the app's HelpTop.
func (h *hudText) helpOverlay(g *Game) {
	l, ov, f := &g.lay, &g.ov, g.fonts
	if h.help == nil {
		h.help = input.Bindings()
	}
	ov.rect(1, rect{0, 0, l.w, l.h}, colShade)
	pad, gap := l.px(18), l.px(helpGap)
	hl := h.helpBody(g, l.w-l.px(20)-2*pad, gap)
	w := min(2*pad+hl.width(gap), l.w-l.px(20))
	footer := 1.0 // lines; two when the marks do not fit beside the note
	if note, marks := h.footerWidths(g); note+l.px(24)+marks > w-2*pad {
		footer = 2
	}
	about := 0.0 // the about line under the footer, when the binary knows its version
	if g.opt.About != "" {
		about = 1
	}
	chrome := 2 + footer + about // the title, the gaps, the footer and about lines
	roomH := l.h - l.px(20) - 2*pad
	lh := helpLineHeight(f.lineH, hl.rows+chrome, roomH, faceH(f.bold))
	shown, top := helpScroll(hl.rows, roomH/lh-chrome, g.app.HelpTop())
	h.helpLast = int(math.Ceil(hl.rows - shown))
	hgt := 2*pad + (shown+chrome)*lh
	x := (l.w - w) / 2
	y := max((l.h-hgt)/2, l.px(10))
	r := rect{x, y, x + w, y + hgt}
	ov.rect(1, r, colPanelBg)
	ov.frame(1, r, math.Max(1, l.s), colPanelEdge)
	ov.str(1, "Keys and mouse", x+pad, y+pad, f.rBold, 0, colTitle)
	hint := helpCloses
	if shown < hl.rows {
		hint = helpScrolls
	}
	ov.str(1, hint, x+w-pad-f.rRegular.width(hint), y+pad, f.rRegular, 0, colTextDim)
	body := y + pad + 1.5*lh
	h.helpLines(g, hl, x+pad, body, lh, top, shown, gap)
	if shown < hl.rows { // where the shown lines are in the whole
		bx := x + w - pad/2
		bw := math.Max(2, l.px(3))
		track := rect{bx - bw/2, body, bx + bw/2, body + shown*lh}
		ov.rect(1, track, colTrack)
		t0 := body + float64(top)/hl.rows*shown*lh
		ov.rect(1, rect{track.x0, t0, track.x1, t0 + shown/hl.rows*shown*lh}, colTextDim)
	}
	h.helpFooter(g, x+pad, y+hgt-pad-(footer+about)*lh, lh, footer == 2)
	if about > 0 {
		ov.str(1, g.opt.About, x+pad, y+hgt-pad-lh, f.rRegular, w-2*pad, colTextDim)
	}
}

// helpBody returns the help's body laid out for room pixels wide, laid
// out again only when the width or the scale changed.
func (h *hudText) helpBody(g *Game, room, gap float64) *helpLayout {
	key := [3]float64{room, gap, g.lay.s}
	if key != h.helpFor || h.helpLay.lines == nil {
		f := g.fonts
		layoutHelp(h.help, helpMeasure{keys: f.rBold.width, action: f.rRegular.width}, room, gap, &h.helpLay)
		h.helpFor = key
	}
	return &h.helpLay
}

// helpScroll returns how many of the body's rows lines show in room
// lines, and the top line shown: the whole body from line 0 when it
// fits (rows may end in half a line, between sections), else as many
// whole lines as fit from the scrolled top, kept where the last line is
// at most at the bottom (and at least one line shown).
func helpScroll(rows, room float64, top int) (shown float64, first int) {
	if rows <= room {
		return rows, 0
	}
	shown = max(math.Floor(room), 1) // whole lines
	return shown, min(max(top, 0), int(math.Ceil(rows-shown)))
}

// helpLines draws the body's lines from line top, shown lines of them,
// at x, y: a heading in bold, a binding's keys then its action, the
// rest of a wrapped action under its start.
func (h *hudText) helpLines(g *Game, hl *helpLayout, x, y, lh float64, top int, shown, gap float64) {
	ov, f := &g.ov, g.fonts
	for i := range hl.lines {
		ln := &hl.lines[i]
		row := ln.row - float64(top)
		if row < 0 || row+1 > shown+1e-6 {
			continue
		}
		cx, ty, c := x, y+row*lh, ln.col
		if c == 1 {
			cx += hl.colW(0, gap) + 2*gap
		}
		b := &h.help[ln.b]
		switch ln.kind {
		case helpHeading:
			ov.str(1, b.Section.String(), cx, ty, f.rBold, hl.colW(c, gap)+1, colTextDim)
			continue
		case helpFirst:
			ov.str(1, b.Keys, cx, ty, f.rBold, 0, colAccent)
		}
		ov.str(1, b.Action[ln.a0:ln.a1], cx+hl.keyW[c]+gap, ty, f.rRegular, hl.actW[c]+1, colText)
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
