package main

import (
	"context"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"strconv"

	"github.com/mm2carla/viewer/analysis/fleet"
	"github.com/mm2carla/viewer/analysis/lanes"
	"github.com/mm2carla/viewer/analysis/pipeline"
	"github.com/mm2carla/viewer/scene"
)

const trackHelp = `
Prints one vehicle's samples frame by frame, as the window's plots and
'viewer check' see them: where it was, how fast it went and, with a map,
where it was on the map. --actor names it by id or as hero (the vehicle
whose role_name is hero); several, comma-separated, give one row a
vehicle a frame. The recording and the map are told apart by content,
in any order; given no map, the town the recording names (TOWN.xodr) is
looked for beside it and in --maps DIR.

The output is CSV, one row a sample after a header row, for a
spreadsheet or pandas:

  actor,time,frame,x,y,z,yaw,speed,place,road,side,lane,offset,
  heading_error,along,intersection

with time in seconds since the recording began, frame the frame's number
as recorded, the location in the file's centimetres and Unreal axes and
the yaw in its degrees (as 'viewer state' prints them), the speed in m/s
from the positions over time; place is road, intersection, off (the
map) or none (no map); on a road, the map file's road and lane numbers,
side A or B, the offset from the lane's curve in metres (+ to the left
of its direction of travel), the heading error in degrees (empty while
standing) and the distance along the road from its start in metres; in
an intersection, its number. --json gives one document instead:

  {"recording":"..","map":"..","samples":[{"actor":..,"time":..,...}]}

with null for what does not apply. --parquet FILE writes the samples of
every recording given (files and folders, searched recursively; each
with its own map as 'viewer check' finds it for a fleet) into one
Parquet file, a row a sample with the CSV's columns after a recording
column; --actor then defaults to hero. A recording that cannot be read
whole, or has no such actor, is named on standard error (exit status 1)
and the others go on. Walkers and props have no samples:
an --actor that is not a vehicle, or not in the recording, is an error.
`

// cmdTrack is `viewer track`: one vehicle's samples, for analysis
// elsewhere (the plots under the window's inspector, as numbers).
func cmdTrack() *Command {
	c := &Command{
		Name:    "track",
		Summary: "print a vehicle's position, speed and lane frame by frame, as CSV or JSON",
		Usage:   "FILE [MAP] --actor ID|hero [--json] | FILES|FOLDERS... [MAP] [--actor IDS|hero] --parquet FILE",
	}
	c.Run = func(env *Env, args []string) error {
		fs := newQueryFlags(env, c, trackHelp)
		actors := fs.String("actor", "", "the vehicles: ids, or hero, comma-separated (required)")
		asJSON := fs.Bool("json", false, "print one JSON document")
		maps := mapsFlag(fs)
		pq := fs.String("parquet", "", "write the samples of every recording and folder given into this Parquet file (--actor defaults to hero)")
		pos, err := Parse(fs, args)
		if err != nil {
			return err
		}
		if *pq != "" {
			return runTrackParquet(env, pos, *actors, *maps, *pq)
		}
		if err := fileCount(pos, 1); err != nil {
			return err
		}
		filter, err := parseActors(*actors)
		if err != nil {
			return err
		}
		if filter == nil {
			return Usagef("--actor ID|hero is required")
		}
		return runTrack(env, pos, filter, *asJSON, *maps)
	}
	return c
}

func runTrack(env *Env, files []string, filter *actorFilter, asJSON bool, mapsDir string) error {
	sc, err := loadRecordingScene(files)
	if err != nil {
		return err
	}
	defer sc.close()
	rows, err := trackRows(env, sc, filter, mapsDir)
	if err != nil {
		return err
	}
	if asJSON {
		err = writeTrackJSON(env.Stdout, sc, rows)
	} else {
		err = writeTrackCSV(env.Stdout, rows)
	}
	if err != nil {
		return err
	}
	if err := sc.rec.Err(); err != nil {
		return fileErr(sc.recName, err)
	}
	return nil
}

// trackRow is one sample as printed: the file's units and axes, the map
// file's numbers. The JSON object has exactly the fields with a tag.
// trackRows are the samples of the actors filter names in sc's
// recording, on its map (found as for any command when none was given).
func trackRows(env *Env, sc *shotScene, filter *actorFilter, mapsDir string) ([]trackRow, error) {
	ids, err := filter.resolve(sc.rec, sc.recName)
	if err != nil {
		return nil, err
	}
	if err := sc.findTownMap(env.Stderr, "viewer track", mapsDir); err != nil {
		return nil, err
	}
	m := sc.laneMap()
	a, err := pipeline.Associate(context.Background(), sc.rec, m, ids, nil)
	if err != nil {
		return nil, fileErr(sc.recName, err)
	}
	sc.judgeRoads(a, nil, nil)
	var rows []trackRow
	for _, id := range ids {
		ts := a.TracksOf(id)
		if len(ts) == 0 {
			return nil, fmt.Errorf("%s: actor %d is not a vehicle: only vehicles have samples", sc.recName, id)
		}
		for _, t := range ts {
			rows = appendTrackRows(rows, sc.rec, m, &a.Tracks[t])
		}
	}
	return rows, nil
}

