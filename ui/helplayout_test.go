package ui

import (
	"strings"
	"testing"

	"github.com/mm2carla/viewer/ui/input"
)

// bytesWide measures a string as one pixel a byte.
func bytesWide(s string) float64 { return float64(len(s)) }

func TestWrapAt(t *testing.T) {
	const s = "one two three four"
	for _, tc := range []struct {
		a    int
		w    float64
		want string
	}{
		{0, 100, s},              // fits whole
		{0, 18, s},               // just fits
		{0, 17, "one two three"}, // the last word goes down
		{0, 13, "one two three"}, // exactly three words
		{0, 12, "one two"},       // a space more than 7
		{0, 2, "one"},            // one word wider than the line: it alone
		{8, 10, "three four"},    // from a later word
		{14, 3, "four"},          // the last word
		{4, 8, "two"},            // not the space after it
		{0, 7, "one two"},        // two words exactly
	} {
		if got := s[tc.a:wrapAt(s, tc.a, tc.w, bytesWide)]; got != tc.want {
			t.Errorf("wrapAt(%d, %v) = %q, want %q", tc.a, tc.w, got, tc.want)
		}
	}
	// A number keeps its unit: the line ends before the number instead.
	const u = "previous to next event (else 5 s)"
	if got := u[:wrapAt(u, 0, float64(len("previous to next event (else 5")), bytesWide)]; got != "previous to next event (else" {
		t.Errorf("a number and its unit parted: %q", got)
	}
}

// TestLayoutHelp: in any width each line of an action fits its column
// (unless one word is wider), the lines put each action back together,
// nothing in column 0 reaches column 1, and a wide room gets two columns
// with nothing wrapped while a narrow one gets fewer lines than one
// column would have.
func TestLayoutHelp(t *testing.T) {
	bs := input.Bindings()
	m := helpMeasure{keys: bytesWide, action: bytesWide}
	const gap = 2
	var hl helpLayout
	for _, room := range []float64{40, 100, 160, 200, 260, 400} {
		layoutHelp(bs, m, room, gap, &hl)
		if hl.cols == 2 && hl.width(gap) > room+0.5 {
			t.Errorf("room %v: two columns %v wide", room, hl.width(gap))
		}
		got := make([]string, len(bs))
		for _, ln := range hl.lines {
			if ln.kind == helpHeading {
				continue
			}
			part := bs[ln.b].Action[ln.a0:ln.a1]
			if w := bytesWide(part); w > hl.actW[ln.col] && strings.Contains(part, " ") {
				t.Errorf("room %v: %q is %v wide in a column of %v", room, part, w, hl.actW[ln.col])
			}
			if ln.kind == helpFirst && got[ln.b] != "" || ln.kind == helpMore && got[ln.b] == "" {
				t.Errorf("room %v: line %+v out of order", room, ln)
			}
			got[ln.b] = strings.TrimSpace(got[ln.b] + " " + part)
		}
		for i, b := range bs {
			if got[i] != b.Action {
				t.Errorf("room %v: the lines give %q for %q", room, got[i], b.Action)
			}
		}
		if room == 400 && (hl.cols != 2 || hl.rows > 40) {
			t.Errorf("room 400: %d columns, %v rows; want two unwrapped", hl.cols, hl.rows)
		}
	}
	// In 200 of 1 px a byte, two wrapped columns take fewer lines than
	// one: the layout takes the fewest.
	layoutHelp(bs, m, 200, gap, &hl)
	two := hl.rows
	var one helpLayout
	layoutHelp(bs, m, 0, gap, &one) // no room for two columns
	if one.cols != 1 || hl.cols != 2 || !(two < one.rows) {
		t.Errorf("200 wide: %d columns, %v rows; with no room: %d columns, %v rows", hl.cols, two, one.cols, one.rows)
	}
}

func TestHelpScroll(t *testing.T) {
	for _, tc := range []struct {
		rows, room float64
		top        int
		shown      float64
		first      int
	}{
		{30, 40, 5, 30, 0},   // fits: all from the top
		{50, 40, 5, 40, 5},   // scrolled
		{50, 40, 99, 40, 10}, // no further than the end
		{50.5, 40, 99, 40, 11},
		{50, 40, -3, 40, 0},
		{50, 0, 3, 1, 3},         // no room: still a line
		{32.5, 32.9, 4, 32.5, 0}, // fits, the last section's half line too
		{50, 40.9, 99, 40, 10},   // whole lines only
	} {
		if shown, first := helpScroll(tc.rows, tc.room, tc.top); shown != tc.shown || first != tc.first {
			t.Errorf("helpScroll(%v, %v, %d) = %v, %d; want %v, %d", tc.rows, tc.room, tc.top, shown, first, tc.shown, tc.first)
		}
	}
}
