package opendrive

import (
	"slices"
	"strconv"
)

// lanes reads a road's <lanes>: lane offsets and lane sections.
func (d *decoder) lanes(r *Road) {
	for c, ok := d.child(); ok; c, ok = d.child() {
		switch c.name() {
		case "laneOffset":
			p := Poly{S: d.start(&c, "s"), Cubic: d.cubic(&c, "a", "b", "c", "d")}
			if n := len(r.LaneOffsets); n > 0 {
				d.inOrder(&c, "lane offset", r.LaneOffsets[n-1].S, p.S)
			}
			r.LaneOffsets = append(r.LaneOffsets, p)
			d.skip()
		case "laneSection":
			sec := d.section(&c, len(r.Sections))
			if n := len(r.Sections); n > 0 {
				d.inOrder(&c, "lane section", r.Sections[n-1].S, sec.S)
			}
			if d.err != nil {
				return
			}
			r.Sections = append(r.Sections, sec)
		default:
			d.skip()
		}
	}
}

// section reads one <laneSection> and puts its lanes in order from the
// centre outward, checking their ids.
func (d *decoder) section(e *elem, index int) LaneSection {
	d.push("lane section", strconv.Itoa(index))
	defer d.pop()
	sec := LaneSection{SrcLine: e.line, S: d.start(e, "s"), SingleSide: d.boolean(e, "singleSide")}
	centres := 0
	for c, ok := d.child(); ok; c, ok = d.child() {
		var side *[]Lane
		switch c.name() {
		case "left":
			side = &sec.Left
		case "right":
			side = &sec.Right
		case "center":
		default:
			d.skip()
			continue
		}
		for l, ok := d.child(); ok; l, ok = d.child() {
			if l.name() != "lane" {
				d.skip()
				continue
			}
			lane := d.lane(&l)
			switch {
			case d.err != nil:
				return sec
			case side == nil && lane.ID != 0:
				d.fail(l.line, nil, "lane %d under <center>; the centre lane is lane 0", lane.ID)
			case side == nil:
				sec.Center = lane
				centres++
			case side == &sec.Left && lane.ID <= 0:
				d.fail(l.line, nil, "lane %d under <left>; left lanes have positive ids", lane.ID)
			case side == &sec.Right && lane.ID >= 0:
				d.fail(l.line, nil, "lane %d under <right>; right lanes have negative ids", lane.ID)
			case len(*side) == maxLanesPerSide:
				d.fail(l.line, nil, "more than %d lanes on one side", maxLanesPerSide)
			default:
				*side = append(*side, lane)
			}
		}
	}
	if d.err == nil {
		d.checkSides(e, &sec, centres)
	}
	return sec
}

// checkSides sorts each side from the centre outward and checks that
// the ids run 1, 2, ... (or -1, -2, ...) without gaps or repeats, that
// there is one centre lane, and at least one lane beside it.
func (d *decoder) checkSides(e *elem, sec *LaneSection, centres int) {
	switch {
	case len(sec.Left)+len(sec.Right) == 0:
		d.fail(e.line, nil, "no lanes beside the centre lane")
		return
	case centres == 0:
		d.fail(e.line, nil, "no centre lane (lane 0)")
		return
	case centres > 1:
		d.fail(e.line, nil, "%d centre lanes; a section has one", centres)
		return
	}
	byAbs := func(a, b Lane) int { return abs(a.ID) - abs(b.ID) }
	for _, side := range []struct {
		name  string
		lanes []Lane
	}{{"left", sec.Left}, {"right", sec.Right}} {
		slices.SortStableFunc(side.lanes, byAbs)
		for i := range side.lanes {
			if abs(side.lanes[i].ID) != i+1 {
				d.fail(side.lanes[i].SrcLine, nil, "the %s lanes' ids are %v; they must run from the centre without gaps or repeats",
					side.name, laneIDs(side.lanes))
				return
			}
		}
	}
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

func laneIDs(ls []Lane) []int {
	ids := make([]int, len(ls))
	for i := range ls {
		ids[i] = ls[i].ID
	}
	return ids
}

// lane reads one <lane>: its links, widths, borders and road marks.
func (d *decoder) lane(e *elem) Lane {
	l := Lane{SrcLine: e.line, ID: d.integer(e, "id", maxLanesPerSide)}
	d.push("lane", strconv.Itoa(l.ID))
	defer d.pop()
	l.Type = d.str(e, "type")
	l.Level = d.boolean(e, "level")
	for c, ok := d.child(); ok; c, ok = d.child() {
		switch c.name() {
		case "link":
			d.laneLink(&l)
		case "width":
			l.Widths = d.widthRec(&c, "width", l.Widths)
		case "border":
			l.Borders = d.widthRec(&c, "border", l.Borders)
		case "roadMark":
			m := d.roadMark(&c)
			if n := len(l.RoadMarks); n > 0 {
				d.inOrder(&c, "road mark", l.RoadMarks[n-1].SOffset, m.SOffset)
			}
			l.RoadMarks = append(l.RoadMarks, m)
		default:
			d.skip()
		}
	}
	return l
}

// widthRec reads a <width> or <border> record and appends it to recs.
func (d *decoder) widthRec(e *elem, what string, recs []Width) []Width {
	w := Width{SOffset: d.length(e, "sOffset", what+" record"), Cubic: d.cubic(e, "a", "b", "c", "d")}
	if n := len(recs); n > 0 {
		d.inOrder(e, what+" record", recs[n-1].SOffset, w.SOffset)
	}
	d.skip()
	return append(recs, w)
}

// laneLink reads a lane's <link>: the ids of the lanes before and after.
func (d *decoder) laneLink(l *Lane) {
	for c, ok := d.child(); ok; c, ok = d.child() {
		switch c.name() {
		case "predecessor":
			l.Predecessors = append(l.Predecessors, d.integer(&c, "id", maxLaneID))
		case "successor":
			l.Successors = append(l.Successors, d.integer(&c, "id", maxLaneID))
		}
		d.skip()
	}
}

// roadMark reads a <roadMark>; its detailed <type> lines are passed over.
func (d *decoder) roadMark(e *elem) RoadMark {
	m := RoadMark{
		SOffset:    d.length(e, "sOffset", "road mark"),
		Type:       d.str(e, "type"),
		Weight:     d.str(e, "weight"),
		Color:      d.str(e, "color"),
		Material:   d.str(e, "material"),
		LaneChange: d.str(e, "laneChange"),
		Width:      d.numOr(e, "width", 0),
		Height:     d.numOr(e, "height", 0),
	}
	d.skip()
	return m
}
