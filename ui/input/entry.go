package input

import (
	"strconv"
	"strings"

	"github.com/mm2carla/viewer/scene/playback"
)

// maxEntry bounds the typed text: "10:00:00.000" is 12 characters, an
// actor id at most 10, and a fixed buffer keeps typing free of
// allocation.
const maxEntry = 12

// entry is the prompt G (a time to go to) and I (an actor's id to find)
// open. While it is open it owns the keyboard: the characters of a time
// or an id type, Backspace deletes (with repeat), Enter applies and Esc
// cancels; no other key binding acts, so typing "1" does not also toggle
// layer 1.
type entry struct {
	open    bool
	actor   bool // the prompt asks for an actor's id, not a time
	invalid bool // Enter was pressed on text that is not a time (or an id)
	n       int
	buf     [maxEntry]byte
}

// Entry is what the prompt shows.
type Entry struct {
	Open    bool   // the prompt is on screen and owns the keyboard
	Actor   bool   // it asks for an actor's id (I), not a time (G)
	Text    string // what has been typed, such as "1:30.5" or "131"
	Invalid bool   // Enter was pressed on text that is not a time or an id; cleared by the next edit
}

func (e *entry) start(actor bool) { *e = entry{open: true, actor: actor} }

func (e *entry) view() Entry {
	return Entry{Open: e.open, Actor: e.actor, Text: string(e.buf[:e.n]), Invalid: e.invalid}
}

// takes reports whether r belongs in the prompt's text: digits, for a
// time '.' and ':' too, for an actor letters (hero).
func (e *entry) takes(r rune) bool {
	if e.actor {
		return r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z'
	}
	return r >= '0' && r <= '9' || r == '.' || r == ':'
}

// update handles one tick while the entry is open: typed runes first, then
// Backspace, then Enter, then Esc.
func (e *entry) update(s *Snapshot, dst []Command) []Command {
	for _, r := range s.Runes {
		if e.takes(r) && e.n < maxEntry {
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

// enter applies the text: a valid time closes the entry with a GoTo, a
// valid id with a FindActor; empty text closes it doing nothing (Enter
// right after G means "never mind"); anything else stays open, marked
// invalid, so the user can fix it.
func (e *entry) enter(dst []Command) []Command {
	if e.n == 0 {
		*e = entry{}
		return dst
	}
	text := string(e.buf[:e.n])
	if e.actor {
		if strings.EqualFold(text, "hero") {
			*e = entry{}
			return append(dst, FindHero())
		}
		id, err := strconv.ParseUint(text, 10, 32)
		if err != nil || id == 0 {
			e.invalid = true
			return dst
		}
		*e = entry{}
		return append(dst, FindActor(uint32(id)))
	}
	t, err := playback.ParseTime(text)
	if err != nil {
		e.invalid = true
		return dst
	}
	*e = entry{}
	return append(dst, Clock(playback.GoTo(t)))
}
