// Package demo simulates Midtown Madness 2 style ambient traffic on a BAI
// map and records it as a CARLA 0.9.13 recording.
//
// It exists because the viewer has nothing to show when opened without a
// file: no retail MM2 map may be shipped, and real CARLA recordings are
// made on CARLA's own maps. So the project drives its own traffic on its
// own generated city (package sim/citygen) and writes it in CARLA's format:
// the built-in demo, and recordings and maps that fit each other for
// tests and benchmarks. Running traffic over any BAI map is also a quick
// check of the map: wrong directions, dead ends, missing movements or
// unworkable rules show at once as traffic that cannot go on.
//
// The traffic follows the map's semantics. Vehicles drive the lane curves
// in their side's direction and keep their lane; at an intersection they
// take one of the ways the intersection's road list offers, along a
// cubic Bezier from the arriving lane's end to the departing lane's
// start, slowing for the turn and for the bends of their lanes. They
// stop at red lights (opposite approaches share a phase, so crossing
// flows alternate), come to a full stop at stop signs and go first come,
// first served, yield to never-stop roads, and follow the car ahead with
// the intelligent driver model, braking evenly to a clean stop. A car
// that has waited at its line over 10 s, or that waits there in the
// last seconds of its green, is let go first, so that none stands 30 s
// (what `viewer check` reports as blocked). A vehicle may
// only pass its stop line holding its movement, and no two vehicles
// hold movements whose swept areas overlap but one behind the other into
// the same lane, so vehicles never touch; the only collision is a staged
// rear-end crash into the hero. One
// rogue vehicle (role_name "rogue", left out by Options.Clean) breaks
// each rule of the map once, at times Summary.Staged lists, so that the
// viewer has faults to show (rogue.go); a run whose rogue misses a kind
// is simulated again with its next plan, a few times at most (plan.go),
// so Record may take a few times as long as one simulation. Walkers
// walk the sidewalk centre curves and round block corners. Traffic
// enters and leaves at the map's dead-end roads.
//
// Everything is simulated in world coordinates (package scene: metres,
// Z up) and converted for the file by scene's functions only; each frame
// is written through sim/synth's Frame, which lays out the packets of a
// frame as CARLA does for both generators of synthetic recordings. A run
// is deterministic: the same map, seed and length give the same bytes.
//
// It stands on the sim floor (README "Layout"), above scene, whose units
// and axes it uses; the built-in demo (assets) and `viewer demo` are
// built on it.
package demo

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math"
	"time"

	"github.com/mm2carla/viewer/format/bai"
	"github.com/mm2carla/viewer/format/recorder"
	"github.com/mm2carla/viewer/scene"
	"github.com/mm2carla/viewer/sim/citygen"
)

// Defaults of the demo command and the built-in demo.
const (
	DefaultSeed    = 1
	DefaultMinutes = 2.0
	MaxMinutes     = 60.0 // longest recording Record makes
)

// Options choose a recording.
type Options struct {
	Seed    int64   // traffic seed
	Minutes float64 // length; recordings have Minutes*60*20 + 1 frames
	MapName string  // the map name written in the recording's header
	// Clean leaves out the rogue vehicle (rogue.go): the traffic then
	// breaks no rule of the map but for the staged crash.
	Clean bool
}

// Summary tells what a recording holds.
type Summary struct {
	Frames        int
	Duration      float64 // seconds, the last frame's elapsed time
	Vehicles      int     // vehicles created, the hero included
	MinVehicles   int     // fewest vehicles alive at once after the first second
	Walkers       int
	TrafficLights int
	StopSigns     int // stop-sign posts: a map without (of CARLA's towns all but Town07 and Town10HD) gives the rogue no stop sign to run
	Collisions    int
	Bytes         int64
	Rogue         uint32        // the rogue's actor id, 0 if none
	Staged        []StagedFault // the faults the rogue committed, in time order
	RoguePlan     int           // which of the seed's plans the rogue followed (plan.go): 0 is the first, each later one was needed because the ones before it missed a kind
	RoguePlans    int           // how many plans were simulated to find it
	LaneChanges   []float64     // s: when the rogue began each of its lane changes (roguelane.go), no fault

	blocked int // vehicles that stood blocked (plan.go's blockWatch)
}

// City returns the demo city's configuration for a seed: citygen's
// default city, with the seed.
func City(seed int64) citygen.Config {
	c := citygen.Default()
	c.Seed = seed
	return c
}

// Date returns the recording date written for a seed: a fixed day of
// 2024 moved on by the seed, so recordings never depend on the clock.
func Date(seed int64) int64 {
	base := time.Date(2024, time.March, 1, 9, 30, 0, 0, time.UTC).Unix()
	day := seed % 365
	if day < 0 {
		day += 365
	}
	return base + day*86400 + (day%9)*3600
}

// frames returns the frame count for the options.
func (o Options) frames() (int, error) {
	if !(o.Minutes > 0 && o.Minutes <= MaxMinutes) {
		return 0, fmt.Errorf("demo: length %g minutes is not in (0, %g]", o.Minutes, MaxMinutes)
	}
	return int(math.Round(o.Minutes*60*frameRate)) + 1, nil
}

