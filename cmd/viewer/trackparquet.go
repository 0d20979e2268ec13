package main

import (
	"context"
	"fmt"

	"github.com/mm2carla/viewer/analysis/fleet"
)

// runTrackParquet is `viewer track --parquet FILE`: the samples of the
// actors (default: the hero) of every recording given, one after the
// other, each closed before the next, into one Parquet file.
func runTrackParquet(env *Env, pos []string, actors, mapsDir, out string) error {
	if actors == "" {
		actors = "hero"
	}
	filter, err := parseActors(actors)
	if err != nil {
		return err
	}
	in, err := fleet.Walk(pos)
	if err != nil {
		return Usagef("%v", err)
	}
	if len(in.Items) == 0 {
		return Usagef("no recording among %v", pos)
	}
	w, err := fleet.NewSamples(out)
	if err != nil {
		return err
	}
	failed := 0
	for _, it := range in.Items {
		err := it.Err
		if err == nil {
			err = trackOne(env, it.Path, in.Map, filter, mapsDir, w)
		}
		if err != nil {
			fmt.Fprintf(env.Stderr, "viewer track: %v\n", err)
			failed++
		}
	}
	if err := w.Close(); err != nil {
		return err
	}
	if failed > 0 {
		return &ExitStatus{Code: 1}
	}
	return nil
}

// trackOne writes the samples of one recording; its rows are written
// even when it is cut (those of its whole frames), and the cut is the
// error.
func trackOne(env *Env, path, mapPath string, filter *actorFilter, mapsDir string, w *fleet.Samples) error {
	files := []string{path}
	if mapPath != "" {
		files = append(files, mapPath)
	}
	sc, err := loadRecordingScene(files)
	if err != nil {
		return err
	}
	defer sc.close()
	if mapPath == "" { // as the fleet check finds it, the demo's city.bai too
		m, name, err := fleet.FindMap(context.Background(), sc.recSrc, sc.rec, mapsDir)
		if err != nil {
			return err
		}
		if m != nil {
			sc.m, sc.roads, sc.mapName = m.Map, m.Roads, name
		}
	}
	rows, err := trackRows(env, sc, filter, mapsDir)
	if err != nil {
		return err
	}
	out := make([]fleet.SampleRow, len(rows))
	for i, r := range rows {
		out[i] = fleet.SampleRow{Recording: path, Actor: int64(r.Actor), Time: r.Time, Frame: int64(r.Frame),
			X: r.Location[0], Y: r.Location[1], Z: r.Location[2], Yaw: r.Yaw, Speed: r.Speed, Place: r.Place,
			Road: ptr64(r.Road), Side: r.Side, Lane: ptr64(r.Lane), Offset: r.Offset, HeadingError: r.HeadingError,
			Along: r.Along, Intersection: ptr64(r.Intersection)}
	}
	if err := w.Write(out); err != nil {
		return err
	}
	if err := sc.rec.Err(); err != nil {
		return fileErr(path, err)
	}
	return nil
}

func ptr64(p *int) *int64 {
	if p == nil {
		return nil
	}
	v := int64(*p)
	return &v
}
