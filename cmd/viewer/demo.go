package main

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strconv"
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
DIR/traffic.log (the header's map name is the city's name). --map
also takes an OpenDRIVE map (.xodr) or a town built into the viewer by
name (Town01-Town07, Town10HD): the traffic then drives CARLA's own
roads, their junctions' ways and their lights (standing where CARLA
puts them), the header names the town, and a user's .xodr is written
beside the recording as TOWN.xodr (a built-in town is found by its
name), so the recording opens with its roads on its own. Vehicles
keep their lanes (on a town the rogue may move to the lane beside its
own, signalling, for a place it needs: the check counts that as a lane
change, no fault) and obey the map's lights and stop signs, walkers use
the sidewalks, and the hero vehicle (role_name hero) is rear-ended once
by a car whose driver looked away. One more vehicle (role_name rogue)
breaks each rule 'viewer check' knows once, where it forces nobody
else into a fault: it nearly hits a car (close-call), drives into the
oncoming lane (wrong-way), drifts off its lane (off-lane), runs a red
light and rolls through a stop sign, heading for the places these need;
the command prints when, one line per fault, and 'viewer check' finds
them there. Where its first plan (its start and the places it likes,
drawn from the seed) misses a kind, the run is simulated again from the
start with the next plan, drawn from a sub-seed (up to 8 plans on the
demo city, 16 on a town), the other traffic's draws unchanged, and the
first plan with all five (else the one with the most) is written and
printed; so a run may take a few times as long. On a town whose file
names no stop signs the demo stands stop sign actors (traffic.stop) at
the minor entries of its unlit junctions, as CARLA's levels do; on
Town01 and Town02, which have a light at every entry, it puts the
lights of one junction out of order (they blink yellow all run) and
stands a temporary stop sign on its minor road, which 'viewer check'
then holds as that entry's rule. In busy traffic a short run, and a few seeds even at the default
length, still give it no chance for one kind. --clean leaves the rogue
out: then the check finds the staged
collision only. The same seed gives the same bytes.

--runs K writes a fleet of K runs with the seeds N, N+1, ... N+K-1,
each in its own folder DIR/seed-N holding its city.bai and
traffic.log (seed numbers padded to one width, so that the folders sort
in seed order), and prints one line a run: a folder to try the fleet
commands on ('viewer check DIR') and the viewer's runs table. A
two-minute run is about 30 MB.

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
		Usage:   "[--out DIR] [--seed N] [--minutes M] [--map FILE.bai|FILE.xodr|TOWN] [--clean] [--runs K]",
	}
	c.Run = func(env *Env, args []string) error { return runDemo(env, c, args) }
	return c
}

func runDemo(env *Env, c *Command, args []string) error {
	fs := newQueryFlags(env, c, demoHelp)
	out := fs.String("out", ".", "directory to write "+demoMapFile+" and "+demoLogFile+" to (with --runs, a folder per run in it)")
	seed := fs.Int64("seed", demo.DefaultSeed, "seed of the city and of the traffic (with --runs, of the first run)")
	minutes := fs.Float64("minutes", demo.DefaultMinutes, "length of the recording in minutes")
	mapFile := fs.String("map", "", "drive on this .bai or .xodr map, or on a built-in CARLA town (Town01-07, Town10HD), instead of generating a city")
	clean := fs.Bool("clean", false, "leave out the rogue vehicle that breaks the rules on purpose")
	runs := fs.Int("runs", 1, "write this many runs, with the seeds N, N+1, ..., each in DIR/seed-N")
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
	if *runs < 1 || *runs > maxDemoRuns {
		return Usagef("--runs must be from 1 to %d, got %d", maxDemoRuns, *runs)
	}
	if *runs > 1 && *seed > math.MaxInt64-int64(*runs-1) {
		return Usagef("--seed %d leaves no room for %d seeds", *seed, *runs)
	}
	opt := demo.Options{Minutes: *minutes, Clean: *clean}
	if *runs == 1 {
		opt.Seed = *seed
		r, err := writeDemoRun(*out, *mapFile, opt)
		if err != nil {
			return err
		}
		return printDemoRun(env, r)
	}
	p := &baiPrinter{w: env.Stdout}
	width := len(strconv.FormatInt(*seed+int64(*runs-1), 10))
	for k := range *runs {
		opt.Seed = *seed + int64(k)
		dir := filepath.Join(*out, demoRunDir(opt.Seed, width))
		r, err := writeDemoRun(dir, *mapFile, opt)
		if err != nil {
			return err
		}
		p.printf("wrote %s: seed %d, %g s, %d vehicles, %d collisions, %s\n", dir, opt.Seed, r.sum.Duration, r.sum.Vehicles, r.sum.Collisions, stagedKinds(r.sum))
	}
	return p.err
}

