package scene

import (
	"io"

	"github.com/mm2carla/viewer/format/recorder"
)

// A decoder reads one piece of a file (pieces.go): it finds the piece's
// first frame, reads its frames whole, checks every packet as a Reader from
// the start of the file would, notes which actors the animation, light and
// kinematics packets name for the first time (firsts) and sums the
// actors' steps (movement.go).

// decoder reads and checks pieces.
type decoder struct {
	src    io.ReaderAt
	mapped *fileMap // the file's mapping, read instead of src (mapped.go); nil: read src
	size   int64
	plen   int64 // pieceSize, or less in tests
	body   int64 // where the frames begin
	key    int64 // keyframe spacing (keySpacing)
	rd     *recorder.Reader
	trk    tracker
	// seen[g][id] is the generation of the piece in which id was last
	// named by group g's packets (0 after a spawn of id).
	seen [len(skimGroups)][]uint32
	gen  uint32
	// last[g] is what group g's last packet named, when each of them has
	// been noted since (lastOK): most frames name the same actors again,
	// and such a packet names none of them for the first time.
	last         [len(skimGroups)][]uint32
	lastOK       [len(skimGroups)]bool
	onlyA, onlyB []int32 // align's scratch
	// moment, for OpenAt's decoders: they take no steps (tracker.noSteps)
	// and mark the keyframe candidates only in a piece that may hold the
	// moment.
	moment *momentCut
}

// momentCut is what OpenAt's decoders need to know of its moment.
type momentCut struct {
	until float64 // the moment; the scan stops at the first frame after it
}

// Packets of fixed-size records: a decoder checks them without decoding
// (recorder.Reader.Ignore checks their size), and reads only the actor ids
// of the animation, light and kinematics ones, for the firsts.
var (
	checkOnly = []recorder.PacketID{recorder.IDPosition, recorder.IDTrafficLight, recorder.IDBoundingBox,
		recorder.IDTrafficLightTime, recorder.IDTriggerVolume, recorder.IDBikerAnimation, recorder.IDVehicleDoor}
	idsOnly = []recorder.PacketID{recorder.IDVehicleAnimation, recorder.IDWalkerAnimation, recorder.IDVehicleLight,
		recorder.IDKinematics}
)

// decode reads the frames that start in [lo, hi) into p, from start if it
// is known (>= 0), else from the first frame FindFrame finds at or after
// lo; ix gives the header and the layout to check with.
func (d *decoder) decode(p *piece, lo, hi, start int64, ix *recorder.Index) {
	p.start, p.data, p.bad, p.knew, p.faulted, p.mapped = -1, nil, false, ix, false, false
	p.firsts, p.ends = p.firsts[:0], p.ends[:0]
	p.marks, p.moves, p.firstMoves = p.marks[:0], p.moves[:0], p.firstMoves[:0]
	p.frames = p.frames[:0]
	if start < 0 {
		if start = d.sync(p, lo, hi); start < 0 {
			return
		}
	} else {
		p.start = start
		if start >= hi {
			return // the scan is past the stretch: none of its frames is left
		}
		if !d.read(p, start, min(hi+d.tail(), d.size)) {
			p.bad = true
			return
		}
	}
	p.start = start
	n := d.frames(p, hi)
	d.check(p, n, ix)
}

// sync reads from lo into p.buf and finds the first frame starting in
// [lo, hi); -1 if none does (or none can be told).
func (d *decoder) sync(p *piece, lo, hi int64) int64 {
	if !d.read(p, lo, min(hi+d.tail(), d.size)) {
		return -1
	}
	frames := 2
	if lo+int64(len(p.buf)) == d.size {
		frames = 1 // the file's last frame has none after it
	}
	i := recorder.FindFrame(p.buf, 0, frames)
	if i < 0 || lo+int64(i) >= hi {
		return -1
	}
	p.at = i
	return lo + int64(i)
}

// frames finds, in p.buf from p.at, the whole frames that start before hi
// (reading more as needed), and returns their length; p.bad is set if
// they stop early.
func (d *decoder) frames(p *piece, hi int64) int {
	n := 0
	for p.start+int64(n) < hi {
		l, ok := recorder.FrameLen(p.buf[p.at+n:])
		if !ok {
			p.bad = true
			break
		}
		if l == 0 {
			if p.start+int64(len(p.buf)-p.at) == d.size || !d.grow(p) {
				p.bad = true // cut short: the scan reads it and says so
				break
			}
			continue
		}
		n += l
	}
	return n
}

// tailRead is how far past its stretch a piece is read at first, for the
// end of its last frame; a longer frame reads more (grow). What is read
// past the last frame is read again by the next piece, so it is short.
const tailRead = 128 << 10

