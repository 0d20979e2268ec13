package input

import (
	"slices"
	"testing"
)

// TestChooserKeys: while the chooser is open it takes the keys first:
// Esc closes it (not the selection), letters filter (not layers or
// help), Space marks, the wheel moves its cursor, a click selects.
func TestChooserKeys(t *testing.T) {
	tests := []struct {
		name string
		s    Snapshot
		want []string
	}{
		{"esc closes the chooser", Snapshot{Held: held(KeyEscape)}, []string{"ChooserClose"}},
		{"typing filters", Snapshot{Held: held(KeyH), Runes: []rune("h1")}, []string{"ChooserType('h')", "ChooserType('1')"}},
		{"space marks, does not type", Snapshot{Held: held(KeySpace), Runes: []rune(" ")}, []string{"ChooserMark"}},
		{"enter opens", Snapshot{Held: held(KeyEnter)}, []string{"ChooserEnter"}},
		{"backspace", Snapshot{Held: held(KeyBackspace)}, []string{"ChooserBack"}},
		{"down", Snapshot{Held: held(KeyDown)}, []string{"ChooserMove(1)"}},
		{"end", Snapshot{Held: held(KeyEnd)}, []string{"ChooserMove(1e+06)"}},
		{"wheel", Snapshot{Mouse: Mouse{Wheel: 1}}, []string{"ChooserMove(-3)"}},
		{"ctrl+o does nothing", Snapshot{Held: held(KeyO), Ctrl: true}, nil},
		{"ctrl+enter opens a folder as a runs table", Snapshot{Held: held(KeyEnter), Ctrl: true}, []string{"ChooserFolder"}},
		{"shift+enter does nothing", Snapshot{Held: held(KeyEnter), Shift: true}, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m := NewMapper()
			m.SetChooser(true)
			var got []string
			for _, c := range m.Update(&tc.s, nil) {
				got = append(got, c.String())
			}
			if !slices.Equal(got, tc.want) {
				t.Errorf("got %v, want %v", got, tc.want)
			}
		})
	}
	m := NewMapper()
	m.SetChooser(true)
	m.Update(&Snapshot{Mouse: Mouse{X: 10, Y: 20, Left: true}}, nil)
	m.Update(&Snapshot{Mouse: Mouse{X: 60, Y: 20, Left: true}}, nil) // dragged: nothing turns
	if got := m.Update(&Snapshot{Mouse: Mouse{X: 60, Y: 20}}, nil); len(got) != 0 {
		t.Errorf("a drag over the chooser gave %v", got)
	}
	m.Update(&Snapshot{Mouse: Mouse{X: 10, Y: 20, Left: true}}, nil)
	if got := m.Update(&Snapshot{Mouse: Mouse{X: 10, Y: 20}}, nil); len(got) != 1 || got[0].String() != "Select(10,20)" {
		t.Errorf("a click gave %v", got)
	}
}

func held(ks ...Key) (h [NumKeys]int) {
	for _, k := range ks {
		h[k] = 1
	}
	return h
}
