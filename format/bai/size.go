package bai

// Byte sizes from the format sheet. The decoder uses them to check every
// count against the bytes that remain before it allocates; the encoder
// uses them to size its buffer once. int64 keeps the worst case (u16
// counts multiplied together) far from overflow on any platform.
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
	// start and one for its end. Refusing fewer also bounds what a
	// hostile side header can make the decoder allocate, since every
	// curve then costs at least 2*12 bytes of input.
	minSections = 2
)

// sideSize is the size of a Side with n curves (lanes + sidewalk centres),
// rails tram and train rails, and ns sections.
func sideSize(n, rails, ns int64) int64 {
	return sideHeadSize + 4*n*ns + 4*n + miscSize + 12*n*ns + 12*rails*ns + 24*ns
}

// roadSize is the size of a road with nRooms rooms, ns sections and the
// given side sizes.
func roadSize(nRooms, ns, sideA, sideB int64) int64 {
	return roadHeadSize + 2*nRooms + roadScalarSize + sideA + sideB + 4*ns + 60*ns + 2*roadEndSize
}

// minRoadSize is the smallest road of ns sections and nRooms rooms: no
// curves and no rails on either side.
func minRoadSize(nRooms, ns int64) int64 {
	s := sideSize(0, 0, ns)
	return roadSize(nRooms, ns, s, s)
}

// intersectionSize is the size of an intersection joining nRoads roads.
func intersectionSize(nRoads int64) int64 { return interHeadSize + 4*nRoads }
