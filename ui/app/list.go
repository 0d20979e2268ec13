package app

import "math"

// List is the state of a panel of rows the keyboard walks through: the
// fault list, the differences list and the thresholds panel each keep
// one, as a Gio widget.List keeps its position. It owns whether the panel
// shows, its cursor row and the text of its rows; what a row means (and
// what picking it does) stays with the part that lists it.
type List struct {
	open   bool
	cursor int
	lines  Lines
	// top is the first row shown while free: the wheel scrolled the
	// rows away from the cursor, as a desktop list scrolls without
	// moving its selection, until the cursor moves again.
	top  int
	free bool
}

// Open reports whether the panel shows.
func (l *List) Open() bool { return l.open }

// Cursor returns the cursor's row.
func (l *List) Cursor() int { return l.cursor }

// Lines returns the rows' text, one line a row.
func (l *List) Lines() *Lines { return &l.lines }

// Len returns the number of rows.
func (l *List) Len() int { return l.lines.Len() }

// toggle shows a hidden panel or hides a shown one, and reports whether
// it shows now.
func (l *List) toggle() bool {
	l.open = !l.open
	return l.open
}

// close hides the panel (another took its place).
func (l *List) close() { l.open = false }

// move moves the cursor by steps rows, kept on the n rows (n <= 0: it
// stays).
func (l *List) move(steps float64, n int) {
	l.free = false // the cursor's row comes back into view
	if n > 0 {
		l.cursor = min(max(l.cursor+int(steps), 0), n-1)
	}
}

// clampCursor keeps the cursor on the n rows there are now (on row 0
// when there are none).
func (l *List) clampCursor(n int) { l.cursor = min(l.cursor, max(n-1, 0)) }

// Scroll returns the rows a panel with room for rows rows shows: the
// first and how many, the cursor's row kept in the middle where it can
// be, or where the wheel scrolled them (scrollBy).
func (l *List) Scroll(rows int) (first, shown int) {
	n := l.Len()
	shown = min(n, max(rows, 0))
	first = l.cursor - shown/2
	if l.free {
		first = l.top
	}
	first = min(max(first, 0), max(n-shown, 0))
	return first, shown
}

// scrollBy scrolls the rows by rows (down when positive) from first, the
// row the panel shows at its top now, leaving the cursor where it is.
func (l *List) scrollBy(rows, first int) {
	l.top, l.free = max(first+rows, 0), true
}

// closeListsBut closes the list panels other than keep: the fault list,
// the differences list and the thresholds share the right of the view,
// one at a time.
func (a *App) closeListsBut(keep *List) {
	for _, l := range [...]*List{&a.an.list, &a.cmp.diffs, &a.an.thresholdList} {
		if l != keep {
			l.close()
		}
	}
}

// ListBox is where a list's rows are on screen, in device pixels: rows of
// RowH from Top, row First of the list at the top, N of them shown,
// between X0 and X1. The window's layout computes it once a tick; clicks
// are hit-tested against it.
type ListBox struct {
	X0, X1, Top, RowH float64
	First, N          int
}

// Row returns the list row at pixel x, y, or false outside the rows.
func (b ListBox) Row(x, y float64) (int, bool) {
	if b.N <= 0 || !(b.RowH > 0) || x < b.X0 || x >= b.X1 || y < b.Top {
		return 0, false
	}
	k := int(math.Floor((y - b.Top) / b.RowH))
	if k >= b.N {
		return 0, false
	}
	return b.First + k, true
}
