package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"strconv"
	"strings"

	"github.com/mm2carla/viewer/analysis/fleet"
	"github.com/mm2carla/viewer/analysis/lanes"
	"github.com/mm2carla/viewer/analysis/pipeline"
	"github.com/mm2carla/viewer/format/recorder"
	"github.com/mm2carla/viewer/scene"
)

const stateHelp = `
Prints what the viewer shows at one instant: the frame, every actor (id,
recorded type number, blueprint, parent id or 0, hero or not, location in
the file's centimetres and Unreal axes, rotation as the file's roll, pitch
and yaw in degrees, speed in m/s) and every traffic light's state.
Between two frames poses are interpolated as the viewer draws them; at a
frame's own time they are that frame's records. A time before the start
or after the end shows the first or last frame and says so on standard
error. --json gives one JSON document:

  {"time":..,"frame":..,"actors":[{"id":..,"type":..,"blueprint":"..",
   "parent":..,"hero":..,"location":[x,y,z],"rotation":[roll,pitch,yaw],
   "speed":..}],"traffic_lights":[{"id":..,"state":"red|yellow|green|off"}]}

where frame is the frame's number as recorded. Problems found building the
state (a missing parent, a parent cycle) follow the actors in the text
form; with --json they go to standard error.

With a map too (a Midtown Madness 2 AI map; the two files are told apart
by content, in any order) each vehicle is placed on it as 'viewer check'
places it: its JSON object gains

  "lane":{"road":..,"side":"A|B","lane":..,"offset":..,"heading_error":..}

(the road and lane numbers the map file uses, the signed distance from
the lane's curve in metres, + to the left of its direction of travel,
and the angle from that direction to the vehicle's motion in degrees,
null while it stands), or "intersection":N, or neither when it is off the
map; the text gains a column saying the same.

A file that stops making sense shows the state from the frames before the
bad bytes, then an error with the byte offset, and exits with status 1.
`

// cmdState is `viewer state`: the scene at one time, for scripts and for
// checking the viewer against other tools.
func cmdState() *Command {
	c := &Command{
		Name:    "state",
		Summary: "print every actor and traffic light at one time of a recording",
		Usage:   "FILE [MAP] --at SECONDS [--json]",
	}
	c.Run = func(env *Env, args []string) error {
		fs := newQueryFlags(env, c, stateHelp)
		at := fs.String("at", "", "the time in seconds since the recording began (required)")
		asJSON := fs.Bool("json", false, "print one JSON document")
		maps := mapsFlag(fs)
		pos, err := Parse(fs, args)
		if err != nil {
			return err
		}
		if err := fileCount(pos, 1); err != nil {
			return err
		}
		if *at == "" {
			return Usagef("--at SECONDS is required")
		}
		t, err := strconv.ParseFloat(*at, 64)
		if err != nil || math.IsNaN(t) || math.IsInf(t, 0) {
			return Usagef("--at %q: want a number of seconds", *at)
		}
		sc, m, err := openStateFiles(env.Stderr, pos, *maps, t)
		if err != nil {
			return err
		}
		rec, recName := sc.rec, sc.recName
		var s scene.State
		if err := rec.StateAt(t, &s); err != nil {
			return fileErr(recName, err)
		}
		if s.Time != t {
			where := "after the end"
			if t < s.Time {
				where = "before the start"
			}
			fmt.Fprintf(env.Stderr, "viewer state: %s s is %s of the recording; showing frame %d at %s s\n",
				shortNum(t), where, s.FrameID, shortNum(s.Time))
		}
		sc.judgeRoads(nil, m, &s)
		rep := newStateReport(&s)
		if m != nil {
			rep.place(&s, m)
		}
		if *asJSON {
			for _, p := range rep.Problems {
				fmt.Fprintf(env.Stderr, "viewer state: %s\n", p)
			}
			err = rep.writeJSON(env.Stdout)
		} else {
			err = rep.writeText(env.Stdout)
		}
		if err != nil {
			return err
		}
		return fileErr(recName, rec.Err())
	}
	return c
}

