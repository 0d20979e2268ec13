package opendrive

// Map is a whole OpenDRIVE file: its header, roads, junctions and signal
// controllers, in file order. Every value is in the file's own units and
// axes: metres, OpenDRIVE's x east and y north, z up, headings in radians
// counter-clockwise from x.
type Map struct {
	Header      Header
	Roads       []Road
	Junctions   []Junction
	Controllers []Controller
}

// Header is the file's <header>.
type Header struct {
	RevMajor, RevMinor int
	Name, Version      string
	Date, Vendor       string
	// North, South, East and West bound the network in x and y as the
	// writer states them; they are not checked against the roads.
	North, South, East, West float64
	// GeoReference is the PROJ string of <geoReference>, as text.
	GeoReference string
	// Offset is the 1.6 <offset> that moves the network into the
	// geoReference's frame; HasOffset tells whether the file has one.
	Offset    Offset
	HasOffset bool
}

// Offset is the header's <offset>: a translation and a rotation about z.
type Offset struct{ X, Y, Z, Hdg float64 }

// Road is one <road>. Its reference line runs along Geometry; s is the
// distance along it from the road's start, t the lateral offset (positive
// to the left of the direction of increasing s).
type Road struct {
	ID     string
	Name   string
	Length float64
	// Junction is the id of the junction this road is a connecting road
	// of, or "-1" for an ordinary road.
	Junction string
	// LeftHand is set by rule="LHT": traffic keeps left on this road.
	LeftHand bool

	Predecessor, Successor Link
	Types                  []RoadType

	Geometry       []Geometry // in order of S
	Elevation      []Poly     // in order of S
	Superelevation []Poly     // kept, not applied to points (radians of roll)
	LaneOffsets    []Poly     // in order of S
	Sections       []LaneSection

	Signals          []Signal
	SignalReferences []SignalReference

	SrcLine int // line of the <road> element in the file
}

// InJunction reports whether the road is a connecting road of a junction.
func (r *Road) InJunction() bool { return r.Junction != "" && r.Junction != "-1" }

// RoadType is a <type> record: the kind of road from S on, and its speed
// limit when given (SpeedMax 0 and SpeedUnit "" when not).
type RoadType struct {
	S         float64
	Type      string
	SpeedMax  float64
	SpeedUnit string
}

// ElementType is what a road link points at.
type ElementType uint8

// Kinds of link targets; LinkNone is a road end with no link.
const (
	LinkNone ElementType = iota
	LinkRoad
	LinkJunction
)

func (t ElementType) String() string {
	switch t {
	case LinkRoad:
		return "road"
	case LinkJunction:
		return "junction"
	}
	return "none"
}

// ContactPoint is the end of a road a link arrives at.
type ContactPoint uint8

// Contact points; ContactNone when the file gives none (links to junctions).
const (
	ContactNone ContactPoint = iota
	ContactStart
	ContactEnd
)

func (c ContactPoint) String() string {
	switch c {
	case ContactStart:
		return "start"
	case ContactEnd:
		return "end"
	}
	return "none"
}

// Link is a road's <predecessor> or <successor>.
type Link struct {
	Type    ElementType
	ID      string
	Contact ContactPoint
}

// Poly is a cubic record that starts at S along the road:
// value(s) = A + B ds + C ds² + D ds³ with ds = s - S. Elevation,
// superelevation and lane offset records have this form.
type Poly struct {
	S float64
	Cubic
}

// LaneSection is a <laneSection>: the lanes from S to the next section's
// S (or the road's end). Left holds lanes 1, 2, ... and Right lanes
// -1, -2, ..., both from the centre outward whatever the file's order;
// the decoder checks that the ids run without gaps.
type LaneSection struct {
	S          float64
	SingleSide bool
	Left       []Lane
	Center     Lane // lane 0: only its road marks matter
	Right      []Lane
	SrcLine    int
}

// Lane returns the lane with the given id, or nil if the section has none.
func (sec *LaneSection) Lane(id int) *Lane {
	switch {
	case id > 0 && id <= len(sec.Left):
		return &sec.Left[id-1]
	case id < 0 && -id <= len(sec.Right):
		return &sec.Right[-id-1]
	case id == 0:
		return &sec.Center
	}
	return nil
}

