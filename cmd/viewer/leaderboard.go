package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"github.com/mm2carla/viewer/analysis/fleet"
	"github.com/mm2carla/viewer/analysis/lanes"
	"github.com/mm2carla/viewer/analysis/leaderboard"
	"github.com/mm2carla/viewer/scene"
)

const leaderboardHelp = `
--rules leaderboard judges the hero (role_name hero, or the one --actor
ID) by CARLA's leaderboard instead: the infractions scenario_runner's
criteria would count, in the leaderboard's own words and keys, and the
infraction penalty its statistics manager multiplies from them
(--leaderboard 1.0 or 2.0, default 2.0):

  collisions_pedestrian, collisions_vehicle, collisions_layout
              the hero's recorded collisions by the other actor's type;
              the same actor within 5 s, or anything within 5 m of the
              last counted one, is the same; none while the hero moves
              slower than 0.1 m/s
  red_light   the hero's tail crossing a stop line of a red light's lane
              (yellow never counts), one per light in a row
  stop_infraction
              leaving a stop sign's area (4 m) without having moved
              slower than 0.1 m/s there, one per sign in a row
  outside_route_lanes
              the share of the distance (of the route with --route, else
              driven) outside the driving and parking lanes or against
              the lane
  vehicle_blocked
              slower than 0.1 m/s for more than 180 s (the run ends)

With --route FILE --route-id N (a leaderboard route file, 1.0's or 2.0's
form), also route_dev (30 m or more from the route: the run ends), the
route completion (score_route), and the driving score (score_composed).
The recorder keeps no trigger volumes: the lanes a light or stop sign
governs come from the map's OpenDRIVE signals, or where the town has none
from where the recorded light or traffic.stop actor stands (the place
rule), and the output counts which. The route is its key points joined by
straight lines (the leaderboard follows the lanes between them).
Exit status 3 when any infraction was found.
`

// leaderboardFlags are check's flags of the leaderboard profile.
type leaderboardFlags struct {
	rules, version, route, routeID *string
}

func addLeaderboardFlags(fs *flag.FlagSet) *leaderboardFlags {
	return &leaderboardFlags{
		rules:   fs.String("rules", "default", "rule profile: default, or leaderboard (CARLA's leaderboard criteria, for the hero)"),
		version: fs.String("leaderboard", "2.0", "with --rules leaderboard: the edition whose penalties apply, 1.0 or 2.0"),
		route:   fs.String("route", "", "with --rules leaderboard: the leaderboard route file the run followed"),
		routeID: fs.String("route-id", "", "with --route: the id of the route in it"),
	}
}

// on reports whether the leaderboard profile was asked for; an error for
// its flags without it, or an unknown profile.
func (l *leaderboardFlags) on() (bool, error) {
	switch *l.rules {
	case "leaderboard":
		if (*l.route == "") != (*l.routeID == "") {
			return false, Usagef("--route and --route-id go together")
		}
		return true, nil
	case "default", "":
		if *l.route != "" || *l.routeID != "" || *l.version != "2.0" {
			return false, Usagef("--leaderboard, --route and --route-id need --rules leaderboard")
		}
		return false, nil
	}
	return false, Usagef("--rules %q: want default or leaderboard", *l.rules)
}

// options returns the edition and route the flags ask for (after on).
func (l *leaderboardFlags) options() (leaderboard.Version, *leaderboard.Route, error) {
	v, err := leaderboard.ParseVersion(*l.version)
	if err != nil {
		return 0, nil, Usagef("--leaderboard %q: want 1.0 or 2.0", *l.version)
	}
	if *l.route == "" {
		return v, nil, nil
	}
	route, err := readRoute(*l.route, *l.routeID)
	return v, route, err
}

