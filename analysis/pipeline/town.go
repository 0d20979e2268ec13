package pipeline

import (
	"github.com/mm2carla/viewer/analysis/towns"
	"github.com/mm2carla/viewer/scene"
)

// FindTown looks for the town map that the recording rec, read from src,
// names, for when no map was given: package towns' search, beside the
// recording and in mapsDir. It reports false, without looking, when src
// has no path (the built-in demo, a dropped file's bytes: there is no
// "beside") or mapsDir is towns.MapsOff. It only looks: loading the map
// found (Load) and saying what was found is the caller's, since the
// window and a command say it differently.
func FindTown(src Source, rec *scene.Recording, mapsDir string) (towns.Town, bool) {
	if rec == nil || src.Path == "" || mapsDir == towns.MapsOff {
		return towns.Town{}, false
	}
	return towns.FindTown(src.Path, rec.Header().Map, mapsDir), true
}