// Record simulates traffic on m and writes the recording to w.
func Record(w io.Writer, m *bai.Map, opt Options) (Summary, error) {
	var sum Summary
	frames, err := opt.frames()
	if err != nil {
		return sum, err
	}
	if m == nil {
		return sum, errors.New("demo: no map")
	}
	sm := scene.NewMap(m)
	return record(w, func() *network { return newNetwork(sm) }, opt, frames)
}

// RecordTown simulates traffic on an OpenDRIVE road network (one of
// CARLA's towns, say) and writes the recording to w; opt.MapName should
// name the town, so that the viewer finds its roads again (see
// analysis/towns). The lanes, their ways through junctions, the rules
// and the light actors come from the network (odrnet.go).
func RecordTown(w io.Writer, rn *scene.RoadNet, opt Options) (Summary, error) {
	frames, err := opt.frames()
	if err != nil {
		return Summary{}, err
	}
	if rn == nil {
		return Summary{}, errors.New("demo: no road network")
	}
	return record(w, townMaker(rn, opt, frames), opt, frames)
}

// townMaker returns what makes the network of rn for opt's runs: the
// hero set further back where the rogue's first plan has no staged
// collision (crashes).
func townMaker(rn *scene.RoadNet, opt Options, frames int) func() *network {
	far := !crashes(newODRNetwork(rn), opt, frames)
	return func() *network {
		n := newODRNetwork(rn)
		n.heroFar = far
		return n
	}
}

// withConflicts adds to n the conflicts between its ways for the
// largest vehicle's box, which every run needs, and returns it.
func withConflicts(n *network) *network {
	ext := scene.FromUnrealExtent(largestExtent())
	n.addConflicts(ext[0], ext[1])
	return n
}

// crashes reports whether a run on n (with the rogue's first plan) has
// its staged collision. The hero starts close to a red light (see
// seedVehicles); where that light is still green at first it drives
// through, and on Town04 with seeds 2 and 3 it then never stood again.
// Those runs are made with the hero starting further back instead
// (heroRun); the others stay as they were.
func crashes(n *network, opt Options, frames int) bool {
	s := newSim(withConflicts(n), opt.Seed, !opt.Clean, 0)
	s.rogue.last = elapsed(frames)
	s.start()
	s.ev.reset()
	for f := 2; f <= frames && !s.crash.done; f++ {
		s.step()
		s.ev.reset()
	}
	return s.crash.done
}

// run simulates one run on a new network with the rogue following plan
// (see plan.go) and writes it.
func run(w io.Writer, net *network, opt Options, frames, plan int, focus [nActs]bool) (Summary, error) {
	var sum Summary
	s := newSim(net, opt.Seed, !opt.Clean, plan)
	s.rogue.focus = focus
	s.rogue.last = elapsed(frames)
	cw := &countWriter{w: w}
	wr, err := recorder.NewWriter(cw, recorder.Header{Version: 1, Magic: recorder.Magic, Date: Date(opt.Seed), Map: opt.MapName}, recorder.Layout{})
	if err != nil {
		return sum, err
	}
	r := &recording{w: wr}
	r.lightIDs, r.spec = s.start()
	for k, id := range r.lightIDs {
		g, y, red := net.postTimes(k)
		r.times = append(r.times, recorder.TrafficLightTime{ID: id, Green: float32(g), Yellow: float32(y), Red: float32(red)})
	}
	sum.MinVehicles = s.alive
	var bw blockWatch
	for f := 1; f <= frames; f++ {
		if f > 1 {
			s.step()
		}
		bw.step(s)
		if err := r.frame(s, f, frames); err != nil {
			return sum, err
		}
		if s.t >= 1 {
			sum.MinVehicles = min(sum.MinVehicles, s.alive)
		}
		s.ev.reset()
	}
	if err := wr.Flush(); err != nil {
		return sum, err
	}
	sum.Frames, sum.Duration = frames, elapsed(frames)
	sum.Vehicles, sum.Walkers, sum.TrafficLights = len(s.veh), len(s.walkers), len(r.lightIDs)
	sum.Collisions, sum.Bytes = int(s.crash.count), cw.n
	sum.StopSigns, sum.blocked = len(s.net.signs), bw.blocked
	if s.rogue.vi >= 0 {
		sum.Rogue, sum.Staged, sum.RoguePlan = s.veh[s.rogue.vi].id, s.rogue.staged, plan
		sum.LaneChanges = s.rogue.shifts
	}
	return sum, nil
}

// Build generates the city cfg describes and records traffic on it: the
// encoded map, the recording and its summary. The recording's map name
// is the city's name.
func Build(cfg citygen.Config, opt Options) (mapBytes, logBytes []byte, sum Summary, err error) {
	m, err := citygen.Generate(cfg)
	if err != nil {
		return nil, nil, sum, err
	}
	var mb bytes.Buffer
	if err := bai.Encode(&mb, m); err != nil {
		return nil, nil, sum, err
	}
	if opt.MapName == "" {
		opt.MapName = cfg.Name
	}
	var lb bytes.Buffer
	lb.Grow(32 << 20) // the default demo is about 30 MB: one allocation, no copying
	sum, err = Record(&lb, m, opt)
	if err != nil {
		return nil, nil, sum, err
	}
	return mb.Bytes(), lb.Bytes(), sum, nil
}

// countWriter counts the bytes written through it.
type countWriter struct {
	w io.Writer
	n int64
}

func (c *countWriter) Write(p []byte) (int, error) {
	k, err := c.w.Write(p)
	c.n += int64(k)
	return k, err
}
