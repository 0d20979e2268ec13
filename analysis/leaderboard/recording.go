package leaderboard

import (
	"slices"

	"github.com/mm2carla/viewer/analysis/lanes"
	"github.com/mm2carla/viewer/scene"
)

// Hero returns the recording's hero: the one actor whose role_name is
// hero, the ego vehicle the leaderboard judges. False when it has none,
// or several (then the caller must say which: the leaderboard has one).
func Hero(rec *scene.Recording) (uint32, bool) {
	var ids []uint32
	for _, l := range rec.Lives() {
		if l.Hero && !slices.Contains(ids, l.ID) {
			ids = append(ids, l.ID)
		}
	}
	if len(ids) != 1 {
		return 0, false
	}
	return ids[0], true
}

// JudgeRecording judges actor opt.Hero of rec over a, an association of
// rec that holds its track (of the hero alone, as `viewer check --rules
// leaderboard` builds it, or of every vehicle, as the fleet check and
// the window do: the hero's samples, and the stop sign actors every
// association keeps, are the same): the one way every caller applies the
// criteria to a recording, so that the command line, the fleet and the
// window say the same.
func JudgeRecording(rec *scene.Recording, a *lanes.Association, opt Options) (*Result, error) {
	return Judge(a, rec.Events(), opt)
}
