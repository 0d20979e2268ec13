package main

import (
	"fmt"
	"io"

	"github.com/mm2carla/viewer/analysis/pipeline"
	"github.com/mm2carla/viewer/assets"
	"github.com/mm2carla/viewer/scene"
)

// shotScene is what a shot draws: a map, a recording, or both.
type shotScene struct {
	m        *scene.Map     // never nil (empty without a map file, or with an OpenDRIVE one)
	roads    *scene.RoadNet // the OpenDRIVE map, if that is the map
	rec      *scene.Recording
	mapName  string
	recName  string
	recSrc   pipeline.Source // where rec was read: its town map is looked for beside it
	warnings []string
	pathless bool // the lane pass refuses the recording (lanes.CheckClaim)
	closers  []io.Closer
	at       float64 // the moment recordings are opened for, when moment
	moment   bool
	// notes and prefix are where warnings about the map go, and the
	// command's name to start them with (findTownMap sets them); judged:
	// judgeRoads has judged the map.
	notes  io.Writer
	prefix string
	judged bool
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

// demoScene is the built-in demo, as the window opens it: the generated
// city and the recording of traffic on it (package assets).
func demoScene() (*shotScene, error) {
	m, l, err := assets.Demo()
	if err != nil {
		return nil, fmt.Errorf("the built-in demo: %w", err)
	}
	sc := &shotScene{m: &scene.Map{}}
	for _, src := range []pipeline.Source{pipeline.BytesSource("demo-city.bai", m), pipeline.BytesSource("demo-traffic.log", l)} {
		if err := sc.addSource(src, sc); err != nil {
			sc.close()
			return nil, fmt.Errorf("the built-in demo: %w", err)
		}
	}
	return sc, nil
}