type trackRow struct {
	Actor        uint32     `json:"actor"`
	Time         float64    `json:"time"`
	Frame        uint64     `json:"frame"`    // as recorded
	Location     [3]float64 `json:"location"` // cm, Unreal axes
	Yaw          float64    `json:"yaw"`      // deg, Unreal sense
	Speed        float64    `json:"speed"`    // m/s
	Place        string     `json:"place"`    // road, intersection, off, none
	Road         *int       `json:"road"`
	Side         *string    `json:"side"`
	Lane         *int       `json:"lane"`
	Offset       *float64   `json:"offset"`        // m
	HeadingError *float64   `json:"heading_error"` // deg; null while standing
	Along        *float64   `json:"along"`         // m
	Intersection *int       `json:"intersection"`
}

// appendTrackRows appends a row for every sample of tr.
func appendTrackRows(rows []trackRow, rec *scene.Recording, m lanes.Map, tr *lanes.Track) []trackRow {
	frames := rec.Frames()
	var s lanes.Sample
	for i := range tr.Len() {
		tr.Read(i, &s)
		loc := scene.ToUnreal(s.Pos)
		r := trackRow{Actor: tr.ID, Time: fleet.Round(s.Time, 4), Frame: frames[tr.First+i].Frame,
			Location: [3]float64{fleet.Round(loc.X, 1), fleet.Round(loc.Y, 1), fleet.Round(loc.Z, 1)},
			Yaw:      fleet.Round(scene.ToUnrealRotation(scene.Rotation{Yaw: s.Yaw}).Z, 2),
			Speed:    fleet.Round(s.Speed, 3), Place: placeName(s.Place)}
		switch s.Place {
		case lanes.OnRoad:
			road, along := m.RoadID(s.Road), fleet.Round(s.Along, 2)
			r.Road, r.Along = &road, &along
			if s.HasLane {
				side, lane, off := s.Lane.Side.String(), int(s.Lane.Lane), fleet.Round(s.Offset, 3)
				r.Side, r.Lane, r.Offset = &side, &lane, &off
				if !math.IsNaN(s.HeadingError) {
					h := fleet.Round(s.HeadingError, 2)
					r.HeadingError = &h
				}
			}
		case lanes.InIntersection:
			id := m.IntersectionID(s.Intersection)
			r.Intersection = &id
		}
		rows = append(rows, r)
	}
	return rows
}

// placeName is a sample's place as the output says it.
func placeName(p lanes.Place) string {
	switch p {
	case lanes.OnRoad:
		return "road"
	case lanes.InIntersection:
		return "intersection"
	case lanes.NoMap:
		return "none"
	}
	return "off"
}

var trackHeader = []string{"actor", "time", "frame", "x", "y", "z", "yaw", "speed", "place", "road", "side", "lane",
	"offset", "heading_error", "along", "intersection"}

func writeTrackCSV(w io.Writer, rows []trackRow) error {
	cw := csv.NewWriter(w)
	if err := cw.Write(trackHeader); err != nil {
		return err
	}
	num := func(x float64) string { return strconv.FormatFloat(x, 'f', -1, 64) }
	same := func(s string) string { return s }
	rec := make([]string, len(trackHeader))
	for _, r := range rows {
		rec = append(rec[:0], strconv.FormatUint(uint64(r.Actor), 10), num(r.Time), strconv.FormatUint(r.Frame, 10),
			num(r.Location[0]), num(r.Location[1]), num(r.Location[2]), num(r.Yaw), num(r.Speed), r.Place,
			orEmpty(r.Road, strconv.Itoa), orEmpty(r.Side, same), orEmpty(r.Lane, strconv.Itoa), orEmpty(r.Offset, num),
			orEmpty(r.HeadingError, num), orEmpty(r.Along, num), orEmpty(r.Intersection, strconv.Itoa))
		if err := cw.Write(rec); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}

// orEmpty is the text of *p, "" for an empty CSV field when p is nil.
func orEmpty[T any](p *T, text func(T) string) string {
	if p == nil {
		return ""
	}
	return text(*p)
}

func writeTrackJSON(w io.Writer, sc *shotScene, rows []trackRow) error {
	bw := &errWriter{w: w}
	var mapName *string // null without a map
	if sc.mapName != "" {
		mapName = &sc.mapName
	}
	name, _ := json.Marshal(sc.recName)
	mp, _ := json.Marshal(mapName)
	bw.printf("{\n  \"recording\": %s,\n  \"map\": %s,\n", name, mp)
	writeList(bw, "samples", rows, "")
	bw.printf("}\n")
	return bw.err
}
