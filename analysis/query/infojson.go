package query

import (
	"bufio"
	"encoding/json"
	"io"

	"github.com/mm2carla/viewer/format/recorder"
)

// InfoJSON writes the information of Info as one JSON document:
//
//	{"header": {...},
//	 "frames": [{"frame": 1, "elapsed": 0, "duration": 0.05, "events": [...]}, ...],
//	 "totals": {"frames": 461, "duration": 15.8809, "frame_count": 461, ...},
//	 "error": null}
//
// Like the text, "frames" lists only the frames with events unless
// opt.All is set; then every frame is listed and also carries "packets",
// every other packet of the frame encoded field by field (see packetJSON).
// An event is an object whose "event" is "create", "destroy", "parent" or
// "collision" (see the *JSON types). A frame's "duration" is null in the
// last frame, where the file holds -1. A decode error ends "frames" early
// and is described in "error" (null otherwise), and is also returned.
func InfoJSON(src Source, w io.Writer, opt InfoOptions) error {
	bw := bufio.NewWriterSize(w, 64<<10)
	j := infoJSON{all: opt.All, w: bw}
	hdr, _ := json.Marshal(toHeader(src.Header(), opt.Location))
	bw.WriteString(`{"header":`)
	bw.Write(hdr)
	bw.WriteString(",\n\"frames\":[")
	var s Summary
	for {
		p, ok := s.next(src)
		if !ok {
			break
		}
		j.packet(p)
	}
	j.flush()
	tot, _ := json.Marshal(infoTotalsJSON{
		Frames: s.Frames, Duration: num(s.Duration), FrameCount: s.FrameCount,
		Created: j.created, Destroyed: j.destroyed, Parented: j.parented, Collisions: j.collisions,
	})
	e, _ := json.Marshal(toError(s.Err))
	bw.WriteString("\n],\n\"totals\":")
	bw.Write(tot)
	bw.WriteString(",\n\"error\":")
	bw.Write(e)
	bw.WriteString("}\n")
	if err := bw.Flush(); err != nil {
		return err
	}
	if s.Err != nil {
		return s.Err
	}
	return j.err
}

// infoTotalsJSON closes the info document.
type infoTotalsJSON struct {
	Frames     uint64 `json:"frames"`      // id of the last frame
	Duration   num    `json:"duration"`    // elapsed of the last frame, s
	FrameCount int    `json:"frame_count"` // frames read
	Created    int    `json:"actors_created"`
	Destroyed  int    `json:"actors_destroyed"`
	Parented   int    `json:"parentings"`
	Collisions int    `json:"collisions"`
}

// frameJSON is one frame of the info document.
type frameJSON struct {
	Frame    uint64            `json:"frame"`
	Elapsed  num               `json:"elapsed"`
	Duration *num              `json:"duration"`
	Events   []any             `json:"events"`
	Packets  []json.RawMessage `json:"packets,omitempty"`
}

// createJSON is an actor's creation.
type createJSON struct {
	Event       string     `json:"event"` // "create"
	ID          uint32     `json:"id"`
	ActorType   uint8      `json:"actor_type"` // as written; numbering varies by version
	Description string     `json:"description"`
	UID         uint32     `json:"uid"`
	Location    vecJSON    `json:"location"` // cm
	Rotation    rotJSON    `json:"rotation"` // degrees
	Attributes  []attrJSON `json:"attributes"`
}

// attrJSON is one blueprint attribute.
type attrJSON struct {
	Key   string `json:"key"`
	Type  string `json:"type"` // bool, int, float, string, rgb, or the number
	Value string `json:"value"`
}

// destroyJSON is an actor's destruction.
type destroyJSON struct {
	Event string `json:"event"` // "destroy"
	ID    uint32 `json:"id"`
}

// parentJSON attaches actor ID to Parent.
type parentJSON struct {
	Event  string `json:"event"` // "parent"
	ID     uint32 `json:"id"`
	Parent uint32 `json:"parent"`
}

// collisionJSON is one collision record.
type collisionJSON struct {
	Event       string `json:"event"` // "collision"
	CollisionID uint32 `json:"collision_id"`
	Actor1      uint32 `json:"actor1"`
	Hero1       bool   `json:"hero1"`
	Actor2      uint32 `json:"actor2"`
	Hero2       bool   `json:"hero2"`
}

var attrTypeNames = [...]string{"bool", "int", "float", "string", "rgb"}

func attrType(t recorder.AttrType) string {
	if int(t) < len(attrTypeNames) {
		return attrTypeNames[t]
	}
	return string(appendUint(nil, uint64(t)))
}

// infoJSON gathers a frame at a time and writes it when the frame ends.
type infoJSON struct {
	all bool
	w   *bufio.Writer
	cur *frameJSON // nil between frames
	n   int        // frames written
	enc packetJSON
	buf []byte
	err error // an encoding failure, returned at the end

	created, destroyed, parented, collisions int
}

// frame returns the current frame, opening frame 0 for packets before the
// first FrameStart.
func (j *infoJSON) frame() *frameJSON {
	if j.cur == nil {
		j.cur = &frameJSON{Events: []any{}}
	}
	return j.cur
}

func (j *infoJSON) packet(p recorder.Packet) {
	switch p := p.(type) {
	case *recorder.FrameStart:
		j.flush()
		f := j.frame()
		f.Frame, f.Elapsed = p.Frame, num(p.Elapsed)
		if p.Duration >= 0 {
			d := num(p.Duration)
			f.Duration = &d
		}
	case *recorder.FrameEnd:
		j.flush()
	case *recorder.EventAdd:
		f := j.frame()
		for i := range p.Actors {
			a := &p.Actors[i]
			attrs := make([]attrJSON, len(a.Attributes))
			for k, at := range a.Attributes {
				attrs[k] = attrJSON{at.Key, attrType(at.Type), at.Value}
			}
			f.Events = append(f.Events, createJSON{"create", a.ID, uint8(a.Type), a.Description,
				a.UID, toVec(a.Location), toRot(a.Rotation), attrs})
		}
		j.created += len(p.Actors)
	case *recorder.EventDel:
		f := j.frame()
		for _, id := range p.IDs {
			f.Events = append(f.Events, destroyJSON{"destroy", id})
		}
		j.destroyed += len(p.IDs)
	case *recorder.EventParent:
		f := j.frame()
		for _, l := range p.Links {
			f.Events = append(f.Events, parentJSON{"parent", l.Child, l.Parent})
		}
		j.parented += len(p.Links)
	case *recorder.Collisions:
		f := j.frame()
		for _, c := range p.Records {
			f.Events = append(f.Events, collisionJSON{"collision", c.ID, c.Actor1, c.Hero1, c.Actor2, c.Hero2})
		}
		j.collisions += len(p.Records)
	default:
		if j.all {
			f := j.frame()
			j.buf = j.enc.append(j.buf[:0], p)
			f.Packets = append(f.Packets, json.RawMessage(append([]byte(nil), j.buf...)))
		}
	}
}

// flush writes the current frame, if it is to be listed, and closes it.
func (j *infoJSON) flush() {
	f := j.cur
	if f == nil {
		return
	}
	j.cur = nil
	if !j.all && len(f.Events) == 0 {
		return
	}
	b, err := json.Marshal(f)
	if err != nil { // not expected: every number is a num
		if j.err == nil {
			j.err = err
		}
		return
	}
	if j.n > 0 {
		j.w.WriteByte(',')
	}
	j.w.WriteByte('\n')
	j.w.Write(b)
	j.n++
}