// run is `viewer check --rules leaderboard`, or the error of its flags.
func (l *leaderboardFlags) run(env *Env, flagErr error, files []string, asJSON bool, mapsDir string, filter *actorFilter) error {
	if flagErr != nil {
		return flagErr
	}
	v, route, err := l.options()
	if err != nil {
		return err
	}
	sc, err := loadRecordingScene(files)
	if err != nil {
		return err
	}
	defer sc.close()
	if filter == nil {
		filter = &actorFilter{hero: true}
	}
	ids, err := filter.resolve(sc.rec, sc.recName)
	if err != nil {
		return err
	}
	if len(ids) != 1 {
		return Usagef("--rules leaderboard judges one hero; --actor names %d", len(ids))
	}
	if err := sc.findTownMap(env.Stderr, "viewer check", mapsDir); err != nil {
		return err
	}
	for _, w := range sc.warnings {
		fmt.Fprintf(env.Stderr, "viewer check: %s\n", w)
	}
	lm := sc.laneMap()
	if _, ok := lm.(*lanes.OpenDRIVE); !ok {
		fmt.Fprintln(env.Stderr, "viewer check: no OpenDRIVE map: red_light, stop_infraction and outside_route_lanes "+
			"are not judged; collisions and blocked are")
	}
	a, err := lanes.AssociateActors(context.Background(), sc.rec, lm, ids, nil)
	if err != nil {
		return fileErr(sc.recName, err)
	}
	sc.judgeRoads(a, nil, nil) // the hero's positions
	res, err := leaderboard.JudgeRecording(sc.rec, a, leaderboard.Options{Hero: ids[0], Version: v, Route: route})
	if err != nil {
		return fmt.Errorf("%s: %w", sc.recName, err)
	}
	rep := newLeaderboardReport(sc, res)
	if asJSON {
		err = rep.writeJSON(env.Stdout)
	} else {
		err = rep.writeText(env.Stdout)
	}
	if err != nil {
		return err
	}
	if err := sc.rec.Err(); err != nil {
		return fileErr(sc.recName, err)
	}
	if len(res.Infractions) > 0 {
		return errFaults
	}
	return nil
}

