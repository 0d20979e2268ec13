package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"math"

	"github.com/mm2carla/viewer/analysis/faults"
	"github.com/mm2carla/viewer/analysis/fleet"
	"github.com/mm2carla/viewer/analysis/lanes"
	"github.com/mm2carla/viewer/analysis/pipeline"
	"github.com/mm2carla/viewer/scene"
)

const checkHelp = `
Finds where the vehicles of a CARLA recording broke the rules of a road
map: a recording and a Midtown Madness 2 AI map or an OpenDRIVE map
(.xodr), told apart by content, in any order. Given no map, the town the
recording names (TOWN.xodr) is looked for beside it and in --maps DIR,
and standard error says which map was loaded or that none was found. Every vehicle is placed on the map at every frame (road,
side, lane; or intersection; or off the map), then:

  off-lane    on a road, farther than --off-lane m from every lane curve
              of the road for --off-lane-time s or longer (reaching the
              next lane of the same side within --lane-change-time s is a
              lane change, not a fault); time slower than --moving-speed
              m/s or in a parking lane is parked, not off the lane (it
              ends a stretch, never starts or lengthens one), and a
              bicycle or motorbike in a biking lane or on the shoulder is
              in a lane (OpenDRIVE lane types; AI maps have none)
  wrong-way   moving at --wrong-way-speed m/s or more, more than
              --wrong-way-angle degrees from the travel direction of its
              lane, for --wrong-way-time s or longer (judged by the
              motion, so backing up is not driving the wrong way)
  red-light   its front passing a road end into the intersection while
              the end's traffic light (the recorded light actor within
              5 m of the map's light) shows red
  stop-sign   its front passing a stop-sign or always-stop end without
              having been slower than --stop-speed m/s while within
              --stop-distance m of it
  close-call  time to collision with the vehicle ahead in its lane under
              --close-call-ttc s, both moving at --moving-speed m/s or
              more, with no collision of the two recorded up to
              --collision-window s after, nor while they touched in one
              or --after-collision s after (that is the collision)
  collision   a collision the recording holds; impacts of the same two
              actors within --collision-merge s of the first are one
              collision spanning them, as scenario_runner's CollisionTest
              counts them ('viewer collisions' lists each as CARLA does)
  blocked     a vehicle standing still 30 s or more within 1 m (CARLA's
              rule, as 'viewer blocked' finds)

Without a map, or with one that has no road (as the window judges it),
the rules that need lanes are skipped (a note says so on standard
error) and collisions and blocked spans are still listed.

The text lists one fault a line, sorted by start time, with its span in
seconds since the recording began, the actor, for a collision or close
call the other actor ("with 3721 vehicle.diamondback.century", or "with
the world (static)" for what is no actor of the recording), where it
began (road, side and lane, or intersection, with the road and lane
numbers the map file uses) and its worst value: the distance off the
lanes (m), the angle from the lane's direction (deg), the speed at the
line (m/s), the lowest speed near the stop line (m/s), the shortest time
to collision (s), the speed when the collision began (m/s), the time
stood still (s). Then a count per kind. --json gives one document:

  {"recording":"..","map":"..","vehicles_checked":N,
   "faults":[{"kind":"off-lane|wrong-way|red-light|stop-sign|close-call|
               collision|blocked","actor":131,"blueprint":"..",
              "other":{"id":3721,"blueprint":".."},
              "start":12.05,"end":14.5,"road":12,"side":"B","lane":0,
              "intersection":null,"worst":178.0,"location":[x,y,z]}]}

with the location in the file's centimetres and Unreal axes, as 'viewer
state' prints it, and null for what does not apply (other but for
collisions and close calls; its blueprint for the world, id 4294967295
or an id the recording never spawned).

--actor 259,hero lists only the faults of those actors (ids, and hero for
every actor whose role_name is hero): those they commit, and the
collisions and close calls they are the other actor of. Every vehicle is
still checked (a close call needs the vehicle ahead), and the exit status
follows the faults listed, so a pipeline can gate on the vehicle its AI
drives. An id the recording never spawned, or hero in a recording with no
hero, is an error.

Exit status: 0 when no fault was found, 3 when any was (so a test
pipeline can gate on it), 1 when a file cannot be read (the message names
the file and the byte offset) or an --actor is not in the recording, 2
for bad usage.
`

