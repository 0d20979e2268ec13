package input

import (
	"slices"
	"testing"

	"github.com/mm2carla/viewer/scene/playback"
)

// step is one tick of the prompt tests: what was typed or pressed, what
// commands came out and what the prompt shows afterwards.
type step struct {
	runes string
	keys  []Key
	held  map[Key]int // keys held for longer than this tick
	want  []Command
	entry Entry
}

func (st step) snapshot() *Snapshot {
	s := tap(none, st.keys...)
	s.Runes = []rune(st.runes)
	for k, d := range st.held {
		s.Held[k] = d
	}
	return s
}

func open(text string) Entry    { return Entry{Open: true, Text: text} }
func invalid(text string) Entry { return Entry{Open: true, Text: text, Invalid: true} }
func idOpen(text string) Entry  { return Entry{Open: true, Actor: true, Text: text} }

var closed = Entry{}

func TestEntry(t *testing.T) {
	goTo := func(s float64) []Command { return clk(playback.GoTo(s)) }
	for _, tc := range []struct {
		name  string
		steps []step
	}{
		{"m:ss.f applies on Enter", []step{
			{keys: []Key{KeyG}, runes: "g", entry: open("")},
			{runes: "1:3", keys: []Key{KeyDigit1}, entry: open("1:3")},
			{runes: "0.5", entry: open("1:30.5")},
			{keys: []Key{KeyEnter}, want: goTo(90.5), entry: closed},
		}},
		{"plain seconds", []step{
			{keys: []Key{KeyG}, entry: open("")},
			{runes: "12.25", entry: open("12.25")},
			{keys: []Key{KeyEnter}, want: goTo(12.25), entry: closed},
		}},
		{"h:mm:ss", []step{
			{keys: []Key{KeyG}, entry: open("")},
			{runes: "1:02:03", entry: open("1:02:03")},
			{keys: []Key{KeyEnter}, want: goTo(3723), entry: closed},
		}},
		{"typing and Enter in one tick", []step{
			{keys: []Key{KeyG}, entry: open("")},
			{runes: "7", keys: []Key{KeyEnter}, want: goTo(7), entry: closed},
		}},
		{"Esc cancels without clearing the selection", []step{
			{keys: []Key{KeyG}, entry: open("")},
			{runes: "42", entry: open("42")},
			{keys: []Key{KeyEscape}, entry: closed},
			{keys: []Key{KeyEnter}, entry: closed}, // Enter after cancel does nothing
		}},
		{"Backspace deletes", []step{
			{keys: []Key{KeyG}, entry: open("")},
			{runes: "1:35", entry: open("1:35")},
			{keys: []Key{KeyBackspace}, entry: open("1:3")},
			{runes: "0", entry: open("1:30")},
			{keys: []Key{KeyEnter}, want: goTo(90), entry: closed},
		}},
		{"Backspace on empty stays open", []step{
			{keys: []Key{KeyG}, entry: open("")},
			{keys: []Key{KeyBackspace}, entry: open("")},
		}},
		{"Backspace repeats when held", []step{
			{keys: []Key{KeyG}, entry: open("")},
			{runes: "123456", entry: open("123456")},
			{keys: []Key{KeyBackspace}, entry: open("12345")},
			{held: map[Key]int{KeyBackspace: 2}, entry: open("12345")},
			{held: map[Key]int{KeyBackspace: 25}, entry: open("1234")},
			{held: map[Key]int{KeyBackspace: 26}, entry: open("1234")},
			{held: map[Key]int{KeyBackspace: 28}, entry: open("123")},
		}},
		{"invalid time stays open, marked, until edited", []step{
			{keys: []Key{KeyG}, entry: open("")},
			{runes: "1:75", entry: open("1:75")},
			{keys: []Key{KeyEnter}, entry: invalid("1:75")},
			{keys: []Key{KeyBackspace}, entry: open("1:7")},
			{keys: []Key{KeyEnter}, want: goTo(67), entry: closed},
		}},
		{"typing clears the invalid mark", []step{
			{keys: []Key{KeyG}, entry: open("")},
			{runes: "1..", entry: open("1..")},
			{keys: []Key{KeyEnter}, entry: invalid("1..")},
			{runes: "5", entry: open("1..5")},
		}},
		{"empty Enter closes", []step{
			{keys: []Key{KeyG}, entry: open("")},
			{keys: []Key{KeyEnter}, entry: closed},
		}},
		{"other characters are ignored", []step{
			{keys: []Key{KeyG}, entry: open("")},
			{runes: "a1 b-2+é:", entry: open("12:")},
		}},
		{"the characters typed with G are not text", []step{
			{keys: []Key{KeyG}, runes: "g5", entry: open("")},
		}},
		{"length is bounded", []step{
			{keys: []Key{KeyG}, entry: open("")},
			{runes: "10:00:00.0009999", entry: open("10:00:00.000")},
			{keys: []Key{KeyEnter}, want: goTo(36000), entry: closed},
		}},
		{"bindings are off while open", []step{
			{keys: []Key{KeyG}, entry: open("")},
			{runes: "1", keys: []Key{KeyDigit1, KeySpace, KeyRight, KeyTab, KeyH, KeyG}, entry: open("1")},
			{held: map[Key]int{KeyRight: 25}, entry: open("1")},
			{keys: []Key{KeyEscape}, entry: closed},
			{keys: []Key{KeyDigit1}, want: []Command{ToggleLayer(LayerLanes)}, entry: closed},
		}},
		{"I asks for an actor's id", []step{
			{keys: []Key{KeyI}, runes: "i", entry: idOpen("")},
			{runes: "1:3.1", entry: idOpen("131")},
			{keys: []Key{KeyEnter}, want: []Command{FindActor(131)}, entry: closed},
		}},
		{"an id of 0 or past 32 bits stays open, marked", []step{
			{keys: []Key{KeyI}, entry: idOpen("")},
			{runes: "0", keys: []Key{KeyEnter}, entry: Entry{Open: true, Actor: true, Text: "0", Invalid: true}},
			{keys: []Key{KeyBackspace}, entry: idOpen("")},
			{runes: "4294967296", entry: idOpen("4294967296")},
			{keys: []Key{KeyEnter}, entry: Entry{Open: true, Actor: true, Text: "4294967296", Invalid: true}},
			{keys: []Key{KeyBackspace}, entry: idOpen("429496729")},
			{keys: []Key{KeyEnter}, want: []Command{FindActor(429496729)}, entry: closed},
		}},
		{"hero, in any case", []step{
			{keys: []Key{KeyI}, entry: idOpen("")},
			{runes: "Hero", entry: idOpen("Hero")},
			{keys: []Key{KeyEnter}, want: []Command{FindHero()}, entry: closed},
		}},
		{"other words are not ids", []step{
			{keys: []Key{KeyI}, entry: idOpen("")},
			{runes: "car.7", entry: idOpen("car7")},
			{keys: []Key{KeyEnter}, entry: Entry{Open: true, Actor: true, Text: "car7", Invalid: true}},
		}},
		{"G after I asks for a time again", []step{
			{keys: []Key{KeyI}, entry: idOpen("")},
			{keys: []Key{KeyEscape}, entry: closed},
			{keys: []Key{KeyG}, entry: open("")},
			{runes: "1:30", keys: []Key{KeyEnter}, want: goTo(90), entry: closed},
		}},
		{"G can reopen after Enter", []step{
			{keys: []Key{KeyG}, entry: open("")},
			{runes: "3", keys: []Key{KeyEnter}, want: goTo(3), entry: closed},
			{keys: []Key{KeyG}, entry: open("")},
			{runes: "4", entry: open("4")},
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := NewMapper()
			for i, st := range tc.steps {
				got := m.Update(st.snapshot(), nil)
				if !slices.Equal(got, st.want) {
					t.Errorf("step %d: commands %v, want %v", i, got, st.want)
				}
				if e := m.Entry(); e != st.entry {
					t.Errorf("step %d: prompt %+v, want %+v", i, e, st.entry)
				}
			}
		})
	}
}

// TestEntryMouseStillWorks: the prompt owns the keyboard, not the mouse.
func TestEntryMouseStillWorks(t *testing.T) {
	m := NewMapper()
	m.Update(tap(none, KeyG), nil)
	s := &Snapshot{Mouse: Mouse{X: 10, Y: 20, Wheel: 1}}
	if got, want := m.Update(s, nil), []Command{Zoom(1, 10, 20)}; !slices.Equal(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
}
