package app

import (
	"github.com/mm2carla/viewer/render/scenedraw"
	"github.com/mm2carla/viewer/scene"
)

// The map inspector: the road or intersection selected, or under the
// cursor when nothing is selected.

func (a *App) buildElementPanel() {
	l := &a.txt.element
	l.Reset()
	m := a.Map()
	e := a.sel.element
	title := "Selected "
	if e.Kind == scenedraw.ElementNone {
		e, title = a.sel.hover, "Under the cursor: "
	}
	if rn := a.Roads(); rn != nil {
		netElementPanel(l, rn, title, e)
		return
	}
	if m == nil || e.Kind == scenedraw.ElementNone {
		return
	}
	switch e.Kind {
	case scenedraw.ElementRoad:
		if e.Index < len(m.Roads) {
			roadPanel(l, m, title, e.Index)
		}
	case scenedraw.ElementIntersection:
		if e.Index < len(m.Intersections) {
			intersectionPanel(l, m, title, e.Index)
		}
	}
}

func roadPanel(l *Lines, m *scene.Map, title string, i int) {
	r := &m.Roads[i]
	l.S(title).S("road ").I(int64(r.ID))
	if r.ID != i { // the file's id and its place in the file can differ
		l.S("  (index ").I(int64(i)).S(")")
	}
	l.End()
	l.S("flags").Tab()
	appendRoadFlags(l, r.Flags)
	l.End()
	l.S("lanes").Tab().S("A ").I(int64(len(r.SideA.Lanes))).S(" (end to start), B ").
		I(int64(len(r.SideB.Lanes))).S(" (start to end)").End()
	l.S("sidewalks").Tab().S("A ").I(int64(len(r.SideA.Sidewalks))).S(", B ").I(int64(len(r.SideB.Sidewalks))).End()
	if n := len(r.SideA.Trams) + len(r.SideB.Trams) + len(r.SideA.Trains) + len(r.SideB.Trains); n > 0 {
		l.S("rails").Tab().S("trams ").I(int64(len(r.SideA.Trams) + len(r.SideB.Trams))).
			S(", trains ").I(int64(len(r.SideA.Trains) + len(r.SideB.Trains))).End()
	}
	length := 0.0
	if n := len(r.Distance); n > 0 {
		length = r.Distance[n-1]
	}
	l.S("size").Tab().F(length, 1).S(" m long, ").F(2*r.HalfWidth, 1).S(" m wide, ").
		I(int64(len(r.Centre))).S(" sections").End()
	l.S("base speed").Tab().F(r.BaseSpeed, 1).End()
	roadEnd(l, m, "start", &r.Start)
	roadEnd(l, m, "end", &r.End)
}

func roadEnd(l *Lines, m *scene.Map, name string, e *scene.RoadEnd) {
	l.S(name).Tab().S(e.Rule.String())
	if e.HasLight {
		l.S(", has a light")
	}
	l.End()
	l.Tab()
	if e.Intersection < 0 || e.Intersection >= len(m.Intersections) {
		l.S("not connected").End()
		return
	}
	in := &m.Intersections[e.Intersection]
	l.S("intersection ").I(int64(in.ID)).S(": roads ")
	appendRoadIDs(l, m, in.Roads)
	l.End()
}

func intersectionPanel(l *Lines, m *scene.Map, title string, i int) {
	in := &m.Intersections[i]
	l.S(title).S("intersection ").I(int64(in.ID))
	if in.ID != i {
		l.S("  (index ").I(int64(i)).S(")")
	}
	l.End()
	c := in.Center
	l.S("centre").Tab().S("x ").F(c[0], 1).S("  y ").F(c[1], 1).S("  z ").F(c[2], 1).S(" m").End()
	l.S("roads").Tab().I(int64(len(in.Roads))).S(": ")
	appendRoadIDs(l, m, in.Roads)
	l.End()
	for _, ri := range in.Roads {
		if ri < 0 || ri >= len(m.Roads) {
			continue
		}
		r := &m.Roads[ri]
		e := &r.End
		if r.Start.Intersection == i {
			e = &r.Start
		}
		l.Tab().S("road ").I(int64(r.ID)).S(": ").S(e.Rule.String())
		if e.HasLight {
			l.S(", light")
		}
		l.End()
	}
}

func appendRoadIDs(l *Lines, m *scene.Map, roads []int) {
	for k, ri := range roads {
		if k > 0 {
			l.S(", ")
		}
		if ri < 0 || ri >= len(m.Roads) {
			l.S("?")
			continue
		}
		l.I(int64(m.Roads[ri].ID))
	}
}

// roadFlagNames names bai.Flag* bits, lowest bit first.
var roadFlagNames = [...]string{"divided", "alley", "freeway", "flat"}

func appendRoadFlags(l *Lines, f uint16) { appendBits(l, uint64(f), roadFlagNames[:]) }