// ExitFaults is `viewer check`'s exit status when it found a fault.
const ExitFaults = 3

// errFaults is what the check command returns when it found faults.
var errFaults = &ExitStatus{Code: ExitFaults}

// cmdCheck is `viewer check`: the faults of a recording on a map, for
// people and for test pipelines.
func cmdCheck() *Command {
	c := &Command{
		Name:    "check",
		Summary: "find where vehicles left their lane, drove the wrong way, ran a light or stop sign, or nearly hit",
		Usage:   "FILES|FOLDERS... [--json|--jsonl] [--parquet DIR] [--jobs N] [--actor IDS|hero] [thresholds] [--rules leaderboard [--leaderboard 1.0|2.0] [--route F --route-id N]]",
	}
	c.Run = func(env *Env, args []string) error {
		fs := newQueryFlags(env, c, checkHelp+fleetHelp+leaderboardHelp)
		asJSON := fs.Bool("json", false, "print one JSON document")
		only := fs.String("actor", "", "list only the faults of these actors (ids, or hero), comma-separated; the exit status follows them")
		th := faults.Defaults()
		thresholdFlags(fs, &th)
		maps := mapsFlag(fs)
		lb := addLeaderboardFlags(fs)
		ff := addFleetFlags(fs)
		pos, err := Parse(fs, args)
		if err != nil {
			return err
		}
		if err := checkThresholds(fs); err != nil {
			return err
		}
		if len(pos) == 0 {
			return Usagef("want a recording and a map")
		}
		filter, err := parseActors(*only)
		if err != nil {
			return err
		}
		on, err := lb.on()
		if ff.wanted(pos) {
			if err != nil {
				return err
			}
			return runFleet(env, ff, pos, th, *asJSON, *maps, filter, lb, on)
		}
		if err != nil || on {
			return lb.run(env, err, pos, *asJSON, *maps, filter)
		}
		return runCheck(env, pos, th, *asJSON, *maps, filter)
	}
	return c
}

// thresholdFlags makes a flag of every threshold, defaulting to th's.
func thresholdFlags(fs *flag.FlagSet, th *faults.Thresholds) {
	fs.Float64Var(&th.OffLane, "off-lane", th.OffLane, "off-lane: metres from every lane curve")
	fs.Float64Var(&th.OffLaneTime, "off-lane-time", th.OffLaneTime, "off-lane: seconds at least")
	fs.Float64Var(&th.LaneChangeTime, "lane-change-time", th.LaneChangeTime, "seconds within which reaching the next lane is a lane change")
	fs.Float64Var(&th.WrongWaySpeed, "wrong-way-speed", th.WrongWaySpeed, "wrong-way: m/s at least")
	fs.Float64Var(&th.WrongWayAngle, "wrong-way-angle", th.WrongWayAngle, "wrong-way: degrees from the lane's direction, more than")
	fs.Float64Var(&th.WrongWayTime, "wrong-way-time", th.WrongWayTime, "wrong-way: seconds at least")
	fs.Float64Var(&th.StopSpeed, "stop-speed", th.StopSpeed, "stop-sign: a stop is slower than this (m/s)")
	fs.Float64Var(&th.StopDistance, "stop-distance", th.StopDistance, "stop-sign: within this many metres before the end")
	fs.Float64Var(&th.CloseCallTTC, "close-call-ttc", th.CloseCallTTC, "close-call: time to collision under this (s)")
	fs.Float64Var(&th.MovingSpeed, "moving-speed", th.MovingSpeed, "close-call: both move at least this fast (m/s); off-lane: slower is parked")
	fs.Float64Var(&th.CollisionWindow, "collision-window", th.CollisionWindow, "close-call: seconds after it in which a collision of the two makes it part of that")
	fs.Float64Var(&th.AfterCollision, "after-collision", th.AfterCollision, "close-call: none for two actors while they touch in a collision and this many seconds after")
	fs.Float64Var(&th.CollisionMerge, "collision-merge", th.CollisionMerge, "collision: impacts of the same two actors within this many seconds of the first are one")
}

