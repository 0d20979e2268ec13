package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/mm2carla/viewer/analysis/lanes"
	"github.com/mm2carla/viewer/analysis/pipeline"
	"github.com/mm2carla/viewer/assets"
	"github.com/mm2carla/viewer/scene"
	"github.com/mm2carla/viewer/ui/loader"
)

// shotScene is what a shot draws: a map, a recording, or both.
type shotScene struct {
	m        *scene.Map     // never nil (empty without a map file, or with an OpenDRIVE one)
	roads    *scene.RoadNet // the OpenDRIVE map, if that is the map
	rec      *scene.Recording
	mapName  string
	recName  string
	warnings []string
	pathless bool // the lane pass refuses the recording (lanes.CheckClaim)
	closers  []io.Closer
	at       float64 // the moment recordings are opened for, when moment
	moment   bool
}

func (sc *shotScene) close() {
	for _, c := range sc.closers {
		c.Close()
	}
}

// describe says what was drawn, for the command's one line of output.
func (sc *shotScene) describe(sp shotSpec) string {
	s := sp.view.kind + " view"
	if sc.rec != nil {
		s += fmt.Sprintf(" of %s at %.3f s", sc.recName, sp.at)
	}
	if sc.mapName != "" {
		s += " on " + sc.mapName
	}
	return s
}

// clampTime brings sp.at inside the recording, as the window's timeline
// does, and says so: a shot must not claim a time it did not draw.
func (sc *shotScene) clampTime(sp *shotSpec) string {
	if sc.rec == nil {
		return ""
	}
	start, end := sc.rec.Times()[0], sc.rec.Duration()
	switch {
	case sp.at < start:
		sp.at = start
		return fmt.Sprintf("--at is before the start of %s: drawing its first frame, %.3f s", sc.recName, start)
	case sp.at > end:
		sp.at = end
		return fmt.Sprintf("--at is after the end of %s: drawing its last frame, %.3f s", sc.recName, end)
	}
	return ""
}

// loadShotScene opens the files, telling maps from recordings by their
// content as the window does (package loader), or builds the demo when
// there are none. With moment, a recording is opened for the moment at
// only (scene.OpenAt): a shot without paths shows one state, while trails
// and faults need the whole recording.
func loadShotScene(files []string, at float64, moment bool) (*shotScene, error) {
	if len(files) == 0 {
		return demoScene()
	}
	sc := &shotScene{m: &scene.Map{}, at: at, moment: moment}
	ok := false
	defer func() {
		if !ok {
			sc.close()
		}
	}()
	for _, name := range files {
		if err := sc.add(name); err != nil {
			return nil, err
		}
	}
	ok = true
	return sc, nil
}

// add loads one file as a map or a recording. Errors name the file as
// given on the command line and, for a format problem, the byte offset.
func (sc *shotScene) add(name string) error {
	return sc.addSource(loader.Source{Name: name, Path: name})
}

func (sc *shotScene) addSource(src loader.Source) error {
	name := src.Name
	if sc.moment && src.Path != "" {
		if ok, err := sc.addMoment(src); ok || err != nil {
			return err
		}
	}
	res := loader.Start(src).Wait()
	if res.Err != nil {
		return res.Err
	}
	switch res.Kind {
	case loader.KindMap:
		if sc.mapName != "" {
			return Usagef("two maps given: %s and %s", sc.mapName, name)
		}
		sc.m, sc.roads, sc.mapName = res.Map, res.Roads, name
	case loader.KindRecording:
		sc.closers = append(sc.closers, res)
		if sc.recName != "" {
			return Usagef("two recordings given: %s and %s", sc.recName, name)
		}
		if err := res.Recording.Err(); err != nil {
			sc.warnings = append(sc.warnings, fmt.Sprintf("%s: using the frames before the error: %v", name, err))
		}
		if err := lanes.CheckClaim(res.Recording); err != nil {
			sc.warnings = append(sc.warnings, fmt.Sprintf("%s: no lanes, trails or faults: %v", name, err))
			sc.pathless = true
		}
		sc.rec, sc.recName = res.Recording, name
	}
	return nil
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

// demoScene is the built-in demo, as the window opens it: the generated
// city and the recording of traffic on it (package assets).
func demoScene() (*shotScene, error) {
	m, l, err := assets.Demo()
	if err != nil {
		return nil, fmt.Errorf("the built-in demo: %w", err)
	}
	sc := &shotScene{m: &scene.Map{}}
	for _, src := range []loader.Source{loader.BytesSource("demo-city.bai", m), loader.BytesSource("demo-traffic.log", l)} {
		if err := sc.addSource(src); err != nil {
			sc.close()
			return nil, fmt.Errorf("the built-in demo: %w", err)
		}
	}
	return sc, nil
}

// addMoment opens src for the moment sc.at if it is a recording, and
// reports whether it was one.
func (sc *shotScene) addMoment(src loader.Source) (bool, error) {
	f, err := os.Open(src.Path)
	if err != nil {
		return false, err
	}
	head := make([]byte, pipeline.SniffLen)
	n, _ := f.ReadAt(head, 0)
	fi, err := f.Stat()
	if err != nil || pipeline.Sniff(head[:n]) != pipeline.KindRecording || !fi.Mode().IsRegular() {
		f.Close()
		return false, nil // the loader says what it is, or why not
	}
	if sc.recName != "" {
		f.Close()
		return true, Usagef("two recordings given: %s and %s", sc.recName, src.Name)
	}
	rec, err := scene.OpenAt(context.Background(), f, fi.Size(), sc.at, nil)
	if err != nil {
		f.Close()
		return true, fmt.Errorf("%s: %w", src.Name, err)
	}
	sc.closers = append(sc.closers, f)
	if err := rec.Err(); err != nil {
		sc.warnings = append(sc.warnings, fmt.Sprintf("%s: using the frames before the error: %v", src.Name, err))
	}
	sc.rec, sc.recName = rec, src.Name
	return true, nil
}
