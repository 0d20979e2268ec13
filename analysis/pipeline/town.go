package pipeline

import "github.com/mm2carla/viewer/analysis/towns"

// FindTown looks for the town map that the recording rec names, for
// when no map was given: package towns' search, beside the recording and
// in mapsDir. It reports false, without looking, when rec is not a
// recording read from a path (the built-in demo, a dropped file's bytes:
// there is no "beside") or mapsDir is towns.MapsOff. It only looks:
// loading the map found (Load) and saying what was found is the
// caller's, since the window and a command say it differently.
func FindTown(rec *File, mapsDir string) (towns.Town, bool) {
	if rec == nil || rec.Recording == nil || rec.Source.Path == "" || mapsDir == towns.MapsOff {
		return towns.Town{}, false
	}
	return towns.FindTown(rec.Source.Path, rec.Recording.Header().Map, mapsDir), true
}
