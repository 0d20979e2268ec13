package fleet

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/parquet-go/parquet-go"

	"github.com/mm2carla/viewer/analysis/faults"
)

// RunRow is a row of runs.parquet: one recording.
type RunRow struct {
	Recording string  `parquet:"recording"`
	Town      *string `parquet:"town,optional"`
	Map       *string `parquet:"map,optional"`
	Duration  float64 `parquet:"duration"`
	Vehicles  int64   `parquet:"vehicles"`
	LaneRules bool    `parquet:"lane_rules"`
	Faults    int64   `parquet:"faults"`
	OffLane   int64   `parquet:"off_lane"`
	WrongWay  int64   `parquet:"wrong_way"`
	RedLight  int64   `parquet:"red_light"`
	StopSign  int64   `parquet:"stop_sign"`
	CloseCall int64   `parquet:"close_call"`
	Collision int64   `parquet:"collision"`
	Blocked   int64   `parquet:"blocked"`
	Error     *string `parquet:"error,optional"`
	// The leaderboard's prediction for the run's hero (null: no hero):
	// its edition and scores, in the leaderboard's words (score_route
	// and score_composed with a route only).
	Leaderboard   *string  `parquet:"leaderboard,optional"`
	ScorePenalty  *float64 `parquet:"score_penalty,optional"`
	ScoreRoute    *float64 `parquet:"score_route,optional"`
	ScoreComposed *float64 `parquet:"score_composed,optional"`
}

// FaultRow is a row of faults.parquet: one fault of one recording.
type FaultRow struct {
	Recording      string  `parquet:"recording"`
	Town           *string `parquet:"town,optional"`
	Kind           string  `parquet:"kind"`
	Actor          int64   `parquet:"actor"`
	Blueprint      string  `parquet:"blueprint"`
	Hero           bool    `parquet:"hero"`
	Other          *int64  `parquet:"other,optional"`
	OtherBlueprint *string `parquet:"other_blueprint,optional"`
	Start          float64 `parquet:"start"`
	End            float64 `parquet:"end"`
	Road           *int64  `parquet:"road,optional"`
	Side           *string `parquet:"side,optional"`
	Lane           *int64  `parquet:"lane,optional"`
	Intersection   *int64  `parquet:"intersection,optional"`
	Worst          float64 `parquet:"worst"`
	X              float64 `parquet:"x"`
	Y              float64 `parquet:"y"`
	Z              float64 `parquet:"z"`
}

// RowOf is a run's row of runs.parquet.
func RowOf(r *Run) RunRow {
	c := func(k faults.Kind) int64 { return int64(r.Count(k)) }
	row := RunRow{Recording: r.Recording, Town: opt(r.Town), Map: opt(r.Map), Duration: Round(r.Duration, 3),
		Vehicles: int64(r.Vehicles), LaneRules: r.LaneRules, Faults: int64(len(r.Faults)),
		OffLane: c(faults.OffLane), WrongWay: c(faults.WrongWay), RedLight: c(faults.RedLight), StopSign: c(faults.StopSign),
		CloseCall: c(faults.CloseCall), Collision: c(faults.Collision), Blocked: c(faults.Blocked)}
	if r.Err != nil {
		s := r.Err.Error()
		row.Error = &s
	}
	if lr := r.Leaderboard; lr != nil {
		row.Leaderboard = opt(lr.Version.String())
		row.ScorePenalty = optFloat(Round(lr.Penalty, 6))
		if rt := lr.Route; rt != nil {
			row.ScoreRoute, row.ScoreComposed = optFloat(Round(rt.Completion, 6)), optFloat(Round(rt.Score.Composed, 6))
		}
	}
	return row
}

// FaultRows are a run's rows of faults.parquet.
func FaultRows(r *Run) []FaultRow {
	rows := make([]FaultRow, len(r.Faults))
	for i, f := range r.Faults {
		rows[i] = FaultRow{Recording: r.Recording, Town: opt(r.Town), Kind: f.Kind, Actor: int64(f.Actor),
			Blueprint: f.Blueprint, Hero: f.Hero, Other: opt64(f.Other), OtherBlueprint: f.OtherBlueprint,
			Start: f.Start, End: f.End, Road: optInt(f.Road), Side: f.Side, Lane: optInt(f.Lane),
			Intersection: optInt(f.Intersection), Worst: f.Worst, X: f.X, Y: f.Y, Z: f.Z}
	}
	return rows
}

func opt(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

func optFloat(v float64) *float64 { return &v }

func opt64(v *uint32) *int64 {
	if v == nil {
		return nil
	}
	x := int64(*v)
	return &x
}

func optInt(v *int) *int64 {
	if v == nil {
		return nil
	}
	x := int64(*v)
	return &x
}

// Parquet writes a fleet check as a Parquet dataset in a folder:
// runs.parquet and faults.parquet, a row group every few thousand rows,
// so that a fleet of any size is written in bounded memory.
type Parquet struct {
	files  []*os.File
	runs   *parquet.GenericWriter[RunRow]
	faults *parquet.GenericWriter[FaultRow]
}

// Files of the dataset.
const (
	RunsFile   = "runs.parquet"
	FaultsFile = "faults.parquet"
)

// rowGroup bounds the rows buffered before a row group is written.
const rowGroup = 8192

// NewParquet creates dir (if needed) and the dataset's two files in it.
func NewParquet(dir string) (*Parquet, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	p := &Parquet{}
	for _, name := range []string{RunsFile, FaultsFile} {
		f, err := os.Create(filepath.Join(dir, name))
		if err != nil {
			p.closeFiles()
			return nil, err
		}
		p.files = append(p.files, f)
	}
	p.runs = parquet.NewGenericWriter[RunRow](p.files[0], parquet.MaxRowsPerRowGroup(rowGroup))
	p.faults = parquet.NewGenericWriter[FaultRow](p.files[1], parquet.MaxRowsPerRowGroup(rowGroup))
	return p, nil
}

// Write adds a run and its faults.
func (p *Parquet) Write(r *Run) error {
	if _, err := p.runs.Write([]RunRow{RowOf(r)}); err != nil {
		return fmt.Errorf("%s: %w", p.files[0].Name(), err)
	}
	if _, err := p.faults.Write(FaultRows(r)); err != nil {
		return fmt.Errorf("%s: %w", p.files[1].Name(), err)
	}
	return nil
}

// Close finishes both files (their footers) and closes them.
func (p *Parquet) Close() error {
	err := p.runs.Close()
	if e := p.faults.Close(); err == nil {
		err = e
	}
	if e := p.closeFiles(); err == nil {
		err = e
	}
	return err
}

func (p *Parquet) closeFiles() error {
	var err error
	for _, f := range p.files {
		if e := f.Close(); err == nil {
			err = e
		}
	}
	return err
}