// openStateFiles opens state's files: one recording, or a recording and
// a map told apart by content (openScenes). A single file is read as a
// recording whatever it holds (openScene), so that a map given alone gets
// the recorder's error with the offset and a hint naming what it is.
func openStateFiles(stderr io.Writer, files []string, mapsDir string, t float64) (*shotScene, lanes.Map, error) {
	var sc *shotScene
	if len(files) == 1 {
		rec, err := openScene(files[0], t)
		if err != nil {
			return nil, nil, err
		}
		sc = &shotScene{m: &scene.Map{}, rec: rec, recName: files[0], recSrc: pipeline.Source{Name: files[0], Path: files[0]}}
	} else {
		scs, err := openScenes(files, 1, t, true)
		if err != nil {
			return nil, nil, err
		}
		sc = scs[0]
		if sc.rec == nil || sc.mapName == "" {
			sc.close()
			return nil, nil, Usagef("want a recording and a map, got %s", strings.Join(files, " and "))
		}
	}
	// The town found, or the map given checked against the town. The
	// recording reads its file at every seek; this process ends after
	// one, so the file stays open until exit.
	if err := sc.findTownMap(stderr, "viewer state", mapsDir); err != nil {
		return nil, nil, err
	}
	return sc, sc.laneMap(), nil
}

// openScene opens a recording for the state at time t: applying its
// frames only up to t (scene.OpenAt), though the whole file is read and
// checked. Errors name the file.
func openScene(path string, t float64) (*scene.Recording, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	// The Recording reads the file at every seek; this process ends after
	// one, so the file stays open until exit.
	fi, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, err
	}
	rec, err := scene.OpenAt(context.Background(), f, fi.Size(), t, nil)
	if err != nil {
		f.Close()
		var fe *recorder.FormatError
		errors.As(err, &fe)
		return nil, fmt.Errorf("%s: %w%s", path, err, mapHint(path, fe))
	}
	return rec, nil
}

// stateReport is the printed form of a State, in the file's own units.
// The JSON document has exactly the fields with a json tag.
type stateReport struct {
	Time       float64      `json:"time"`
	Frame      uint64       `json:"frame"` // as recorded
	FrameIndex int          `json:"-"`     // from 0 (text only)
	Actors     []stateActor `json:"actors"`
	Lights     []stateLight `json:"traffic_lights"`
	Problems   []string     `json:"-"` // text, or standard error
	mapped     bool         // vehicles were placed on a map
}

type stateActor struct {
	ID        uint32     `json:"id"`
	Type      uint8      `json:"type"`
	Blueprint string     `json:"blueprint"`
	Parent    uint32     `json:"parent"`
	Hero      bool       `json:"hero"`
	Location  [3]float64 `json:"location"` // cm, Unreal axes
	Rotation  [3]float64 `json:"rotation"` // roll, pitch, yaw in degrees, Unreal senses
	Speed     float64    `json:"speed"`    // m/s
	// With a map, for vehicles: the lane, or the intersection, or
	// neither (off the map; placed says it was looked at).
	Lane         *stateLane `json:"lane,omitempty"`
	Intersection *int       `json:"intersection,omitempty"`
	placed       bool
}

type stateLane struct {
	Road         int      `json:"road"`
	Side         string   `json:"side"`
	Lane         int      `json:"lane"`
	Offset       float64  `json:"offset"`        // m, + left of the lane's direction of travel
	HeadingError *float64 `json:"heading_error"` // deg; null while standing
}

type stateLight struct {
	ID    uint32 `json:"id"`
	State string `json:"state"`
}

func newStateReport(s *scene.State) *stateReport {
	rep := &stateReport{Time: s.Time, Frame: s.FrameID, FrameIndex: s.Frame, Problems: s.Problems,
		Actors: make([]stateActor, 0, len(s.Actors)), Lights: []stateLight{}}
	for i := range s.Actors {
		a := &s.Actors[i]
		loc := scene.ToUnreal(a.World.Location)
		rot := scene.ToUnrealRotation(a.World.Rotation)
		rep.Actors = append(rep.Actors, stateActor{
			ID: a.ID, Type: uint8(a.Type), Blueprint: a.Blueprint, Parent: a.Parent, Hero: a.Hero,
			Location: [3]float64{fleet.Round(loc.X, 3), fleet.Round(loc.Y, 3), fleet.Round(loc.Z, 3)},
			Rotation: [3]float64{fleet.Round(rot.X, 4), fleet.Round(rot.Y, 4), fleet.Round(rot.Z, 4)},
			Speed:    fleet.Round(a.Speed, 3),
		})
		if a.TrafficLight != nil {
			rep.Lights = append(rep.Lights, stateLight{ID: a.ID, State: a.TrafficLight.State.String()})
		}
	}
	return rep
}

