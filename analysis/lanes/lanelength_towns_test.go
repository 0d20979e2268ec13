package lanes_test

import (
	"fmt"
	"log"
	"math"
	"slices"
	"testing"

	"github.com/mm2carla/viewer/analysis/lanes"
	"github.com/mm2carla/viewer/analysis/towns"
	"github.com/mm2carla/viewer/format/opendrive"
	"github.com/mm2carla/viewer/internal/drivetest"
	"github.com/mm2carla/viewer/scene"
)

// builtinNet reads a built-in town's road network.
func builtinNet(name string) (*scene.RoadNet, error) {
	data, err := towns.BuiltinData(name)
	if err != nil {
		return nil, err
	}
	od, err := opendrive.DecodeBytes(data)
	if err != nil {
		return nil, err
	}
	return scene.NewRoadNet(od, 0)
}

// entryLanePath is the centre of lane l through every lane section of
// its road in the network, in its direction of travel.
func entryLanePath(rn *scene.RoadNet, l lanes.LaneRef) drivetest.Path {
	var p drivetest.Path
	forward := l.Side == lanes.SideB
	for _, li := range rn.Roads[l.Road].Lanes {
		nl := &rn.Lanes[li]
		if nl.Type == "driving" && nl.Forward == forward && (nl.ID == int(l.Lane)+1 || nl.ID == -int(l.Lane)-1) {
			for _, c := range nl.Center {
				if len(p) == 0 || p[len(p)-1] != c { // a lane section starts where the last ended
					p = append(p, c)
				}
			}
		}
	}
	if !forward {
		slices.Reverse(p)
	}
	return p
}

// TestLaneToEndTowns scans every junction entry of CARLA's eight
// built-in towns: on each entering driving lane, points on its centre
// 0.5 m to 6 m before its end (walked along the file's lane, each placed
// by Locate on that lane). It logs, for each town, where the reference
// line's measure (ToEnd) differs most from the lane's (ToEndOnLane), the
// figure lanelength.go's comment gives, and where the lane is longer by
// the most (there a car that stood before the line was taken for one
// past it); and it holds the lane's measure
// to within 10 cm of the distance walked everywhere.
func TestLaneToEndTowns(t *testing.T) {
	overall := 0.0
	for _, name := range towns.Builtin() {
		rn, err := builtinNet(name)
		if err != nil {
			t.Fatal(err)
		}
		o := lanes.NewOpenDRIVE(rn)
		worst, miss, where, n := 0.0, 0.0, "", 0
		longer, longerAt := 0.0, "" // the most the lane is longer: a car standing before its line taken for one past it
		for _, ent := range o.Entries() {
			e := o.End(ent.Key.Road, ent.Key.AtStart)
			for _, el := range o.EntryLanes(ent.Key) {
				path := entryLanePath(rn, el.Lane)
				for back := 0.5; back <= min(6, path.Length()); back += 0.5 {
					p, _ := path.At(path.Length()-back, 0)
					loc := o.Locate(p)
					if loc.Place != lanes.OnRoad || loc.Road != ent.Key.Road || !loc.HasLane || loc.Lane.Lane != el.Lane {
						continue // the junction's area reaches back over the road, or another lane is nearer
					}
					lane, ref := lanes.ToEndOnLane(o, e, el.Lane, loc.Along, p), lanes.ToEnd(o, e, loc.Along)
					n++
					if d := math.Abs(lane - ref); d > worst {
						worst, where = d, fmt.Sprintf("road %d %s, lane %d, %.1f m back (lane %.2f m, reference line %.2f m)",
							o.RoadID(ent.Key.Road), endName(ent.Key.AtStart), el.Lane.Lane+1, back, lane, ref)
					}
					if d := lane - ref; d > longer {
						longer, longerAt = d, fmt.Sprintf("road %d %s lane %d %.1f m back", o.RoadID(ent.Key.Road), endName(ent.Key.AtStart), el.Lane.Lane+1, back)
					}
					if d := math.Abs(lane - back); d > miss {
						miss = d
						if d > 0.1 {
							t.Errorf("%s road %d %s lane %v, %.1f m back along the lane: ToEndOnLane %.2f m",
								name, o.RoadID(ent.Key.Road), endName(ent.Key.AtStart), el.Lane, back, lane)
						}
					}
				}
			}
		}
		if n == 0 {
			t.Errorf("%s: no entry lane measured", name)
		}
		overall = max(overall, worst)
		t.Logf("%s: %d points; the reference line differs from the lane by up to %.2f m at %s; the lane longer by up to %.2f m at %s; the lane's measure misses by %.4f m",
			name, n, worst, where, longer, longerAt, miss)
	}
	t.Logf("all towns: up to %.2f m", overall)
}

func endName(atStart bool) string {
	if atStart {
		return "start"
	}
	return "end"
}

// ToEndOnLane is how far a car still drives in its lane to the end its
// lane enters the junction by. Here a point 6.5 m before the line on the
// rightmost lane of Town04 road 38's start, which bends into the
// junction: the reference line puts it 1.8 m nearer.
func ExampleToEndOnLane() {
	rn, err := builtinNet("Town04")
	if err != nil {
		log.Fatal(err)
	}
	m := lanes.NewOpenDRIVE(rn)
	for r := range m.Roads() {
		if m.RoadID(r) != 38 {
			continue
		}
		ls := m.EntryLanes(lanes.EndKey{Road: r, AtStart: true})
		right := ls[0].Lane // the outermost: the highest index on its side
		for _, l := range ls {
			if l.Lane.Lane > right.Lane {
				right = l.Lane
			}
		}
		path := entryLanePath(rn, right)
		p, _ := path.At(path.Length()-6.5, 0)
		loc := m.Locate(p)
		end := lanes.EndAhead(m, loc.Lane.Lane)
		fmt.Printf("%v, into junction %d\n", loc.Lane.Lane, m.IntersectionID(end.Intersection))
		fmt.Printf("along the lane %.2f m, along the reference line %.2f m\n",
			lanes.ToEndOnLane(m, end, loc.Lane.Lane, loc.Along, p), lanes.ToEnd(m, end, loc.Along))
	}
	// Output:
	// road 38 side A lane 5, into junction 1593
	// along the lane 6.50 m, along the reference line 4.74 m
}

// AlongOnLane gives two cars in one lane the distance the one behind
// drives to where the other is. Here two points 10 m apart on the outer
// lane of Town05 road 24's sharp bend (Along 60 to 76), driven against
// the road's direction: the reference line puts them 2.3 m nearer, and
// a close call's gap would be short by as much.
func ExampleAlongOnLane() {
	rn, err := builtinNet("Town05")
	if err != nil {
		log.Fatal(err)
	}
	m := lanes.NewOpenDRIVE(rn)
	for r := range m.Roads() {
		if m.RoadID(r) != 24 {
			continue
		}
		outer := lanes.LaneRef{Road: int32(r), Side: lanes.SideA, Lane: 1} // OpenDRIVE lane 2
		path := entryLanePath(rn, outer)
		var at, ref [2]float64                // each point's distance from the road's start: along the lane, along the reference line
		for i, s := range []float64{60, 70} { // metres along the lane from the road's end it starts at
			p, _ := path.At(s, 0)
			loc := m.Locate(p)
			at[i], ref[i] = lanes.AlongOnLane(m, outer, loc.Along, p), loc.Along
		}
		fmt.Printf("%v: along the lane %.2f m apart, along the reference line %.2f m\n",
			outer, at[0]-at[1], ref[0]-ref[1])
	}
	// Output:
	// road 24 side A lane 1: along the lane 10.00 m apart, along the reference line 7.68 m
}
