package fleet

import (
	"fmt"
	"os"

	"github.com/parquet-go/parquet-go"
)

// SampleRow is a row of `viewer track --parquet`: one vehicle at one
// frame of one recording, with the columns of track's CSV.
type SampleRow struct {
	Recording    string   `parquet:"recording"`
	Actor        int64    `parquet:"actor"`
	Time         float64  `parquet:"time"`
	Frame        int64    `parquet:"frame"`
	X            float64  `parquet:"x"`
	Y            float64  `parquet:"y"`
	Z            float64  `parquet:"z"`
	Yaw          float64  `parquet:"yaw"`
	Speed        float64  `parquet:"speed"`
	Place        string   `parquet:"place"`
	Road         *int64   `parquet:"road,optional"`
	Side         *string  `parquet:"side,optional"`
	Lane         *int64   `parquet:"lane,optional"`
	Offset       *float64 `parquet:"offset,optional"`
	HeadingError *float64 `parquet:"heading_error,optional"`
	Along        *float64 `parquet:"along,optional"`
	Intersection *int64   `parquet:"intersection,optional"`
}

// Samples writes SampleRows into a Parquet file, a row group at a time.
type Samples struct {
	f *os.File
	w *parquet.GenericWriter[SampleRow]
}

// NewSamples creates the file at path.
func NewSamples(path string) (*Samples, error) {
	f, err := os.Create(path)
	if err != nil {
		return nil, err
	}
	return &Samples{f: f, w: parquet.NewGenericWriter[SampleRow](f, parquet.MaxRowsPerRowGroup(64<<10))}, nil
}

// Write adds rows.
func (s *Samples) Write(rows []SampleRow) error {
	if _, err := s.w.Write(rows); err != nil {
		return fmt.Errorf("%s: %w", s.f.Name(), err)
	}
	return nil
}

// Close writes the footer and closes the file.
func (s *Samples) Close() error {
	err := s.w.Close()
	if e := s.f.Close(); err == nil {
		err = e
	}
	return err
}
