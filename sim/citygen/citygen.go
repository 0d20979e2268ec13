// Package citygen builds Midtown Madness 2 AI maps (bai.Map) from scratch.
//
// The project cannot ship the retail San Francisco or London .bai files, yet
// its tests, benchmarks, traffic demo and the viewer's built-in demo all
// need a realistic map. citygen lays out a deterministic grid city instead:
// intersections on a grid, roads between neighbours with 1-3 lanes a side,
// one-way streets, gently bending roads, a tram line, traffic lights and
// stop signs, dead-end roads where traffic enters and leaves at the map's
// edges, PSDL-style room numbers and culling lists.
//
// It stands on the sim floor (README "Layout") and needs only format/bai:
// the demo traffic (sim/demo), the built-in demo (assets), `viewer demo`
// and the test scenes of render/scenedraw are built on its cities.
//
// # Conventions
//
// Everything is in the BAI frame: metres, Y up, right-handed, the ground
// is the X-Z plane at y = 0. Grid column i lies at x = i*BlockSize and
// grid row j at z = -j*BlockSize, so seen from above with +X to the right,
// row numbers grow towards the top of the picture ("north" is -Z).
//
//   - Right-hand side: someone facing f stands with right = f × up. Facing
//     +X the right is +Z; facing -Z it is +X.
//   - Per-section frame: Tangent is the unit forward direction (start to
//     end), YAxis = (0,1,0), ZAxis = -Tangent, XAxis = Tangent × up, i.e.
//     XAxis is the right-hand side of side B's traffic. (X, Y, Z) is a
//     right-handed frame.
//   - Side B drives start -> end and keeps to the +XAxis half; side A
//     drives end -> start and keeps to the -XAxis half. Side A's Curves,
//     Trams and Trains are stored end -> start (vertex 0 at section n-1),
//     side B's start -> end. SidewalkInner and SidewalkOuter run start ->
//     end on both sides.
//   - Lanes: on a two-way road with L lanes a side, lane k of a side (k = 0
//     nearest the centre line) is LaneWidth*(k+0.5) from the centre line
//     on that side's right; the kerb is at LaneWidth*L and the sidewalk is
//     SidewalkWidth wide beyond it (its centre curve at the middle).
//     On a one-way road of L lanes all lanes belong to the driving side and
//     the carriageway stays centred on the centre line: lane k is at
//     LaneWidth*(k+0.5-L/2) on the driving side's right (negative means
//     left of the centre line), and both kerbs are LaneWidth*L/2 from it.
//     The other side has NumLanes 0, one sidewalk, AmbientTypes
//     AmbientPedsOnly.
//   - EdgeDistances holds each curve's signed lateral offset from the
//     centre line, measured towards its own side's right, exactly as above.
//     Misc is left all zero (its meaning is not decoded).
//   - Trams (one rail a side) run on the inner lane's line; trains (one rail
//     a side, TrainOffset from the centre line) run TrainDepth underground.
//   - Counter-clockwise seen from above means increasing atan2(-z, x).
//     Each intersection lists its roads by increasing angle, in [0, 2π),
//     of the road's end point as seen from the intersection centre, so the
//     road leaving towards +X comes first.
//   - Roads end IntersectionGap metres outside the intersection disc, whose
//     radius is the largest HalfWidth of the roads meeting there.
//   - Rules are decided per intersection: traffic lights (every road rule 1;
//     each end that traffic approaches has a light on its right-hand kerb
//     at the last section, LightHeight up, facing LightFacing metres back
//     along the road), two-way stops (the wider crossing line never stops,
//     the other has stop signs) or all-way stops (stop signs on every road).
//     Free road ends are NotConnected with rule never-stop.
//   - Rooms: intersection k is room k+1; roads follow, each with one or
//     more consecutive room numbers. Culling entry r (the room number) lists
//     for cars the roads within two intersections of that room, for
//     pedestrians those within one.
package citygen

import (
	"errors"
	"fmt"
)

// Dimensions used for every road, in metres.
const (
	LaneWidth       = 3.5
	SidewalkWidth   = 3.0
	IntersectionGap = 1.5  // from the intersection disc to the road's end section
	MaxSpacing      = 20.0 // longest centre-line step between sections
	BendSpacing     = 5.0  // longest step on a bending road
	LightHeight     = 2.5
	LightFacing     = 10.0 // how far back along the road a light's target is
	TrainDepth      = 8.0  // trains run this far below the road
	TrainOffset     = 2.0  // lateral offset of each train rail
	BaseSpeed       = 15   // every known writer uses 15
	minRoadLength   = 10.0 // shortest road Generate accepts, end to end
	maxRoadRooms    = 42   // the most rooms a retail road has
	maxSections     = 1024 // a generous cap; retail roads have up to 86
	maxExtent       = 50e3 // metres; float32 keeps ~4 mm there
)

