package main

import (
	"context"
	"flag"
	"fmt"
	"io"

	"github.com/mm2carla/viewer/analysis/lanes"
	"github.com/mm2carla/viewer/analysis/pipeline"
	"github.com/mm2carla/viewer/analysis/towns"
	"github.com/mm2carla/viewer/scene"
)

// When no map is given, the commands that draw or place vehicles find the
// recording's town map (pipeline.FindTown, the window's search too:
// beside the recording, in the maps folder, in a CARLA installation,
// built in, else a map beside it that is the place by its content) and
// say on standard error which map they used and from where, or why there
// is none, so that a missing map is never silent; and with any map, that
// it seems not to be the recording's (warnMismatch, judgeRoads).

// mapsFlag adds --maps DIR to a command's flags.
func mapsFlag(fs *flag.FlagSet) *string {
	return fs.String("maps", "", `folder of OpenDRIVE maps (TOWN.xodr), or a CARLA installation, to look in for the recording's town when no map is given (CARLA_ROOT is looked in too, then the towns built in); "off": no map at all`)
}

// findTownMap loads the recording's town map into sc when sc has a
// recording read from a file and no map, passing over a damaged file to
// the next source, and says what it did on w (prefix names the command);
// with a map given, it warns when that is another town than the
// recording's (warnMismatch). It is where every command that uses a map
// with a recording meets the two: later warnings about the map
// (judgeRoads) go to w too.
func (sc *shotScene) findTownMap(w io.Writer, prefix, mapsDir string) error {
	sc.notes, sc.prefix = w, prefix
	if sc.rec == nil {
		return nil
	}
	if sc.mapName != "" {
		sc.warnMismatch()
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

// useMapOf gives sc the map of from, for diff, which places its run B
// on run A's map, and says what findTownMap says of it: a map that is
// another town than B's header names is warned about as for A.
func (sc *shotScene) useMapOf(from *shotScene) {
	sc.m, sc.roads, sc.mapName = from.m, from.roads, from.mapName // from closes it
	sc.notes, sc.prefix = from.notes, from.prefix
	if sc.rec != nil && sc.mapName != "" {
		sc.warnMismatch()
	}
}

// warnMismatch warns when sc's map is, by its name, another CARLA town
// than the one the recording's header names (towns.Mismatch).
func (sc *shotScene) warnMismatch() {
	sc.warn(towns.Mismatch(sc.rec.Header().Map, sc.mapName, sc.recName))
}

// judgeRoads warns, as `viewer check` and the window do, when most
// driving positions of sc's recording fall off the roads of its map
// (towns.OffRoadsWarning): a map that is not the run's, whatever its
// name. It judges by what the command knows of where the vehicles were:
// the lane pass's association a when it ran one (every vehicle; `viewer
// track` places only the actors asked for), else the vehicles of the one
// moment st it shows, placed on lm (nil: the map's lane map). It says so
// once, on findTownMap's writer, and nothing without a map.
func (sc *shotScene) judgeRoads(a *lanes.Association, lm lanes.Map, st *scene.State) {
	if sc.judged || sc.notes == nil || sc.rec == nil || sc.mapName == "" {
		return
	}
	var off, moving int
	switch {
	case a != nil:
		off, moving = towns.OffRoads(a)
	case st != nil:
		if lm == nil {
			lm = sc.laneMap()
		}
		off, moving = towns.OffRoadsAt(lm, st)
	default:
		return
	}
	sc.judged = true
	sc.warn(towns.OffRoadsWarning(off, moving, sc.mapName, sc.recName))
}

// warn says a warning about sc's map on findTownMap's writer; nothing
// for "".
func (sc *shotScene) warn(msg string) {
	if msg != "" && sc.notes != nil {
		fmt.Fprintf(sc.notes, "%s: warning: %s\n", sc.prefix, msg)
	}
}

// laneMap is the lane map of sc's map (pipeline.LaneMap, the window's
// choice too): nil without one, or with one that has no road.
func (sc *shotScene) laneMap() lanes.Map { return pipeline.LaneMap(sc.m, sc.roads) }
