package input

import (
	"errors"
	"strings"
)

// Tap is one scripted key press: the key goes down for one tick with the
// modifiers held, then up. A list of taps lets a script (the window's
// --keys flag, a screenshot under xvfb-run) drive the viewer exactly as a
// user at the keyboard would, through the same key map.
type Tap struct {
	Key              Key
	Shift, Ctrl, Alt bool
}

// String writes the tap as the help overlay writes keys ("Ctrl+Right").
func (t Tap) String() string { return t.mods().prefix() + t.Key.String() }

func (t Tap) mods() mods { return modsOf(t.Shift, t.Ctrl, t.Alt) }

// Press puts the tap's tick into s: its key down for the first tick and
// its modifiers held, and the character the key types, as a keyboard
// types it, unless Ctrl or Alt is held (so a script can type into the
// prompts). The tick after it should leave the key up.
func (t Tap) Press(s *Snapshot) {
	s.Held[t.Key] = 1
	s.Shift, s.Ctrl, s.Alt = t.Shift, t.Ctrl, t.Alt
	if r := t.Key.typed(t.Shift); r != 0 && !t.Ctrl && !t.Alt {
		s.Runes = append(s.Runes, r)
	}
}

// keyAliases are other names scripts may use for a key.
// Comma and period need a name: a comma separates taps.
var keyAliases = map[string]Key{"escape": KeyEscape, "return": KeyEnter, "del": KeyBackspace,
	"comma": KeyComma, "period": KeyPeriod}

// ParseTaps reads key presses separated by spaces or commas, each written
// as the help overlay writes it, case-insensitive: "Tab C Shift+Right H".
// A comma that starts a press or follows a "+" is the comma key itself,
// so "Tab , Shift+," presses it twice.
func ParseTaps(s string) ([]Tap, error) {
	var out []Tap
	for _, f := range splitTaps(s) {
		t, err := parseTap(f)
		if err != nil {
			return nil, err
		}
		out = append(out, t)
	}
	return out, nil
}

// splitTaps cuts s into presses at spaces and at the commas that are not
// the comma key (see ParseTaps).
func splitTaps(s string) []string {
	var out []string
	start := -1 // the start of the press being read; -1: between presses
	for i := 0; i < len(s); i++ {
		c := s[i]
		key := c == ',' && (start < 0 || s[i-1] == '+')
		switch {
		case c == ' ' || (c == ',' && !key):
			if start >= 0 {
				out = append(out, s[start:i])
			}
			start = -1
		case start < 0:
			start = i
		}
	}
	if start >= 0 {
		out = append(out, s[start:])
	}
	return out
}

func parseTap(f string) (Tap, error) {
	var t Tap
	parts := strings.Split(f, "+")
	for _, m := range parts[:len(parts)-1] {
		switch strings.ToLower(m) {
		case "shift":
			t.Shift = true
		case "ctrl", "control":
			t.Ctrl = true
		case "alt":
			t.Alt = true
		default:
			return Tap{}, errors.New("key " + f + ": " + m + " is not Shift, Ctrl or Alt")
		}
	}
	name := strings.ToLower(parts[len(parts)-1])
	for k := range NumKeys {
		if strings.ToLower(k.String()) == name {
			t.Key = k
			return t, nil
		}
	}
	if k, ok := keyAliases[name]; ok {
		t.Key = k
		return t, nil
	}
	return Tap{}, errors.New("key " + f + ": no such key (the help overlay, H, lists them)")
}