// readRoute reads route id of a leaderboard route file.
func readRoute(path, id string) (*leaderboard.Route, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	rf, err := leaderboard.ReadRoutes(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	r, ok := rf.Find(id)
	if !ok {
		return nil, fmt.Errorf("%s: no route with id %q (%d routes)", path, id, len(rf.Routes))
	}
	return r, nil
}

// leaderboardReport is the printed form of a leaderboard prediction.
type leaderboardReport struct {
	Recording string
	Map       *string
	res       *leaderboard.Result
}

func newLeaderboardReport(sc *shotScene, res *leaderboard.Result) *leaderboardReport {
	rep := &leaderboardReport{Recording: sc.recName, res: res}
	if sc.mapName != "" {
		rep.Map = &sc.mapName
	}
	return rep
}

// lbMessages returns the infraction messages under each record key.
func lbMessages(r *leaderboard.Result) map[string][]string {
	out := map[string][]string{}
	for _, k := range r.Version.RecordKeys() {
		out[k] = []string{}
	}
	for _, f := range r.Infractions {
		out[f.Kind.Key()] = append(out[f.Kind.Key()], f.Message)
	}
	return out
}

// lightsText says where the lights' lanes came from.
func (rep *leaderboardReport) lightsText() string {
	r := rep.res
	if !r.LaneRules {
		return "no OpenDRIVE map: lights, stops and lanes not judged"
	}
	return fmt.Sprintf("lights tied to %d junction entries by the map's OpenDRIVE signals and %d by place; "+
		"stop signs to %d by signals and %d by place", r.LightsBySignal, r.LightsByPlace, r.StopsBySignal, r.StopsByPlace)
}

// lbStatus is the route record's status, as leaderboard-2.0 words it
// ("" without a route).
func lbStatus(r *leaderboard.Result) string {
	switch {
	case r.Route == nil:
		return ""
	case r.Route.Completion >= 100 && len(r.Infractions) == 0:
		return "Perfect"
	case r.Route.Completion >= 100:
		return "Completed"
	case r.Ended != "" && r.Ended != "Completed":
		return "Failed - " + r.Ended
	}
	return "Failed"
}

func (rep *leaderboardReport) writeText(w io.Writer) error {
	bw := &errWriter{w: w}
	r := rep.res
	on := "without a map"
	if rep.Map != nil {
		on = "on " + *rep.Map
	}
	bw.printf("Leaderboard %s prediction for actor %d %s in %s %s; times in seconds.\n",
		r.Version, r.Hero, r.Blueprint, rep.Recording, on)
	bw.printf("%s.\n", rep.lightsText())
	if r.Ended != "" {
		bw.printf("The run ends at %.2f: %s.\n", r.End, r.Ended)
	}
	for _, f := range r.Infractions {
		bw.printf("  %8.2f  %-22s %s\n", f.Time, f.Kind.Key(), f.Message)
	}
	for _, t := range r.StandingCollisions { // why a hero that was hit has no collision
		bw.printf("  %8.2f  %-22s hit while standing: CollisionTest counts no contact below 0.1 m/s\n", t, "(not counted)")
	}
	bw.printf("\n")
	msgs := lbMessages(r)
	for _, k := range r.Version.RecordKeys() {
		if !slices.Contains(r.Version.NotPredicted(), k) {
			bw.printf("%-22s %d\n", k, len(msgs[k]))
		}
	}
	bw.printf("%-22s %.6g\n", "score_penalty", r.Penalty)
	if rt := r.Route; rt != nil {
		bw.printf("%-22s %.2f  (route %s, %.0f m)\n", "score_route", rt.Completion, rt.ID, rt.Length)
		bw.printf("%-22s %.2f  (%s)\n", "score_composed", rt.Score.Composed, lbStatus(r))
	}
	bw.printf("Not predicted: %s.\n", strings.Join(r.Version.NotPredicted(), ", "))
	return bw.err
}

// lbJSON is the JSON document: the leaderboard's route record (its
// infractions and scores keys) and what the prediction rests on.
type lbJSON struct {
	Recording   string  `json:"recording"`
	Map         *string `json:"map"`
	Leaderboard string  `json:"leaderboard"`
	lbRecord
	Meta    *lbMeta   `json:"meta"`
	Events  []lbEvent `json:"events"`
	NotPred []string  `json:"not_predicted"`
}

// lbRecord is the part of the document a fleet's JSON line carries too
// (its "leaderboard" object): whom it judged, how the lights were tied,
// the route record's infractions and scores.
type lbRecord struct {
	Hero        lbHero              `json:"hero"`
	Lights      *lbLights           `json:"lights"`
	RouteID     *string             `json:"route_id"`
	Status      *string             `json:"status"`
	Infractions map[string][]string `json:"infractions"`
	Scores      lbScores            `json:"scores"`
}

// newLBRecord is the record of a prediction, rounded as printed.
func newLBRecord(r *leaderboard.Result) lbRecord {
	rec := lbRecord{Hero: lbHero{r.Hero, r.Blueprint}, Infractions: lbMessages(r),
		Scores: lbScores{Penalty: fleet.Round(r.Penalty, 6)}}
	if r.LaneRules {
		rec.Lights = &lbLights{r.LightsBySignal, r.LightsByPlace, r.StopsBySignal, r.StopsByPlace}
	}
	if rt := r.Route; rt != nil {
		id, st := rt.ID, lbStatus(r)
		comp, composed := fleet.Round(rt.Completion, 6), fleet.Round(rt.Score.Composed, 6)
		rec.RouteID, rec.Status = &id, &st
		rec.Scores.Route, rec.Scores.Composed = &comp, &composed
	}
	return rec
}

type lbHero struct {
	ID        uint32 `json:"id"`
	Blueprint string `json:"blueprint"`
}

// lbLights counts the junction entries whose lights and stop signs are
// tied to them by the map's signals and by place.
type lbLights struct {
	BySignal      int `json:"by_signal"`
	ByPlace       int `json:"by_place"`
	StopsBySignal int `json:"stops_by_signal"`
	StopsByPlace  int `json:"stops_by_place"`
}

type lbScores struct {
	Route    *float64 `json:"score_route"`
	Penalty  float64  `json:"score_penalty"`
	Composed *float64 `json:"score_composed"`
}

type lbMeta struct {
	RouteLength float64 `json:"route_length"`
}

// lbEvent is one infraction with when and where it happened.
type lbEvent struct {
	Key        string     `json:"key"`
	Time       float64    `json:"time"`
	Message    string     `json:"message"`
	Location   [3]float64 `json:"location"` // CARLA's metres and axes, as the messages
	Other      *uint32    `json:"other_id"`
	Percentage *float64   `json:"percentage,omitempty"`
}

func (rep *leaderboardReport) writeJSON(w io.Writer) error {
	r := rep.res
	doc := lbJSON{Recording: rep.Recording, Map: rep.Map, Leaderboard: r.Version.String(), lbRecord: newLBRecord(r),
		Events: []lbEvent{}, NotPred: r.Version.NotPredicted()}
	if rt := r.Route; rt != nil {
		doc.Meta = &lbMeta{RouteLength: fleet.Round(rt.Length, 3)}
	}
	for _, f := range r.Infractions {
		x, y, z := scene.ToCarla(f.Location)
		e := lbEvent{Key: f.Kind.Key(), Time: fleet.Round(f.Time, 3), Message: f.Message,
			Location: [3]float64{fleet.Round(x, 3), fleet.Round(y, 3), fleet.Round(z, 3)}}
		if f.Other != 0 {
			o := f.Other
			e.Other = &o
		}
		if f.Kind == leaderboard.OutsideRouteLanes {
			p := fleet.Round(f.Percentage, 3)
			e.Percentage = &p
		}
		doc.Events = append(doc.Events, e)
	}
	b, err := json.MarshalIndent(doc, "", "  ")
	if err != nil {
		return err
	}
	_, err = w.Write(append(b, '\n'))
	return err
}