// checkThresholds rejects thresholds that are negative or not numbers.
func checkThresholds(fs *flag.FlagSet) error {
	var err error
	fs.Visit(func(f *flag.Flag) {
		if g, ok := f.Value.(flag.Getter); ok && err == nil {
			if v, ok := g.Get().(float64); ok && !(v >= 0 && !math.IsInf(v, 1)) {
				err = Usagef("--%s %s: want a number of 0 or more", f.Name, f.Value)
			}
		}
	})
	return err
}

func runCheck(env *Env, files []string, th faults.Thresholds, asJSON bool, mapsDir string, filter *actorFilter) error {
	sc, err := loadRecordingScene(files)
	if err != nil {
		return err
	}
	defer sc.close()
	var only []uint32
	if filter != nil {
		if only, err = filter.resolve(sc.rec, sc.recName); err != nil {
			return err
		}
	}
	if err := sc.findTownMap(env.Stderr, "viewer check", mapsDir); err != nil {
		return err
	}
	for _, w := range sc.warnings {
		fmt.Fprintf(env.Stderr, "viewer check: %s\n", w)
	}
	lm := sc.laneMap()
	switch {
	case lm == nil && sc.mapName != "":
		fmt.Fprintf(env.Stderr, "viewer check: %s has no road: the lane, light and stop-sign rules are skipped; "+
			"listing collisions and blocked spans only\n", sc.mapName)
	case lm == nil:
		fmt.Fprintln(env.Stderr, "viewer check: no map given: the lane, light and stop-sign rules are skipped; "+
			"listing collisions and blocked spans only")
	}
	an, err := pipeline.Analyze(context.Background(), sc.rec, lm, pipeline.Options{Thresholds: th})
	if err != nil {
		return fileErr(sc.recName, err)
	}
	sc.judgeRoads(an.Assoc, nil, nil)
	r := an.Faults
	if only != nil {
		kept := *r
		kept.Faults = onlyActors(r.Faults, only)
		r = &kept
	}
	rep := newCheckReport(sc, lm, r)
	rep.only = only
	if asJSON {
		err = rep.writeJSON(env.Stdout)
	} else {
		err = rep.writeText(env.Stdout, r)
	}
	if err != nil {
		return err
	}
	if err := sc.rec.Err(); err != nil {
		return fileErr(sc.recName, err)
	}
	if len(r.Faults) > 0 {
		return errFaults
	}
	return nil
}

// checkReport is the printed form of a check, in the file's own units
// and the map's own numbers. The JSON document has exactly the fields
// with a json tag.
type checkReport struct {
	Recording string       `json:"recording"`
	Map       *string      `json:"map"`
	Vehicles  int          `json:"vehicles_checked"`
	Faults    []checkFault `json:"faults"`
	only      []uint32     // --actor: the actors whose faults are listed
}

type checkFault struct {
	Kind         string      `json:"kind"`
	Actor        uint32      `json:"actor"`
	Blueprint    string      `json:"blueprint"`
	Other        *checkOther `json:"other"` // of a collision or close call
	Start        float64     `json:"start"`
	End          float64     `json:"end"`
	Road         *int        `json:"road"`
	Side         *string     `json:"side"`
	Lane         *int        `json:"lane"`
	Intersection *int        `json:"intersection"`
	Worst        float64     `json:"worst"`
	Location     [3]float64  `json:"location"` // cm, Unreal axes
	unit         string
	place        lanes.Place
}

// checkOther is the other actor of a collision or close call: the world
// (a static collision) has no blueprint.
type checkOther struct {
	ID        uint32  `json:"id"`
	Blueprint *string `json:"blueprint"`
}

// otherOf returns the other actor of f, nil when its kind has none.
func otherOf(f *faults.Fault) *checkOther {
	if f.Kind != faults.Collision && f.Kind != faults.CloseCall {
		return nil
	}
	o := &checkOther{ID: f.Other}
	if f.OtherBlueprint != "" {
		o.Blueprint = &f.OtherBlueprint
	}
	return o
}

