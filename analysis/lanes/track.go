package lanes

import (
	"math"
	"sort"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/mm2carla/viewer/scene"
)

// Place says where a vehicle is on the map.
type Place uint8

// Places. NoMap is every sample of an association built without a map.
const (
	NoMap Place = iota
	OffMap
	OnRoad
	InIntersection
)

var placeNames = [...]string{"no map", "off the map", "on a road", "in an intersection"}

func (p Place) String() string {
	if int(p) < len(placeNames) {
		return placeNames[p]
	}
	return "Place(?)"
}

// Sample is one vehicle at one frame, as the association found it.
type Sample struct {
	Time  float64    // seconds since the recording began
	Pos   mgl64.Vec3 // world metres
	Yaw   float64    // the way it faces, degrees counter-clockwise from +X
	Speed float64    // m/s, from its positions over time
	Place Place
	// Road and Intersection are indices into the Map: Road (with Lane,
	// Offset, HeadingError, Along) when Place is OnRoad, Intersection when
	// InIntersection; -1 otherwise.
	Road, Intersection int
	// HasLane is false on a road without lanes.
	HasLane bool
	Lane    LaneRef
	// Offset is the signed distance from the nearest lane curve of the
	// road, + left of the lane's direction of travel (m).
	Offset float64
	// HeadingError is the angle from the lane's direction of travel to
	// the direction of motion, degrees in (-180, 180], + counter-
	// clockwise. NaN when the vehicle stands (slower than StandingSpeed):
	// a standing vehicle has no direction of motion.
	HeadingError float64
	// Along is the distance along the road from its start (m).
	Along float64
	// Reversing is true when it moves backwards: its motion points away
	// from the way it faces.
	Reversing bool
	// Type is the kind of lane it is in, when OnRoad (see
	// Location.Type).
	Type LaneType
}

// StandingSpeed is the speed (m/s) under which a vehicle's direction of
// motion is not defined.
const StandingSpeed = 0.3

// sample is Sample stored in 32 bytes: a 20-minute recording of 200
// vehicles at 20 Hz has 4.8 million. Positions and distances are float32
// (millimetres at 10 km), angles hundredths of a degree, offsets
// millimetres (clamped to +-32 m, beyond any road's width).
type sample struct {
	pos    [3]float32
	along  float32
	speed  float32
	place  int32 // road or intersection index, -1 off the map
	yaw    int16 // centidegrees
	herr   int16 // centidegrees; noHeading when standing
	offset int16 // mm
	lane   uint8
	flags  uint8
}

const (
	noHeading = math.MinInt16

	flagPlace     = 3 // mask of the Place
	flagSideB     = 1 << 2
	flagReversing = 1 << 3
	flagLane      = 1 << 4
	typeShift     = 5 // the LaneType in the top three bits
)

// centi returns an angle in hundredths of a degree, in [-18000, 18000).
func centi(deg float64) int16 {
	c := math.Round(scene.WrapDegrees(deg) * 100)
	if c >= 18000 {
		c -= 36000
	}
	return int16(c)
}

// decode writes the sample, taken at time t, to out, every field of it.
func (s *sample) decode(t float64, out *Sample) {
	*out = Sample{Time: t, Pos: s.position(),
		Yaw: float64(s.yaw) / 100, Speed: float64(s.speed), Place: Place(s.flags & flagPlace),
		Road: -1, Intersection: -1, HeadingError: nan, Reversing: s.flags&flagReversing != 0}
	switch out.Place {
	case OnRoad:
		out.Road, out.Along = int(s.place), float64(s.along)
		out.Type = LaneType(s.flags >> typeShift)
		out.HasLane = s.flags&flagLane != 0
		if out.HasLane {
			side := SideA
			if s.flags&flagSideB != 0 {
				side = SideB
			}
			out.Lane = LaneRef{Road: s.place, Side: side, Lane: s.lane}
			out.Offset = float64(s.offset) / 1000
			if s.herr != noHeading {
				out.HeadingError = float64(s.herr) / 100
			}
		}
	case InIntersection:
		out.Intersection = int(s.place)
	}
}

