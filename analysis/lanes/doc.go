// Package lanes places a recording's vehicles on a road map: for every
// vehicle at every frame, the road, side and lane it is on, its signed
// distance from the lane's curve, the angle between its motion and the
// lane's direction of travel and how far along the road it is; or the
// intersection it is in; or that it is off the map. It is what the fault
// rules (analysis/faults), the window's inspector, trails and plots, and
// `viewer check` and `viewer state` read.
//
// Map is what a lane map must answer, whatever its file format; BAI
// answers it for a Midtown Madness 2 AI map with grids that make each
// answer cost a few projections. Associate builds an Association, one
// compact Track per vehicle, in one pass over the recording at about the
// cost of opening it (pass.go says how). LightMatcher is the one rule
// pairing map lights with recorded traffic-light actors; the place rule
// (EntryLights, lightplace.go) ties a light to the junction entry it
// governs by where it stands and which way it faces, for maps that name
// no lights (CARLA's 2019 Town03 and Town05) and for the signals of the
// others, whose poles may stand across the junction from their entry.
//
// Everything is world metres, Z up (package scene's frame), in mgl64
// vectors.
package lanes
