package app

import (
	"fmt"
	"io"
)

// Level is how serious a notice is.
type Level uint8

// Notice levels.
const (
	Info    Level = iota // opened a file, toggled a layer
	Warning              // a file that opened only in part
	Error                // a file that could not be opened
)

// How long notices stay, in ticks (60 a second). Errors stay long enough
// to be read and copied down; info is a passing confirmation.
const (
	infoTicks    = 3 * 60
	warningTicks = 15 * 60
	errorTicks   = 30 * 60
	maxNotices   = 6
)

var levelNames = [...]string{"info", "warning", "error"}

// SetLog makes every warning and error shown in the window also a line
// on w: a user who started the viewer from a terminal looks there, and
// a notice goes away after a while. A notice renewed while still shown
// is not written again.
func (a *App) SetLog(w io.Writer) { a.notes.log = w }

// noticeBoard is the notices on screen and where warnings and errors are
// written too (SetLog; nil: nowhere).
type noticeBoard struct {
	list []Notice
	log  io.Writer
}

// Notice is a message shown in the window's corner.
type Notice struct {
	Level Level
	Text  string
	Left  int // ticks before it goes away
}

// Notices returns the notices on screen, oldest first (read-only).
func (a *App) Notices() []Notice { return a.notes.list }

// notify adds a notice; an identical one already shown is renewed rather
// than repeated, and the oldest one goes when there are too many.
func (a *App) notify(l Level, text string) {
	left := infoTicks
	switch l {
	case Warning:
		left = warningTicks
	case Error:
		left = errorTicks
	}
	for i := range a.notes.list {
		if a.notes.list[i].Text == text {
			a.notes.list[i].Left = left
			return
		}
	}
	if l != Info && a.notes.log != nil {
		fmt.Fprintf(a.notes.log, "viewer: %s: %s\n", levelNames[l], text)
	}
	if len(a.notes.list) == maxNotices {
		a.notes.list = append(a.notes.list[:0], a.notes.list[1:]...)
	}
	a.notes.list = append(a.notes.list, Notice{Level: l, Text: text, Left: left})
}

// dropNotices removes the notices whose text stale reports, before a
// newer one replaces them: a run's fault count found again with the map
// ("2 faults found in b.log (B)") beside the count without it ("0 faults
// found in b.log (B) (no map: ...)") contradicted it.
func (a *App) dropNotices(stale func(text string) bool) {
	n := 0
	for _, x := range a.notes.list {
		if !stale(x.Text) {
			a.notes.list[n] = x
			n++
		}
	}
	a.notes.list = a.notes.list[:n]
}

// ageNotices counts one tick off every notice and drops the expired.
func (a *App) ageNotices() {
	n := 0
	for _, x := range a.notes.list {
		x.Left--
		if x.Left > 0 {
			a.notes.list[n] = x
			n++
		}
	}
	a.notes.list = a.notes.list[:n]
}

// DismissNotices removes every notice (Esc with nothing selected).
func (a *App) DismissNotices() { a.notes.list = a.notes.list[:0] }

// Notify shows a notice (the window's own messages: the file dialog, a
// screenshot written).
func (a *App) Notify(l Level, text string) { a.notify(l, text) }