// maxDemoRuns bounds --runs: a two-minute run is about 30 MB.
const maxDemoRuns = 10000

// demoRunDir names a run's folder in a fleet: its seed, with
// non-negative seeds padded to width digits so that the folders sort in
// seed order.
func demoRunDir(seed int64, width int) string {
	if seed < 0 {
		return fmt.Sprintf("seed%d", seed)
	}
	return fmt.Sprintf("seed-%0*d", width, seed)
}

// stagedKinds lists the kinds of faults a run's rogue staged, for its line.
func stagedKinds(sum demo.Summary) string {
	if sum.Rogue == 0 {
		return "no rogue"
	}
	kinds := make([]string, len(sum.Staged))
	for i, f := range sum.Staged {
		kinds[i] = f.Kind
	}
	if len(kinds) == 0 {
		return fmt.Sprintf("rogue %d staged no faults", sum.Rogue)
	}
	return fmt.Sprintf("rogue %d staged %d faults (%s)", sum.Rogue, len(sum.Staged), strings.Join(kinds, ", "))
}

// demoRun is what writeDemoRun wrote.
type demoRun struct {
	sum     demo.Summary
	logPath string
	mapLine string // what the map written beside the recording is; "" when none was (a built-in town)
}

// writeDemoRun writes one run's map and recording into dir: on a BAI
// map (the demo city for the seed, or --map's), or on an OpenDRIVE town
// (demotown.go).
func writeDemoRun(dir, mapFile string, opt demo.Options) (demoRun, error) {
	if isTownMap(mapFile) {
		return writeTownRun(dir, mapFile, opt)
	}
	var r demoRun
	m, mapBytes, name, err := demoMap(mapFile, opt.Seed)
	if err != nil {
		return r, err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return r, err
	}
	mapPath := filepath.Join(dir, demoMapFile)
	r = demoRun{logPath: filepath.Join(dir, demoLogFile),
		mapLine: fmt.Sprintf("wrote %s: %q, %d roads, %d intersections, %d bytes", mapPath, name, len(m.Roads), len(m.Intersections), len(mapBytes))}
	if err := os.WriteFile(mapPath, mapBytes, 0o644); err != nil {
		return r, err
	}
	opt.MapName = name
	r.sum, err = writeDemoLog(r.logPath, m, opt)
	return r, err
}

// printDemoRun prints what one run wrote and the faults its rogue staged.
func printDemoRun(env *Env, r demoRun) error {
	sum := r.sum
	p := &baiPrinter{w: env.Stdout}
	if r.mapLine != "" {
		p.printf("%s\n", r.mapLine)
	}
	p.printf("wrote %s: %d frames, %g s, %d vehicles (at least %d at once), %d walkers, %d traffic lights, %d collisions, %d bytes\n",
		r.logPath, sum.Frames, sum.Duration, sum.Vehicles, sum.MinVehicles, sum.Walkers, sum.TrafficLights, sum.Collisions, sum.Bytes)
	if sum.Rogue != 0 {
		p.printf("rogue vehicle %d (role_name rogue) staged %d faults:\n", sum.Rogue, len(sum.Staged))
		if sum.RoguePlans > 1 {
			p.printf("  (it follows the seed's plan %d: %d plans were simulated, a plan that misses a kind is simulated again with the next)\n",
				sum.RoguePlan, sum.RoguePlans)
		}
		if sum.StopSigns == 0 {
			p.printf("  (every junction entry of the map has a light, so it has no stop sign: no stop-sign fault to stage)\n")
		}
	}
	for _, f := range sum.Staged {
		p.printf("  %-10s  actor %d  %.2f-%.2f s\n", f.Kind, f.Actor, f.Start, f.End)
	}
	return p.err
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
