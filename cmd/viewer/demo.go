package main

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/mm2carla/viewer/format/bai"
	"github.com/mm2carla/viewer/sim/citygen"
	"github.com/mm2carla/viewer/sim/demo"
)

const demoHelp = `
Simulates Midtown Madness 2 style ambient traffic and records it as a
CARLA 0.9.13 recording. Without --map the city is the generator's demo
city built with the seed; with --map it is that AI map, re-encoded. The
command writes the map as DIR/city.bai and the recording as
DIR/traffic.log (the header's map name is the city's name). Vehicles
keep their lanes and obey the map's lights and stop signs, walkers use
the sidewalks, and the hero vehicle (role_name hero) is rear-ended once
by a car whose driver looked away. One more vehicle (role_name rogue)
breaks each rule 'viewer check' knows once: it nearly hits a car
(close-call), drives into the oncoming lane (wrong-way), drifts off its
lane (off-lane), runs a red light and rolls through a stop sign; the
command prints when, one line per fault, and 'viewer check' finds them
there. --clean leaves the rogue out: then the check finds the staged
collision only. The same seed gives the same bytes.

Exit status: 0 when both files are written, 1 when the map cannot be
read or decoded (the message names the file and the byte offset) or a
file cannot be written, 2 for bad usage.
`

// File names the demo command writes in its output directory.
const (
	demoMapFile = "city.bai"
	demoLogFile = "traffic.log"
)

// cmdDemo is `viewer demo`: a generated city with recorded traffic.
func cmdDemo() *Command {
	c := &Command{
		Name:    "demo",
		Summary: "simulate traffic on a generated city (or a .bai map) and record it as a CARLA recording",
		Usage:   "[--out DIR] [--seed N] [--minutes M] [--map FILE.bai|FILE.xodr|TOWN] [--clean]",
	}
	c.Run = func(env *Env, args []string) error { return runDemo(env, c, args) }
	return c
}

func runDemo(env *Env, c *Command, args []string) error {
	fs := newQueryFlags(env, c, demoHelp)
	out := fs.String("out", ".", "directory to write "+demoMapFile+" and "+demoLogFile+" to")
	seed := fs.Int64("seed", demo.DefaultSeed, "seed of the city and of the traffic")
	minutes := fs.Float64("minutes", demo.DefaultMinutes, "length of the recording in minutes")
	mapFile := fs.String("map", "", "drive on this .bai or .xodr map, or on a built-in CARLA town (Town01-07, Town10HD), instead of generating a city")
	clean := fs.Bool("clean", false, "leave out the rogue vehicle that breaks the rules on purpose")
	pos, err := Parse(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 0 {
		return Usagef("unexpected argument %q", pos[0])
	}
	if !(*minutes > 0 && *minutes <= demo.MaxMinutes) {
		return Usagef("--minutes must be more than 0 and at most %g, got %g", demo.MaxMinutes, *minutes)
	}
	if *out == "" {
		return Usagef("--out must name a directory")
	}
	if isTownMap(*mapFile) {
		return runDemoTown(env, *mapFile, *out, demo.Options{Seed: *seed, Minutes: *minutes, Clean: *clean})
	}
	m, mapBytes, name, err := demoMap(*mapFile, *seed)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(*out, 0o755); err != nil {
		return err
	}
	mapPath, logPath := filepath.Join(*out, demoMapFile), filepath.Join(*out, demoLogFile)
	if err := os.WriteFile(mapPath, mapBytes, 0o644); err != nil {
		return err
	}
	sum, err := writeDemoLog(logPath, m, demo.Options{Seed: *seed, Minutes: *minutes, MapName: name, Clean: *clean})
	if err != nil {
		return err
	}
	p := &baiPrinter{w: env.Stdout}
	p.printf("wrote %s: %q, %d roads, %d intersections, %d bytes\n", mapPath, name, len(m.Roads), len(m.Intersections), len(mapBytes))
	printDemoSummary(p, logPath, sum)
	return p.err
}

// printDemoSummary prints what the recording at logPath holds.
func printDemoSummary(p *baiPrinter, logPath string, sum demo.Summary) {
	p.printf("wrote %s: %d frames, %g s, %d vehicles (at least %d at once), %d walkers, %d traffic lights, %d collisions, %d bytes\n",
		logPath, sum.Frames, sum.Duration, sum.Vehicles, sum.MinVehicles, sum.Walkers, sum.TrafficLights, sum.Collisions, sum.Bytes)
	if sum.Rogue != 0 {
		p.printf("rogue vehicle %d (role_name rogue) staged %d faults:\n", sum.Rogue, len(sum.Staged))
	}
	for _, f := range sum.Staged {
		p.printf("  %-10s  actor %d  %.2f-%.2f s\n", f.Kind, f.Actor, f.Start, f.End)
	}
}

// demoMap returns the map to drive on, its encoding and its name: the
// file's map re-encoded (named after the file), or the demo city for
// the seed.
func demoMap(file string, seed int64) (*bai.Map, []byte, string, error) {
	var m *bai.Map
	name := ""
	if file != "" {
		data, err := os.ReadFile(file)
		if err != nil {
			return nil, nil, "", err // *fs.PathError names the file
		}
		if m, err = bai.DecodeBytes(data); err != nil {
			return nil, nil, "", fmt.Errorf("%s: %w", file, err)
		}
		name = strings.TrimSuffix(filepath.Base(file), filepath.Ext(file))
	} else {
		cfg := demo.City(seed)
		var err error
		if m, err = citygen.Generate(cfg); err != nil {
			return nil, nil, "", err
		}
		name = cfg.Name
	}
	var b bytes.Buffer
	if err := bai.Encode(&b, m); err != nil {
		return nil, nil, "", err
	}
	return m, b.Bytes(), name, nil
}

// writeDemoLog records the traffic into a new file at path.
func writeDemoLog(path string, m *bai.Map, opt demo.Options) (demo.Summary, error) {
	f, err := os.Create(path)
	if err != nil {
		return demo.Summary{}, err
	}
	sum, err := demo.Record(f, m, opt)
	return sum, errors.Join(err, f.Close())
}
