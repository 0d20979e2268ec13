package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/mm2carla/viewer/analysis/lanes"
)

// A CARLA recording names the town it was made on ("Town01", or a path
// such as "Carla/Maps/Town01"); its roads are CARLA's OpenDRIVE file of
// that name. When no map is given, the commands that draw or place
// vehicles look for it beside the recording and in a maps folder, and
// say on standard error which map they loaded or that none was found, so
// that a missing map is never silent.

// mapsFlag adds --maps DIR to a command's flags.
func mapsFlag(fs *flag.FlagSet) *string {
	return fs.String("maps", "", `folder of OpenDRIVE maps (TOWN.xodr) to look in for the recording's town when no map is given; "off": do not look for it`)
}

// townFile returns the file name of the OpenDRIVE map a recording's
// header names ("" when it names none).
func townFile(headerMap string) string {
	base := path.Base(strings.ReplaceAll(strings.TrimSpace(headerMap), `\`, "/"))
	if base == "" || base == "." || base == "/" {
		return ""
	}
	return base + ".xodr"
}

// townCandidates lists where a recording's town map may be: beside the
// recording, then in the maps folder.
func townCandidates(recPath, mapsDir, file string) []string {
	c := []string{filepath.Join(filepath.Dir(recPath), file)}
	if mapsDir != "" {
		c = append(c, filepath.Join(mapsDir, file))
	}
	return c
}

// findTownMap loads the recording's town map into sc when sc has a
// recording and no map, and says what it did on w (prefix names the
// command). A map that is found but cannot be read is an error.
func (sc *shotScene) findTownMap(w io.Writer, prefix, mapsDir string) error {
	if sc.rec == nil || sc.mapName != "" || mapsDir == "off" {
		return nil
	}
	town := sc.rec.Header().Map
	file := townFile(town)
	if file == "" {
		fmt.Fprintf(w, "%s: %s names no map, and none was given\n", prefix, sc.recName)
		return nil
	}
	cands := townCandidates(sc.recName, mapsDir, file)
	for _, c := range cands {
		if st, err := os.Stat(c); err != nil || !st.Mode().IsRegular() {
			continue
		}
		if err := sc.add(c); err != nil {
			return err
		}
		fmt.Fprintf(w, "%s: map %s (named by %s): loaded %s\n", prefix, town, sc.recName, c)
		return nil
	}
	where := "beside the recording"
	if mapsDir != "" {
		where += " or in " + mapsDir
	}
	fmt.Fprintf(w, "%s: map %s (named by %s): no %s %s; give the map, or --maps DIR\n", prefix, town, sc.recName, file, where)
	return nil
}

// laneMap is the lane map of sc's map: OpenDRIVE or BAI, nil without one.
func (sc *shotScene) laneMap() lanes.Map {
	switch {
	case sc.roads != nil:
		return lanes.NewOpenDRIVE(sc.roads)
	case sc.mapName != "":
		return lanes.NewBAI(sc.m)
	}
	return nil
}
