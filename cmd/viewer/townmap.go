package main

import (
	"context"
	"flag"
	"fmt"
	"io"

	"github.com/mm2carla/viewer/analysis/lanes"
	"github.com/mm2carla/viewer/analysis/pipeline"
	"github.com/mm2carla/viewer/analysis/towns"
)

// When no map is given, the commands that draw or place vehicles find the
// recording's town map (towns.Find, the window's search too: beside the
// recording, in the maps folder, in a CARLA installation, else built in)
// and say on standard error which map they used and from where, or why
// there is none, so that a missing map is never silent.

// mapsFlag adds --maps DIR to a command's flags.
func mapsFlag(fs *flag.FlagSet) *string {
	return fs.String("maps", "", `folder of OpenDRIVE maps (TOWN.xodr), or a CARLA installation, to look in for the recording's town when no map is given (CARLA_ROOT is looked in too, then the towns built in); "off": no map at all`)
}

// findTownMap loads the recording's town map into sc when sc has a
// recording read from a file and no map, passing over a damaged file to
// the next source, and says what it did on w (prefix names the command);
// with a map given, it warns when that is another town than the
// recording's.
func (sc *shotScene) findTownMap(w io.Writer, prefix, mapsDir string) error {
	if sc.rec == nil {
		return nil
	}
	header := sc.rec.Header().Map
	if sc.mapName != "" {
		if warn := towns.Mismatch(header, sc.mapName, sc.recName); warn != "" {
			fmt.Fprintf(w, "%s: warning: %s\n", prefix, warn)
		}
		return nil
	}
	f, t := pipeline.LoadTown(context.Background(), sc.recSrc, sc.rec, towns.OptionsFromEnv(mapsDir))
	if f != nil {
		sc.closers = append(sc.closers, f)
		sc.m, sc.roads, sc.mapName = f.Map, f.Roads, f.Source.Name
	}
	if n := t.Notice(); n != "" {
		fmt.Fprintf(w, "%s: %s\n", prefix, n)
	}
	return nil
}

// laneMap is the lane map of sc's map (pipeline.LaneMap, the window's
// choice too): nil without one, or with one that has no road.
func (sc *shotScene) laneMap() lanes.Map { return pipeline.LaneMap(sc.m, sc.roads) }
