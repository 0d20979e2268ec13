package lanes

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
)

// junctionEntry is a junction junctionEntry of an OpenDRIVE map: a road end through
// which the traffic of one or more driving lanes enters a junction, and
// the stop line across those lanes. Only ordinary roads have entries;
// the lanes entering are a road's lanes of its last lane section moving
// toward increasing s (at its end) or of its first moving against s (at
// its start).
type junctionEntry struct {
	key   EndKey
	inter int
	inner mgl64.Vec3 // the stop line's end at the innermost entering lane (the road's centre side)
	outer mgl64.Vec3 // and at the outermost one (the kerb side)
	dir   mgl64.Vec2 // unit direction of travel across the stop line
}

// junctionEntries lists every junction junctionEntry of the network, in order
// of road and then start before end.
func (o *OpenDRIVE) junctionEntries() []junctionEntry {
	rn := o.net
	var out []junctionEntry
	for r := range rn.Roads {
		rd := &rn.Roads[r]
		if rd.Junction >= 0 || len(rd.Lanes) == 0 {
			continue
		}
		for _, atStart := range []bool{true, false} {
			link := rd.End
			if atStart {
				link = rd.Start
			}
			if link.Junction < 0 {
				continue
			}
			if e, ok := o.entryAt(r, atStart); ok {
				e.inter = link.Junction
				out = append(out, e)
			}
		}
	}
	return out
}

// entryAt makes the junctionEntry at one end of road r from the driving lanes of
// the end's lane section that move toward that end; false when none do.
func (o *OpenDRIVE) entryAt(r int, atStart bool) (junctionEntry, bool) {
	rn := o.net
	lanes := rn.Roads[r].Lanes
	sec := rn.Lanes[lanes[len(lanes)-1]].Section
	if atStart {
		sec = rn.Lanes[lanes[0]].Section
	}
	e := junctionEntry{key: EndKey{Road: r, AtStart: atStart}}
	innerID, outerID := math.MaxInt, -1
	var dir mgl64.Vec2
	for _, li := range lanes {
		l := &rn.Lanes[li]
		if l.Section != sec || l.Type != "driving" || l.Forward == atStart || len(l.Center) < 2 {
			continue
		}
		n := len(l.Center)
		at, before := n-1, n-2
		if atStart {
			at, before = 0, 1
		}
		id := l.ID
		if id < 0 {
			id = -id
		}
		if id < innerID {
			innerID, e.inner = id, l.Inner[at]
		}
		if id > outerID {
			outerID, e.outer = id, l.Outer[at]
		}
		dir = dir.Add(l.Center[at].Vec2().Sub(l.Center[before].Vec2()))
	}
	if outerID < 0 || dir.Len() == 0 {
		return junctionEntry{}, false
	}
	e.dir = dir.Normalize()
	return e, true
}

// Entry is a junction entry of an OpenDRIVE map, for drawing its stop
// line: the road end, the line's ends across the entering driving lanes
// (Inner on the road's centre side, Outer on the kerb side, on the
// road's surface where the lanes end) and the unit direction of travel
// across it on the ground.
type Entry struct {
	Key          EndKey
	Inner, Outer mgl64.Vec3
	Dir          mgl64.Vec2
}

// Entries lists the map's junction entries: every end of an ordinary
// road through which driving lanes enter a junction, by road and then
// start before end. EndLights' keys that are not the map's lights are
// among them.
func (o *OpenDRIVE) Entries() []Entry {
	ents := o.junctionEntries()
	out := make([]Entry, len(ents))
	for i, e := range ents {
		out[i] = Entry{Key: e.key, Inner: e.inner, Outer: e.outer, Dir: e.dir}
	}
	return out
}
