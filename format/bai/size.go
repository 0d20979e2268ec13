package bai

// Byte sizes from the format sheet. The decoder lays the variable parts
// of a record out as a list of fields so that, before it allocates, it can
// check them against the bytes that remain and name the field in which the
// data ends; the encoder sums the same lists to size its buffer once.
// int64 keeps the worst case (u16 counts multiplied together) far from
// overflow on any platform.
const (
	magic          = "CAI1"
	headerSize     = 8  // magic, nIntersections, nRoads
	roadHeadSize   = 8  // id, nSections, flags, nRooms
	roadScalarSize = 8  // halfWidth, baseSpeed
	sideHeadSize   = 10 // nLanes, nTrams, nTrains, nSidewalks, ambientTypes
	miscSize       = 40
	roadEndSize    = 38
	interHeadSize  = 18 // id, room, centre, nRoads
	cullHeadSize   = 4  // nRooms
	vec3Size       = 12

	// minSections is the fewest sections a road may have: one for its
	// start and one for its end. Refusing fewer also keeps every curve
	// row the decoder allocates backed by at least 2*12 bytes of input.
	minSections = 2
)

// field is a stretch of a record whose size the record's counts fix. Its
// name is the place a FormatError gives when the data ends inside it.
type field struct {
	name string
	size int64
}

// sideFields lists, in file order, what follows a side's counts: lanes
// lane curves and walks sidewalk centre curves, trams and trains rails,
// on a road of ns sections.
func sideFields(lanes, walks, trams, trains, ns int64) [9]field {
	n := lanes + walks
	return [...]field{
		{"curve distances", 4 * n * ns},
		{"edge distances", 4 * n},
		{"misc", miscSize},
		{"lane curves", vec3Size * lanes * ns},
		{"sidewalk centre curves", vec3Size * walks * ns},
		{"tram curves", vec3Size * trams * ns},
		{"train curves", vec3Size * trains * ns},
		{"sidewalk inner edge", vec3Size * ns},
		{"sidewalk outer edge", vec3Size * ns},
	}
}

// roadTailFields lists, in file order, what follows a road's two sides.
func roadTailFields(ns int64) [8]field {
	return [...]field{
		{"distances", 4 * ns},
		{"origins", vec3Size * ns},
		{"x axes", vec3Size * ns},
		{"y axes", vec3Size * ns},
		{"z axes", vec3Size * ns},
		{"tangents", vec3Size * ns},
		{"end", roadEndSize}, // the end at section ns-1 is stored first
		{"start", roadEndSize},
	}
}

func sum(fs []field) int64 {
	var n int64
	for _, f := range fs {
		n += f.size
	}
	return n
}

// sideSize is the size of a side, counts included.
func sideSize(lanes, walks, trams, trains, ns int64) int64 {
	fs := sideFields(lanes, walks, trams, trains, ns)
	return sideHeadSize + sum(fs[:])
}

// roadSize is the size of a road with nRooms rooms, ns sections and the
// given side sizes.
func roadSize(nRooms, ns, sideA, sideB int64) int64 {
	fs := roadTailFields(ns)
	return roadHeadSize + 2*nRooms + roadScalarSize + sideA + sideB + sum(fs[:])
}

// minRoadSize is the smallest road there can be: two sections, no rooms,
// no curves and no rails.
func minRoadSize() int64 {
	s := sideSize(0, 0, 0, 0, minSections)
	return roadSize(0, minSections, s, s)
}

// intersectionSize is the size of an intersection joining nRoads roads.
func intersectionSize(nRoads int64) int64 { return interHeadSize + 4*nRoads }