// Config describes the city to generate. Zero optional knobs take the
// defaults documented on each field.
type Config struct {
	Name             string  // city name, e.g. "Demo City"; not stored in the map
	BlocksX, BlocksY int     // blocks along X and along -Z; (BlocksX+1)*(BlocksY+1) intersections
	BlockSize        float32 // metres between neighbouring intersection centres
	Seed             int64

	MinLanes, MaxLanes int     // lanes a side on two-way roads, 1..3; zero means 1 and 3
	OneWayFraction     float64 // share of inner grid lines that are one-way; zero means none
	Tram               bool    // a tram line along the middle row
	Train              bool    // an underground train line along the middle column
	Curvy              float64 // share of grid roads that bend gently; zero means all straight
	SectionsMin        int     // fewest sections a road has; zero means 4 (must be >= 4)
	SectionsMax        int     // if above SectionsMin, a road's count is drawn from [SectionsMin, SectionsMax]
	Roads              int     // wanted road count; zero keeps the full grid, fewer drops inner roads (as many as is safe)
	Rooms              int     // wanted PSDL room count; zero (or too few) means one a road and one an intersection; at most 42 a road
}

// Default is the demo city: 6 x 5 blocks, a tram line, one-way streets,
// bending roads and a mix of lights and stop signs.
func Default() Config {
	return Config{
		Name:    "Demo City",
		BlocksX: 6, BlocksY: 5,
		BlockSize:      80,
		Seed:           2,
		OneWayFraction: 0.35,
		Tram:           true,
		Curvy:          0.25,
		Roads:          79, // the full grid has 83 with its edge roads: drop 4
	}
}

// London is sized like the retail London map (540 roads, 328
// intersections, 20-40 sections a road, 1342 culling rooms). Its square
// grid of 18 x 18 intersections gives 324 rather than 328; roads, sections
// and rooms match. A grid has exactly 328 only as 8 x 41 (BlocksX 7,
// BlocksY 40), a strip that looks less like a city; the benchmarks decode
// both.
func London() Config {
	return Config{
		Name:    "London",
		BlocksX: 17, BlocksY: 17,
		BlockSize:      110,
		Seed:           1908,
		OneWayFraction: 0.3,
		Tram:           true,
		Train:          true,
		Curvy:          0.2,
		SectionsMin:    20,
		SectionsMax:    40,
		Roads:          540,
		Rooms:          1341,
	}
}

// withDefaults fills the zero optional knobs.
func (c Config) withDefaults() Config {
	if c.MinLanes == 0 {
		c.MinLanes = 1
	}
	if c.MaxLanes == 0 {
		c.MaxLanes = 3
	}
	if c.SectionsMin == 0 {
		c.SectionsMin = 4
	}
	return c
}

// check rejects configurations that cannot give a valid map.
func (c Config) check() error {
	switch {
	case c.BlocksX < 1 || c.BlocksY < 1:
		return fmt.Errorf("citygen: need at least 1 x 1 blocks, got %d x %d", c.BlocksX, c.BlocksY)
	case c.MinLanes < 1 || c.MaxLanes > 3 || c.MinLanes > c.MaxLanes:
		return fmt.Errorf("citygen: lanes must satisfy 1 <= MinLanes <= MaxLanes <= 3, got %d..%d", c.MinLanes, c.MaxLanes)
	case c.SectionsMin < 4 || c.SectionsMin > maxSections || c.SectionsMax > maxSections:
		return fmt.Errorf("citygen: SectionsMin must be 4..%d and SectionsMax at most %d", maxSections, maxSections)
	case !(c.OneWayFraction >= 0 && c.OneWayFraction <= 1) || !(c.Curvy >= 0 && c.Curvy <= 1):
		return errors.New("citygen: OneWayFraction and Curvy must be in [0, 1]")
	case c.Roads < 0 || c.Rooms < 0:
		return errors.New("citygen: Roads and Rooms cannot be negative")
	}
	// The widest road must leave minRoadLength between two intersection
	// discs, and between a disc and the free end of an edge road (half a
	// block out).
	widest := float64(c.MaxLanes)*LaneWidth + SidewalkWidth
	need := 2 * (widest + IntersectionGap + minRoadLength)
	if !(float64(c.BlockSize) >= need) {
		return fmt.Errorf("citygen: BlockSize %g must be at least %g m for %d lanes a side", c.BlockSize, need, c.MaxLanes)
	}
	if float64(c.BlockSize)*float64(max(c.BlocksX, c.BlocksY)) > maxExtent {
		return fmt.Errorf("citygen: a city over %g km across is beyond float32 precision for lanes", maxExtent/1000)
	}
	nodes := (c.BlocksX + 1) * (c.BlocksY + 1)
	edges := c.BlocksX*(c.BlocksY+1) + c.BlocksY*(c.BlocksX+1) + 2*(c.BlocksX+c.BlocksY+4)
	if nodes > 0xFFFF || edges > 0xFFFF || nodes+edges >= 0xFFFF {
		return fmt.Errorf("citygen: %d x %d blocks exceed the format's 16-bit counts", c.BlocksX, c.BlocksY)
	}
	if c.Rooms >= 0xFFFF {
		return fmt.Errorf("citygen: %d rooms exceed the format's 16-bit room numbers", c.Rooms)
	}
	return nil
}
