package main

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/mm2carla/viewer/analysis/towns"
	"github.com/mm2carla/viewer/format/opendrive"
	"github.com/mm2carla/viewer/scene"
	"github.com/mm2carla/viewer/sim/demo"
)

// demoTown is an OpenDRIVE town to drive the demo on: its road network,
// the name the recording's header gives it, and the file's bytes when
// they must be written beside the recording for the viewer to find the
// town again (a user's file; a built-in town is found by name).
type demoTown struct {
	net     *scene.RoadNet
	name    string
	data    []byte
	builtIn bool
}

// isTownMap reports whether --map names an OpenDRIVE town: a .xodr file,
// or a built-in town's name (Town05, Town10HD_Opt) that is no file. A
// folder of that name (a user's runs sorted by town, say) is not a map:
// reading it as one failed with "read Town05: is a directory".
func isTownMap(arg string) bool {
	if strings.EqualFold(filepath.Ext(arg), ".xodr") {
		return true
	}
	if fi, err := os.Stat(arg); err == nil && !fi.IsDir() {
		return false
	}
	_, err := towns.BuiltinData(arg)
	return err == nil
}

// loadDemoTown reads the town --map names.
func loadDemoTown(arg string) (*demoTown, error) {
	t := &demoTown{}
	var data []byte
	var err error
	if strings.EqualFold(filepath.Ext(arg), ".xodr") {
		if data, err = os.ReadFile(arg); err != nil {
			return nil, err // *fs.PathError names the file
		}
		t.name, t.data = strings.TrimSuffix(filepath.Base(arg), filepath.Ext(arg)), data
	} else {
		if data, err = towns.BuiltinData(arg); err != nil {
			return nil, err
		}
		t.name, t.builtIn = towns.TownName(arg), true
	}
	m, err := opendrive.DecodeBytes(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", arg, err)
	}
	if t.net, err = scene.NewRoadNet(m, 0); err != nil {
		return nil, fmt.Errorf("%s: %w", arg, err)
	}
	return t, nil
}

// writeTownRun records the demo's traffic on a town into dir: the
// recording, and the town's file beside it unless it is built in (the
// viewer finds a built-in town by the name the header gives).
func writeTownRun(dir, arg string, opt demo.Options) (demoRun, error) {
	var r demoRun
	t, err := loadDemoTown(arg)
	if err != nil {
		return r, err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return r, err
	}
	if !t.builtIn {
		mapPath := filepath.Join(dir, t.name+".xodr")
		if err := os.WriteFile(mapPath, t.data, 0o644); err != nil {
			return r, err
		}
		r.mapLine = fmt.Sprintf("wrote %s: %q, %d roads, %d junctions, %d bytes", mapPath, t.name, len(t.net.Roads), len(t.net.Junctions), len(t.data))
	}
	opt.MapName = t.name
	r.logPath = filepath.Join(dir, demoLogFile)
	f, err := os.Create(r.logPath)
	if err != nil {
		return r, err
	}
	r.sum, err = demo.RecordTown(f, t.net, opt)
	return r, errors.Join(err, f.Close())
}