// tail is tailRead, or the piece length if shorter (tests).
func (d *decoder) tail() int64 { return min(tailRead, d.plen) }

// read fills p.buf with the bytes [off, end) of the file: the mapping's,
// or read into the piece's own buffer.
func (d *decoder) read(p *piece, off, end int64) bool {
	if d.mapped != nil {
		p.buf, p.at, p.mapped = d.mapped.bytes(off, end), 0, true
		return true
	}
	n := int(end - off)
	if cap(p.mem) < n {
		p.mem = make([]byte, n, n+n/8)
	}
	p.buf, p.at = p.mem[:n], 0
	k, err := d.src.ReadAt(p.buf, off)
	if k < n && err != nil {
		p.buf = p.buf[:0]
		return false
	}
	return true
}

// grow reads more of the file after what p.buf holds: a frame is longer
// than what was read. It doubles what is read, so a frame of any length
// costs a few reads.
func (d *decoder) grow(p *piece) bool {
	have := int64(len(p.buf) - p.at)
	more := min(max(have, d.tail()), d.size-p.start-have)
	if d.mapped != nil {
		p.buf, p.at = d.mapped.bytes(p.start, p.start+have+more), 0
		return true
	}
	if int64(cap(p.buf)-p.at) < have+more {
		nb := make([]byte, have, have+more+(have+more)/8)
		copy(nb, p.buf[p.at:])
		p.buf, p.at, p.mem = nb, 0, nb
	}
	p.buf = p.buf[:int64(p.at)+have+more]
	k, err := d.src.ReadAt(p.buf[int64(p.at)+have:], p.start+have)
	if int64(k) < more && err != nil {
		p.buf = p.buf[:int64(p.at)+have]
		return false
	}
	return true
}

// check decodes the n bytes of frames, as a Reader of the whole file
// would, noting the firsts and the actors' movements; a packet that does
// not decode ends the piece before its frame (the frames before it are
// then checked again alone, so that nothing of the bad frame is kept).
//
// OpenAt's decoder marks the keyframe candidates only if a frame of the
// piece is later than the moment (or its time is not a number): the scan
// stops in such a piece and keeps its keyframes (scanner.momentKeys). It
// learns that at the end of the piece and then decodes the piece again,
// which happens in one or two pieces of the file. Not when the piece's
// first frame is already later: the scan stops at that frame, if it gets
// there, and the marks every pass makes (at the piece's first frame and
// its links) are all it needs; the decoders take such pieces after the
// moment's until the scan tells them to only check (lightFrom).
func (d *decoder) check(p *piece, n int, ix *recorder.Index) {
	p.keyMarks = d.moment == nil
	ok, good, late := d.pass(p, n, ix)
	if !ok {
		p.bad = true
		n = good
		d.clear(p)
		_, _, late = d.pass(p, n, ix)
	}
	if late && !p.keyMarks && !p.light && !d.startsLate(p) {
		p.keyMarks = true
		d.clear(p)
		d.pass(p, n, ix)
	}
	p.data = p.buf[p.at : p.at+n]
}

// startsLate reports whether piece p, not the file's first, begins with a
// frame later than OpenAt's moment: the frame times the scan keeps
// (pastMoment) are at least that one's from there on, so the scan stops
// at that frame. (A time that is not a number does not count: the scan
// skips it. Nor does the first frame: a moment before it is its own.)
func (d *decoder) startsLate(p *piece) bool {
	return p.start > d.body && len(p.frames) > 0 && p.frames[0].Elapsed > d.moment.until
}

// clear forgets what a pass found, for another.
func (d *decoder) clear(p *piece) {
	p.firsts, p.ends = p.firsts[:0], p.ends[:0]
	p.marks, p.moves, p.firstMoves = p.marks[:0], p.moves[:0], p.firstMoves[:0]
	p.frames = p.frames[:0]
}