// with names a fault's other actor in the text: "with 3721
// vehicle.diamondback.century", or the world.
func (o *checkOther) with() string {
	if o == nil {
		return ""
	}
	bp := ""
	if o.Blueprint != nil {
		bp = *o.Blueprint
	}
	return string(faults.AppendOther([]byte("  with "), o.ID, bp)) // the window's words too
}

func newCheckReport(sc *shotScene, m lanes.Map, r *faults.Result) *checkReport {
	rep := &checkReport{Recording: sc.recName, Vehicles: r.Vehicles, Faults: []checkFault{}}
	if sc.mapName != "" {
		rep.Map = &sc.mapName
	}
	for i := range r.Faults {
		f := &r.Faults[i]
		loc := scene.ToUnreal(f.Location)
		cf := checkFault{Kind: f.Kind.String(), Actor: f.Actor, Blueprint: f.Blueprint, Other: otherOf(f),
			Start: fleet.Round(f.Start, 3), End: fleet.Round(f.End, 3), Worst: fleet.Round(f.Worst, 3),
			Location: [3]float64{fleet.Round(loc.X, 1), fleet.Round(loc.Y, 1), fleet.Round(loc.Z, 1)},
			unit:     f.Kind.Unit(), place: f.Place}
		n := f.Numbers(m)
		cf.Road, cf.Side, cf.Lane, cf.Intersection = n.Road, n.Side, n.Lane, n.Intersection
		rep.Faults = append(rep.Faults, cf)
	}
	return rep
}

func (rep *checkReport) writeJSON(w io.Writer) error {
	bw := &errWriter{w: w}
	name, _ := json.Marshal(rep.Recording)
	mp, _ := json.Marshal(rep.Map)
	bw.printf("{\n  \"recording\": %s,\n  \"map\": %s,\n  \"vehicles_checked\": %d,\n", name, mp, rep.Vehicles)
	writeList(bw, "faults", rep.Faults, "")
	bw.printf("}\n")
	return bw.err
}

func (rep *checkReport) writeText(w io.Writer, r *faults.Result) error {
	bw := &errWriter{w: w}
	on := "without a map"
	if rep.Map != nil {
		on = "on " + *rep.Map
	}
	vehicles := "vehicles"
	if rep.Vehicles == 1 {
		vehicles = "vehicle"
	}
	listed := ""
	if rep.only != nil {
		listed = ", the faults of " + actorsText(rep.only) + " listed"
	}
	bw.printf("Faults of %s %s: %d %s checked%s; times in seconds.\n", rep.Recording, on, rep.Vehicles, vehicles, listed)
	for _, f := range rep.Faults {
		where := ""
		if f.place != lanes.NoMap {
			where = f.where() + "  "
		}
		bw.printf("  %.2f-%.2f  %-10s  actor %d %s%s  %sworst %s\n", f.Start, f.End, f.Kind, f.Actor, f.Blueprint,
			f.Other.with(), where, worst(f.Worst, f.unit))
	}
	bw.printf("\n")
	total := 0
	for _, k := range faults.Kinds {
		n := r.Count(k)
		total += n
		if n > 0 || r.LaneRules || k == faults.Collision || k == faults.Blocked {
			bw.printf("%-12s %d\n", k, n)
		}
	}
	bw.printf("%-12s %d\n", "total", total)
	return bw.err
}

// where says where a fault began, with the map's numbers.
func (f *checkFault) where() string {
	var s string
	switch {
	case f.Road != nil && f.Lane != nil:
		s = fmt.Sprintf("road %d side %s lane %d", *f.Road, *f.Side, *f.Lane)
	case f.Road != nil:
		s = fmt.Sprintf("road %d", *f.Road)
	}
	switch {
	case f.Intersection != nil && s != "":
		s += fmt.Sprintf(" into intersection %d", *f.Intersection)
	case f.Intersection != nil:
		s = fmt.Sprintf("intersection %d", *f.Intersection)
	case s == "":
		s = "off the map"
	}
	return s
}

func worst(v float64, unit string) string {
	if unit == "deg" {
		return fmt.Sprintf("%.0f deg", v)
	}
	return fmt.Sprintf("%.2f %s", v, unit)
}
