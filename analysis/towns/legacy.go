package towns

import (
	"os"
	"path"
	"path/filepath"
	"strings"
)

// The first form of the search, beside the recording and in the maps
// folder only, kept while the callers move to Find (the opening code is
// moving to its own package meanwhile): new code calls Find.

// Town is the result of looking for a recording's town map.
//
// Deprecated: use Find, which also looks in a CARLA installation and
// falls back on the built-in towns.
type Town struct {
	Name   string   // the town as the recording's header names it
	File   string   // the file looked for (Town01.xodr); "" when the header names no map
	Path   string   // where it was found; "" when not found
	Looked []string // where it was looked for, in order
}

// TownFile returns the file name of the OpenDRIVE map a recording's
// header names ("" when it names none).
//
// Deprecated: use Find, which knows the layered towns and OpenDriveMap.
func TownFile(headerMap string) string {
	base := path.Base(strings.ReplaceAll(strings.TrimSpace(headerMap), `\`, "/"))
	if base == "" || base == "." || base == "/" {
		return ""
	}
	return base + ".xodr"
}

// TownCandidates lists where a recording's town map file may be: beside
// the recording, then in the maps folder (none when it is "" or MapsOff).
//
// Deprecated: use Find.
func TownCandidates(recPath, mapsDir, file string) []string {
	c := []string{filepath.Join(filepath.Dir(recPath), file)}
	if mapsDir != "" && mapsDir != MapsOff {
		c = append(c, filepath.Join(mapsDir, file))
	}
	return c
}

// FindTown looks for the town map that the header of the recording at
// recPath names (headerMap), beside it and in mapsDir; the first regular
// file among the candidates wins. It only looks: loading is the caller's.
//
// Deprecated: use Find.
func FindTown(recPath, headerMap, mapsDir string) Town {
	t := Town{Name: headerMap, File: TownFile(headerMap)}
	if t.File == "" {
		return t
	}
	t.Looked = TownCandidates(recPath, mapsDir, t.File)
	for _, c := range t.Looked {
		if st, err := os.Stat(c); err == nil && st.Mode().IsRegular() {
			t.Path = c
			break
		}
	}
	return t
}

// Missing says where the map was looked for and not found: "no
// Town01.xodr beside the recording or in DIR".
func (t Town) Missing() string {
	where := "beside the recording"
	if len(t.Looked) > 1 {
		where += " or in " + filepath.Dir(t.Looked[1])
	}
	return "no " + t.File + " " + where
}
