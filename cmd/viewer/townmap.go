package main

import (
	"flag"
	"fmt"
	"io"

	"github.com/mm2carla/viewer/analysis/fleet"
	"github.com/mm2carla/viewer/analysis/lanes"
	"github.com/mm2carla/viewer/analysis/pipeline"
)

// When no map is given, the commands that draw or place vehicles look for
// the recording's town map (pipeline.FindTown, which the window uses
// too) and say on standard error which map they loaded or that none was
// found, so that a missing map is never silent.

// mapsFlag adds --maps DIR to a command's flags.
func mapsFlag(fs *flag.FlagSet) *string {
	return fs.String("maps", "", `folder of OpenDRIVE maps (TOWN.xodr) to look in for the recording's town when no map is given; "off": do not look for it`)
}

// findTownMap loads the recording's town map (pipeline.FindTown, the
// window's search too) into sc when sc has a recording and no map, and
// says what it did on w (prefix names the command). A map that is found
// but cannot be read is an error.
func (sc *shotScene) findTownMap(w io.Writer, prefix, mapsDir string) error {
	if sc.rec == nil || sc.mapName != "" {
		return nil
	}
	t, ok := pipeline.FindTown(sc.recSrc, sc.rec, mapsDir)
	if ok && t.File != "" && t.Path == "" {
		t.Path = fleet.FindBeside(sc.recSrc.Path, t.Name) // a map beside it named as the place (the demo's pair)
	}
	switch {
	case !ok: // not looked for: --maps off, or a recording with no path
	case t.File == "":
		fmt.Fprintf(w, "%s: %s names no map, and none was given\n", prefix, sc.recName)
	case t.Path == "":
		fmt.Fprintf(w, "%s: map %s (named by %s): %s; give the map, or --maps DIR\n", prefix, t.Name, sc.recName, t.Missing())
	default:
		if err := sc.add(t.Path); err != nil {
			return err
		}
		fmt.Fprintf(w, "%s: map %s (named by %s): loaded %s\n", prefix, t.Name, sc.recName, t.Path)
	}
	return nil
}

// laneMap is the lane map of sc's map (pipeline.LaneMap, the window's
// choice too): nil without one, or with one that has no road.
func (sc *shotScene) laneMap() lanes.Map { return pipeline.LaneMap(sc.m, sc.roads) }
