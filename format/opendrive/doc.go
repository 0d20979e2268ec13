// Package opendrive reads OpenDRIVE road networks (.xodr), the road
// description CARLA's towns ship with, and evaluates their geometry: the
// reference line of every road, its lanes, and where signals stand.
//
// It exists apart from the viewer so that the format and its mathematics
// live in one place that can be tested against closed forms and fuzzed,
// with no graphics dependency. Everything stays in the file's own units
// and axes: metres, OpenDRIVE's x and y (CARLA's world is the same with
// y negated), z up, headings in radians counter-clockwise from x. The
// conversion to the viewer's world happens in package scene.
//
// # Reading
//
// Decode reads OpenDRIVE 1.4 to 1.6 as CARLA and RoadRunner write it
// (later 1.x files are read for what they share): the header, roads with
// their links, plan view geometry (line, arc, spiral, poly3, paramPoly3),
// elevation and superelevation, lane offsets, lane sections with lanes,
// widths, borders, road marks and lane links, signals and signal
// references, junctions with their connections, and controllers. Objects,
// surfaces, lane heights, speeds and user data are passed over.
//
// Decoding is strict: the first
// problem stops it with a *FormatError naming the line and the element
// ("line 4120: road 37: geometry of negative length (-2)"), and the
// complete records read before it come back with the error, so that a
// damaged file still shows what it holds. The input is read as a stream
// and never beyond MaxSize bytes.
//
// # Geometry
//
// Road.RefAt evaluates the reference line at any s; Geometry.At does so
// for one record, in closed form for lines and arcs, by Gauss-Legendre
// quadrature for spirals (within 1e-13 m of the exact clothoid on
// town-sized spirals) and by arc-length inversion for poly3. LaneBorders,
// LaneWidth, LaneCenter, PointAt and SignalPose give the lateral layout
// at s. Heights are the reference line's elevation; superelevation is
// read but not applied (CARLA's towns have none).
//
// SignalPose turns a signal by its hOffset from the reference line, as
// RoadRunner writes it and CARLA reads it, not from its orientation as
// the standard words it; the Town01 recordings confirm this (see
// Road.SignalPose).
//
// Sample turns a whole map into polylines for drawing: each lane of each
// section as its centre line and both borders, sampled at the same s so
// that they can be joined into triangles, with steps derived from the
// curvature, elevation and width changes so that no chord strays more
// than 2 cm (by default) from the exact curve; straight lanes of constant
// width get only their ends and the places where a record changes.
//
// # Direction of travel
//
// OpenDRIVE assumes right-hand traffic unless a road says rule="LHT":
// lanes with negative ids (right of the reference line) drive in the
// direction of increasing s, lanes with positive ids against it.
// LaneStrip.Forward follows this rule.
//
// The package uses only the standard library.
package opendrive
