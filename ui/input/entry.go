package input

import "github.com/mm2carla/viewer/scene/playback"

// maxEntry bounds the typed time: "10:00:00.000" is 12 characters, and a
// fixed buffer keeps typing free of allocation.
const maxEntry = 12

// entry is the go-to-time text field G opens. While it is open it owns the
// keyboard: digits, '.' and ':' type, Backspace deletes (with repeat),
// Enter applies and Esc cancels; no other key binding acts, so typing "1"
// does not also toggle layer 1.
type entry struct {
	open    bool
	invalid bool // Enter was pressed on text that is not a time
	n       int
	buf     [maxEntry]byte
}

// Entry is what the go-to-time prompt shows.
type Entry struct {
	Open    bool   // the prompt is on screen and owns the keyboard
	Text    string // what has been typed, such as "1:30.5"
	Invalid bool   // Enter was pressed on text that is not a time; cleared by the next edit
}

func (e *entry) start() { *e = entry{open: true} }

func (e *entry) view() Entry {
	return Entry{Open: e.open, Text: string(e.buf[:e.n]), Invalid: e.invalid}
}

// update handles one tick while the entry is open: typed runes first, then
// Backspace, then Enter, then Esc.
func (e *entry) update(s *Snapshot, dst []Command) []Command {
	for _, r := range s.Runes {
		if (r >= '0' && r <= '9' || r == '.' || r == ':') && e.n < maxEntry {
			e.buf[e.n] = byte(r)
			e.n++
			e.invalid = false
		}
	}
	if fires(s.Held[KeyBackspace], true) && e.n > 0 {
		e.n--
		e.invalid = false
	}
	if s.Held[KeyEnter] == 1 {
		dst = e.enter(dst)
	}
	if s.Held[KeyEscape] == 1 {
		*e = entry{}
	}
	return dst
}

// enter applies the text: a valid time closes the entry with a GoTo; empty
// text closes it doing nothing (Enter right after G means "never mind");
// anything else stays open, marked invalid, so the user can fix it.
func (e *entry) enter(dst []Command) []Command {
	if e.n == 0 {
		*e = entry{}
		return dst
	}
	t, err := playback.ParseTime(string(e.buf[:e.n]))
	if err != nil {
		e.invalid = true
		return dst
	}
	*e = entry{}
	return append(dst, Clock(playback.GoTo(t)))
}
