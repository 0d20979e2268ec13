package scene

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/mm2carla/viewer/format/opendrive"
)

// RoadNet is an OpenDRIVE road network sampled once and converted into
// world coordinates (metres, Z up), the counterpart of Map for CARLA's
// towns: the lanes and road marks as polylines, the signals where they
// stand, and which roads make up each junction. The lane questions
// (analysis/lanes) and the drawing (render/scenedraw) read it, so that
// neither needs to know OpenDRIVE's geometry.
//
// Every slice is read-only once built; lanes' polylines share storage
// with their neighbours' (one lane's Outer is the next one's Inner).
type RoadNet struct {
	Name      string // the header's name ("Town01")
	Roads     []NetRoad
	Lanes     []NetLane // by road, then lane section, then left lanes outward, then right lanes outward
	Marks     []NetMark
	Signals   []NetSignal
	Junctions []NetJunction
	min, max  mgl64.Vec3
}

// NetRoad is one OpenDRIVE road.
type NetRoad struct {
	ID     string
	Length float64 // of the reference line, m (Along runs 0..Length)
	// Junction is the index in RoadNet.Junctions of the junction this is
	// a connecting road of, or -1 for an ordinary road.
	Junction int
	// Start and End are what the road's start (s = 0) and end lead to.
	Start, End NetLink
	Lanes      []int // indices in RoadNet.Lanes, in order of lane section
}

// NetLink is what a road end leads to: a junction, another road's end,
// or nothing (both indices -1).
type NetLink struct {
	Junction int  // index in RoadNet.Junctions, or -1
	Road     int  // index in RoadNet.Roads, or -1
	AtStart  bool // the linked road's start, when Road is set
}

// NetLane is one lane of one lane section, sampled at S (see
// opendrive.LaneStrip): Center, Inner and Outer have a point per S.
type NetLane struct {
	Road, Section int // Road indexes RoadNet.Roads
	ID            int // the lane id: > 0 left of the reference line, < 0 right
	Type          string
	// Forward says traffic moves toward increasing S (right-hand
	// traffic: lanes with negative ids).
	Forward              bool
	S                    []float64
	Center, Inner, Outer []mgl64.Vec3
}

// NetMark is a road mark along a lane border.
type NetMark struct {
	Road, Lane          int
	Type, Color, Weight string // the file's words: "solid", "broken", "white", ...
	Width               float64
	Points              []mgl64.Vec3
}

// NetSignal is a signal where it stands.
type NetSignal struct {
	ID          string
	Name        string
	Road        int     // index in RoadNet.Roads of the road that holds it
	S           float64 // along that road
	Type        string  // "1000001" traffic light, "206" stop sign, ...
	Subtype     string
	Orientation opendrive.Orientation
	Dynamic     bool
	Pos         mgl64.Vec3 // ZOffset above the road
	Yaw         float64    // degrees, world (see Road.SignalPose)
	Height      float64
}

// Signal types the viewer acts on (OpenDRIVE's German catalogue numbers,
// as CARLA writes them).
const (
	SignalTrafficLight = "1000001"
	SignalStop         = "206"
)

