package app

import "testing"

// listOf returns a list of n rows with the cursor on row cursor.
func listOf(n, cursor int) *List {
	l := &List{cursor: cursor}
	for range n {
		l.lines.S("row").End()
	}
	return l
}

func TestListMove(t *testing.T) {
	for _, tc := range []struct {
		name   string
		n, cur int
		steps  float64
		want   int
	}{
		{"down", 5, 0, 1, 1},
		{"page down stops at the last row", 5, 3, 10, 4},
		{"up stops at the first row", 5, 1, -3, 0},
		{"no rows: stays", 0, 0, 1, 0},
	} {
		l := listOf(tc.n, tc.cur)
		l.move(tc.steps, tc.n)
		if l.Cursor() != tc.want {
			t.Errorf("%s: cursor %d, want %d", tc.name, l.Cursor(), tc.want)
		}
	}
}

func TestListScroll(t *testing.T) {
	for _, tc := range []struct {
		name               string
		n, cur, rows       int
		wantFirst, wantLen int
	}{
		{"all fit", 4, 3, 10, 0, 4},
		{"cursor in the middle", 20, 10, 5, 8, 5},
		{"cursor near the top", 20, 1, 5, 0, 5},
		{"cursor at the end", 20, 19, 5, 15, 5},
		{"no rows", 0, 0, 5, 0, 0},
	} {
		first, shown := listOf(tc.n, tc.cur).Scroll(tc.rows)
		if first != tc.wantFirst || shown != tc.wantLen {
			t.Errorf("%s: rows %d+%d, want %d+%d", tc.name, first, shown, tc.wantFirst, tc.wantLen)
		}
	}
}

func TestListToggleAndClamp(t *testing.T) {
	l := listOf(3, 2)
	if !l.toggle() || !l.Open() {
		t.Fatal("toggle did not open the list")
	}
	l.clampCursor(2)
	if l.Cursor() != 1 {
		t.Errorf("cursor %d after the rows shrank to 2, want 1", l.Cursor())
	}
	l.clampCursor(0)
	if l.Cursor() != 0 {
		t.Errorf("cursor %d with no rows, want 0", l.Cursor())
	}
	if l.toggle() || l.Open() {
		t.Error("toggle did not close the list")
	}
}

// TestListWheelScroll: the wheel scrolls the rows shown from the first
// the panel shows, the cursor staying on its row; past either end the
// rows stop at the first and the last; moving the cursor brings it back
// into view.
func TestListWheelScroll(t *testing.T) {
	l := listOf(40, 2)
	const room = 10
	steps := []struct {
		name      string
		rows      int
		wantFirst int
	}{
		{"three down", 3, 3},
		{"three more", 3, 6},
		{"far past the end: the last ten", 100, 30},
		{"back up from the last", -3, 27},
		{"far past the top", -100, 0},
	}
	first, _ := l.Scroll(room)
	for _, s := range steps {
		l.scrollBy(s.rows, first)
		first, _ = l.Scroll(room)
		if first != s.wantFirst || l.Cursor() != 2 {
			t.Errorf("%s: first %d, cursor %d; want first %d, cursor 2", s.name, first, l.Cursor(), s.wantFirst)
		}
	}
	l.scrollBy(20, first)
	l.move(1, l.Len())
	if first, _ := l.Scroll(room); l.Cursor() != 3 || first != 0 {
		t.Errorf("a key after the wheel: cursor %d shown from %d; want row 3 in view from 0", l.Cursor(), first)
	}
}
