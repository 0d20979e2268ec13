package main

import (
	"context"
	"fmt"
	"strings"

	"github.com/mm2carla/viewer/analysis/lanes"
	"github.com/mm2carla/viewer/analysis/pipeline"
	"github.com/mm2carla/viewer/scene"
)

// The commands that read recordings and maps (check, diff, state, track,
// shot, clip) take them as positional arguments, told apart by content
// in any order (package pipeline, as the window does): FILE [MAP] for
// one recording, A.log B.log [MAP] for two. This file is the one reading
// of those arguments: how many there may be, which recording is which,
// and the one map.

// fileCount checks the number of positional arguments of a command that
// takes n recordings (1 or 2) and at most one map.
func fileCount(pos []string, n int) error {
	if len(pos) >= n && len(pos) <= n+1 {
		return nil
	}
	if n == 1 {
		return Usagef("want one FILE and at most one MAP, got %d arguments", len(pos))
	}
	return Usagef("want two recordings and at most one map, got %d arguments", len(pos))
}

// openScenes opens files as n scenes (n at least 1): the recordings fill
// the scenes in the order given, and the one map goes with the first,
// whatever their order on the command line. Errors name the file as
// given and, for a format problem, the byte offset; a recording or a map
// too many is a usage error. With moment, recordings are opened for the
// moment at only (scene.OpenAt): a shot without paths, or a state, shows
// one moment, while trails and faults need the whole recording. A scene
// may come without a recording: the caller says whether that will do.
func openScenes(files []string, n int, at float64, moment bool) ([]*shotScene, error) {
	scs := make([]*shotScene, n)
	for i := range scs {
		scs[i] = &shotScene{m: &scene.Map{}, at: at, moment: moment}
	}
	ok := false
	defer func() {
		if !ok {
			for _, sc := range scs {
				sc.close()
			}
		}
	}()
	for _, name := range files {
		to := scs[len(scs)-1] // the first scene without a recording; else the last, which refuses one more
		for _, sc := range scs {
			if sc.rec == nil {
				to = sc
				break
			}
		}
		if err := to.addSource(pipeline.Source{Name: name, Path: name}, scs[0]); err != nil {
			return nil, err
		}
	}
	ok = true
	return scs, nil
}

// loadShotScene opens the files as one scene (openScenes), or builds the
// demo when there are none.
func loadShotScene(files []string, at float64, moment bool) (*shotScene, error) {
	if len(files) == 0 {
		return demoScene()
	}
	scs, err := openScenes(files, 1, at, moment)
	if err != nil {
		return nil, err
	}
	return scs[0], nil
}

// loadRecordingScene opens the files (at least one) as loadShotScene
// does, each whole, for a command that needs a recording: none among them
// is a usage error. The caller closes the scene.
func loadRecordingScene(files []string) (*shotScene, error) {
	sc, err := loadShotScene(files, 0, false)
	if err != nil {
		return nil, err
	}
	if sc.rec == nil {
		sc.close()
		return nil, Usagef("no recording among %s", strings.Join(files, ", "))
	}
	return sc, nil
}

// add loads the file at name into sc, as a map or a recording.
func (sc *shotScene) add(name string) error {
	return sc.addSource(pipeline.Source{Name: name, Path: name}, sc)
}

// addSource loads src: a recording into sc, a map into mapTo (the scene
// its map goes with).
func (sc *shotScene) addSource(src pipeline.Source, mapTo *shotScene) error {
	in, err := pipeline.Open(src)
	if err != nil {
		return err
	}
	load := in.Load
	if sc.moment && in.Kind() == pipeline.KindRecording {
		load = func(ctx context.Context, progress func(done, total int64)) (*pipeline.File, error) {
			return in.LoadAt(ctx, sc.at, progress)
		}
	}
	f, err := load(context.Background(), nil)
	if err != nil {
		return err
	}
	name := src.Name
	switch f.Kind {
	case pipeline.KindMap:
		if mapTo.mapName != "" {
			return Usagef("two maps given: %s and %s", mapTo.mapName, name)
		}
		mapTo.m, mapTo.roads, mapTo.mapName = f.Map, f.Roads, name
	case pipeline.KindRecording:
		sc.closers = append(sc.closers, f)
		if sc.recName != "" {
			return Usagef("two recordings given: %s and %s", sc.recName, name)
		}
		if err := f.Recording.Err(); err != nil {
			sc.warnings = append(sc.warnings, fmt.Sprintf("%s: using the frames before the error: %v", name, err))
		}
		// A moment is drawn without lanes, trails or faults: the claim
		// only matters to the whole pass.
		if !sc.moment {
			if err := lanes.CheckClaim(f.Recording); err != nil {
				sc.warnings = append(sc.warnings, fmt.Sprintf("%s: no lanes, trails or faults: %v", name, err))
				sc.pathless = true
			}
		}
		sc.rec, sc.recName, sc.recSrc = f.Recording, name, src
	}
	return nil
}
