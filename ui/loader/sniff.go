// Package loader tells the viewer's input files apart by their content and
// loads them off the UI goroutine.
//
// It exists so that the window never blocks on a file: a recording of
// gigabytes is indexed by scene.OpenContext in a background goroutine
// while the map already shows, its progress is read through atomics, and
// the load is cancelled when another file of the same kind replaces it.
// Keeping it apart from package ui makes the sniffing, the error texts
// and the cancellation testable without a display.
//
// It stands on the ui floor (README "Layout"), on the formats and the
// scene only: the window (ui, ui/app) loads through it, and so does
// cmd/viewer for the files of `viewer shot`, so that a file is told apart
// one way whether it is dropped on the window or named on the command
// line.
package loader

import (
	"encoding/binary"
	"fmt"

	"github.com/mm2carla/viewer/format/recorder"
)

// Kind is what a file holds.
type Kind uint8

// The kinds of file the viewer opens.
const (
	KindUnknown   Kind = iota
	KindMap            // a Midtown Madness 2 AI map (.bai, magic CAI1)
	KindRecording      // a CARLA recorder file (.log)
)

var kindNames = [...]string{"unknown", "map", "recording"}

// String returns "map", "recording" or "unknown".
func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "unknown"
}

// SniffLen is how many leading bytes Sniff needs to decide.
const SniffLen = 4 + len(recorder.Magic)

// baiMagic starts every CAI1 map.
const baiMagic = "CAI1"

// Sniff tells the kind of a file from its first bytes (up to SniffLen of
// them; fewer when the file is shorter). A recording starts with a uint16
// version, the uint16 length 14 and "CARLA_RECORDER"; a map with "CAI1".
// The file's name is never consulted: users rename files.
func Sniff(head []byte) Kind {
	if len(head) >= len(baiMagic) && string(head[:len(baiMagic)]) == baiMagic {
		return KindMap
	}
	if len(head) >= SniffLen &&
		int(binary.LittleEndian.Uint16(head[2:])) == len(recorder.Magic) &&
		string(head[4:SniffLen]) == recorder.Magic {
		return KindRecording
	}
	return KindUnknown
}

// UnknownError says a file is neither a recording nor a map.
type UnknownError struct {
	Name string
	Head []byte // the first bytes of the file (at most SniffLen)
}

func (e *UnknownError) Error() string {
	if len(e.Head) == 0 {
		return e.Name + ": the file is empty; expected a CARLA recording or a Midtown Madness 2 AI map"
	}
	return fmt.Sprintf("%s: byte 0: not a CARLA recording (no CARLA_RECORDER header) nor a Midtown Madness 2 AI map (no CAI1 magic); it starts % x",
		e.Name, e.Head)
}