// Lane is one <lane> of a section.
type Lane struct {
	ID    int
	Type  string // "driving", "sidewalk", "shoulder", ...
	Level bool
	// Widths are width records, in order of SOffset. A lane with none
	// has Borders instead, or is of zero width.
	Widths []Width
	// Borders are border records: each gives the t of the lane's outer
	// border, measured from the reference line (not from the lane
	// offset). They are used only when the lane has no Widths, as the
	// standard says.
	Borders      []Width
	RoadMarks    []RoadMark // in order of SOffset
	Predecessors []int      // lane ids in the previous section or road
	Successors   []int
	SrcLine      int
}

// Width is a <width> or <border> record: a cubic from SOffset, measured
// from the start of the lane's section, on: ds = s - section.S - SOffset.
type Width struct {
	SOffset float64
	Cubic
}

// RoadMark is a <roadMark> record: the marking on the lane's outer border
// (the centre lane's marks are on the centre line) from SOffset on. Type,
// Weight, Color, Material and LaneChange are the file's words ("solid",
// "broken", "none", "curb", ...); Width and Height are 0 when not given.
type RoadMark struct {
	SOffset    float64
	Type       string
	Weight     string
	Color      string
	Material   string
	LaneChange string
	Width      float64
	Height     float64
}

// Junction is a <junction> and its connections.
type Junction struct {
	ID          string
	Name        string
	Type        string // "" (default) or as written: "virtual", "direct"
	Connections []Connection
	SrcLine     int
}

// Connection joins an incoming road to a connecting road of a junction;
// Contact is the connecting road's end that meets the incoming road.
type Connection struct {
	ID             string
	IncomingRoad   string
	ConnectingRoad string
	Contact        ContactPoint
	LaneLinks      []LaneLink
}

// LaneLink says lane From of the incoming road continues as lane To of
// the connecting road.
type LaneLink struct{ From, To int }

// Orientation is the direction of travel a signal applies to.
type Orientation int8

// Orientations: OrientPlus for traffic in the +s direction ("+"),
// OrientMinus for -s ("-"), OrientBoth for both ("none", or not given).
const (
	OrientBoth  Orientation = 0
	OrientPlus  Orientation = 1
	OrientMinus Orientation = -1
)

func (o Orientation) String() string {
	switch o {
	case OrientPlus:
		return "+"
	case OrientMinus:
		return "-"
	}
	return "none"
}

// Signal is a <signal>: a traffic light or sign beside a road, placed at
// (S, T) on the road and ZOffset above it.
type Signal struct {
	ID          string
	Name        string
	S, T        float64
	ZOffset     float64
	HOffset     float64 // heading offset (radians); see Road.SignalPose
	Pitch, Roll float64
	Orientation Orientation
	Dynamic     bool
	Country     string
	Type        string
	Subtype     string
	Value       float64 // 0 when not given
	Unit        string
	Text        string
	Height      float64
	Width       float64
	Validity    []Validity
	SrcLine     int
}

// Validity is the range of lanes a signal applies to.
type Validity struct{ FromLane, ToLane int }

// SignalReference places a signal defined on another road on this one too.
type SignalReference struct {
	ID          string // the signal's id
	S, T        float64
	Orientation Orientation
	Validity    []Validity
	SrcLine     int
}

// Controller is a <controller>: signals that switch together.
type Controller struct {
	ID       string
	Name     string
	Sequence int
	Controls []Control
}

// Control names one signal of a controller.
type Control struct {
	SignalID string
	Type     string
}

// MarshalText gives the enums their file words in JSON and other text
// encodings, so that dumps of a map read like the file.
func (k GeometryKind) MarshalText() ([]byte, error) { return []byte(k.String()), nil }

// MarshalText: see GeometryKind.MarshalText.
func (t ElementType) MarshalText() ([]byte, error) { return []byte(t.String()), nil }

// MarshalText: see GeometryKind.MarshalText.
func (c ContactPoint) MarshalText() ([]byte, error) { return []byte(c.String()), nil }

// MarshalText: see GeometryKind.MarshalText.
func (o Orientation) MarshalText() ([]byte, error) { return []byte(o.String()), nil }
