package app

import (
	"github.com/mm2carla/viewer/render/scenedraw"
	"github.com/mm2carla/viewer/scene"
)

// The map inspector of an OpenDRIVE map: the road or junction selected
// or under the cursor, in the file's own ids, so that a user can find it
// in the .xodr (or in CARLA's map API, which uses the same ids).

// netElementPanel writes the lines of e, an element of rn.
func netElementPanel(l *Lines, rn *scene.RoadNet, title string, e Element) {
	switch e.Kind {
	case scenedraw.ElementNetRoad:
		if e.Index >= 0 && e.Index < len(rn.Roads) {
			netRoadPanel(l, rn, title, e.Index)
		}
	case scenedraw.ElementJunction:
		if e.Index >= 0 && e.Index < len(rn.Junctions) {
			junctionPanel(l, rn, title, e.Index)
		}
	}
}

func netRoadPanel(l *Lines, rn *scene.RoadNet, title string, i int) {
	r := &rn.Roads[i]
	l.S(title).S("road ").S(r.ID).End()
	if r.Junction >= 0 && r.Junction < len(rn.Junctions) {
		l.S("part of").Tab().S("junction ").S(rn.Junctions[r.Junction].ID).S(" (a connecting road)").End()
	}
	l.S("length").Tab().F(r.Length, 1).S(" m").End()
	fwd, back, walk, other := laneCounts(rn, r)
	l.S("driving lanes").Tab().I(int64(fwd)).S(" along the road, ").I(int64(back)).S(" against it").End()
	if walk+other > 0 {
		l.S("other lanes").Tab().I(int64(walk)).S(" sidewalk, ").I(int64(other)).S(" shoulder or other").End()
	}
	netLink(l, rn, "start", r.Start)
	netLink(l, rn, "end", r.End)
	lights, stops := 0, 0
	for k := range rn.Signals {
		if sg := &rn.Signals[k]; sg.Road == i {
			switch sg.Type {
			case scene.SignalTrafficLight:
				lights++
			case scene.SignalStop:
				stops++
			}
		}
	}
	if lights+stops > 0 {
		l.S("signals").Tab().I(int64(lights)).S(" traffic lights, ").I(int64(stops)).S(" stop signs").End()
	}
}

// laneCounts counts the road's lanes of its first lane section: driving
// lanes along and against the reference line, sidewalks, the rest.
func laneCounts(rn *scene.RoadNet, r *scene.NetRoad) (fwd, back, walk, other int) {
	first := -1
	for _, li := range r.Lanes {
		ln := &rn.Lanes[li]
		if first < 0 {
			first = ln.Section
		}
		if ln.Section != first {
			break
		}
		switch {
		case ln.Type == "driving" && ln.Forward:
			fwd++
		case ln.Type == "driving":
			back++
		case ln.Type == "sidewalk":
			walk++
		default:
			other++
		}
	}
	return
}

// netLink writes what a road end leads to.
func netLink(l *Lines, rn *scene.RoadNet, name string, k scene.NetLink) {
	l.S(name).Tab()
	switch {
	case k.Junction >= 0 && k.Junction < len(rn.Junctions):
		l.S("junction ").S(rn.Junctions[k.Junction].ID)
	case k.Road >= 0 && k.Road < len(rn.Roads):
		l.S("road ").S(rn.Roads[k.Road].ID)
		if k.AtStart {
			l.S(" (its start)")
		} else {
			l.S(" (its end)")
		}
	default:
		l.S("nothing")
	}
	l.End()
}

func junctionPanel(l *Lines, rn *scene.RoadNet, title string, j int) {
	jn := &rn.Junctions[j]
	l.S(title).S("junction ").S(jn.ID)
	if jn.Name != "" && jn.Name != jn.ID {
		l.S(" \"").S(jn.Name).S("\"")
	}
	l.End()
	l.S("connecting roads").Tab().I(int64(len(jn.Roads))).End()
	l.S("roads in").Tab()
	n := 0
	for i := range rn.Roads {
		r := &rn.Roads[i]
		if r.Junction < 0 && (r.Start.Junction == j || r.End.Junction == j) {
			if n > 0 {
				l.S(", ")
			}
			l.S(r.ID)
			n++
		}
	}
	if n == 0 {
		l.S("none")
	}
	l.End()
}