// pass is one decoding of the n bytes of frames; it reports whether they
// all decode, and if not the length of the frames before the bad one; and
// whether a frame is later than OpenAt's moment.
func (d *decoder) pass(p *piece, n int, ix *recorder.Index) (ok bool, good int, late bool) {
	d.gen++
	d.lastOK = [len(skimGroups)]bool{}
	d.trk.reset()
	if d.rd == nil {
		d.rd = new(recorder.Reader)
	}
	d.rd.ResetBytes(p.buf[p.at:p.at+n], p.start, ix)
	if p.light {
		d.rd.Skim()
		d.rd.Ignore(append(checkOnly[:len(checkOnly):len(checkOnly)], idsOnly...)...)
	} else {
		d.rd.Skim(idsOnly...)
		d.rd.Ignore(checkOnly...)
	}
	end := p.start + int64(n)
	f, frameStart, prevStart, lastEnd := int32(-1), p.start, int64(0), p.start
	dt, elapsed := 0.0, 0.0
	key, inFrame := false, false
	for {
		pk, err := d.rd.Next()
		if err == io.EOF {
			return true, n, late
		}
		if err != nil {
			if !inFrame {
				frameStart = lastEnd
			}
			return false, int(frameStart - p.start), late
		}
		switch pk := pk.(type) {
		case *recorder.FrameStart:
			f++
			inFrame = true
			p.frames = append(p.frames, recorder.FrameInfo{Offset: d.rd.Offset(), Frame: pk.Frame, Elapsed: pk.Elapsed, Duration: pk.Duration})
			if d.moment != nil && !(pk.Elapsed <= d.moment.until) {
				late = true
			}
			if p.light {
				continue
			}
			prevStart, frameStart = frameStart, d.rd.Offset()
			key = f == 0 || (frameStart-d.body)/d.key > (prevStart-d.body)/d.key
			if f > 0 {
				dt = pk.Elapsed - elapsed
			}
			elapsed = pk.Elapsed
		case *recorder.FrameEnd:
			inFrame, lastEnd = false, d.rd.Offset()+5
			p.frames[len(p.frames)-1].End = lastEnd
			if p.light {
				continue
			}
			d.trk.frameEnd(f, dt, p)
			if (key && (p.keyMarks || f == 0)) || d.rd.Offset()+5 == end {
				d.trk.mark(p, f, false)
			}
		case *recorder.EventAdd:
			if p.light {
				continue
			}
			for i := range pk.Actors {
				d.forget(pk.Actors[i].ID)
				d.trk.spawn(pk.Actors[i].ID, pk.Actors[i].Location, f)
			}
		case *recorder.EventDel:
			if p.light {
				continue
			}
			for _, id := range pk.IDs {
				d.trk.destroy(id)
			}
		case *recorder.EventParent:
			if len(pk.Links) > 0 && !p.light {
				d.trk.mark(p, f, true)
			}
		case *recorder.Raw:
			if recorder.PacketID(pk.WireID) == recorder.IDPosition && !p.light {
				d.trk.position(recorder.NewPositionView(pk.Data, d.rd.Layout()), f)
			}
		case *recorder.Skimmed:
			if k := skimIndex(pk.Type); k >= 0 {
				d.note(p, k, pk.IDs)
			}
		}
	}
}

// skimIndex is the index in skimGroups of the packet, or -1.
func skimIndex(id recorder.PacketID) int {
	for k := range skimGroups {
		if skimGroups[k].id == id {
			return k
		}
	}
	return -1
}

// maxSeen bounds the ids the decoder keeps a generation for; an id above
// it counts as named for the first time every time (correct, only slower).
const maxSeen = 1 << 22

// note appends to p the ids the packet of group k names for the first
// time in the piece: when the group's packet before was noted whole
// (lastOK), only the ids align does not pair with one of it.
func (d *decoder) note(p *piece, k int, ids []uint32) {
	if d.lastOK[k] {
		var ok bool
		if d.onlyA, d.onlyB, ok = align(d.last[k], ids, d.onlyA[:0], d.onlyB[:0]); ok {
			for _, j := range d.onlyB {
				d.lastOK[k] = d.first(p, k, ids[j]) && d.lastOK[k]
			}
			p.ends = append(p.ends, int32(len(p.firsts)))
			d.last[k] = append(d.last[k][:0], ids...)
			return
		}
	}
	ok := true
	for _, id := range ids {
		ok = d.first(p, k, id) && ok
	}
	p.ends = append(p.ends, int32(len(p.firsts)))
	d.last[k], d.lastOK[k] = append(d.last[k][:0], ids...), ok
}

// first appends id to p's firsts if group k names it for the first time
// in the piece; it reports whether the id has a generation (seen), which
// an id of maxSeen or more has not.
func (d *decoder) first(p *piece, k int, id uint32) bool {
	if id >= maxSeen {
		p.firsts = append(p.firsts, id)
		return false
	}
	seen := d.seen[k]
	if int(id) >= len(seen) {
		seen = append(seen, make([]uint32, int(id)+1-len(seen)+len(seen)/2)...)
		d.seen[k] = seen
	}
	if seen[id] != d.gen {
		seen[id] = d.gen
		p.firsts = append(p.firsts, id)
	}
	return true
}

// forget makes the next packet naming id name it for the first time: a
// spawn makes a new actor.
func (d *decoder) forget(id uint32) {
	for k := range d.seen {
		if int(id) < len(d.seen[k]) {
			// Every id of a group's last packet has this piece's
			// generation: one without it is not there to pair.
			if d.seen[k][id] == d.gen {
				d.lastOK[k] = false
			}
			d.seen[k][id] = 0
		}
	}
}
