// Package towns finds the map of the CARLA town a recording was made on,
// so that a recording opened alone shows its roads, lanes and faults
// instead of vehicles over an empty grid. It stands on the analysis floor
// so that the window, the commands and the opening code look for a town
// one way, below the UI.
//
// A recording's header names its town ("Town05", "Carla/Maps/Town05",
// "Town10HD_Opt"). When the user gave no map, Find looks for it, and
// the first match wins:
//
//  1. the town's file beside the recording (Town05.xodr);
//  2. in the maps folder (--maps DIR, which the window remembers);
//  3. in a CARLA installation: the maps folder when it is one, then
//     CARLA_ROOT; the town's .xodr anywhere under its
//     Content/Carla/Maps/, in the Unreal Engine 4 and 5 layouts;
//  4. the town built into the viewer: CARLA's eight standard towns
//     (Town01-07, Town10HD) ship compressed in the binary.
//
// pipeline.FindTown, the search every command and the window make, then
// takes a map beside the recording that is the place by its content (an
// OpenDRIVE header naming it; the one AI map beside a made-up place's
// recording), which takes reading files: Result.Named records it, as
// Source Named.
//
// So a user's own or newer edition of a town always wins over the
// built-in one, and Town11-15 and custom maps come from the user's CARLA.
// MapsOff as the maps folder turns the whole search off: no map at all.
//
// Find only finds: loading is the caller's (a path, or the built-in
// town's bytes), and a file that turns out damaged is passed over with
// Result.Fallback, which goes on with the search and says why. Every
// result has a Notice for the window and standard error, naming the map
// used and where it came from, or why there is none.
//
// Two checks warn about a map that does not fit its recording: Mismatch,
// for a map the user gave that is another town than the header names,
// and OffRoads, for any map on which most driving positions fall off the
// roads.
package towns
