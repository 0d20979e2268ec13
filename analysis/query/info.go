package query

import (
	"bufio"
	"io"
	"time"

	"github.com/mm2carla/viewer/format/recorder"
)

// InfoOptions tune Info and InfoJSON.
type InfoOptions struct {
	// All adds every packet of every frame (CARLA's show_all).
	All bool
	// Location is the time zone of the header's date; nil means
	// time.Local, as CARLA uses the local zone.
	Location *time.Location
}

// Info writes the text of CARLA's show_recorder_file_info for src to w:
// the header, then for each frame with events (every frame with All) a
// "Frame N at T seconds" line and its events, then the last frame's id and
// time. A decode error stops it: what was read so far is written, without
// the closing lines, and the error is returned.
func Info(src Source, w io.Writer, opt InfoOptions) error {
	bw := bufio.NewWriterSize(w, 64<<10)
	t := infoText{all: opt.All}
	t.b = appendHeader(t.b, src.Header(), opt.Location)
	var s Summary
	for {
		if _, err := bw.Write(t.b); err != nil {
			return err
		}
		t.b = t.b[:0]
		p, ok := s.next(src)
		if !ok {
			break
		}
		t.packet(p)
	}
	if s.Err == nil {
		t.b = appendFooter(t.b, &s)
		bw.Write(t.b)
	}
	if err := bw.Flush(); err != nil {
		return err
	}
	return s.Err
}

// infoText turns packets into CARLA's info lines, one packet at a time.
type infoText struct {
	all     bool
	frame   recorder.FrameStart // the current frame
	printed bool                // whether its "Frame" line is out
	b       []byte
}

// packet appends the lines of one packet.
func (t *infoText) packet(p recorder.Packet) {
	switch p := p.(type) {
	case *recorder.FrameStart:
		t.frame = *p
		t.printed = false
		if t.all {
			t.frameLine(1)
		}
	case *recorder.FrameEnd:
	case *recorder.EventAdd:
		t.frameLine(len(p.Actors))
		for i := range p.Actors {
			t.create(&p.Actors[i])
		}
	case *recorder.EventDel:
		t.frameLine(len(p.IDs))
		for _, id := range p.IDs {
			t.b = append(t.b, " Destroy "...)
			t.b = appendUint(t.b, uint64(id))
			t.b = append(t.b, '\n')
		}
	case *recorder.EventParent:
		t.frameLine(len(p.Links))
		for _, l := range p.Links {
			t.b = append(t.b, " Parenting "...)
			t.b = appendUint(t.b, uint64(l.Child))
			t.b = append(t.b, " with "...)
			t.b = appendUint(t.b, uint64(l.Parent))
			t.b = append(t.b, " (parent)\n"...)
		}
	case *recorder.Collisions:
		t.frameLine(len(p.Records))
		for _, c := range p.Records {
			t.collision(c)
		}
	default:
		if t.all {
			t.showAll(p)
		}
	}
}

// frameLine prints the current frame's line before the first of n lines
// of a packet, unless it is out already.
func (t *infoText) frameLine(n int) {
	if n == 0 || t.printed {
		return
	}
	t.printed = true
	t.b = append(t.b, "Frame "...)
	t.b = appendUint(t.b, t.frame.Frame)
	t.b = append(t.b, " at "...)
	t.b = appendG(t.b, t.frame.Elapsed)
	t.b = append(t.b, " seconds\n"...)
}

// create prints an actor's creation and its attributes.
func (t *infoText) create(a *recorder.ActorAdd) {
	t.b = append(t.b, " Create "...)
	t.b = appendUint(t.b, uint64(a.ID))
	t.b = append(t.b, ": "...)
	t.b = append(t.b, a.Description...)
	t.b = append(t.b, " ("...)
	t.b = appendUint(t.b, uint64(a.Type))
	t.b = append(t.b, ") at "...)
	t.b = appendVec(t.b, a.Location.X, a.Location.Y, a.Location.Z)
	t.b = append(t.b, '\n')
	for _, at := range a.Attributes {
		t.b = append(t.b, "  "...)
		t.b = append(t.b, at.Key...)
		t.b = append(t.b, " = "...)
		t.b = append(t.b, at.Value...)
		t.b = append(t.b, '\n')
	}
}

// collision prints one collision; CARLA marks heroes with " (hero) ",
// which leaves two spaces before "with".
func (t *infoText) collision(c recorder.Collision) {
	t.b = append(t.b, " Collision id "...)
	t.b = appendUint(t.b, uint64(c.ID))
	t.b = append(t.b, " between "...)
	t.b = appendUint(t.b, uint64(c.Actor1))
	if c.Hero1 {
		t.b = append(t.b, " (hero) "...)
	}
	t.b = append(t.b, " with "...)
	t.b = appendUint(t.b, uint64(c.Actor2))
	if c.Hero2 {
		t.b = append(t.b, " (hero) "...)
	}
	t.b = append(t.b, '\n')
}
