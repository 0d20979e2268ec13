package pipeline

import (
	"bytes"
	"encoding/binary"
	"encoding/xml"
	"fmt"

	"github.com/mm2carla/viewer/format/recorder"
)

// Kind is what a file holds.
type Kind uint8

// The kinds of file the viewer opens.
const (
	KindUnknown   Kind = iota
	KindMap            // a road map: a Midtown Madness 2 AI map (.bai, magic CAI1) or an OpenDRIVE network (.xodr)
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

// SniffLen is how many leading bytes Sniff needs to decide between a
// recording and a BAI map.
const SniffLen = 4 + len(recorder.Magic)

// XMLSniffLen is how many leading bytes Sniff looks at for the root
// element of an XML file: enough for a declaration and a long licence
// comment before <OpenDRIVE>.
const XMLSniffLen = 4096

// baiMagic starts every CAI1 map.
const baiMagic = "CAI1"

// Sniff tells the kind of a file from its first bytes (up to XMLSniffLen
// of them; fewer when the file is shorter). A recording starts with a
// uint16 version, the uint16 length 14 and "CARLA_RECORDER"; a BAI map
// with "CAI1"; an OpenDRIVE map is XML whose root is <OpenDRIVE>
// (IsOpenDRIVE). The file's name is never consulted: users rename files.
func Sniff(head []byte) Kind {
	if len(head) >= len(baiMagic) && string(head[:len(baiMagic)]) == baiMagic {
		return KindMap
	}
	if IsOpenDRIVE(head) {
		return KindMap
	}
	if len(head) >= SniffLen &&
		int(binary.LittleEndian.Uint16(head[2:])) == len(recorder.Magic) &&
		string(head[4:SniffLen]) == recorder.Magic {
		return KindRecording
	}
	return KindUnknown
}

// IsOpenDRIVE reports whether head, a file's first bytes, is XML whose
// first element is <OpenDRIVE>: a byte-order mark, the declaration,
// comments, processing instructions and a doctype may come first.
func IsOpenDRIVE(head []byte) bool {
	head = bytes.TrimPrefix(head, []byte("\xef\xbb\xbf"))
	if t := bytes.TrimLeft(head, " \t\r\n"); len(t) == 0 || t[0] != '<' {
		return false
	}
	d := xml.NewDecoder(bytes.NewReader(head))
	d.Strict = false
	for {
		tok, err := d.RawToken()
		if err != nil {
			return false
		}
		switch tk := tok.(type) {
		case xml.StartElement:
			return tk.Name.Local == "OpenDRIVE"
		case xml.CharData:
			if len(bytes.TrimSpace(tk)) > 0 {
				return false
			}
		}
	}
}

// UnknownError says a file is neither a recording nor a map.
type UnknownError struct {
	Name string
	Head []byte // the first bytes of the file (at most SniffLen)
}

func (e *UnknownError) Error() string {
	if len(e.Head) == 0 {
		return e.Name + ": the file is empty; expected a CARLA recording, a Midtown Madness 2 AI map or an OpenDRIVE map"
	}
	return fmt.Sprintf("%s: byte 0: not a CARLA recording (no CARLA_RECORDER header), a Midtown Madness 2 AI map (no CAI1 magic) nor an OpenDRIVE map (no <OpenDRIVE> root); it starts % x",
		e.Name, e.Head[:min(len(e.Head), SniffLen)])
}