// Track is one vehicle's samples at consecutive frames of an
// Association, from the frame it was first seen to the last: an actor id
// used again after its actor was destroyed starts a new Track.
type Track struct {
	ID        uint32
	Blueprint string
	Kind      scene.Kind
	// Length and Width are the vehicle's box (m).
	Length, Width float64
	// Ahead is how far the box's centre lies ahead of the recorded
	// location (m, along the vehicle): CARLA places a vehicle's box by
	// its blueprint, not always centred on the actor (6 cm ahead on the
	// 0.9.10 recording's car); the demo's boxes are centred (0).
	Ahead float64
	// First is the index in Association.Times of the first sample.
	First int
	times []float64 // the association's frame times
	s     []sample
}

// Front returns how far the vehicle's front lies ahead of its recorded
// location (m): half its box's length from the box's centre.
func (t *Track) Front() float64 { return t.Length/2 + t.Ahead }

// Back returns how far the vehicle's back lies behind its recorded
// location (m): half its box's length from the box's centre.
func (t *Track) Back() float64 { return t.Length/2 - t.Ahead }

// Len returns the number of samples.
func (t *Track) Len() int { return len(t.s) }

// Time returns the time of sample i.
func (t *Track) Time(i int) float64 { return t.times[t.First+i] }

// Start and End return the times of the first and last samples.
func (t *Track) Start() float64 { return t.Time(0) }

// End returns the time of the last sample.
func (t *Track) End() float64 { return t.Time(len(t.s) - 1) }

// At returns sample i.
func (t *Track) At(i int) Sample {
	var s Sample
	t.Read(i, &s)
	return s
}

// Read sets s to sample i: At without copying the Sample out, for a loop
// over millions (the fault rules read every sample of every track).
func (t *Track) Read(i int, s *Sample) { t.s[i].decode(t.Time(i), s) }

// Pos returns the position of sample i (for trails: no decoding of the
// rest).
func (t *Track) Pos(i int) mgl64.Vec3 { return t.s[i].position() }

func (s *sample) position() mgl64.Vec3 {
	return mgl64.Vec3{float64(s.pos[0]), float64(s.pos[1]), float64(s.pos[2])}
}

// Speed returns the speed of sample i (m/s).
func (t *Track) Speed(i int) float64 { return float64(t.s[i].speed) }

// Index returns the last sample at or before time tm (binary search),
// -1 before the track starts; after it ends, the last sample.
func (t *Track) Index(tm float64) int {
	ts := t.times[t.First : t.First+len(t.s)]
	lo, hi := 0, len(ts)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if ts[m] <= tm {
			lo = m + 1
		} else {
			hi = m
		}
	}
	return lo - 1
}

var nan = math.NaN()

// InLane gives, of sample i, what the fault rules read of every vehicle
// at every frame, without decoding the rest: the lane it is nearest to
// on its road, its offset from it, how far along the road it is, its
// speed and heading error (NaN while standing); false when it is not on
// a road with lanes.
func (t *Track) InLane(i int) (lane LaneRef, offset, along, speed, herr float64, ok bool) {
	s := &t.s[i]
	if Place(s.flags&flagPlace) != OnRoad || s.flags&flagLane == 0 {
		return LaneRef{}, 0, 0, 0, 0, false
	}
	lane = LaneRef{Road: s.place, Side: SideA, Lane: s.lane}
	if s.flags&flagSideB != 0 {
		lane.Side = SideB
	}
	herr = nan
	if s.herr != noHeading {
		herr = float64(s.herr) / 100
	}
	return lane, float64(s.offset) / 1000, float64(s.along), float64(s.speed), herr, true
}

// Span returns the samples from time from to time to, both included, as
// the index range [first, end): a trail of the last 10 s is
// Span(t-10, t), the next 10 s Span(t, t+10). Empty (first == end) when
// the track has no sample then.
func (t *Track) Span(from, to float64) (first, end int) {
	ts := t.times[t.First : t.First+len(t.s)]
	first = sort.SearchFloat64s(ts, from)
	end = sort.Search(len(ts), func(i int) bool { return ts[i] > to })
	return first, max(end, first)
}

// Contains reports whether tm is within the track's time span.
func (t *Track) Contains(tm float64) bool { return len(t.s) > 0 && tm >= t.Start() && tm <= t.End() }
