package ui

import "testing"

// TestDrawnWidth: Draw's measure (making nothing) agrees with Update's
// for text whose runes were measured, and counts a rune never measured
// as nothing rather than making its glyph.
func TestDrawnWidth(t *testing.T) {
	f, err := newFonts()
	if err != nil {
		t.Fatal(err)
	}
	r := f.rBold
	s := []byte("Leaderboard 2.0, penalty 0.42: 7's infractions  2")
	if d, u := r.drawnWidth(s), r.widthBytes(s); d != u || !(d > 0) {
		t.Errorf("drawn %v, measured %v", d, u)
	}
	if _, _, ok := r.known('Ж'); ok {
		t.Skip("Ж measured already")
	}
	if w := r.drawnWidth([]byte("Ж")); w != 0 {
		t.Errorf("a rune never measured is %v wide", w)
	}
	if _, _, ok := r.known('Ж'); ok {
		t.Error("drawnWidth made a glyph")
	}
}
