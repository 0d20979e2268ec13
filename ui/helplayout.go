package ui

import "github.com/mm2carla/viewer/ui/input"

// The help's body is laid out once for a width (helpLayout) and drawn
// every frame from that: a window too narrow for the actions whole
// wraps them under themselves rather than cutting them, and one too
// short for the lines scrolls them (Up, Down, the wheel).

// helpLine is one line of the help's body: a section's heading, a
// binding's first line (its keys and the start of its action), or the
// rest of an action wrapped under it.
type helpLine struct {
	kind   helpLineKind
	col    int     // 0 or 1
	row    float64 // lines from the body's top
	b      int     // the binding (for a heading, the section's first)
	a0, a1 int     // the bytes of the action on this line
}

type helpLineKind uint8

const (
	helpHeading helpLineKind = iota
	helpFirst
	helpMore
)

// helpLayout is the help's body for one width: the columns' widths and
// every line's place.
type helpLayout struct {
	cols       int
	keyW, actW [2]float64
	lines      []helpLine
	rows       float64 // the taller column's height in lines
}

// colW is the width of column c: its keys, the gap and its actions.
func (h *helpLayout) colW(c int, gap float64) float64 { return h.keyW[c] + gap + h.actW[c] }

// width is the body's width: one column, or two 2*gap apart.
func (h *helpLayout) width(gap float64) float64 {
	if h.cols == 1 {
		return h.colW(0, gap)
	}
	return h.colW(0, gap) + 2*gap + h.colW(1, gap)
}

// helpMeasure measures the help's text: keys in bold, actions (and
// parts of them) in regular.
type helpMeasure struct {
	keys, action func(string) float64
}

// layoutHelp lays the bindings out in room pixels wide: in two columns
// split between sections, or one, whichever is the fewest lines, each
// action wrapped at spaces to its column's width. Among two-column
// layouts it tries every split and several shares of the width between
// the columns' actions. It allocates (the lines); the window calls it
// only when the width changes.
func layoutHelp(bs []input.Binding, m helpMeasure, room, gap float64, dst *helpLayout) {
	var actNat [2]float64 // every action whole, per column, for the split being tried
	best := helpLayout{rows: -1}
	var buf []helpLine
	try := func(cand helpLayout, col func(input.Binding) int) {
		cand.rows = wrapHelp(bs, col, m, cand.actW, buf[:0], &buf)
		if best.rows < 0 || cand.rows < best.rows {
			best.cols, best.keyW, best.actW, best.rows = cand.cols, cand.keyW, cand.actW, cand.rows
			best.lines = append(best.lines[:0], buf...)
		}
	}
	scratch := helpLayout{}
	// One column.
	one := func(input.Binding) int { return 0 }
	kw, aw := colWidths(bs, one, m)
	scratch.cols, scratch.keyW, scratch.actW = 1, [2]float64{kw[0]}, [2]float64{min(aw[0], max(room-kw[0]-gap, 1))}
	try(scratch, one)
	// Two columns, split before each section in turn.
	for s := input.Section(1); s < input.NumSections; s++ {
		col := splitAt(s)
		kw, actNat = colWidths(bs, col, m)
		acts := room - kw[0] - kw[1] - 4*gap
		if acts <= 0 {
			continue
		}
		scratch.cols, scratch.keyW = 2, kw
		if actNat[0]+actNat[1] <= acts {
			scratch.actW = actNat
			try(scratch, col)
			continue
		}
		const shares = 16
		for i := 1; i < shares; i++ {
			a0 := acts * float64(i) / shares
			scratch.actW = [2]float64{min(a0, actNat[0]), min(acts-a0, actNat[1])}
			try(scratch, col)
		}
	}
	dst.cols, dst.keyW, dst.actW, dst.rows = best.cols, best.keyW, best.actW, best.rows
	dst.lines = append(dst.lines[:0], best.lines...)
}

// colWidths returns the widest keys and the widest action of each column.
func colWidths(bs []input.Binding, col func(input.Binding) int, m helpMeasure) (keyW, actW [2]float64) {
	for _, b := range bs {
		c := col(b)
		keyW[c] = max(keyW[c], m.keys(b.Keys))
		actW[c] = max(actW[c], m.action(b.Action))
	}
	return keyW, actW
}

// wrapHelp appends the lines of the bindings in their columns, each
// action wrapped to its column's width, to lines (stored in *out) and
// returns the taller column's height in lines. A section after the first
// in a column starts half a line lower, under its heading.
func wrapHelp(bs []input.Binding, col func(input.Binding) int, m helpMeasure, actW [2]float64, lines []helpLine, out *[]helpLine) float64 {
	var rows [2]float64
	sec := input.NumSections
	for i, b := range bs {
		c := col(b)
		if b.Section != sec {
			if rows[c] > 0 {
				rows[c] += 0.5
			}
			lines = append(lines, helpLine{kind: helpHeading, col: c, row: rows[c], b: i})
			rows[c]++
			sec = b.Section
		}
		kind := helpFirst
		for a := 0; ; {
			e := wrapAt(b.Action, a, actW[c], m.action)
			lines = append(lines, helpLine{kind: kind, col: c, row: rows[c], b: i, a0: a, a1: e})
			rows[c]++
			kind = helpMore
			for e < len(b.Action) && b.Action[e] == ' ' {
				e++
			}
			if e >= len(b.Action) {
				break
			}
			a = e
		}
	}
	*out = lines
	return max(rows[0], rows[1])
}

// wrapAt returns where the line of s starting at byte a ends: after the
// most words that fit w, at least one word (a word wider than w is cut
// with "…" when drawn). A number keeps its unit on its line ("5 s", not
// "5" then "s)").
func wrapAt(s string, a int, w float64, measure func(string) float64) int {
	end := -1
	for i := a + 1; i <= len(s); i++ {
		if i < len(s) && (s[i] != ' ' || s[i-1] == ' ' || s[i-1] >= '0' && s[i-1] <= '9') {
			continue
		}
		if measure(s[a:i]) > w {
			if end < 0 {
				end = i
			}
			break
		}
		end = i
	}
	return end
}
