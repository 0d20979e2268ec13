package input

import "strconv"

// Key is a keyboard key the viewer binds. It is this package's own small
// type rather than ebiten.Key so the mapping, and its tests, need no
// Ebitengine; the window layer fills a Snapshot from ebiten with one
// translation table.
type Key uint8

// The bound keys. KeyEnter should also be reported for the keypad's Enter.
const (
	KeySpace Key = iota
	KeyLeft
	KeyRight
	KeyUp
	KeyDown
	KeyHome
	KeyEnd
	KeyTab
	KeyEscape
	KeyEnter
	KeyBackspace
	KeyF1
	KeyBracketLeft
	KeyBracketRight
	KeyDigit1
	KeyDigit2
	KeyDigit3
	KeyDigit4
	KeyDigit5
	KeyDigit6
	KeyDigit7
	KeyDigit8
	KeyF
	KeyG
	KeyH
	KeyL
	KeyO
	KeyR
	KeyT
	KeyC
	KeyK
	KeyMinus
	KeyEqual
	KeyDigit9
	KeyS
	KeyE
	KeyB
	KeyComma
	KeyPeriod
	KeyD
	KeyI
	KeyDigit0 // bound to nothing; typed in the prompts
	NumKeys   // the number of keys, for sizing Snapshot.Held
)

var keyNames = [NumKeys]string{
	"Space", "Left", "Right", "Up", "Down", "Home", "End", "Tab", "Esc",
	"Enter", "Backspace", "F1", "[", "]", "1", "2", "3", "4", "5", "6", "7", "8",
	"F", "G", "H", "L", "O", "R", "T", "C", "K", "-", "=", "9", "S", "E",
	"B", ",", ".", "D", "I", "0",
}

// typed returns the character the key types on a US keyboard, upper case
// with shift for a letter; 0 for a key that types none (or whose shifted
// character a script has no use for).
func (k Key) typed(shift bool) rune {
	name := k.String()
	switch {
	case k == KeySpace:
		return ' '
	case len(name) != 1:
		return 0
	case name[0] >= 'A' && name[0] <= 'Z':
		if shift {
			return rune(name[0])
		}
		return rune(name[0]) + 'a' - 'A'
	case shift:
		return 0
	}
	return rune(name[0])
}

// String returns the key's name as the help overlay prints it.
func (k Key) String() string {
	if k < NumKeys {
		return keyNames[k]
	}
	return "Key(" + strconv.Itoa(int(k)) + ")"
}

// mods is a set of held modifier keys.
type mods uint8

const (
	modShift mods = 1 << iota
	modCtrl
	modAlt
)

// modsOf is the set of the modifiers held.
func modsOf(shift, ctrl, alt bool) mods {
	var m mods
	if shift {
		m |= modShift
	}
	if ctrl {
		m |= modCtrl
	}
	if alt {
		m |= modAlt
	}
	return m
}

// has reports whether every modifier of sub is in m.
func (m mods) has(sub mods) bool { return m&sub == sub }

// count is the number of modifiers in m: a binding needing more of the
// held modifiers is more specific.
func (m mods) count() int {
	n := 0
	for b := m; b != 0; b &= b - 1 {
		n++
	}
	return n
}

// prefix is how the help overlay writes the modifiers, such as "Ctrl+".
func (m mods) prefix() string {
	s := ""
	if m.has(modCtrl) {
		s += "Ctrl+"
	}
	if m.has(modAlt) {
		s += "Alt+"
	}
	if m.has(modShift) {
		s += "Shift+"
	}
	return s
}