// NewRoadNet samples m (tol: the chord error, opendrive.DefaultTolerance
// when 0) and converts it. It fails only when sampling does (a network
// too big to sample).
func NewRoadNet(m *opendrive.Map, tol float64) (*RoadNet, error) {
	net, err := opendrive.Sample(m, tol)
	if err != nil {
		return nil, err
	}
	rn := &RoadNet{Name: m.Header.Name, Roads: make([]NetRoad, len(m.Roads)), Junctions: make([]NetJunction, len(m.Junctions))}
	roadIx := make(map[string]int, len(m.Roads))
	for i := range m.Roads {
		roadIx[m.Roads[i].ID] = i
	}
	juncIx := make(map[string]int, len(m.Junctions))
	for i := range m.Junctions {
		juncIx[m.Junctions[i].ID] = i
		rn.Junctions[i] = NetJunction{ID: m.Junctions[i].ID, Name: m.Junctions[i].Name}
	}
	for i := range m.Roads {
		rn.Roads[i] = newNetRoad(&m.Roads[i], roadIx, juncIx)
		if j := rn.Roads[i].Junction; j >= 0 {
			rn.Junctions[j].Roads = append(rn.Junctions[j].Roads, i)
		}
	}
	rn.Lanes = make([]NetLane, len(net.Lanes))
	for i := range net.Lanes {
		rn.Lanes[i] = newNetLane(&net.Lanes[i])
		rn.Roads[rn.Lanes[i].Road].Lanes = append(rn.Roads[rn.Lanes[i].Road].Lanes, i)
	}
	rn.Marks = make([]NetMark, len(net.Marks))
	for i := range net.Marks {
		mk := &net.Marks[i]
		rn.Marks[i] = NetMark{Road: mk.Road, Lane: mk.Lane, Type: mk.Mark.Type, Color: mk.Mark.Color,
			Weight: mk.Mark.Weight, Width: mk.Mark.Width, Points: points3(mk.Points)}
	}
	for i := range m.Roads {
		r := &m.Roads[i]
		for k := range r.Signals {
			rn.Signals = append(rn.Signals, newNetSignal(r, i, &r.Signals[k]))
		}
	}
	rn.computeBounds()
	return rn, nil
}

// NetJunction is an OpenDRIVE junction and its connecting roads.
type NetJunction struct {
	ID, Name string
	Roads    []int // indices in RoadNet.Roads
}

func newNetRoad(r *opendrive.Road, roadIx, juncIx map[string]int) NetRoad {
	out := NetRoad{ID: r.ID, Length: r.Length, Junction: -1}
	if r.InJunction() {
		if j, ok := juncIx[r.Junction]; ok {
			out.Junction = j
		}
	}
	link := func(l opendrive.Link) NetLink {
		nl := NetLink{Junction: -1, Road: -1}
		switch l.Type {
		case opendrive.LinkJunction:
			if j, ok := juncIx[l.ID]; ok {
				nl.Junction = j
			}
		case opendrive.LinkRoad:
			if k, ok := roadIx[l.ID]; ok {
				nl.Road, nl.AtStart = k, l.Contact != opendrive.ContactEnd
			}
		}
		return nl
	}
	out.Start, out.End = link(r.Predecessor), link(r.Successor)
	return out
}

func newNetLane(l *opendrive.LaneStrip) NetLane {
	return NetLane{Road: l.Road, Section: l.Section, ID: l.Lane, Type: l.Type, Forward: l.Forward, S: l.S,
		Center: points3(l.Center), Inner: points3(l.Inner), Outer: points3(l.Outer)}
}

func newNetSignal(r *opendrive.Road, ri int, sg *opendrive.Signal) NetSignal {
	p, hdg := r.SignalPose(sg)
	return NetSignal{ID: sg.ID, Name: sg.Name, Road: ri, S: sg.S, Type: sg.Type, Subtype: sg.Subtype,
		Orientation: sg.Orientation, Dynamic: sg.Dynamic, Pos: FromOpenDRIVE(p), Yaw: FromOpenDRIVEHeading(hdg),
		Height: sg.Height}
}

// points3 converts a polyline. Lanes' borders are shared in the sampled
// network; converted separately here, they are equal but not shared.
func points3(ps []opendrive.Vec3) []mgl64.Vec3 {
	out := make([]mgl64.Vec3, len(ps))
	for i, p := range ps {
		out[i] = FromOpenDRIVE(p)
	}
	return out
}

// Bounds returns the box around every lane border (zero when none).
func (rn *RoadNet) Bounds() (min, max mgl64.Vec3) { return rn.min, rn.max }

func (rn *RoadNet) computeBounds() {
	lo := mgl64.Vec3{math.Inf(1), math.Inf(1), math.Inf(1)}
	hi := lo.Mul(-1)
	for i := range rn.Lanes {
		for _, ps := range [][]mgl64.Vec3{rn.Lanes[i].Inner, rn.Lanes[i].Outer} {
			for _, p := range ps {
				for k := range 3 {
					lo[k], hi[k] = math.Min(lo[k], p[k]), math.Max(hi[k], p[k])
				}
			}
		}
	}
	if lo[0] > hi[0] {
		return
	}
	rn.min, rn.max = lo, hi
}