// place puts the report's vehicles on the map, as `viewer check` does.
func (rep *stateReport) place(s *scene.State, m lanes.Map) {
	rep.mapped = true
	for i := range s.Actors {
		a := &s.Actors[i]
		if !a.Kind.IsVehicle() {
			continue
		}
		ra := &rep.Actors[i]
		ra.placed = true
		smp := lanes.Locate(m, a.World.Location, a.Velocity, a.World.Rotation.Yaw)
		switch {
		case smp.Place == lanes.InIntersection:
			id := m.IntersectionID(smp.Intersection)
			ra.Intersection = &id
		case smp.Place == lanes.OnRoad && smp.HasLane:
			ra.Lane = &stateLane{Road: m.RoadID(smp.Road), Side: smp.Lane.Side.String(), Lane: int(smp.Lane.Lane),
				Offset: fleet.Round(smp.Offset, 3)}
			if !math.IsNaN(smp.HeadingError) {
				h := fleet.Round(smp.HeadingError, 2)
				ra.Lane.HeadingError = &h
			}
		}
	}
}

// writeJSON writes one document, one actor or light a line so that it
// stays readable and diffs well.
func (rep *stateReport) writeJSON(w io.Writer) error {
	bw := &errWriter{w: w}
	bw.printf("{\n  \"time\": %s,\n  \"frame\": %d,\n", jsonNum(rep.Time), rep.Frame)
	writeList(bw, "actors", rep.Actors, ",")
	writeList(bw, "traffic_lights", rep.Lights, "")
	bw.printf("}\n")
	return bw.err
}

// writeList writes "name": [ ... ] with one compact element a line.
func writeList[T any](bw *errWriter, name string, items []T, end string) {
	bw.printf("  %q: [", name)
	for i, it := range items {
		b, err := json.Marshal(it)
		if err != nil && bw.err == nil {
			bw.err = err
		}
		sep := ","
		if i == len(items)-1 {
			sep = ""
		}
		bw.printf("\n    %s%s", b, sep)
	}
	if len(items) > 0 {
		bw.printf("\n  ")
	}
	bw.printf("]%s\n", end)
}

func jsonNum(x float64) string {
	b, _ := json.Marshal(x)
	return string(b)
}

// shortNum prints a time as C's %g does, with six significant digits: a
// clamped time is the last frame's, which a recording stores with about
// seventeen (15.880943656899035).
func shortNum(x float64) string { return strconv.FormatFloat(x, 'g', 6, 64) }

func (rep *stateReport) writeText(w io.Writer) error {
	bw := &errWriter{w: w}
	bw.printf("Time %s s: frame %d (index %d)\n", shortNum(rep.Time), rep.Frame, rep.FrameIndex)
	bw.printf("Locations in cm and rotations (roll, pitch, yaw) in degrees, as the file stores them; speed in m/s.\n\n")
	bw.printf("Actors: %d\n", len(rep.Actors))
	lane := ""
	if rep.mapped {
		lane = "  Lane"
	}
	bw.printf("%8s %4s %-36s %8s %4s %12s %12s %10s %9s %9s %9s %8s%s\n",
		"Id", "Type", "Blueprint", "Parent", "Hero", "X", "Y", "Z", "Roll", "Pitch", "Yaw", "Speed", lane)
	for _, a := range rep.Actors {
		hero := ""
		if a.Hero {
			hero = "hero"
		}
		bw.printf("%8d %4d %-36s %8d %4s %12.3f %12.3f %10.3f %9.4f %9.4f %9.4f %8.3f%s\n",
			a.ID, a.Type, a.Blueprint, a.Parent, hero,
			a.Location[0], a.Location[1], a.Location[2], a.Rotation[0], a.Rotation[1], a.Rotation[2], a.Speed, a.laneText())
	}
	bw.printf("\nTraffic lights: %d\n", len(rep.Lights))
	for _, l := range rep.Lights {
		bw.printf("%8d %s\n", l.ID, l.State)
	}
	if len(rep.Problems) > 0 {
		bw.printf("\nProblems: %d\n", len(rep.Problems))
		for _, p := range rep.Problems {
			bw.printf("  %s\n", p)
		}
	}
	return bw.err
}

// laneText is the text column of a placed vehicle.
func (a *stateActor) laneText() string {
	switch {
	case !a.placed:
		return ""
	case a.Intersection != nil:
		return fmt.Sprintf("  intersection %d", *a.Intersection)
	case a.Lane != nil:
		h := "standing"
		if a.Lane.HeadingError != nil {
			h = fmt.Sprintf("heading error %.1f deg", *a.Lane.HeadingError)
		}
		return fmt.Sprintf("  road %d side %s lane %d, offset %+.2f m, %s", a.Lane.Road, a.Lane.Side, a.Lane.Lane, a.Lane.Offset, h)
	}
	return "  off the map"
}

// errWriter keeps the first write error so printing code stays linear.
type errWriter struct {
	w   io.Writer
	err error
}

func (e *errWriter) printf(format string, a ...any) {
	if e.err == nil {
		_, e.err = fmt.Fprintf(e.w, format, a...)
	}
}
