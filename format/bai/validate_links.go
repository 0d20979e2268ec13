package bai

import (
	"strconv"
	"strings"
)

var ruleNames = [...]string{"stop sign", "traffic light", "always stop", "never stop"}

// String names the rule ("stop sign", ...), or "rule N" for unknown values.
func (r Rule) String() string {
	if int(r) < len(ruleNames) {
		return ruleNames[r]
	}
	return "rule " + strconv.Itoa(int(r))
}

// end checks one road end of road i against the intersection it names.
func (v *validator) end(i int, start bool, e *RoadEnd) {
	ref := endRef{road: i, start: start, end: e}
	where := ref.String()
	if e.Rule > RuleNeverStop {
		v.add(Error, where, "vehicle rule %d is not one of 0-3", e.Rule)
	}
	v.point(where, "light origin", e.LightOrigin)
	v.point(where, "light target", e.LightTarget)
	if !e.Connected() {
		if e.RoadIndex != NotConnected {
			v.add(Warning, where, "not connected to an intersection, yet has road index %d", e.RoadIndex)
		}
		return
	}
	n := len(v.m.Intersections)
	if uint64(e.Intersection) >= uint64(n) {
		v.add(Error, where, "names intersection %d, but the map has %d", e.Intersection, n)
		return
	}
	x := &v.m.Intersections[e.Intersection]
	switch {
	case e.RoadIndex == NotConnected:
		v.add(Error, where, "names intersection %d but has no road index", e.Intersection)
	case uint64(e.RoadIndex) >= uint64(len(x.Roads)):
		v.add(Error, where, "road index %d is beyond intersection %d's %d roads", e.RoadIndex, e.Intersection, len(x.Roads))
	case x.Roads[e.RoadIndex] != uint32(i):
		v.add(Error, where, "road index %d of intersection %d points at road %d, not back at this road",
			e.RoadIndex, e.Intersection, x.Roads[e.RoadIndex])
	}
}

// indexEnds records which road ends name each intersection.
func (v *validator) indexEnds() {
	v.ends = make([][]endRef, len(v.m.Intersections))
	for i := range v.m.Roads {
		r := &v.m.Roads[i]
		for _, ref := range []endRef{{i, false, &r.End}, {i, true, &r.Start}} {
			if x := ref.end.Intersection; ref.end.Connected() && uint64(x) < uint64(len(v.ends)) {
				v.ends[x] = append(v.ends[x], ref)
			}
		}
	}
}

func (v *validator) intersection(i int, x *Intersection) {
	where := "intersection " + strconv.Itoa(i)
	if int(x.ID) != i {
		v.add(Error, where, "id %d differs from its index", x.ID)
	}
	if len(x.Roads) > 0xFFFF {
		v.add(Error, where, "%d roads; the format holds at most %d", len(x.Roads), 0xFFFF)
	}
	v.point(where, "centre", x.Center)
	for k, road := range x.Roads {
		if uint64(road) >= uint64(len(v.m.Roads)) {
			v.add(Error, where, "lists road %d, but the map has %d roads", road, len(v.m.Roads))
			continue
		}
		r := &v.m.Roads[road]
		named, back := false, false
		for _, e := range []*RoadEnd{&r.End, &r.Start} {
			if e.Intersection == uint32(i) {
				named = true
				back = back || e.RoadIndex == uint32(k)
			}
		}
		switch {
		case !named:
			v.add(Error, where, "lists road %d, whose ends name intersections %s and %s", road,
				interName(r.Start.Intersection), interName(r.End.Intersection))
		case !back:
			v.add(Error, where, "lists road %d at position %d, but no end of that road has road index %d", road, k, k)
		}
	}
	v.lights(where, v.ends[i])
}

func interName(x uint32) string {
	if x == NotConnected {
		return "none"
	}
	return strconv.FormatUint(uint64(x), 10)
}

// lights warns when some but not all ends at an intersection have the
// traffic-light rule: the game then blinks the lights and treats them as
// stop signs.
func (v *validator) lights(where string, ends []endRef) {
	var lit int
	var others []string
	for _, e := range ends {
		if e.end.Rule == RuleTrafficLight {
			lit++
		} else {
			others = append(others, e.String()+" ("+e.end.Rule.String()+")")
		}
	}
	if lit > 0 && len(others) > 0 {
		v.add(Warning, where, "%d of %d road ends have traffic lights, but not %s; the game blinks the lights and treats them as stop signs",
			lit, len(ends), strings.Join(others, ", "))
	}
}

// rooms checks the room numbers of roads and intersections against the
// culling lists, which have one entry per room number: the game looks a
// room's ambient traffic up there, so a number beyond them is an error.
// Room 0 (no PSDL room) is allowed by the layout but never used, since
// its culling entry is always empty.
func (v *validator) rooms() {
	n := len(v.m.Culling.Cars)
	check := func(where string, rooms []uint16) {
		var beyond []string
		for _, r := range rooms {
			switch {
			case int(r) >= n:
				beyond = append(beyond, strconv.Itoa(int(r)))
			case r == 0:
				v.add(Warning, where, "room 0 is no room (room numbers start at 1), so it never gets ambient traffic")
			}
		}
		if len(beyond) > 0 {
			v.add(Error, where, "room %s beyond the culling lists, which cover rooms 1-%d", strings.Join(beyond, ", "), n-1)
		}
	}
	for i := range v.m.Roads {
		check("road "+strconv.Itoa(i), v.m.Roads[i].Rooms)
	}
	for i := range v.m.Intersections {
		check("intersection "+strconv.Itoa(i), []uint16{v.m.Intersections[i].Room})
	}
}

func (v *validator) culling() {
	c := &v.m.Culling
	if len(c.Cars) != len(c.Peds) {
		v.add(Error, "culling", "%d car lists but %d pedestrian lists; both have one per room", len(c.Cars), len(c.Peds))
	}
	for room := range max(len(c.Cars), len(c.Peds)) {
		where := "culling room " + strconv.Itoa(room)
		for _, l := range []struct {
			name  string
			lists [][]uint16
		}{{"cars", c.Cars}, {"pedestrians", c.Peds}} {
			if room >= len(l.lists) {
				continue
			}
			roads := l.lists[room]
			if len(roads) > 0xFFFF {
				v.add(Error, where, "%s list of %d roads; the format holds at most %d", l.name, len(roads), 0xFFFF)
			}
			if room == 0 && len(roads) > 0 {
				v.add(Warning, where, "%s list has %d roads; room 0 is no room and is never used", l.name, len(roads))
			}
			for _, r := range roads {
				if int(r) >= len(v.m.Roads) {
					v.add(Error, where, "%s list names road %d, but the map has %d roads", l.name, r, len(v.m.Roads))
					break
				}
			}
		}
	}
}
